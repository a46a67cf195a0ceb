// The one page reader: every list of the API, as pages of items, whatever way the server pages it.
//
// - Numbered pages (page 1 states a `count` and its `next` link asks for `page=2`): the remaining pages
//   are requested by number from the configured origin, a few at a time, and handed out in order.
// - Linked pages (no `count`, or a `next` that names no page number: cursor pagination, planned in
//   weblate issue 21696): each `next` is followed as given (its path and query, on the configured
//   origin), one page after the other.
// - A bare array is the whole list.
// - Last page first (`order: 'last-first'`, for a history read oldest first from a newest-first list):
//   numbered pages are asked from the last number down; linked pages are walked to the end, keeping
//   only each page's address, then read back from the end (every page twice, one page in memory).
//
// A list ends, with an error that says the pagination loops (the items before it handed out), at a
// `next` link already read (linked pages), a `next` whose number is not above its page's (numbered
// pages), a page that repeats the one before it (linked pages), and at any `next` once the pages the
// latest stated `count` makes have been read (numbered and linked pages alike; a page that states no
// count leaves the latest one standing). A list that grows while it is read states the larger count,
// and is read to its end. Not caught: linked pages with no count, each at a new link with new ids (an
// endless list, not a loop). Duplicates (by id) from a list that shifts while it is read are dropped
// over a bounded window, every id of the page before and of this one: an item on every page is shown
// once, one that is back after a page without it is shown again. Memory stays flat however long the
// list: a page is read as its bytes and their layout (api/list-page.ts), never a page of objects held
// across an await.
import type { ApiClient, JsonText } from './client.js';
import { HttpError, NotAListError, ServerError } from './errors.js';
import { ScanBuffer, readListAnswer, type ListAnswer } from './list-page.js';
import { msg, type Msg } from '../core/text.js';
import type { Item, Page } from '../core/page.js';
import { stringifyJson } from '../codec/json.js';
import { pageNumber } from '../weblate/pages.js';

export type { Item, Page };

export interface ListRequest {
  path: string | URL;
  query?: URLSearchParams;
  /** Sent as page_size; the server may ignore or cap it. */
  pageSize?: number;
  /** Stop after this many items, requesting no page that is not needed. */
  limit?: number;
  concurrency: number;
  /** Server order (the default), or the pages from the last to the first, each page's items as sent. */
  order?: 'first-last' | 'last-first';
  /** Overrides --retries for these requests (a poll is retried by its own loop). */
  retries?: number;
  warn: (message: Msg) => void;
  onProgress?: (items: number, total: number | undefined) => void;
}

/** One page as read: where it came from, and what it says (its items checked to be objects). */
interface ReadPage extends ListAnswer {
  url: URL;
}

export async function* paginate(client: ApiClient, req: ListRequest): AsyncGenerator<Page, void, undefined> {
  const list = new ListReader(client, req);
  try {
    yield* list.pages();
  } finally {
    list.close();
  }
}

/**
 * How many items a list holds: page 1 asked with page_size=1 states it (one request); a bare array is
 * its own length; where a list states no count (cursor pages) it is read through and counted.
 */
export async function countList(client: ApiClient, req: ListRequest): Promise<number> {
  const probe = new ListReader(client, { ...req, pageSize: 1, limit: undefined });
  let first: ReadPage;
  try {
    first = await probe.firstPage();
  } finally {
    probe.close();
  }
  if (first.bare) return first.ids.length;
  if (first.count !== undefined) return first.count;
  let n = 0;
  for await (const page of paginate(client, req)) n += page.size;
  return n;
}

/** The state of reading one list: where it is, what it has handed out, what the server promised. */
class ListReader {
  private readonly firstUrl: URL;
  private readonly stop = new AbortController();
  private readonly window = new DuplicateWindow();
  private readonly scan = new ScanBuffer();
  private emitted = 0;
  /** The latest count the server stated, when it states one. */
  private count?: number;
  private perPage = 0;
  private pagesRead = 0;
  /** The ids of the page read last, in the order pages are read: a page that repeats it is refused. */
  private lastRead = new Set<unknown>();

  constructor(
    private readonly client: ApiClient,
    private readonly req: ListRequest,
  ) {
    const query = new URLSearchParams(req.query);
    const { pageSize, limit } = req;
    if (pageSize !== undefined) query.set('page_size', String(limit !== undefined ? Math.min(pageSize, limit) : pageSize));
    this.firstUrl = client.resolve(req.path, query);
  }

  close(): void {
    this.stop.abort();
    const repeated = this.window.repeated;
    if (repeated) this.req.warn(msg`the list changed while it was being read: ${repeated} item(s) appeared twice or more and were each shown once`);
  }

  /** Page 1 alone, read and checked as every list's first page is. */
  firstPage(): Promise<ReadPage> {
    return this.read(this.firstUrl, { first: true });
  }

  async *pages(): AsyncGenerator<Page, void, undefined> {
    const first = await this.firstPage();
    this.perPage = first.ids.length;
    this.count = first.count;
    const next = linkOf(first.next, this.firstUrl);
    const lastFirst = this.req.order === 'last-first';
    if (next === undefined) return yield* this.hand(first);
    if (this.numbered(next)) {
      yield* lastFirst ? this.byNumberDown(first) : this.hand(first, () => this.byNumber(next));
      return;
    }
    yield* lastFirst ? this.byLinksBack(first, next) : this.hand(first, () => this.byLinks(next));
  }

  /** Page 1 states how many items there are and links to page 2: the server numbers its pages. */
  private numbered(next: string): boolean {
    return this.count !== undefined && this.perPage > 0 && pageNumber(next, this.firstUrl) === 2;
  }

  /** Hands out a page (its fresh items, if any), then the rest unless the limit is reached. */
  private async *hand(page: ReadPage, rest?: () => AsyncGenerator<Page, void, undefined>): AsyncGenerator<Page, void, undefined> {
    const out = this.fresh(page);
    this.req.onProgress?.(this.emitted, this.count);
    if (out.size) yield out;
    if (rest && !this.full()) yield* rest();
  }

  private full(): boolean {
    return this.req.limit !== undefined && this.emitted >= this.req.limit;
  }

  /** The items of a page not handed out already (the window), cut at the limit. */
  private fresh(page: ReadPage): Page {
    const { limit } = this.req;
    const room = limit === undefined ? Infinity : limit - this.emitted;
    const keep = this.window.pass(page.ids).slice(0, Math.max(0, room));
    this.emitted += keep.length;
    return page.page(keep.length === page.ids.length ? undefined : keep);
  }

  /** Pages 2… by number (page 1 links to `next`): at most `concurrency` requests in flight, handed out in order. */
  private async *byNumber(next: string): AsyncGenerator<Page, void, undefined> {
    const ahead = new PagesAhead(this.req.concurrency, (n) => this.fetch(this.numberedUrl(n)));
    // The last page worth requesting once `done` pages are handed out: the count's last, or fewer for the limit.
    const wanted = (done: number) => {
      const total = this.count !== undefined ? Math.ceil(this.count / this.perPage) : Infinity;
      const { limit } = this.req;
      return limit === undefined ? total : Math.min(total, done + Math.ceil((limit - this.emitted) / this.perPage));
    };
    try {
      for (let k = 2, link = next; ; k++) {
        this.checkPromise(link);
        ahead.fill(Math.max(k, wanted(k - 1)));
        let page: ReadPage;
        try {
          page = this.parse(await ahead.take(k), k);
        } catch (e) {
          if (e instanceof HttpError && e.status === 404) {
            this.req.warn(msg`the list shrank while it was being read: page ${k} no longer exists (${this.emitted} items read)`);
            return;
          }
          throw e;
        }
        this.noteCount(page.count);
        const after = linkOf(page.next, this.firstUrl);
        if (after !== undefined && (pageNumber(after, this.firstUrl) ?? 0) <= k) {
          throw this.loops(msg`page ${k} links to ${after}`);
        }
        yield* this.hand(page);
        if (after === undefined || this.full()) return;
        link = after;
      }
    } finally {
      ahead.cancel();
    }
  }

  /** Pages from the last number down to 1 (page 1, already read, comes last). */
  private async *byNumberDown(first: ReadPage): AsyncGenerator<Page, void, undefined> {
    const lastPage = Math.ceil((this.count ?? 0) / this.perPage);
    const ahead = new PagesAhead(this.req.concurrency, (i) => this.fetch(this.numberedUrl(lastPage + 2 - i)));
    try {
      // Request i asks page lastPage + 2 - i: i = 2 is the last page, i = lastPage page 2.
      for (let i = 2; i <= lastPage; i++) {
        ahead.fill(lastPage);
        yield* this.hand(this.parse(await ahead.take(i), lastPage + 2 - i));
        if (this.full()) return;
      }
    } finally {
      ahead.cancel();
    }
    yield* this.hand(first);
  }

  /** Linked pages, one after the other, each `next` as given. */
  private async *byLinks(next: string): AsyncGenerator<Page, void, undefined> {
    const visited = new Set<string>([this.firstUrl.href]);
    let link: string | undefined = next;
    while (link !== undefined) {
      this.checkPromise(link);
      const url = this.onOrigin(link, visited);
      const page = await this.readLinked(url);
      yield* this.hand(page);
      if (this.full()) return;
      link = linkOf(page.next, url);
    }
  }

  /**
   * Linked pages from the last to the first: walked to the end keeping each page's address, then read
   * back (the last page, in hand, first). Twice the requests of reading forward, one page in memory.
   */
  private async *byLinksBack(first: ReadPage, next: string): AsyncGenerator<Page, void, undefined> {
    const visited = new Set<string>([this.firstUrl.href]);
    const addresses: URL[] = [this.firstUrl];
    let last = first;
    for (let link: string | undefined = next; link !== undefined; link = linkOf(last.next, last.url)) {
      this.checkPromise(link);
      const url = this.onOrigin(link, visited);
      last = await this.readLinked(url);
      addresses.push(url);
    }
    yield* this.hand(last);
    for (let i = addresses.length - 2; i >= 0 && !this.full(); i--) {
      const url = addresses[i];
      if (url) yield* this.hand(i === 0 ? await this.read(url) : await this.readLinked(url));
    }
  }

  /** A linked page; a dead link is the server's fault (the list itself exists: page 1 came back). */
  private async readLinked(url: URL): Promise<ReadPage> {
    try {
      return await this.read(url);
    } catch (e) {
      if (e instanceof HttpError && e.status === 404)
        throw new ServerError(msg`${e.text} (the server's link to the next page of ${this.firstUrl.href})`, undefined, { cause: e });
      throw e;
    }
  }

  /** A link's path and query on the configured origin; a link already read means the pages loop. */
  private onOrigin(link: string, visited: Set<string>): URL {
    let parsed: URL;
    try {
      parsed = new URL(link, this.firstUrl);
    } catch {
      throw new ServerError(
        msg`GET ${this.firstUrl.href}: the server's next-page link is not a URL (${link})`,
        msg`the list cannot be read past this page; report it to the server administrators`,
      );
    }
    // Path and query only, set on a copy of the configured origin: a path such as "//other/x" stays a
    // path (a URL built from text would read it as another host), and a server that names itself by
    // another host (a misconfigured proxy) is still asked where the token may go.
    const url = new URL(this.client.base.origin);
    url.pathname = parsed.pathname;
    url.search = parsed.search;
    if (visited.has(url.href)) throw this.loops(msg`next link ${link} was already read`);
    visited.add(url.href);
    return url;
  }

  /**
   * Before following `link`, read forward from the page the reader is on (page number pagesRead):
   * once the pages the latest count makes are read, a further page would go round. One rule for
   * numbered and linked pages; an honest server (Django REST framework) gives no `next` on its last
   * page, and a list that grew states the larger count on the pages read since.
   */
  private checkPromise(link: string): void {
    if (this.count === undefined || this.perPage === 0) return;
    const promised = Math.max(1, Math.ceil(this.count / this.perPage));
    if (this.pagesRead >= promised)
      throw this.loops(msg`page ${this.pagesRead} links to ${link}, past the ${promised} page(s) the count (${this.count}) makes`);
  }

  private loops(why: Msg): ServerError {
    return new ServerError(
      msg`GET ${this.firstUrl.href}: the server's pagination loops (${why}); the list ends after ${this.emitted} items`,
      msg`report it to the server administrators`,
    );
  }

  private numberedUrl(n: number): URL {
    const url = new URL(this.firstUrl);
    url.searchParams.set('page', String(n));
    return url;
  }

  /** A page's count: a change is warned of and becomes the promise; a page that states none leaves it. */
  private noteCount(count: number | undefined): void {
    if (count === undefined || count === this.count) return;
    this.req.warn(msg`the list changed while it was being read (count ${this.count ?? 'unknown'} → ${count}); rerun for a consistent snapshot`);
    this.count = count;
  }

  private fetch(url: URL): Promise<JsonText> {
    return this.client.getJsonText(url, { signal: this.stop.signal, retries: this.req.retries });
  }

  private async read(url: URL, o: { first?: boolean } = {}): Promise<ReadPage> {
    return this.parse(await this.fetch(url), undefined, o.first);
  }

  /** A page's answer read: what it says, its items checked to be objects, and a page that repeats the one before it refused. */
  private parse(text: JsonText, number?: number, first = false): ReadPage {
    const where = number === undefined ? msg`GET ${text.url.href}` : msg`GET ${this.firstUrl.href} page ${number}`;
    const answer = readListAnswer(text, where, this.scan);
    if (!answer) {
      if (first) throw new NotAListError(msg`${where}: expected a list ({count, next, results} or an array), got something else`);
      throw new ServerError(msg`${where}: expected a paginated list`);
    }
    if (!first && answer.bare) throw new ServerError(msg`${where}: expected a paginated list`);
    // A numbered page's number only grows (its `next` is checked by number); a linked page is held to
    // the one read before it (page 1 may turn out to be linked, so its ids are kept too).
    const linked = !first && number === undefined;
    if (number === undefined) {
      const ids = new Set(answer.ids.flatMap((id) => (id === undefined || id === null ? [] : [idKey(id)])));
      if (linked && answer.ids.length > 0 && ids.size === answer.ids.length && [...ids].every((id) => this.lastRead.has(id))) {
        throw this.loops(msg`a page repeats the one before it`);
      }
      this.lastRead = ids;
    }
    this.pagesRead++;
    if (linked && answer.count !== undefined) this.count = answer.count;
    return { ...answer, url: text.url };
  }
}

/** `next`/`previous` as the server sent it: a link to follow, or undefined at the end. */
function linkOf(link: unknown, from: URL): string | undefined {
  if (link === undefined || link === null) return undefined;
  if (typeof link !== 'string')
    throw new ServerError(
      msg`GET ${from.href}: the server's next-page link is not a URL (${link})`,
      msg`the list cannot be read past this page; report it to the server administrators`,
    );
  return link;
}

/**
 * Requests started ahead of the reader, by index: a new one starts as soon as one finishes, at most
 * `concurrency` running and at most one more than that many held, so a slow reader cannot make memory
 * grow. A page waiting its turn is held as its bytes, off the JavaScript heap (api/list-page.ts).
 */
class PagesAhead {
  next = 2;
  private readonly pending = new Map<number, Promise<JsonText>>();
  private running = 0;
  private planned = 2;
  private cancelled = false;

  constructor(
    private readonly concurrency: number,
    private readonly get: (i: number) => Promise<JsonText>,
  ) {}

  /** Plans requests up to index `upTo` (and starts what the limits allow). */
  fill(upTo: number): void {
    this.planned = Math.max(this.planned, upTo);
    this.pump();
  }

  private pump(): void {
    while (!this.cancelled && this.running < this.concurrency && this.pending.size <= this.concurrency && this.next <= this.planned) this.start(this.next++);
  }

  private start(i: number): void {
    this.running++;
    const p = this.get(i);
    p.catch(() => {}).finally(() => {
      this.running--;
      this.pump();
    });
    this.pending.set(i, p);
  }

  /** The answer of request `i` (started now if it was not yet). */
  async take(i: number): Promise<JsonText> {
    if (!this.pending.has(i)) {
      this.next = Math.max(this.next, i + 1);
      this.start(i);
    }
    try {
      return await (this.pending.get(i) as Promise<JsonText>);
    } finally {
      this.pending.delete(i);
    }
  }

  cancel(): void {
    this.cancelled = true;
  }
}

/**
 * Every id of the page before and of this one, whether handed out or dropped: a list that changes
 * while it is read shifts items across adjacent pages, and an item repeated on every page stays in
 * the window from page to page; remembering every id would make memory grow with the list. Items
 * without an id are passed through. Each id maps to whether it was counted as repeated already.
 */
class DuplicateWindow {
  /** Items (ids) that appeared more than once within the window. */
  repeated = 0;
  private previous = new Map<unknown, boolean>();

  /** The indexes of the items (by their ids, undefined for none) to hand out; the window moves on to this page. */
  pass(ids: readonly unknown[]): number[] {
    const current = new Map<unknown, boolean>();
    const keep: number[] = [];
    ids.forEach((id, i) => {
      if (id === undefined || id === null) {
        keep.push(i);
        return;
      }
      const key = idKey(id);
      const counted = current.get(key) ?? this.previous.get(key);
      if (counted === undefined) {
        keep.push(i);
        current.set(key, false);
        return;
      }
      if (!counted) this.repeated++;
      current.set(key, true);
    });
    this.previous = current;
    return keep;
  }
}

/** The key an id is remembered by: 1 and "1" differ, and ids that are objects are told apart by content. */
function idKey(id: unknown): unknown {
  return typeof id === 'object' && id !== null ? `\u0000${stringifyJson(id)}` : id;
}
