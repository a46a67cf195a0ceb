// wli ls [target]: what a target contains, each row a usable target: the server's projects, a
// project's components (with their category paths), a component's translations. A category
// (project/category, Weblate 5.0 and later) lists the components inside it, nested ones too.
// Each item names its target (wli_target and its parts first: weblate/identity.ts), so what ls
// prints in any format is what every command takes back.
import { isNotFound } from '../api/errors.js';
import type { Item, Page } from '../core/page.js';
import { msg, type Msg } from '../core/text.js';
import type { Column, ListResult } from '../output/result.js';
import { identifyPage, identityOf, NO_IDENTITY, type Identity } from '../weblate/identity.js';
import { objectOfUrl, readTarget, targetOfUrl, type ComponentTarget, type Target, type TargetKind } from '../weblate/target.js';
import { PROJECTS, categoriesOf, componentsOf, translationsOf } from '../weblate/paths.js';
import { categoryPaths } from '../weblate/categories.js';
import { sourceLanguageCode } from '../weblate/objects.js';
import { plainText } from '../core/values.js';
import type { CommandInput, Session } from '../session/session.js';
import { firstItems, pagesOf } from '../session/reads.js';
import { firstFoundPages } from '../session/resolve.js';
import { limited } from '../session/results.js';
import { percentText } from '../output/readable.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component'];

/** The target a listed object is (its wli_target: see identify). */
const TARGET_COLUMN: Column = { header: 'target', field: 'wli_target', value: (item) => item.wli_target, kind: 'key' };

type Listed = 'project' | 'component' | 'translation';

/**
 * What a listed object is, from its own URL (a component in categories: p/cat/c); an object without
 * one is named by its slug or language code inside the target listed.
 */
function identify(listed: Listed, t: Target, item: Item): Identity {
  const own = objectOfUrl(item.url);
  if (own?.kind === listed) return identityOf(own);
  const name = listed === 'translation' ? item.language_code : item.slug;
  if (typeof name !== 'string' || name === '') return NO_IDENTITY;
  if (listed === 'project') return identityOf({ project: name });
  if (t.kind !== 'project' && t.kind !== 'component') return NO_IDENTITY;
  if (listed === 'component') return identityOf({ project: t.project, component: [name] });
  return t.kind === 'component' ? identityOf({ project: t.project, component: t.component, language: name }) : NO_IDENTITY;
}

/** The pages with each object's identity first. */
async function* identifying(pages: AsyncGenerator<Page>, listed: Listed, t: Target): AsyncGenerator<Page> {
  for await (const page of pages) yield identifyPage(page, (item) => identify(listed, t, item));
}

export const PROJECT_COLUMNS: Column[] = [
  TARGET_COLUMN,
  { header: 'name', field: 'name', value: (p) => p.name, kind: 'name' },
  // Never cut: at 40 columns the table goes without it rather than show half a URL.
  { header: 'web', field: 'web_url', value: (p) => p.web_url, kind: 'url', drop: 1 },
];

export const COMPONENT_COLUMNS: Column[] = [
  TARGET_COLUMN,
  { header: 'name', field: 'name', value: (c) => c.name, kind: 'name' },
  { header: 'source', field: 'source_language.code', value: sourceLanguageCode, kind: 'state', drop: 2 },
  { header: 'format', field: 'file_format', value: (c) => c.file_format, kind: 'state', drop: 1 },
];

export const TRANSLATION_COLUMNS: Column[] = [
  TARGET_COLUMN,
  {
    header: 'language',
    field: 'language.name',
    value: (t) => (t.language && typeof t.language === 'object' ? (t.language as Record<string, unknown>).name : undefined),
  },
  { header: 'translated', field: 'translated_percent', value: (t) => t.translated_percent, text: percentText, kind: 'percent' },
  { header: 'strings', value: (t) => (t.translated === undefined ? undefined : `${plainText(t.translated)}/${plainText(t.total ?? '')}`), kind: 'count' },
  { header: 'last change', field: 'last_change', value: (t) => t.last_change, kind: 'time', drop: 1 },
];

const listPath = (t: Target): string => (t.kind === 'project' ? componentsOf(t) : t.kind === 'component' ? translationsOf(t) : PROJECTS);

/** The category a component reading names instead, when the project has one at that path; else undefined. */
async function categoryNamed(session: Session, t: ComponentTarget): Promise<string | undefined> {
  const path = t.component.join('/');
  try {
    return categoryPaths(await firstItems(session, categoriesOf(t), 'categories')).includes(path) ? path : undefined;
  } catch {
    // A server before categories, or one that fails to say: the miss is explained as a component's.
    return undefined;
  }
}

/** The project's components inside the category (nested categories too), as targets p/category/…/c. */
async function* componentsIn(session: Session, t: ComponentTarget, category: string): AsyncGenerator<Page> {
  const prefix = `${t.project}/${category}/`;
  for await (const page of pagesOf(session, { path: componentsOf(t), label: 'components' })) {
    const keep = page.items.map((c) => targetOfUrl(c.url)?.startsWith(prefix) === true);
    if (keep.some(Boolean)) yield { items: page.items.filter((_, i) => keep[i]), raw: page.raw?.filter((_, i) => keep[i]) };
  }
}

export function run({ args, opts, session }: CommandInput<'ls'>): ListResult {
  // ls lists what is inside: a translation has nothing below it, so three segments are a component in a category.
  const readings = readTarget(args[0] ?? '/', ACCEPTS);
  const kind = readings[0]?.kind;
  // Set when the component reading turns out to be a category: its components are listed instead.
  let category: string | undefined;
  const pagesFor = (t: Target): AsyncGenerator<Page> =>
    t.kind === 'component'
      ? translationsOrCategory(t)
      : identifying(pagesOf(session, { path: listPath(t), limit: opts.limit, label: labelOf(t.kind) }), t.kind === 'server' ? 'project' : 'component', t);
  async function* translationsOrCategory(t: ComponentTarget): AsyncGenerator<Page> {
    const pages = pagesOf(session, { path: listPath(t), limit: opts.limit, label: 'translations' });
    let head: IteratorResult<Page>;
    try {
      head = await pages.next();
    } catch (e) {
      // The API's own 404 for project/x: x may be a category rather than a component (asked only now).
      if (!isNotFound(e) || !e.fromApi) throw e;
      category = await categoryNamed(session, t);
      if (category === undefined) throw e;
      session.say(msg`'${category}' is a category of project '${t.project}': the components inside it`);
      yield* identifying(limited(componentsIn(session, t, category), opts.limit), 'component', t);
      return;
    }
    if (!head.done) {
      yield identifyPage(head.value, (item) => identify('translation', t, item));
      yield* identifying(pages, 'translation', t);
    }
  }
  const columns = (): Column[] =>
    category !== undefined ? COMPONENT_COLUMNS : kind === 'server' ? PROJECT_COLUMNS : kind === 'project' ? COMPONENT_COLUMNS : TRANSLATION_COLUMNS;
  const emptyOf = (): Msg =>
    category !== undefined
      ? msg`no components in category '${category}' of project '${readings[0]?.kind === 'component' ? readings[0].project : ''}'`
      : kind === 'server'
        ? msg`no projects (private projects need a token that may see them)`
        : kind === 'project'
          ? msg`no components in project '${args[0]}'`
          : msg`no translations of component '${args[0]}'`;
  return {
    kind: 'list',
    pages: firstFoundPages(session, readings, pagesFor),
    columns,
    // Read once the pages are out: by then it is known whether the target was a category.
    get empty() {
      return emptyOf();
    },
  };
}

const labelOf = (kind: TargetKind): string => (kind === 'server' ? 'projects' : kind === 'project' ? 'components' : 'translations');
