// Where stats rows come from, one reading of one target at a time (see src/commands/stats/stats.ts for the
// endpoints), each row the server's object beside the identity wli makes from what it asked for.
import { NO_TOKEN_PRIVATE_HINT, NotFoundError, ServerError, isNotFound } from '../../api/errors.js';
import { EXIT, UsageError, WliError } from '../../core/errors.js';
import type { Item } from '../../core/page.js';
import { msg } from '../../core/text.js';
import type { Weblate } from '../../remote/weblate.js';
import { ONE_PAGE } from '../../remote/reads.js';
import { allInOrder } from '../../core/pool.js';
import { projectTotal, type Identity } from '../../weblate/identity.js';
import { commonSourceLanguage } from '../../weblate/objects.js';
import { componentView } from '../../weblate/views/component.js';
import { languageView } from '../../weblate/views/language.js';
import { LANGUAGES, componentsOf, languagesOf, objectPath, projectPath, statisticsOf, translationsOf } from '../../weblate/paths.js';
import { PROJECT_LANGUAGE, type ComponentTarget, type ProjectLanguageTarget, type ProjectTarget, type Target } from '../../weblate/target.js';
import { deferred } from '../../core/pool.js';
import { sumStatistics, withPercentages } from '../../weblate/statistics-sum.js';
import type { Row, ServerLanguage } from './gate.js';
import { statisticsView } from '../../weblate/views/statistics.js';

/** Every item of a list (paginated, or a plain JSON array), in server order. */
const getList = (weblate: Weblate, path: string, label: string): Promise<Item[]> => weblate.allItems({ path, label });

/** A row: the server's object, and wli's identity of it (its target and parts). */
export const statsRow = (item: Item, target: string, project: string | null, component: string | null, language: string | null): Row => ({
  id: { target, project, component, language } satisfies Identity,
  item,
});

/** A row's language code; '?' for a row that names none (its identity must still be text). */
const codeOf = (item: Item): string => statisticsView(item).langCode ?? '?';

/** Every language of the server (--fail-under asks only when a gated language is in no row). */
export async function serverLanguages(weblate: Weblate): Promise<ServerLanguage[]> {
  const items = await weblate.allItems({ path: LANGUAGES, label: 'languages', pageSize: ONE_PAGE });
  return items.flatMap((l) => {
    const { langCode: code, aliasList: aliases } = languageView(l);
    return code === undefined ? [] : [{ code, aliases }];
  });
}

/** The rows of one reading of a target. */
export async function rowsOf(weblate: Weblate, t: Target, skipSource: boolean): Promise<Row[]> {
  switch (t.kind) {
    case 'component':
      return componentRows(weblate, t, skipSource);
    case 'category': {
      // Each component's rows, as for project/component, in the order the project lists them.
      const components = await weblate.categoryComponents(await weblate.categoryOf(t));
      const jobs = components.map((c) => () => componentRows(weblate, c.target, skipSource));
      return (await allInOrder(jobs, weblate.concurrency)).flat();
    }
    case 'projectLanguage':
      return [projectLanguageRow(t, await weblate.projectLanguageOf(t))];
    case 'project':
      return [totalRow(t, await weblate.getObject(statisticsOf(t)))];
    case 'translation':
      // p/c/-: the component across its languages, the row --project --by component prints for it.
      if (t.language === PROJECT_LANGUAGE) {
        const c: ComponentTarget = { kind: 'component', text: `${t.project}/${t.component.join('/')}`, project: t.project, component: t.component };
        return [componentRow(t.project, { path: t.component, rows: await componentRows(weblate, c, skipSource) })];
      }
      return singleRow(weblate, t);
    default:
      return singleRow(weblate, t);
  }
}

/** One component's rows, whichever route read them: its path in the project, its object when listed. */
export interface ComponentRows {
  /** The component's own project where it is not the one listed (a component shared into it). */
  project?: string;
  path: string[];
  item?: Item;
  rows: Row[];
}

/**
 * A component across its languages: wli_target p/c/- (as p/-/l is a language across components), its
 * translations' rows summed as Weblate sums them (without the ones --skip-source leaves out), with
 * every percentage the sums give. Only the sums: no name or url, so the row is the same whichever
 * way it was read.
 */
export function componentRow(project: string, c: ComponentRows): Row {
  const path = c.path.join('/');
  const rows = c.rows.filter((r) => !r.leftOut).map((r) => r.item);
  const own = c.project ?? project;
  return statsRow(withPercentages(sumStatistics(rows)), `${own}/${path}/${PROJECT_LANGUAGE}`, own, path, null);
}

/** A language of a project, the row --project prints for it: wli_target p/-/l. */
const projectLanguageRow = (t: Pick<ProjectLanguageTarget, 'project'>, stats: Item): Row => {
  const code = codeOf(stats);
  return statsRow(stats, `${t.project}/-/${code}`, t.project, null, code);
};

/** A project's total row, the last --project prints: wli_target p/- (weblate/identity.ts projectTotal). */
export const totalRow = (t: Pick<ProjectTarget, 'project'>, stats: Item): Row => statsRow(stats, projectTotal(t.project), t.project, null, null);

async function singleRow(weblate: Weblate, target: Target): Promise<Row[]> {
  if (target.kind !== 'language' && target.kind !== 'translation') throw new UsageError(msg`unsupported stats target '${target.text}'`);
  const stats = await weblate.getObject(statisticsOf(target));
  return [
    target.kind === 'translation'
      ? statsRow(stats, `${target.project}/${target.component.join('/')}/${target.language}`, target.project, target.component.join('/'), target.language)
      : statsRow(stats, target.language, null, null, target.language),
  ];
}

/** One row per translation of the component (see the top of this file for the endpoints). */
export async function componentRows(weblate: Weblate, target: ComponentTarget, skipSource: boolean, known?: Item): Promise<Row[]> {
  // Asked alongside the list, so --skip-source costs one request but no extra wait; none when the
  // component's object is known already (a project's components list).
  const component = skipSource
    ? known && componentView(known).sourceLangCode !== undefined
      ? Promise.resolve(known)
      : deferred(weblate.getObject(objectPath(target)))
    : undefined;
  let items: Item[];
  try {
    items = await getList(weblate, statisticsOf(target), target.text);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    try {
      items = await getList(weblate, translationsOf(target), target.text);
    } catch (e2) {
      // Both missing: the component does not exist; report the list asked for first.
      throw isNotFound(e2) ? e : e2;
    }
  }
  if (component) {
    // Translation objects (the fallback) say is_source themselves; Statistics rows need the component.
    let source: string | undefined;
    if (!items.every((i) => statisticsView(i).isSource !== undefined)) {
      const code = componentView(await component).sourceLangCode;
      if (code === undefined) {
        throw new ServerError(msg`GET ${weblate.url(objectPath(target)).href}: the component names no source_language.code`, msg`run without --skip-source`);
      }
      source = code;
    }
    const isSource = (i: Item) => statisticsView(i).isSource ?? codeOf(i) === source;
    return rowsOfComponent(target, items, isSource);
  }
  return rowsOfComponent(target, items, () => false);
}

/** A component's rows; those --skip-source leaves out marked so (not printed, not gone from a baseline). */
function rowsOfComponent(target: ComponentTarget, items: Item[], leftOut: (i: Item) => boolean): Row[] {
  const path = target.component.join('/');
  return items.map((stats) => {
    const code = codeOf(stats);
    return { ...statsRow(stats, `${target.project}/${path}/${code}`, target.project, path, code), leftOut: leftOut(stats) || undefined };
  });
}

/**
 * One row per language of the project, then the project's total row. With --skip-source, the
 * languages that are the source language of every component of the project are left out (one
 * request more, made alongside), and the total row is the one `sourceless` makes of the project's
 * translations (given that list of components).
 */
export async function projectRows(
  weblate: Weblate,
  target: ProjectTarget,
  skipSource: boolean,
  sourceless: (components: Promise<Item[]>) => Promise<Row>,
): Promise<Row[]> {
  const label = `--project ${target.project}`;
  const components = skipSource ? deferred(getList(weblate, componentsOf(target), label)) : undefined;
  const total = deferred(components ? sourceless(components) : weblate.getObject(statisticsOf(target)).then((stats) => totalRow(target, stats)));
  const languages = await getList(weblate, languagesOf(target), label);
  let everywhere: string | undefined;
  if (components) {
    everywhere = commonSourceLanguage(await components);
  }
  const rows = languages.map((stats) => ({
    ...projectLanguageRow(target, stats),
    leftOut: (everywhere !== undefined && codeOf(stats) === everywhere) || undefined,
  }));
  return [...rows, await total];
}

/**
 * A bare word that is no language but is a project gets the hint it needs: stats takes projects with
 * --project (one request more, only after the miss). Asked without a token, a project that answers 404
 * may be a private one: the hint says so.
 */
export async function languageOrProject<R>(weblate: Weblate, readings: Target[], get: () => Promise<R>): Promise<R> {
  try {
    return await get();
  } catch (e) {
    const only = readings.length === 1 ? readings[0] : undefined;
    if (only?.kind !== 'language' || !(e instanceof WliError) || e.exitCode !== EXIT.notFound) throw e;
    try {
      await weblate.getObject(projectPath({ project: only.language }));
    } catch (x) {
      // Asked without a token, a private project is a 404 as a missing one is: the word may still be one.
      if (!isNotFound(x) || !x.anonymous) throw e;
      const privately = msg`${NO_TOKEN_PRIVATE_HINT} (a project's statistics: --project ${only.language})`;
      throw new NotFoundError(e.text, e.hintText ? msg`${e.hintText}; ${privately}` : privately, { cause: e });
    }
    throw new NotFoundError(
      msg`no language '${only.language}'; '${only.language}' is a project`,
      msg`for a project's statistics use --project ${only.language} (a bare word in stats is a language code)`,
      { cause: e },
    );
  }
}
