// wli checks: which quality checks fail at a scope, how many strings fail each and how many have it
// dismissed. Weblate's statistics do not break checks down, but its unit search takes has:check,
// check:ID and dismissed_check:ID at every scope, so wli counts: one has:check count first (nothing
// fails: that one request answers, plus, side by side, one that proves the scope exists where a
// search cannot: a project's, component's or project language's object), then one page_size=1 count per check id through the pool
// (the dismissed counts only when has:dismissed-check finds any). Above a translation a server that
// ignores the search (before Weblate 4.14.1) is found by a probe that can match nothing, asked with
// the per-check counts, and is an error, never a wrong count. --units lists the failing strings with
// the checks each fails (one list per failing check, merged by unit).
import { HttpError } from '../api/errors.js';
import { UsageError } from '../core/errors.js';
import { pageOf, type Item } from '../core/page.js';
import { allInOrder } from '../core/pool.js';
import { closest } from '../core/closest.js';
import { msg, ours } from '../core/text.js';
import { plainText } from '../core/values.js';
import type { CheckReport, Column, ListResult } from '../output/result.js';
import type { MetricFamily } from '../output/openmetrics.js';
import { formsText } from '../output/readable.js';
import type { CommandInput, Session } from '../session/session.js';
import { allItems, countOf, getObject, searchIgnored, searchIgnoredError } from '../session/reads.js';
import { categoryComponents, categoryOf, firstFound, projectLanguageOf } from '../session/resolve.js';
import { targetReadings } from '../session/results.js';
import { fail, judgeChecks, type CheckRow } from '../gate/checks.js';
import { byId, type Subject, type Verdict } from '../gate/verdict.js';
import { filesOf, type ComponentFiles } from './stats/checks.js';
import { IDENTITY_FIELDS, identified, unitIdentity } from '../weblate/identity.js';
import { CHECK_IDS, CUSTOM_PREFIX, HAS_CHECK, HAS_DISMISSED_CHECK, checkIdOf, checkName, checkTerm, dismissedTerm } from '../weblate/checks.js';
import { compareIds } from '../weblate/objects.js';
import { UNITS_SEARCH, objectPath, unitsOf } from '../weblate/paths.js';
import { targetOfUrl, type Target, type TargetKind } from '../weblate/target.js';
import { scopeQuery, searchTerms, type UnitScope } from '../weblate/units.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'];

const CHECK_COLUMNS: Column[] = [
  { header: 'check', field: 'check', value: (r) => r.check, kind: 'key' },
  { header: 'name', field: 'name', value: (r) => r.name, kind: 'name' },
  { header: 'failing', field: 'failing', value: (r) => r.failing, kind: 'count', style: (r) => (Number(r.failing) > 0 ? 'red' : undefined) },
  { header: 'dismissed', field: 'dismissed', value: (r) => r.dismissed, kind: 'count' },
];

const UNIT_CHECK_COLUMNS: Column[] = [
  { header: 'id', field: 'id', value: (u) => u.id, kind: 'id' },
  { header: 'translation', field: 'wli_target', value: (u) => u.wli_target, kind: 'key' },
  { header: 'checks', field: 'wli_checks', value: (u) => u.wli_checks, text: (v) => (Array.isArray(v) ? v.map((x) => plainText(x)).join(', ') : '') },
  { header: 'context', field: 'context', value: (u) => u.context, drop: 1 },
  { header: 'source', field: 'source', value: (u) => u.source, text: formsText },
  { header: 'target', field: 'target', value: (u) => u.target, text: formsText },
];

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
        msg`Weblate's check ids: wli checks --help; a check of the server's own (its CHECK_LIST): ${ours(`${option} ${CUSTOM_PREFIX}ID`)}`,
      );
    });
}

/** Where a scope's units are searched, and what proves it exists when a search cannot (it answers 0 for a typo). */
interface SearchAt {
  scope: string;
  /** The scope's identity parts (wli_project, wli_component, wli_language), null where it has none. */
  parts?: [project: string | null, component: string | null, language: string | null];
  path: string;
  terms?: string;
  above: boolean;
  exists?: () => Promise<unknown>;
}

async function searchAt(session: Session, t: Target): Promise<SearchAt | undefined> {
  const at = (scope: string, s: UnitScope, exists?: () => Promise<unknown>): SearchAt => ({
    scope,
    parts: [s.project ?? null, t.kind === 'component' ? t.component.join('/') : null, s.language ?? null],
    path: UNITS_SEARCH,
    terms: scopeQuery(s),
    above: true,
    exists,
  });
  switch (t.kind) {
    case 'translation':
      return {
        scope: `${t.project}/${t.component.join('/')}/${t.language}`,
        parts: [t.project, t.component.join('/'), t.language],
        path: unitsOf(t),
        above: false,
      };
    case 'server':
      return at('/', {});
    case 'project':
      return at(t.project, { project: t.project }, () => getObject(session, objectPath(t)));
    case 'component':
      return at(`${t.project}/${t.component.join('/')}`, { project: t.project, components: [t.component.join('/')] }, () => getObject(session, objectPath(t)));
    case 'projectLanguage':
      return at(`${t.project}/-/${t.language}`, { project: t.project, language: t.language }, () => projectLanguageOf(session, t));
    case 'category': {
      const components = await categoryComponents(session, await categoryOf(session, t));
      if (components.length === 0) return undefined;
      return at(t.text.replace(/\/$/, ''), { project: t.project, components: components.map((c) => c.target.component.join('/')) });
    }
    default:
      throw new UsageError(msg`wli checks takes a scope of strings, not ${t.text}`);
  }
}

interface Counted {
  at: SearchAt;
  total: number;
  rows: CheckRow[];
}

async function countChecks(session: Session, t: Target, ids: readonly string[], asked: boolean): Promise<Counted> {
  const at = await searchAt(session, t);
  if (!at) return { at: { scope: t.text, path: UNITS_SEARCH, above: true }, total: 0, rows: [] };
  const count = (term: string) => countOf(session, { path: at.path, query: searchTerms(at.terms, term), label: 'strings' });
  // A search of a scope that does not exist answers 0, and component: matches a slug's part (a typo
  // that is part of another's slug finds that one's strings): the scope itself proves it, side by side.
  const exists = at.exists?.();
  exists?.catch(() => {});
  const total = await count(HAS_CHECK);
  await exists;
  const probe = at.above && total > 0 ? searchIgnored(session) : undefined;
  probe?.catch(() => {});
  // Nothing fails: no check id fails either, and only the dismissed counts of the ids asked for remain.
  const failingIds = total === 0 ? [] : ids;
  const dismissedAny = total > 0 || asked ? await count(HAS_DISMISSED_CHECK) : 0;
  const counts = await allInOrder(
    ids.map((id) => async () => ({
      id,
      failing: failingIds.includes(id) ? await count(checkTerm(id)) : 0,
      dismissed: dismissedAny > 0 ? await count(dismissedTerm(id)) : 0,
    })),
    session.settings.concurrency,
  );
  if (probe && (await probe)) throw searchIgnoredError(session, 'counting checks', msg`count one translation at a time: wli checks project/component/language`);
  const rows = counts
    .filter((c) => c.failing > 0 || asked)
    .map((c) => {
      const [project, component, language] = at.parts ?? [null, null, null];
      const fields = { check: c.id, name: checkName(c.id), failing: c.failing, dismissed: c.dismissed };
      return { ...fields, item: identified(fields, at.scope, project, component, language) };
    })
    .sort((a, b) => b.failing - a.failing || b.dismissed - a.dismissed || a.check.localeCompare(b.check));
  return { at, total, rows };
}

/** Each failing check's strings (one list per check, --concurrency at a time), in the rows' order. */
async function unitsByCheck(session: Session, c: Counted): Promise<Array<{ row: CheckRow; units: Item[] }>> {
  const failing = c.rows.filter((r) => r.failing > 0);
  const lists = await allInOrder(
    failing.map(
      (r) => () =>
        allItems(session, {
          path: c.at.path,
          query: new URLSearchParams({ q: c.at.terms ? `${c.at.terms} AND ${checkTerm(r.check)}` : checkTerm(r.check) }),
          label: r.check,
        }),
    ),
    session.settings.concurrency,
  );
  return failing.map((row, i) => ({ row, units: lists[i]! }));
}

/** A unit's translation as a target (p/c/l), from its link. */
const translationOf = (u: Item): string | undefined => unitIdentity(u).target ?? targetOfUrl(u.translation);

/** The failing strings, each once with the checks it fails (in the rows' order). */
function failingUnits(lists: Array<{ row: CheckRow; units: Item[] }>): Item[] {
  const units = new Map<string, { unit: Item; checks: string[] }>();
  for (const { row, units: list } of lists) {
    for (const u of list) {
      const key = plainText(u.id);
      const seen = units.get(key) ?? { unit: u, checks: [] };
      seen.checks.push(row.check);
      units.set(key, seen);
    }
  }
  return [...units.values()]
    .sort((a, b) => compareIds(a.unit.id, b.unit.id))
    .map(({ unit, checks }) => {
      const id = unitIdentity(unit);
      return identified({ ...unit, wli_checks: checks }, translationOf(unit) ?? null, id.project, id.component, id.language);
    });
}

/**
 * The verdict for the CI formats: each check's subject split by translation (a JUnit case, a Code
 * Quality issue, an annotation on the translation's file per check and translation), judged as its
 * check was. The strings come from one list per failing check; files, when the format names them,
 * from each component's translations list.
 */
async function perTranslation(session: Session, c: Counted, verdict: Verdict, files: boolean): Promise<CheckReport> {
  const table = { items: c.rows.map((r) => r.item), columns: CHECK_COLUMNS };
  const lists = await unitsByCheck(session, c);
  if (!lists.length) return { verdict, table };
  const judged = byId(verdict);
  const components = lists.flatMap(({ units }) =>
    units.flatMap((u) => {
      const id = unitIdentity(u);
      return id.project !== null && id.component !== null ? [{ project: id.project, component: id.component }] : [];
    }),
  );
  const known = files ? await filesOf(session, components) : new Map<string, ComponentFiles>();
  const subjects = lists.flatMap(({ row, units }) => {
    const of = judged.get(`${c.at.scope}:${row.check}`)!;
    const counts = new Map<string, { n: number; unit: Item }>();
    for (const u of units) {
      const t = translationOf(u) ?? c.at.scope;
      counts.set(t, { n: (counts.get(t)?.n ?? 0) + 1, unit: counts.get(t)?.unit ?? u });
    }
    return [...counts.entries()].map(([t, { n, unit }]): Subject => {
      const id = unitIdentity(unit);
      const componentFiles = id.project !== null && id.component !== null ? known.get(`${id.project}/${id.component}`) : undefined;
      const file = id.language !== null ? componentFiles?.byLanguage.get(id.language) : undefined;
      const item = identified({ check: row.check, name: row.name, failing: n, dismissed: null }, t, id.project, id.component, id.language);
      const here = `${fail(n)} ${row.check} (${row.name}) in ${t}`;
      return {
        id: `${t}:${row.check}`,
        group: id.project !== null && id.component !== null ? `${id.project}/${id.component}` : c.at.scope,
        file,
        near: componentFiles?.first,
        judgement: of.judgement,
        reason: of.reason,
        item,
        failures: of.failures.map((f) => ({ ...f, title: here, message: `${here}: ${f.message}` })),
      };
    });
  });
  return { verdict: { ...verdict, subjects }, table };
}

export async function run({ args, opts, session }: CommandInput<'checks'>): Promise<ListResult> {
  const asked = checkIds(opts.check ?? [], '--check');
  const overs = (opts.failOver ?? []).map((o) => (o.check === undefined ? o : { ...o, check: checkIds([o.check], '--fail-over')[0] }));
  const ids = asked.length ? [...new Set(asked)] : [...new Set([...CHECK_IDS, ...overs.flatMap((o) => (o.check ? [o.check] : []))])];
  const readings = targetReadings(session, args[0], ACCEPTS);
  const onStatus = (e: unknown) =>
    e instanceof HttpError && e.status === 400
      ? new UsageError(msg`the server rejected the check search: ${e.serverMessage ?? 'HTTP 400'}`, msg`is every --check a check id of this server?`)
      : e;
  let counted: Counted;
  try {
    counted = (await firstFound(session, readings, (t) => countChecks(session, t, ids, asked.length > 0))).value;
  } catch (e) {
    throw onStatus(e);
  }
  const verdict = judgeChecks(counted.at.scope, counted.rows, counted.total, overs);
  const finish = () => ({ exitCode: verdict.exitCode, messages: verdict.messages });
  const ci = {
    checks: ({ files }: { files: boolean }) => perTranslation(session, counted, verdict, files),
    metrics: () => checkMetrics(counted),
  };
  if (opts.units) {
    const items = failingUnits(await unitsByCheck(session, counted));
    return {
      kind: 'list',
      pages: (async function* () {
        if (items.length) yield pageOf(items);
      })(),
      columns: UNIT_CHECK_COLUMNS,
      empty: msg`no string of ${counted.at.scope} fails a check`,
      knownFields: [...IDENTITY_FIELDS, 'wli_checks'],
      finish,
      ...ci,
    };
  }
  return {
    kind: 'list',
    pages: (async function* () {
      if (counted.rows.length) yield pageOf(counted.rows.map((r) => r.item));
    })(),
    columns: CHECK_COLUMNS,
    empty: msg`no check fails in ${counted.at.scope}`,
    knownFields: [...IDENTITY_FIELDS, 'check', 'name', 'failing', 'dismissed'],
    finish,
    ...ci,
  };
}

/** -f openmetrics: the strings failing and dismissed per check, and the scope's total. */
function checkMetrics(c: Counted): MetricFamily[] {
  const labels = (r: CheckRow) => ({ target: c.at.scope, check: r.check, name: r.name });
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
      samples: c.rows.map((r) => ({ labels: labels(r), value: r.dismissed })),
    },
    {
      name: 'wli_failing_strings',
      type: 'gauge',
      help: 'Strings failing any check (has:check)',
      samples: [{ labels: { target: c.at.scope }, value: c.total }],
    },
  ];
}
