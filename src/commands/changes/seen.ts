// What changes --follow has seen: which changes of a poll are new, and where the next poll starts.
//
// A change becomes listable when its transaction commits, but carries the time it was created
// (weblate/trans/models/change.py, Change.timestamp: auto_now_add): a long transaction commits after
// quicker ones stamped later. So a poll asks again from a window before the newest change seen
// (FOLLOW_WINDOW_MS, core/limits.ts, says why its size), leaves out the ids already seen within it,
// and forgets ids older than it. What is never shown again lies below the floor: the window's start,
// and no earlier than --since, than the oldest change read at the start (older ones were not read, so
// they cannot be told from late ones), or than what the cap on kept ids let go. The floor only rises,
// so an id forgotten is never shown twice. Pure: plain objects in, the changes to show out.
import type { Item } from '../../core/page.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import { changeId, chronological, timeKey, timeText } from '../../weblate/changes.js';
import { changeView } from '../../weblate/views/change.js';

/** A change's timestamp as sent (a time key is read from it). */
const stampOf = (c: Item): unknown => changeView(c).timestamp;

/** Changes with an unreadable timestamp already warned about (bounded: a hostile list cannot grow it). */
const MAX_WARNED = 1000;

export interface SeenLimits {
  /** How far before the newest change seen a poll asks again, in microseconds. */
  windowUs: number;
  /** The most ids kept; past it the floor rises past the oldest. */
  maxKept: number;
  /** How the window is said in the warning when the cap narrows it. */
  windowText: string;
}

export class Seen {
  /** The newest change seen: its time key and the server's text of it. */
  newest?: { key: number; text: unknown };
  /** Nothing stamped before this (a time key) is shown. */
  private floor = -Infinity;
  /** The ids seen at or above the floor, each with its time key. */
  private readonly kept = new Map<string, number>();
  private readonly warned = new Set<string>();
  private narrowed = false;
  /** With it, the changes of the list outside the target are seen (kept, the window follows them) but not shown. */
  keep?: (change: Item) => boolean;

  constructor(
    private readonly limits: SeenLimits,
    private readonly warn: (m: Msg) => void,
  ) {}

  /** How many ids are kept. */
  get size(): number {
    return this.kept.size;
  }

  /** Where the next poll starts (timestamp_after, inclusive): the floor; nothing before the first change seen. */
  get from(): string | undefined {
    return this.newest === undefined ? undefined : timeText(this.floor, this.newest.text);
  }

  /** Nothing stamped before `key` is shown (--since). */
  startAt(key: number): void {
    this.raise(key);
  }

  /** Nothing stamped at or before the oldest of these is shown: the list was read only from it on. */
  startAfter(items: readonly Item[]): void {
    const keys = items.map((c) => timeKey(stampOf(c))).filter((k) => k !== undefined);
    if (keys.length) this.raise(Math.min(...keys) + 1);
  }

  /** The changes not seen yet, in time order, now counted as seen; those of the target. */
  fresh(items: readonly Item[]): Item[] {
    const batch = new Set<string>(); // a page shift can repeat a change inside one poll
    const out = items.filter((c) => {
      const id = changeId(c);
      const stamp = stampOf(c);
      const k = timeKey(stamp);
      if (k === undefined) {
        this.unreadable(id, stamp);
        return false;
      }
      if (batch.has(id)) return false;
      batch.add(id);
      return k >= this.floor && !this.kept.has(id);
    });
    out.sort(chronological);
    for (const c of out) {
      const stamp = stampOf(c);
      const k = timeKey(stamp) ?? 0;
      this.kept.set(changeId(c), k);
      if (this.newest === undefined || k > this.newest.key) this.newest = { key: k, text: stamp };
    }
    if (this.newest) this.raise(this.newest.key - this.limits.windowUs);
    this.cap();
    const { keep } = this;
    return keep ? out.filter((c) => keep(c)) : out;
  }

  /** The floor raised to `key`, and the ids below it forgotten. */
  private raise(key: number): void {
    if (key <= this.floor) return;
    this.floor = key;
    for (const [id, k] of this.kept) if (k < key) this.kept.delete(id);
  }

  /** Past the cap the oldest ids go, every id at their instant with them (said once). */
  private cap(): void {
    const over = this.kept.size - this.limits.maxKept;
    if (over <= 0) return;
    const keys = [...this.kept.values()].sort((a, b) => a - b);
    const floor = (keys[over - 1] ?? 0) + 1;
    this.raise(floor);
    if (this.narrowed) return;
    this.narrowed = true;
    const when = ours(timeText(floor, this.newest?.text));
    this.warn(
      msg`more than ${ours(this.limits.maxKept.toLocaleString('en-US'))} changes within ${ours(this.limits.windowText)} of each other: a change stamped before ${when} that the server lists late is not shown`,
    );
  }

  private unreadable(id: string, timestamp: unknown): void {
    if (this.warned.has(id)) return;
    if (this.warned.size >= MAX_WARNED) this.warned.clear();
    this.warned.add(id);
    this.warn(msg`change ${id} left out: its timestamp ${plainText(timestamp)} is not a time`);
  }
}
