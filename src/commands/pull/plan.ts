// What pull does with each translation, decided before any file is asked for: skipped (the source,
// no filename, --lang, --min-percent, each with its reason), refused (its component's layout is not
// the one DIR records: files/layout.ts; a filename the placement rule refuses: files/placement.ts),
// colliding (two translations, one file: neither written), or fetched into its place.
import { UsageError, EXIT } from '../../core/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { numberOf, plainText } from '../../core/values.js';
import { closest } from '../../core/closest.js';
import { place, type Refusal } from '../../files/placement.js';
import { LAYOUT_FILE, layoutChanges, layoutOf, type Layout, type Layouts } from '../../files/layout.js';
import { join } from 'node:path';
import { isSource, type Listed } from './translations.js';
import type { ComponentFiles, NotItsFile } from '../../weblate/filemask.js';
import { languageKey, sameLanguage } from '../../weblate/language-codes.js';

/** A translation and what becomes of it. */
export interface Entry {
  listed: Listed;
  /** Where the file goes, as the user names it (DIR/filename); the name as sent when refused; null without one. */
  path: string | null;
  /** The file to write (real path: links inside DIR resolved), when it is to be fetched. */
  dest?: string;
  /** Decided now, without a request (with --check, a component whose layout changed: `differs`). */
  decided?: { status: 'skipped' | 'failed' | 'differs'; reason: Msg; exitCode?: number };
  /** Its component's layout is not the one DIR records (and was not accepted). */
  layoutChanged?: boolean;
}

/** The layouts DIR records, and what a run does with a component's that differs. */
interface LayoutOptions {
  recorded: Layouts;
  /** The server as the record names it (the API root). */
  server: string;
  /** --accept-layout: a changed layout is taken (and recorded). */
  accept: boolean;
  /** --check: a changed layout is drift, not a failure. */
  check: boolean;
  /** The record of layouts as the user names it (LAYOUT_FILE in DIR, from the current directory). */
  shown: string;
}

export interface PlanOptions {
  /** DIR as a real path. */
  root: string;
  /** DIR as the user gave it ('' for the current directory). */
  dirShown: string;
  /** A filename as the report says it; DIR/filename otherwise (the project file's directory: from the current one). */
  show?: (name: string) => string;
  source: boolean;
  /** --allow-hidden: a filename may have hidden segments (never a version-control folder). */
  allowHidden: boolean;
  langs?: string[];
  minPercent?: number;
  /** --empty-incomplete: a translation with no strings is below any --min-percent, not Weblate's 100 %. */
  emptyIncomplete?: boolean;
  layout: LayoutOptions;
}

/** What a plan is: each translation's fate, and the record of layouts to write before any file (none when it stays as it is). */
export interface Plan {
  entries: Entry[];
  record?: Layouts;
  /** The translations with no strings that --min-percent kept as Weblate's 100 % (a note says so). */
  emptyKept: string[];
}

/** Language codes compared as people write them: case and - or _ do not matter. */

/** Nothing to translate: Weblate says 100 % of it (weblate/utils/stats.py, translation_percent's zero_complete). */
const hasNoStrings = (l: Listed): boolean => numberOf(l.translation.total) === 0;

const NO_FILE = ours('no file in the repository (empty filename)');

function skipReason(l: Listed, o: PlanOptions, wanted: Set<string> | undefined): Msg | undefined {
  // A source translation named as itself (pull demo/android/en) is asked for: pulled.
  if (!o.source && !l.named && isSource(l)) return ours('the source translation (--source pulls it)');
  const name = l.translation.file;
  if (name === undefined || name === '') return NO_FILE;
  if (wanted && (l.language === undefined || !wanted.has(languageKey(l.language)))) return msg`language not in --lang ${[...(o.langs ?? [])].join(',')}`;
  if (o.minPercent !== undefined) {
    const sent = l.translation.translatedPercent;
    const pct = numberOf(sent);
    if (pct === undefined) return msg`no translated_percent to compare with --min-percent ${ours(String(o.minPercent))}`;
    if (o.emptyIncomplete && hasNoStrings(l)) return msg`no strings, incomplete by --empty-incomplete: below --min-percent ${ours(String(o.minPercent))}`;
    // The server's percentage as it sent it (50.0, not 50): never recomputed.
    if (pct < o.minPercent) return msg`${plainText(sent)}% translated, below --min-percent ${ours(String(o.minPercent))}`;
  }
  return undefined;
}

/** A layout as a refusal names it: its filemask, and the source's files beside it. */
function filesText(files: ComponentFiles): Msg {
  const also = (
    [
      ['template', files.template],
      ['intermediate', files.intermediate],
      ['new_base', files.newBase],
    ] as const
  ).filter(([, v]) => v !== undefined);
  const mask = files.filemask === undefined ? ours('no filemask') : msg`filemask ${files.filemask}`;
  return also.length ? msg`${mask}; ${also.map(([k, v]) => `${k} ${v}`).join(', ')}` : mask;
}

/** Why a name is not the translation's own file by Weblate's rule (weblate/filemask.ts). */
function notItsFileReason(not: NotItsFile, files: ComponentFiles | undefined, code: string): Msg {
  if (!files) return ours('the server sent no component for this translation: without its filemask, the file has no place');
  switch (not.why) {
    case 'no-mask':
      return msg`its component names no filemask (${filesText(files)}): the file has no place`;
    case 'bare':
      return msg`its component's filemask (${files.filemask ?? ''}) names any file of its folder (a bare *): no file of it is written`;
    case 'code':
      return msg`its language code (${code}) is not one Weblate writes into a file name, so its file has no place`;
    case 'source-file':
      return msg`the server's filename is its component's ${ours(not.field)}, the source translation's own file: never written for another language`;
    case 'name':
      return msg`the server's filename is not the one Weblate's rule gives this translation (${not.expected}: ${filesText(files)}, * as ${code})`;
  }
}

/**
 * Why a file is not written where the server's filename puts it: the name itself (absolute, climbing
 * out, naming nothing, a version-control folder, a hidden one, not a file of its component), or a
 * symbolic link in DIR, which is the checkout's, not the server's.
 */
function refusalReason(r: Refusal, dirShown: string, code: string): Msg {
  const dir = dirShown || '.';
  switch (r.why) {
    case 'dots':
      return msg`the server's filename has a segment of dots only (${r.segment}), which Windows reads as the directory itself`;
    case 'vcs': {
      const into = r.link === undefined ? ours("the server's filename is inside") : msg`${join(dir, r.link)} is a symbolic link into`;
      return msg`${into} a version-control folder (${r.segment}): its files are code git, Mercurial or Subversion runs; never written`;
    }
    case 'hidden': {
      const into = r.link === undefined ? ours("the server's filename is in") : msg`${join(dir, r.link)} is a symbolic link into`;
      return msg`${into} a hidden folder or file (${r.segment}), which may hold code (CI workflows, hooks, editor tasks, .envrc); --allow-hidden writes it`;
    }
    case 'mask':
      return notItsFileReason(r.not, r.files, code);
    case 'record': {
      const into = r.link === undefined ? ours("the server's filename is") : msg`${join(dir, r.link)} is a symbolic link to`;
      return msg`${into} wli's record of the component layouts (${join(dir, LAYOUT_FILE)}), which no server's filename may replace`;
    }
    case 'unshown':
      return msg`the server's filename holds a control or invisible character (${codePoint(r.char)}), which a terminal or a file list would not show as itself`;
    case 'absolute':
      return msg`the server's filename is an absolute path, outside ${dir}`;
    case 'parent':
      return msg`the server's filename climbs out of ${dir} (..)`;
    case 'empty':
      return msg`the server's filename names no file`;
    case 'link':
      return r.to === undefined
        ? msg`${join(dir, r.link)} is a symbolic link that leads nowhere`
        : msg`${join(dir, r.link)} leads outside ${dir} (a symbolic link to ${r.to})`;
  }
}

/** A character as Unicode names it: U+001B. */
const codePoint = (c: string): string => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The key a component has in the record of layouts: its project, categories and component. */
const componentKey = (l: Listed): string => [l.project, ...l.component].join('/');

/** Why a component's files are not written: the server names another layout than the one recorded. */
function layoutReason(key: string, recorded: Layout, now: Layout, o: LayoutOptions): Msg {
  const changes = layoutChanges(recorded, now).map(([f, was, is]) => `${f} ${is || "''"} (recorded: ${was || "''"})`);
  const then = o.check ? ours('wli pull --accept-layout takes it') : ours('review it, then --accept-layout takes it');
  return msg`the server names another layout for ${key} than ${o.shown} records: ${changes.join(', ')}; ${then}`;
}

/**
 * Each translation's fate, and the record of layouts to write. A --lang code that no translation has is
 * a usage error (a typo, not an empty pull).
 */
export function plan(listed: readonly Listed[], o: PlanOptions): Plan {
  const wanted = o.langs ? new Set(o.langs.map(languageKey)) : undefined;
  if (o.langs) checkLangs(listed, o.langs);
  // The layouts this run takes: those DIR does not record yet, and (--accept-layout) those it records otherwise.
  const taken = new Map<string, Layout>();
  const emptyKept: string[] = [];
  const entries = listed.map((l): Entry => {
    const name = l.translation.file;
    const path = name !== undefined && name !== '' ? (o.show?.(name) ?? join(o.dirShown, name)) : null;
    const skip = skipReason(l, o, wanted);
    if (skip !== undefined || name === undefined) return { listed: l, path, decided: { status: 'skipped', reason: skip ?? NO_FILE } };
    if (o.minPercent !== undefined && hasNoStrings(l)) emptyKept.push(l.target);
    const filename = name;
    if (l.language === undefined)
      return { listed: l, path, decided: { status: 'failed', reason: ours('the server named no language_code'), exitCode: EXIT.server } };
    const key = componentKey(l);
    if (l.files) {
      const now = layoutOf(o.layout.server, l.files);
      const recorded = o.layout.recorded.get(key);
      const changed = recorded !== undefined && layoutChanges(recorded, now).length > 0;
      if (changed && !o.layout.accept) {
        const reason = layoutReason(key, recorded, now, o.layout);
        const decided = o.layout.check ? { status: 'differs' as const, reason } : { status: 'failed' as const, reason, exitCode: EXIT.server };
        return { listed: l, path, decided, layoutChanged: true };
      }
    }
    const code = l.translation.fileLangCode ?? l.language;
    // The source translation: the one is_source names, of the component's source language when it names one.
    const source = isSource(l) && (l.files?.sourceLanguage === undefined || sameLanguage(l.language, l.files.sourceLanguage));
    const placed = place(o.root, filename, { component: l.files, allowHidden: o.allowHidden, translation: { code, source } });
    if ('refused' in placed) {
      // A name that leaves DIR by itself is shown as sent; any other where it would be in DIR.
      const why = placed.refused.why;
      const shown = why === 'absolute' || why === 'parent' || why === 'empty' ? filename : path;
      return { listed: l, path: shown, decided: { status: 'failed', reason: refusalReason(placed.refused, o.dirShown, code), exitCode: EXIT.server } };
    }
    if (l.files && (o.layout.accept || !o.layout.recorded.has(key))) taken.set(key, layoutOf(o.layout.server, l.files));
    return { listed: l, path, dest: placed.path };
  });
  markCollisions(entries);
  // Recorded only for a component with a file to fetch, and only when the record changes.
  const fetched = new Set(entries.filter((e) => e.dest !== undefined && !e.decided).map((e) => componentKey(e.listed)));
  const record = new Map(o.layout.recorded);
  let changes = 0;
  for (const [key, layout] of taken) {
    const before = record.get(key);
    if (!fetched.has(key) || (before && layoutChanges(before, layout).length === 0)) continue;
    record.set(key, layout);
    changes++;
  }
  return { entries, record: changes > 0 ? record : undefined, emptyKept };
}

/**
 * The file a path is where names differ not by case or Unicode normalisation (macOS and Windows file
 * systems: values-CS and values-cs, é composed or not, are one file there).
 */
const sameFileKey = (path: string): string => path.normalize('NFC').toLowerCase();

/**
 * Two translations of one run, one file (components of different repositories, or names one file on
 * macOS and Windows): neither is written, wherever the run is.
 */
function markCollisions(entries: Entry[]): void {
  const byDest = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.dest === undefined || e.decided) continue;
    const key = sameFileKey(e.dest);
    byDest.set(key, [...(byDest.get(key) ?? []), e]);
  }
  for (const same of byDest.values()) {
    if (same.length < 2) continue;
    for (const e of same) {
      const others = same.filter((x) => x !== e);
      const targets = others.map((x) => x.listed.target).join(', ');
      const folded = others.some((x) => x.dest !== e.dest);
      e.decided = {
        status: 'failed',
        reason: folded
          ? msg`one file with ${others.map((x) => x.path).join(', ')} (${targets}) on macOS and Windows, where names differing only by case or Unicode normalisation are one file; neither is written`
          : msg`also the file of ${targets}; neither is written (components of different repositories: pull each with its own --dir)`,
        exitCode: EXIT.usage,
      };
    }
  }
}

function checkLangs(listed: readonly Listed[], langs: readonly string[]): void {
  const have = [...new Set(listed.flatMap((l) => (l.language === undefined ? [] : [l.language])))];
  const keys = new Set(have.map(languageKey));
  const missing = langs.filter((c) => !keys.has(languageKey(c)));
  const [first] = missing;
  if (first === undefined) return;
  const close = closest(first, have);
  throw new UsageError(
    msg`--lang ${missing.join(',')}: no translation of the targets has ${ours(missing.length > 1 ? 'these languages' : 'this language')}`,
    close.length ? msg`did you mean: ${close.join(', ')}? (the targets have: ${have.join(', ')})` : msg`the targets have: ${have.join(', ') || '(none)'}`,
  );
}
