// Every list of the API as pages of items, in server order. Page 1 tells the count and the page
// size; the remaining pages are requested by number, a few at a time, from the configured origin
// (never from the host a `next` link names), and handed out strictly in order.
import type { ApiClient } from './client.js';
import { HttpError, ServerError } from './errors.js';
import { numberValue } from './json.js';

/** One object of a list, as the server sent it (unknown fields included). */
export type Item = Record<string, unknown>;

export interface ListRequest {
  path: string;
  query?: URLSearchParams;
  /** Sent as page_size; the server may ignore or cap it. */
  pageSize?: number;
  /** Stop after this many items, requesting no page that is not needed. */
  limit?: number;
  concurrency: number;
  warn: (message: string) => void;
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

export async function* paginate(client: ApiClient, req: ListRequest): AsyncGenerator<Item[], void, undefined> {
  const { limit, warn } = req;
  const query = new URLSearchParams(req.query);
  if (req.pageSize !== undefined) query.set('page_size', String(limit !== undefined ? Math.min(req.pageSize, limit) : req.pageSize));
  const firstUrl = client.resolve(req.path, query);
  const stop = new AbortController();
  const seen = new Set<unknown>();
  let emitted = 0;
  let duplicates = 0;

  // Items without an id are passed through; items whose id was already emitted are dropped.
  const fresh = (results: unknown[]): Item[] => {
    const out: Item[] = [];
    for (const r of results) {
      if (limit !== undefined && emitted + out.length >= limit) break;
      if (!r || typeof r !== 'object' || Array.isArray(r)) {
        throw new ServerError(`GET ${firstUrl.href}: a list item is not an object`, 'the server answered an unexpected shape');
      }
      const id = (r as Item).id;
      if (id !== undefined && id !== null) {
        const key = typeof id === 'object' ? String(id) : id;
        if (seen.has(key)) {
          duplicates++;
          continue;
        }
        seen.add(key);
      }
      out.push(r as Item);
    }
    emitted += out.length;
    return out;
  };
  const full = () => limit !== undefined && emitted >= limit;

  try {
    const first = (await client.getJson(firstUrl, undefined, stop.signal)).body;
    if (Array.isArray(first)) {
      // Some endpoints (project languages on Weblate 5.4) answer a plain array: one page.
      const items = fresh(first);
      req.onProgress?.(emitted, first.length);
      if (items.length) yield items;
      return;
    }
    if (!isPageBody(first)) {
      throw new ServerError(`GET ${firstUrl.href}: expected a paginated list ({count, next, results}), got something else`);
    }
    const count = numberValue(first.count);
    const perPage = first.results.length;
    const items = fresh(first.results);
    req.onProgress?.(emitted, count);
    if (items.length) yield items;
    if (first.next === null || first.next === undefined || full()) return;

    if (pageNumber(first.next, firstUrl) === 2 && perPage > 0) {
      yield* byNumber();
    } else {
      yield* byLinks(first.next);
    }

    // Concurrent pages by number; at most `concurrency` requests in flight, emitted in order.
    async function* byNumber(): AsyncGenerator<Item[], void, undefined> {
      // The last page worth requesting, once `done` pages have been consumed.
      const wanted = (done: number) => {
        const total = lastCount !== undefined ? Math.ceil(lastCount / perPage) : Infinity;
        return limit !== undefined ? Math.min(total, done + Math.ceil((limit - emitted) / perPage)) : total;
      };
      // Pages started and not yet handed out. A new request starts as soon as one finishes (not
      // when the reader catches up), with at most `concurrency` running and at most one more than that
      // many pages held, so a slow reader cannot make memory grow.
      const pending = new Map<number, Promise<unknown>>();
      let running = 0;
      const pump = () => {
        while (running < req.concurrency && pending.size <= req.concurrency && nextToStart <= planned && !stop.signal.aborted) start(nextToStart++);
      };
      const start = (n: number) => {
        const url = new URL(firstUrl);
        url.searchParams.set('page', String(n));
        running++;
        const p = client.getJson(url, undefined, stop.signal).then((r) => r.body);
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
        let body: unknown;
        try {
          body = await pending.get(k)!;
        } catch (e) {
          if (e instanceof HttpError && e.status === 404) {
            warn(`the list shrank while it was being read: page ${k} no longer exists (${emitted} items read)`);
            return;
          }
          throw e;
        } finally {
          pending.delete(k);
        }
        if (!isPageBody(body)) throw new ServerError(`GET ${firstUrl.href} page ${k}: expected a paginated list`);
        const c = numberValue(body.count);
        if (c !== lastCount) {
          warn(`the list changed while it was being read (count ${lastCount} → ${c}); rerun for a consistent snapshot`);
          lastCount = c;
        }
        const nextPage = body.next === null || body.next === undefined ? undefined : pageNumber(body.next, firstUrl);
        if (body.next != null && (nextPage === undefined || nextPage <= k)) {
          throw new ServerError(`GET ${firstUrl.href}: the server's pagination loops (page ${k} links to ${String(body.next)})`, 'report it to the server administrators');
        }
        const items = fresh(body.results);
        req.onProgress?.(emitted, lastCount);
        if (items.length) yield items;
        if (body.next == null || full()) return;
        planned = Math.max(planned, k + 1, wanted(k));
      }
    }

    // Servers without numbered pages: follow `next`, rebased onto the configured origin.
    async function* byLinks(next: unknown): AsyncGenerator<Item[], void, undefined> {
      const visited = new Set<string>([firstUrl.href]);
      while (typeof next === 'string' && !full()) {
        let link: URL;
        try {
          link = new URL(next, firstUrl);
        } catch {
          throw new ServerError(`GET ${firstUrl.href}: the server's next-page link is not a URL (${next.slice(0, 100)})`);
        }
        const url = new URL(link.pathname + link.search, client.base.origin);
        if (visited.has(url.href)) {
          throw new ServerError(`GET ${firstUrl.href}: the server's pagination loops (next link ${next} was already read)`, 'report it to the server administrators');
        }
        visited.add(url.href);
        let body: unknown;
        try {
          body = (await client.getJson(url, undefined, stop.signal)).body;
        } catch (e) {
          // The list itself exists (page 1 came back): a dead next link is the server's fault.
          if (e instanceof HttpError && e.status === 404) throw new ServerError(`${e.message} (the server's link to the next page of ${firstUrl.href})`);
          throw e;
        }
        if (!isPageBody(body)) throw new ServerError(`GET ${url.href}: expected a paginated list`);
        const items = fresh(body.results);
        req.onProgress?.(emitted, numberValue(body.count));
        if (items.length) yield items;
        next = body.next;
      }
    }
  } finally {
    stop.abort();
    if (duplicates) warn(`the list changed while it was being read: ${duplicates} item(s) appeared twice and were shown once`);
  }
}
