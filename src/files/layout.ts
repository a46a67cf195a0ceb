// The layout a repository pins: where each component's files go (the server, its filemask, template,
// intermediate and new_base, and its source language: everything the placement rule of
// files/placement.ts reads besides the name). pull records it in DIR at the first pull of a component,
// as LAYOUT_FILE, a file the user commits and reviews as a lock file; a later server that names another
// layout for a recorded component is refused (nothing of that component written) until the user takes
// it with --accept-layout. So the first pull trusts the server's layout, and after it a compromised
// server cannot move where files go.
//
// The record is JSON for people to read and diff: keys sorted, two spaces, one component per key (its
// project, categories and component joined by `/`), every field present ('' for none). Written whole or
// not at all (files/disk.ts writeFileAtomic: a temporary file beside it, renamed into place). No
// server's filename is ever placed on it (files/placement.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, errnoCode, localFailure } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { LAYOUT_FILE } from '../core/xdg.js';
import type { ComponentFiles } from '../weblate/filemask.js';
import { writeFileAtomic } from './disk.js';

export { LAYOUT_FILE };

/** What the record says of itself, for whoever opens it. */
const ABOUT =
  "Where wli pull writes each component's files, recorded at its first pull into this directory. Commit it and review a change as you would a lock file: a server that names another layout is refused until wli pull --accept-layout.";

/** The fields of a component's layout, in the record's (sorted) order. */
export const LAYOUT_FIELDS = ['filemask', 'intermediate', 'new_base', 'server', 'source_language', 'template'] as const;

/** One component's layout: each field as the server named it, '' for none. */
export type Layout = Record<(typeof LAYOUT_FIELDS)[number], string>;

/** The layouts recorded, by component (p/c, p/category/c). */
export type Layouts = Map<string, Layout>;

/** A component's layout as this server names it now. */
export function layoutOf(server: string, files: ComponentFiles): Layout {
  return {
    filemask: files.filemask ?? '',
    intermediate: files.intermediate ?? '',
    new_base: files.newBase ?? '',
    server,
    source_language: files.sourceLanguage ?? '',
    template: files.template ?? '',
  };
}

/** The fields two layouts differ in: [field, recorded, now]; none when they are the same. */
export function layoutChanges(recorded: Layout, now: Layout): Array<[field: string, recorded: string, now: string]> {
  return LAYOUT_FIELDS.filter((f) => recorded[f] !== now[f]).map((f) => [f, recorded[f], now[f]]);
}

/** Why a record cannot be read as one (a merge conflict, a hand edit gone wrong). */
function notARecord(shown: Msg, why: string): UsageError {
  return new UsageError(
    msg`${shown} is not wli's record of component layouts (${ours(why)})`,
    ours("repair it (a merge conflict?) from version control, or remove it: the next pull records the server's layout again"),
  );
}

/** The layouts recorded in DIR: an empty map when there is no record yet. */
export function readLayouts(dir: string, shown: Msg): Layouts {
  let text: string;
  try {
    text = readFileSync(join(dir, LAYOUT_FILE), 'utf8');
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return new Map();
    throw localFailure(e, shown, ours('read'));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notARecord(shown, 'not JSON');
  }
  const obj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!obj(parsed) || parsed.version !== 1) throw notARecord(shown, 'no "version": 1');
  if (!obj(parsed.components)) throw notARecord(shown, 'no "components" object');
  const layouts: Layouts = new Map();
  for (const [component, fields] of Object.entries(parsed.components)) {
    if (!obj(fields)) throw notARecord(shown, `"${component}" is not an object`);
    const field = (f: (typeof LAYOUT_FIELDS)[number]): string => {
      const v = fields[f] ?? '';
      if (typeof v !== 'string') throw notARecord(shown, `"${component}": "${f}" is not a string`);
      return v;
    };
    // In LAYOUT_FIELDS' order, so the first field that is not a string is the one named.
    layouts.set(component, {
      filemask: field('filemask'),
      intermediate: field('intermediate'),
      new_base: field('new_base'),
      server: field('server'),
      source_language: field('source_language'),
      template: field('template'),
    });
  }
  return layouts;
}

/** The record's text: keys sorted, two spaces, a final newline (the same layouts, the same bytes). */
export function layoutsText(layouts: Layouts): string {
  const byName = [...layouts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const components = Object.fromEntries(byName.map(([c, layout]) => [c, Object.fromEntries(LAYOUT_FIELDS.map((f) => [f, layout[f]]))]));
  return `${JSON.stringify({ about: ABOUT, components, version: 1 }, null, 2)}\n`;
}

/** The record written in DIR, whole or not at all; a failure is the user's situation (exit 7), naming `shown`. */
export function writeLayouts(dir: string, layouts: Layouts, shown: Msg): void {
  try {
    writeFileAtomic(join(dir, LAYOUT_FILE), layoutsText(layouts), 0o644);
  } catch (e) {
    throw localFailure(e, shown);
  }
}
