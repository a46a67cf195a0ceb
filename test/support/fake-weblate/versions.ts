/**
 * The fake as a given Weblate release: startFakeWeblate({ version: '5.4' }) answers as that release
 * does, each behaviour below mapped to one of the fake's options and citing the Weblate source it
 * follows. Without a version the fake keeps its own historic defaults (5.4.2's shapes, lists ordered
 * by name, a 100-item /api/units/ page): the tests written before versions rely on them.
 *
 * Sources: upstream Weblate at 2026.8 (the public snapshot v9833078908/weblate-HC, whose weblate/api/,
 * weblate/utils/ and weblate/checks/ match upstream), Weblate's changelog (docs/changes.rst) for the
 * release a behaviour came with, and ../../../shared/weblate-facts.md where the snapshot cannot tell an
 * older release's behaviour. Explicit options given next to `version` win over the table.
 */
import type { FakeOptions } from './index.js';

/** The releases the tests name (any "X.Y[.Z]" works: rows compare part by part). */
export const WEBLATE_VERSIONS = ['5.4', '5.10', '5.17', '2026.4', '2026.8', '2026.11'] as const;
export const OLDEST = WEBLATE_VERSIONS[0];
export const NEWEST = WEBLATE_VERSIONS[WEBLATE_VERSIONS.length - 1]!;

/** -1, 0, 1 as a is older than, the same as, newer than b, part by part ("5.10" > "5.4", "2026.4" > "5.17"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
export const atLeast = (version: string, since: string): boolean => compareVersions(version, since) >= 0;

/** The router's names the /api/ root lists, in registration order (weblate/api/urls.py at 2026.8), with the release each came with. */
const ROOT_NAMES: ReadonlyArray<readonly [name: string, since: string]> = [
  ['users', '2.0'],
  ['groups', '4.0'],
  ['roles', '4.0'],
  ['projects', '2.0'],
  ['components', '2.0'],
  ['translations', '2.0'],
  ['memory', '4.14'],
  ['languages', '2.0'],
  ['component-lists', '4.0'],
  ['changes', '2.0'],
  ['units', '2.0'],
  ['suggestions', '2026.8'],
  ['screenshots', '2.14'],
  ['tasks', '4.0'],
  ['addons', '4.4'],
  ['categories', '5.0'],
  // In the 2026.8 snapshot; the release that added it is not read, so it is listed from 2026.8 only.
  ['reports', '2026.8'],
];

/** Weblate's default exporters (weblate/formats/models.py FormatsConf.EXPORTERS) and the release each came with. */
const EXPORTERS: ReadonlyArray<readonly [name: string, since: string]> = [
  ...['po', 'xliff', 'xliff11', 'tbx', 'tmx', 'mo', 'csv', 'xlsx', 'json', 'aresource', 'strings'].map((n) => [n, '4.0'] as const),
  ['json-nested', '5.3'],
  ['csv-multi', '5.14'],
];

/** One behaviour of a release: what Weblate does, where, since when, and the fake's options for it. */
export interface VersionRow {
  behaviour: string;
  /** Weblate's source (file and function) and, where it says when, the changelog. */
  source: string;
  /** The release it holds from (before it, the older behaviour). */
  since: string;
  /** The fake's options for a release; absent: not mapped yet (another change plugs its option in here). */
  options?: (on: boolean, version: string) => Partial<FakeOptions>;
}

export const VERSION_ROWS: readonly VersionRow[] = [
  {
    behaviour: 'errors in drf-standardized-errors\' envelope {type, errors: [{code, detail, attr}]}; an Http404 says only "Not found."',
    source:
      'weblate/api/spectacular.py get_drf_settings: EXCEPTION_HANDLER drf_standardized_errors.handler.exception_handler, EXCEPTION_HANDLER_CLASS weblate.api.views.WeblateExceptionHandler (5.10; docs/api.rst "error responses are formatted based on drf-standardized-errors"); before: DRF\'s {"detail": …}',
    since: '5.10',
    options: (on) => ({ errorEnvelope: on ? 'modern' : 'legacy' }),
  },
  {
    behaviour: 'page_size honoured up to max_page_size',
    source: 'weblate/api/pagination.py StandardPagination.page_size_query_param (about 4.16; every release here has it)',
    since: '4.16',
    options: (on) => ({ honourPageSize: on }),
  },
  {
    behaviour: '/api/units/ honours q',
    source: 'weblate/api/views.py UnitViewSet.filter_queryset (4.14.1, "Added searching support in units API")',
    since: '4.14.1',
    options: (on) => ({ oldUnitsSearch: !on }),
  },
  {
    behaviour:
      "LargePagination (/api/units/, units/<id>/comments/ and suggestions/, /api/suggestions/, a component's statistics/) is 4 × PAGE_SIZE = 200 a page",
    source:
      'weblate/api/pagination.py LargePagination.page_size (StandardPagination.page_size * 4 at 2026.8, * 2 in the older file: 100); used by UnitViewSet, SuggestionViewSet, ComponentViewSet.statistics (weblate/api/views.py). The release of the change is not read: taken as 5.10, with the pagination schema rework that came with drf-spectacular 0.28',
    since: '5.10',
    options: (on) => ({ unitsPageSize: on ? 200 : 100, largePageSize: on ? 200 : 100 }),
  },
  {
    behaviour: "lists by id: projects, languages, a component's translations and statistics",
    source:
      'weblate/api/views.py ProjectViewSet.get_queryset, LanguageViewSet.get_queryset (order_by("id")), ComponentViewSet.translations and .statistics (translation_set…order_by("id"))',
    since: '2.0',
    options: (on) => ({ orderById: on }),
  },
  {
    behaviour: 'X-RateLimit-Limit, -Remaining, -Reset on every throttled answer; 429 with Retry-After',
    source: 'weblate/api/middleware.py ThrottlingMiddleware, weblate/api/throttling.py (every release here)',
    since: '4.0',
    options: () => ({}),
  },
  {
    behaviour: "the /api/ root lists the router's names in registration order (not metrics or search)",
    source: 'weblate/api/urls.py router.register (DRF DefaultRouter APIRootView); metrics/ and search/ are plain paths',
    since: '2.0',
    options: (_on, version) => ({ rootNames: ROOT_NAMES.filter(([, since]) => atLeast(version, since)).map(([name]) => name) }),
  },
  {
    behaviour: "a project's file/ (a zip of the whole project)",
    source: 'weblate/api/views.py ProjectViewSet.file (5.5, docs/changes.rst)',
    since: '5.5',
    options: (on) => ({ projectDownload: on }),
  },
  {
    behaviour: 'units/<id>/comments/',
    source: 'weblate/api/views.py UnitViewSet.comments (5.15)',
    since: '5.15',
    options: (on) => ({ unitComments: on }),
  },
  {
    behaviour:
      'states 11 (needs rewriting) and 12 (needs checking); is:needs-editing and is:fuzzy are 10, 11 and 12. Before: no string is in 11 or 12 (the fake holds them in 10), is:needs-editing is state 10, state:needs-rewriting and state:needs-checking are "Unsupported state"',
    source:
      'weblate/utils/state.py STATE_NEEDS_REWRITING, STATE_NEEDS_CHECKING, FUZZY_STATES, STATE_NAMES; weblate/utils/search.py is_field (state__in=FUZZY_STATES; before: Q(state=STATE_FUZZY), WeblateOrg/weblate weblate/utils/search.py 02526c6) and convert_state (docs/changes/v5.rst 5.15: "Added two new states")',
    since: '5.15',
    options: (on) => ({ search: { fuzzyStates: on } }),
  },
  {
    behaviour: 'path:p/cat/c[/l] in the unit search (before: a 400 "Unsupported field: path")',
    source: 'weblate/utils/search.py UnitTermExpr.path_field (docs/changes/v5.rst 5.8: "search now supports filtering by object path")',
    since: '5.8',
    options: (on) => ({ search: { path: on } }),
  },
  {
    behaviour: 'check:ID and dismissed_check:ID match the check names that contain ID (check:=ID the name itself); before: check:ID is the name iexact',
    source:
      'weblate/utils/search.py UnitTermExpr.check_field, dismissed_check_field (name__icontains; ":=" name__iexact) at 2026.8; before, "check" was in EXACT_FIELD_MAP (":" made iexact: field_name, WeblateOrg/weblate weblate/utils/search.py 02526c6, a 5.x file without path_field). The release of the change is not read (no changelog line): taken as 2026.5, the first release after 5.17',
    since: '2026.5',
    options: (on) => ({ search: { checkSubstring: on } }),
  },
  {
    behaviour: 'component:=X is the slug OR the name iexact (before: the slug exact OR the name icontains, whatever the operator)',
    source:
      'weblate/utils/search.py UnitTermExpr.component_field at 2026.8; before: EXACT_FIELD_MAP component slug and field_extra name__icontains (WeblateOrg/weblate weblate/utils/search.py 02526c6); taken as 5.0, the 5.x rework src/weblate/scope.ts reads',
    since: '5.0',
    options: (on) => ({ search: { componentNameContains: !on } }),
  },
  {
    behaviour: 'the conversions (exporters) a translation and a zip take: json-nested from 5.3, csv-multi from 5.14; another is a 400 on format, a zip a 404',
    source:
      'weblate/formats/exporters.py (each exporter\'s name), weblate/formats/models.py FormatsConf.EXPORTERS; docs/changes/v5.rst 5.3 "Added nested JSON exporter", 5.14 "Added multivalue CSV"; weblate/api/views.py TranslationViewSet.file, weblate/trans/views/files.py download_multi',
    since: '5.14',
    options: (_on, version) => ({ exporters: EXPORTERS.filter(([, since]) => atLeast(version, since)).map(([name]) => name) }),
  },
  {
    behaviour:
      "a project's repository/ computes needs_commit, needs_merge, needs_push, url (and pending_units) only; merge_failure, outgoing_commits, missing_commits, remote_commit, weblate_commit and status are null; a translation's carries a component's full set",
    source:
      'weblate/api/views.py ProjectViewSet.repository and WeblateViewSet.repository (weblate/api/tests.py ProjectAPITest.test_repo_status, TranslationAPITest.test_repo_status); the same in every release the fake names',
    since: '4.0',
    options: () => ({}),
  },
  {
    behaviour: "a project's lock/ is true only when every component is locked",
    source: 'weblate/trans/models/project.py Project.locked (every release the fake names)',
    since: '4.0',
    options: () => ({}),
  },
  {
    behaviour: 'POST memory/lookup/',
    source: 'weblate/api/views.py MemoryViewSet.lookup (5.17); 4.14-5.16: the memory detail route answers 405',
    since: '5.17',
    // Before 5.17 the memory API (4.14) reads `lookup` as a detail route's id: POST is a 405; from
    // 5.17 to 2026.4 the lookup ignores `exact` (MemoryViewSet.lookup honours it since 2026.5).
    options: (on, version) => ({ memoryLookup: !on ? (atLeast(version, '4.14') ? '405' : 'none') : atLeast(version, '2026.5') ? 'full' : 'no-exact' }),
  },
  {
    behaviour: 'units/<id>/suggestions/ and /api/suggestions/',
    source: 'weblate/api/views.py UnitViewSet.suggestions, SuggestionViewSet (2026.8)',
    since: '2026.8',
    options: (on) => ({ suggestionsApi: on }),
  },
  {
    behaviour: 'projects/<p>/metrics/ (404 before), with components shared into the project; projects carry metrics_url',
    source: 'weblate/api/views.py ProjectViewSet.metrics, get_project_metrics_data; weblate/api/serializers.py ProjectSerializer.metrics_url (2026.8)',
    since: '2026.8',
    options: (on) => ({ projectMetrics: on, metricsUrl: on }),
  },
  // File names (weblate/utils/views.py download_translation_file, weblate/formats/base.py get_filename)
  // are the same in every release the fake names: the fake always answers them as 2026.8 does.
];

/** The fake's options for a release: every mapped row, on from its release. */
export function versionOptions(version: string): Partial<FakeOptions> {
  if (!/^\d+(\.\d+)*$/.test(version)) throw new Error(`fake-weblate: not a Weblate version: ${version}`);
  const out: Partial<FakeOptions> = {};
  for (const row of VERSION_ROWS) {
    const o = row.options?.(atLeast(version, row.since), version) ?? {};
    Object.assign(out, o, o.search ? { search: { ...out.search, ...o.search } } : {});
  }
  return out;
}
