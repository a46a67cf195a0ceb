// The one placement rule: where a path a server chose (pull's `filename`, download's
// Content-Disposition name) may be written, and why not when it may not. wli runs unattended in CI jobs
// that hold a repository with write access: a file under `.git/` is code the next `git status` runs
// (core.fsmonitor, hooks), and one under `.github/workflows/` is code the next push runs.
//
// pull writes a translation's `filename` under DIR only when
// - it stays inside DIR: no absolute path, no `..`, no symbolic link (in DIR: the checkout's) that leads out;
// - no segment is a version-control folder in any spelling git, Mercurial or Subversion would honour:
//   `.git`, `.hg`, `.svn`, `.bzr`, `CVS`, `_darcs`, in any case, with trailing dots or spaces or an
//   NTFS stream (`.git::$INDEX_ALLOCATION`), the 8.3 short name (`GIT~1`), or with the code points
//   HFS+ ignores in a name (git's verify_path, is_ntfs_dotgit, is_hfs_dotgit; Mercurial's
//   hfsignoreclean): never, whatever the options;
// - no segment is hidden (starts with `.`), unless the user allowed it (pull --allow-hidden);
// - it is the translation's own file by Weblate's rule (weblate/filemask.ts): its component's filemask
//   with the `*` replaced by its language code, never a mask whose file name is a bare `*`; the
//   component's template, intermediate or new_base only for the source translation. The component's
//   layout is the one the repository pins (files/layout.ts), so a later server cannot move it;
// - it is not wli's record of that layout (files/layout.ts, LAYOUT_FILE), which no server names;
// - it holds no character a terminal, an editor or a file list would not show as itself (controls, the
//   null character, bidirectional and invisible formatting: core/text.ts UNSHOWN, the set every writer
//   escapes on a terminal), which would make later `ls`,
//   `git status` or a review show another name than the file's, or draw on the terminal.
// download reduces a Content-Disposition name to a safe base name (safeBaseName); the save path decides
// whether it may replace a file already there (files/save.ts).
//
// judgeName is the rule on plain values; place adds what only the disk can tell (links). What is
// checked is what exists now; what does not exist yet is made below a directory that was checked.
import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { UNSHOWN, firstUnshown } from '../core/text.js';
import { notItsFile, type ComponentFiles, type NotItsFile, type TranslationOf } from '../weblate/filemask.js';
import { LAYOUT_FILE } from '../core/xdg.js';

export type Refusal =
  | { why: 'absolute' }
  | { why: 'parent' }
  | { why: 'empty' }
  /** A segment of dots and spaces only (`...`): Windows reads it as the directory itself. */
  | { why: 'dots'; segment: string }
  /** The name holds `char`, a control or a bidirectional or invisible formatting character (UNSHOWN). */
  | { why: 'unshown'; char: string }
  /** `segment` is (or a file system reads it as) a version-control folder; `link`: reached through that symbolic link in the root (relative to it). */
  | { why: 'vcs'; segment: string; link?: string }
  /** `segment` is hidden, and hidden folders and files were not allowed; `link` as for 'vcs'. */
  | { why: 'hidden'; segment: string; link?: string }
  /** Not the translation's own file by Weblate's rule (`files` as the server sent them; none when it sent no component). */
  | { why: 'mask'; files?: ComponentFiles; not: NotItsFile }
  /** The name is wli's record of the layout (files/layout.ts) in DIR; `link` as for 'vcs'. */
  | { why: 'record'; link?: string }
  /** `link` (relative to the root) resolves to `to`, outside the root; `to` is undefined when it points nowhere. */
  | { why: 'link'; link: string; to?: string };

/** What a placement is judged by, besides the name. */
export interface PlacementRule {
  /** The file fields of the translation's component; undefined when the server sent no component. */
  component: ComponentFiles | undefined;
  /** The translation: its file's language code, and whether it is the source. */
  translation: TranslationOf;
  /** Hidden segments allowed (pull --allow-hidden); version-control folders never are. */
  allowHidden: boolean;
}

/** Code points HFS+ leaves out of a name when it compares names (git's next_hfs_char, Mercurial's hfsignoreclean). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu;

/** The folders version-control systems keep their own files (and, for git, hooks and configuration) in. */
const VCS_FOLDERS = new Set(['.git', '.hg', '.svn', '.bzr', 'cvs', '_darcs']);

/** 8.3 short names of the dotted ones (the dot dropped: `.git` is also `GIT~1` on NTFS). */
const SHORT_NAME = /^(?:git|hg|svn|bzr)~\d+$/;

/** A segment as HFS+ compares it: without the code points it ignores. */
const hfsClean = (segment: string): string => segment.replace(HFS_IGNORED, '');

/**
 * A segment as some file system reads it: as HFS+ does (ignored code points gone), as NTFS does (a
 * stream after `:` names the file itself; trailing dots and spaces are dropped), in any case and
 * compatibility form.
 */
function asFileSystemsRead(segment: string): string {
  let s = hfsClean(segment);
  const stream = s.indexOf(':');
  if (stream >= 0) s = s.slice(0, stream);
  return s
    .replace(/[. ]+$/, '')
    .normalize('NFKC')
    .toLowerCase();
}

/** Whether a segment is a version-control folder to some file system (asFileSystemsRead; 8.3 short names too). */
export function isVcsFolder(segment: string): boolean {
  const s = asFileSystemsRead(segment);
  return VCS_FOLDERS.has(s) || SHORT_NAME.test(s);
}

/** Whether a segment is, to some file system, the name of wli's record of the layout (files/layout.ts). */
export function isLayoutRecord(segment: string): boolean {
  return asFileSystemsRead(segment) === LAYOUT_FILE;
}

/** Whether a segment is hidden to ls, a file manager or git's own tooling: it starts with `.` (as HFS+ reads it). */
export function isHidden(segment: string): boolean {
  return hfsClean(segment).startsWith('.');
}

/** The segments of a name a server sent, `/` and `\` both separators, `.` and empty ones left out. */
function segmentsOf(name: string): string[] {
  return name.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
}

/** The rule on plain values: the segments of the path to write under DIR, or why it is refused. */
export function judgeName(name: string, rule: PlacementRule): { segments: string[] } | { refused: Refusal } {
  if (isAbsolute(name) || /^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) return { refused: { why: 'absolute' } };
  const segments = segmentsOf(name);
  if (segments.includes('..')) return { refused: { why: 'parent' } };
  if (segments.length === 0) return { refused: { why: 'empty' } };
  const dots = segments.find((s) => /^[. ]+$/.test(s));
  if (dots !== undefined) return { refused: { why: 'dots', segment: dots } };
  const vcs = segments.find(isVcsFolder);
  if (vcs !== undefined) return { refused: { why: 'vcs', segment: vcs } };
  const hidden = rule.allowHidden ? undefined : segments.find(isHidden);
  if (hidden !== undefined) return { refused: { why: 'hidden', segment: hidden } };
  const unshown = firstUnshown(name);
  if (unshown !== undefined) return { refused: { why: 'unshown', char: unshown } };
  if (segments.length === 1 && segments.every(isLayoutRecord)) return { refused: { why: 'record' } };
  const not = rule.component ? notItsFile(rule.component, name, rule.translation) : { why: 'no-mask' as const };
  if (not) return { refused: { why: 'mask', files: rule.component, not } };
  return { segments };
}

/** The real path of `path`, or of its deepest existing ancestor joined with the rest. */
export function realpathLoose(path: string): string {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      const up = dirname(at);
      if (up === at) return path;
      rest.push(at.slice(up.length).replace(/^[/\\]+/, ''));
      at = up;
    }
  }
}

const within = (root: string, p: string): boolean => {
  const r = relative(root, p);
  return r !== '' && !r.startsWith(`..${sep}`) && r !== '..' && !isAbsolute(r);
};

/**
 * Where `name` goes under `root` (a real path: realpathLoose of DIR), by the rule, resolving the
 * symbolic links that exist: the path to write, or why it is refused.
 */
export function place(root: string, name: string, rule: PlacementRule): { path: string } | { refused: Refusal } {
  const judged = judgeName(name, rule);
  if ('refused' in judged) return judged;
  const parts = judged.segments;
  let at = root;
  // The last symbolic link followed, relative to the root: where a refusal of the place says it led.
  let via: string | undefined;
  // Wherever the links lead, the place is never the record of the layout (a file link to it, a folder link to DIR itself).
  const placed = (path: string): { path: string } | { refused: Refusal } =>
    dirname(path) === root && isLayoutRecord(basename(path)) ? { refused: { why: 'record', link: via } } : { path };
  for (const [i, part] of parts.entries()) {
    const next = join(at, part);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Missing from here on: what is left is made below a checked directory.
      return placed(join(next, ...parts.slice(i + 1)));
    }
    if (!isLink) {
      at = next;
      continue;
    }
    const link = relative(root, next);
    via = link;
    let to: string;
    try {
      to = realpathSync(next);
    } catch {
      return { refused: { why: 'link', link } };
    }
    // A directory on the way may be the root itself (a link to `.`); the file must be below it.
    const last = i === parts.length - 1;
    if (!within(root, to) && (last || to !== root)) return { refused: { why: 'link', link, to } };
    // A link inside DIR into a version-control folder of DIR (`po -> .git/hooks`), or into a hidden
    // one (`values-cs -> .github/workflows`, a file link to `.envrc`), is the checkout's own, but the
    // server would still be writing there: refused as the name would be.
    const inside = relative(root, to).split(sep);
    const vcs = inside.find(isVcsFolder);
    if (vcs !== undefined) return { refused: { why: 'vcs', segment: vcs, link } };
    const hidden = rule.allowHidden ? undefined : inside.find(isHidden);
    if (hidden !== undefined) return { refused: { why: 'hidden', segment: hidden, link } };
    at = to;
  }
  return placed(at);
}

/**
 * A name the server suggests for a download (Content-Disposition) reduced to a safe base name: no
 * directories, no `..`, no control or bidirectional characters, not hidden, not a version-control
 * folder's name; undefined when nothing usable is left.
 */
export function safeBaseName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = last.replace(UNSHOWN, '').trim();
  if (clean === '' || /^[. ]+$/.test(clean) || isHidden(clean) || isVcsFolder(clean) || clean.length > 200) return undefined;
  return clean;
}
