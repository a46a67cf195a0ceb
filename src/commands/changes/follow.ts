// wli changes --follow: the recent changes, then every new change once, in order, as it appears.
//
// How no change is shown twice or skipped: every poll asks for the changes stamped from a window
// before the newest already shown (timestamp_after is inclusive), reads all its pages, leaves out the
// ids already shown within the window (and any id a page shift repeated), and prints the rest sorted
// by (timestamp, id). The window is there because Weblate stamps a change when it is created, not
// when its transaction commits: a change committed late comes after changes stamped later, and is
// shown when it appears (commands/changes/seen.ts; FOLLOW_WINDOW_MS says why an hour). The ids remembered are
// only those within the window, at most MAX_FOLLOW_KEPT, so memory stays flat however long it runs
// and whatever the server sends.
//
// A --since backlog streams page by page, oldest first: a newest-first list is frozen with
// timestamp_before at its newest change (new changes cannot shift its pages while it is read) and read
// from its last page back to its first (the page reader's last-first order, whether the server numbers
// its pages or links them by cursor), each page in time order; what arrives meanwhile comes with the
// first poll. An oldest-first list (servers before 4.x) is read forward.
//
// Politeness: one poll every --interval seconds; when X-RateLimit-Remaining runs low the polls are
// spread over what is left until X-RateLimit-Reset; a 429's Retry-After is honoured. Every wait is
// clamped to MAX_FOLLOW_WAIT_MS (a Retry-After of 3,000 years means "poll again in an hour"), and a
// wait longer than the interval is said once. A failing poll is the follow's own business: transient
// failures (network, timeouts, 429, 5xx) are said once, kept on a status line, and their end is said;
// permanent ones (401, 403, 404, a body that is not the expected JSON) end the follow with their exit
// code. Ctrl-C ends it at once.
//
// A reader that left (`| head -3`) is noticed while the follow waits for its next poll (the wait is
// the Report's pause: it watches stdout's pipe, io/reader-left.ts), as GNU tail -f notices it, and the
// follow ends quietly (exit 0); a write that finds it gone (EPIPE) ends it alike. Where the pipe cannot
// be watched (the standalone binary, systems other than Linux) that write, of the next new change, is
// what notices. The spec's --follow note and docs/troubleshooting.md say so.
import { HttpError, NetworkError, ServerError } from '../../api/errors.js';
import { pageOf, type Item, type Page } from '../../core/page.js';
import { FOLLOW_WINDOW_MS, FOLLOW_WINDOW_TEXT, LOW_RATE_REMAINING, MAX_FOLLOW_KEPT, MAX_FOLLOW_WAIT_MS, MAX_FOLLOW_WAIT_TEXT } from '../../core/limits.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import { chronological, oldestFirst, timeKey } from '../../weblate/changes.js';
import type { RateLimit } from '../../weblate/rate-limit.js';
import type { Target } from '../../weblate/target.js';
import { changeView } from '../../weblate/views/change.js';
import { Seen } from './seen.js';

/** Where a reading's changes are: one list, and which of its changes are the target's (a category's, a language's of a project). */
export interface ChangesAt {
  path: string;
  keep?: (change: Item) => boolean;
}

interface FollowOptions {
  readings: Target[];
  /** The list of a reading (a category or a project's language: the project's, kept to the target). */
  at: (t: Target) => Promise<ChangesAt>;
  /** The filters (action, user, timestamp_after from --since). */
  query: URLSearchParams;
  /** How many recent changes to show first when no --since was given. */
  recent: number;
  intervalMs: number;
  /** What each page of the reading that answered becomes on its way out (told once which reading that is). */
  mark?: (t: Target) => (page: Page) => Page;
  /** The run's clock and its signal (Ctrl-C ends the follow). */
  now: () => number;
  signal: AbortSignal;
}

/** The page size of a backlog and of a poll: the most Weblate serves. */
const PAGE_SIZE = 1000;

/** 90 s → "1m 30s"; what a person reads in a status line. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ''}`;
  const h = Math.floor(s / 3600);
  return h >= 48 ? `${Math.round(h / 24).toLocaleString('en-US')} days` : `${h}h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)}m` : ''}`;
}

/** Failing polls said once, a status line while they fail, and their end said. */
class PollHealth {
  private failingSince?: number;
  private failures = 0;
  private reason = '';

  constructor(private readonly report: Report) {}

  failed(e: HttpError | ServerError, now: number): void {
    // The status line says why in a few words; the warning above it has the URL.
    const reason = plainText(e.message).replace(/^GET \S+?:? (failed: )?/, '');
    if (this.failingSince === undefined) {
      this.failingSince = now;
      this.report.warn(msg`polls are failing: ${e.text}; still trying (Ctrl-C ends it)`);
    } else if (reason !== this.reason) {
      this.report.warn(msg`polls still failing, now: ${e.text}`);
    }
    this.reason = reason;
    this.failures++;
    this.report.progress.status(`polls failing for ${duration(now - this.failingSince)} (${this.failures} tries): ${reason}`);
  }

  worked(now: number): void {
    if (this.failingSince === undefined) return;
    this.report.progress.stop();
    this.report.say(
      msg`polls work again, after ${ours(duration(now - this.failingSince))} and ${this.failures} failed ${ours(this.failures === 1 ? 'try' : 'tries')}`,
    );
    this.failingSince = undefined;
    this.failures = 0;
  }
}

/** The changes list of a target, with filters and settings of its own. */
const query = (base: URLSearchParams, set: Record<string, string | undefined>): URLSearchParams => {
  const q = new URLSearchParams(base);
  for (const [k, v] of Object.entries(set)) if (v !== undefined) q.set(k, v);
  return q;
};

/** A changes list opened: its path, its first page, and the rest of its pages, unread. */
interface Opened extends ChangesAt {
  target: Target;
  items: Item[];
  rest: AsyncGenerator<Page>;
}

/**
 * The list of the first reading that exists (a miss explained), its first page read. A list kept to
 * a target opens with the largest page: its most recent changes are those among the list's latest.
 */
async function open(weblate: Weblate, o: FollowOptions, pageSize: number): Promise<Opened> {
  const { target, value } = await weblate.firstFound(o.readings, async (t) => {
    const at = await o.at(t);
    const pages = weblate.pagesOf({ path: at.path, query: o.query, pageSize: at.keep ? PAGE_SIZE : pageSize, label: 'changes' });
    const head = await pages.next();
    return { ...at, items: head.done ? [] : head.value.items(), rest: pages };
  });
  return { target, ...value };
}

/** Every change at or after --since, page by page, oldest first. */
async function* backlog(weblate: Weblate, o: FollowOptions, first: Opened): AsyncGenerator<Item[]> {
  if (oldestFirst(first.items)) {
    // Oldest first (servers before 4.x): read forward; new changes join the end, shifting nothing.
    yield first.items;
    for await (const page of first.rest) yield page.items();
    return;
  }
  await first.rest.return(undefined);
  if (first.items.length === 0) return;
  // Newest first: frozen at its newest change, read from the last page back.
  const newest = [...first.items].sort(chronological).at(-1);
  const frozen = query(o.query, { timestamp_before: newest && changeView(newest).time });
  for await (const page of weblate.pagesOf({ path: first.path, query: frozen, pageSize: PAGE_SIZE, order: 'last-first', label: 'changes' })) yield page.items();
}

/** The most recent changes: the first page of a newest-first list, the last of an oldest-first one. */
async function* recent(weblate: Weblate, o: FollowOptions, first: Opened): AsyncGenerator<Item[]> {
  await first.rest.return(undefined);
  if (!oldestFirst(first.items)) {
    yield first.items;
    return;
  }
  yield await weblate.allItems({ path: first.path, query: o.query, pageSize: o.recent, limit: o.recent, order: 'last-first', label: 'changes' });
}

export async function* follow(weblate: Weblate, report: Report, o: FollowOptions): AsyncGenerator<Page> {
  const shown = new Seen({ windowUs: FOLLOW_WINDOW_MS * 1000, maxKept: MAX_FOLLOW_KEPT, windowText: FOLLOW_WINDOW_TEXT }, (m) => report.warn(m));
  // What happened lately: everything since --since, or the most recent changes.
  const since = o.query.get('timestamp_after');
  const sinceKey = since === null ? undefined : timeKey(since);
  if (sinceKey !== undefined) shown.startAt(sinceKey);
  const first = await open(weblate, o, since !== null ? PAGE_SIZE : o.recent);
  const mark = o.mark?.(first.target) ?? ((page: Page) => page);
  shown.keep = first.keep;
  for await (const items of since !== null ? backlog(weblate, o, first) : recent(weblate, o, first)) {
    // Kept to a target, the recent ones are the newest of it among the list's latest page.
    const page = since !== null || !first.keep ? shown.fresh(items) : shown.fresh(items).slice(-o.recent);
    // The recent ones: the list was read from the oldest of them, so older ones are not late.
    if (since === null) shown.startAfter(items);
    if (page.length) yield mark(pageOf(page));
  }
  const { path } = first;

  // Every change from the window before the newest shown, all pages (one poll); the follow loop is
  // the retry of a poll: no hidden retries (they kept a server that went down silent).
  const poll = (): Promise<Item[]> =>
    weblate.allItems({ path, query: query(o.query, { timestamp_after: shown.from }), pageSize: PAGE_SIZE, retries: 0, label: 'changes', quiet: true });
  const health = new PollHealth(report);
  const waits = new Waits(report, o.intervalMs);
  for (;;) {
    await waits.next(weblate.rateLimit);
    if (o.signal.aborted) return;
    let items: Item[];
    try {
      items = await poll();
    } catch (e) {
      if (o.signal.aborted) return;
      if (!transient(e)) throw e;
      if (e instanceof HttpError && e.retryAfterSeconds !== undefined) waits.asked(e.retryAfterSeconds * 1000, msg`the server asked (Retry-After)`);
      health.failed(e, o.now());
      continue;
    }
    health.worked(o.now());
    const page = shown.fresh(items);
    if (page.length) yield mark(pageOf(page));
  }
}

/** The wait before each poll: the interval, longer when asked or when the rate limit runs low; said when longer. */
class Waits {
  private wanted?: { ms: number; why: Msg };
  private announced?: number;

  constructor(
    private readonly report: Report,
    private readonly intervalMs: number,
  ) {}

  /** A Retry-After for the next wait. */
  asked(ms: number, why: Msg): void {
    this.wanted = { ms, why };
  }

  async next(rate: RateLimit | undefined): Promise<void> {
    const slow = waitMs(this.intervalMs, rate);
    const wanted = Math.max(slow, this.wanted?.ms ?? 0);
    const wait = Math.min(wanted, MAX_FOLLOW_WAIT_MS);
    if (wait > this.intervalMs && wait !== this.announced) {
      const why = this.wanted && this.wanted.ms >= slow ? this.wanted.why : msg`the rate limit is running low (${String(rate?.remaining)} requests left)`;
      const more = wanted > wait ? ours(`, asked for ${duration(wanted)}, more than ${MAX_FOLLOW_WAIT_TEXT}, the longest wli waits`) : ours('');
      this.report.say(msg`waiting ${ours(duration(wait))} before the next poll: ${why}${more}`);
    }
    this.announced = wait > this.intervalMs ? wait : undefined;
    this.wanted = undefined;
    await this.report.pause(wait);
  }
}

/** The wait before the next poll: the interval, or longer while the rate limit runs low. */
export function waitMs(intervalMs: number, rate: RateLimit | undefined): number {
  const { remaining, resetSeconds } = rate ?? {};
  if (remaining === undefined || resetSeconds === undefined || remaining > LOW_RATE_REMAINING) return intervalMs;
  return Math.max(intervalMs, Math.ceil((resetSeconds * 1000) / Math.max(remaining, 1)));
}

/**
 * Worth another poll: rate limits, server failures and the network (a server restarting, a timeout).
 * Not: a refused token or permission, a list that is gone, a body that is not the expected JSON.
 */
function transient(e: unknown): e is HttpError | NetworkError {
  if (e instanceof HttpError) return e.status === 429 || e.status === 408 || e.status >= 500;
  return e instanceof NetworkError && e.transient;
}
