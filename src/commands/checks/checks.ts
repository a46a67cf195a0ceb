// wli checks: which quality checks fail at a scope and how many strings fail each (and, asked with
// --dismissed, how many have it dismissed). Weblate's statistics do not break checks down, but its
// unit search takes has:check and check:=ID at every scope (the run's unit search: the scope's exact
// terms, weblate/scope.ts), so wli counts: one has:check count first (nothing fails: that one
// request answers, plus, side by side, one that proves the scope exists where a search cannot: a
// project's, component's or project language's object), then one page_size=1 count per check id
// through the pool (--dismissed: one has:dismissed-check count, and where any is dismissed one more
// per check id). Above a translation a server that ignores the search (before Weblate 4.14.1) is
// found by a probe that can match nothing, asked with the per-check counts, and is an error, never a
// wrong count. --units lists the failing strings with the checks each fails: the ids of each failing
// check's strings first (ids only), then the failing strings streamed page by page.
import { refusedByServer } from '../../api/errors.js';
import { UsageError } from '../../core/errors.js';
import { pageOf, type Item, type Page } from '../../core/page.js';
import { allInOrder } from '../../core/pool.js';
import { closest } from '../../core/closest.js';
import { msg, ours } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import { forCi, type CheckReport, type Column, type ListResult } from '../../output/result.js';
import type { MetricFamily } from '../../output/openmetrics.js';
import { formsText } from '../../output/readable.js';
import type { CommandInput } from '../../remote/run.js';
import type { Weblate } from '../../remote/weblate.js';
import { ONE_PAGE } from '../../remote/reads.js';
import type { SearchAt, UnitSearch } from '../../remote/search.js';
import { fail, judgeChecks, type CheckRow } from '../../gate/checks.js';
import { byId, type Subject, type Verdict } from '../../gate/verdict.js';
import { filesOf, type ComponentFiles } from '../stats/checks.js';
import { IDENTITY_FIELDS, identified, identityOfRow, unitIdentity } from '../../weblate/identity.js';
import { CHECK_IDS, CUSTOM_PREFIX, HAS_CHECK, HAS_DISMISSED_CHECK, checkIdOf, checkName, checkTerm, dismissedTerm } from '../../weblate/checks.js';
import { UNITS_SEARCH, objectPath, unitsOf } from '../../weblate/paths.js';
import { targetOfUrl, type Target, type TargetKind } from '../../weblate/target.js';
import type { Scope, SearchForm } from '../../weblate/scope.js';
import { UnitView, unitView } from '../../weblate/views/unit.js';
import { columnsOver } from '../../output/view-columns.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'];

const CHECK_COLUMNS: Array<Column<CheckRow>> = [
  { header: 'check', field: 'check', value: (r) => r.check, kind: 'key' },
  { header: 'name', field: 'name', value: (r) => r.name, kind: 'name' },
  { header: 'failing', field: 'failing', value: (r) => r.failing, kind: 'count', style: (r) => (r.failing > 0 ? 'red' : undefined) },
  { header: 'dismissed', field: 'dismissed', value: (r) => r.dismissed, kind: 'count' },
];

/**
 * The table's columns, each reading the row an item was written for (never the item's fields): the
 * dismissed counts only when --dismissed counted them. A row the verdict failed is marked where
 * colour cannot say it (Markdown), as stats marks its rows: the mark it wrote.
 */
function checkColumns(rows: readonly CheckRow[], dismissed: boolean, markOf: (r: CheckRow) => string | undefined): Column[] {
  const rowOf = new Map(rows.map((r) => [r.item, r]));
  const row = (item: Item): CheckRow => {
    const r = rowOf.get(item);
    if (r === undefined) throw new Error('wli checks: a table row that is not one of its rows');
    return r;
  };
  const shown = dismissed ? CHECK_COLUMNS : CHECK_COLUMNS.filter((c) => c.field !== 'dismissed');
  return columnsOver(
    row,
    shown.map((c) => (c.field === 'failing' ? { ...c, mark: markOf } : c)),
  );
}

/** The field wli adds to each failing string: the checks it fails. */
const CHECKS_FIELD = 'wli_checks';

/** A failing string as --units writes it: the server's unit (read through its view), its identity, and the checks wli added. */
class FailingUnitRow extends UnitView {
  /** The translation it is in, as a target (weblate/identity.ts). */
  get translationTarget(): string | null | undefined {
    return identityOfRow(this.raw)?.target;
  }
  /** wli_checks as written. */
  get checks(): unknown {
    return this.field(CHECKS_FIELD);
  }
}

const UNIT_CHECK_COLUMNS: Column[] = columnsOver(
  (raw) => new FailingUnitRow(raw),
  [
    { header: 'id', field: 'id', value: (u) => u.id, kind: 'id' },
    { header: 'translation', field: 'wli_target', value: (u) => u.translationTarget, kind: 'key' },
    { header: 'checks', field: CHECKS_FIELD, value: (u) => u.checks, text: (v) => (Array.isArray(v) ? v.map((x) => plainText(x)).join(', ') : '') },
    { header: 'context', field: 'context', value: (u) => u.context, drop: 1 },
    { header: 'source', field: 'source', value: (u) => u.source, text: formsText },
    { header: 'target', field: 'target', value: (u) => u.target, text: formsText },
  ],
);

/** The check ids asked for, each one Weblate's or custom:ID; anything else is a usage error with did-you-mean. */
function checkIds(texts: readonly string[], option: string): string[] {
  return texts
    .flatMap((t) => t.split(','))
    .filter((t) => t.trim() !== '')
    .map((text) => {
      const id = checkIdOf(text);
      if (id !== undefined) return id;
      const near = closest(text.trim(), [...CHECK_IDS]);
      throw new UsageError(
        msg`unknown check '${text}' for ${ours(option)}${near.length ? msg`: did you mean ${ours(near.join(', '))}?` : msg``}`,
        msg`Weblate's check ids: man wli, or docs/commands.md#wli-checks; a check of the server's own (its CHECK_LIST): ${ours(`${option} ${CUSTOM_PREFIX}ID`)}`,
      );
    });
}

/** Where a scope's units are searched, and what proves it exists when a search cannot (it answers 0 for a typo). */
interface Where {
  scope: string;
  /** The scope's identity parts (wli_project, wli_component, wli_language), null where it has none. */
  parts?: [project: string | null, component: string | null, language: string | null];
  at: SearchAt;
  above: boolean;
  exists?: () => Promise<unknown>;
}

async function whereOf(weblate: Weblate, t: Target): Promise<Where | undefined> {
  const at = (scope: string, s: Scope, exists?: () => Promise<unknown>): Where => ({
    scope,
    parts: [s.project ?? null, t.kind === 'component' ? t.component.join('/') : null, s.language ?? null],
    at: { path: UNITS_SEARCH, scope: s },
    above: true,
    exists,
  });
  switch (t.kind) {
    case 'translation':
      return {
        scope: `${t.project}/${t.component.join('/')}/${t.language}`,
        parts: [t.project, t.component.join('/'), t.language],
        at: { path: unitsOf(t) },
        above: false,
      };
    case 'server':
      return at('/', {});
    case 'project':
      return at(t.project, { project: t.project }, () => weblate.getObject(objectPath(t)));
    case 'component':
      return at(`${t.project}/${t.component.join('/')}`, { project: t.project, components: [t.component.join('/')] }, () => weblate.getObject(objectPath(t)));
    case 'projectLanguage':
      return at(`${t.project}/-/${t.language}`, { project: t.project, language: t.language }, () => weblate.projectLanguageOf(t));
    case 'category': {
      const components = await weblate.categoryComponents(await weblate.categoryOf(t));
      if (components.length === 0) return undefined;
      return at(t.text.replace(/\/$/, ''), {
        project: t.project,
        category: t.category.join('/'),
        components: components.map((c) => c.target.component.join('/')),
      });
    }
    default:
      throw new UsageError(msg`wli checks takes a scope of strings, not ${t.text}`);
  }
}

/** The files of components (each one's translations list read once), by component. */
type FilesFor = (components: Array<{ project: string; component: string }>) => Promise<Map<string, ComponentFiles>>;

interface Counted {
  where: Where;
  total: number;
  rows: CheckRow[];
}

async function countChecks(weblate: Weblate, t: Target, ids: readonly string[], ask: { asked: boolean; dismissed: boolean }): Promise<Counted> {
  const { search } = weblate;
  const where = await whereOf(weblate, t);
  if (!where) return { where: { scope: t.text, at: { path: UNITS_SEARCH }, above: true }, total: 0, rows: [] };
  const count = (term: (form: SearchForm) => string) => search.count(where.at, term);
  // A search of a scope that does not exist answers 0: the scope itself proves it, side by side.
  const exists = where.exists?.();
  exists?.catch(() => {});
  const total = await search.count(where.at, HAS_CHECK);
  await exists;
  const probe = where.above && total > 0 ? weblate.searchIgnored() : undefined;
  probe?.catch(() => {});
  // Nothing fails: no check id fails either. Dismissed checks are counted only when asked for.
  const failingIds = total === 0 ? [] : ids;
  const dismissedAny = ask.dismissed ? await search.count(where.at, HAS_DISMISSED_CHECK) : 0;
  const counts = await allInOrder(
    ids.map((id) => async () => ({
      id,
      failing: failingIds.includes(id) ? await count((form) => checkTerm(id, form)) : 0,
      dismissed: !ask.dismissed ? null : dismissedAny > 0 ? await count((form) => dismissedTerm(id, form)) : 0,
    })),
    weblate.concurrency,
  );
  if (probe && (await probe)) throw weblate.searchIgnoredError('counting checks', msg`count one translation at a time: wli checks project/component/language`);
  const rows = counts
    .filter((c) => c.failing > 0 || ask.asked)
    .map((c) => {
      const [project, component, language] = where.parts ?? [null, null, null];
      const fields = { check: c.id, name: checkName(c.id), failing: c.failing, dismissed: c.dismissed };
      return { ...fields, item: identified(fields, { target: where.scope, project, component, language }) };
    })
    .sort((a, b) => b.failing - a.failing || (b.dismissed ?? 0) - (a.dismissed ?? 0) || a.check.localeCompare(b.check));
  return { where, total, rows };
}

/** Each failing check's strings, page by page (its pages through the run's search). */
const checkPages = (search: UnitSearch, c: Counted, check: string): AsyncGenerator<Page> =>
  search.pages(c.where.at, (form) => checkTerm(check, form), { label: check, pageSize: ONE_PAGE, quiet: true });

/** A unit's translation as a target (p/c/l), from its link. */
const translationOf = (u: Item): string | undefined => unitIdentity(u).target ?? targetOfUrl(unitView(u).translation);

/**
 * The failing strings, each once with the checks it fails (in the rows' order), streamed: the ids of
 * each failing check's strings are read first (ids only, never the strings), then the scope's
 * has:check list page by page, each string with its checks (one failing only checks not asked for is
 * left out).
 */
async function* failingUnits(search: UnitSearch, concurrency: number, c: Counted): AsyncGenerator<Page> {
  const failing = c.rows.filter((r) => r.failing > 0);
  if (!failing.length) return;
  const idsOf = await allInOrder(
    failing.map((r) => async () => {
      const ids = new Set<string>();
      for await (const page of checkPages(search, c, r.check)) for (const u of page.items()) ids.add(plainText(unitView(u).id));
      return ids;
    }),
    concurrency,
  );
  for await (const page of search.pages(c.where.at, HAS_CHECK, { label: 'strings' })) {
    const items = page.items().flatMap((unit) => {
      const unitId = plainText(unitView(unit).id);
      const checks = failing.flatMap((r, i) => (idsOf[i]?.has(unitId) ? [r.check] : []));
      if (!checks.length) return [];
      const id = unitIdentity(unit);
      return [identified(unit, { ...id, target: translationOf(unit) ?? null }, { [CHECKS_FIELD]: checks })];
    });
    if (items.length) yield pageOf(items);
  }
}

/**
 * The verdict for the CI formats: each check's subject split by translation (a JUnit case, a Code
 * Quality issue, an annotation on the translation's file per check and translation), judged as its
 * check was. Each failing check's strings are read page by page and only counted per translation
 * (with one of its strings for its identity); files, when the format names them, from each
 * component's translations list.
 */
async function perTranslation(search: UnitSearch, concurrency: number, filesFor: FilesFor | undefined, c: Counted, verdict: Verdict): Promise<CheckReport> {
  const table = {
    items: c.rows.map((r) => r.item),
    columns: checkColumns(
      c.rows,
      c.rows.some((r) => r.dismissed !== null),
      () => undefined,
    ),
  };
  const failing = c.rows.filter((r) => r.failing > 0);
  if (!failing.length) return { verdict, table };
  const lists = await allInOrder(
    failing.map((row) => async () => {
      const counts = new Map<string, { n: number; unit: Item }>();
      for await (const page of checkPages(search, c, row.check)) {
        for (const u of page.items()) {
          const t = translationOf(u) ?? c.where.scope;
          const seen = counts.get(t);
          const unit = unitView(u);
          counts.set(t, { n: (seen?.n ?? 0) + 1, unit: seen?.unit ?? { id: unit.id, translation: unit.translation } });
        }
      }
      return { row, counts };
    }),
    concurrency,
  );
  const judged = byId(verdict);
  const components = lists.flatMap(({ counts }) =>
    [...counts.values()].flatMap(({ unit }) => {
      const id = unitIdentity(unit);
      return id.project !== null && id.component !== null ? [{ project: id.project, component: id.component }] : [];
    }),
  );
  const known = filesFor ? await filesFor(components) : new Map<string, ComponentFiles>();
  const subjects = lists.flatMap(({ row, counts }) => {
    const of = judged.get(`${c.where.scope}:${row.check}`);
    if (of === undefined) return [];
    return [...counts.entries()].map(([t, { n, unit }]): Subject => {
      const id = unitIdentity(unit);
      const componentFiles = id.project !== null && id.component !== null ? known.get(`${id.project}/${id.component}`) : undefined;
      const file = id.language !== null ? componentFiles?.byLanguage.get(id.language) : undefined;
      const item = identified({ check: row.check, name: row.name, failing: n, dismissed: null }, { ...id, target: t });
      const here = `${fail(n)} ${row.check} (${row.name}) in ${t}`;
      return {
        id: `${t}:${row.check}`,
        group: id.project !== null && id.component !== null ? `${id.project}/${id.component}` : c.where.scope,
        file,
        near: componentFiles?.first,
        judgement: of.judgement,
        reason: of.reason,
        item,
        failures: of.failures.map((f) => ({ ...f, title: here, message: `${here}: ${f.message}` })),
      };
    });
  });
  // The job summary's line counts the checks its table shows, not the check × translation subjects.
  return { verdict: { ...verdict, subjects }, table, summary: verdict };
}

export async function run({ args, opts, weblate, shown }: CommandInput<'checks'>): Promise<ListResult> {
  const asked = checkIds(opts.check ?? [], '--check');
  const overs = (opts.failOver ?? []).map((o) => (o.check === undefined ? o : { ...o, check: checkIds([o.check], '--fail-over')[0] }));
  const ids = asked.length ? [...new Set(asked)] : [...new Set([...CHECK_IDS, ...overs.flatMap((o) => (o.check ? [o.check] : []))])];
  const readings = weblate.targetReadings(args[0], ACCEPTS);
  const { search } = weblate;
  const onStatus = (e: unknown) =>
    refusedByServer(e, { said: msg`the server rejected the check search`, hint: msg`is every --check a check id of this server?` });
  let counted: Counted;
  try {
    counted = (await weblate.firstFound(readings, (t) => countChecks(weblate, t, ids, { asked: asked.length > 0, dismissed: opts.dismissed === true }))).value;
  } catch (e) {
    throw onStatus(e);
  }
  const verdict = judgeChecks(counted.where.scope, counted.rows, counted.total, overs);
  const finish = () => ({ exitCode: verdict.exitCode, messages: verdict.messages });
  const judged = byId(verdict);
  // Each failing component's files (commands/stats/checks.ts filesOf reads them), for a format that names files.
  const filesFor: FilesFor = (components) => filesOf(weblate, components);
  // What the CI format the run writes needs, asked now: rendering asks nothing.
  const ci = await forCi(shown.format, {
    checks: ({ files }) => perTranslation(search, weblate.concurrency, files ? filesFor : undefined, counted, verdict),
    metrics: () => checkMetrics(counted),
  });
  if (opts.units) {
    return {
      kind: 'list',
      pages: failingUnits(search, weblate.concurrency, counted),
      columns: UNIT_CHECK_COLUMNS,
      empty: msg`no string of ${counted.where.scope} fails a check`,
      knownFields: [...IDENTITY_FIELDS, CHECKS_FIELD],
      finish,
      ...ci,
    };
  }
  return {
    kind: 'list',
    pages: (async function* () {
      if (counted.rows.length) yield pageOf(counted.rows.map((r) => r.item));
    })(),
    columns: checkColumns(counted.rows, opts.dismissed === true, (r) => judged.get(`${counted.where.scope}:${r.check}`)?.failures[0]?.mark),
    empty: msg`no check fails in ${counted.where.scope}`,
    knownFields: [...IDENTITY_FIELDS, 'check', 'name', 'failing', 'dismissed'],
    finish,
    ...ci,
  };
}

/** -f openmetrics: the strings failing and dismissed per check, and the scope's total. */
function checkMetrics(c: Counted): MetricFamily[] {
  const labels = (r: CheckRow) => ({ target: c.where.scope, check: r.check, name: r.name });
  return [
    {
      name: 'wli_check_failing_strings',
      type: 'gauge',
      help: 'Strings failing the check',
      samples: c.rows.map((r) => ({ labels: labels(r), value: r.failing })),
    },
    {
      name: 'wli_check_dismissed_strings',
      type: 'gauge',
      help: 'Strings with the check dismissed',
      samples: c.rows.flatMap((r) => (r.dismissed === null ? [] : [{ labels: labels(r), value: r.dismissed }])),
    },
    {
      name: 'wli_failing_strings',
      type: 'gauge',
      help: `Strings failing any check (${HAS_CHECK})`,
      samples: [{ labels: { target: c.where.scope }, value: c.total }],
    },
  ];
}
