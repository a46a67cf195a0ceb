// wli ls [target]: what a target contains, each row a usable target: the server's projects, a
// project's components (with their category paths), a component's translations. A category
// (project/category, Weblate 5.0 and later) lists the components inside it, nested ones too; a
// translation has nothing below it (exit 2, pointing to translation and units). Each item names its
// target (wli_target and its parts first: weblate/identity.ts), so what ls prints in any format is
// what every command takes back.
import type { Item, Page } from '../../core/page.js';
import { UsageError } from '../../core/errors.js';
import { msg, type Msg } from '../../core/text.js';
import type { Column, ListResult } from '../../output/result.js';
import { identifyPage, identityOf, identityOfRow, NO_IDENTITY, type Identity } from '../../weblate/identity.js';
import { objectOfUrl, readTarget, type Target, type TargetKind, type TranslationTarget } from '../../weblate/target.js';
import { PROJECTS, componentsOf, translationPath, translationsOf } from '../../weblate/paths.js';
import { columnsOver } from '../../output/view-columns.js';
import { componentView } from '../../weblate/views/component.js';
import { languageView } from '../../weblate/views/language.js';
import { projectView } from '../../weblate/views/project.js';
import { translationView } from '../../weblate/views/translation.js';
import { plainText } from '../../core/values.js';
import type { CommandInput } from '../../remote/run.js';
import { type Category } from '../../remote/resolve.js';
import { limited, type Weblate } from '../../remote/weblate.js';
import { percentText } from '../../output/readable.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component', 'category'];

/** The target a listed object is (its wli_target: the identity identify gave it, never a field the server sent). */
const TARGET_COLUMN: Column = { header: 'target', field: 'wli_target', value: (item) => identityOfRow(item)?.target, kind: 'key' };

type Listed = 'project' | 'component' | 'translation';

/** A listed object's own URL and the name it goes by inside the target listed (a translation's language code, else its slug), as sent. */
function namesOf(listed: Listed, item: Item): { url: unknown; name: unknown } {
  if (listed === 'translation') {
    const v = translationView(item);
    return { url: v.url, name: v.languageCode };
  }
  const v = listed === 'component' ? componentView(item) : projectView(item);
  return { url: v.url, name: v.slug };
}

/**
 * What a listed object is, from its own URL (a component in categories: p/cat/c); an object without
 * one is named by its slug or language code inside the target listed.
 */
function identify(listed: Listed, t: Target, item: Item): Identity {
  const { url, name } = namesOf(listed, item);
  const own = objectOfUrl(url);
  if (own?.kind === listed) return identityOf(own);
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
  ...columnsOver(projectView, [
    { header: 'name', field: 'name', value: (p) => p.name, kind: 'name' },
    // Never cut: at 40 columns the table goes without it rather than show half a URL.
    { header: 'web', field: 'web_url', value: (p) => p.webUrl, kind: 'url', drop: 1 },
  ]),
];

export const COMPONENT_COLUMNS: Column[] = [
  TARGET_COLUMN,
  ...columnsOver(componentView, [
    { header: 'name', field: 'name', value: (c) => c.name, kind: 'name' },
    { header: 'source', field: 'source_language.code', value: (c) => c.sourceLangCode, kind: 'state', drop: 2 },
    { header: 'format', field: 'file_format', value: (c) => c.fileFormat, kind: 'state', drop: 1 },
  ]),
];

export const TRANSLATION_COLUMNS: Column[] = [
  TARGET_COLUMN,
  ...columnsOver(translationView, [
    { header: 'language', field: 'language.name', value: (t) => (t.language ? languageView(t.language).name : undefined) },
    { header: 'translated', field: 'translated_percent', value: (t) => t.translatedPercent, text: percentText, kind: 'percent', bar: true },
    { header: 'strings', value: (t) => (t.translated === undefined ? undefined : `${plainText(t.translated)}/${plainText(t.total ?? '')}`), kind: 'count' },
    { header: 'last change', field: 'last_change', value: (t) => t.lastChange, kind: 'time', drop: 1 },
  ]),
];

const listPath = (t: Target): string => (t.kind === 'project' ? componentsOf(t) : t.kind === 'component' ? translationsOf(t) : PROJECTS);

export function run({ args, opts, weblate, report }: CommandInput<'ls'>): ListResult {
  // ls lists what is inside: three segments are a component in a category (or a category); a
  // translation, which has nothing below it, is recognised only to point elsewhere.
  // No argument: the default target of a .weblate or wlc config (as every command takes it), else the server.
  const readings =
    (args[0] === undefined ? weblate.defaultReadings(ACCEPTS, ['translation']) : undefined) ?? readTarget(args[0] ?? '/', ACCEPTS, ['translation']);
  const given = args[0] ?? (readings[0]?.text === '/' ? undefined : readings[0]?.text);
  const kind = readings[0]?.kind;
  // Set when the target turns out to be a category: its components are listed.
  let category: Category | undefined;
  async function* pagesFor(t: Target): AsyncGenerator<Page> {
    if (t.kind === 'translation') {
      // A default target that names a translation lists its component's translations (its siblings).
      if (args[0] === undefined) {
        yield* pagesFor({ kind: 'component', text: `${t.project}/${t.component.join('/')}`, project: t.project, component: t.component });
        return;
      }
      throw await notAList(weblate, t);
    }
    if (t.kind !== 'category') {
      const listed = t.kind === 'server' ? 'project' : t.kind === 'project' ? 'component' : 'translation';
      yield* identifying(weblate.pagesOf({ path: listPath(t), limit: opts.limit, label: labelOf(t.kind) }), listed, t);
      return;
    }
    category = await weblate.categoryOf(t);
    report.say(msg`'${category.path}' is a category of project '${t.project}': the components inside it`);
    yield* identifying(limited(weblate.componentsIn(category), opts.limit), 'component', t);
  }
  const columns = (): Column[] =>
    category !== undefined ? COMPONENT_COLUMNS : kind === 'server' ? PROJECT_COLUMNS : kind === 'project' ? COMPONENT_COLUMNS : TRANSLATION_COLUMNS;
  const emptyOf = (): Msg =>
    category !== undefined
      ? msg`no components in category '${category.path}' of project '${category.target.project}'`
      : kind === 'server'
        ? msg`no projects (private projects need a token that may see them)`
        : kind === 'project'
          ? msg`no components in project '${given}'`
          : msg`no translations of component '${given}'`;
  return {
    kind: 'list',
    pages: weblate.firstFoundPages(readings, pagesFor),
    columns,
    // Read once the pages are out: by then it is known whether the target was a category.
    get empty() {
      return emptyOf();
    },
  };
}

/** A translation exists at the target: nothing is listed below it, so ls points to what shows it (exit 2). */
async function notAList(weblate: Weblate, t: TranslationTarget): Promise<UsageError> {
  await weblate.getObject(translationPath(t));
  return new UsageError(
    msg`'${t.text}' is a translation: ls lists what a project, category or component contains`,
    msg`its counts: wli translation ${t.text}; its strings: wli units ${t.text}`,
  );
}

const labelOf = (kind: TargetKind): string => (kind === 'server' ? 'projects' : kind === 'project' ? 'components' : 'translations');
