// Every row wli lists names what it is, as a target wli takes back: wli_target, then its project,
// component (with its categories: docs/guide) and language, null where they do not apply. The four
// come first, in that order, then the server's fields exactly as sent (stats rows, ls items, changes
// and units above a translation, pull records).
import { mapPage, type Item, type Page } from '../core/page.js';
import { PROJECT_LANGUAGE, objectOfUrl } from './target.js';

/** What a row is: its target text and its parts; null where a part does not apply (or is not known). */
export interface Identity {
  target: string | null;
  project: string | null;
  component: string | null;
  language: string | null;
}

/** The four fields, in the order every row carries them (the CSV header of an empty list). */
export const IDENTITY_FIELDS = ['wli_target', 'wli_project', 'wli_component', 'wli_language'];

export const NO_IDENTITY: Identity = { target: null, project: null, component: null, language: null };

/** A project, component or translation (a target, or its parts) as a row's identity. */
export function identityOf(t: { project: string; component?: string[]; language?: string }): Identity {
  const component = t.component ? t.component.join('/') : null;
  const language = t.component && t.language !== undefined ? t.language : null;
  return { target: [t.project, component, language].filter((s) => s !== null).join('/'), project: t.project, component, language };
}

/**
 * A row with its identity first (see the top of this file). wli_target names the row: p/c/l, a
 * language code, p/-/l for a project's language, p/- for a project's total (stats: a bare word is a
 * language, so a total named `p` would be read back as one, and `stats cs --project cs` would name
 * two rows `cs`).
 */
export function identified(item: Item, target: string | null, project: string | null, component: string | null, language: string | null): Item {
  return { wli_target: target, wli_project: project, wli_component: component, wli_language: language, ...item };
}

/** A row with this identity first. */
export const withIdentity = (item: Item, id: Identity): Item => identified(item, id.target, id.project, id.component, id.language);

/**
 * The server's own text of an item (Page.texts) with the identity put first: its bytes kept exactly
 * as sent after the four fields. Undefined when it cannot be (not an object's text, or an item that
 * already has one of the four fields, whose server value the object form keeps).
 */
function rawWithIdentity(text: string, item: Item, id: Identity): string | undefined {
  if (!text.startsWith('{') || IDENTITY_FIELDS.some((k) => Object.prototype.hasOwnProperty.call(item, k))) return undefined;
  const head = JSON.stringify({ wli_target: id.target, wli_project: id.project, wli_component: id.component, wli_language: id.language });
  return head.slice(0, -1) + (text === '{}' ? '}' : ',' + text.slice(1));
}

/** Every item of a page with its identity first, when used; the server's texts of them kept, prefixed alike. */
export function identifyPage(page: Page, identify: (item: Item) => Identity): Page {
  return mapPage(
    page,
    (item) => withIdentity(item, identify(item)),
    (text, item) => rawWithIdentity(text, item, identify(item)),
  );
}

/** A translation or component by its API URL; undefined for any other URL. */
function identityOfUrl(url: unknown, kind: 'component' | 'translation'): Identity | undefined {
  const t = objectOfUrl(url);
  return t?.kind === kind ? identityOf(t) : undefined;
}

/**
 * What a change is about: its translation (its `translation` link); a change without one is its
 * component's (`component`), else its project's: the one listed (`project`), unknown at the server.
 */
export function changeIdentity(change: Item, project: string | undefined): Identity {
  return (
    identityOfUrl(change.translation, 'translation') ??
    identityOfUrl(change.component, 'component') ??
    (project === undefined ? NO_IDENTITY : identityOf({ project }))
  );
}

/** What a unit is in: its translation (its `translation` link). */
export const unitIdentity = (unit: Item): Identity => identityOfUrl(unit.translation, 'translation') ?? NO_IDENTITY;

/** A project's total row: p/-, the project across every component and language (as p/-/l is across components). */
export const projectTotal = (project: string): string => `${project}/${PROJECT_LANGUAGE}`;

/**
 * The identity of a stats row as rows are keyed (a baseline, the verdict, metrics): its wli_target,
 * except that a project's total written by an earlier wli (wli_target the bare project, no component
 * nor language) is read as p/-, so a baseline of that form still matches.
 */
export function rowKey(item: Item): string | undefined {
  const target = item.wli_target;
  if (typeof target !== 'string') return undefined;
  const total = typeof item.wli_project === 'string' && target === item.wli_project && item.wli_component === null && item.wli_language === null;
  return total ? projectTotal(target) : target;
}
