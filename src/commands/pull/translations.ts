// pull's first half: the translations its targets name, read before any file is asked for (a
// target that does not exist fails the run with nothing written). A translation is its own object;
// a component, its translations list; a project, each of its components' lists (Weblate has no
// project-wide list of translations); a category, each of its components' lists; a language across a
// project (p/-/l), the translations of that language in each component's list. Lists are read with
// the largest page Weblate serves.
//
// Each translation comes with its component's file fields (filemask, template, …: where the placement
// rule lets its file go), from the component objects these reads already have: the project's or
// category's list of components, a translation's nested `component`. A component's own list of
// translations carries no component (Weblate leaves it out), so a component named as the target is
// read beside its list: one request, at the same time.
import type { Item } from '../../core/page.js';
import { allInOrder } from '../../core/pool.js';
import type { Weblate } from '../../remote/weblate.js';
import { ONE_PAGE } from '../../remote/reads.js';
import { componentPath, componentsOf, translationPath, translationsOf } from '../../weblate/paths.js';
import { componentFiles, type ComponentFiles } from '../../weblate/filemask.js';
import { componentTargetOf, type ComponentTarget, type Target } from '../../weblate/target.js';
import { translationView, type TranslationView } from '../../weblate/views/translation.js';
import { componentView } from '../../weblate/views/component.js';

/** One translation to pull: where it is on the server, and its object as the server sent it (read through its view). */
export interface Listed {
  /** The translation as a target: demo/docs/guide/cs. */
  target: string;
  project: string;
  /** Categories and component. */
  component: string[];
  /** Undefined when the server named none (then there is no file to ask for). */
  language?: string;
  translation: TranslationView;
  /** The component's source language, when the object does not say is_source itself (old servers). */
  sourceLanguage?: string;
  /** Named as a translation target (demo/android/en): pulled even when it is the source. */
  named?: boolean;
  /** Its component's file fields; undefined when the server sent no component object. */
  files?: ComponentFiles;
}

const ACCEPTS = ['project', 'component', 'category', 'translation', 'projectLanguage'] as const;

/** Every translation of the targets (the project file's default target when there is none), in order, each once. */
export async function listTargets(weblate: Weblate, args: readonly string[]): Promise<Listed[]> {
  const out: Listed[] = [];
  const seen = new Map<string, Listed>();
  for (const arg of args.length ? args : [undefined]) {
    const readings = weblate.targetReadings(arg, [...ACCEPTS]);
    const { value } = await weblate.firstFound(readings, (t) => readTarget(weblate, t));
    for (const l of listedOf(value)) {
      // The same translation named twice (demo and demo/android) is pulled once; named once as itself, it is named.
      const key = `${l.project}\n${l.component.join('/')}\n${l.language ?? ''}`;
      const before = l.language === undefined ? undefined : seen.get(key);
      if (before) {
        if (l.named) before.named = true;
        continue;
      }
      seen.set(key, l);
      out.push(l);
    }
  }
  return out;
}

/**
 * Translations of one component as the server sent them: its list (with the component's object,
 * undefined when the server sent none), or one translation named as the target (its object carries
 * its component).
 */
interface ComponentRead {
  target: Pick<ComponentTarget, 'project' | 'component'>;
  component: Item | undefined;
  translations: Item[];
  /** Named as a translation target: its language as the target names it (the address that was just found). */
  named?: string;
}

/** What the server answered for one reading of a target; `language`: only that language's translations (p/-/l). */
interface TargetRead {
  reads: ComponentRead[];
  language?: string;
}

/**
 * What the server holds for one reading of a target: the one place pull's listing asks it. What
 * each translation is to pull is built from the answers alone (listedOf).
 */
async function readTarget(weblate: Weblate, t: Target): Promise<TargetRead> {
  switch (t.kind) {
    case 'translation':
      return { reads: [{ target: t, component: undefined, translations: [await weblate.getObject(translationPath(t))], named: t.language }] };
    case 'component':
      return { reads: [await componentRead(weblate, t)] };
    case 'category': {
      const components = await weblate.categoryComponents(await weblate.categoryOf(t));
      return { reads: await componentReads(weblate, components) };
    }
    case 'project':
      return { reads: await componentReads(weblate, await projectComponents(weblate, t.project)) };
    case 'projectLanguage': {
      // The project and the language both there (the project's language row), then each component's own list.
      await weblate.projectLanguageOf(t);
      return { reads: await componentReads(weblate, await projectComponents(weblate, t.project)), language: t.language };
    }
    default:
      return { reads: [] };
  }
}

/** A project's components as targets (p/cat/c), each with its object. */
async function projectComponents(weblate: Weblate, project: string): Promise<Array<{ target: ComponentTarget; item: Item }>> {
  const items = await weblate.allItems({ path: componentsOf({ project }), label: 'components', pageSize: ONE_PAGE });
  return items.map((item) => ({ target: componentTargetOf(project, item), item }));
}

/** Every component's list of translations, read --concurrency at a time, in the components' order. */
function componentReads(weblate: Weblate, components: Array<{ target: ComponentTarget; item: Item }>): Promise<ComponentRead[]> {
  return allInOrder(
    components.map((c) => () => componentRead(weblate, c.target, c.item)),
    weblate.concurrency,
  );
}

/**
 * A component's translations, with its object: the one a list of components sent, or (a component
 * named as the target) read beside the list. The list decides whether the component is there: its
 * 404 is the one firstFound reads.
 */
async function componentRead(weblate: Weblate, target: ComponentTarget, known?: Item): Promise<ComponentRead> {
  const object = known ? Promise.resolve(known) : weblate.getObject(componentPath(target));
  // Its failure is the list's to report when the list fails too.
  object.catch(() => {});
  const translations = await weblate.allItems({ path: translationsOf(target), label: 'translations', pageSize: ONE_PAGE });
  return { target, component: await object, translations };
}

/** The translations a target's reading found, in order, each with its component's file fields. */
function listedOf({ reads, language }: TargetRead): Listed[] {
  const all = reads.flatMap((r) =>
    r.translations.map((item) => {
      const translation = translationView(item);
      // Its component: the one read beside its list, else (named as itself) the one its object carries.
      const l = listed(r.target, translation, r.component ?? translation.component, r.named);
      return r.named === undefined ? l : { ...l, named: true };
    }),
  );
  return language === undefined ? all : all.filter((l) => l.language === language);
}

function listed(t: Pick<ComponentTarget, 'project' | 'component'>, translation: TranslationView, component: Item | undefined, code?: string): Listed {
  const language = code ?? translation.langCode;
  return {
    target: [t.project, ...t.component, language ?? '?'].join('/'),
    project: t.project,
    component: t.component,
    language,
    translation,
    // Old servers send no is_source: the component's source language tells instead.
    sourceLanguage: component ? componentView(component).sourceLangCode : undefined,
    files: component ? componentFiles(component) : undefined,
  };
}

/** Is this the source translation: is_source as sent, or (old servers) the component's source language. */
export function isSource(l: Listed): boolean {
  const { isSource: flag, isTemplate: template } = l.translation;
  if (flag !== undefined) return flag;
  if (l.sourceLanguage !== undefined) return l.language === l.sourceLanguage;
  return template === true;
}
