// Every row wli lists names what it is, as a target wli takes back: wli_target, then its project,
// component (with its categories: docs/guide) and language, null where they do not apply. wli makes
// that identity from what it asked for and keeps it beside the server's object ({ id, item }, or a
// row's IDENTITY), never in it: nothing reads it back from a server's fields, so a server that sends
// its own wli_target cannot rename, hide or merge a row. A row is written with wli's fields first,
// in that order, then the server's fields exactly as sent; a server field that has the name of one of
// wli's is kept as server_<name> (docs/output.md). Stats rows, ls items, changes and units above a
// translation, pull records.
import { mapPage, type Item, type Page } from '../core/page.js';
import { PROJECT_LANGUAGE, objectOfUrl } from './target.js';

/** What a row is: its target text and its parts; null where a part does not apply (or is not known). */
export interface Identity {
  target: string | null;
  project: string | null;
  component: string | null;
  language: string | null;
}

/** A server's object and what wli made of it: the identity beside the item, never inside it. */
export interface Identified {
  id: Identity;
  item: Item;
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
 * Where a written row keeps the identity it was made with: a symbol, which no JSON a server sends can
 * hold as a key, and which no writer writes (JSON, CSV and --fields read a row's string keys only).
 */
const IDENTITY: unique symbol = Symbol('wli identity');

type Written = Item & { [IDENTITY]?: Identity };

/** The identity wli gave a row it wrote (identified); undefined for a server's object as sent. */
export const identityOfRow = (row: Written): Identity | undefined => row[IDENTITY];

/** The prefix a server field takes when one of wli's fields has its name. */
export const SERVER_PREFIX = 'server_';

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** A server field's name in a row beside wli's `ours`: its own, else server_<name>, again while that too is taken. */
function serverName(name: string, ours: Item, server: Item): string {
  if (!has(ours, name)) return name;
  let n = SERVER_PREFIX + name;
  while (has(ours, n) || has(server, n)) n = SERVER_PREFIX + n;
  return n;
}

/**
 * wli's fields and a server's object as one row: `first`, then the server's fields in its order with
 * their values as sent, then `last`. A server field named as one of wli's never replaces it: it keeps
 * its place and its value under server_<name> (serverName).
 */
export function joinFields(first: Item, server: Item, last?: Item): Item {
  if (!clashes(first, server) && (last === undefined || !clashes(last, server)))
    return last === undefined ? { ...first, ...server } : { ...first, ...server, ...last };
  const ours = { ...first, ...last };
  const row: Item = { ...first };
  // defineProperty: a server's "__proto__" stays data.
  const put = (k: string, value: unknown) => Object.defineProperty(row, k, { value, enumerable: true, writable: true, configurable: true });
  for (const k of Object.keys(server)) put(serverName(k, ours, server), server[k]);
  if (last) for (const k of Object.keys(last)) put(k, last[k]);
  return row;
}

/** Whether the server's object has a field of one of wli's names. */
function clashes(ours: Item, server: Item): boolean {
  for (const k of Object.keys(ours)) if (has(server, k)) return true;
  return false;
}

const identityFields = (id: Identity): Item => ({ wli_target: id.target, wli_project: id.project, wli_component: id.component, wli_language: id.language });

/**
 * A row as written: its identity first (see the top of this file), wli's other fields of it (`own`:
 * wli_checks), then the server's. wli_target names the row: p/c/l, a language code, p/-/l for a
 * project's language, p/- for a project's total (stats: a bare word is a language, so a total named
 * `p` would be read back as one, and `stats cs --project cs` would name two rows `cs`). The row keeps
 * the identity it was made with (identityOfRow), for a table's columns.
 */
export function identified(item: Item, id: Identity, own?: Item): Item {
  // One object literal, as before wli kept identities apart: V8 builds it from a template, where a
  // spread of two objects made JSON of units above a translation ten times slower (a micro-benchmark).
  if (own === undefined && !IDENTITY_FIELDS.some((k) => has(item, k)))
    return { [IDENTITY]: id, wli_target: id.target, wli_project: id.project, wli_component: id.component, wli_language: id.language, ...item };
  const row: Written = joinFields(own ? { ...identityFields(id), ...own } : identityFields(id), item);
  row[IDENTITY] = id;
  return row;
}

/** A row a command added wli's fields to at its end (units --with), keeping the identity it had. */
export function withOwnFields(row: Item, last: Item): Item {
  const id = identityOfRow(row);
  const joined: Written = joinFields({}, row, last);
  if (id) joined[IDENTITY] = id;
  return joined;
}

/**
 * The server's own text of an item (Page.texts) with the identity put first: its bytes kept exactly
 * as sent after the four fields. Undefined when it cannot be (not an object's text, or an item that
 * has a field of one of the four names, which the object form keeps as server_<name>).
 */
function rawWithIdentity(text: string, item: Item, id: Identity): string | undefined {
  if (!text.startsWith('{') || IDENTITY_FIELDS.some((k) => has(item, k))) return undefined;
  const head = JSON.stringify(identityFields(id));
  return head.slice(0, -1) + (text === '{}' ? '}' : ',' + text.slice(1));
}

/** Every item of a page with its identity first, when used; the server's texts of them kept, prefixed alike. */
export function identifyPage(page: Page, identify: (item: Item) => Identity): Page {
  return mapPage(
    page,
    (item) => identified(item, identify(item)),
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
 * The key of a row of a baseline file (what an earlier `wli stats … -f json` wrote): its wli_target,
 * except that a project's total written by an earlier wli (wli_target the bare project, no component
 * nor language) is read as p/-, so a baseline of that form still matches. A file wli wrote is the one
 * place a row's identity is read from its fields.
 */
export function baselineKey(item: Item): string | undefined {
  const target = item.wli_target;
  if (typeof target !== 'string') return undefined;
  const total = typeof item.wli_project === 'string' && target === item.wli_project && item.wli_component === null && item.wli_language === null;
  return total ? projectTotal(target) : target;
}
