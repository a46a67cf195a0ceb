// Every list of the API as pages of items, in server order. Page 1 tells the count and the page
// size; the remaining pages are requested by number, a few at a time, from the configured origin
// (never from the host a `next` link names), and handed out strictly in order.
import { parseJsonText, type ApiClient, type JsonText } from './client.js';
import { HttpError, ServerError } from './errors.js';
import { msg, type Msg } from '../core/text.js';
import { stringifyJson } from '../codec/json.js';
import { numberOf } from '../core/values.js';

/** One object of a list, as the server sent it (unknown fields included). */
export type Item = Record<string, unknown>;

/** A page of a list as the output layer receives it. */
/** Weblate's (DRF's) page envelope: `{count, next, previous, results}`; the items are in `results`. */
const ITEMS = 'results';

export interface Page {
  items: Item[];
  /** The server's own compact text of each item, when it sent it so (see parseJsonDocument). */
  raw?: string[];
}

export interface ListRequest {
  path: string;
  query?: URLSearchParams;
  /** Sent as page_size; the server may ignore or cap it. */
  pageSize?: number;
  /** Stop after this many items, requesting no page that is not needed. */
  limit?: number;
  concurrency: number;
  warn: (message: Msg) => void;
  onProgress?: (items: number, total: number | undefined) => void;
}

interface PageBody {
  count?: unknown;
  next?: unknown;
  results: unknown[];
}

function isPageBody(body: unknown): body is PageBody {
  return !!body && typeof body === 'object' && !Array.isArray(body) && Array.isArray((body as PageBody).results);
}

function pageNumber(link: unknown, relativeTo: URL): number | undefined {
  if (typeof link !== 'string') return undefined;
  try {
    const p = new URL(link, relativeTo).searchParams.get('page');
    return p !== null && /^\d+$/.test(p) ? Number(p) : undefined;
  } catch {
    return undefined;
  }
}

/** The key an id is remembered by: 1 and "1" differ, and ids that are objects are told apart by content. */
function idKey(id: unknown): unknown {
  return typeof id === 'object' && id !== null ? `\u0000${stringifyJson(id)}` : id;
}

export async function* paginate(client: ApiClient, req: ListRequest): AsyncGenerator<Page, void, undefined> {
  const { limit, warn } = req;
  const query = new URLSearchParams(req.query);
  if (req.pageSize !== undefined) query.set('page_size', String(limit !== undefined ? Math.min(req.pageSize, limit) : req.pageSize));
  const firstUrl = client.resolve(req.path, query);
  const stop = new AbortController();
  // Duplicates are looked for over a bounded window: the ids of the page before and of this one. A
  // list that changes while it is read shifts items across adjacent pages, and that is what this
  // catches; remembering every id would make memory grow with the list.
  let previous = new Set<unknown>();
  let emitted = 0;
  let duplicates = 0;

  // Items without an id are passed through; items whose id is in the window are dropped.
  const fresh = (results: unknown[], texts: string[] | undefined): Page => {
    const current = new Set<unknown>();
    const items: Item[] = [];
    const raw: string[] | undefined = texts ? [] : undefined;
    for (let i = 0; i < results.length; i++) {
      const r = results[i];
      if (limit !== undefined && emitted + items.length >= limit) break;
      if (!r || typeof r !== 'object' || Array.isArray(r)) {
        throw new ServerError(msg`GET ${firstUrl.href}: a list item is not an object`, msg`the server answered an unexpected shape`);
      }
      const id = (r as Item).id;
      if (id !== undefined && id !== null) {
        const key = idKey(id);
        if (current.has(key) || previous.has(key)) {
          duplicates++;
          current.add(key);
          continue;
        }
        current.add(key);
      }
      items.push(r as Item);
      raw?.push(texts![i]!);
    }
    emitted += items.length;
    previous = current;
    return { items, raw };
  };
  const full = () => limit !== undefined && emitted >= limit;

  try {
    const firstResponse = await client.getJson(firstUrl, undefined, stop.signal, { itemsKey: ITEMS });
    const first = firstResponse.body;
    if (Array.isArray(first)) {
      // Some endpoints (project languages on Weblate 5.4) answer a plain array: one page.
      const page = fresh(first, undefined);
      req.onProgress?.(emitted, first.length);
      if (page.items.length) yield page;
      return;
    }
    if (!isPageBody(first)) {
      throw new ServerError(msg`GET ${firstUrl.href}: expected a paginated list ({count, next, results}), got something else`);
    }
    const count = numberOf(first.count);
    const perPage = first.results.length;
    const page = fresh(first.results, firstResponse.itemTexts);
    req.onProgress?.(emitted, count);
    if (page.items.length) yield page;
    if (first.next === null || first.next === undefined || full()) return;
    if (typeof first.next !== 'string') throw badNext(first.next);

    if (pageNumber(first.next, firstUrl) === 2 && perPage > 0) {
      yield* byNumber();
    } else {
      yield* byLinks(first.next);
    }

    // Concurrent pages by number; at most `concurrency` requests in flight, emitted in order.
    async function* byNumber(): AsyncGenerator<Page, void, undefined> {
      // The last page worth requesting, once `done` pages have been consumed.
      const wanted = (done: number) => {
        const total = lastCount !== undefined ? Math.ceil(lastCount / perPage) : Infinity;
        return limit !== undefined ? Math.min(total, done + Math.ceil((limit - emitted) / perPage)) : total;
      };
      // Pages started and not yet handed out. A new request starts as soon as one finishes (not
      // when the reader catches up), with at most `concurrency` running and at most one more than that
      // many pages held, so a slow reader cannot make memory grow. A page waiting its turn is held as
      // its text and parsed when handed out: one page's objects alive at a time, not one per request.
      const pending = new Map<number, Promise<JsonText>>();
      let running = 0;
      const pump = () => {
        while (running < req.concurrency && pending.size <= req.concurrency && nextToStart <= planned && !stop.signal.aborted) start(nextToStart++);
      };
      const start = (n: number) => {
        const url = new URL(firstUrl);
        url.searchParams.set('page', String(n));
        running++;
        const p = client.getJsonText(url, undefined, stop.signal);
        p.catch(() => {}).finally(() => {
          running--;
          pump();
        });
        pending.set(n, p);
      };
      let lastCount = count;
      let k = 2;
      let planned = wanted(1);
      let nextToStart = 2;
      for (; ; k++) {
        pump();
        if (!pending.has(k)) start(nextToStart++);
        let text: JsonText;
        try {
          text = await pending.get(k)!;
        } catch (e) {
          if (e instanceof HttpError && e.status === 404) {
            warn(msg`the list shrank while it was being read: page ${k} no longer exists (${emitted} items read)`);
            return;
          }
          throw e;
        } finally {
          pending.delete(k);
        }
        const response = parseJsonText(text, ITEMS);
        const body = response.body;
        if (!isPageBody(body)) throw new ServerError(msg`GET ${firstUrl.href} page ${k}: expected a paginated list`);
        const c = numberOf(body.count);
        if (c !== lastCount) {
          warn(msg`the list changed while it was being read (count ${lastCount} → ${c}); rerun for a consistent snapshot`);
          lastCount = c;
        }
        if (body.next != null && typeof body.next !== 'string') throw badNext(body.next);
        const nextPage = body.next == null ? undefined : pageNumber(body.next, firstUrl);
        if (body.next != null && (nextPage === undefined || nextPage <= k)) {
          throw new ServerError(msg`GET ${firstUrl.href}: the server's pagination loops (page ${k} links to ${body.next})`, msg`report it to the server administrators`);
        }
        const page = fresh(body.results, response.itemTexts);
        req.onProgress?.(emitted, lastCount);
        if (page.items.length) yield page;
        if (body.next == null || full()) return;
        planned = Math.max(planned, k + 1, wanted(k));
      }
    }

    // Servers without numbered pages: follow `next`, its path and query on the configured origin.
    async function* byLinks(next: string): AsyncGenerator<Page, void, undefined> {
      const visited = new Set<string>([firstUrl.href]);
      for (;;) {
        let link: URL;
        try {
          link = new URL(next, firstUrl);
        } catch {
          throw new ServerError(msg`GET ${firstUrl.href}: the server's next-page link is not a URL (${next})`);
        }
        // Path and query only, set on a copy of the configured origin: a path such as "//other/x"
        // stays a path (a URL built from text would read it as another host).
        const url = new URL(client.base.origin);
        url.pathname = link.pathname;
        url.search = link.search;
        if (visited.has(url.href)) {
          throw new ServerError(msg`GET ${firstUrl.href}: the server's pagination loops (next link ${next} was already read)`, msg`report it to the server administrators`);
        }
        visited.add(url.href);
        let response;
        try {
          response = await client.getJson(url, undefined, stop.signal, { itemsKey: ITEMS });
        } catch (e) {
          // The list itself exists (page 1 came back): a dead next link is the server's fault.
          if (e instanceof HttpError && e.status === 404) throw new ServerError(msg`${e.text} (the server's link to the next page of ${firstUrl.href})`, undefined, { cause: e });
          throw e;
        }
        const body = response.body;
        if (!isPageBody(body)) throw new ServerError(msg`GET ${url.href}: expected a paginated list`);
        const page = fresh(body.results, response.itemTexts);
        req.onProgress?.(emitted, numberOf(body.count));
        if (page.items.length) yield page;
        if (body.next == null || full()) return;
        if (typeof body.next !== 'string') throw badNext(body.next);
        next = body.next;
      }
    }

    function badNext(next: unknown): ServerError {
      return new ServerError(msg`GET ${firstUrl.href}: the server's next-page link is not a URL (${next})`, msg`the list cannot be read past this page; report it to the server administrators`);
    }
  } finally {
    stop.abort();
    if (duplicates) warn(msg`the list changed while it was being read: ${duplicates} item(s) appeared twice and were shown once`);
  }
}
