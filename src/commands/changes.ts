// wli changes: the history of a translation, in the order the server lists it.
import { UsageError } from '../api/errors.js';
import type { Column } from '../output/result.js';
import { translationPath } from '../target.js';
import { type CommandInput, idFromUrl, limitOption, listOf, translationTarget } from './common.js';

export const CHANGE_FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'target', 'id', 'action_name', 'url'];

const columns: Column[] = [
  { header: 'id', value: (c) => c.id, align: 'right' },
  { header: 'time', value: (c) => c.timestamp },
  { header: 'action', value: (c) => c.action_name ?? c.action },
  { header: 'unit', value: (c) => c.unit, text: idFromUrl, align: 'right' },
  // Plural forms travel joined by two record separators.
  { header: 'target', value: (c) => c.target, text: (v) => (typeof v === 'string' ? v.split('\u001e\u001e').join(' | ') : v == null ? '' : String(v)), wide: true },
];

function isoTime(flag: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new UsageError(`invalid ${flag} '${String(value)}'`, 'expected an ISO 8601 time, e.g. 2026-11-01 or 2026-11-01T12:00:00Z');
  }
  return text;
}

function actions(value: unknown): string[] {
  const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => String(v).split(','));
  return list.map((a) => {
    const t = a.trim();
    if (!/^\d+$/.test(t)) throw new UsageError(`invalid --action '${a}'`, 'expected a numeric action code, e.g. --action 5 (repeatable)');
    return t;
  });
}

export async function run({ args, opts, session }: CommandInput) {
  const target = translationTarget(session, args[0]);
  const query = new URLSearchParams();
  const since = isoTime('--since', opts.since);
  const until = isoTime('--until', opts.until);
  if (since) query.set('timestamp_after', since);
  if (until) query.set('timestamp_before', until);
  for (const a of actions(opts.action)) query.append('action', a);
  if (opts.user !== undefined) {
    const user = String(opts.user).trim();
    if (!user) throw new UsageError('empty --user', 'expected a username');
    query.set('user', user);
  }
  return listOf(session, { path: translationPath(target) + 'changes/', query, limit: limitOption(opts), label: 'changes', columns, knownFields: CHANGE_FIELDS });
}
