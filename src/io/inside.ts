// A relative path from outside (a server's filename) placed under a directory, never outside it: an
// absolute name or one with `..` is refused outright; a symbolic link on the way (a directory, or the
// file itself) is followed only while it stays inside the directory. What is checked is what exists
// now; what does not exist yet is made below a directory that was checked.
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

export type Refusal =
  | { why: 'absolute' }
  | { why: 'parent' }
  | { why: 'empty' }
  /** `link` (relative to the root) resolves to `to`, outside the root; `to` is undefined when it points nowhere. */
  | { why: 'link'; link: string; to?: string };

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
 * Where `name` goes under `root` (a real path: realpathLoose of the directory), resolving symbolic
 * links that exist: the path to write, or why it is refused.
 */
export function placeInside(root: string, name: string): { path: string } | { refused: Refusal } {
  if (name.includes('\0')) return { refused: { why: 'absolute' } };
  if (isAbsolute(name) || /^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) return { refused: { why: 'absolute' } };
  const parts = name.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { refused: { why: 'parent' } };
  if (parts.length === 0) return { refused: { why: 'empty' } };
  let at = root;
  for (const [i, part] of parts.entries()) {
    const next = join(at, part);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Missing from here on: what is left is made below a checked directory.
      return { path: join(next, ...parts.slice(i + 1)) };
    }
    if (!isLink) {
      at = next;
      continue;
    }
    const link = relative(root, next);
    let to: string;
    try {
      to = realpathSync(next);
    } catch {
      return { refused: { why: 'link', link } };
    }
    // A directory on the way may be the root itself (a link to `.`); the file must be below it.
    const last = i === parts.length - 1;
    if (!within(root, to) && (last || to !== root)) return { refused: { why: 'link', link, to } };
    at = to;
  }
  return { path: at };
}
