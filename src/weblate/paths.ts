// Where Weblate keeps things: every API path wli asks for, relative to the API root (…/api/). Commands
// name what they want (a component's translations, a translation's file); only this module knows the
// addresses, so a path is written once and a server's layout is learnt in one place.
import type { ComponentTarget, LanguageTarget, ProjectTarget, SlugTarget, TranslationTarget } from './target.js';
import { isItem } from '../core/page.js';

const seg = encodeURIComponent;
/** A component inside categories travels as one segment, "category%2Fcomponent". */
const componentSegment = (parts: readonly string[]): string => parts.map(seg).join('%2F');

type ProjectRef = Pick<ProjectTarget, 'project'>;
type ComponentRef = Pick<ComponentTarget, 'project' | 'component'>;
type TranslationRef = Pick<TranslationTarget, 'project' | 'component' | 'language'>;
type LanguageRef = Pick<LanguageTarget, 'language'>;

/** The API root: it lists the endpoints (and answers when --url is right). */
export const API_ROOT = '';
/** What the API root of a Weblate answers: an object naming its endpoints, `projects` among them. (Weblate's source: weblate/api/urls.py router, a weblate/api/routers.py WeblateRouter) */
export const listsEndpoints = (body: unknown): boolean => isItem(body) && typeof body.projects === 'string';
/**
 * The server's counts and version, for a signed-in caller only (weblate/api/urls.py path("metrics/"),
 * weblate/api/views.py Metrics: IsAuthenticated). Not listed by the API root.
 */
export const METRICS = 'metrics/';
/** Every project the caller may see. */
export const PROJECTS = 'projects/';
/** Every language of the server. */
export const LANGUAGES = 'languages/';
/** Units of the whole server, searched with `q` (scope terms: weblate/units.ts). */
export const UNITS_SEARCH = 'units/';

export function projectPath(t: ProjectRef): string {
  return `projects/${seg(t.project)}/`;
}
export function componentPath(t: ComponentRef): string {
  return `components/${seg(t.project)}/${componentSegment(t.component)}/`;
}
export function translationPath(t: TranslationRef): string {
  return `translations/${seg(t.project)}/${componentSegment(t.component)}/${seg(t.language)}/`;
}
function languagePath(t: LanguageRef): string {
  return `languages/${seg(t.language)}/`;
}

/** The API path of the object a target names (the API root for the whole server). */
export function objectPath(t: SlugTarget): string {
  switch (t.kind) {
    case 'server':
      return API_ROOT;
    case 'project':
      return projectPath(t);
    case 'component':
      return componentPath(t);
    case 'translation':
      return translationPath(t);
    case 'language':
      return languagePath(t);
  }
}

/** A project's components (items without `project`, as Weblate sends them). (Weblate's source: weblate/api/views.py ProjectViewSet.components) */
export const componentsOf = (t: ProjectRef): string => `${projectPath(t)}components/`;
/** Every component the caller may see, server-wide. */
export const COMPONENTS = 'components/';
/** The projects a component is shared into (ComponentViewSet.links). */
export const linksOf = (t: ComponentRef): string => `${componentPath(t)}links/`;
/** A component's translations (the source language among them). */
export const translationsOf = (t: ComponentRef): string => `${componentPath(t)}translations/`;
/** A project's languages with their statistics (a bare array on Weblate 5.4, paginated elsewhere). (Weblate's source: weblate/api/views.py ProjectViewSet.languages) */
export const languagesOf = (t: ProjectRef): string => `${projectPath(t)}languages/`;
/** A project's categories, nested ones too, each with its parent as a URL (Weblate 5.0 and later). (Weblate's source: weblate/api/views.py ProjectViewSet.categories) */
export const categoriesOf = (t: ProjectRef): string => `${projectPath(t)}categories/`;
/** A translation's units. */
export const unitsOf = (t: TranslationRef): string => `${translationPath(t)}units/`;

/**
 * Statistics: of a translation or a language (one object), of a project (its total), or of a
 * component (a list, one row per translation).
 */
export function statisticsOf(t: Exclude<SlugTarget, { kind: 'server' }>): string {
  return `${objectPath(t)}statistics/`;
}

/**
 * Every scope has its history: the server's, a project's, a component's, a translation's (not a
 * language's; a category has none of its own either, as of Weblate 5.x: its components' are merged).
 * Weblate's source: weblate/api/views.py ProjectViewSet.changes, ComponentViewSet.changes, TranslationViewSet.changes, ChangeViewSet.
 */
export function changesOf(t: SlugTarget): string {
  if (t.kind === 'language') throw new Error('a language has no history of its own');
  return `${objectPath(t)}changes/`;
}

/**
 * The `format` that asks for `convert`: a translation's as given (`po`); a zip's (a component or
 * project) as Weblate spells it, `zip:po`, whether the user wrote `po` or `zip:po` (`zip`: the zip as
 * stored, Weblate's default).
 * Weblate's source: weblate/api/views.py ComponentViewSet.file, weblate/trans/views/files.py download_multi.
 */
export function fileFormat(t: ProjectRef | ComponentRef | TranslationRef, convert: string | undefined): string | undefined {
  if (convert === undefined || 'language' in t) return convert;
  return convert === 'zip' || convert.startsWith('zip:') ? convert : `zip:${convert}`;
}

/**
 * What Weblate serves as a target's file: a translation's file as stored in the repository, or a zip
 * of a component's or project's translations. `format` asks the server to convert (`po`, or for a zip
 * `zip:po`: fileFormat); `q` filters the units of a conversion.
 * Weblate's source: weblate/api/views.py TranslationViewSet.file, ComponentViewSet.file, ProjectViewSet.file.
 */
export function fileOf(t: ProjectRef | ComponentRef | TranslationRef, o: { format?: string; q?: string } = {}): string {
  const path = 'language' in t ? translationPath(t) : 'component' in t ? componentPath(t) : projectPath(t);
  const params = new URLSearchParams();
  if (o.format !== undefined) params.set('format', o.format);
  if (o.q !== undefined) params.set('q', o.q);
  return `${path}file/${params.size ? `?${params.toString()}` : ''}`;
}

/**
 * The translation memory lookup (Weblate 5.17; `exact` since 2026.5): POSTed with {"strings": […]},
 * it changes nothing. The languages are codes; `project` keeps it to that project's memory (and the
 * shared one).
 * Weblate's source: weblate/api/views.py MemoryViewSet.lookup.
 */
export function memoryLookupOf(q: { from: string; to: string; project?: string; exact?: boolean }): string {
  const params = new URLSearchParams({ source_language: q.from, target_language: q.to });
  if (q.project !== undefined) params.set('project', q.project);
  if (q.exact) params.set('exact', 'true');
  return `memory/lookup/?${params.toString()}`;
}

/** One unit by its id, the id units lists give (weblate/api/urls.py router `units`, weblate/api/views.py UnitViewSet). */
export const unitPath = (id: string): string => `units/${seg(id)}/`;
/** A unit's suggestions (Weblate 2026.8) and comments (5.15): lists, asked only for a unit that has them. (Weblate's source: weblate/api/views.py UnitViewSet.comments, SuggestionViewSet) */
export const unitSuggestionsOf = (id: string): string => `units/${seg(id)}/suggestions/`;
export const unitCommentsOf = (id: string): string => `units/${seg(id)}/comments/`;

/** A component's screenshots (Weblate 4.0), each naming the source units it shows. (Weblate's source: weblate/api/views.py ComponentViewSet.screenshots) */
export const screenshotsOf = (t: ComponentRef): string => `${componentPath(t)}screenshots/`;
/** One screenshot, and its image as Weblate keeps it. */
const screenshotPath = (id: string): string => `screenshots/${seg(id)}/`;
export const screenshotFileOf = (id: string): string => `${screenshotPath(id)}file/`;

/** Every component × language of a project in one answer (Weblate 2026.8; older servers: 404). (Weblate's source: weblate/api/views.py ProjectViewSet.metrics) */
export const projectMetricsOf = (t: ProjectRef): string => `${projectPath(t)}metrics/`;
/** A component's or project's lock (anyone may read it: `{"locked": false}`). */
export const lockOf = (t: ProjectRef | ComponentRef): string => `${'component' in t ? componentPath(t) : projectPath(t)}lock/`;
/** A project's, component's or translation's repository state: needs the VCS permission (403 otherwise). */
export function repositoryOf(t: ProjectRef | ComponentRef | TranslationRef): string {
  const path = 'language' in t ? translationPath(t) : 'component' in t ? componentPath(t) : projectPath(t);
  return `${path}repository/`;
}
