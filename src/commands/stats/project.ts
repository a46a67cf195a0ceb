// stats --project P --by translation|component: every translation of a project, or one row per
// component, then the project's total row. Two routes to the same rows:
// - the project metrics endpoint (Weblate 2026.8: /api/projects/<p>/metrics/): one request for every
//   component × language, alongside the total (/projects/<p>/statistics/); the components list only
//   when it is needed (--skip-source needs each component's source language, a "comp@<id>" key its
//   real path);
// - older servers answer it 404: the project's components list, then each component's statistics
//   list through the pool (--concurrency at a time), as `wli stats p/c` reads it.
// --verbose says which route was taken. A component row (p/c/-) is its translations' rows summed as
// Weblate sums them (weblate/statistics-sum.ts), on either route.
import { isNotFound } from '../../api/errors.js';
import { isLosslessNumber, numberText } from '../../codec/json.js';
import { allInOrder, deferred } from '../../core/pool.js';
import type { Item } from '../../core/page.js';
import { msg } from '../../core/text.js';
import type { Session } from '../../session/session.js';
import { allItems, getObject } from '../../session/reads.js';
import { identified } from '../../weblate/identity.js';
import { sourceLanguageCode } from '../../weblate/objects.js';
import { componentsOf, projectMetricsOf, statisticsOf } from '../../weblate/paths.js';
import { metricsEntries, type MetricsEntry } from '../../weblate/project-metrics.js';
import type { StatsBy } from '../../weblate/statistics.js';
import { componentTargetOf, type ProjectTarget } from '../../weblate/target.js';
import type { Row } from './gate.js';
import { componentRow, componentRows, totalRow, type ComponentRows } from './rows.js';

/** The rows of --project P --by translation or component: every component's, then the total row. */
export async function projectBreakdown(session: Session, target: ProjectTarget, by: Exclude<StatsBy, 'language'>, skipSource: boolean): Promise<Row[]> {
  const total = deferred(getObject(session, statisticsOf(target)));
  const components = (await fromMetrics(session, target, skipSource)) ?? (await fromComponents(session, target, skipSource));
  const rows = by === 'translation' ? components.flatMap((c) => c.rows) : components.map((c) => componentRow(target.project, c));
  return [...rows, totalRow(target, await total)];
}

/** The fan-out: the components list, then each component's statistics, --concurrency at a time. */
async function fromComponents(session: Session, target: ProjectTarget, skipSource: boolean): Promise<ComponentRows[]> {
  const items = await allItems(session, { path: componentsOf(target), label: `--project ${target.project}` });
  const jobs = items.map((item) => async (): Promise<ComponentRows> => {
    const t = componentTargetOf(target.project, item);
    return { path: t.component, item, rows: await componentRows(session, t, skipSource, item) };
  });
  return allInOrder(jobs, session.settings.concurrency);
}

/** The metrics route; undefined when the server has no such endpoint (404: before Weblate 2026.8). */
async function fromMetrics(session: Session, target: ProjectTarget, skipSource: boolean): Promise<ComponentRows[] | undefined> {
  let body: Item;
  try {
    body = await getObject(session, projectMetricsOf(target));
  } catch (e) {
    if (!isNotFound(e)) throw e;
    session.note(msg`--project ${target.project}: no project metrics endpoint (404, a server before Weblate 2026.8): each component's statistics instead`);
    return undefined;
  }
  const entries = metricsEntries(body);
  if (entries === undefined) {
    session.warn(msg`--project ${target.project}: the metrics endpoint answered a shape wli does not know; reading each component's statistics instead`);
    return undefined;
  }
  session.note(msg`--project ${target.project}: one request for every translation (the project metrics endpoint)`);
  // The components list only when the answer alone cannot say it: source languages, or paths that clash.
  const listed =
    skipSource || entries.some((e) => e.id !== undefined)
      ? await allItems(session, { path: componentsOf(target), label: `--project ${target.project}` })
      : undefined;
  // By the id's text as sent (a number or an exact one beyond 2^53): a double would take
  // "comp@9007199254740993" for component 9007199254740992.
  const byId = new Map((listed ?? []).flatMap((i) => (typeof i.id === 'number' || isLosslessNumber(i.id) ? [[numberText(i.id), i] as const] : [])));
  const byPath = new Map((listed ?? []).map((i) => [componentTargetOf(target.project, i).component.join('/'), i] as const));
  const groups = new Map<string, { path: string[]; item?: Item; entries: MetricsEntry[] }>();
  for (const e of entries) {
    const key = e.id === undefined ? e.path.join('/') : `@${e.id}`;
    let g = groups.get(key);
    if (!g) {
      const item = e.id === undefined ? byPath.get(key) : byId.get(e.id);
      if (e.id !== undefined && !item) {
        session.warn(
          msg`--project ${target.project}: the metrics name component ${e.path.join('/')}@${e.id}, which the components list does not have: its rows are left out`,
        );
        continue;
      }
      g = { path: item ? componentTargetOf(target.project, item).component : e.path, item, entries: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
  }
  return [...groups.values()].map((g) => {
    const path = g.path.join('/');
    const source = skipSource && g.item ? sourceLanguageCode(g.item) : undefined;
    return {
      path: g.path,
      item: g.item,
      rows: g.entries.map((e) => ({
        item: identified(e.stats, `${target.project}/${path}/${e.language}`, target.project, path, e.language),
        leftOut: (source !== undefined && e.language === source) || undefined,
      })),
    };
  });
}
