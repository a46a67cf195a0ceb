// wli units: every string of a translation, filtered by the server.
import { HttpError } from '../api/errors.js';
import { UsageError } from '../errors.js';
import { msg } from '../io/text.js';
import { plainText } from '../values.js';
import type { Column, Style } from '../output/result.js';
import { formsText } from '../output/readable.js';
import { translationPath } from '../target.js';
import { type CommandInput, listOf, translationTarget } from './common.js';

export const STATE_LABELS: Record<number, string> = {
  0: 'empty',
  10: 'needs editing',
  11: 'needs rewriting',
  12: 'needs checking',
  20: 'translated',
  30: 'approved',
  100: 'read-only',
};

const STATE_STYLE: Record<number, Style> = { 0: 'red', 10: 'yellow', 11: 'yellow', 12: 'yellow', 20: 'green', 30: 'cyan', 100: 'gray' };

/** --state names → terms of Weblate's search language. */
const STATE_QUERY: Record<string, string> = {
  empty: 'state:empty',
  'needs-editing': 'state:needs-editing',
  fuzzy: 'state:needs-editing',
  translated: 'state:translated',
  approved: 'state:approved',
  'read-only': 'state:read-only',
  untranslated: 'state:<translated',
};

export const UNIT_FIELDS = ['translation', 'source', 'previous_source', 'target', 'id_hash', 'content_hash', 'location', 'context', 'note', 'flags', 'labels', 'state', 'fuzzy', 'translated', 'approved', 'position', 'has_suggestion', 'has_comment', 'has_failing_check', 'num_words', 'source_unit', 'priority', 'id', 'web_url', 'url', 'explanation', 'extra_flags', 'pending', 'timestamp'];

export const stateLabel = (v: unknown): string => {
  const label = typeof v === 'number' ? STATE_LABELS[v] : undefined;
  return label ?? (v === undefined || v === null ? '' : plainText(v));
};

const stateStyle = (u: Record<string, unknown>) => (typeof u.state === 'number' ? STATE_STYLE[u.state] : undefined);

export const UNIT_COLUMNS: Column[] = [
  { header: 'id', field: 'id', value: (u) => u.id, kind: 'id' },
  // Room for "needs editing" even when page 1 holds only translated strings.
  { header: 'state', field: 'state', value: (u) => u.state, text: stateLabel, kind: 'state', style: stateStyle, minWidth: 13 },
  { header: 'context', field: 'context', value: (u) => u.context },
  { header: 'source', field: 'source', value: (u) => u.source, text: formsText },
  { header: 'target', field: 'target', value: (u) => u.target, text: formsText },
];

/** How other unit fields look when --fields names them in a table. */
export const UNIT_FIELD_COLUMNS: Column[] = [
  { header: 'previous_source', field: 'previous_source', value: (u) => u.previous_source, text: formsText },
  { header: 'timestamp', field: 'timestamp', value: (u) => u.timestamp, kind: 'time' },
  { header: 'position', field: 'position', value: (u) => u.position, kind: 'count' },
  { header: 'num_words', field: 'num_words', value: (u) => u.num_words, kind: 'count' },
  { header: 'priority', field: 'priority', value: (u) => u.priority, kind: 'count' },
];

export function unitQuery(states: string[], q: string | undefined): string | undefined {
  const terms = [...new Set(states.map((s) => STATE_QUERY[s]!))];
  const stateQ = terms.length === 0 ? undefined : terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  const userQ = q?.trim() ? q.trim() : undefined;
  if (stateQ && userQ) return `${stateQ} AND (${userQ})`;
  return stateQ ?? userQ;
}

export async function run({ args, opts, session }: CommandInput) {
  const target = translationTarget(session, args[0]);
  const q = unitQuery((opts.state as string[] | undefined) ?? [], opts.query as string | undefined);
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  return listOf(session, {
    path: translationPath(target) + 'units/',
    query,
    limit: opts.limit as number | undefined,
    label: 'units',
    columns: UNIT_COLUMNS,
    fieldColumns: UNIT_FIELD_COLUMNS,
    knownFields: UNIT_FIELDS,
    empty: q ? msg`no units match '${q}'` : msg`no units`,
    // A query the server cannot parse is the user's to fix: exit 2 with the server's words.
    onStatus: (e) =>
      e instanceof HttpError && e.status === 400
        ? new UsageError(msg`the server rejected the search query '${q}': ${e.serverMessage ?? 'HTTP 400'}`, msg`see Weblate's search syntax: https://docs.weblate.org/en/latest/user/search.html`)
        : e,
  });
}

