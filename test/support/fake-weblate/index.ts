/**
 * Fake Weblate server (read API, shapes of Weblate 5.4.2) for tests, the demo and the benchmark.
 *
 *   const fake = await startFakeWeblate({ defaultPageSize: 5 });
 *   await fetch(fake.url + 'translations/demo/android/cs/units/');  // fake.url = http://127.0.0.1:<port>/api/
 *   fake.expected('/api/translations/demo/android/cs/')             // exact response the server would send
 *   await fake.close();
 *
 * Dataset (see DATA, HOSTILE, HASHES; unit/change models in DATA.units / DATA.changes):
 *   demo/android/{en,cs,de,ar,ja}  Android (aresource). en = source (is_source/is_template, units state 100).
 *                                  en/cs/de/ar: 32 units each (2 plural units), ja: 0 units and 0 changes.
 *                                  cs: 5 empty, 2 fuzzy, 22 translated, 3 approved (+ 1 failing check,
 *                                  1 suggestion, 1 comment); ar: direction rtl, 6 plural forms.
 *   demo/glossary/{en,cs}          glossary (tbx, empty filename/revision), 3 units, cs state 20 "terminology".
 *   demo/docs%2Fguide/{en,cs}      component "guide" in category "docs" (id 1), 6 units.
 *   demo/docs%2Fapi%2Freference/{en,cs}
 *                                  component "reference" in category "api" (id 2) inside "docs": two
 *                                  categories deep, 2 units (cs: 1 translated, 1 empty). The demo project
 *                                  keeps 76.0 % translated (114 of 150 units).
 *   big/strings/{en,xx}            generated: options.bigUnits units (default 2000) each; xx has
 *                                  options.bigChanges changes (default 2000), en none.
 *   secret/android/{en,cs}         private project: visible only with a valid token (else JSON 404), 3 units.
 *   Languages: en cs de ar ja xx (xx population 9007199254740993 = 2^53+1, beyond float64).
 *   Components by id: 1 demo/android, 2 demo/glossary, 3 demo/docs/guide, 4 big/strings, 5 secret/android,
 *   6 demo/docs/api/reference. Categories: 1 demo/docs, 2 demo/docs/api (parent 1).
 *   Hostile texts live in the android strings (sources shared by en/cs/de/ar, targets per language,
 *   contexts, notes) and in cs/de change targets: see HOSTILE. 64-bit hashes: unit app_name has
 *   id_hash 9223372036854775807 (all languages), cs content_hash -9223372036854775808; unit
 *   action_settings has id_hash 9007199254740993, cs content_hash -9007199254740993.
 *   Unit ids are unique server-wide and ascend with position (positions have gaps); change
 *   timestamps ascend with change id. Changes are listed newest first (options.changesOrder).
 *
 * Unknown paths and paths without a trailing slash → HTML 404 (Django debug page); unknown
 * project/component/language/unit/category/change → JSON 404 in the configured envelope.
 * Endpoints beyond the brief's six: /api/, /api/projects/, /api/projects/<p>/, /api/projects/<p>/components/
 * (items without `project`, as Weblate), /api/projects/<p>/categories/, /api/projects/<p>/changes/,
 * /api/components/, /api/components/<p>/<c>/changes/, /api/translations/, /api/categories/,
 * /api/categories/<id>/, /api/categories/<id>/statistics/, /api/languages/, /api/units/ (q with scope terms
 * project:/component:/language:/path:, LargePagination), /api/units/<id>/, /api/changes/ (whole server),
 * /api/changes/<id>/, /api/users/ and /api/users/<username>/ (the users the changes name), the …/file/ of a
 * translation, component or project (components and projects: real zip files, fakeZipEntries). Changes lists share the filters action (repeatable), user, timestamp_after,
 * timestamp_before at every scope and are ordered newest first by timestamp, then id.
 * Runtime: oldShapes, exotic, oldUnitsSearch (a server before 4.14.1: /api/units/ ignores q),
 * addChanges (new history for pollers), rateLimit (X-RateLimit-* values, optional 429 at 0, or no rate
 * limit at all: SAMPLE_OPTIONS, the sample server's), faults,
 * nextLinks, growAfterFirstPage.
 * growAfterFirstPage only changes the named list (not the counts in translation/statistics objects);
 * neither do addChanges. Lists keep the fake's historic order where tests rely on it: projects and
 * languages by name, a component's translations (and statistics) source first, then by language name
 * (Weblate orders all of these by id); the lists added later are by id like Weblate.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  CATEGORIES as DEMO_CATEGORIES,
  COMPONENTS as DEMO_COMPONENTS,
  PROJECTS as DEMO_PROJECTS,
  SCREENSHOTS as DEMO_SCREENSHOTS,
  STATIC_CHANGE_BY_ID as DEMO_STATIC_CHANGE_BY_ID,
  STATIC_UNIT_BY_ID as DEMO_STATIC_UNIT_BY_ID,
  TRANSLATIONS as DEMO_TRANSLATIONS,
  TRANSLATION_BY_KEY as DEMO_TRANSLATION_BY_KEY,
} from './data.js';
import {
  ACTION_NAMES,
  CATEGORIES,
  CATEGORY_BY_ID,
  COMPONENTS,
  CS_COMMENTS,
  CS_SUGGESTIONS,
  fakeScreenshotPng,
  HASHES,
  HOSTILE,
  LANGUAGES,
  LANGUAGE_BY_CODE,
  TRANSLATIONS,
  TRANSLATION_BY_KEY,
  changeTimestampUs,
  countChars,
  countWords,
  hash64,
  isActionChoice,
  lang,
  makeBig,
  sha40,
  unitTimestampUs,
} from './data.js';
import type { BigData, CategoryDef, ChangeModel, ComponentDef, ProjectDef, TranslationDef, UnitModel } from './data.js';
import { quotePlus, stringify } from './json.js';
import type { Json, JsonObject } from './json.js';
import { CURRENT_SEARCH, QueryError, compileUnitQuery } from './query.js';
import type { SearchDialect, UnitPred, UnitScope } from './query.js';
import {
  addChange,
  api,
  addUnit,
  emptyAgg,
  mergeAgg,
  renderCategory,
  renderChange,
  renderComponent,
  renderLanguage,
  renderProject,
  renderStats,
  renderTranslation,
  renderTranslationStats,
  renderMetricsStats,
  renderComment,
  renderSuggestion,
  renderUnit,
  renderUser,
} from './render.js';
import type { Agg, CommentDef, Ctx, SuggestionDef, UserDef } from './render.js';
import { zipStore } from '../zip.js';
import { versionOptions } from './versions.js';
import { TESTS_COMPONENTS, TESTS_DISCUSSION, TESTS_PROJECT, TESTS_SCREENSHOTS, TESTS_TRANSLATIONS } from './weblate-tests-world.js';
import type { ZipEntry } from '../zip.js';

export { HOSTILE, HASHES, ACTION_NAMES, SCREENSHOTS, fakeScreenshotPng } from './data.js';
export type { UnitModel, ChangeModel, CategoryDef } from './data.js';
export type { UnitScope } from './query.js';
export { stringify } from './json.js';

export interface FakeOptions {
  /**
   * default 'demo' (the dataset above); 'weblate-tests': the world of Weblate's own API tests (project
   * test, component test with cs/de/en/it, a glossary, 16 units: weblate-tests-world.ts), so the rows
   * of its test expectations can be replayed (test/weblate-oracle.test.ts). Only the endpoints those
   * rows read are held to it; the big, apps and many-languages extras are the demo world's.
   */
  world?: 'demo' | 'weblate-tests';
  /**
   * The Weblate release to answer as ('5.4', '5.10', '5.17', '2026.4', '2026.8', '2026.11', any X.Y[.Z]):
   * sets the options below as that release behaves (versions.ts VERSION_ROWS, each with its Weblate
   * source); an option given here as well wins. Absent: the fake's historic defaults.
   */
  version?: string;
  /**
   * Page size of Weblate's other LargePagination lists: units/<id>/comments/ and suggestions/,
   * /api/suggestions/, a component's statistics/ (weblate/api/views.py UnitViewSet, SuggestionViewSet,
   * ComponentViewSet.statistics). Default: defaultPageSize, as before versions.
   */
  largePageSize?: number;
  /**
   * default false (the fake's historic order, by name / source first): true lists projects, languages,
   * a component's translations and statistics by id, as Weblate does (order_by("id")).
   */
  orderById?: boolean;
  /** The names the /api/ root lists, in order (versions.ts: weblate/api/urls.py); default the fake's historic list. */
  rootNames?: readonly string[];
  /** default true: projects/<p>/file/ (Weblate 5.5); false: an unknown path. */
  projectDownload?: boolean;
  /** default true: units/<id>/comments/ (Weblate 5.15); false: an unknown path. */
  unitComments?: boolean;
  /** default true: units/<id>/suggestions/ and /api/suggestions/ (Weblate 2026.8); false: unknown paths. */
  suggestionsApi?: boolean;
  /** default false: demo/android also has a localized screenshot (3, of its cs translation, showing cs units). */
  localizedScreenshots?: boolean;
  /** default false: project objects carry metrics_url (Weblate 2026.8, ProjectSerializer.metrics_url). */
  metricsUrl?: boolean;
  /** default '/api/'; e.g. '/weblate/api/' for a sub-path install */
  apiPrefix?: string;
  /** default 50 (units, changes and other lists) */
  defaultPageSize?: number;
  /** default true: `page_size` honoured up to 1000; false: ignored (old server) */
  honourPageSize?: boolean;
  /** default 0: delay before every response */
  latencyMs?: number;
  /**
   * Schedules the latency delay (default: setTimeout); returns a cancel function. Its own self-test
   * injects one to hold and release responses without reading a clock.
   */
  setTimer?: (run: () => void, ms: number) => () => void;
  /** Keep each computed response by URL (the benchmark: measure the client, not this generator). */
  cacheResponses?: boolean;
  /** Write JSON with ", " and ": " separators (legal; some proxies and old servers do). */
  spacedJson?: boolean;
  /** default 'legacy' ({"detail": "..."}); 'modern' = Weblate ≥ 5.10 envelope */
  errorEnvelope?: 'legacy' | 'modern';
  /** default 'desc' (newest first) */
  changesOrder?: 'desc' | 'asc';
  /** default 'numbered'; 'cursor': no count, `page` ignored, opaque `cursor` links (fake.pagination) */
  pagination?: 'numbered' | 'cursor';
  /** if set, any other presented token → 401; the private project needs this token. If unset, any token authenticates. */
  token?: string;
  /** units in big/strings/{en,xx} (default 2000) */
  bigUnits?: number;
  /** changes in big/strings/xx (default 2000) */
  bigChanges?: number;
  /** default 'array' */
  projectLanguagesShape?: 'array' | 'paginated';
  /** listen port (default 0 = random) */
  port?: number;
  /**
   * Default page size of /api/units/ (UnitViewSet uses Weblate's LargePagination: page_size =
   * 2 × PAGE_SIZE, max_page_size 10000 — weblate/api/pagination.py; docs: "For the units endpoints the
   * default is 100 with a maximum of 10000"; newer releases use 4 × PAGE_SIZE). Default 2 × defaultPageSize.
   */
  unitsPageSize?: number;
  /**
   * Simulate a server older than Weblate 4.14.1, whose /api/units/ ignores `q` (no filtering, no
   * parse errors: every unit the caller can see). Runtime toggle: fake.oldUnitsSearch(on).
   */
  oldUnitsSearch?: boolean;
  /**
   * Initial rate-limit state, as fake.rateLimit() sets it. Default: Weblate's (headers on every API
   * answer, counting down, never refusing). false: no rate limit at all, as a Weblate whose throttling is
   * off (no X-RateLimit-* headers, no counting, no 429): the sample server's (SAMPLE_OPTIONS).
   */
  rateLimit?: RateLimitSetting | false;
  /** The Content-Disposition of every …/file/ answer (hostile names in tests). */
  fileDisposition?: string;
  /** default true: …/file/ is gzip-compressed when the request accepts gzip; false: always identity. */
  fileGzip?: boolean;
  /**
   * default 0 (none): a component many/strings with a source translation (en) and this many more
   * (x001, x002, …), each with its file (po/<code>.po), for measuring `wli pull` (npm run bench). Only
   * its translations list, translation objects and files are served; nothing else lists it.
   */
  manyLanguages?: number;
  /**
   * default false: the project apps (components mobile, Android with language_code_style android, and
   * desktop, gettext) in French, Portuguese (Brazil), Serbian (latin) and Chinese (Traditional): codes
   * with a region and a script, for language lists. Off by default so the server-wide lists the other
   * tests pin (projects, languages, components) stay as they are; the sample server has it.
   */
  apps?: boolean;
  /**
   * default false: the project devices, whose components android, android-tv and wear (named "Android
   * Wear") overlap as Weblate's substring search sees them, with checks whose ids contain each other's
   * (same, same-plurals; c_format, objc_format), states 11 and 12 and pending strings.
   */
  overlaps?: boolean;
  /**
   * How the unit search differs from current Weblate's (query.ts SearchDialect; default none): e.g.
   * { path: false, checkSubstring: false, componentNameContains: true }, a 4.x server's.
   */
  search?: Partial<SearchDialect>;
  /**
   * default 'full': the translation memory lookup as the server has it (POST /api/memory/lookup/,
   * weblate/api/views.py MemoryViewSet.lookup). 'none': no memory API at all (before 4.14: the path is
   * unknown, an HTML 404); '405': a memory API without the lookup (4.14 to 5.16: `lookup` is read as a
   * detail route's id, and POST is not allowed there); 'no-exact': the lookup before 2026.5, which
   * ignores `exact` (fuzzy matches come back, `exact` false).
   */
  memoryLookup?: 'none' | '405' | 'no-exact' | 'full';
  /**
   * default every exporter of 2026.8 (EXPORTER_EXTENSIONS): the conversions the server has. An older
   * release has fewer (json-nested from 5.3, csv-multi from 5.14); a translation asked another is a 400 on
   * `format`, a zip a 404 after its pending changes were committed (weblate/trans/views/files.py download_multi).
   */
  exporters?: readonly string[];
  /**
   * /api/metrics/ answers 404, as behind a reverse proxy that keeps monitoring endpoints private
   * (weblate/api/views.py Metrics is otherwise always routed: weblate/api/urls.py path("metrics/")).
   */
  noMetrics?: boolean;
  /**
   * default true: /api/projects/<p>/metrics/ (Weblate 2026.8) answers every component × language of
   * the project; false: it is an unknown path (HTML 404), as on an older server. Old shapes mode has none.
   */
  projectMetrics?: boolean;
  /**
   * Components shared into another project (Weblate's ComponentLink): 'demo/glossary' into 'big', under
   * the link's category path there (none: at the top). The project's statistics and metrics include them
   * (weblate/utils/stats.py ProjectStats.get_child_objects; weblate/api/views.py get_project_metrics_data,
   * keyed by the link's category and the slug, "<path>@<id>" when two keys clash); its components/ list
   * does not; the component's links/ lists the projects it is shared into.
   */
  sharedComponents?: readonly { component: string; into: string; category?: string }[];
  /** Components (paths) the metrics answer keys "<slug>@<id>", as Weblate does when two paths clash. */
  metricsClash?: string[];
  /** Components (paths) the metrics answer leaves out, as Weblate leaves out those the caller may not see. */
  metricsHidden?: string[];
  /**
   * Locked components ('demo/android'); a project ('demo') locks each of its components, as Weblate's
   * project lock does. A project's …/lock/ says locked only when every component is (fake.lock()).
   */
  locked?: readonly string[];
  /**
   * Repository state of components beyond what the data says (…/repository/; needs_commit is always
   * "has pending strings"): 'demo/android' → needs_push and the rest (fake.repository()). A translation
   * answers its component's; a project only needs_merge and needs_push (any component's), the rest null.
   * …/repository/ answers only an authenticated caller (the VCS permission); anonymous → 403.
   */
  repositories?: Readonly<Record<string, RepositoryState>>;
}

/** What …/repository/ says beyond needs_commit (from the pending strings). */
export interface RepositoryState {
  needs_merge?: boolean;
  needs_push?: boolean;
  merge_failure?: string | null;
  outgoing_commits?: number;
  missing_commits?: number;
}

/**
 * The sample server (`npm run sample-server`, `npm run demo`): the fake as a person tries it by hand. No
 * rate limit, as the README promises: Weblate's anonymous 100 requests a day would run out within
 * minutes of trying commands, and every later command would warn about it.
 */
export const SAMPLE_OPTIONS: Readonly<FakeOptions> = {
  rateLimit: false,
  apps: true,
  locked: ['apps/desktop'],
  repositories: { 'demo/android': { needs_push: true, outgoing_commits: 2 } },
};

/** When every …/file/ of the fake server last changed (its Last-Modified). */
export const FILE_LAST_MODIFIED = 'Wed, 21 Oct 2026 07:28:00 GMT';
/**
 * Weblate's default exporters and each one's file extension (weblate/formats/exporters.py: each
 * class's `name` and `extension`; the list is FormatsConf.EXPORTERS in weblate/formats/models.py, 2026.8).
 * json-nested came in 5.3 and csv-multi in 5.14 (docs/changes/v5.rst): FakeOptions.exporters leaves them out.
 */
const EXPORTER_EXTENSIONS: Readonly<Record<string, string>> = {
  po: 'po',
  xliff: 'xlf',
  xliff11: 'xlf',
  tbx: 'tbx',
  tmx: 'tmx',
  mo: 'mo',
  csv: 'csv',
  'csv-multi': 'csv',
  xlsx: 'xlsx',
  json: 'json',
  'json-nested': 'json',
  aresource: 'xml',
  strings: 'strings',
};

/** How a translation's file as stored looks, by its component's file format: extension and content type. */
const STORED_FORMATS: Record<string, { ext: string; type: string }> = {
  aresource: { ext: 'xml', type: 'application/xml' },
  markdown: { ext: 'md', type: 'text/markdown; charset=utf-8' },
  tbx: { ext: 'tbx', type: 'application/x-tbx' },
  po: { ext: 'po', type: 'text/x-po; charset=utf-8' },
};

/** The component's file format of a translation ("p/c/l", categories included: "demo/docs/guide/cs"); po when unknown. */
function storedFormatOf(key: string): string {
  const tr = TRANSLATION_BY_KEY.get(key);
  const comp = tr && COMPONENTS.find((c) => c.project === tr.project && c.path === tr.component);
  return comp?.fileFormat ?? 'po';
}

/**
 * What …/file/ of a translation sends without `format`: the file as stored in the repository, in the
 * component's own format (Android XML, Markdown, TBX, PO), its name Weblate's
 * `<project>-<component slug>-<language>.<extension of the repository file>` (weblate/trans/views/files.py).
 */
export function fakeTranslationFile(key: string, changes = 0): { bytes: Buffer; name: string; contentType: string } {
  const parts = key.split('/');
  const [project, language] = [parts[0]!, parts[parts.length - 1]!];
  const slug = parts[parts.length - 2]!;
  const tr = TRANSLATION_BY_KEY.get(key);
  const format = storedFormatOf(key);
  const stored = STORED_FORMATS[format] ?? STORED_FORMATS.po!;
  const ext = /\.([^./]+)$/.exec(tr?.filename ?? '')?.[1] ?? stored.ext;
  return { bytes: fakeFileBytes(key, false, null, changes), name: `${project}-${slug}-${language}.${ext}`, contentType: stored.type };
}

/**
 * The bytes of …/file/ for a translation ("p/c/l", its file as stored in the component's format, or
 * with `format` a conversion) or a component or project ("p/c", "p": a zip, see fakeZipEntries).
 * `changes`: how many times fake.changeFile() changed the translation's file (0: as the dataset has it);
 * each change adds a line, as an upstream commit or msgmerge would change the file.
 */
export function fakeFileBytes(key: string, zip: boolean, format: string | null, changes = 0): Buffer {
  if (!zip) {
    const hello = 'Ahoj — přílišný žluťoučký kůň';
    let text: string;
    switch (format === null ? storedFormatOf(key) : 'po') {
      case 'aresource':
        text = `<?xml version="1.0" encoding="utf-8"?>\n<!-- ${key} -->\n<resources>\n    <string name="hello">${hello}</string>\n</resources>\n`;
        break;
      case 'markdown':
        text = `<!-- ${key} -->\n# ${hello}\n`;
        break;
      case 'tbx':
        text = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${key} -->\n<tbx type="TBX-Basic" style="dca" xml:lang="en"><text><body><conceptEntry id="hello"><langSec xml:lang="${key.split('/').pop()}"><termSec><term>${hello}</term></termSec></langSec></conceptEntry></body></text></tbx>\n`;
        break;
      default:
        text = `# ${key}${format ? ` (${format})` : ''}\nmsgid "Hello"\nmsgstr "${hello}"\n`;
    }
    const changed = Array.from({ length: changes }, (_, i) =>
      format === null && storedFormatOf(key) !== 'po' ? `<!-- upstream change ${i + 1} -->\n` : `# upstream change ${i + 1}\n`,
    );
    return Buffer.from(text.repeat(key.includes('big') ? 4000 : 1) + changed.join(''), 'utf8');
  }
  return zipStore(fakeZipEntries(key, format), new Date(FILE_LAST_MODIFIED));
}

/**
 * What the zip of a component ("p/c", "p/category/c") or project ("p") holds, as Weblate's
 * download_multi builds it (weblate/trans/views/files.py, zip_download in weblate/utils/views.py):
 * - `format` absent, '' or 'zip': each translation's file as stored, at its repository filename under
 *   the component's folder of Weblate's VCS directory (`demo/android/app/src/main/res/values-cs/strings.xml`),
 *   sorted by name; a translation without a filename has no file (the glossary here).
 * - `zip:FMT`: each translation converted, named as its exporter names it (the translation's URL path
 *   joined by '-', `demo-android-cs.po`), in the translations' order.
 * Each entry holds exactly what …/translations/<key>/file/ answers (with `?format=FMT` when converted).
 */
export function fakeZipEntries(key: string, format: string | null): ZipEntry[] {
  const [project, ...path] = key.split('/');
  const component = path.join('/');
  const trs = TRANSLATIONS.filter((t) => t.project === project && (component === '' || t.component === component)).sort((a, b) => a.id - b.id);
  const conversion = (format ?? '').replace(/^zip:?/, '');
  if (conversion !== '') {
    return trs.map((t) => ({
      name: `${t.project}-${t.component.replace(/\//g, '-')}-${t.lang}.${EXPORTER_EXTENSIONS[conversion] ?? conversion}`,
      data: fakeFileBytes(t.key, false, conversion),
    }));
  }
  return trs
    .filter((t) => t.filename !== '')
    .map((t) => ({ name: `${t.project}/${t.component}/${t.filename}`, data: fakeFileBytes(t.key, false, null) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Rate-limit headers (X-RateLimit-Limit/Remaining/Reset, weblate/api/middleware.py ThrottlingMiddleware)
 * for both buckets (anonymous: 100/day, token: 5000/hour by default). Each field left out keeps its value.
 */
export interface RateLimitSetting {
  /** X-RateLimit-Limit (default 100 anonymous, 5000 with a token) */
  limit?: number;
  /** requests left in both buckets; every later request takes one (never below 0) */
  remaining?: number;
  /** X-RateLimit-Reset, seconds until the window resets (default 86352 anonymous, 3570 with a token) */
  reset?: number;
  /**
   * true: a request that finds its bucket at 0 is refused like DRF's throttle: 429, Retry-After = reset,
   * {"detail":"Request was throttled. Expected available in N seconds."}. Default false: counters stop at
   * 0 and requests are still served (the behaviour before rateLimit existed).
   */
  enforce?: boolean;
}

/** A change for fake.addChanges(). */
export interface NewChange {
  /** action code, one of ACTION_NAMES (else addChanges throws) */
  action: number;
  /** username of `user` and `author` (default null: a change without a user) */
  user?: string | null;
  /** `target` text (default '') */
  target?: string;
  /** microseconds since the epoch; default: 1 s after the newest change on the server (or later) */
  timestampUs?: number;
  /** unit id inside this translation (default null: a translation-level change); unknown → throws */
  unit?: number | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** path+query as received */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body of a request that is not a GET or HEAD (the memory lookup's POST), as text. */
  body?: string;
}

export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'html200' }
  | { kind: 'truncate'; bytes?: number }
  | { kind: 'reset' }
  /** Never answers. `onClose`: called when the client gives up and closes the connection. */
  | { kind: 'stall'; onClose?: () => void }
  | { kind: 'stallBody' }
  /** Answers as usual, but only once `until` resolves (a slow file, released by the test). */
  | { kind: 'hold'; until: Promise<void> }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'rawBody'; body: string; status?: number; contentType?: string }
  /**
   * A body that never ends: status (default 200) and content type (default application/json), no
   * Content-Length (chunked), `prefix` (default '{"results":["'), then `chunk` (default 64 KiB of 'x')
   * written again and again, as fast as the client reads, until the client closes the connection, or
   * until `limitBytes` bytes were written: then the server destroys the connection (a guard, so a client
   * that reads without a cap cannot eat all memory). Each such body is logged in `fake.streams`.
   * `headers`: more response headers (a Content-Disposition, so the body is a file Weblate serves).
   */
  | { kind: 'endless'; status?: number; contentType?: string; prefix?: string; chunk?: string; limitBytes?: number; headers?: Record<string, string> };

/** An endless body the server sent (fault `endless`). */
export interface StreamedBody {
  /** path+query of the request */
  url: string;
  /** bytes of body written so far */
  bytes: number;
  /** how it ended, once it has: the connection closed ('client': the client hung up, or the fake server was closed), or the server hit limitBytes */
  ended?: 'client' | 'limit';
  /** resolves when it ended */
  done: Promise<'client' | 'limit'>;
}

export type FaultMatch = string | RegExp | ((r: RecordedRequest) => boolean);

export interface RateLimitState {
  anonymous: { limit: number; remaining: number; reset: number };
  token: { limit: number; remaining: number; reset: number };
  enforce: boolean;
  /** false: no rate limit (no headers, no counting, no 429) */
  on: boolean;
}

export interface ExpectedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface FakeWeblate {
  /** 'http://127.0.0.1:<port>' */
  origin: string;
  /** origin + apiPrefix */
  url: string;
  requests: RecordedRequest[];
  /**
   * Resolves once `done(requests)` holds: checked now and each time a request is recorded (on
   * arrival, before any fault, latency or answer). Tests synchronise on what the server saw, never
   * on time.
   */
  whenRequests(done: (requests: readonly RecordedRequest[]) => boolean): Promise<void>;
  /** endless bodies sent (fault `endless`), in request order */
  streams: StreamedBody[];
  /** string: substring of path+query; RegExp: tested on path+query; times default 1 (Infinity allowed) */
  fault(match: FaultMatch, fault: Fault, times?: number): void;
  nextLinks(mode: 'normal' | 'self' | { foreignOrigin: string }): void;
  /** How lists are paged: by number (Weblate today), or by cursor (planned: no count, `page` ignored). */
  pagination(mode: 'numbered' | 'cursor'): void;
  growAfterFirstPage(list: { translation: string; kind: 'units' | 'changes'; n: number }): void;
  oldShapes(on: boolean): void;
  exotic(on: boolean): void;
  /**
   * The `filename` of these translations ('demo/android/cs'; 'demo/docs%2Fguide/cs' or a slash-joined
   * key) in every translation object, e.g. a hostile '../../x'; null (or {}) restores the dataset's.
   * Their files are served as before.
   */
  filenames(names: Record<string, string> | null): void;
  /**
   * The `language_code` of these translations (the code their file name uses; keys as for filenames),
   * e.g. a hostile 'gradlew'; null (or {}) restores the dataset's. Their addresses stay the language's.
   */
  languageCodes(codes: Record<string, string> | null): void;
  /**
   * The file fields of these components ('demo/android', 'demo/docs/guide': filemask, template,
   * intermediate, new_base) in every component object, nested ones too; null restores the dataset's.
   */
  componentFiles(fields: Record<string, Partial<Record<'filemask' | 'template' | 'intermediate' | 'new_base', string>>> | null): void;
  /**
   * What an upstream commit, msgmerge or a template update does to a translation ('demo/android/cs';
   * 'demo/docs%2Fguide/cs' or a slash-joined key): its file gets other bytes (a line more each time,
   * fakeFileBytes(key, false, null, n) for the n-th change) and its `revision` another commit, while
   * its …/file/'s Last-Modified stays FILE_LAST_MODIFIED, as Weblate's (the translation's last change
   * in Weblate). Returns the file's new bytes. null restores every file.
   */
  changeFile(translation: string | null): Buffer | undefined;
  /** /api/units/ ignores `q` (a server older than Weblate 4.14.1) while on. */
  oldUnitsSearch(on: boolean): void;
  /** Lock or unlock a component, or every component of a project ('demo/android', 'demo'). */
  lock(target: string, on: boolean): void;
  /** A component's repository state (null: the dataset's). */
  repository(target: string, state: RepositoryState | null): void;
  /**
   * Make new changes appear (for clients that poll). `translation`: 'demo/android/cs' or
   * 'demo/docs%2Fguide/cs' (a slash-joined key works too). Each change gets a new id above every
   * existing one, in argument order, and is listed in the translation's, component's, project's and
   * the server's changes lists (newest first by timestamp, then id) and at /api/changes/<id>/.
   * Statistics and translation objects are not updated. Returns the new ids.
   */
  addChanges(translation: string, changes: readonly NewChange[]): number[];
  /** Set rate-limit state (see RateLimitSetting); null restores the defaults. Returns the state now. */
  /** false: no rate limit (no headers, no counting, no 429) until a later call turns it on again. */
  rateLimit(setting: RateLimitSetting | null | false): RateLimitState;
  /**
   * The slugs of the projects this server lists, in its list's order: to anonymous requests
   * (`authed` false) or to a valid token (true, the private ones too).
   */
  projects(authed: boolean): string[];
  /** The response the server would send now for a path+query (no recording, faults, latency or growth trigger). */
  expected(pathAndQuery: string, headers?: Record<string, string>): ExpectedResponse;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// dataset facts

const countStates = (units: readonly UnitModel[]): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const u of units) out[u.state] = (out[u.state] ?? 0) + 1;
  return out;
};
const DEFAULT_BIG = 2000;
/** Full names of the users the changes name (others: the username). */
const FULL_NAMES: Readonly<Record<string, string>> = { admin: 'Weblate Admin' };

/** Dataset facts (keys are API path forms 'project/component/lang'; big/* counts are for the defaults). */
export const DATA = {
  projects: ['demo', 'big', 'secret'] as const,
  /** components as API paths 'project/component' (a component in a category: 'demo/docs%2Fguide'), by id */
  components: COMPONENTS.filter((c) => c.project !== 'apps' && c.project !== 'devices').map((c) => `${c.project}/${c.path.replace(/\//g, '%2F')}`),
  /** categories: id, project, slug path, parent id */
  categories: CATEGORIES.map((c) => ({ id: c.id, project: c.project, path: c.path, name: c.name, parent: c.category })),
  /** action code → English action_name (Weblate's ActionEvents), as the server sends them */
  actionNames: ACTION_NAMES,
  /** public translations */
  translations: TRANSLATIONS.filter((t) => t.project !== 'secret' && t.project !== 'apps' && t.project !== 'devices').map((t) => t.apiKey),
  /** translations of the apps project (options.apps) */
  appsTranslations: TRANSLATIONS.filter((t) => t.project === 'apps').map((t) => t.apiKey),
  /** translations of the private project (token needed) */
  privateTranslations: TRANSLATIONS.filter((t) => t.project === 'secret').map((t) => t.apiKey),
  languages: LANGUAGES.filter((l) => !l.apps).map((l) => l.code),
  defaults: { pageSize: 50, bigUnits: DEFAULT_BIG, bigChanges: DEFAULT_BIG, maxPageSize: 1000 },
  unitCounts: Object.fromEntries(TRANSLATIONS.map((t) => [t.apiKey, t.kind === 'big' ? DEFAULT_BIG : t.units.length])) as Record<string, number>,
  changeCounts: Object.fromEntries(TRANSLATIONS.map((t) => [t.apiKey, t.kind === 'big' ? (t.lang === 'xx' ? DEFAULT_BIG : 0) : t.changes.length])) as Record<
    string,
    number
  >,
  /** per static translation: number of units by state code */
  stateCounts: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, countStates(t.units)])) as Record<
    string,
    Record<number, number>
  >,
  /** unit models of static translations, in list order (ascending position/id) */
  units: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, t.units])) as Record<string, readonly UnitModel[]>,
  /** change models of static translations, ascending id (the server lists them per changesOrder) */
  changes: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, t.changes])) as Record<string, readonly ChangeModel[]>,
  hostile: HOSTILE,
  hashes: HASHES,
};

/** Generated unit k (0-based) of big/strings/<role> for a given bigUnits, as the server builds it. */
export function bigUnit(k: number, role: 'source' | 'target' = 'target', bigUnits = DEFAULT_BIG): UnitModel {
  return makeBig(bigUnits, 0).unit(role, k);
}

// ---------------------------------------------------------------------------------------------
// helpers

const JSON_HEADERS = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
const A_RO = 'GET, HEAD, OPTIONS';
const A_LIST_POST = 'GET, POST, HEAD, OPTIONS';
const A_FULL = 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS';
const A_TRANSLATION = 'GET, DELETE, HEAD, OPTIONS';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] as string);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Python parse_qsl(keep_blank_values=True) */
function parseQueryPairs(raw: string): [string, string][] {
  const out: [string, string][] = [];
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const k = eq < 0 ? piece : piece.slice(0, eq);
    const v = eq < 0 ? '' : piece.slice(eq + 1);
    out.push([safeDecode(k.replace(/\+/g, ' ')), safeDecode(v.replace(/\+/g, ' '))]);
  }
  return out;
}

/** DRF replace_query_param / remove_query_param: other params kept, sorted by name */
function linkWithPage(base: string, pairs: [string, string][], page: string | null, key = 'page'): string {
  const groups = new Map<string, string[]>();
  for (const [k, v] of pairs) {
    if (k === 'page' || k === key) continue;
    const g = groups.get(k);
    if (g) g.push(v);
    else groups.set(k, [v]);
  }
  if (page !== null) groups.set(key, [page]);
  const keys = [...groups.keys()].sort();
  const qs = keys.flatMap((k) => (groups.get(k) as string[]).map((v) => `${quotePlus(k)}=${quotePlus(v)}`)).join('&');
  return qs === '' ? base : `${base}?${qs}`;
}

function last(q: URLSearchParams, name: string): string | null {
  const all = q.getAll(name);
  return all.length === 0 ? null : (all[all.length - 1] as string);
}

/** ISO 8601 → microseconds since epoch (UTC if no zone), null if invalid */
function parseIsoUs(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || sec! > 59) return null;
  const frac = m[7] ? Number(m[7].padEnd(6, '0')) : 0;
  let offsetMin = 0;
  const z = m[8];
  if (z && z.toUpperCase() !== 'Z') {
    const sign = z[0] === '-' ? -1 : 1;
    const digits = z.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
  }
  const ms = Date.UTC(y!, mo! - 1, d, h, mi, sec) - offsetMin * 60_000;
  return ms * 1000 + frac;
}

interface Resp {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes sent instead of body (a file, a zip). */
  raw?: Buffer;
  /** run after the response is computed (growth trigger) */
  after?: () => void;
}

interface Source<T> {
  count: number;
  get(i: number): T;
}
const arraySource = <T>(a: readonly T[]): Source<T> => ({ count: a.length, get: (i) => a[i] as T });
/** parts one after another, random access by binary search over the part offsets */
function concatSources<T>(parts: readonly Source<T>[]): Source<T> {
  const live = parts.filter((p) => p.count > 0);
  if (live.length === 0) return { count: 0, get: () => undefined as T };
  if (live.length === 1) return live[0] as Source<T>;
  const starts: number[] = [];
  let total = 0;
  for (const p of live) {
    starts.push(total);
    total += p.count;
  }
  return {
    count: total,
    get: (i) => {
      let lo = 0;
      let hi = live.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] as number) <= i) lo = mid;
        else hi = mid - 1;
      }
      return (live[lo] as Source<T>).get(i - (starts[lo] as number));
    },
  };
}
interface ChangeRef {
  tr: TranslationDef;
  c: ChangeModel;
}
interface UnitRef {
  tr: TranslationDef;
  u: UnitModel;
}
function filterSource<T>(src: Source<T>, pred: (t: T) => boolean): Source<T> {
  const idx: number[] = [];
  for (let i = 0; i < src.count; i++) if (pred(src.get(i))) idx.push(i);
  return { count: idx.length, get: (i) => src.get(idx[i] as number) };
}

class HttpError {
  constructor(readonly resp: Resp) {}
}

function htmlNotFound(origin: string, method: string, rawPath: string): Resp {
  const path = safeDecode(rawPath);
  const body = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta http-equiv="content-type" content="text/html; charset=utf-8">
  <title>Page not found at ${escapeHtml(path)}</title>
  <meta name="robots" content="NONE,NOARCHIVE">
</head>
<body>
  <div id="summary">
    <h1>Page not found <span>(404)</span></h1>
    <table class="meta">
      <tr>
        <th>Request Method:</th>
        <td>${escapeHtml(method)}</td>
      </tr>
      <tr>
        <th>Request URL:</th>
        <td>${escapeHtml(origin + rawPath)}</td>
      </tr>
    </table>
  </div>
  <div id="info">
      <p>
      Using the URLconf defined in <code>weblate.urls</code>,
      Django tried these URL patterns, in this order:
      </p>
      <ol>
          <li>[name='home']</li>
          <li>projects/ [name='projects']</li>
          <li>api/</li>
          <li>media/&lt;path:path&gt;</li>
      </ol>
      <p>
          The current path, <code>${escapeHtml(path.replace(/^\//, ''))}</code>,
        didn’t match any of these.
      </p>
  </div>
  <div id="explanation">
    <p>
      You’re seeing this error because you have <code>DEBUG = True</code> in
      your Django settings file. Change that to <code>False</code>, and Django
      will display a standard 404 page.
    </p>
  </div>
</body>
</html>
`;
  return {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Cookie, Origin', ...JSON_HEADERS },
    body,
  };
}

// ---------------------------------------------------------------------------------------------
// server

interface Env {
  ctx: Ctx;
  rr: RecordedRequest;
  rawPath: string;
  pairs: [string, string][];
  authed: boolean;
  trigger: boolean;
}
interface Route {
  allow: string;
  run(env: Env): Json | Resp;
  /** The answer to a POST, for the endpoints whose POST the fake serves (the memory lookup). */
  post?(env: Env): Json | Resp;
}
const isResp = (x: Json | Resp): x is Resp => typeof x === 'object' && x !== null && !Array.isArray(x) && 'status' in x && 'body' in x && 'headers' in x;

interface Growth {
  key: string;
  kind: 'units' | 'changes';
  n: number;
  done: boolean;
}

/** DRF's BooleanField.TRUE_VALUES and FALSE_VALUES (rest_framework/fields.py), as query text. */
const DRF_TRUE = new Set(['t', 'T', 'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', '1']);
const DRF_FALSE = new Set(['f', 'F', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF', '0']);

/** A translation as a server before 5.15 holds it: its strings in states 11 and 12 are in 10. */
function withoutRewritingStates(t: TranslationDef): TranslationDef {
  if (!t.units.some((u) => u.state === 11 || u.state === 12)) return t;
  return { ...t, units: t.units.map((u) => (u.state === 11 || u.state === 12 ? { ...u, state: 10 } : u)) };
}

export async function startFakeWeblate(given: FakeOptions = {}): Promise<FakeWeblate> {
  const options: FakeOptions = given.version === undefined ? given : { ...versionOptions(given.version), ...given };
  // The world's data, shadowing the demo dataset's names inside the server (module-level helpers keep the demo's).
  const testsWorld = options.world === 'weblate-tests';
  const PROJECTS = testsWorld ? [TESTS_PROJECT] : DEMO_PROJECTS;
  const COMPONENTS = testsWorld ? TESTS_COMPONENTS : DEMO_COMPONENTS;
  // Before Weblate 5.15 there are no states 11 and 12 (weblate/utils/state.py STATE_NEEDS_REWRITING,
  // STATE_NEEDS_CHECKING came with 5.15): such a server holds those strings as needs editing (10).
  const noRewriting = options.search?.fuzzyStates === false;
  const worldTranslations = testsWorld ? TESTS_TRANSLATIONS : DEMO_TRANSLATIONS;
  const TRANSLATIONS = noRewriting ? worldTranslations.map(withoutRewritingStates) : worldTranslations;
  const TRANSLATION_BY_KEY = testsWorld || noRewriting ? new Map(TRANSLATIONS.map((t) => [t.key, t])) : DEMO_TRANSLATION_BY_KEY;
  const STATIC_UNIT_BY_ID =
    testsWorld || noRewriting
      ? new Map(TRANSLATIONS.flatMap((t) => t.units.map((u) => [u.id, [t, u]] as [number, [TranslationDef, UnitModel]])))
      : DEMO_STATIC_UNIT_BY_ID;
  const STATIC_CHANGE_BY_ID = testsWorld
    ? new Map(TESTS_TRANSLATIONS.flatMap((t) => t.changes.map((c) => [c.id, [t, c]] as [number, [TranslationDef, ChangeModel]])))
    : DEMO_STATIC_CHANGE_BY_ID;
  const SCREENSHOTS = testsWorld ? TESTS_SCREENSHOTS : DEMO_SCREENSHOTS;
  const CATEGORIES = testsWorld ? [] : DEMO_CATEGORIES;
  let prefix = options.apiPrefix ?? '/api/';
  if (!prefix.startsWith('/')) prefix = '/' + prefix;
  if (!prefix.endsWith('/')) prefix += '/';
  const webRoot = prefix.endsWith('api/') ? prefix.slice(0, -4) : '/';
  const defaultPageSize = options.defaultPageSize ?? 50;
  const honourPageSize = options.honourPageSize ?? true;
  const latencyMs = options.latencyMs ?? 0;
  const setTimer =
    options.setTimer ??
    ((run: () => void, ms: number) => {
      const t = setTimeout(run, ms);
      return () => clearTimeout(t);
    });
  const envelope = options.errorEnvelope ?? 'legacy';
  const changesOrder = options.changesOrder ?? 'desc';
  const projectLanguagesShape = options.projectLanguagesShape ?? 'array';
  const spaced = options.spacedJson ?? false;
  const big: BigData = makeBig(options.bigUnits ?? DEFAULT_BIG, options.bigChanges ?? DEFAULT_BIG);

  let origin = '';
  let linkMode: 'normal' | 'self' | { foreignOrigin: string } = 'normal';
  let pagination: 'numbered' | 'cursor' = options.pagination ?? 'numbered';
  let old = false;
  let exoticOn = false;
  const requests: RecordedRequest[] = [];
  /** whenRequests() callers still waiting: each returns true once it is done. */
  const requestWaiters = new Set<() => boolean>();
  const streams: StreamedBody[] = [];
  const faults: { match: FaultMatch; fault: Fault; remaining: number }[] = [];
  const growths: Growth[] = [];
  const insertedUnits = new Map<string, UnitModel[]>();
  const insertedChanges = new Map<string, ChangeModel[]>();
  const insertedUnitById = new Map<number, [TranslationDef, UnitModel]>();
  const insertedChangeById = new Map<number, [TranslationDef, ChangeModel]>();
  let nextUnitId = big.nextFreeUnitId;
  let nextChangeId = big.nextFreeChangeId;
  let insertSeq = 0;
  const unitsPageSize = options.unitsPageSize ?? 2 * defaultPageSize;
  /** LargePagination's other lists (options.largePageSize) */
  const large = { dflt: options.largePageSize ?? defaultPageSize, max: options.largePageSize === undefined ? 1000 : 10000 };
  const orderById = options.orderById ?? false;
  let oldUnits = options.oldUnitsSearch ?? false;
  // Weblate keeps a lock per component: a project's lock POST locks each (Project.do_lock) and its GET
  // is Project.locked, true only when every component is (weblate/trans/models/project.py).
  const componentKeys = (target: string): string[] =>
    target.includes('/') ? [target] : COMPONENTS.filter((c) => c.project === target).map((c) => `${c.project}/${c.path}`);
  const locks = new Set((options.locked ?? []).flatMap(componentKeys));
  const exporters = new Set(options.exporters ?? Object.keys(EXPORTER_EXTENSIONS));
  const repositories = new Map(Object.entries(options.repositories ?? {}));
  // rate limiting: remaining per bucket; limit/reset header values; enforce → 429 at 0
  const RATE_DEFAULTS = { anon: { limit: 100, reset: 86352 }, authed: { limit: 5000, reset: 3570 } };
  const rate = { anon: 100, authed: 5000 };
  let rateLimitOverride: number | undefined;
  let rateResetOverride: number | undefined;
  let rateEnforce = false;
  /** false: the server has no rate limit (no headers, no counting, no 429) */
  let rateOn = true;
  const rateCount = (name: string, v: number | undefined): number | undefined => {
    if (v === undefined) return undefined;
    if (!Number.isInteger(v) || v < 0) throw new Error(`rateLimit: ${name} must be a non-negative integer`);
    return v;
  };
  function applyRateLimit(setting: RateLimitSetting | null | false): void {
    rateOn = setting !== false;
    if (setting === null || setting === false) {
      rate.anon = RATE_DEFAULTS.anon.limit;
      rate.authed = RATE_DEFAULTS.authed.limit;
      rateLimitOverride = undefined;
      rateResetOverride = undefined;
      rateEnforce = false;
      return;
    }
    const remaining = rateCount('remaining', setting.remaining);
    if (remaining !== undefined) {
      rate.anon = remaining;
      rate.authed = remaining;
    }
    if (setting.limit !== undefined) rateLimitOverride = rateCount('limit', setting.limit);
    if (setting.reset !== undefined) rateResetOverride = rateCount('reset', setting.reset);
    if (setting.enforce !== undefined) rateEnforce = setting.enforce;
  }
  if (options.rateLimit !== undefined) applyRateLimit(options.rateLimit);
  const aggCache = new Map<string, Agg>();
  // changes added by addChanges(), per translation key, ascending id
  const addedChanges = new Map<string, ChangeModel[]>();
  /** bumped whenever changes are added (addChanges, growth) */
  let changesVersion = 0;
  /** newest change timestamp on the server (base data, growth and added changes) */
  let newestChangeUs = 0;
  for (const t of TRANSLATIONS) for (const c of t.changes) newestChangeUs = Math.max(newestChangeUs, c.timestampUs);
  if (big.changes > 0) newestChangeUs = Math.max(newestChangeUs, big.change(big.changes - 1).timestampUs);

  // ----- users: the people its changes name, by id in the order they first appear (static data, then
  // addChanges); Weblate's UserViewSet lists every user by id, whatever projects the caller sees.
  const users = new Map<string, UserDef>();
  const knowUser = (name: string | null): void => {
    if (name === null || users.has(name)) return;
    users.set(name, { id: users.size + 1, username: name, fullName: FULL_NAMES[name] ?? name });
  };
  for (const t of TRANSLATIONS) for (const c of t.changes) [c.user, c.author].forEach(knowUser);
  knowUser('admin'); // big/strings' changes and the growth's are by admin
  if (testsWorld) knowUser('apitest');

  // ----- data access

  // A private project is visible only to a user who may see it: Weblate looks a project up among
  // request.user.allowed_projects (weblate/api/views.py ProjectViewSet.get_queryset; public and
  // protected projects for anyone, private ones by permission: weblate/auth/models.py
  // User.get_project_access_query), so to anyone else it is a 404 as if it did not exist.
  const withApps = options.apps ?? false;
  const withOverlaps = options.overlaps ?? false;
  const searchDialect = { ...CURRENT_SEARCH, ...options.search };
  const project = (slug: string, authed: boolean): ProjectDef | undefined =>
    PROJECTS.find((p) => p.slug === slug && (!p.private || authed) && (!p.apps || withApps) && (!p.overlaps || withOverlaps));
  /** The server's languages: the apps project's only when it is served. */
  const languages = testsWorld
    ? LANGUAGES.filter((l) => ['en', 'cs', 'de', 'it'].includes(l.code))
    : LANGUAGES.filter((l) => (!l.apps || withApps) && !l.tests);
  // Weblate lists a project's components by id (ProjectViewSet.components: order_by("id"))
  const componentsOf = (p: string): ComponentDef[] => COMPONENTS.filter((c) => c.project === p).sort((a, b) => a.id - b.id);
  /** The components shared into a project (options.sharedComponents), by id, with the link's category path. */
  const sharedInto = (p: string): { c: ComponentDef; category?: string }[] =>
    (options.sharedComponents ?? [])
      .filter((x) => x.into === p)
      .map((x) => {
        const c = COMPONENTS.find((y) => `${y.project}/${y.path}` === x.component);
        if (!c) throw new Error(`sharedComponents: unknown component ${x.component}`);
        return { c, category: x.category };
      })
      .sort((a, b) => a.c.id - b.c.id);
  const translationsOf = (c: ComponentDef): TranslationDef[] =>
    TRANSLATIONS.filter((t) => t.project === c.project && t.component === c.path).sort((a, b) =>
      orderById ? a.id - b.id : a.isSource !== b.isSource ? (a.isSource ? -1 : 1) : lang(a.lang).name.localeCompare(lang(b.lang).name),
    );
  /** Projects and languages: by id (Weblate, options.orderById) or by name (the fake's historic order). */
  const listOrder = <T extends { id: number; name: string }>(a: T, b: T): number => (orderById ? a.id - b.id : a.name.localeCompare(b.name));
  const visibleTranslations = (authed: boolean): TranslationDef[] => TRANSLATIONS.filter((t) => project(t.project, authed) !== undefined);
  const byId = <T extends { id: number }>(a: T, b: T): number => a.id - b.id;
  const componentOf = (tr: TranslationDef): ComponentDef => COMPONENTS.find((c) => c.project === tr.project && c.path === tr.component) as ComponentDef;
  /** a category and every category inside it */
  const categoryAndDescendants = (cat: CategoryDef): CategoryDef[] =>
    CATEGORIES.filter((c) => c.project === cat.project && (c.path === cat.path || c.path.startsWith(cat.path + '/')));
  /** translations of every component in the category or its sub-categories */
  const categoryTranslations = (cat: CategoryDef): TranslationDef[] => {
    const ids = new Set(categoryAndDescendants(cat).map((c) => c.id));
    const comps = COMPONENTS.filter((c) => c.category !== null && ids.has(c.category));
    return TRANSLATIONS.filter((t) => comps.some((c) => c.project === t.project && c.path === t.component));
  };
  const scopeCache = new Map<string, UnitScope>();
  const scopeOf = (tr: TranslationDef): UnitScope => {
    let sc = scopeCache.get(tr.key);
    if (!sc) {
      const c = componentOf(tr);
      const parts = c.path.split('/');
      sc = {
        project: tr.project,
        component: c.slug,
        componentName: c.name,
        componentPath: c.path,
        categories: parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/')),
        language: tr.lang,
      };
      scopeCache.set(tr.key, sc);
    }
    return sc;
  };

  const baseUnits = (tr: TranslationDef): Source<UnitModel> => {
    if (tr.kind === 'static') return arraySource(tr.units);
    const role = tr.isSource ? 'source' : 'target';
    return { count: big.units, get: (i) => big.unit(role, i) };
  };
  const unitsSource = (tr: TranslationDef): Source<UnitModel> => {
    const base = baseUnits(tr);
    const ins = insertedUnits.get(tr.key) ?? [];
    if (ins.length === 0) return base;
    return {
      count: ins.length + base.count,
      get: (i) => {
        if (i < ins.length) return ins[i] as UnitModel;
        const u = base.get(i - ins.length);
        return { ...u, position: u.position + ins.length };
      },
    };
  };

  // ----- changes at every scope
  //
  // Weblate lists changes with ChangeQuerySet.order() = order_by("-timestamp") at every scope
  // (TranslationViewSet/ComponentViewSet/ProjectViewSet.changes: obj.change_set.prefetch().order();
  // ChangeViewSet: Change.objects.last_changes(user) → filter_projects(user)...order()), in
  // weblate/trans/models/change.py and weblate/api/views.py. Equal timestamps: here the higher id
  // first (the database leaves that order open). changesOrder 'asc' reverses every list.
  // Base data (static and big) has timestamps ascending with id, so its order is id order; changes
  // from growAfterFirstPage/addChanges are merged in by (timestamp, id).

  const newestFirst = (a: ChangeRef, b: ChangeRef): number => b.c.timestampUs - a.c.timestampUs || b.c.id - a.c.id;
  const staticChangeCache = new Map<string, ChangeRef[]>();
  /** fully sorted lists (only needed when an added change is dated before base data), per scope and version */
  const mergedChangeCache = new Map<string, { version: number; src: Source<ChangeRef> }>();
  /** every change of the translations, newest first; growth-inserted changes included if withGrowth */
  const scopeChangesDesc = (trs: readonly TranslationDef[], withGrowth: boolean): Source<ChangeRef> => {
    const key = trs.map((t) => t.key).join('\n');
    let statics = staticChangeCache.get(key);
    if (!statics) {
      statics = [];
      for (const t of trs) if (t.kind === 'static') for (const c of t.changes) statics.push({ tr: t, c });
      statics.sort((a, b) => b.c.id - a.c.id);
      staticChangeCache.set(key, statics);
    }
    const parts: Source<ChangeRef>[] = [];
    let baseNewest = statics.length > 0 ? (statics[0] as ChangeRef).c.timestampUs : -Infinity;
    const bigTr = trs.find((t) => t.kind === 'big' && !t.isSource);
    if (bigTr && big.changes > 0) {
      const n = big.changes;
      parts.push({ count: n, get: (i) => ({ tr: bigTr, c: big.change(n - 1 - i) }) });
      baseNewest = Math.max(baseNewest, big.change(n - 1).timestampUs);
    }
    parts.push(arraySource(statics));
    const extras: ChangeRef[] = [];
    for (const t of trs) {
      for (const c of addedChanges.get(t.key) ?? []) extras.push({ tr: t, c });
      if (withGrowth) for (const c of insertedChanges.get(t.key) ?? []) extras.push({ tr: t, c });
    }
    if (extras.length === 0) return concatSources(parts);
    extras.sort(newestFirst);
    // extras have ids above all base ids: they come first unless one is older than the newest base change
    if ((extras[extras.length - 1] as ChangeRef).c.timestampUs >= baseNewest) return concatSources([arraySource(extras), ...parts]);
    const memoKey = `${withGrowth}\n${key}`;
    const memo = mergedChangeCache.get(memoKey);
    if (memo && memo.version === changesVersion) return memo.src;
    const all = [...extras];
    for (const part of parts) for (let i = 0; i < part.count; i++) all.push(part.get(i));
    all.sort(newestFirst);
    const src = arraySource(all);
    mergedChangeCache.set(memoKey, { version: changesVersion, src });
    return src;
  };
  const inListOrder = <T>(desc: Source<T>): Source<T> => (changesOrder === 'desc' ? desc : { count: desc.count, get: (i) => desc.get(desc.count - 1 - i) });
  /** a translation's list: growAfterFirstPage insertions first (they simulate new items on page 1), then the rest */
  const changesSource = (tr: TranslationDef): Source<ChangeRef> => {
    const rest = inListOrder(scopeChangesDesc([tr], false));
    const ins = insertedChanges.get(tr.key) ?? [];
    if (ins.length === 0) return rest;
    return concatSources([arraySource(ins.map((c) => ({ tr, c }))), rest]);
  };

  /** every unit the caller can see, by id (UnitViewSet: Unit.objects.filter_access(user)...order_by("id")) */
  const allUnitsSource = (authed: boolean): Source<UnitRef> => {
    const trs = visibleTranslations(authed);
    const statics = trs.filter((t) => t.kind === 'static' && t.units.length > 0).sort((a, b) => (a.units[0] as UnitModel).id - (b.units[0] as UnitModel).id);
    const parts: Source<UnitRef>[] = statics.map((t) => ({ count: t.units.length, get: (i) => ({ tr: t, u: t.units[i] as UnitModel }) }));
    for (const role of ['source', 'target'] as const) {
      const t = trs.find((x) => x.kind === 'big' && x.isSource === (role === 'source'));
      if (t && big.units > 0) parts.push({ count: big.units, get: (i) => ({ tr: t, u: big.unit(role, i) }) });
    }
    const ins: UnitRef[] = [];
    for (const t of trs) for (const u of insertedUnits.get(t.key) ?? []) ins.push({ tr: t, u });
    ins.sort((a, b) => a.u.id - b.u.id);
    parts.push(arraySource(ins));
    return concatSources(parts);
  };

  const translationAgg = (tr: TranslationDef): Agg => {
    const cached = aggCache.get(tr.key);
    if (cached) return cached;
    const a = emptyAgg();
    const us = baseUnits(tr);
    for (let i = 0; i < us.count; i++) addUnit(a, us.get(i));
    if (tr.kind === 'static') {
      for (const c of tr.changes) addChange(a, c);
    } else if (!tr.isSource && big.changes > 0) {
      addChange(a, big.change(big.changes - 1));
      // user-made changes: actions at j % 8 in {1,2,4,5}
      const full = Math.floor(big.changes / 8);
      const rest = big.changes % 8;
      a.recentChanges = full * 4 + [1, 2, 4, 5].filter((r) => r < rest).length;
    }
    aggCache.set(tr.key, a);
    return a;
  };
  const sumAgg = (trs: TranslationDef[]): Agg => {
    const a = emptyAgg();
    for (const t of trs) mergeAgg(a, translationAgg(t));
    return a;
  };

  const findUnit = (id: number): [TranslationDef, UnitModel] | undefined => {
    const s = STATIC_UNIT_BY_ID.get(id) ?? insertedUnitById.get(id);
    if (s) return s;
    const k = id - big.unitId('source', 0);
    if (k >= 0 && k < 2 * big.units) {
      const role = k < big.units ? 'source' : 'target';
      const tr = TRANSLATION_BY_KEY.get(role === 'source' ? 'big/strings/en' : 'big/strings/xx') as TranslationDef;
      return [tr, big.unit(role, k % big.units)];
    }
    return undefined;
  };
  const findChange = (id: number): [TranslationDef, ChangeModel] | undefined => {
    const s = STATIC_CHANGE_BY_ID.get(id) ?? insertedChangeById.get(id);
    if (s) return s;
    const j = id - big.change(0).id;
    if (big.changes > 0 && j >= 0 && j < big.changes) return [TRANSLATION_BY_KEY.get('big/strings/xx') as TranslationDef, big.change(j)];
    return undefined;
  };

  const applyGrowth = (g: Growth, tr: TranslationDef): void => {
    g.done = true;
    if (g.kind === 'units') {
      const nplurals = 1;
      const fresh: UnitModel[] = [];
      for (let i = 0; i < g.n; i++) {
        const id = nextUnitId++;
        const seq = ++insertSeq;
        const source = [`Inserted string ${seq}`];
        fresh.push({
          id,
          position: 0,
          source,
          previousSource: '',
          target: Array.from({ length: nplurals }, () => ''),
          idHash: hash64(`inserted:${seq}`),
          contentHash: hash64(`inserted-content:${seq}`),
          location: '',
          context: `inserted_${seq}`,
          note: '',
          flags: '',
          state: tr.isSource ? 100 : 0,
          numWords: countWords(source),
          chars: countChars(source),
          sourceUnitId: id,
          priority: 100,
          explanation: '',
          extraFlags: '',
          pending: false,
          hasSuggestion: false,
          hasComment: false,
          hasFailingCheck: false,
          timestampUs: unitTimestampUs(id),
        });
      }
      const list = [...fresh, ...(insertedUnits.get(tr.key) ?? [])];
      list.forEach((u, i) => (u.position = i + 1));
      insertedUnits.set(tr.key, list);
      for (const u of fresh) insertedUnitById.set(u.id, [tr, u]);
    } else {
      const firstUnit = baseUnits(tr).count > 0 ? baseUnits(tr).get(0).id : null;
      const fresh: ChangeModel[] = [];
      for (let i = 0; i < g.n; i++) {
        const id = nextChangeId++;
        const seq = ++insertSeq;
        fresh.unshift({
          id,
          unitId: firstUnit,
          action: 2,
          target: `Inserted change ${seq}`,
          user: 'admin',
          author: 'admin',
          timestampUs: changeTimestampUs(id),
        });
        newestChangeUs = Math.max(newestChangeUs, changeTimestampUs(id));
      }
      insertedChanges.set(tr.key, [...fresh, ...(insertedChanges.get(tr.key) ?? [])]);
      changesVersion++;
      for (const c of fresh) insertedChangeById.set(c.id, [tr, c]);
    }
  };

  // ----- responses

  const jsonResp = (status: number, body: string, allow: string | null, authed: boolean, extra: Record<string, string> = {}): Resp => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept, Cookie, Origin' };
    if (allow !== null) headers['Allow'] = allow;
    if (rateOn) {
      const bucket = authed ? RATE_DEFAULTS.authed : RATE_DEFAULTS.anon;
      headers['X-RateLimit-Limit'] = String(rateLimitOverride ?? bucket.limit);
      headers['X-RateLimit-Remaining'] = String(authed ? rate.authed : rate.anon);
      headers['X-RateLimit-Reset'] = String(rateResetOverride ?? bucket.reset);
    }
    Object.assign(headers, JSON_HEADERS, extra);
    return { status, headers, body };
  };
  const errorJson = (code: string, detail: string, type = 'client_error', attr: string | null = null): string =>
    envelope === 'legacy' ? stringify({ detail }) : stringify({ type, errors: [{ code, detail, attr }] });
  /**
   * The text of a Django Http404 Weblate raises itself: drf-standardized-errors (5.10+) answers every
   * Http404 as NotFound() "Not found." (drf_standardized_errors/handler.py convert_known_exceptions), so
   * the message is lost; DRF's own NotFound ("Invalid page.") keeps its text.
   */
  const http404 = (detail: string): string => (envelope === 'legacy' ? detail : 'Not found.');
  const notFound = (allow: string, env: Env, detail = 'Not found.'): HttpError =>
    new HttpError(jsonResp(404, errorJson('not_found', detail), allow, env.authed));
  const badRequest = (allow: string, env: Env, legacy: Json, attr: string | null, detail: string): HttpError =>
    new HttpError(jsonResp(400, envelope === 'legacy' ? stringify(legacy) : errorJson('invalid', detail, 'validation_error', attr), allow, env.authed));

  /** DRF PageNumberPagination.get_page_size: page_size honoured up to max, invalid/0 → the default */
  const pageSizeOf = (q: URLSearchParams, dflt = defaultPageSize, max = 1000): number => {
    if (!honourPageSize) return dflt;
    const v = last(q, 'page_size');
    if (v === null || !/^\s*\+?\d+\s*$/.test(v)) return dflt;
    const n = Number(v);
    if (n <= 0) return dflt;
    return Math.min(n, max);
  };

  function paginate<T>(
    env: Env,
    allow: string,
    src: Source<T>,
    render: (t: T) => Json,
    growthKey?: { tr: TranslationDef; kind: 'units' | 'changes' },
    sizing?: { dflt: number; max: number },
  ): Json | Resp {
    const q = env.rr.query;
    const size = sizing ? pageSizeOf(q, sizing.dflt, sizing.max) : pageSizeOf(q);
    if (pagination === 'cursor') return cursorPage(env, allow, src, render, size);
    const pageRaw = last(q, 'page');
    const numPages = Math.max(1, Math.ceil(src.count / size));
    let page: number;
    if (pageRaw === null || pageRaw === '') page = 1;
    else if (pageRaw === 'last') page = numPages;
    else if (/^\s*\+?\d+\s*$/.test(pageRaw)) page = Number(pageRaw);
    else throw notFound(allow, env, 'Invalid page.');
    if (page < 1 || page > numPages) throw notFound(allow, env, 'Invalid page.');
    const results: Json[] = [];
    for (let i = (page - 1) * size; i < Math.min(page * size, src.count); i++) results.push(render(src.get(i)));
    const base = origin + env.rawPath;
    let next = page < numPages ? linkWithPage(base, env.pairs, String(page + 1)) : null;
    const previous = page > 1 ? linkWithPage(base, env.pairs, page - 1 === 1 ? null : String(page - 1)) : null;
    if (linkMode === 'self') next = linkWithPage(base, env.pairs, pageRaw);
    else if (typeof linkMode === 'object' && next !== null) next = linkMode.foreignOrigin.replace(/\/+$/, '') + next.slice(origin.length);
    const body: Json = { count: src.count, next, previous, results };
    if (growthKey && env.trigger && page === 1 && (pageRaw === null || pageRaw.trim() === '1' || pageRaw === '')) {
      const pending = growths.filter((g) => !g.done && g.key === growthKey.tr.key && g.kind === growthKey.kind);
      if (pending.length > 0) {
        return {
          ...jsonResp(200, stringify(body, exoticOn, spaced), allow, env.authed),
          after: () => pending.forEach((g) => applyGrowth(g, growthKey.tr)),
        };
      }
    }
    return body;
  }

  /**
   * Cursor pagination as planned for Weblate (weblate issue 21696; DRF's CursorPagination): no count,
   * `page` ignored, opaque `cursor` links both ways; an unreadable cursor is 404 "Invalid cursor".
   */
  function cursorPage<T>(env: Env, allow: string, src: Source<T>, render: (t: T) => Json, size: number): Json {
    const raw = last(env.rr.query, 'cursor');
    let offset = 0;
    if (raw !== null) {
      const m = /^o(\d+)$/.exec(Buffer.from(raw, 'base64url').toString('latin1'));
      if (!m) throw notFound(allow, env, 'Invalid cursor');
      offset = Number(m[1]);
    }
    const results: Json[] = [];
    for (let i = offset; i < Math.min(offset + size, src.count); i++) results.push(render(src.get(i)));
    const base = origin + env.rawPath;
    const cursor = (o: number) => Buffer.from(`o${o}`, 'latin1').toString('base64url');
    let next = offset + size < src.count ? linkWithPage(base, env.pairs, cursor(offset + size), 'cursor') : null;
    const previous = offset > 0 ? linkWithPage(base, env.pairs, offset - size <= 0 ? null : cursor(offset - size), 'cursor') : null;
    if (linkMode === 'self') next = linkWithPage(base, env.pairs, raw, 'cursor');
    return { next, previous, results };
  }

  const needProject = (env: Env, allow: string, slug: string): ProjectDef => {
    const p = project(slug, env.authed);
    if (!p) throw notFound(allow, env);
    return p;
  };
  const needComponent = (env: Env, allow: string, p: string, c: string): [ComponentDef, ProjectDef] => {
    const proj = needProject(env, allow, p);
    const comp = COMPONENTS.find((x) => x.project === proj.slug && x.path === c);
    if (!comp) throw notFound(allow, env);
    return [comp, proj];
  };
  const needTranslation = (env: Env, allow: string, p: string, c: string, l: string): [TranslationDef, ComponentDef, ProjectDef] => {
    const [comp, proj] = needComponent(env, allow, p, c);
    const tr = TRANSLATION_BY_KEY.get(`${proj.slug}/${comp.path}/${l}`);
    if (!tr) throw notFound(allow, env);
    return [tr, comp, proj];
  };

  /** the `q` parameter compiled, null when absent/blank; a parse error is a 400 like Weblate 5.4's */
  const parseQ = (env: Env, allow: string): UnitPred | null => {
    const qv = last(env.rr.query, 'q');
    if (qv === null || qv.trim() === '') return null;
    try {
      return compileUnitQuery(qv, searchDialect);
    } catch (e) {
      if (!(e instanceof QueryError)) throw e;
      const msg = `Could not parse query string: ${e.message}`;
      throw badRequest(allow, env, [msg], 'q', msg);
    }
  };

  const unitsRoute = (p: string, c: string, l: string): Route => ({
    allow: A_LIST_POST,
    run: (env) => {
      const [tr] = needTranslation(env, A_LIST_POST, p, c, l);
      let src = unitsSource(tr);
      const pred = parseQ(env, A_LIST_POST);
      if (pred) {
        const sc = scopeOf(tr);
        src = filterSource(src, (u) => pred(u, sc));
      }
      return paginate(env, A_LIST_POST, src, (u) => renderUnit(env.ctx, tr, u), { tr, kind: 'units' });
    },
  });

  /**
   * GET /api/units/: every unit the caller can see, by id, with `q` (UnitViewSet.filter_queryset:
   * parse_query(q) → 400 on a parse error, then queryset.search(q)). Weblate honours `q` here since
   * 4.14.1 (docs/changes/v4.rst, "Weblate 4.14.1 ... Added searching support in units API"); before,
   * UnitViewSet had no filter and returned every unit: options.oldUnitsSearch / fake.oldUnitsSearch().
   * Paginated with LargePagination (see options.unitsPageSize).
   */
  const allUnitsRoute: Route = {
    allow: A_RO,
    run: (env) => {
      let src = allUnitsSource(env.authed);
      const pred = oldUnits ? null : parseQ(env, A_RO);
      if (pred) src = filterSource(src, (r) => pred(r.u, scopeOf(r.tr)));
      return paginate(env, A_RO, src, (r) => renderUnit(env.ctx, r.tr, r.u), undefined, { dflt: unitsPageSize, max: 10000 });
    },
  };

  /**
   * ChangeFilter (weblate/api/views.py), the same at every scope: action =
   * MultipleChoiceFilter(choices=ActionEvents.choices) (repeatable, OR; an unknown value → 400 "Select a
   * valid choice. X is not one of the available choices."), user = CharFilter(user__username),
   * timestamp = IsoDateTimeFromToRangeFilter (timestamp_after ≥, timestamp_before ≤).
   */
  const changeFilter = (env: Env, allow: string): ((r: ChangeRef) => boolean) | null => {
    const q = env.rr.query;
    const preds: ((c: ChangeModel) => boolean)[] = [];
    const actions = q.getAll('action').filter((v) => v !== '');
    for (const a of actions) {
      if (!isActionChoice(a)) {
        const msg = `Select a valid choice. ${a} is not one of the available choices.`;
        throw badRequest(allow, env, { action: [msg] }, 'action', msg);
      }
    }
    if (actions.length > 0) {
      const set = new Set(actions.map(Number));
      preds.push((ch) => set.has(ch.action));
    }
    const user = last(q, 'user');
    if (user !== null && user !== '') preds.push((ch) => ch.user === user);
    for (const [name, cmp] of [
      ['timestamp_after', (t: number, x: number) => t >= x],
      ['timestamp_before', (t: number, x: number) => t <= x],
    ] as const) {
      const v = last(q, name);
      if (v === null || v === '') continue;
      const us = parseIsoUs(v);
      if (us === null) throw badRequest(allow, env, { timestamp: ['Enter a valid date/time.'] }, 'timestamp', 'Enter a valid date/time.');
      preds.push((ch) => cmp(ch.timestampUs, us));
    }
    return preds.length === 0 ? null : (r) => preds.every((f) => f(r.c));
  };
  const changesList = (env: Env, allow: string, src: Source<ChangeRef>, growthTr?: TranslationDef): Json | Resp => {
    const f = changeFilter(env, allow);
    return paginate(
      env,
      allow,
      f ? filterSource(src, f) : src,
      (r) => renderChange(env.ctx, r.tr, r.c),
      growthTr ? { tr: growthTr, kind: 'changes' } : undefined,
    );
  };

  const changesRoute = (p: string, c: string, l: string): Route => ({
    allow: A_RO,
    run: (env) => {
      const [tr] = needTranslation(env, A_RO, p, c, l);
      return changesList(env, A_RO, changesSource(tr), tr);
    },
  });

  const needCategory = (env: Env, allow: string, raw: string): CategoryDef => {
    const cat = /^\d+$/.test(raw) ? CATEGORY_BY_ID.get(Number(raw)) : undefined;
    if (!cat || !project(cat.project, env.authed)) throw notFound(allow, env);
    return cat;
  };

  /** Translation filenames set by fake.filenames() (hostile names in tests), by key 'p/c/l'. */
  const filenameOverrides = new Map<string, string>();
  /** Translation language_code values set by fake.languageCodes(), by key 'p/c/l'. */
  const languageCodeOverrides = new Map<string, string>();
  /** Component file fields set by fake.componentFiles(), by 'p/c'. */
  const componentFileOverrides = new Map<string, Partial<Record<'filemask' | 'template' | 'intermediate' | 'new_base', string>>>();
  /** How many times fake.changeFile() changed a translation's file, by key 'p/c/l'. */
  const fileChanges = new Map<string, number>();
  /** The revision after `n` changes: another commit of the file, the template's as it was. */
  const changedRevision = (tr: TranslationDef, n: number): string => {
    const template = tr.revision.split(',')[1] ?? '';
    return `${sha40(`${tr.key} change ${n}`)},${template}`;
  };
  const named = (tr: TranslationDef, obj: JsonObject): JsonObject => {
    const name = filenameOverrides.get(tr.key);
    const code = languageCodeOverrides.get(tr.key);
    const changes = fileChanges.get(tr.key) ?? 0;
    if (name === undefined && code === undefined && changes === 0) return obj;
    return {
      ...obj,
      ...(code === undefined ? {} : { language_code: code }),
      ...(name === undefined ? {} : { filename: name }),
      ...(changes === 0 ? {} : { revision: changedRevision(tr, changes) }),
    };
  };

  /** The generated component many/strings (options.manyLanguages): its translations and their files. */
  const manyCodes = ['en', ...Array.from({ length: options.manyLanguages ?? 0 }, (_, i) => `x${String(i + 1).padStart(3, '0')}`)];
  const manyTranslation = (code: string): Json => ({
    language: { code, name: code === 'en' ? 'English' : `Language ${code}` },
    language_code: code,
    filename: `po/${code}.po`,
    revision: `${sha40(`many/strings/${code}`)},${sha40('many/strings')}`,
    is_template: false,
    is_source: code === 'en',
    translated_percent: code === 'en' ? 100.0 : 50.0 + (Number(code.slice(1)) % 50),
    url: `${origin}${prefix}translations/many/strings/${code}/`,
    file_url: `${origin}${prefix}translations/many/strings/${code}/file/`,
  });
  /** Its component object: where its files are (pull places each by the filemask). */
  const manyComponent: Json = {
    slug: 'strings',
    name: 'Strings',
    filemask: 'po/*.po',
    template: '',
    intermediate: '',
    new_base: '',
    file_format: 'po',
    source_language: { code: 'en', name: 'English' },
    url: `${origin}${prefix}components/many/strings/`,
  };
  const manyRoute = (segs: string[]): Route | null => {
    const [a, , c, d, e] = segs;
    if (c !== 'strings') return null;
    if (a === 'components' && segs.length === 3) return { allow: A_RO, run: () => manyComponent };
    if (a === 'components' && segs.length === 4 && d === 'translations')
      return { allow: A_LIST_POST, run: (env) => paginate(env, A_LIST_POST, arraySource(manyCodes), manyTranslation) };
    if (a !== 'translations' || d === undefined || !manyCodes.includes(d)) return null;
    if (segs.length === 4) return { allow: A_TRANSLATION, run: () => ({ ...(manyTranslation(d) as JsonObject), component: manyComponent }) };
    if (segs.length !== 5 || e !== 'file') return null;
    return {
      allow: A_RO,
      run: (env) => {
        const base = jsonResp(200, '', A_RO, env.authed, { 'Last-Modified': FILE_LAST_MODIFIED });
        const since = env.rr.headers['if-modified-since'];
        if (typeof since === 'string' && Date.parse(since) >= Date.parse(FILE_LAST_MODIFIED)) return { ...base, status: 304 };
        const headers = { ...base.headers, 'Content-Type': 'text/x-po; charset=utf-8', 'Content-Disposition': `attachment; filename=many-strings-${d}.po` };
        return { ...base, headers, raw: fakeFileBytes(`many/strings/${d}`, false, null) };
      },
    };
  };

  // ----- translation memory (Weblate 5.17: POST /api/memory/lookup/; `exact` since 2026.5)
  //
  // The memory is every translated string of the projects the caller may see (Weblate stores each
  // translation made, per project): source, target, their languages and the component as origin.
  // A lookup needs a token (401 without, as DRF's IsAuthenticated), takes at most 100 strings of at
  // most 2,000 characters, and answers each string in order with its best match at or above quality
  // 75 (100 for the same text; otherwise by edit distance), or null.
  interface MemoryEntry {
    id: number;
    project: string;
    source: string;
    target: string;
    from: string;
    to: string;
    origin: string;
  }
  const memory: MemoryEntry[] = [];
  // The tests world holds the entries weblate/api/tests.py MemoryAPITest.test_lookup and
  // test_lookup_exact_query_skips_fuzzy_fallback create (create_memory: project test, en → cs).
  if (testsWorld) {
    for (const [source, target, origin] of [
      ['Memory API exact', 'Pamet API presne', 'test/test'],
      ['Scoped lookup', 'Prvni komponenta', 'test/test'],
      ['Scoped lookup', 'Druha komponenta', 'test/lookup'],
      ['Memory API fuzzy entry', 'Pamet API priblizne', 'test/test'],
      ['Exact only match', 'Pouze presna shoda', 'test/test'],
      ['Exact only fuzzy entry', 'Pouze fuzzy shoda', 'test/test'],
    ] as const)
      memory.push({ id: memory.length + 1, project: 'test', source, target, from: 'en', to: 'cs', origin });
  }
  for (const t of TRANSLATIONS) {
    if (t.kind !== 'static' || t.isSource) continue;
    const c = componentOf(t);
    for (const u of t.units) {
      if (u.state < 20 || u.target.length !== 1 || u.target[0] === '' || u.source.length !== 1) continue;
      memory.push({
        id: memory.length + 1,
        project: t.project,
        source: u.source[0]!,
        target: u.target[0]!,
        from: c.sourceLanguage,
        to: t.lang,
        origin: `${c.project}/${c.path}`,
      });
    }
  }
  const editDistance = (x: string, y: string): number => {
    const a = [...x];
    const b = [...y];
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length]!;
  };
  const similarity = (x: string, y: string): number => (x === y ? 100 : Math.round(100 * (1 - editDistance(x, y) / Math.max([...x].length, [...y].length, 1))));
  const MEMORY_ALLOW = 'POST, OPTIONS';
  const memoryLookup = options.memoryLookup ?? 'full';
  // 4.14 to 5.16: MemoryViewSet (a ReadOnlyModelViewSet with DestroyModelMixin) and no lookup action, so
  // memory/lookup/ is the detail route of a memory entry whose id is "lookup": POST is not allowed there.
  const MEMORY_DETAIL_ALLOW = 'GET, DELETE, HEAD, OPTIONS';
  const memoryDetailRoute: Route = {
    allow: MEMORY_DETAIL_ALLOW,
    run: (env) => {
      throw notFound(MEMORY_DETAIL_ALLOW, env);
    },
    post: (env) => jsonResp(405, errorJson('method_not_allowed', `Method "${env.rr.method}" not allowed.`), MEMORY_DETAIL_ALLOW, env.authed),
  };
  const memoryLookupRoute: Route = {
    allow: MEMORY_ALLOW,
    run: (env) => jsonResp(405, errorJson('method_not_allowed', `Method "${env.rr.method}" not allowed.`), MEMORY_ALLOW, env.authed),
    post: (env) => {
      if (!env.authed) {
        return {
          ...jsonResp(401, errorJson('not_authenticated', 'Authentication credentials were not provided.'), MEMORY_ALLOW, false),
          headers: { ...jsonResp(401, '', MEMORY_ALLOW, false).headers, 'WWW-Authenticate': 'Token' },
        };
      }
      const invalid = (attr: string, detail: string) => badRequest(MEMORY_ALLOW, env, { [attr]: [detail] }, attr, detail);
      const q = env.rr.query;
      const langOf = (name: string): string => {
        const v = last(q, name);
        if (v === null || v === '') throw invalid(name, 'This field is required.');
        if (!languages.some((l) => l.code === v)) throw invalid(name, `Language ${v} not found.`);
        return v;
      };
      const from = langOf('source_language');
      const to = langOf('target_language');
      const projectSlug = last(q, 'project');
      if (projectSlug !== null && projectSlug !== '') needProject(env, MEMORY_ALLOW, projectSlug);
      // `exact` is read since 2026.5 (MemoryLookupQuerySerializer); before, every lookup is fuzzy.
      // MemoryLookupQuerySerializer.exact is a DRF BooleanField: its TRUE_VALUES and FALSE_VALUES, else a 400 on `exact`.
      const exactText = memoryLookup === 'no-exact' ? null : last(q, 'exact');
      if (exactText !== null && !DRF_TRUE.has(exactText) && !DRF_FALSE.has(exactText)) throw invalid('exact', 'Must be a valid boolean.');
      const exact = exactText !== null && DRF_TRUE.has(exactText);
      let strings: unknown;
      try {
        strings = (JSON.parse(env.rr.body ?? '') as { strings?: unknown }).strings;
      } catch {
        throw invalid('strings', 'This field is required.');
      }
      if (!Array.isArray(strings) || strings.some((x) => typeof x !== 'string')) throw invalid('strings', 'Expected a list of items.');
      if (strings.length > 100) throw invalid('strings', 'Ensure this field has no more than 100 elements.');
      if ((strings as string[]).some((x) => [...x].length > 2000)) throw invalid('strings', 'Ensure this field has no more than 2000 characters.');
      const pool = memory.filter((m) => m.from === from && m.to === to && project(m.project, true) && (!projectSlug || m.project === projectSlug));
      return (strings as string[]).map((query) => {
        let best: { m: MemoryEntry; quality: number } | undefined;
        for (const m of pool) {
          const quality = exact ? (m.source === query ? 100 : 0) : similarity(query, m.source);
          if (quality >= (exact ? 100 : 75) && (!best || quality > best.quality)) best = { m, quality };
        }
        return {
          query,
          match: best
            ? { id: best.m.id, source: best.m.source, target: best.m.target, origin: best.m.origin, exact: best.m.source === query, quality: best.quality }
            : null,
        };
      });
    },
  };

  // ----- suggestions (Weblate 2026.8: /api/suggestions/, /api/suggestions/<id>/, /api/units/<id>/suggestions/)
  // and comments (5.15: /api/units/<id>/comments/), of the cs units flagged has_suggestion / has_comment.
  const suggestions: SuggestionDef[] = [];
  const comments: CommentDef[] = [];
  for (const t of TRANSLATIONS) {
    if (t.kind !== 'static' || t.key !== 'demo/android/cs') continue;
    for (const u of t.units) {
      for (const [i, target] of (CS_SUGGESTIONS[u.context] ?? (u.hasSuggestion ? [[`${u.source[0]} (suggestion)`]] : [])).entries())
        suggestions.push({ id: suggestions.length + 1, unitId: u.id, target: [...target], user: 'admin', timestampUs: u.timestampUs + 1000 + i, votes: i });
      for (const [i, comment] of (CS_COMMENTS[u.context] ?? (u.hasComment ? [`About ${u.context}`] : [])).entries())
        comments.push({ id: comments.length + 1, unitId: u.id, comment, user: 'admin', timestampUs: u.timestampUs + 2000 + i });
    }
  }
  if (testsWorld) {
    for (const x of TESTS_DISCUSSION.suggestions)
      suggestions.push({ ...x, id: suggestions.length + 1, timestampUs: findUnit(x.unitId)![1].timestampUs + 1000 + suggestions.length });
    // A resolved comment is listed like any other (UnitViewSet.comments: comment_set.all(); no resolved field).
    for (const { resolved: _resolved, ...x } of TESTS_DISCUSSION.comments)
      comments.push({ ...x, id: comments.length + 1, timestampUs: findUnit(x.unitId)![1].timestampUs + 2000 + comments.length });
  }
  const visibleUnit = (env: Env, raw: string): UnitModel => {
    const found = /^\d+$/.test(raw) ? findUnit(Number(raw)) : undefined;
    if (!found || !project(found[0].project, env.authed)) throw notFound(A_RO, env);
    return found[1];
  };
  const visibleSuggestions = (env: Env): SuggestionDef[] => suggestions.filter((x) => project(findUnit(x.unitId)![0].project, env.authed));

  // ----- screenshots (Weblate 4.0): each of a component, on its source translation, showing source
  // units, or localized: on another translation, showing its units (weblate/screenshots/models.py)
  const screenshotList = SCREENSHOTS.filter((x) => x.language === undefined || options.localizedScreenshots);
  const screenshotOf = (raw: string) => screenshotList.find((x) => String(x.id) === raw);
  const renderScreenshot = (ctx: Ctx, x: (typeof SCREENSHOTS)[number]): JsonObject => {
    const source = TRANSLATIONS.find(
      (t) => t.project === x.project && t.component === x.component && (x.language === undefined ? t.isSource : t.lang === x.language),
    )!;
    return {
      id: x.id,
      name: x.name,
      repository_filename: x.file,
      translation: api(ctx, `translations/${source.apiKey}/`),
      file_url: api(ctx, `screenshots/${x.id}/file/`),
      units: source.units.filter((u) => x.contexts.includes(u.context)).map((u) => api(ctx, `units/${u.id}/`)),
      url: api(ctx, `screenshots/${x.id}/`),
    };
  };
  const visibleScreenshot = (env: Env, raw: string) => {
    const x = screenshotOf(raw);
    if (!x || !project(x.project, env.authed)) throw notFound(A_RO, env);
    return x;
  };

  // ----- lock/ (components, projects: anyone may read it) and repository/ (components, projects,
  // translations: the VCS permission; anonymous → 403, as Weblate's "You do not have permission").
  const forbidden = (allow: string, env: Env): HttpError =>
    new HttpError(jsonResp(403, errorJson('permission_denied', 'You do not have permission to perform this action.'), allow, env.authed));
  // What …/repository/ answers (weblate/api/views.py WeblateViewSet.repository): needs_commit (strings
  // not committed), needs_merge, needs_push and pending_units for every object; a project leaves
  // remote_commit, weblate_commit, status, merge_failure, outgoing_commits and missing_commits null
  // (its needs_merge and needs_push are any component's: Project.on_repo_components), a component and a
  // translation carry them all, a translation its component's (ProjectAPITest.test_repo_status,
  // TranslationAPITest.test_repo_status in weblate/api/tests.py).
  const COMMIT = (message: string) => ({
    revision: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    shortrevision: 'a1b2c3d',
    author: 'Jane Doe <jane@example.com>',
    message,
  });
  const repositoryOf = (ctx: Ctx, path: string, trs: readonly TranslationDef[], component: string | null): Json => {
    const pending = trs.reduce((n, t) => n + (t.kind === 'static' ? t.units.filter((u) => u.pending).length : 0), 0);
    const base = {
      needs_commit: pending > 0,
      pending_units: { total: pending, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: pending },
      url: api(ctx, `${path}repository/`),
    };
    if (component === null) {
      const states = [...new Set(trs.map((t) => `${t.project}/${t.component}`))].map((k) => repositories.get(k) ?? {});
      return {
        ...base,
        needs_merge: states.some((st) => st.needs_merge === true),
        needs_push: states.some((st) => st.needs_push === true),
        remote_commit: null,
        weblate_commit: null,
        status: null,
        merge_failure: null,
        outgoing_commits: null,
        missing_commits: null,
      };
    }
    const st = repositories.get(component) ?? {};
    return {
      ...base,
      needs_merge: st.needs_merge ?? false,
      needs_push: st.needs_push ?? false,
      remote_commit: COMMIT('Translated using Weblate (Czech)'),
      weblate_commit: COMMIT('Translated using Weblate (Czech)'),
      status: st.needs_push ? "On branch main\nYour branch is ahead of 'origin/main'." : 'On branch main\nnothing to commit, working tree clean',
      merge_failure: st.merge_failure ?? null,
      outgoing_commits: st.outgoing_commits ?? 0,
      missing_commits: st.missing_commits ?? 0,
    };
  };
  const vcsRoute = (segs: string[]): Route | null => {
    const [a, b, c, d, e] = segs;
    const n = segs.length;
    const last = segs[n - 1];
    if (last !== 'lock' && last !== 'repository') return null;
    if (a === 'projects' && n === 3)
      return {
        allow: last === 'lock' ? 'GET, POST, HEAD, OPTIONS' : 'GET, POST, HEAD, OPTIONS',
        run: (env) => {
          const proj = needProject(env, A_RO, b as string);
          if (last === 'lock') {
            const comps = componentsOf(proj.slug);
            return { locked: comps.length > 0 && comps.every((c) => locks.has(`${c.project}/${c.path}`)) };
          }
          if (!env.authed) throw forbidden(A_RO, env);
          return repositoryOf(
            env.ctx,
            `projects/${proj.slug}/`,
            TRANSLATIONS.filter((t) => t.project === proj.slug),
            null,
          );
        },
      };
    if (a === 'components' && n === 4)
      return {
        allow: 'GET, POST, HEAD, OPTIONS',
        run: (env) => {
          const [cd] = needComponent(env, A_RO, b as string, c as string);
          const key = `${cd.project}/${cd.path}`;
          if (last === 'lock') return { locked: locks.has(key) };
          if (!env.authed) throw forbidden(A_RO, env);
          return repositoryOf(env.ctx, `components/${cd.project}/${encodeURIComponent(cd.path)}/`, translationsOf(cd), key);
        },
      };
    if (a === 'translations' && n === 5 && last === 'repository')
      return {
        allow: 'GET, POST, HEAD, OPTIONS',
        run: (env) => {
          const [tr] = needTranslation(env, A_RO, b as string, c as string, d as string);
          if (!env.authed) throw forbidden(A_RO, env);
          return repositoryOf(env.ctx, `translations/${tr.apiKey}/`, [tr], `${tr.project}/${tr.component}`);
        },
      };
    void e;
    return null;
  };

  const route = (segs: string[]): Route | null => {
    const [a, b, c, d, e] = segs;
    const n = segs.length;
    if (options.manyLanguages && b === 'many') return manyRoute(segs);
    const vcs = vcsRoute(segs);
    if (vcs) return vcs;
    if (a === 'components' && n === 4 && d === 'screenshots')
      return {
        allow: A_LIST_POST,
        run: (env) => {
          const [cd] = needComponent(env, A_LIST_POST, b as string, c as string);
          return paginate(env, A_LIST_POST, arraySource(screenshotList.filter((x) => x.project === cd.project && x.component === cd.path)), (x) =>
            renderScreenshot(env.ctx, x),
          );
        },
      };
    // DownloadViewSet-like file endpoints (weblate/api/views.py: …/file/, zip for components and projects).
    const projectFile = a === 'projects' && n === 3 && (options.projectDownload ?? true);
    if (segs[n - 1] === 'file' && ((a === 'translations' && n === 5) || (a === 'components' && n === 4) || projectFile)) {
      return {
        allow: A_RO,
        run: (env) => {
          if (a === 'translations') needTranslation(env, A_RO, b as string, c as string, d as string);
          else if (a === 'components') needComponent(env, A_RO, b as string, c as string);
          else needProject(env, A_RO, b as string);
          const zip = a !== 'translations';
          const format = last(env.rr.query, 'format');
          // TranslationViewSet.file (weblate/api/views.py): a q without a format is a 400 on `q` (TranslationAPITest.test_download_args).
          const qText = last(env.rr.query, 'q');
          if (!zip && qText !== null && qText !== '' && (format === null || format === '')) {
            const words = 'Query string is ignored without format';
            return jsonResp(400, envelope === 'legacy' ? stringify({ q: words }) : errorJson('invalid', words, 'validation_error', 'q'), A_RO, env.authed);
          }
          const bare = format === null ? null : zip ? format.replace(/^zip:?/, '') : format;
          // As Weblate answers: a translation's unknown format is a 400 on `format` with Weblate's words
          // (TranslationViewSet.get_translation_file_response turns download_translation_file's Http404
          // into a ValidationError); a zip's is download_multi's Http404 "Conversion to NAME is not
          // supported", whose words drf-standardized-errors (5.10 and later) replace by "Not found.".
          if (bare !== null && bare !== '' && !exporters.has(bare)) {
            const words = `Conversion to ${bare} is not supported`;
            if (zip) return jsonResp(404, errorJson('not_found', http404(words)), A_RO, env.authed);
            return jsonResp(
              400,
              envelope === 'legacy' ? stringify({ format: [words] }) : errorJson('invalid', words, 'validation_error', 'format'),
              A_RO,
              env.authed,
            );
          }
          const key = segs.slice(1, -1).join('/');
          const since = env.rr.headers['if-modified-since'];
          const sinceStr = Array.isArray(since) ? since[0] : since;
          const base = jsonResp(200, '', A_RO, env.authed);
          base.headers['Last-Modified'] = FILE_LAST_MODIFIED;
          if (sinceStr && Date.parse(sinceStr) >= Date.parse(FILE_LAST_MODIFIED))
            return { ...base, status: 304, headers: { ...base.headers, 'Content-Type': 'text/plain' } };
          // A translation's file as stored: its own format and name (fakeTranslationFile); converted: the format's.
          const changes = zip ? 0 : (fileChanges.get(key) ?? 0);
          const stored = !zip && format === null ? fakeTranslationFile(key, changes) : undefined;
          // Weblate's names: a zip is the full slug with '-' (zip_download quotes it); a conversion the
          // translation's URL path joined by '-' and the exporter's extension (BaseExporter.get_filename).
          const dashed = key.replace(/\//g, '-');
          const name = stored?.name ?? (zip ? `"${dashed}.zip"` : `${dashed}.${EXPORTER_EXTENSIONS[bare ?? 'po'] ?? 'po'}`);
          const file: Resp = {
            ...base,
            headers: {
              ...base.headers,
              'Content-Type': stored?.contentType ?? (zip ? 'application/zip' : 'text/x-po; charset=utf-8'),
              'Content-Disposition': options.fileDisposition ?? `attachment; filename=${name}`,
            },
            raw: stored?.bytes ?? fakeFileBytes(key, zip, format, changes),
          };
          const accept = env.rr.headers['accept-encoding'];
          if (options.fileGzip !== false && /\bgzip\b/.test(Array.isArray(accept) ? accept.join(',') : (accept ?? ''))) {
            file.headers['Content-Encoding'] = 'gzip';
            file.raw = gzipSync(file.raw!);
          }
          return file;
        },
      };
    }
    if (n === 0) {
      return {
        allow: A_RO,
        run: (env) =>
          Object.fromEntries(
            (
              options.rootNames ?? [
                'addons',
                'categories',
                'changes',
                'component-lists',
                'components',
                'groups',
                'languages',
                'memory',
                'metrics',
                'projects',
                'roles',
                'screenshots',
                'tasks',
                'translations',
                'units',
                'users',
              ]
            ).map((k) => [k, `${origin}${prefix}${k}/${env.ctx.fmt !== null ? `?format=${quotePlus(env.ctx.fmt)}` : ''}`]),
          ),
      };
    }
    if (a === 'projects') {
      if (n === 1)
        return {
          allow: A_LIST_POST,
          run: (env) =>
            paginate(env, A_LIST_POST, arraySource(PROJECTS.filter((p) => project(p.slug, env.authed)).sort(listOrder)), (p) => renderProject(env.ctx, p)),
        };
      const p = b as string;
      if (n === 2) return { allow: A_FULL, run: (env) => renderProject(env.ctx, needProject(env, A_FULL, p)) };
      if (n === 3 && c === 'components')
        return {
          allow: A_LIST_POST,
          run: (env) => {
            const proj = needProject(env, A_LIST_POST, p);
            return paginate(env, A_LIST_POST, arraySource(componentsOf(proj.slug)), (x) => renderComponent(env.ctx, x, proj, false));
          },
        };
      // ProjectViewSet.categories: obj.category_set.order_by("id") (nested categories too), GET only
      if (n === 3 && c === 'categories')
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            return paginate(env, A_RO, arraySource(CATEGORIES.filter((x) => x.project === proj.slug).sort(byId)), (x) => renderCategory(env.ctx, x));
          },
        };
      if (n === 3 && c === 'changes')
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            return changesList(
              env,
              A_RO,
              inListOrder(
                scopeChangesDesc(
                  TRANSLATIONS.filter((t) => t.project === proj.slug),
                  true,
                ),
              ),
            );
          },
        };
      if (n === 3 && c === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            const shared = new Set(sharedInto(proj.slug).map(({ c }) => c));
            const agg = sumAgg(TRANSLATIONS.filter((t) => t.project === proj.slug || shared.has(componentOf(t))));
            return renderStats(env.ctx, agg, { name: proj.name, url: `${origin}${webRoot}projects/${proj.slug}/` });
          },
        };
      // ProjectViewSet.metrics (Weblate 2026.8): {component path: {language: stats}}, components by id,
      // each component's translations in the order its statistics list has them; {} for an empty project.
      if (n === 3 && c === 'metrics' && (options.projectMetrics ?? true) && !old)
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            const out: Record<string, Json> = {};
            const keyed = [
              ...componentsOf(proj.slug).map((cd) => ({ cd, path: cd.path })),
              ...sharedInto(proj.slug)
                .filter(({ c }) => project(c.project, env.authed))
                .map(({ c, category }) => ({ cd: c, path: category ? `${category}/${c.slug}` : c.slug })),
            ];
            const clashes = (path: string) => keyed.filter((k) => k.path === path).length > 1;
            for (const { cd, path } of keyed) {
              if (options.metricsHidden?.includes(cd.path)) continue;
              const key = options.metricsClash?.includes(cd.path) ? `${cd.slug}@${cd.id}` : clashes(path) ? `${path}@${cd.id}` : path;
              const langs: Record<string, Json> = {};
              for (const t of translationsOf(cd)) langs[t.lang] = renderMetricsStats(translationAgg(t), lang(t.lang).name);
              out[key] = langs;
            }
            return out;
          },
        };
      if (n === 3 && c === 'languages')
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            const trs = TRANSLATIONS.filter((t) => t.project === proj.slug);
            const codes = [...new Set(trs.map((t) => t.lang))].map(lang).sort((x, y) => x.name.localeCompare(y.name));
            const items = codes.map((l) =>
              renderStats(env.ctx, sumAgg(trs.filter((t) => t.lang === l.code)), {
                code: l.code,
                name: l.name,
                url: `${origin}${webRoot}projects/${proj.slug}/-/${l.code}/`,
                translate_url: `${origin}${webRoot}translate/${proj.slug}/-/${l.code}/`,
              }),
            );
            if (projectLanguagesShape === 'array') return items;
            return paginate(env, A_RO, arraySource(items), (x) => x);
          },
        };
      return null;
    }
    if (a === 'components' && n === 1) {
      // ComponentViewSet list: every component the caller can see, by id, with its project; GET only
      return {
        allow: A_RO,
        run: (env) =>
          paginate(env, A_RO, arraySource(COMPONENTS.filter((x) => project(x.project, env.authed)).sort(byId)), (x) =>
            renderComponent(env.ctx, x, project(x.project, env.authed) as ProjectDef),
          ),
      };
    }
    if (a === 'components' && n >= 3) {
      const p = b as string;
      const comp = c as string;
      if (n === 3) {
        return {
          allow: A_FULL,
          run: (env) => {
            const [cd, pd] = needComponent(env, A_FULL, p, comp);
            return renderComponent(env.ctx, cd, pd);
          },
        };
      }
      if (n === 4 && d === 'translations')
        return {
          allow: A_LIST_POST,
          run: (env) => {
            const [cd] = needComponent(env, A_LIST_POST, p, comp);
            return paginate(env, A_LIST_POST, arraySource(translationsOf(cd)), (t) => named(t, renderTranslation(env.ctx, t, translationAgg(t), null)));
          },
        };
      if (n === 4 && d === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const [cd] = needComponent(env, A_RO, p, comp);
            return paginate(env, A_RO, arraySource(translationsOf(cd)), (t) => renderTranslationStats(env.ctx, t, translationAgg(t)), undefined, large);
          },
        };
      // ComponentViewSet.links: the projects the component is shared into, by id
      if (n === 4 && d === 'links')
        return {
          allow: A_LIST_POST,
          run: (env) => {
            const [cd] = needComponent(env, A_LIST_POST, p, comp);
            const into = (options.sharedComponents ?? []).filter((x) => x.component === `${cd.project}/${cd.path}`).map((x) => x.into);
            const list = PROJECTS.filter((x) => into.includes(x.slug) && project(x.slug, env.authed)).sort(byId);
            return paginate(env, A_LIST_POST, arraySource(list), (x) => renderProject(env.ctx, x));
          },
        };
      if (n === 4 && d === 'changes')
        return {
          allow: A_RO,
          run: (env) => {
            const [cd] = needComponent(env, A_RO, p, comp);
            return changesList(env, A_RO, inListOrder(scopeChangesDesc(translationsOf(cd), true)));
          },
        };
      return null;
    }
    if (a === 'translations' && n === 1) {
      // TranslationViewSet list: every translation the caller can see, by id, with its component; GET only
      return {
        allow: A_RO,
        run: (env) =>
          paginate(env, A_RO, arraySource(visibleTranslations(env.authed).sort(byId)), (t) =>
            named(t, renderTranslation(env.ctx, t, translationAgg(t), { c: componentOf(t), p: project(t.project, env.authed) as ProjectDef })),
          ),
      };
    }
    // CategoryViewSet (Weblate ≥ 5.0): list GET/POST, detail GET/PUT/PATCH/DELETE, statistics (≥ 5.5);
    // only categories of projects the caller can see (project__in=user.allowed_projects), by id
    if (a === 'categories') {
      if (n === 1)
        return {
          allow: A_LIST_POST,
          run: (env) =>
            paginate(env, A_LIST_POST, arraySource(CATEGORIES.filter((x) => project(x.project, env.authed)).sort(byId)), (x) => renderCategory(env.ctx, x)),
        };
      if (n === 2) return { allow: A_FULL, run: (env) => renderCategory(env.ctx, needCategory(env, A_FULL, b as string)) };
      if (n === 3 && c === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const cat = needCategory(env, A_RO, b as string);
            return renderStats(env.ctx, sumAgg(categoryTranslations(cat)), { name: cat.name, url: `${origin}${webRoot}projects/${cat.project}/${cat.path}/` });
          },
        };
      return null;
    }
    if (a === 'translations' && n >= 4) {
      const [p, comp, l] = [b as string, c as string, d as string];
      if (n === 4)
        return {
          allow: A_TRANSLATION,
          run: (env) => {
            const [tr, cd, pd] = needTranslation(env, A_TRANSLATION, p, comp, l);
            return named(tr, renderTranslation(env.ctx, tr, translationAgg(tr), { c: cd, p: pd }));
          },
        };
      if (n === 5 && e === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const [tr] = needTranslation(env, A_RO, p, comp, l);
            return renderTranslationStats(env.ctx, tr, translationAgg(tr));
          },
        };
      if (n === 5 && e === 'units') return unitsRoute(p, comp, l);
      if (n === 5 && e === 'changes') return changesRoute(p, comp, l);
      return null;
    }
    if (a === 'languages') {
      if (n === 1)
        return {
          allow: A_LIST_POST,
          run: (env) => paginate(env, A_LIST_POST, arraySource([...languages].sort(listOrder)), (l) => renderLanguage(env.ctx, l)),
        };
      const code = b as string;
      const need = (env: Env, allow: string) => {
        const l = LANGUAGE_BY_CODE.get(code);
        if (!l || (l.apps && !withApps)) throw notFound(allow, env);
        return l;
      };
      if (n === 2) return { allow: A_FULL, run: (env) => renderLanguage(env.ctx, need(env, A_FULL)) };
      if (n === 3 && c === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const l = need(env, A_RO);
            const agg = sumAgg(visibleTranslations(env.authed).filter((t) => t.lang === l.code));
            return renderStats(env.ctx, agg, { name: l.name, url: `${origin}${webRoot}languages/${l.code}/` });
          },
        };
      return null;
    }
    // UserViewSet (weblate/api/views.py): every user by id, filtered by `username` (starts with) and
    // `id`; one user by username. An anonymous caller gets BasicUserSerializer's fields, a token the full ones.
    if (a === 'users') {
      if (n === 1)
        return {
          allow: A_LIST_POST,
          run: (env) => {
            const q = env.rr.query;
            const starts = last(q, 'username') ?? '';
            const id = last(q, 'id') ?? '';
            if (id !== '' && !/^\s*-?\d+\s*$/.test(id)) throw badRequest(A_LIST_POST, env, { id: ['Enter a number.'] }, 'id', 'Enter a number.');
            const list = [...users.values()].filter((u) => u.username.startsWith(starts) && (id === '' || u.id === Number(id)));
            return paginate(env, A_LIST_POST, arraySource(list), (u) => renderUser(env.ctx, u, env.authed));
          },
        };
      if (n === 2)
        return {
          allow: A_FULL,
          run: (env) => {
            const u = users.get(b as string);
            if (!u) throw notFound(A_FULL, env);
            return renderUser(env.ctx, u, env.authed);
          },
        };
      return null;
    }
    if (a === 'memory' && n === 2 && b === 'lookup' && memoryLookup !== 'none') return memoryLookup === '405' ? memoryDetailRoute : memoryLookupRoute;
    // weblate/api/views.py Metrics (a plain path, not in the root): IsAuthenticated; the server's counts and version.
    if (a === 'metrics' && n === 1 && !options.noMetrics)
      return {
        allow: A_RO,
        run: (env) => {
          if (!env.authed)
            return {
              ...jsonResp(401, errorJson('not_authenticated', 'Authentication credentials were not provided.'), A_RO, false),
              headers: { ...jsonResp(401, '', A_RO, false).headers, 'WWW-Authenticate': 'Token' },
            };
          const visible = visibleTranslations(true);
          return {
            units: visible.reduce((n, t) => n + unitsSource(t).count, 0),
            changes: visible.reduce((n, t) => n + t.changes.length, 0),
            projects: PROJECTS.filter((p) => project(p.slug, true)).length,
            components: COMPONENTS.filter((c) => project(c.project, true)).length,
            translations: visible.length,
            languages: languages.length,
            checks: 0,
            configuration_errors: 0,
            suggestions: suggestions.length,
            celery_queues: {},
            name: 'Weblate',
            version: `weblate-${options.version ?? '5.4.2'}`,
          };
        },
      };
    // weblate/api/views.py Search: a bare list of {category, name, url} (projects, then components) whose name or slug holds q.
    if (a === 'search' && n === 1)
      return {
        allow: A_RO,
        run: (env) => {
          const q = (last(env.rr.query, 'q') ?? '').toLowerCase();
          const hit = (x: { name: string; slug: string }) => q !== '' && (x.name.toLowerCase().includes(q) || x.slug.toLowerCase().includes(q));
          const projects = PROJECTS.filter((p) => project(p.slug, env.authed) && hit(p));
          const components = COMPONENTS.filter((c) => project(c.project, env.authed) && hit(c));
          return [
            ...projects.map((p) => ({ category: 'Project', name: p.name, url: `${webRoot}projects/${p.slug}/` })),
            ...components.map((c) => ({
              category: 'Component',
              name: `${project(c.project, env.authed)!.name}/${c.name}`,
              url: `${webRoot}projects/${c.project}/${c.path}/`,
            })),
          ];
        },
      };
    if (a === 'screenshots' && n === 1)
      return {
        allow: A_LIST_POST,
        run: (env) =>
          paginate(env, A_LIST_POST, arraySource(screenshotList.filter((x) => project(x.project, env.authed))), (x) => renderScreenshot(env.ctx, x)),
      };
    if (a === 'screenshots' && n === 2) return { allow: A_FULL, run: (env) => renderScreenshot(env.ctx, visibleScreenshot(env, b as string)) };
    if (a === 'screenshots' && n === 3 && c === 'file')
      return {
        allow: A_RO,
        run: (env) => {
          const x = visibleScreenshot(env, b as string);
          const base = jsonResp(200, '', A_RO, env.authed, { 'Last-Modified': FILE_LAST_MODIFIED });
          const name = x.file.split('/').pop()!;
          return {
            ...base,
            headers: { ...base.headers, 'Content-Type': 'image/png', 'Content-Disposition': options.fileDisposition ?? `attachment; filename="${name}"` },
            raw: fakeScreenshotPng(x.id),
          };
        },
      };
    if (a === 'units' && n === 3 && c === 'suggestions' && (options.suggestionsApi ?? true))
      return {
        allow: A_RO,
        run: (env) => {
          const u = visibleUnit(env, b as string);
          return paginate(env, A_RO, arraySource(suggestions.filter((x) => x.unitId === u.id)), (x) => renderSuggestion(env.ctx, x), undefined, large);
        },
      };
    if (a === 'units' && n === 3 && c === 'comments' && (options.unitComments ?? true))
      return {
        allow: A_RO,
        run: (env) => {
          const u = visibleUnit(env, b as string);
          return paginate(env, A_RO, arraySource(comments.filter((x) => x.unitId === u.id)), (x) => renderComment(env.ctx, x), undefined, large);
        },
      };
    if (a === 'suggestions' && n === 1 && (options.suggestionsApi ?? true))
      return { allow: A_RO, run: (env) => paginate(env, A_RO, arraySource(visibleSuggestions(env)), (x) => renderSuggestion(env.ctx, x), undefined, large) };
    if (a === 'suggestions' && n === 2 && (options.suggestionsApi ?? true))
      return {
        allow: A_RO,
        run: (env) => {
          const x = visibleSuggestions(env).find((y) => String(y.id) === b);
          if (!x) throw notFound(A_RO, env);
          return renderSuggestion(env.ctx, x);
        },
      };
    if (a === 'units' && n === 1) return allUnitsRoute;
    if (a === 'changes' && n === 1)
      return { allow: A_RO, run: (env) => changesList(env, A_RO, inListOrder(scopeChangesDesc(visibleTranslations(env.authed), true))) };
    if (a === 'units' && n === 2) {
      return {
        allow: A_FULL,
        run: (env) => {
          const found = /^\d+$/.test(b as string) ? findUnit(Number(b)) : undefined;
          if (!found || !project(found[0].project, env.authed)) throw notFound(A_FULL, env);
          return renderUnit(env.ctx, found[0], found[1]);
        },
      };
    }
    if (a === 'changes' && n === 2) {
      return {
        allow: A_RO,
        run: (env) => {
          const found = /^\d+$/.test(b as string) ? findChange(Number(b)) : undefined;
          if (!found || !project(found[0].project, env.authed)) throw notFound(A_RO, env);
          return renderChange(env.ctx, found[0], found[1]);
        },
      };
    }
    return null;
  };

  /** compute the response for a request (pure except for rate counters when `live`) */
  const compute = (rr: RecordedRequest, live: boolean): Resp => {
    const qi = rr.url.indexOf('?');
    const rawPath = qi < 0 ? rr.url : rr.url.slice(0, qi);
    const rawQuery = qi < 0 ? '' : rr.url.slice(qi + 1);
    if (!rawPath.startsWith(prefix) || !rawPath.endsWith('/')) return htmlNotFound(origin, rr.method, rawPath);
    const rest = rawPath.slice(prefix.length);
    const segs = rest === '' ? [] : rest.slice(0, -1).split('/');
    if (segs.some((s) => s === '')) return htmlNotFound(origin, rr.method, rawPath);
    let decoded: string[];
    try {
      decoded = segs.map((s) => decodeURIComponent(s));
    } catch {
      return htmlNotFound(origin, rr.method, rawPath);
    }
    const r = route(decoded);
    if (!r) return htmlNotFound(origin, rr.method, rawPath);

    // authentication (DRF TokenAuthentication; "Bearer" accepted too)
    let authed = false;
    const authz = rr.headers['authorization'];
    const authStr = Array.isArray(authz) ? authz[0] : authz;
    if (authStr) {
      const parts = authStr.trim().split(/\s+/);
      const kw = (parts[0] ?? '').toLowerCase();
      if (kw === 'token' || kw === 'bearer') {
        let detail: string | null = null;
        if (parts.length === 1) detail = 'Invalid token header. No credentials provided.';
        else if (parts.length > 2) detail = 'Invalid token header. Token string should not contain spaces.';
        else if (options.token !== undefined && parts[1] !== options.token) detail = 'Invalid token.';
        if (detail !== null) {
          const body = errorJson('authentication_failed', detail);
          return {
            status: 401,
            headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Token', Vary: 'Accept, Cookie, Origin', Allow: r.allow, ...JSON_HEADERS },
            body,
          };
        }
        authed = true;
      }
    }
    if (live && rateOn) {
      if (rateEnforce && (authed ? rate.authed : rate.anon) <= 0) {
        // DRF SimpleRateThrottle.allow_request → throttle_failure → Throttled(wait): 429 + Retry-After
        const wait = rateResetOverride ?? (authed ? RATE_DEFAULTS.authed : RATE_DEFAULTS.anon).reset;
        const detail = `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.`;
        return jsonResp(429, errorJson('throttled', detail), r.allow, authed, { 'Retry-After': String(wait) });
      }
      if (authed) rate.authed = Math.max(0, rate.authed - 1);
      else rate.anon = Math.max(0, rate.anon - 1);
    }
    if (rr.method !== 'GET' && rr.method !== 'HEAD' && !(rr.method === 'POST' && r.post)) {
      return jsonResp(405, errorJson('method_not_allowed', `Method "${rr.method}" not allowed.`), r.allow, authed);
    }
    const fmt = last(rr.query, 'format');
    const env: Env = {
      ctx: { origin, prefix, webRoot, fmt, old, componentFiles: componentFileOverrides, metricsUrl: options.metricsUrl ?? false },
      rr,
      rawPath,
      pairs: parseQueryPairs(rawQuery),
      authed,
      trigger: live,
    };
    try {
      const out = rr.method === 'POST' && r.post ? r.post(env) : r.run(env);
      if (isResp(out)) return out;
      return jsonResp(200, stringify(out, exoticOn, spaced), r.allow, authed);
    } catch (err) {
      if (err instanceof HttpError) return err.resp;
      throw err;
    }
  };

  // ----- faults

  const matches = (m: FaultMatch, rr: RecordedRequest): boolean =>
    typeof m === 'string' ? rr.url === m || rr.url.includes(m) : m instanceof RegExp ? m.test(rr.url) : m(rr);
  const takeFault = (rr: RecordedRequest): Fault | undefined => {
    for (const f of faults) {
      if (f.remaining > 0 && matches(f.match, rr)) {
        f.remaining--;
        return f.fault;
      }
    }
    return undefined;
  };

  const send = (req: IncomingMessage, res: ServerResponse, r: Resp): void => {
    const buf = r.raw ?? Buffer.from(r.body, 'utf8');
    res.writeHead(r.status, { ...r.headers, 'Content-Length': String(buf.length) });
    if (req.method === 'HEAD') res.end();
    else res.end(buf);
  };

  const applyFault = (req: IncomingMessage, res: ServerResponse, rr: RecordedRequest, fault: Fault): void => {
    switch (fault.kind) {
      case 'status': {
        let body = fault.body;
        let contentType = fault.contentType;
        const headers: Record<string, string> = {};
        if (fault.status === 429) {
          Object.assign(headers, { 'Retry-After': '60', 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '60' });
          body ??= errorJson('throttled', 'Request was throttled. Expected available in 60 seconds.');
        } else if (fault.status >= 500 && body === undefined) {
          body = `<!DOCTYPE html>\n<html><head><title>${fault.status} Server Error</title></head><body><h1>Server Error (${fault.status})</h1></body></html>\n`;
          contentType ??= 'text/html; charset=utf-8';
        }
        body ??= errorJson('error', http.STATUS_CODES[fault.status] ?? 'Error');
        contentType ??= /^\s*[[{]/.test(body) ? 'application/json' : 'text/html; charset=utf-8';
        send(req, res, { status: fault.status, headers: { 'Content-Type': contentType, ...headers, ...fault.headers }, body });
        return;
      }
      case 'html200':
        send(req, res, {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8', ...JSON_HEADERS },
          body: '<!DOCTYPE html>\n<html lang="en"><head><title>Login</title></head><body><form method="post" action="/accounts/login/"><input name="username"><input name="password" type="password"></form></body></html>\n',
        });
        return;
      case 'rawBody':
        send(req, res, { status: fault.status ?? 200, headers: { 'Content-Type': fault.contentType ?? 'application/json' }, body: fault.body });
        return;
      case 'redirect':
        res.writeHead(fault.status ?? 302, { Location: fault.location, 'Content-Length': '0' });
        res.end();
        return;
      case 'reset': {
        const s = req.socket as Socket & { resetAndDestroy?: () => void };
        if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
        else s.destroy();
        return;
      }
      case 'stall':
        if (fault.onClose) res.once('close', fault.onClose);
        return;
      case 'endless': {
        let end!: (how: 'client' | 'limit') => void;
        const record: StreamedBody = {
          url: rr.url,
          bytes: 0,
          done: new Promise((resolve) => {
            end = (how) => {
              if (record.ended) return;
              record.ended = how;
              resolve(how);
            };
          }),
        };
        streams.push(record);
        const sock = req.socket;
        sock.once('close', () => end('client'));
        const chunk = Buffer.from(fault.chunk ?? 'x'.repeat(64 * 1024), 'utf8');
        const limit = fault.limitBytes ?? Infinity;
        res.writeHead(fault.status ?? 200, { 'Content-Type': fault.contentType ?? 'application/json', ...fault.headers });
        const prefix = Buffer.from(fault.prefix ?? '{"results":["', 'utf8');
        res.write(prefix);
        record.bytes += prefix.length;
        const pump = (): void => {
          while (!record.ended && !sock.destroyed) {
            if (record.bytes >= limit) {
              end('limit');
              sock.destroy();
              return;
            }
            record.bytes += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
        };
        pump();
        return;
      }
      case 'truncate':
      case 'stallBody': {
        const r = compute(rr, true);
        const buf = r.raw ?? Buffer.from(r.body, 'utf8');
        const cut = Math.max(0, Math.min(buf.length - 1, fault.kind === 'truncate' && fault.bytes !== undefined ? fault.bytes : Math.floor(buf.length / 2)));
        res.writeHead(r.status, { ...r.headers, 'Content-Length': String(buf.length) });
        res.flushHeaders();
        const sock = req.socket;
        res.write(buf.subarray(0, cut), () => {
          if (fault.kind === 'truncate') sock.end();
        });
        return;
      }
    }
  };

  // ----- HTTP plumbing

  const responseCache = options.cacheResponses ? new Map<string, ReturnType<typeof compute>>() : undefined;
  const sockets = new Set<Socket>();
  const timers = new Set<() => void>();
  let closed = false;

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const qi = url.indexOf('?');
    const rr: RecordedRequest = {
      method: req.method ?? 'GET',
      path: qi < 0 ? url : url.slice(0, qi),
      query: new URLSearchParams(qi < 0 ? '' : url.slice(qi + 1)),
      url,
      headers: { ...req.headers },
    };
    if (rr.method === 'GET' || rr.method === 'HEAD') {
      req.resume();
      handle(req, res, rr);
      return;
    }
    // A body is read whole first (at most 1 MB: the memory lookup's 100 strings of 2,000 characters fit).
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 1 << 20) chunks.push(c);
    });
    req.on('end', () => {
      rr.body = Buffer.concat(chunks).toString('utf8');
      handle(req, res, rr);
    });
  });
  const handle = (req: IncomingMessage, res: ServerResponse, rr: RecordedRequest): void => {
    const url = rr.url;
    requests.push(rr);
    for (const waiter of requestWaiters) if (waiter()) requestWaiters.delete(waiter);
    let fault = takeFault(rr);
    const go = (): void => {
      if (closed) return;
      try {
        if (fault?.kind === 'hold') {
          const held = fault.until;
          fault = undefined;
          void held.then(go);
          return;
        }
        if (fault) {
          applyFault(req, res, rr, fault);
          return;
        }
        // A conditional request's answer depends on its headers, not only on the URL: never cached.
        const cacheable = responseCache && rr.method === 'GET' && rr.headers['if-modified-since'] === undefined && rr.headers['if-none-match'] === undefined;
        const cached = cacheable ? responseCache.get(url) : undefined;
        const r = cached ?? compute(rr, true);
        r.after?.();
        if (cacheable && !cached && !r.after) responseCache.set(url, r);
        send(req, res, r);
      } catch (err) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`fake-weblate internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      }
    };
    if (latencyMs > 0) {
      const cancel = setTimer(() => {
        timers.delete(cancel);
        go();
      }, latencyMs);
      timers.add(cancel);
    } else {
      go();
    }
  };
  server.keepAliveTimeout = 5000;
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('unexpected server address');
  origin = `http://127.0.0.1:${addr.port}`;

  const normalizeKey = (k: string): string => k.replace(/%2F/gi, '/').replace(/^\/+|\/+$/g, '');
  const rateState = (): RateLimitState => ({
    anonymous: { limit: rateLimitOverride ?? RATE_DEFAULTS.anon.limit, remaining: rate.anon, reset: rateResetOverride ?? RATE_DEFAULTS.anon.reset },
    token: { limit: rateLimitOverride ?? RATE_DEFAULTS.authed.limit, remaining: rate.authed, reset: rateResetOverride ?? RATE_DEFAULTS.authed.reset },
    enforce: rateEnforce,
    on: rateOn,
  });

  return {
    origin,
    url: origin + prefix,
    requests,
    projects: (authed) =>
      PROJECTS.filter((p) => project(p.slug, authed))
        .sort(listOrder)
        .map((p) => p.slug),
    whenRequests(done) {
      return new Promise<void>((resolve) => {
        const waiter = () => (done(requests) ? (resolve(), true) : false);
        if (!waiter()) requestWaiters.add(waiter);
      });
    },
    streams,
    fault(match, fault, times = 1) {
      faults.push({ match, fault, remaining: times });
    },
    pagination(mode) {
      pagination = mode;
    },
    nextLinks(mode) {
      linkMode = mode;
    },
    growAfterFirstPage(list) {
      const key = normalizeKey(list.translation);
      if (!TRANSLATION_BY_KEY.has(key)) throw new Error(`unknown translation ${list.translation}`);
      growths.push({ key, kind: list.kind, n: list.n, done: false });
    },
    oldShapes(on) {
      old = on;
      responseCache?.clear();
    },
    filenames(names) {
      filenameOverrides.clear();
      for (const [key, name] of Object.entries(names ?? {})) {
        const k = key.replace(/%2F/gi, '/');
        if (!TRANSLATION_BY_KEY.has(k)) throw new Error(`unknown translation ${key}`);
        filenameOverrides.set(k, name);
      }
      responseCache?.clear();
    },
    languageCodes(codes) {
      languageCodeOverrides.clear();
      for (const [key, code] of Object.entries(codes ?? {})) {
        const k = key.replace(/%2F/gi, '/');
        if (!TRANSLATION_BY_KEY.has(k)) throw new Error(`unknown translation ${key}`);
        languageCodeOverrides.set(k, code);
      }
      responseCache?.clear();
    },
    componentFiles(fields) {
      componentFileOverrides.clear();
      for (const [key, value] of Object.entries(fields ?? {})) {
        if (!COMPONENTS.some((c) => `${c.project}/${c.path}` === key)) throw new Error(`unknown component ${key}`);
        componentFileOverrides.set(key, value);
      }
      responseCache?.clear();
    },
    changeFile(translation) {
      responseCache?.clear();
      if (translation === null) {
        fileChanges.clear();
        return undefined;
      }
      const key = normalizeKey(translation);
      if (!TRANSLATION_BY_KEY.has(key)) throw new Error(`unknown translation ${translation}`);
      const n = (fileChanges.get(key) ?? 0) + 1;
      fileChanges.set(key, n);
      return fakeFileBytes(key, false, null, n);
    },
    exotic(on) {
      exoticOn = on;
      responseCache?.clear();
    },
    oldUnitsSearch(on) {
      oldUnits = on;
      responseCache?.clear();
    },
    lock(target, on) {
      for (const key of componentKeys(target)) {
        if (on) locks.add(key);
        else locks.delete(key);
      }
      responseCache?.clear();
    },
    repository(target, state) {
      if (state) repositories.set(target, state);
      else repositories.delete(target);
      responseCache?.clear();
    },
    addChanges(translation, changes) {
      const key = normalizeKey(translation);
      const tr = TRANSLATION_BY_KEY.get(key);
      if (!tr) throw new Error(`unknown translation ${translation}`);
      const list = addedChanges.get(key) ?? [];
      const ids: number[] = [];
      for (const ch of changes) {
        if (!Number.isInteger(ch.action) || !Object.prototype.hasOwnProperty.call(ACTION_NAMES, ch.action)) {
          throw new Error(`addChanges: ${ch.action} is not a Weblate action code (see ACTION_NAMES)`);
        }
        let unitId: number | null = null;
        if (ch.unit !== undefined && ch.unit !== null) {
          const found = findUnit(ch.unit);
          if (!found || found[0].key !== key) throw new Error(`addChanges: unit ${ch.unit} is not in ${translation}`);
          unitId = ch.unit;
        }
        const id = nextChangeId++;
        const timestampUs = ch.timestampUs ?? Math.max(changeTimestampUs(id), newestChangeUs + 1_000_000);
        if (!Number.isSafeInteger(timestampUs)) throw new Error(`addChanges: bad timestampUs ${timestampUs}`);
        const user = ch.user ?? null;
        knowUser(user);
        const c: ChangeModel = { id, unitId, action: ch.action, target: ch.target ?? '', user, author: user, timestampUs };
        list.push(c);
        insertedChangeById.set(id, [tr, c]);
        newestChangeUs = Math.max(newestChangeUs, timestampUs);
        ids.push(id);
      }
      addedChanges.set(key, list);
      changesVersion++;
      responseCache?.clear();
      return ids;
    },
    rateLimit(setting) {
      applyRateLimit(setting);
      return rateState();
    },
    expected(pathAndQuery, headers = {}) {
      const qi = pathAndQuery.indexOf('?');
      const lower: Record<string, string> = {};
      for (const [k, v] of Object.entries(headers)) lower[k.toLowerCase()] = v;
      const r = compute(
        {
          method: 'GET',
          path: qi < 0 ? pathAndQuery : pathAndQuery.slice(0, qi),
          query: new URLSearchParams(qi < 0 ? '' : pathAndQuery.slice(qi + 1)),
          url: pathAndQuery,
          headers: lower,
        },
        false,
      );
      return { status: r.status, headers: r.headers, body: r.body };
    },
    close() {
      closed = true;
      for (const cancel of timers) cancel();
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
    },
  };
}
