// wli changes: the history of a translation, in the order the server lists it.
import { plainText } from '../values.js';
import type { Column } from '../output/result.js';
import { translationPath } from '../target.js';
import { type CommandInput, idFromUrl, listOf, translationTarget } from './common.js';

export const CHANGE_FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'target', 'id', 'action_name', 'url'];

const columns: Column[] = [
  { header: 'id', value: (c) => c.id, align: 'right' },
  { header: 'time', value: (c) => c.timestamp },
  { header: 'action', value: (c) => c.action_name ?? c.action },
  { header: 'unit', value: (c) => c.unit, text: idFromUrl, align: 'right' },
  // Plural forms travel joined by two record separators.
  { header: 'target', value: (c) => c.target, text: (v) => (typeof v === 'string' ? v.split('\u001e\u001e').join(' | ') : v == null ? '' : plainText(v)), wide: true },
];

export async function run({ args, opts, session }: CommandInput) {
  const target = translationTarget(session, args[0]);
  const query = new URLSearchParams();
  if (opts.since !== undefined) query.set('timestamp_after', opts.since as string);
  if (opts.until !== undefined) query.set('timestamp_before', opts.until as string);
  for (const a of (opts.action as number[] | undefined) ?? []) query.append('action', String(a));
  if (opts.user !== undefined) query.set('user', opts.user as string);
  return listOf(session, { path: translationPath(target) + 'changes/', query, limit: opts.limit as number | undefined, label: 'changes', columns, knownFields: CHANGE_FIELDS });
}
