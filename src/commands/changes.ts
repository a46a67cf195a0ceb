// wli changes: the history of a translation, in the order the server lists it.
import { msg } from '../io/text.js';
import { formsText, username } from '../output/readable.js';
import type { Column } from '../output/result.js';
import { componentPath, projectPath, translationPath, type Target } from '../target.js';
import { type CommandInput, idFromUrl, listOf, targetReadings } from './common.js';

export const CHANGE_FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'target', 'id', 'action_name', 'url'];

/** Who made a change: its user, else its author (both null for changes the system made). */
const who = (c: Record<string, unknown>) => (c.user !== null && c.user !== undefined ? c.user : c.author);

export const CHANGE_COLUMNS: Column[] = [
  { header: 'id', field: 'id', value: (c) => c.id, kind: 'id' },
  { header: 'time', field: 'timestamp', value: (c) => c.timestamp, kind: 'time' },
  { header: 'action', field: 'action_name', value: (c) => c.action_name ?? c.action },
  { header: 'user', field: 'user', value: who, text: username, drop: 2 },
  { header: 'unit', field: 'unit', value: (c) => c.unit, text: idFromUrl, kind: 'id', drop: 3 },
  // Plural forms travel joined by two record separators.
  { header: 'target', field: 'target', value: (c) => c.target, text: formsText },
];

/** How other change fields look when --fields names them in a table. */
export const CHANGE_FIELD_COLUMNS: Column[] = [
  { header: 'author', field: 'author', value: (c) => c.author, text: username },
  { header: 'action', field: 'action', value: (c) => c.action, kind: 'id' },
  { header: 'old', field: 'old', value: (c) => c.old, text: formsText },
];

/** The filters given, as typed, for "no changes match …". */
function filtersText(opts: Record<string, unknown>): string {
  const parts: string[] = [];
  if (opts.since !== undefined) parts.push(`--since ${String(opts.since)}`);
  if (opts.until !== undefined) parts.push(`--until ${String(opts.until)}`);
  for (const a of (opts.action as unknown[] | undefined) ?? []) parts.push(`--action ${String(a)}`);
  if (opts.user !== undefined) parts.push(`--user ${String(opts.user)}`);
  return parts.join(' ');
}

/** Every scope has its history: the server's, a project's, a component's, a translation's. */
export function changesPath(t: Target): string {
  switch (t.kind) {
    case 'server':
      return 'changes/';
    case 'project':
      return projectPath(t.project) + 'changes/';
    case 'component':
      return componentPath(t) + 'changes/';
    case 'translation':
      return translationPath(t) + 'changes/';
    case 'language':
      throw new Error('changes of a language: not a target of changes');
  }
}

export async function run({ args, opts, session }: CommandInput) {
  const readings = targetReadings(session, args[0], ['server', 'project', 'component', 'translation']);
  const query = new URLSearchParams();
  if (opts.since !== undefined) query.set('timestamp_after', opts.since as string);
  if (opts.until !== undefined) query.set('timestamp_before', opts.until as string);
  for (const a of (opts.action as number[] | undefined) ?? []) query.append('action', String(a));
  if (opts.user !== undefined) query.set('user', opts.user as string);
  const filters = filtersText(opts);
  return listOf(session, {
    readings,
    list: (t) => ({ path: changesPath(t), query }),
    limit: opts.limit as number | undefined,
    label: 'changes',
    columns: CHANGE_COLUMNS,
    fieldColumns: CHANGE_FIELD_COLUMNS,
    knownFields: CHANGE_FIELDS,
    empty: filters ? msg`no changes match ${filters}` : msg`no changes`,
  });
}
