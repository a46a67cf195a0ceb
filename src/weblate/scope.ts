// The scope of a search above one translation: which strings of the server a target holds, as the
// search terms that keep /api/units/ inside it and the one predicate that says whether a unit lies
// in it. No I/O.
//
// Weblate's search (weblate/utils/search.py, UnitTermExpr) matches most terms by substring:
// component_field is the slug OR the name icontains (`component:android` finds android-tv and a
// component named "Android Wear"); only `:=` is iexact. path_field (Weblate 5.8 and newer) resolves
// `path:p/cat/c` to one component, a category (its sub-categories' components too), a project or a
// translation exactly. project: and language: are iexact either way (EXACT_FIELD_MAP). So a scope
// is asked in its exact form first; a server before 5.8 knows no path: ("Unsupported field", a 400),
// and there the older form is asked: `component:=slug`, which is still the slug OR the name on
// every release (4.x: slug exact OR name icontains, field_extra; 5.x: slug iexact OR name iexact,
// component_field), and knows no category: the units it finds are narrowed by the predicate.
import { targetOfUrl } from './target.js';

/**
 * Where a search above one translation looks: the whole server ({}), a project, some of its
 * components (one component; a category's, listed), a category, a language of a project.
 */
export interface Scope {
  project?: string;
  /** The component paths inside the project ('android', 'docs/guide'): a component's, or a category's components. */
  components?: readonly string[];
  /** A category's slug path inside the project ('docs', 'docs/api'): its exact term (path:p/docs). */
  category?: string;
  language?: string;
}

/**
 * The terms a server takes: `exact` (path:, Weblate 5.8 and newer; check:=ID) or `older` (the terms
 * before path:, narrowed afterwards). A server answers 400 to a term it does not know.
 */
export type SearchForm = 'exact' | 'older';

/** A value in Weblate's search language: a plain word (a slug, a slug path) as it is, anything else quoted. */
const term = (name: string, value: string, operator: ':' | ':=' = ':') =>
  `${name}${operator}${/^[\w/-]+$/.test(value) ? value : `"${value.replace(/"/g, '')}"`}`;

const anyOf = (terms: readonly string[]): string | undefined => (terms.length === 0 ? undefined : terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`);

/**
 * The search terms that keep /api/units/ inside the scope (undefined: the whole server), in the form
 * given. Exact: a component is `path:p/c` (its category path included), a category `path:p/cat`.
 * Older: `component:=slug` for each component (its own slug: Weblate's component: knows no category
 * path), which the predicate (inScope) narrows to the scope.
 */
export function scopeTerms(scope: Scope, form: SearchForm): string | undefined {
  const terms: string[] = [];
  const components = scope.components ?? [];
  if (form === 'exact' && scope.project !== undefined && scope.category !== undefined) terms.push(term('path', `${scope.project}/${scope.category}`));
  else if (form === 'exact' && scope.project !== undefined && components.length) {
    const paths = anyOf(components.map((c) => term('path', `${scope.project}/${c}`)));
    if (paths !== undefined) terms.push(paths);
  } else {
    if (scope.project !== undefined) terms.push(term('project', scope.project));
    const slugs = [...new Set(components.map((c) => c.slice(c.lastIndexOf('/') + 1)))];
    const slugTerms = anyOf(slugs.map((s) => term('component', s, ':=')));
    if (slugTerms) terms.push(slugTerms);
  }
  if (scope.language !== undefined) terms.push(term('language', scope.language));
  return terms.length ? terms.join(' AND ') : undefined;
}

/** Whether the two forms of the scope differ (a component or a category): only then can a 400 choose the older one. */
export const formsDiffer = (scope: Scope | undefined): boolean => scope !== undefined && scopeTerms(scope, 'exact') !== scopeTerms(scope, 'older');

/** Whether the units the older form finds must be narrowed by inScope: it matches a component by its slug or name. */
export const needsNarrowing = (scope: Scope | undefined, form: SearchForm): boolean => form === 'older' && formsDiffer(scope);

/**
 * A search's q: the scope's terms (none for a translation's own list) and one more search, both to
 * match: the other in parentheses unless it is one term (an OR in it binds inside it, and Weblate
 * refuses AND and OR mixed in one group).
 */
export function searchQuery(scope: Scope | undefined, form: SearchForm, more: string | undefined): URLSearchParams {
  const terms = scope && scopeTerms(scope, form);
  const q = terms && more ? `${terms} AND ${/\s/.test(more) ? `(${more})` : more}` : (terms ?? more);
  return new URLSearchParams(q ? { q } : {});
}

/**
 * What the older form asks instead, as --verbose says it: path: is Weblate 5.8 or newer (path_field,
 * docs/changes/v5.rst 5.8), and a server before it is asked `component:=SLUG` and `check:ID`
 * (scopeTerms, checks.ts checkTerm), whose strings outside the scope are left out (inScope).
 */
export const OLDER_FORM_SAID = 'path: is Weblate 5.8 or newer; searching with component:=SLUG and check:ID instead, the strings outside the scope left out';

/** A search that matches nothing on a server that honours q (a probe for servers that ignore it). */
export const MATCHES_NOTHING = 'project:"wli: no such project"';

/** Whether a unit's translation lies inside the scope: its link /api/translations/p/c…/l/; undefined when it cannot be read. */
export function inScope(unit: Record<string, unknown>, scope: Scope): boolean | undefined {
  if (scope.project === undefined) return true;
  const path = targetOfUrl(unit.translation)?.split('/');
  if (!path) return undefined;
  if (path[0] !== scope.project) return false;
  const component = path.slice(1, -1).join('/');
  if (scope.components && !scope.components.includes(component)) return false;
  if (scope.category !== undefined && !component.startsWith(`${scope.category}/`)) return false;
  return scope.language === undefined || path.at(-1) === scope.language;
}
