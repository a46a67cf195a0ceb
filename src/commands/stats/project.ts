// stats --project P --by translation|component: every translation of a project, or one row per
// component, then the project's total row. Two routes to the same rows:
// - the project metrics endpoint (Weblate 2026.8: /api/projects/<p>/metrics/): one request for every
//   component × language, alongside the total (/projects/<p>/statistics/) and the project's components
//   list (each key is one of them, or a component shared into the project: that one's rows are its own
//   target's, p2/c/l, found among the server's components);
// - older servers answer it 404: the project's components list, then each component's statistics
//   list through the pool (--concurrency at a time), as `wli stats p/c` reads it.
// --verbose says which route was taken. A component row (p/c/-) is its translations' rows summed as
// Weblate sums them (weblate/statistics-sum.ts), on either route.
import { isNotFound } from '../../api/errors.js';
import { isLosslessNumber, numberText } from '../../codec/json.js';
import { allInOrder, deferred } from '../../core/pool.js';
import type { Item } from '../../core/page.js';
import { msg } from '../../core/text.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import { COMPONENTS, componentsOf, linksOf, projectMetricsOf, statisticsOf } from '../../weblate/paths.js';
import { metricsEntries, type MetricsEntry } from '../../weblate/project-metrics.js';
import type { StatsBy } from '../../weblate/statistics.js';
import { componentTargetOf, objectOfUrl, type ProjectTarget } from '../../weblate/target.js';
import { sumStatistics, withPercentages } from '../../weblate/statistics-sum.js';
import type { Row } from './gate.js';
import { componentView } from '../../weblate/views/component.js';
import { projectView } from '../../weblate/views/project.js';
import { componentRow, componentRows, statsRow, totalRow, type ComponentRows } from './rows.js';

/**
 * The rows of --project P --by translation or component: every component's, then the total row (the
 * server's own; with --skip-source the other translations summed, as skipSourceTotal says).
 */
export async function projectBreakdown(
  weblate: Weblate,
  report: Report,
  target: ProjectTarget,
  by: Exclude<StatsBy, 'language'>,
  skipSource: boolean,
): Promise<Row[]> {
  const total = skipSource ? undefined : deferred(weblate.getObject(statisticsOf(target)));
  const components = await componentsRows(weblate, report, target, skipSource);
  const rows = by === 'translation' ? components.flatMap((c) => c.rows) : components.map((c) => componentRow(target.project, c));
  return [...rows, total ? totalRow(target, await total) : sumOfKept(target, components)];
}

/** Every component's translation rows, by the metrics endpoint or else component by component. */
async function componentsRows(weblate: Weblate, report: Report, target: ProjectTarget, skipSource: boolean, asked?: Promise<Item[]>): Promise<ComponentRows[]> {
  // The project's components, asked once: beside the metrics (to tell its own from shared ones), or for the fan-out.
  const listed = asked ?? deferred(weblate.allItems({ path: componentsOf(target), label: `--project ${target.project}` }));
  return (await fromMetrics(weblate, report, target, skipSource, listed)) ?? (await fromComponents(weblate, target, skipSource, await listed));
}

/** The total row of the translations --skip-source keeps, summed as Weblate sums a component's. */
const sumOfKept = (target: ProjectTarget, components: ComponentRows[]): Row =>
  totalRow(
    target,
    sumStatistics(
      components
        .flatMap((c) => c.rows)
        .filter((r) => !r.leftOut)
        .map((r) => r.item),
    ),
  );

/**
 * A project's total row (p/-) with --skip-source: the server's own counts every component's source
 * strings too, which --skip-source exists to leave out; so the total is recomputed from the project's
 * translations other than each component's source-language one (the rows --by translation prints),
 * summed as Weblate sums them (weblate/statistics-sum.ts). One request on a server with the project
 * metrics endpoint, each component's statistics on an older one; `listed`: the project's components
 * list when the caller asked it already.
 */
export async function skipSourceTotal(weblate: Weblate, report: Report, target: ProjectTarget, listed?: Promise<Item[]>): Promise<Row> {
  return sumOfKept(target, await componentsRows(weblate, report, target, true, listed));
}

/** The fan-out: the components list, then each component's statistics, --concurrency at a time. */
async function fromComponents(weblate: Weblate, target: ProjectTarget, skipSource: boolean, items: Item[]): Promise<ComponentRows[]> {
  const jobs = items.map((item) => async (): Promise<ComponentRows> => {
    const t = componentTargetOf(target.project, item);
    return { path: t.component, item, rows: await componentRows(weblate, t, skipSource, item) };
  });
  return allInOrder(jobs, weblate.concurrency);
}

/**
 * A component's id by its text as sent (a number, or an exact one beyond 2^53): a double would take
 * "comp@9007199254740993" for component 9007199254740992.
 */
const idText = (i: Item): string | undefined => {
  const { id } = componentView(i);
  return typeof id === 'number' || isLosslessNumber(id) ? numberText(id) : undefined;
};

/** The metrics route; undefined when the server has no such endpoint (404: before Weblate 2026.8). */
async function fromMetrics(
  weblate: Weblate,
  report: Report,
  target: ProjectTarget,
  skipSource: boolean,
  listed: PromiseLike<Item[]>,
): Promise<ComponentRows[] | undefined> {
  // A key is one of the project's own components (`listed`), or a component shared into the project
  // (get_project_metrics_data: keyed by the link's category and its slug), which only that list tells apart.
  let body: Item;
  try {
    body = await weblate.getObject(projectMetricsOf(target));
  } catch (e) {
    if (!isNotFound(e)) throw e;
    report.note(msg`--project ${target.project}: no project metrics endpoint (404, a server before Weblate 2026.8): each component's statistics instead`);
    return undefined;
  }
  const entries = metricsEntries(body);
  if (entries === undefined) {
    report.warn(msg`--project ${target.project}: the metrics endpoint answered a shape wli does not know; reading each component's statistics instead`);
    return undefined;
  }
  report.note(msg`--project ${target.project}: one request for every translation (the project metrics endpoint)`);
  const own = await listed;
  const byId = new Map(
    own.flatMap((i) => {
      const id = idText(i);
      return id === undefined ? [] : [[id, i] as const];
    }),
  );
  const byPath = new Map(own.map((i) => [componentTargetOf(target.project, i).component.join('/'), i] as const));
  const groups = new Map<string, { key: MetricsEntry; item?: Item; entries: MetricsEntry[] }>();
  for (const e of entries) {
    const key = e.id === undefined ? e.path.join('/') : `@${e.id}`;
    let g = groups.get(key);
    if (!g) {
      g = { key: e, item: e.id === undefined ? byPath.get(key) : byId.get(e.id), entries: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
  }
  const shared = [...groups.values()].filter((g) => !g.item);
  if (shared.length > 0) await resolveShared(weblate, target, shared);
  const out: ComponentRows[] = [];
  for (const g of groups.values()) {
    const named = `${g.key.path.join('/')}${g.key.id === undefined ? '' : `@${g.key.id}`}`;
    const t = g.item && objectOfUrl(componentView(g.item).url);
    if (!g.item || t?.kind !== 'component') {
      report.warn(
        msg`--project ${target.project}: the metrics name component ${named}, which neither the project's components nor the server's are: its rows are left out`,
      );
      continue;
    }
    const path = t.component.join('/');
    const source = skipSource ? componentView(g.item).sourceLangCode : undefined;
    out.push({
      project: t.project === target.project ? undefined : t.project,
      path: t.component,
      item: g.item,
      rows: g.entries.map((e) => ({
        // The percentages the endpoint leaves out, from the entry's own counts (issue 49.13).
        ...statsRow(withPercentages(e.stats), `${t.project}/${path}/${e.language}`, t.project, path, e.language),
        leftOut: (source !== undefined && e.language === source) || undefined,
      })),
    });
  }
  return out;
}

/**
 * Components shared into the project (Weblate's ComponentLink): the metrics key them by the link's
 * category and their slug, or slug@id on a clash (weblate/api/views.py get_project_metrics_data); the
 * project's components/ does not list them. Found among the server's components (one list): by id, or
 * by slug in another project; several with that slug are told apart by their links/ (the projects each
 * is shared into). Each found group gets its component object.
 */
async function resolveShared(weblate: Weblate, target: ProjectTarget, groups: { key: MetricsEntry; item?: Item }[]): Promise<void> {
  const all = await weblate.allItems({ path: COMPONENTS, label: `--project ${target.project}: shared components` });
  const elsewhere = (i: Item) => {
    const t = objectOfUrl(componentView(i).url);
    return t?.kind === 'component' && t.project !== target.project ? t : undefined;
  };
  for (const g of groups) {
    const slug = g.key.path[g.key.path.length - 1];
    const candidates = g.key.id !== undefined ? all.filter((i) => idText(i) === g.key.id) : all.filter((i) => componentView(i).slug === slug && elsewhere(i));
    if (candidates.length === 1) {
      g.item = candidates[0];
      continue;
    }
    for (const c of candidates) {
      const t = elsewhere(c);
      if (t === undefined) continue;
      const links = await weblate.allItems({ path: linksOf(t), label: `${t.text} links` });
      if (links.some((p) => projectView(p).slug === target.project)) {
        g.item = c;
        break;
      }
    }
  }
}
