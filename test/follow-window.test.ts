// changes --follow's memory of what it showed (src/commands/changes/seen.ts), on plain objects: a
// change committed late inside the window is shown once, ids older than the window are forgotten, and
// the ids kept stay bounded whatever the server sends (issue 45).
import { describe, expect, it } from 'vitest';
import { Seen, type SeenLimits } from '../src/commands/changes/seen.js';
import { FOLLOW_WINDOW_MS, FOLLOW_WINDOW_TEXT, MAX_FOLLOW_KEPT } from '../src/core/limits.js';
import type { Item } from '../src/core/page.js';
import { chronological, timeText } from '../src/weblate/changes.js';
import { parseJson } from '../src/codec/json.js';

const T0 = Date.parse('2030-01-01T12:00:00Z');
/** A change: its id and its time in seconds after T0 (Weblate's text, microseconds, Z). */
const ch = (id: number, s: number, zone = 'Z'): Item => ({
  id,
  timestamp: new Date(T0 + s * 1000).toISOString().replace('Z', `000${zone}`),
});
const at = (s: number) => new Date(T0 + s * 1000).toISOString().replace('Z', '000Z');

/** A window of 60 s and room for 5 ids: small enough to read. */
const SMALL: SeenLimits = { windowUs: 60_000_000, maxKept: 5, windowText: '60 s' };

function seen(limits = SMALL) {
  const warnings: string[] = [];
  const s = new Seen(limits, (m) => warnings.push(m.toString()));
  const shown = (items: Item[]) => s.fresh(items).map((c) => c.id);
  return { s, shown, warnings };
}

describe('changes --follow: the window', () => {
  it.each([
    {
      name: 'new changes are shown in time order, a change shown once is not shown again',
      polls: [[ch(2, 5), ch(1, 3)], [ch(1, 3), ch(2, 5), ch(3, 5)], [ch(3, 5)]],
      shown: [[1, 2], [3], []],
      kept: 3,
      from: at(5 - 60),
    },
    {
      name: 'a change committed late, stamped before the newest shown but inside the window, is shown',
      polls: [[ch(1, 100)], [ch(1, 100), ch(2, 50)]],
      shown: [[1], [2]],
      kept: 2,
      from: at(40),
    },
    {
      name: 'a change stamped before the window is not shown (the documented limit)',
      polls: [[ch(1, 100)], [ch(2, 39), ch(3, 40)]],
      shown: [[1], [3]],
      kept: 2,
      from: at(40),
    },
    {
      name: 'ids older than the window are forgotten, and not shown again when sent again',
      polls: [[ch(1, 0), ch(2, 10)], [ch(3, 65)], [ch(1, 0), ch(2, 10), ch(3, 65)]],
      shown: [[1, 2], [3], []],
      kept: 2,
      from: at(5),
    },
    {
      name: 'a page shift that repeats a change within one poll shows it once',
      polls: [[ch(1, 1), ch(2, 2), ch(2, 2), ch(3, 3)]],
      shown: [[1, 2, 3]],
      kept: 3,
      from: at(3 - 60),
    },
  ])('$name', ({ polls, shown: expected, kept, from }) => {
    const { s, shown, warnings } = seen();
    expect(polls.map(shown)).toEqual(expected);
    expect(s.size).toBe(kept);
    expect(s.from).toBe(from);
    expect(warnings).toEqual([]);
  });

  it('--since: nothing before it is shown, and no poll asks from before it', () => {
    const { s, shown } = seen();
    s.startAt(Date.parse(at(30)) * 1000);
    expect(shown([ch(1, 29), ch(2, 30), ch(3, 40)])).toEqual([2, 3]);
    expect(s.from).toBe(at(30));
    expect(shown([ch(4, 35)])).toEqual([4]);
  });

  it('the recent changes: an older change was not read at the start, so it is not taken for a late one', () => {
    const { s, shown } = seen();
    const first = [ch(5, 50), ch(4, 40)];
    expect(shown(first)).toEqual([4, 5]);
    s.startAfter(first);
    // 3 and 2 were in the list before the start (not shown: older than the recent ones); 6 is late, after 4.
    expect(shown([ch(5, 50), ch(6, 45), ch(4, 40), ch(3, 40), ch(2, 20)])).toEqual([6]);
  });

  it('a server that writes no zone is asked in its own form', () => {
    const { s, shown } = seen();
    shown([ch(1, 100, '')]);
    expect(s.from).toBe(at(40).replace('Z', ''));
  });
});

describe('changes --follow: the ids kept stay bounded, whatever the server sends', () => {
  /** A hostile server: every poll sends `n` new ids, all at `instant(poll)`, and again every id it sent before. */
  function hostile(limits: SeenLimits, polls: number, n: number, instant: (poll: number) => number) {
    const { s, shown, warnings } = seen(limits);
    const sizes: number[] = [];
    const every = new Set<unknown>();
    let twice = 0;
    const sent: Item[] = [];
    for (let p = 0; p < polls; p++) {
      for (let i = 0; i < n; i++) sent.push(ch(p * n + i, instant(p)));
      for (const id of shown(sent.slice(-limits.maxKept * 3))) {
        if (every.has(id)) twice++;
        every.add(id);
      }
      sizes.push(s.size);
    }
    return { sizes, twice, warnings, from: s.from };
  }

  it.each([
    { name: 'new ids at one instant', instant: () => 0, last: 0 },
    { name: 'new ids a second apart, all inside the window', instant: (p: number) => p, last: 39 },
    { name: 'new ids going back in time', instant: (p: number) => -p, last: 0 },
  ])('$name: at most maxKept, nothing shown twice, narrowing said once', ({ instant, last }) => {
    const r = hostile(SMALL, 40, 3, instant);
    expect(Math.max(...r.sizes)).toBeLessThanOrEqual(SMALL.maxKept);
    expect(r.twice).toBe(0);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^more than 5 changes within 60 s of each other: a change stamped before \S+ that the server lists late is not shown$/);
    // The next poll starts after what was let go: no poll reads more than the cap again.
    expect(Date.parse(r.from!)).toBeGreaterThan(T0 + (last - 60) * 1000);
  });

  it(`the real limits: ${MAX_FOLLOW_KEPT.toLocaleString('en-US')} ids at most, within ${FOLLOW_WINDOW_TEXT}`, () => {
    const limits = { windowUs: FOLLOW_WINDOW_MS * 1000, maxKept: MAX_FOLLOW_KEPT, windowText: FOLLOW_WINDOW_TEXT };
    const r = hostile(limits, 15, 1000, () => 0);
    expect(Math.max(...r.sizes)).toBeLessThanOrEqual(MAX_FOLLOW_KEPT);
    expect(r.twice).toBe(0);
    expect(r.warnings).toHaveLength(1);
  });

  it('a quiet server keeps only the window: ids forgotten as time moves on', () => {
    const r = hostile(SMALL, 40, 1, (p) => p * 30);
    // One change every 30 s, a window of 60 s: the ids of the last 60 s, never the cap.
    expect(r.sizes.slice(2)).toEqual(Array(38).fill(3));
    expect(r.warnings).toEqual([]);
    expect(r.from).toBe(at(39 * 30 - 60));
  });
});

describe('timeText', () => {
  it.each([
    [0, null, '1970-01-01T00:00:00.000000Z'],
    [1_900_000_000_123_456, '2030-01-01T00:00:00+02:00', '2030-03-17T17:46:40.123456Z'],
    [1_900_000_000_000_001, '2030-03-17T17:46:40', '2030-03-17T17:46:40.000001'],
    [-1, 'Z', '1969-12-31T23:59:59.999999Z'],
  ])('%d like %j: %s', (key, like, text) => {
    expect(timeText(key, like)).toBe(text);
  });
});

describe('chronological: ids beyond 2^53 by their digits', () => {
  it('two changes at one instant whose ids are one double apart keep their order', () => {
    const [a, b] = parseJson(
      '[{"id": 9007199254740993, "timestamp": "2026-11-21T13:00:00Z"}, {"id": 9007199254740992, "timestamp": "2026-11-21T13:00:00Z"}]',
    ) as Item[];
    expect([chronological(a!, b!), chronological(b!, a!)]).toEqual([1, -1]);
    expect(chronological({ id: 10, timestamp: 'x' }, { id: 9, timestamp: 'x' })).toBe(1);
  });
});
