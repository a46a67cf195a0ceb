// From a target's readings to the object or list the server has, and a miss that is not a dead end.
//
// Readings are tried in order (target.ts); the next one only when the server answers a JSON 404, so
// p/c/l costs nothing extra and p/cat/c costs one request more. When every reading misses, the miss
// is explained from the parent's list: one request per level above the miss (at most three: the
// component's translations, the project's components, the projects), each a single page, and the
// closest names are offered. A 404 that is not the API's own (an HTML page) means the URL is wrong:
// the API root is asked once, and the message says so instead of blaming the slugs. So it does when
// the walk up finds every level missing and the API root answers 404 too (a proxy's JSON 404s), and
// when an answer is not what any Weblate API sends (a web page, a login page, JSON of another shape)
// and the API root is not Weblate's either. A --url that leads to no Weblate API is one situation
// with one exit code whatever the command (2, as any configuration that cannot work).
import { HttpError, NotFoundError, UnexpectedAnswerError, isNotFound } from '../api/errors.js';
import type { Item, Page } from '../core/page.js';
import { UsageError, WliError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import type { Session } from './session.js';
import { targetOfUrl, type Target } from '../weblate/target.js';
import { API_ROOT, LANGUAGES, PROJECTS, componentsOf, listsEndpoints, translationsOf } from '../weblate/paths.js';
import { languageCode } from '../weblate/objects.js';
import { closest, distance } from '../core/closest.js';
import { firstItems } from './reads.js';

/** The first reading the server has, and its value. A miss on every reading is explained. */
export async function firstFound<R>(session: Session, readings: Target[], get: (t: Target) => Promise<R>): Promise<{ target: Target; value: R }> {
  let first: HttpError | undefined;
  for (const target of readings) {
    try {
      return { target, value: await get(target) };
    } catch (e) {
      if (!isNotFound(e)) throw await explainAnswer(session, e);
      first ??= e;
      if (!e.fromApi) break; // not the API's 404: another reading will not help
    }
  }
  throw await explainMiss(session, readings, first);
}

/** The pages of the first reading whose list exists; a miss on every reading is explained. */
export async function* firstFoundPages(session: Session, readings: Target[], pagesFor: (t: Target) => AsyncGenerator<Page>): AsyncGenerator<Page> {
  let first: HttpError | undefined;
  for (const target of readings) {
    const pages = pagesFor(target);
    let head: IteratorResult<Page>;
    try {
      head = await pages.next();
    } catch (e) {
      if (!isNotFound(e)) throw await explainAnswer(session, e);
      first ??= e;
      if (!e.fromApi) break;
      continue;
    }
    if (!head.done) {
      yield head.value;
      yield* pages;
    }
    return;
  }
  throw await explainMiss(session, readings, first);
}

/** What a miss means, as one error: the missing name, what exists nearby, or a wrong --url. */
export async function explainMiss(session: Session, readings: Target[], miss: HttpError | undefined): Promise<WliError> {
  const target = readings[0];
  if (!target || !miss) return new UsageError(msg`no target to look for`);
  // p/x/y read as component x (language y) or as component x/y in a category: at the component
  // level, the name closer to what the project has is the one to talk about.
  const componentNames = readings.flatMap((r) => (r.kind === 'component' || r.kind === 'translation' ? [r.component.join('/')] : []));
  const where = miss.serverMessage ? msg`(GET ${miss.url}: HTTP 404: ${miss.serverMessage})` : msg`(GET ${miss.url}: HTTP 404)`;
  try {
    // An HTML 404 is not the API's own: is this a Weblate API at all?
    if (!miss.fromApi) return (await notAnApi(session, miss, () => true)) ?? miss;
    let t: Target | undefined = target;
    while (t) {
      const level = await lookAround(session, t, componentNames);
      if (level.kind === 'found') return new NotFoundError(msg`${level.what} ${where}`, level.hint, { cause: miss });
      t = level.parent;
    }
    // Every level up to the top list is missing too: a server or proxy that answers a JSON 404 to
    // any path, unless the API root is there (then the plain 404 is all there is to say).
    return (await notAnApi(session, miss, isNotFound)) ?? miss;
  } catch (e) {
    // The explanation is a courtesy: if asking around fails, the plain 404 is the answer.
    if (!(e instanceof WliError)) throw e;
  }
  return miss;
}

/**
 * An answer no Weblate API gives (a 2xx that is not JSON, JSON of another shape): a wrong --url when
 * the API root is not Weblate's either, else the error as it was (the server's fault, exit 1).
 */
export async function explainAnswer(session: Session, e: unknown): Promise<unknown> {
  if (!(e instanceof UnexpectedAnswerError)) return e;
  try {
    return (await notAnApi(session, e, notWeblate)) ?? e;
  } catch (x) {
    if (x instanceof WliError) return e;
    throw x;
  }
}

/** The API root's own failure that says it is no Weblate API: missing, or not JSON (not a refused token, a 5xx, the network, a proxy). */
const notWeblate = (e: HttpError | WliError): boolean => isNotFound(e) || e instanceof UnexpectedAnswerError;

/**
 * A wrong --url, when the API root fails the way `wrong` says or answers JSON that lists no Weblate
 * endpoints; undefined when the root is Weblate's (one request, made only after a failure).
 */
export async function notAnApi(session: Session, miss: WliError, wrong: (e: HttpError | WliError) => boolean): Promise<WliError | undefined> {
  const client = session.client();
  const notAnApiBecause = (why: Msg) =>
    new UsageError(
      msg`${client.base.href} does not look like a Weblate API: ${why}`,
      msg`check --url (or WLI_URL): https://host/ or https://host/api/, or the sub-path of the install (https://host/weblate/)`,
      { cause: miss },
    );
  try {
    const { body, url } = await client.getJson(API_ROOT);
    return listsEndpoints(body) ? undefined : notAnApiBecause(msg`GET ${url.href} answers JSON that lists no Weblate endpoints`);
  } catch (e) {
    if (!(e instanceof HttpError || e instanceof WliError)) throw e;
    return wrong(e) ? notAnApiBecause(e.text) : undefined;
  }
}

type Level = { kind: 'found'; what: Msg; hint?: Msg } | { kind: 'up'; parent?: Target };

/** One level of the walk up: the parent's list says what is missing, or that the parent is missing too. */
async function lookAround(session: Session, t: Target, componentNames: string[]): Promise<Level> {
  switch (t.kind) {
    case 'translation': {
      const component = { kind: 'component', text: t.text, project: t.project, component: t.component } as const;
      const names = await namesIn(session, translationsOf(component), languageCode);
      if (!names) return { kind: 'up', parent: component };
      return found(
        msg`no translation '${t.language}' of component '${t.project}/${t.component.join('/')}'`,
        t.language,
        names,
        `wli ls ${t.project}/${t.component.join('/')}`,
      );
    }
    case 'component': {
      const names = await namesIn(
        session,
        componentsOf(t),
        (c) => targetOfUrl(c.url)?.split('/').slice(1).join('/') ?? (typeof c.slug === 'string' ? c.slug : undefined),
      );
      if (!names) return { kind: 'up', parent: { kind: 'project', text: t.project, project: t.project } };
      const missing = bestMissing([t.component.join('/'), ...componentNames], names);
      return found(msg`no component '${missing}' in project '${t.project}'`, missing, names, `wli ls ${t.project}`);
    }
    case 'project': {
      const names = await namesIn(session, PROJECTS, (p) => (typeof p.slug === 'string' ? p.slug : undefined));
      if (!names) return { kind: 'up' };
      return found(msg`no project '${t.project}'`, t.project, names, 'wli ls /', '; a private project needs a token that may see it');
    }
    case 'language': {
      const names = await namesIn(session, LANGUAGES, (l) => (typeof l.code === 'string' ? l.code : undefined));
      if (!names) return { kind: 'up' };
      return found(msg`no language '${t.language}'`, t.language, names, 'wli language');
    }
    case 'server':
      return { kind: 'up' };
  }
}

function found(what: Msg, missing: string, names: string[], listCommand: string, note = ''): Level {
  const list = ours(`"${listCommand}" lists them${note}`);
  if (names.length === 0) return { kind: 'found', what, hint: msg`there are none you may see (${list})` };
  // Names come from the server: outside text in the message.
  const close = closest(missing, names);
  if (close.length) return { kind: 'found', what, hint: msg`did you mean: ${close.join(', ')}? (${list})` };
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? `, … (${names.length} in all)` : '');
  return { kind: 'found', what, hint: msg`there are: ${shown} (${list})` };
}

/** The names in the first page of a list (up to 1000), or undefined when the list itself is missing. */
async function namesIn(session: Session, path: string, name: (item: Item) => string | undefined): Promise<string[] | undefined> {
  let items: Item[];
  try {
    items = await firstItems(session, path, 'names');
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
  return items.flatMap((i) => [name(i)].filter((n): n is string => !!n));
}

/** Of the ways to read the missing name, the one with the closest existing name (ties: the longer). */
function bestMissing(candidates: string[], names: string[]): string {
  const score = (c: string) => {
    const close = closest(c, names)[0];
    return close === undefined ? Infinity : distance(c.toLowerCase(), close.toLowerCase());
  };
  return [...new Set(candidates)].reduce((best, c) => (score(c) < score(best) || (score(c) === score(best) && c.length > best.length) ? c : best));
}
