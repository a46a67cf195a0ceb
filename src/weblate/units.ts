// Weblate's units: their states (codes, names, --state words) and the search language that finds them
// (weblate/trans/util/search and the "Searching" page of Weblate's docs), scope terms included.
import { targetOfUrl, type Target } from './target.js';

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

/** --state names, and the terms of Weblate's search language each stands for. */
export const STATE_NAMES = ['empty', 'needs-editing', 'fuzzy', 'translated', 'approved', 'read-only', 'untranslated'] as const;
export type StateName = (typeof STATE_NAMES)[number];
const STATE_QUERY: Record<StateName, string> = {
  empty: 'state:empty',
  'needs-editing': 'state:needs-editing',
  fuzzy: 'state:needs-editing',
  translated: 'state:translated',
  approved: 'state:approved',
  'read-only': 'state:read-only',
  untranslated: 'state:<translated',
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
export function unitQuery(states: readonly StateName[], q: string | undefined): string | undefined {
  const terms = [...new Set(states.map((s) => STATE_QUERY[s]))];
  const stateQ = terms.length === 0 ? undefined : terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
  const userQ = q?.trim() ? q.trim() : undefined;
  if (stateQ && userQ) return `${stateQ} AND (${userQ})`;
  return stateQ ?? userQ;
}

/** A value in Weblate's search language: quoted unless it is a plain slug. */
const term = (name: string, value: string) => `${name}:${/^[\w-]+$/.test(value) ? value : `"${value.replace(/"/g, '')}"`}`;

/** The search terms that keep /api/units/ inside a project or component (undefined: the whole server). */
export function scopeQuery(t: Target): string | undefined {
  if (t.kind === 'project') return term('project', t.project);
  // component: matches the component's own slug (not its category path): the link check narrows it.
  if (t.kind === 'component') return `${term('project', t.project)} AND ${term('component', t.component[t.component.length - 1]!)}`;
  return undefined;
}

/** A search that matches nothing on a server that honours q (a probe for servers that ignore it). */
export const MATCHES_NOTHING = 'project:"wli: no such project"';

/** Whether a unit's translation lies inside the scope: its link /api/translations/p/c…/l/; undefined when it cannot be read. */
export function inScope(unit: Record<string, unknown>, t: Target): boolean | undefined {
  if (t.kind === 'server') return true;
  const path = targetOfUrl(unit.translation)?.split('/');
  if (!path || t.kind === 'language') return undefined;
  if (path[0] !== t.project) return false;
  return t.kind === 'project' || path.slice(1, -1).join('/') === t.component.join('/');
}
