// wli stats: statistics rows for translations, components, languages and projects, in argument
// order, and the --fail-under gate that CI uses.
//
// Where the rows come from:
// - project/component/language → /translations/<p>/<c>/<l>/statistics/ (one row)
// - language code              → /languages/<code>/statistics/ (one row)
// - project/component          → /components/<p>/<c>/statistics/ (paginated, one row per translation).
//   Chosen over /components/<p>/<c>/translations/ because only Statistics objects carry every
//   percentage a --metric checks (approved_percent, translated_words_percent; Translation objects
//   have neither) and they are far smaller. They do not say which row is the source language, so
//   --skip-source also reads the component (/components/<p>/<c>/, one request made alongside the
//   list) for source_language.code. A server without the statistics list (404) falls back to the
//   translations list, whose rows say is_source themselves; a gate on a metric those rows lack
//   fails closed and says so.
// - --project <p>              → /projects/<p>/languages/ (a plain array on 5.4, paginated elsewhere),
//   one row per language, then /projects/<p>/statistics/ as a total row. The gate checks the total
//   row too: a project's overall percentage below the threshold is a failure worth naming.
import { NotFoundError, ServerError, isNotFound } from '../api/errors.js';
import { EXIT, UsageError, WliError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';
import { plainText } from '../core/values.js';
import type { Item } from '../output/fields.js';
import type { Column, ListResult, RecordResult, Style } from '../output/result.js';
import type { Session } from './session.js';
import type { Gate, Metric, Row } from './stats-gate.js';
import { componentPath, formsOf, languagePath, projectPath, readTarget, translationPath, type ComponentTarget, type Target, type TargetKind } from '../weblate/target.js';
import { getObject, pagesOf, type CommandInput } from './common.js';
import { firstFound } from './resolve.js';
import { percentText } from '../output/readable.js';

/** stats takes translations, components and languages; a bare word is a language (projects: --project). */
const ACCEPTS: TargetKind[] = ['translation', 'component', 'language'];

/** The gate's module: loaded once the arguments are known to be good (usage errors stay lean). */
type GateModule = typeof import('./stats-gate.js');

interface ProjectTarget {
  kind: 'project';
  text: string;
  project: string;
}


/** How the gate judges a row, for colour: failing (red) or passing (green); no colour for rows not gated. */
const gateStyle =
  (G: GateModule, gate: Gate) =>
  (s: Item): Style | undefined => {
    const ok = G.passes(gate, s);
    return ok === undefined ? undefined : ok ? 'green' : 'red';
  };

/** The percentage column's header: the metric the gate checks (and the table shows). */
const METRIC_HEADER: Record<Metric, string> = { translated: 'translated', approved: 'approved %', translated_words: 'words' };

function columns(G: GateModule, gate: Gate): Column[] {
  const field = G.METRIC_FIELD[gate.metric];
  const change: Column[] = gate.baseline
    ? [
        {
          header: 'change',
          value: (s) => G.changeText(gate, s),
          kind: 'percent',
          style: (s) => ((G.change(gate, s) ?? 0) < 0 ? 'red' : (G.change(gate, s) ?? 0) > 0 ? 'green' : undefined),
          mark: (s) => (gate.failOnDrop && (G.change(gate, s) ?? 0) < 0 ? '❌ dropped' : undefined),
        },
      ]
    : [];
  return [
    { header: 'target', field: 'wli_target', value: (s) => G.rowLabel(s), kind: 'key' },
    { header: METRIC_HEADER[gate.metric], field, value: (s) => s[field], text: percentText, kind: 'percent', style: gateStyle(G, gate), mark: (s) => (G.passes(gate, s) === false ? `❌ below ${G.thresholdFor(gate, s)}%` : undefined) },
    ...change,
    { header: 'strings', value: (s) => `${plainText(s.translated ?? '')}/${plainText(s.total ?? '')}`, kind: 'count' },
    { header: 'fuzzy', field: 'fuzzy', value: (s) => s.fuzzy, kind: 'count', drop: 2 },
    { header: 'failing', field: 'failing', value: (s) => s.failing ?? s.failing_checks, kind: 'count', drop: 3 },
    { header: 'approved', field: 'approved', value: (s) => s.approved, kind: 'count', drop: 4 },
    { header: 'last change', field: 'last_change', value: (s) => s.last_change, kind: 'time', drop: 5 },
  ];
}

/** How other statistics fields look when --fields names them in a table. */
const FIELD_COLUMNS: Column[] = [
  ...['translated_percent', 'approved_percent', 'translated_words_percent', 'translated_chars_percent', 'fuzzy_percent', 'failing_percent', 'readonly_percent'].map(
    (f): Column => ({ header: f, field: f, value: (s) => s[f], text: percentText, kind: 'percent' }),
  ),
  ...['total', 'translated', 'total_words', 'translated_words', 'suggestions', 'comments', 'recent_changes'].map((f): Column => ({ header: f, field: f, value: (s) => s[f], kind: 'count' })),
];

const ofTotal = (n: string, total: string, p: string) => (s: Item) =>
  s[n] === undefined ? '' : `${plainText(s[n])}/${plainText(s[total] ?? '')}${s[p] !== undefined ? ` (${plainText(s[p])}%)` : ''}`;

function recordRows(G: GateModule, gate: Gate): Column[] {
  // The gated metric's line is coloured by the gate.
  const judged = (m: Metric) => (m === gate.metric ? gateStyle(G, gate) : undefined);
  const change: Column[] = gate.baseline ? [{ header: 'Change', value: (s) => G.changeText(gate, s) }] : [];
  return [
    { header: 'Name', value: (s) => (s.code !== undefined ? `${plainText(s.name ?? '')} (${plainText(s.code)})` : s.name) },
    { header: 'Translated', value: (s) => s, text: (_v, s) => ofTotal('translated', 'total', 'translated_percent')(s), style: judged('translated') },
    { header: 'Words', value: (s) => s, text: (_v, s) => ofTotal('translated_words', 'total_words', 'translated_words_percent')(s), style: judged('translated_words') },
    { header: 'Characters', value: (s) => s, text: (_v, s) => ofTotal('translated_chars', 'total_chars', 'translated_chars_percent')(s) },
    { header: 'Needs editing', value: (s) => s, text: (_v, s) => ofTotal('fuzzy', 'total', 'fuzzy_percent')(s) },
    { header: 'Failing checks', value: (s) => s, text: (_v, s) => ofTotal('failing', 'total', 'failing_percent')(s) },
    { header: 'Approved', value: (s) => s, text: (_v, s) => ofTotal('approved', 'total', 'approved_percent')(s), style: judged('approved') },
    ...change,
    { header: 'Read-only', value: (s) => s, text: (_v, s) => ofTotal('readonly', 'total', 'readonly_percent')(s) },
    { header: 'Suggestions', value: (s) => s.suggestions },
    { header: 'Comments', value: (s) => s.comments },
    { header: 'Last change', field: 'last_change', value: (s) => s.last_change, kind: 'time' },
    { header: 'Recent changes', value: (s) => s.recent_changes },
    { header: 'URL', value: (s) => s.url },
  ];
}


/** A promise whose rejection is handled later (or never, when its value turns out not to be needed). */
function deferred<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

/** Every item of a list (paginated, or a plain JSON array), in server order. */
async function getList(session: Session, path: string, label: string): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of await pagesOf(session, { path, label })) items.push(...page.items);
  return items;
}

/** The language code of a Statistics row (`code`) or of a Translation object (`language_code`, `language.code`). */
function languageCode(item: Item): string {
  const nested = item.language && typeof item.language === 'object' ? (item.language as Item).code : undefined;
  const code = item.code ?? item.language_code ?? nested;
  return code === undefined || code === null ? '?' : plainText(code);
}

/**
 * A row with its identity first, so rows of several targets can be told apart and matched later
 * (--baseline): wli_target names the row (p/c/l, a language code, p/-/l for a project's language, p
 * for a project's total), then its project, component (with categories) and language, null where
 * they do not apply. The server's fields follow, exactly as sent.
 */
export function identified(item: Item, target: string, project: string | null, component: string | null, language: string | null): Item {
  return { wli_target: target, wli_project: project, wli_component: component, wli_language: language, ...item };
}

async function singleRow(session: Session, target: Target): Promise<Row[]> {
  const path = target.kind === 'language' ? languagePath(target) : target.kind === 'translation' ? translationPath(target) : undefined;
  if (!path) throw new UsageError(msg`unsupported stats target '${target.text}'`);
  const stats = await getObject(session, path + 'statistics/');
  const item =
    target.kind === 'translation'
      ? identified(stats, `${target.project}/${target.component.join('/')}/${target.language}`, target.project, target.component.join('/'), target.language)
      : identified(stats, target.kind === 'language' ? target.language : target.text, null, null, target.kind === 'language' ? target.language : null);
  return [{ item }];
}

/** One row per translation of the component (see the top of this file for the endpoints). */
async function componentRows(session: Session, target: ComponentTarget, skipSource: boolean): Promise<Row[]> {
  const base = componentPath(target);
  // Asked alongside the list, so --skip-source costs one request but no extra wait.
  const component = skipSource ? deferred(getObject(session, base)) : undefined;
  let items: Item[];
  try {
    items = await getList(session, base + 'statistics/', target.text);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    try {
      items = await getList(session, base + 'translations/', target.text);
    } catch (e2) {
      // Both missing: the component does not exist; report the list asked for first.
      throw isNotFound(e2) ? e : e2;
    }
  }
  if (component) {
    // Translation objects (the fallback) say is_source themselves; Statistics rows need the component.
    let source: string | undefined;
    if (!items.every((i) => typeof i.is_source === 'boolean')) {
      const sl = (await component).source_language;
      const code = sl && typeof sl === 'object' ? (sl as Item).code : undefined;
      if (typeof code !== 'string') {
        throw new ServerError(msg`GET ${(await session.client()).resolve(base).href}: the component names no source_language.code`, msg`run without --skip-source`);
      }
      source = code;
    }
    items = items.filter((i) => (typeof i.is_source === 'boolean' ? !i.is_source : languageCode(i) !== source));
  }
  const path = target.component.join('/');
  return items.map((stats) => {
    const code = languageCode(stats);
    return { item: identified(stats, `${target.project}/${path}/${code}`, target.project, path, code) };
  });
}

/** One row per language of the project, then the project's total row. */
/**
 * One row per language of the project, then the project's total row. With --skip-source, the
 * languages that are the source language of every component of the project are left out (one
 * request more, made alongside); the total row is the server's own and still counts them.
 */
async function projectRows(session: Session, target: ProjectTarget, skipSource: boolean): Promise<Row[]> {
  const base = projectPath(target.project);
  const total = deferred(getObject(session, base + 'statistics/'));
  const components = skipSource ? deferred(getList(session, base + 'components/', `--project ${target.project}`)) : undefined;
  let languages = await getList(session, base + 'languages/', `--project ${target.project}`);
  if (components) {
    const sources = (await components).map((c) => (c.source_language && typeof c.source_language === 'object' ? (c.source_language as Item).code : undefined));
    const everywhere = sources.length > 0 && sources.every((c) => typeof c === 'string' && c === sources[0]) ? sources[0] : undefined;
    if (everywhere !== undefined) languages = languages.filter((l) => languageCode(l) !== everywhere);
  }
  return [
    ...languages.map((stats) => {
      const code = languageCode(stats);
      return { item: identified(stats, `${target.project}/-/${code}`, target.project, null, code) };
    }),
    { item: identified(await total, target.project, target.project, null, null) },
  ];
}


/**
 * Runs fn over inputs at most `limit` at a time; results keep input order. After a failure no new
 * input is started, and the first failure is what the caller sees.
 */
export async function inOrder<T, R>(inputs: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < inputs.length && !failed) {
      const i = next++;
      try {
        results[i] = await fn(inputs[i]!);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(limit, 1), inputs.length) }, worker));
  return results;
}

/**
 * A bare word that is no language but is a project gets the hint it needs: stats takes projects with
 * --project (one request more, only after the miss).
 */
async function languageOrProject<R>(session: Session, readings: Target[], get: () => Promise<R>): Promise<R> {
  try {
    return await get();
  } catch (e) {
    const only = readings.length === 1 ? readings[0]! : undefined;
    if (only?.kind !== 'language' || !(e instanceof WliError) || e.exitCode !== EXIT.notFound) throw e;
    try {
      await getObject(session, projectPath(only.language));
    } catch {
      throw e;
    }
    throw new NotFoundError(msg`no language '${only.language}'; '${only.language}' is a project`, msg`for a project's statistics use --project ${only.language} (a bare word in stats is a language code)`, { cause: e });
  }
}


export async function run({ args, opts, session }: CommandInput<'stats'>): Promise<RecordResult | ListResult> {
  // Everything the user typed is checked before the first request (option values by options.ts).
  const metric: Metric = opts.metric ?? 'translated';
  const project: ProjectTarget | undefined = opts.project === undefined ? undefined : { kind: 'project', text: opts.project, project: opts.project };
  const skipSource = opts.skipSource === true;
  const texts = args.length || project ? args : session.settings.defaultTarget ? [session.settings.defaultTarget.value] : [];
  if (texts.length === 0 && !project) throw new UsageError(msg`missing target`, msg`expected one or more of: ${ours(formsOf(ACCEPTS))}; or --project <project>`);
  // Each target's readings (p/x/y: a translation, else a component in a category), project rows last.
  const inputs: Array<Target[] | ProjectTarget> = texts.map((t) => readTarget(t, ACCEPTS));
  if (project) inputs.push(project);
  const G: GateModule = await import('./stats-gate.js');
  const baseline = opts.baseline === undefined ? undefined : G.readBaseline(opts.baseline, session.ctx.cwd, metric);
  const gate = G.gateOf(metric, opts.failUnder, baseline, opts.failOnDrop === true);

  const resolved = await inOrder(inputs, session.settings.concurrency, async (input): Promise<{ kind: string; rows: Row[] }> => {
    // Through firstFound so a missing project is explained like any target (and a wrong --url named).
    if (!Array.isArray(input)) return { kind: 'project', rows: (await firstFound(session, [input], () => projectRows(session, input, skipSource))).value };
    const { target, value } = await languageOrProject(session, input, () =>
      firstFound(session, input, (t) => (t.kind === 'component' ? componentRows(session, t, skipSource) : singleRow(session, t))),
    );
    return { kind: target.kind, rows: value };
  });
  const rows = resolved.flatMap((r) => r.rows);
  if (baseline && !rows.some((r) => typeof r.item.wli_target === 'string' && baseline.has(r.item.wli_target))) {
    throw new UsageError(msg`--baseline ${opts.baseline} matches no row: its rows are of other targets`, msg`compare with a baseline of the same targets (wli_target: ${[...baseline.keys()].slice(0, 3).join(', ')}…)`);
  }
  for (const lang of gate.byLanguage.keys()) {
    if (!rows.some((r) => r.item.wli_language === lang)) session.warn(msg`--fail-under ${lang}=…: no row is in language ${lang}`);
  }
  const finish = () => G.judge(rows, gate);
  if (resolved.length === 1 && (resolved[0]!.kind === 'translation' || resolved[0]!.kind === 'language')) {
    return { kind: 'record', record: rows[0]!.item, rows: recordRows(G, gate), fieldColumns: FIELD_COLUMNS, finish };
  }
  return {
    kind: 'list',
    // Every target was read before anything is written: a failure leaves stdout empty (no
    // half report in a CI summary), and rows come out in argument order.
    pages: (async function* () {
      if (rows.length) yield { items: rows.map((r) => r.item) };
    })(),
    columns: columns(G, gate),
    fieldColumns: FIELD_COLUMNS,
    empty: msg`no statistics rows`,
    finish,
  };
}
