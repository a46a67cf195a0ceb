// Weblate's units: their states (codes, names, --state words), their fields, and the state terms of
// the search language that finds them (weblate/utils/search.py). A scope's terms: scope.ts.

/** The state codes of a unit (weblate/utils/state.py) as people read them. */
export const STATE_LABELS: Record<number, string> = {
  0: 'empty',
  10: 'needs editing',
  11: 'needs rewriting',
  12: 'needs checking',
  20: 'translated',
  30: 'approved',
  100: 'read-only',
};

/** The state words a narrow table shows, at most 7 cells. */
export const STATE_SHORT: Record<number, string> = { 0: 'empty', 10: 'edit', 11: 'rewrite', 12: 'check', 20: 'transl.', 30: 'approv.', 100: 'r/o' };

/**
 * What a state code counts as in Weblate's statistics (weblate/utils/stats.py prefetch_basic): fuzzy
 * is FUZZY_STATES (10 needs editing, 11 needs rewriting, 12 needs checking; weblate/utils/state.py),
 * translated every state from 20 (translated, approved, read-only), of which approved and read-only
 * are also counted on their own. Undefined for a code Weblate does not define.
 */
export type StateKind = 'empty' | 'fuzzy' | 'translated' | 'approved' | 'read-only';
export function stateKind(code: unknown): StateKind | undefined {
  if (typeof code !== 'number') return undefined;
  if (code === 0) return 'empty';
  if (code >= 10 && code < 20) return 'fuzzy';
  if (code === 20) return 'translated';
  if (code === 30) return 'approved';
  if (code === 100) return 'read-only';
  return undefined;
}

/** --state names, and the terms of Weblate's search language each stands for. */
export const STATE_NAMES = ['empty', 'needs-editing', 'fuzzy', 'translated', 'approved', 'read-only', 'untranslated'] as const;
export type StateName = (typeof STATE_NAMES)[number];
/**
 * Each --state as its statistics count it. `state:needs-editing` is state 10 only, but Weblate's
 * statistics' fuzzy is FUZZY_STATES (10, 11, 12): `is:needs-editing` is exactly that on every release
 * (weblate/utils/search.py is_field: `state__in=FUZZY_STATES`; 4.x, before states 11 and 12 existed,
 * `state=STATE_FUZZY`), and `is:` is there since Weblate 4.0. `state:translated` is 20 only, but the
 * statistics' translated is every state from 20 (approved and read-only strings are translated):
 * `state:>=translated` (prefetch_basic: `state__gte=STATE_TRANSLATED`).
 */
const STATE_QUERY: Record<StateName, string> = {
  empty: 'state:empty',
  'needs-editing': 'is:needs-editing',
  fuzzy: 'is:needs-editing',
  translated: 'state:>=translated',
  approved: 'state:approved',
  'read-only': 'state:read-only',
  untranslated: 'state:<translated',
};

/** What each --state name selects, as --help and the docs say it. */
export const STATE_MEANINGS: Record<StateName, string> = {
  empty: 'empty strings (state 0)',
  'needs-editing': "what Weblate's statistics count as fuzzy: needs editing, needs rewriting and needs checking (states 10, 11, 12)",
  fuzzy: 'the same as needs-editing',
  translated: "what Weblate's statistics count as translated: translated, approved and read-only (states 20 and above)",
  approved: 'approved strings (state 30)',
  'read-only': 'read-only strings (state 100: source strings, some glossary terms)',
  untranslated: 'anything below translated: empty and fuzzy (states below 20)',
};

/** The fields of a Unit object (Weblate's UnitSerializer): the CSV header of an empty list. */
export const UNIT_FIELDS = [
  'translation',
  'source',
  'previous_source',
  'target',
  'id_hash',
  'content_hash',
  'location',
  'context',
  'note',
  'flags',
  'labels',
  'state',
  'fuzzy',
  'translated',
  'approved',
  'position',
  'has_suggestion',
  'has_comment',
  'has_failing_check',
  'num_words',
  'source_unit',
  'priority',
  'id',
  'web_url',
  'url',
  'explanation',
  'extra_flags',
  'pending',
  'timestamp',
];

/** The q of a unit search: the states (any of them) and the user's own query (both must match). */
/**
 * A search for the strings whose source contains TEXT, as a hint shows it: `source:TEXT` (weblate/utils/search.py
 * PLAIN_FIELDS "source": a substring, case-insensitive; every release wli reads).
 */
export const sourceSearch = (text: string): string => `source:${text}`;

export function unitQuery(states: readonly StateName[], q: string | undefined): string | undefined {
  const terms = [...new Set(states.map((s) => STATE_QUERY[s]))];
  const stateQ = terms.length === 0 ? undefined : terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  const userQ = q?.trim() ? q.trim() : undefined;
  if (stateQ && userQ) return `${stateQ} AND (${userQ})`;
  return stateQ ?? userQ;
}
