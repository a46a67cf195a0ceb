// Weblate's units: their states (codes, names, --state words) and the search language that finds them
// (weblate/trans/util/search and the "Searching" page of Weblate's docs), scope terms included.
import { targetOfUrl } from './target.js';

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

/**
 * Where a search above one translation looks: the whole server ({}), a project, some of its components
 * (one component, or a category's: their paths, categories included), a language of a project.
 */
export interface UnitScope {
  project?: string;
  /** Component paths inside the project ('android', 'docs/guide'). */
  components?: readonly string[];
  language?: string;
}

/**
 * The search terms that keep /api/units/ inside the scope (undefined: the whole server). A component
 * is matched by its own slug (not its category path, which Weblate's component: term does not know;
 * path: is newer than the servers wli serves): the link check (inScope) narrows it.
 */
export function scopeQuery(scope: UnitScope): string | undefined {
  const terms: string[] = [];
  if (scope.project !== undefined) terms.push(term('project', scope.project));
  const slugs = [...new Set((scope.components ?? []).map((c) => c.split('/').at(-1)!))].map((c) => term('component', c));
  if (slugs.length) terms.push(slugs.length === 1 ? slugs[0]! : `(${slugs.join(' OR ')})`);
  if (scope.language !== undefined) terms.push(term('language', scope.language));
  return terms.length ? terms.join(' AND ') : undefined;
}

/** A search that matches nothing on a server that honours q (a probe for servers that ignore it). */
/** A search's q: the scope's terms (none for a translation's own list) and one more term. */
export const searchTerms = (scope: string | undefined, term: string): URLSearchParams => new URLSearchParams({ q: scope ? `${scope} AND ${term}` : term });

export const MATCHES_NOTHING = 'project:"wli: no such project"';

/** Whether a unit's translation lies inside the scope: its link /api/translations/p/c…/l/; undefined when it cannot be read. */
export function inScope(unit: Record<string, unknown>, scope: UnitScope): boolean | undefined {
  if (scope.project === undefined) return true;
  const path = targetOfUrl(unit.translation)?.split('/');
  if (!path) return undefined;
  if (path[0] !== scope.project) return false;
  if (scope.components && !scope.components.includes(path.slice(1, -1).join('/'))) return false;
  return scope.language === undefined || path.at(-1) === scope.language;
}
