// From a target's readings to the object or list the server has, and a miss that is not a dead end.
//
// Readings are tried in order (target.ts); the next one only when the server answers a JSON 404, so
// p/c/l costs nothing extra and p/cat/c costs one request more. A category (p/cat) is what a
// project's category list names at that path, read only once the component reading missed; its
// components are the project's components under it (categoryOf, componentsIn). A language across a
// project (p/-/l) is the project's language row (projectLanguageOf), which proves both exist.
//
// When every reading misses, the miss is explained from the parent's list: one request per level
// above the miss (at most three: the component's translations, the project's components, the
// projects; a command that takes categories asks the project's categories beside its components),
// each a single page, and the closest names are offered. A 404 that is not the API's own (an HTML
// page) means the URL is wrong: the API root is asked once, and the message says so instead of
// blaming the slugs. So it does when the walk up finds every level missing and the API root answers
// 404 too (a proxy's JSON 404s), and when an answer is not what any Weblate API sends (a web page, a
// login page, JSON of another shape) and the API root is not Weblate's either. A --url that leads to
// no Weblate API is one situation with one exit code whatever the command (2, as any configuration
// that cannot work).
import { HttpError, NO_TOKEN_PRIVATE_HINT, NO_TOKEN_RESTRICTED_HINT, NotFoundError, UnexpectedAnswerError, isNotFound } from '../api/errors.js';
import { filterPage, type Item, type Page } from '../core/page.js';
import { InterruptedError, UsageError, WliError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { componentTargetOf, targetOfUrl, type CategoryTarget, type ComponentTarget, type ProjectLanguageTarget, type Target } from '../weblate/target.js';
import { API_ROOT, LANGUAGES, PROJECTS, categoriesOf, componentsOf, languagesOf, listsEndpoints, translationsOf } from '../weblate/paths.js';
import { languageCode } from '../weblate/objects.js';
import { categoriesByPath, inCategory } from '../weblate/categories.js';
import { closest, distance } from '../core/closest.js';
import { ONE_PAGE, Reads } from './reads.js';

/** A category as the server has it: its object as the project's list sent it, and its slug path. */
export interface Category {
  target: CategoryTarget;
  path: string;
  item: Item;
}

/** The API root's own failure that says it is no Weblate API: missing, or not JSON (not a refused token, a 5xx, the network, a proxy). */
const notWeblate = (e: HttpError | WliError): boolean => isNotFound(e) || e instanceof UnexpectedAnswerError;

type Level = { kind: 'found'; what: Msg; hint?: Msg } | { kind: 'up'; parent?: Target };

/**
 * The miss, and what may be meant. `unseen` (no token was sent: a name may be one the server hides) is
 * said where no close name is offered: a typo's suggestion is the likelier answer.
 */
function found(
  what: Msg,
  missing: string,
  names: string[],
  listCommand: string,
  o: { note?: string; show?: (n: string) => string; unseen?: Msg } = {},
): { kind: 'found'; what: Msg; hint: Msg } {
  const { note = '', show = (n: string) => n, unseen } = o;
  const list = ours(`"${listCommand}" lists them${note}`);
  const also = (hint: Msg): Msg => (unseen ? msg`${hint}; ${unseen}` : hint);
  if (names.length === 0) return { kind: 'found', what, hint: also(msg`there are none you may see (${list})`) };
  // The server lists the name it just answered 404 for: never suggest the name that was asked.
  if (names.includes(missing))
    return { kind: 'found', what, hint: msg`the server lists '${missing}' yet answered 404 for it: try again, or ask its administrator (${list})` };
  // Names come from the server: outside text in the message.
  const close = closest(missing, names);
  if (close.length) return { kind: 'found', what, hint: msg`did you mean: ${close.map(show).join(', ')}? (${list})` };
  const shown = names.slice(0, 5).map(show).join(', ') + (names.length > 5 ? `, … (${names.length} in all)` : '');
  return { kind: 'found', what, hint: also(msg`there are: ${shown} (${list})`) };
}

/** Each item's name, where it has one. */
const each =
  (name: (item: Item) => string | undefined) =>
  (items: Item[]): string[] =>
    items.flatMap((i) => [name(i)].filter((n): n is string => !!n));

/** Of the ways to read the missing name, the one with the closest existing name (ties: the longer). */
function bestMissing(candidates: string[], names: string[]): string {
  const score = (c: string) => {
    const close = closest(c, names)[0];
    return close === undefined ? Infinity : distance(c.toLowerCase(), close.toLowerCase());
  };
  // A name that exists is not the one missing (p/cat/x: cat is there, as a category).
  const missing = candidates.filter((c) => !names.includes(c));
  return [...new Set(missing.length ? missing : candidates)].reduce((best, c) =>
    score(c) < score(best) || (score(c) === score(best) && c.length > best.length) ? c : best,
  );
}

/** The reads of a target: its readings tried in turn, a miss explained (the Weblate object's second layer). */
export class Resolver extends Reads {
  /** The first reading the server has, and its value. A miss on every reading is explained. */
  async firstFound<R>(readings: Target[], get: (t: Target) => Promise<R>): Promise<{ target: Target; value: R }> {
    let first: HttpError | undefined;
    for (const target of readings) {
      try {
        return { target, value: await get(target) };
      } catch (e) {
        if (!isNotFound(e)) throw await this.explainAnswer(e);
        first ??= e;
        if (!e.fromApi) break; // not the API's 404: another reading will not help
      }
    }
    throw await this.explainMiss(readings, first);
  }

  /** The pages of the first reading whose list exists; a miss on every reading is explained. */
  async *firstFoundPages(readings: Target[], pagesFor: (t: Target) => AsyncGenerator<Page>): AsyncGenerator<Page> {
    let first: HttpError | undefined;
    for (const target of readings) {
      const pages = pagesFor(target);
      let head: IteratorResult<Page>;
      try {
        head = await pages.next();
      } catch (e) {
        if (!isNotFound(e)) throw await this.explainAnswer(e);
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
    throw await this.explainMiss(readings, first);
  }

  /**
   * The category a reading names, from the project's category list (every category's object, nested
   * ones too: no request per category). Not one, or a server without categories (before 5.0): a 404
   * (firstFound then explains the first reading's miss).
   */
  async categoryOf(t: CategoryTarget): Promise<Category> {
    const path = t.category.join('/');
    const list = categoriesOf(t);
    const found = categoriesByPath(await this.allItems({ path: list, label: 'categories', pageSize: ONE_PAGE })).find((c) => c.path === path);
    if (!found) throw new HttpError({ status: 404, url: this.client().resolve(list).href, serverMessage: `no category '${path}'` });
    return { target: t, path, item: found.item };
  }

  /** The project's components inside the category, nested categories' too, as the list sends them, in list order. */
  async *componentsIn(c: Category, pageSize?: number): AsyncGenerator<Page> {
    const { project } = c.target;
    for await (const page of this.pagesOf({ path: componentsOf(c.target), label: 'components', pageSize })) {
      const kept = filterPage(page, (item) => inCategory(item, project, c.path));
      if (kept) yield kept;
    }
  }

  /** The category's components as targets (p/cat/c), each with its object, in list order. */
  async categoryComponents(c: Category): Promise<Array<{ target: ComponentTarget; item: Item }>> {
    const out: Array<{ target: ComponentTarget; item: Item }> = [];
    for await (const page of this.componentsIn(c, ONE_PAGE))
      for (const item of page.items()) out.push({ target: componentTargetOf(c.target.project, item), item });
    return out;
  }

  /**
   * A language across a project: its row in the project's languages list (the statistics `stats
   * --project` prints), which proves both exist. A project that is not there is explained as any miss;
   * a language the project has not, with the languages it has.
   */
  async projectLanguageOf(t: ProjectLanguageTarget): Promise<Item> {
    const path = languagesOf(t);
    let items: Item[];
    try {
      items = await this.allItems({ path, label: 'languages', pageSize: ONE_PAGE });
    } catch (e) {
      if (!isNotFound(e)) throw await this.explainAnswer(e);
      throw await this.explainMiss([t], e);
    }
    const row = items.find((l) => languageCode(l) === t.language);
    if (row) return row;
    const names = each(languageCode)(items);
    const level = found(
      msg`project '${t.project}' has no language '${t.language}' (GET ${this.client().resolve(path).href})`,
      t.language,
      names,
      `wli stats --project ${t.project}`,
    );
    throw new NotFoundError(level.what, level.hint);
  }

  /** What a miss means, as one error: the missing name, what exists nearby, or a wrong --url. */
  private async explainMiss(readings: Target[], miss: HttpError | undefined): Promise<WliError> {
    // The walk starts at the deepest reading: a translation's (ls reads one last, to refuse it).
    const target = readings.find((r) => r.kind === 'translation') ?? readings[0];
    if (!target || !miss) return new UsageError(msg`no target to look for`);
    // p/x/y read as component x (language y) or as component x/y in a category: at the component
    // level, the name closer to what the project has is the one to talk about.
    const componentNames = readings.flatMap((r) =>
      r.kind === 'component' || r.kind === 'translation' ? [r.component.join('/')] : r.kind === 'category' ? [r.category.join('/')] : [],
    );
    // A command that takes categories offers them too when a component name misses.
    const categories = readings.some((r) => r.kind === 'category');
    const where = miss.serverMessage ? msg`(GET ${miss.url}: HTTP 404: ${miss.serverMessage})` : msg`(GET ${miss.url}: HTTP 404)`;
    try {
      // An HTML 404 is not the API's own: is this a Weblate API at all?
      if (!miss.fromApi) return (await this.notAnApi(miss, () => true)) ?? miss;
      let t: Target | undefined = target;
      while (t) {
        const level = await this.lookAround(t, componentNames, categories, miss.anonymous);
        if (level.kind === 'found') return new NotFoundError(msg`${level.what} ${where}`, level.hint, { cause: miss });
        t = level.parent;
      }
      // Every level up to the top list is missing too: a server or proxy that answers a JSON 404 to
      // any path, unless the API root is there (then the plain 404 is all there is to say).
      return (await this.notAnApi(miss, isNotFound)) ?? miss;
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
  async explainAnswer(e: unknown): Promise<unknown> {
    if (!(e instanceof UnexpectedAnswerError)) return e;
    try {
      return (await this.notAnApi(e, notWeblate)) ?? e;
    } catch (x) {
      if (x instanceof WliError) return e;
      throw x;
    }
  }

  /**
   * A wrong --url, when the API root fails the way `wrong` says or answers JSON that lists no Weblate
   * endpoints; undefined when the root is Weblate's (one request, made only after a failure).
   */
  async notAnApi(miss: WliError, wrong: (e: HttpError | WliError) => boolean): Promise<WliError | undefined> {
    const client = this.client();
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
      // A signal that ends the run while the root is asked ends it as any signal does: not a wrong --url.
      if (!(e instanceof HttpError || e instanceof WliError) || e instanceof InterruptedError) throw e;
      return wrong(e) ? notAnApiBecause(e.text) : undefined;
    }
  }

  /**
   * One level of the walk up: the parent's list says what is missing, or that the parent is missing too.
   * `anonymous`: the miss was asked without a token, so a missing project may be a private one.
   */
  private async lookAround(t: Target, componentNames: string[], categories: boolean, anonymous: boolean): Promise<Level> {
    switch (t.kind) {
      case 'translation': {
        const component = { kind: 'component', text: t.text, project: t.project, component: t.component } as const;
        const names = await this.namesIn(translationsOf(component), each(languageCode));
        if (!names) return { kind: 'up', parent: component };
        return found(
          msg`no translation '${t.language}' of component '${t.project}/${t.component.join('/')}'`,
          t.language,
          names,
          `wli ls ${t.project}/${t.component.join('/')}`,
        );
      }
      case 'component':
      case 'category': {
        const project = { kind: 'project', text: t.project, project: t.project } as const;
        const names = await this.namesIn(
          componentsOf(t),
          each((c) => targetOfUrl(c.url)?.split('/').slice(1).join('/') ?? (typeof c.slug === 'string' ? c.slug : undefined)),
        );
        if (!names) return { kind: 'up', parent: project };
        // Asked only now, after a miss, and only by a command that takes categories.
        const paths = categories ? ((await this.namesIn(categoriesOf(project), (items) => categoriesByPath(items).map((c) => c.path))) ?? []) : [];
        const asked = [t.kind === 'component' ? t.component.join('/') : t.category.join('/'), ...componentNames];
        // A reading inside a category that is not there (android/cs when android is a component) is not
        // what was looked up: of those, the miss names the one asked for whole (android/cs/extra).
        const inPlace = asked.filter((c) => !c.includes('/') || paths.some((p) => c.startsWith(`${p}/`)));
        const missing = inPlace.length ? bestMissing(inPlace, [...names, ...paths]) : asked.reduce((a, b) => (b.length > a.length ? b : a));
        const shown = (n: string) => (paths.includes(n) && !names.includes(n) ? `${n} (a category)` : n);
        // A category above the missing name is there: the miss is inside it, not it.
        const offered = [...names, ...paths.filter((p) => !missing.startsWith(`${p}/`))];
        return found(msg`no component '${missing}' in project '${t.project}'`, missing, offered, `wli ls ${t.project}`, {
          show: shown,
          unseen: anonymous ? NO_TOKEN_RESTRICTED_HINT : undefined,
        });
      }
      case 'projectLanguage':
        // The project's languages list missed: is the project there?
        return { kind: 'up', parent: { kind: 'project', text: t.project, project: t.project } };
      case 'project': {
        const names = await this.namesIn(
          PROJECTS,
          each((p) => (typeof p.slug === 'string' ? p.slug : undefined)),
        );
        if (!names) return { kind: 'up' };
        if (!anonymous)
          return found(msg`no project '${t.project}'`, t.project, names, 'wli ls /', { note: '; a private project needs a token that may see it' });
        return found(msg`no project '${t.project}'`, t.project, names, 'wli ls /', { unseen: NO_TOKEN_PRIVATE_HINT });
      }
      case 'language': {
        const names = await this.namesIn(
          LANGUAGES,
          each((l) => (typeof l.code === 'string' ? l.code : undefined)),
        );
        if (!names) return { kind: 'up' };
        return found(msg`no language '${t.language}'`, t.language, names, 'wli language');
      }
      case 'server':
        return { kind: 'up' };
    }
  }

  /** The names in the first page of a list (up to 1000), or undefined when the list itself is missing. */
  private async namesIn(path: string, names: (items: Item[]) => string[]): Promise<string[] | undefined> {
    let items: Item[];
    try {
      items = await this.firstItems(path, 'names');
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
    return names(items);
  }
}
