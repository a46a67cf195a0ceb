// The one page reader (src/api/paginate.ts), with the real client, against the fake server in each
// way a server pages a list: numbered pages (Weblate today), cursor links (planned: no count, `page`
// ignored), next links without page numbers, a bare array; in server order and last page first; and
// the ways a broken server can make a reader loop.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { paginate, type ListRequest } from '../../src/api/paginate.js';
import type { Item } from '../../src/core/page.js';
import { startFakeWeblate, type FakeWeblate } from '../support/fake-weblate/index.js';

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 10 });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.pagination('numbered');
  fake.nextLinks('normal');
});

const UNITS = 'translations/demo/android/cs/units/';

/** Every page the reader hands out (ids), the warnings, and the requests the server saw for the list. */
async function read(path: string, o: Partial<ListRequest> = {}) {
  const c = new ApiClient({
    base: new URL(fake.url),
    timeoutMs: 5_000,
    retries: 0,
    concurrency: 4,
    userAgent: 'wli-test',
    allowInsecureHttp: false,
    env: {},
    signal: new AbortController().signal,
    sleep: async () => {},
    now: Date.now,
    random: Math.random,
  });
  const warnings: string[] = [];
  const pages: unknown[][] = [];
  const before = fake.requests.length;
  try {
    for await (const page of paginate(c, { path, concurrency: 4, warn: (m) => warnings.push(String(m)), ...o })) pages.push(page.items.map((i: Item) => i.id));
  } finally {
    await c.close();
  }
  const requests = fake.requests.slice(before).filter((r) => r.path.endsWith(path.split('?')[0] ?? path));
  return { pages, ids: pages.flat(), warnings, requests };
}

const ALL = async () => (await read(UNITS, { pageSize: 1000 })).ids;

describe('orders', () => {
  it('numbered pages: page 1, then the rest by number, handed out in order', async () => {
    const r = await read(UNITS);
    expect(r.ids).toEqual(await ALL());
    expect(r.pages).toHaveLength(4);
    expect(r.requests.map((q) => q.query.get('page'))).toEqual([null, ...r.requests.slice(1).map((q) => q.query.get('page'))]);
    expect(new Set(r.requests.slice(1).map((q) => q.query.get('page')))).toEqual(new Set(['2', '3', '4']));
  });

  it('cursor pages (no count, `page` ignored): each next link followed as given, never a page number', async () => {
    fake.pagination('cursor');
    const r = await read(UNITS);
    expect(r.ids).toEqual(await ALL());
    expect(r.requests).toHaveLength(4);
    expect(r.requests.every((q) => !q.query.has('page'))).toBe(true);
    expect(r.requests.slice(1).every((q) => q.query.has('cursor'))).toBe(true);
  });

  it('numbered pages, last page first: the last number down to page 2, then page 1', async () => {
    const r = await read(UNITS, { order: 'last-first' });
    const all = await ALL();
    expect(r.pages).toEqual([all.slice(30), all.slice(20, 30), all.slice(10, 20), all.slice(0, 10)]);
    expect(r.requests).toHaveLength(4);
  });

  it('cursor pages, last page first: walked to the end, then read back (one page in hand)', async () => {
    fake.pagination('cursor');
    const r = await read(UNITS, { order: 'last-first' });
    const all = await ALL();
    expect(r.pages).toEqual([all.slice(30), all.slice(20, 30), all.slice(10, 20), all.slice(0, 10)]);
    // Forward to the end (4), then back from the page before the last (3).
    expect(r.requests).toHaveLength(7);
  });

  it('a bare array is the whole list', async () => {
    const r = await read('projects/demo/languages/');
    expect(r.pages).toHaveLength(1);
    expect(r.requests).toHaveLength(1);
  });

  it('a limit asks for no page it does not need, in every order', async () => {
    expect((await read(UNITS, { limit: 12, pageSize: 10 })).requests).toHaveLength(2);
    fake.pagination('cursor');
    const cursor = await read(UNITS, { limit: 12, pageSize: 10 });
    expect([cursor.ids.length, cursor.requests.length]).toEqual([12, 2]);
  });
});

/** A list served from crafted pages, whatever the links ask: the n-th request to /api/crafted/ gets pages[n]. */
function craft(pages: Array<{ count?: number; next: string | null; ids: unknown[] }>) {
  const asked = () => fake.requests.filter((r) => r.path.endsWith('/crafted/')).length;
  const start = asked();
  pages.forEach((p, index) => {
    const body = JSON.stringify({ ...(p.count === undefined ? {} : { count: p.count }), next: p.next, previous: null, results: p.ids.map((id) => ({ id })) });
    fake.fault((q) => q.path.endsWith('/crafted/') && asked() === start + index + 1, { kind: 'rawBody', body }, 1);
  });
}

describe('a reader that cannot loop', () => {
  it('a next link already read ends the list with an error', async () => {
    fake.nextLinks('self');
    const e = await read(UNITS).catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(next link .* was already read\)/);
  });

  it('a cursor link already read ends the list with an error', async () => {
    fake.pagination('cursor');
    fake.nextLinks('self');
    const e = await read(UNITS).catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops/);
  });

  it('a page that repeats the one before it (the server ignores the link) ends the list with an error', async () => {
    const base = `${fake.url}crafted/`;
    craft([
      { next: `${base}?cursor=a`, ids: [1, 2] },
      { next: `${base}?cursor=b`, ids: [3, 4] },
      { next: `${base}?cursor=c`, ids: [3, 4] },
    ]);
    const e = await read('crafted/').catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(a page repeats the one before it\)/);
  });

  it('more pages than the count promised end the list with an error', async () => {
    const base = `${fake.url}crafted/`;
    craft([
      { count: 4, next: `${base}?offset=2`, ids: [1, 2] },
      { count: 4, next: `${base}?offset=4`, ids: [3, 4] },
      { count: 4, next: `${base}?offset=6`, ids: [5, 6] },
    ]);
    const e = await read('crafted/').catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(3 pages read where the count \(4\) makes 2\)/);
  });
});

describe('duplicates across pages (a bounded window: the page before and this one)', () => {
  const base = () => `${fake.url}crafted/`;
  it('an item repeated on the next page (the list shifted) is shown once, with a warning', async () => {
    craft([
      { next: `${base()}?c=2`, ids: [1, 2] },
      { next: `${base()}?c=3`, ids: [2, 3] },
      { next: null, ids: [4, 5] },
    ]);
    const r = await read('crafted/');
    expect(r.ids).toEqual([1, 2, 3, 4, 5]);
    expect(r.warnings.join('\n')).toMatch(/1 item\(s\) appeared twice/);
  });

  it('an id seen three pages back is outside the window: passed through (ids are not all kept)', async () => {
    craft([
      { next: `${base()}?c=2`, ids: [1, 2] },
      { next: `${base()}?c=3`, ids: [3, 4] },
      { next: `${base()}?c=4`, ids: [5, 6] },
      { next: null, ids: [1, 7] },
    ]);
    const r = await read('crafted/');
    expect(r.ids).toEqual([1, 2, 3, 4, 5, 6, 1, 7]);
    expect(r.warnings.join('\n')).not.toMatch(/appeared twice/);
  });

  it('a repeat within one page is dropped too', async () => {
    craft([
      { next: `${base()}?c=2`, ids: [1, 1] },
      { next: null, ids: [2, 3] },
    ]);
    expect((await read('crafted/')).ids).toEqual([1, 2, 3]);
  });
});
