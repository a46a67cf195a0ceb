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
 *   demo/docs%2Fguide/{en,cs}      component "guide" in category "docs", 6 units.
 *   big/strings/{en,xx}            generated: options.bigUnits units (default 2000) each; xx has
 *                                  options.bigChanges changes (default 2000), en none.
 *   secret/android/{en,cs}         private project: visible only with a valid token (else JSON 404), 3 units.
 *   Languages: en cs de ar ja xx (xx population 9007199254740993 = 2^53+1, beyond float64).
 *   Hostile texts live in the android strings (sources shared by en/cs/de/ar, targets per language,
 *   contexts, notes) and in cs/de change targets: see HOSTILE. 64-bit hashes: unit app_name has
 *   id_hash 9223372036854775807 (all languages), cs content_hash -9223372036854775808; unit
 *   action_settings has id_hash 9007199254740993, cs content_hash -9007199254740993.
 *   Unit ids are unique server-wide and ascend with position (positions have gaps); change
 *   timestamps ascend with change id. Changes are listed newest first (options.changesOrder).
 *
 * Unknown paths and paths without a trailing slash → HTML 404 (Django debug page); unknown
 * project/component/language/unit → JSON 404 in the configured envelope.
 * Extra endpoints beyond the brief: /api/, /api/projects/, /api/projects/<p>/, /api/projects/<p>/components/,
 * /api/languages/, /api/units/<id>/, /api/changes/<id>/.
 * growAfterFirstPage only changes the named list (not the counts in translation/statistics objects).
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  COMPONENTS,
  HASHES,
  HOSTILE,
  LANGUAGES,
  LANGUAGE_BY_CODE,
  PROJECTS,
  STATIC_CHANGE_BY_ID,
  STATIC_UNIT_BY_ID,
  TRANSLATIONS,
  TRANSLATION_BY_KEY,
  changeTimestampUs,
  countChars,
  countWords,
  hash64,
  lang,
  makeBig,
  unitTimestampUs,
} from './data.js';
import type { BigData, ChangeModel, ComponentDef, ProjectDef, TranslationDef, UnitModel } from './data.js';
import { quotePlus, stringify } from './json.js';
import type { Json } from './json.js';
import { QueryError, compileUnitQuery } from './query.js';
import {
  addChange,
  addUnit,
  emptyAgg,
  mergeAgg,
  renderChange,
  renderComponent,
  renderLanguage,
  renderProject,
  renderStats,
  renderTranslation,
  renderTranslationStats,
  renderUnit,
} from './render.js';
import type { Agg, Ctx } from './render.js';

export { HOSTILE, HASHES } from './data.js';
export type { UnitModel, ChangeModel } from './data.js';
export { stringify } from './json.js';

export interface FakeOptions {
  /** default '/api/'; e.g. '/weblate/api/' for a sub-path install */
  apiPrefix?: string;
  /** default 50 (units, changes and other lists) */
  defaultPageSize?: number;
  /** default true: `page_size` honoured up to 1000; false: ignored (old server) */
  honourPageSize?: boolean;
  /** default 0: delay before every response */
  latencyMs?: number;
  /** Keep each computed response by URL (the benchmark: measure the client, not this generator). */
  cacheResponses?: boolean;
  /** default 'legacy' ({"detail": "..."}); 'modern' = Weblate ≥ 5.10 envelope */
  errorEnvelope?: 'legacy' | 'modern';
  /** default 'desc' (newest first) */
  changesOrder?: 'desc' | 'asc';
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
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** path+query as received */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'html200' }
  | { kind: 'truncate'; bytes?: number }
  | { kind: 'reset' }
  /** Never answers. `onClose`: called when the client gives up and closes the connection. */
  | { kind: 'stall'; onClose?: () => void }
  | { kind: 'stallBody' }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'rawBody'; body: string; status?: number; contentType?: string }
  /**
   * A body that never ends: status (default 200) and content type (default application/json), no
   * Content-Length (chunked), `prefix` (default '{"results":["'), then `chunk` (default 64 KiB of 'x')
   * written again and again, as fast as the client reads, until the client closes the connection, or
   * until `limitBytes` bytes were written: then the server destroys the connection (a guard, so a client
   * that reads without a cap cannot eat all memory). Each such body is logged in `fake.streams`.
   */
  | { kind: 'endless'; status?: number; contentType?: string; prefix?: string; chunk?: string; limitBytes?: number };

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
  /** endless bodies sent (fault `endless`), in request order */
  streams: StreamedBody[];
  /** string: substring of path+query; RegExp: tested on path+query; times default 1 (Infinity allowed) */
  fault(match: FaultMatch, fault: Fault, times?: number): void;
  nextLinks(mode: 'normal' | 'self' | { foreignOrigin: string }): void;
  growAfterFirstPage(list: { translation: string; kind: 'units' | 'changes'; n: number }): void;
  oldShapes(on: boolean): void;
  exotic(on: boolean): void;
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

/** Dataset facts (keys are API path forms 'project/component/lang'; big/* counts are for the defaults). */
export const DATA = {
  projects: ['demo', 'big', 'secret'] as const,
  /** public translations */
  translations: TRANSLATIONS.filter((t) => t.project !== 'secret').map((t) => t.apiKey),
  /** translations of the private project (token needed) */
  privateTranslations: TRANSLATIONS.filter((t) => t.project === 'secret').map((t) => t.apiKey),
  languages: LANGUAGES.map((l) => l.code),
  defaults: { pageSize: 50, bigUnits: DEFAULT_BIG, bigChanges: DEFAULT_BIG, maxPageSize: 1000 },
  unitCounts: Object.fromEntries(
    TRANSLATIONS.map((t) => [t.apiKey, t.kind === 'big' ? DEFAULT_BIG : t.units.length]),
  ) as Record<string, number>,
  changeCounts: Object.fromEntries(
    TRANSLATIONS.map((t) => [t.apiKey, t.kind === 'big' ? (t.lang === 'xx' ? DEFAULT_BIG : 0) : t.changes.length]),
  ) as Record<string, number>,
  /** per static translation: number of units by state code */
  stateCounts: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, countStates(t.units)])) as Record<
    string,
    Record<number, number>
  >,
  /** unit models of static translations, in list order (ascending position/id) */
  units: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, t.units])) as Record<
    string,
    readonly UnitModel[]
  >,
  /** change models of static translations, ascending id (the server lists them per changesOrder) */
  changes: Object.fromEntries(TRANSLATIONS.filter((t) => t.kind === 'static').map((t) => [t.apiKey, t.changes])) as Record<
    string,
    readonly ChangeModel[]
  >,
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
function linkWithPage(base: string, pairs: [string, string][], page: string | null): string {
  const groups = new Map<string, string[]>();
  for (const [k, v] of pairs) {
    if (k === 'page') continue;
    const g = groups.get(k);
    if (g) g.push(v);
    else groups.set(k, [v]);
  }
  if (page !== null) groups.set('page', [page]);
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
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      s.trim(),
    );
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || sec! > 59) return null;
  const frac = m[7] ? Number(m[7].padEnd(6, '0')) : 0;
  let offsetMin = 0;
  const z = m[8];
  if (z && z.toUpperCase() !== 'Z') {
    const sign = z[0] === '-' ? -1 : 1;
    const digits = z.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
  }
  const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!) - offsetMin * 60_000;
  return ms * 1000 + frac;
}

interface Resp {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** run after the response is computed (growth trigger) */
  after?: () => void;
}

interface Source<T> {
  count: number;
  get(i: number): T;
}
const arraySource = <T>(a: readonly T[]): Source<T> => ({ count: a.length, get: (i) => a[i] as T });
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
}
const isResp = (x: Json | Resp): x is Resp =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'status' in x && 'body' in x && 'headers' in x;

interface Growth {
  key: string;
  kind: 'units' | 'changes';
  n: number;
  done: boolean;
}

export async function startFakeWeblate(options: FakeOptions = {}): Promise<FakeWeblate> {
  let prefix = options.apiPrefix ?? '/api/';
  if (!prefix.startsWith('/')) prefix = '/' + prefix;
  if (!prefix.endsWith('/')) prefix += '/';
  const webRoot = prefix.endsWith('api/') ? prefix.slice(0, -4) : '/';
  const defaultPageSize = options.defaultPageSize ?? 50;
  const honourPageSize = options.honourPageSize ?? true;
  const latencyMs = options.latencyMs ?? 0;
  const envelope = options.errorEnvelope ?? 'legacy';
  const changesOrder = options.changesOrder ?? 'desc';
  const projectLanguagesShape = options.projectLanguagesShape ?? 'array';
  const big: BigData = makeBig(options.bigUnits ?? DEFAULT_BIG, options.bigChanges ?? DEFAULT_BIG);

  let origin = '';
  let linkMode: 'normal' | 'self' | { foreignOrigin: string } = 'normal';
  let old = false;
  let exoticOn = false;
  const requests: RecordedRequest[] = [];
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
  const rate = { anon: 100, authed: 5000 };
  const aggCache = new Map<string, Agg>();

  // ----- data access

  const project = (slug: string, authed: boolean): ProjectDef | undefined =>
    PROJECTS.find((p) => p.slug === slug && (!p.private || authed));
  const componentsOf = (p: string): ComponentDef[] =>
    COMPONENTS.filter((c) => c.project === p).sort((a, b) => a.name.localeCompare(b.name));
  const translationsOf = (c: ComponentDef): TranslationDef[] =>
    TRANSLATIONS.filter((t) => t.project === c.project && t.component === c.path).sort((a, b) =>
      a.isSource !== b.isSource ? (a.isSource ? -1 : 1) : lang(a.lang).name.localeCompare(lang(b.lang).name),
    );
  const visibleTranslations = (authed: boolean): TranslationDef[] =>
    TRANSLATIONS.filter((t) => project(t.project, authed) !== undefined);

  const baseUnits = (tr: TranslationDef): Source<UnitModel> => {
    if (tr.kind === 'static') return arraySource(tr.units);
    const role = tr.isSource ? 'source' : 'target';
    return { count: big.units, get: (i) => big.unit(role, i) };
  };
  const baseChanges = (tr: TranslationDef): Source<ChangeModel> => {
    if (tr.kind === 'static') return arraySource(tr.changes);
    if (tr.isSource) return arraySource([]);
    return { count: big.changes, get: (i) => big.change(i) };
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
  const changesSource = (tr: TranslationDef): Source<ChangeModel> => {
    const base = baseChanges(tr);
    const ins = insertedChanges.get(tr.key) ?? [];
    const n = base.count;
    const get = changesOrder === 'desc' ? (i: number) => base.get(n - 1 - i) : (i: number) => base.get(i);
    return { count: ins.length + n, get: (i) => (i < ins.length ? (ins[i] as ChangeModel) : get(i - ins.length)) };
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
        fresh.unshift({ id, unitId: firstUnit, action: 2, target: `Inserted change ${seq}`, user: 'admin', author: 'admin', timestampUs: changeTimestampUs(id) });
      }
      insertedChanges.set(tr.key, [...fresh, ...(insertedChanges.get(tr.key) ?? [])]);
      for (const c of fresh) insertedChangeById.set(c.id, [tr, c]);
    }
  };

  // ----- responses

  const jsonResp = (status: number, body: string, allow: string | null, authed: boolean, extra: Record<string, string> = {}): Resp => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept, Cookie, Origin' };
    if (allow !== null) headers['Allow'] = allow;
    headers['X-RateLimit-Limit'] = String(authed ? 5000 : 100);
    headers['X-RateLimit-Remaining'] = String(authed ? rate.authed : rate.anon);
    headers['X-RateLimit-Reset'] = String(authed ? 3570 : 86352);
    Object.assign(headers, JSON_HEADERS, extra);
    return { status, headers, body };
  };
  const errorJson = (code: string, detail: string, type = 'client_error', attr: string | null = null): string =>
    envelope === 'legacy'
      ? stringify({ detail })
      : stringify({ type, errors: [{ code, detail, attr }] });
  const notFound = (allow: string, env: Env, detail = 'Not found.'): HttpError =>
    new HttpError(jsonResp(404, errorJson('not_found', detail), allow, env.authed));
  const badRequest = (allow: string, env: Env, legacy: Json, attr: string | null, detail: string): HttpError =>
    new HttpError(
      jsonResp(
        400,
        envelope === 'legacy' ? stringify(legacy) : errorJson('invalid', detail, 'validation_error', attr),
        allow,
        env.authed,
      ),
    );

  const pageSizeOf = (q: URLSearchParams): number => {
    if (!honourPageSize) return defaultPageSize;
    const v = last(q, 'page_size');
    if (v === null || !/^\s*\+?\d+\s*$/.test(v)) return defaultPageSize;
    const n = Number(v);
    if (n <= 0) return defaultPageSize;
    return Math.min(n, 1000);
  };

  function paginate<T>(env: Env, allow: string, src: Source<T>, render: (t: T) => Json, growthKey?: { tr: TranslationDef; kind: 'units' | 'changes' }): Json | Resp {
    const q = env.rr.query;
    const size = pageSizeOf(q);
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
          ...jsonResp(200, stringify(body, exoticOn), allow, env.authed),
          after: () => pending.forEach((g) => applyGrowth(g, growthKey.tr)),
        };
      }
    }
    return body;
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

  const unitsRoute = (p: string, c: string, l: string): Route => ({
    allow: A_LIST_POST,
    run: (env) => {
      const [tr] = needTranslation(env, A_LIST_POST, p, c, l);
      let src = unitsSource(tr);
      const qv = last(env.rr.query, 'q');
      if (qv !== null && qv.trim() !== '') {
        let pred: (u: UnitModel) => boolean;
        try {
          pred = compileUnitQuery(qv);
        } catch (e) {
          if (!(e instanceof QueryError)) throw e;
          const msg = `Could not parse query string: ${e.message}`;
          throw badRequest(A_LIST_POST, env, [msg], 'q', msg);
        }
        src = filterSource(src, pred);
      }
      return paginate(env, A_LIST_POST, src, (u) => renderUnit(env.ctx, tr, u), { tr, kind: 'units' });
    },
  });

  const changesRoute = (p: string, c: string, l: string): Route => ({
    allow: A_RO,
    run: (env) => {
      const [tr] = needTranslation(env, A_RO, p, c, l);
      const q = env.rr.query;
      const preds: ((c: ChangeModel) => boolean)[] = [];
      const actions = q.getAll('action').filter((v) => v !== '');
      for (const a of actions) {
        if (!/^\d+$/.test(a) || Number(a) > 100) {
          const msg = `Select a valid choice. ${a} is not one of the available choices.`;
          throw badRequest(A_RO, env, { action: [msg] }, 'action', msg);
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
        if (us === null) throw badRequest(A_RO, env, { timestamp: ['Enter a valid date/time.'] }, 'timestamp', 'Enter a valid date/time.');
        preds.push((ch) => cmp(ch.timestampUs, us));
      }
      let src = changesSource(tr);
      if (preds.length > 0) src = filterSource(src, (ch) => preds.every((f) => f(ch)));
      return paginate(env, A_RO, src, (ch) => renderChange(env.ctx, tr, ch), { tr, kind: 'changes' });
    },
  });

  const route = (segs: string[]): Route | null => {
    const [a, b, c, d, e] = segs;
    const n = segs.length;
    if (n === 0) {
      return {
        allow: A_RO,
        run: (env) =>
          Object.fromEntries(
            ['addons', 'categories', 'changes', 'component-lists', 'components', 'groups', 'languages', 'memory', 'metrics', 'projects', 'roles', 'screenshots', 'tasks', 'translations', 'units', 'users'].map(
              (k) => [k, `${origin}${prefix}${k}/${env.ctx.fmt !== null ? `?format=${quotePlus(env.ctx.fmt)}` : ''}`],
            ),
          ),
      };
    }
    if (a === 'projects') {
      if (n === 1)
        return {
          allow: A_LIST_POST,
          run: (env) =>
            paginate(
              env,
              A_LIST_POST,
              arraySource(PROJECTS.filter((p) => !p.private || env.authed).sort((x, y) => x.name.localeCompare(y.name))),
              (p) => renderProject(env.ctx, p),
            ),
        };
      const p = b as string;
      if (n === 2) return { allow: A_FULL, run: (env) => renderProject(env.ctx, needProject(env, A_FULL, p)) };
      if (n === 3 && c === 'components')
        return {
          allow: A_LIST_POST,
          run: (env) => {
            const proj = needProject(env, A_LIST_POST, p);
            return paginate(env, A_LIST_POST, arraySource(componentsOf(proj.slug)), (x) => renderComponent(env.ctx, x, proj));
          },
        };
      if (n === 3 && c === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const proj = needProject(env, A_RO, p);
            const agg = sumAgg(TRANSLATIONS.filter((t) => t.project === proj.slug));
            return renderStats(env.ctx, agg, { name: proj.name, url: `${origin}${webRoot}projects/${proj.slug}/` });
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
            return paginate(env, A_LIST_POST, arraySource(translationsOf(cd)), (t) => renderTranslation(env.ctx, t, translationAgg(t), null));
          },
        };
      if (n === 4 && d === 'statistics')
        return {
          allow: A_RO,
          run: (env) => {
            const [cd] = needComponent(env, A_RO, p, comp);
            return paginate(env, A_RO, arraySource(translationsOf(cd)), (t) => renderTranslationStats(env.ctx, t, translationAgg(t)));
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
            return renderTranslation(env.ctx, tr, translationAgg(tr), { c: cd, p: pd });
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
          run: (env) =>
            paginate(env, A_LIST_POST, arraySource([...LANGUAGES].sort((x, y) => x.name.localeCompare(y.name))), (l) => renderLanguage(env.ctx, l)),
        };
      const code = b as string;
      const need = (env: Env, allow: string) => {
        const l = LANGUAGE_BY_CODE.get(code);
        if (!l) throw notFound(allow, env);
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
    if (live) {
      if (authed) rate.authed = Math.max(0, rate.authed - 1);
      else rate.anon = Math.max(0, rate.anon - 1);
    }
    if (rr.method !== 'GET' && rr.method !== 'HEAD') {
      return jsonResp(405, errorJson('method_not_allowed', `Method "${rr.method}" not allowed.`), r.allow, authed);
    }
    const fmt = last(rr.query, 'format');
    const env: Env = {
      ctx: { origin, prefix, webRoot, fmt, old },
      rr,
      rawPath,
      pairs: parseQueryPairs(rawQuery),
      authed,
      trigger: live,
    };
    try {
      const out = r.run(env);
      if (isResp(out)) return out;
      return jsonResp(200, stringify(out, exoticOn), r.allow, authed);
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
    const buf = Buffer.from(r.body, 'utf8');
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
        res.writeHead(fault.status ?? 200, { 'Content-Type': fault.contentType ?? 'application/json' });
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
        const buf = Buffer.from(r.body, 'utf8');
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
  const timers = new Set<NodeJS.Timeout>();
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
    requests.push(rr);
    req.resume();
    const fault = takeFault(rr);
    const go = (): void => {
      if (closed) return;
      try {
        if (fault) {
          applyFault(req, res, rr, fault);
          return;
        }
        const cached = responseCache?.get(url);
        const r = cached ?? compute(rr, true);
        r.after?.();
        if (responseCache && !cached && !r.after) responseCache.set(url, r);
        send(req, res, r);
      } catch (err) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`fake-weblate internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      }
    };
    if (latencyMs > 0) {
      const t = setTimeout(() => {
        timers.delete(t);
        go();
      }, latencyMs);
      timers.add(t);
    } else {
      go();
    }
  });
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

  return {
    origin,
    url: origin + prefix,
    requests,
    streams,
    fault(match, fault, times = 1) {
      faults.push({ match, fault, remaining: times });
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
    },
    exotic(on) {
      exoticOn = on;
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
      for (const t of timers) clearTimeout(t);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
    },
  };
}
