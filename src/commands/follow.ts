// wli changes --follow: the recent changes, then every new change once, in order, as it appears.
//
// How no change is shown twice or skipped: every poll asks for the changes at or after the newest
// timestamp already shown (timestamp_after is inclusive), reads all its pages, leaves out the ids
// already shown at that timestamp (and any id a page shift repeated), and prints the rest sorted by
// (timestamp, id). The ids remembered are only those at the newest timestamp, so memory stays flat
// however long it runs.
//
// A --since backlog streams page by page, oldest first: the list is frozen with timestamp_before at
// its newest change (new changes cannot shift its pages while it is read) and read from its last page
// back to its first, each page in time order; what arrives meanwhile comes with the first poll.
//
// Politeness: one poll every --interval seconds; when X-RateLimit-Remaining runs low the polls are
// spread over what is left until X-RateLimit-Reset; a 429's Retry-After is honoured. Every wait is
// clamped to MAX_WAIT_MS (a Retry-After of 3,000 years means "poll again in an hour"), and a wait
// longer than the interval is said once. A failing poll is the follow's own business: transient
// failures (network, timeouts, 429, 5xx) are said once, kept on a status line, and their end is said;
// permanent ones (401, 403, 404, a body that is not the expected JSON) end the follow with their exit
// code. Ctrl-C ends it at once.
import { HttpError, NetworkError, ServerError } from '../api/errors.js';
import type { JsonResponse } from '../api/client.js';
import type { Item, Page } from '../api/paginate.js';
import { firstHeader } from '../api/http.js';
import { msg, ours, type Msg } from '../core/text.js';
import type { Session } from './session.js';
import { plainText } from '../core/values.js';

export interface FollowOptions {
  path: string;
  /** The filters (action, user, timestamp_after from --since). */
  query: URLSearchParams;
  /** How many recent changes to show first when no --since was given. */
  recent: number;
  intervalMs: number;
  /** The recent changes, when the caller already asked for them (page_size = recent). */
  first?: JsonResponse;
}

/** Below this many requests left, polls are spread over the rest of the rate-limit window. */
const LOW_REMAINING = 20;
const PAGE_SIZE = '1000';
/** The longest wli waits between two polls, whatever the server asks: an hour. */
export const MAX_WAIT_MS = 3_600_000;
/** Changes with an unreadable timestamp already warned about (bounded: a hostile list cannot grow it). */
const MAX_WARNED = 1000;

/** A change's timestamp in microseconds since the epoch (exact for Weblate's six-digit fractions). */
export function timeKey(ts: unknown): number | undefined {
  if (typeof ts !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d{1,6})\d*)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(ts.trim());
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]!.replace(' ', 'T')}${m[3] ?? 'Z'}`);
  return Number.isNaN(ms) ? undefined : ms * 1000 + Number((m[2] ?? '').padEnd(6, '0'));
}

const idOf = (c: Item) => plainText(c.id);
const chronological = (a: Item, b: Item) => (timeKey(a.timestamp) ?? 0) - (timeKey(b.timestamp) ?? 0) || Number(idOf(a)) - Number(idOf(b)) || idOf(a).localeCompare(idOf(b));

/** 90 s → "1m 30s"; what a person reads in a status line. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ''}`;
  const h = Math.floor(s / 3600);
  return h >= 48 ? `${Math.round(h / 24).toLocaleString('en-US')} days` : `${h}h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)}m` : ''}`;
}

/** What has been shown: the newest timestamp and the ids shown at it. */
class Shown {
  newest?: { key: number; text: string };
  private atNewest = new Set<string>();
  private warned = new Set<string>();

  constructor(private readonly warn: (m: Msg) => void) {}

  /** The changes not shown yet, in time order, now counted as shown. */
  fresh(items: Item[]): Item[] {
    const seen = new Set<string>(); // a page shift can repeat a change inside one batch
    const out = items.filter((c) => {
      const id = idOf(c);
      const k = timeKey(c.timestamp);
      if (k === undefined) {
        if (!this.warned.has(id)) {
          if (this.warned.size >= MAX_WARNED) this.warned.clear();
          this.warned.add(id);
          this.warn(msg`change ${id} left out: its timestamp ${plainText(c.timestamp)} is not a time`);
        }
        return false;
      }
      if (seen.has(id)) return false;
      seen.add(id);
      if (this.newest === undefined || k > this.newest.key) return true;
      return k === this.newest.key && !this.atNewest.has(id);
    });
    out.sort(chronological);
    for (const c of out) {
      const k = timeKey(c.timestamp)!;
      if (this.newest === undefined || k > this.newest.key) {
        this.newest = { key: k, text: String(c.timestamp) };
        this.atNewest = new Set();
      }
      this.atNewest.add(idOf(c));
    }
    return out;
  }
}

/** Failing polls said once, a status line while they fail, and their end said. */
class PollHealth {
  private failingSince?: number;
  private failures = 0;
  private reason = '';

  constructor(private readonly session: Session) {}

  failed(e: HttpError | ServerError, now: number): void {
    // The status line says why in a few words; the warning above it has the URL.
    const reason = plainText(e.message).replace(/^GET \S+?:? (failed: )?/, '');
    if (this.failingSince === undefined) {
      this.failingSince = now;
      this.session.warn(msg`polls are failing: ${e.text}; still trying (Ctrl-C ends it)`);
    } else if (reason !== this.reason) {
      this.session.warn(msg`polls still failing, now: ${e.text}`);
    }
    this.reason = reason;
    this.failures++;
    this.session.progress.status(`polls failing for ${duration(now - this.failingSince)} (${this.failures} tries): ${reason}`);
  }

  worked(now: number): void {
    if (this.failingSince === undefined) return;
    this.session.progress.stop();
    this.session.say(msg`polls work again, after ${ours(duration(now - this.failingSince))} and ${this.failures} failed ${ours(this.failures === 1 ? 'try' : 'tries')}`);
    this.failingSince = undefined;
    this.failures = 0;
  }
}

export async function* follow(session: Session, o: FollowOptions): AsyncGenerator<Page> {
  const { ctx } = session;
  const client = await session.client();
  const shown = new Shown((m) => session.warn(m));
  let rate: { remaining?: number; resetS?: number } = {};

  const noteRate = (res: JsonResponse) => {
    const remaining = Number(firstHeader(res.headers['x-ratelimit-remaining']));
    const reset = Number(firstHeader(res.headers['x-ratelimit-reset']));
    rate = { remaining: Number.isFinite(remaining) ? remaining : undefined, resetS: Number.isFinite(reset) ? reset : undefined };
    return res;
  };
  // The follow loop is the retry of a poll: no hidden retries (they kept a server that went down silent).
  const get = async (query: URLSearchParams, retries?: number): Promise<JsonResponse> => noteRate(await client.getJson(o.path, query, undefined, { retries }));
  const listOf = (body: unknown): { items: Item[]; next: unknown; previous: unknown; count: unknown } => {
    const b = body as { results?: unknown; next?: unknown; previous?: unknown; count?: unknown } | null;
    if (!b || !Array.isArray(b.results)) throw new ServerError(msg`GET ${client.resolve(o.path).href}: expected a paginated list`);
    return { items: b.results.filter((x): x is Item => !!x && typeof x === 'object' && !Array.isArray(x)), next: b.next, previous: b.previous, count: b.count };
  };
  const query = (set: Record<string, string | undefined>) => {
    const q = new URLSearchParams(o.query);
    for (const [k, v] of Object.entries(set)) if (v !== undefined) q.set(k, v);
    return q;
  };
  /** The page a previous link names (DRF leaves page out for page 1); it must come before `current`. */
  const previousPage = (previous: unknown, current: number): number | undefined => {
    if (previous == null) return undefined;
    const p = new URL(String(previous), client.base).searchParams.get('page');
    const n = p === null ? 1 : Number(p);
    if (!Number.isInteger(n) || n < 1 || n >= current) throw new ServerError(msg`GET ${client.resolve(o.path).href}: the previous page link ${String(previous)} does not go back`);
    return n;
  };

  /** Every change at or after --since, page by page, oldest first. */
  async function* backlog(): AsyncGenerator<Item[]> {
    const first = listOf((await get(query({ page_size: PAGE_SIZE }))).body);
    if (first.next == null) return yield first.items;
    if (first.items.length > 1 && chronological(first.items[0]!, first.items.at(-1)!) < 0) {
      // Oldest first (servers before 4.x): read forward; new changes join the end, shifting nothing.
      yield first.items;
      for (let page = 2, next: unknown = first.next; next != null; page++) {
        const l = listOf((await get(query({ page_size: PAGE_SIZE, page: String(page) }))).body);
        yield l.items;
        next = l.next;
      }
      return;
    }
    // Newest first: frozen at its newest change, read from the last page back.
    const top = [...first.items].sort(chronological).at(-1)?.timestamp;
    const frozen = (page: string) => query({ page_size: PAGE_SIZE, timestamp_before: typeof top === 'string' ? top : undefined, page });
    let l = listOf((await get(frozen('last'))).body);
    let current = Infinity;
    for (;;) {
      yield l.items;
      const prev = previousPage(l.previous, current);
      if (prev === undefined) return;
      current = prev;
      l = listOf((await get(frozen(String(prev)))).body);
    }
  }

  /** Every change at or after the newest shown, all pages (one poll). */
  const poll = async (): Promise<Item[]> => {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const l = listOf((await get(query({ timestamp_after: shown.newest?.text, page_size: PAGE_SIZE, page: page > 1 ? String(page) : undefined }), 0)).body);
      items.push(...l.items);
      if (l.next == null) return items;
    }
  };

  // What happened lately: everything since --since, or the most recent changes.
  if (o.query.has('timestamp_after')) {
    for await (const items of backlog()) {
      const page = shown.fresh(items);
      if (page.length) yield { items: page };
    }
  } else {
    const q = query({ page_size: String(o.recent) });
    let l = listOf((o.first ? noteRate(o.first) : await get(q)).body);
    // Old servers list changes oldest first: the recent ones are on the last page.
    if (typeof l.count === 'number' && l.count > l.items.length && l.items.length > 1 && chronological(l.items[0]!, l.items.at(-1)!) < 0) {
      q.set('page', 'last');
      l = listOf((await get(q)).body);
    }
    const initial = shown.fresh(l.items);
    if (initial.length) yield { items: initial };
  }

  const health = new PollHealth(session);
  let asked: { ms: number; why: Msg } | undefined; // a Retry-After, or a slow-down for the rate limit
  let announced: number | undefined;
  for (;;) {
    const slow = waitMs(o.intervalMs, rate);
    const wanted = Math.max(slow, asked?.ms ?? 0);
    const wait = Math.min(wanted, MAX_WAIT_MS);
    if (wait > o.intervalMs && wait !== announced) {
      const why = asked && asked.ms >= slow ? asked.why : msg`the rate limit is running low (${String(rate.remaining)} requests left)`;
      session.say(msg`waiting ${ours(duration(wait))} before the next poll: ${why}${wanted > wait ? ours(`, asked for ${duration(wanted)}, more than the hour wli waits at most`) : ours('')}`);
    }
    announced = wait > o.intervalMs ? wait : undefined;
    await ctx.sleep(wait, ctx.signal);
    asked = undefined;
    if (ctx.signal.aborted) return;
    let items: Item[];
    try {
      items = await poll();
    } catch (e) {
      if (ctx.signal.aborted) return;
      if (!transient(e)) throw e;
      if (e instanceof HttpError && e.retryAfterSeconds !== undefined) asked = { ms: e.retryAfterSeconds * 1000, why: msg`the server asked (Retry-After)` };
      health.failed(e, ctx.now());
      continue;
    }
    health.worked(ctx.now());
    const page = shown.fresh(items);
    if (page.length) yield { items: page };
  }
}

/** The wait before the next poll: the interval, or longer while the rate limit runs low. */
export function waitMs(intervalMs: number, rate: { remaining?: number; resetS?: number }): number {
  if (rate.remaining === undefined || rate.resetS === undefined || rate.remaining > LOW_REMAINING) return intervalMs;
  return Math.max(intervalMs, Math.ceil((rate.resetS * 1000) / Math.max(rate.remaining, 1)));
}

/**
 * Worth another poll: rate limits, server failures and the network (a server restarting, a timeout).
 * Not: a refused token or permission, a list that is gone, a body that is not the expected JSON.
 */
function transient(e: unknown): e is HttpError | NetworkError {
  if (e instanceof HttpError) return e.status === 429 || e.status === 408 || e.status >= 500;
  return e instanceof NetworkError && e.transient;
}
