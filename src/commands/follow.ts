// wli changes --follow: the recent changes, then every new change once, in order, as it appears.
//
// How no change is shown twice or skipped: every poll asks for the changes at or after the newest
// timestamp already shown (timestamp_after is inclusive), reads all its pages, leaves out the ids
// already shown at that timestamp, and prints the rest sorted by (timestamp, id). Several changes
// arriving between polls, or sharing a timestamp, are all printed once; the ids remembered are only
// those at the newest timestamp, so memory stays flat however long it runs.
//
// Politeness: one poll every --interval seconds; when X-RateLimit-Remaining runs low the polls are
// spread over what is left until X-RateLimit-Reset; a 429's Retry-After is honoured (the client's
// retry rules), and a poll that still fails for a transient reason (429, 5xx, network) is a warning,
// then the next poll. Ctrl-C ends it at once.
import { HttpError, ServerError } from '../api/errors.js';
import type { JsonResponse } from '../api/client.js';
import type { Item, Page } from '../api/paginate.js';
import { firstHeader } from '../api/http.js';
import { msg } from '../core/text.js';
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

export async function* follow(session: Session, o: FollowOptions): AsyncGenerator<Page> {
  const { ctx } = session;
  const client = await session.client();
  let newest: { key: number; text: string } | undefined;
  let shownAtNewest = new Set<string>();
  let rate: { remaining?: number; resetS?: number } = {};

  const noteRate = (res: JsonResponse) => {
    const remaining = Number(firstHeader(res.headers['x-ratelimit-remaining']));
    const reset = Number(firstHeader(res.headers['x-ratelimit-reset']));
    rate = { remaining: Number.isFinite(remaining) ? remaining : undefined, resetS: Number.isFinite(reset) ? reset : undefined };
    return res;
  };
  const get = async (query: URLSearchParams): Promise<JsonResponse> => noteRate(await client.getJson(o.path, query));
  const results = (body: unknown): Item[] => {
    const r = (body as { results?: unknown } | null)?.results;
    if (!Array.isArray(r)) throw new ServerError(msg`GET ${client.resolve(o.path).href}: expected a paginated list`);
    return r.filter((x): x is Item => !!x && typeof x === 'object' && !Array.isArray(x));
  };
  /** Every change of the list at or after `after`, all pages. */
  const everythingSince = async (after: string | undefined): Promise<Item[]> => {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const q = new URLSearchParams(o.query);
      if (after !== undefined) q.set('timestamp_after', after);
      q.set('page_size', PAGE_SIZE);
      if (page > 1) q.set('page', String(page));
      const { body } = await get(q);
      items.push(...results(body));
      if ((body as { next?: unknown }).next == null) return items;
    }
  };
  const fresh = (items: Item[]): Item[] => {
    const out = items.filter((c) => {
      const k = timeKey(c.timestamp);
      if (k === undefined) return false;
      if (newest === undefined || k > newest.key) return true;
      return k === newest.key && !shownAtNewest.has(idOf(c));
    });
    out.sort(chronological);
    for (const c of out) {
      const k = timeKey(c.timestamp)!;
      if (newest === undefined || k > newest.key) {
        newest = { key: k, text: String(c.timestamp) };
        shownAtNewest = new Set();
      }
      shownAtNewest.add(idOf(c));
    }
    return out;
  };

  // What happened lately: everything since --since, or the most recent changes.
  let first: Item[];
  if (o.query.has('timestamp_after')) first = await everythingSince(undefined);
  else {
    const q = new URLSearchParams(o.query);
    q.set('page_size', String(o.recent));
    const { body } = o.first ? noteRate(o.first) : await get(q);
    first = results(body);
    // Old servers list changes oldest first: the recent ones are on the last page.
    const count = (body as { count?: unknown }).count;
    if (typeof count === 'number' && count > first.length && first.length > 1 && [...first].sort(chronological)[0] === first[0]) {
      q.set('page', 'last');
      first = results((await get(q)).body);
    }
  }
  const initial = fresh(first);
  if (initial.length) yield { items: initial };

  let asked = 0; // a Retry-After longer than the client waits for itself
  for (;;) {
    await ctx.sleep(Math.max(waitMs(o.intervalMs, rate), asked), ctx.signal);
    asked = 0;
    if (ctx.signal.aborted) return;
    let items: Item[];
    try {
      items = await everythingSince(newest?.text);
    } catch (e) {
      if (ctx.signal.aborted) return;
      if (!transient(e)) throw e;
      if (e instanceof HttpError && e.retryAfterSeconds !== undefined) asked = e.retryAfterSeconds * 1000;
      session.warn(msg`a poll failed, trying again: ${e instanceof HttpError || e instanceof ServerError ? e.text : e}`);
      continue;
    }
    const page = fresh(items);
    if (page.length) yield { items: page };
  }
}

/** The wait before the next poll: the interval, or longer while the rate limit runs low. */
export function waitMs(intervalMs: number, rate: { remaining?: number; resetS?: number }): number {
  if (rate.remaining === undefined || rate.resetS === undefined || rate.remaining > LOW_REMAINING) return intervalMs;
  return Math.max(intervalMs, Math.ceil((rate.resetS * 1000) / Math.max(rate.remaining, 1)));
}

/** Worth another poll: rate limits, server and network failures (the client already retried them). */
function transient(e: unknown): boolean {
  if (e instanceof HttpError) return e.status === 429 || e.status >= 500;
  return e instanceof ServerError;
}
