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
    for await (const page of paginate(c, { path, concurrency: 4, warn: (m) => warnings.push(String(m)), ...o }))
      pages.push(page.items().map((i: Item) => i.id));
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

/**
 * A list served from crafted pages, whatever the links ask: the n-th request to /api/<name>/ gets
 * pages[n]. A page never asked for stays planned: a test that stops early uses a name of its own.
 */
function craft(pages: Array<{ count?: number; next: string | null; ids: unknown[] }>, name = 'crafted') {
  const asked = () => fake.requests.filter((r) => r.path.endsWith(`/${name}/`)).length;
  const start = asked();
  pages.forEach((p, index) => {
    const body = JSON.stringify({ ...(p.count === undefined ? {} : { count: p.count }), next: p.next, previous: null, results: p.ids.map((id) => ({ id })) });
    fake.fault((q) => q.path.endsWith(`/${name}/`) && asked() === start + index + 1, { kind: 'rawBody', body }, 1);
  });
}

/**
 * A numbered list served at /api/<name>/ by page number (no `page` is page 1), whatever order the pages
 * are asked in: page n is pages[n - 1], its `next` a link to page n + 1 unless `last`.
 */
function numbered(name: string, pages: Array<{ count?: number; ids: unknown[]; last?: boolean }>) {
  const base = `${fake.url}${name}/`;
  pages.forEach((p, index) => {
    const n = index + 1;
    const body = JSON.stringify({
      ...(p.count === undefined ? {} : { count: p.count }),
      next: p.last ? null : `${base}?page=${n + 1}`,
      previous: null,
      results: p.ids.map((id) => ({ id })),
    });
    fake.fault((q) => q.path.endsWith(`/${name}/`) && (q.query.get('page') ?? '1') === String(n), { kind: 'rawBody', body }, Infinity);
  });
  return `${name}/`;
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

  it('linked pages with a count: a next link past the pages the count makes ends the list, unfollowed', async () => {
    const base = `${fake.url}counted/`;
    craft(
      [
        { count: 4, next: `${base}?offset=2`, ids: [1, 2] },
        { count: 4, next: `${base}?offset=4`, ids: [3, 4] },
        { count: 4, next: `${base}?offset=6`, ids: [5, 6] },
      ],
      'counted',
    );
    const before = fake.requests.length;
    const e = await read('counted/').catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(page 2 links to \S+offset=4, past the 2 page\(s\) the count \(4\) makes\); the list ends after 4 items/);
    expect(fake.requests.slice(before).filter((q) => q.path.endsWith('/counted/'))).toHaveLength(2);
  });

  it('numbered pages are held to the count: page 1 says 2 items, every page links to the next number', async () => {
    // Page size 1, count 2, and a next link on every page: read for ever before the count held them.
    const path = numbered(
      'endless',
      Array.from({ length: 40 }, (_, i) => ({ count: 2, ids: [i + 1] })),
    );
    const before = fake.requests.length;
    const e = await read(path).catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(page 2 links to \S+page=3, past the 2 page\(s\) the count \(2\) makes\); the list ends after 2 items/);
    // Nothing past page 2 was asked, not even ahead.
    expect(fake.requests.slice(before).map((q) => q.query.get('page'))).toEqual([null, '2']);
  });

  it('numbered pages: page 1 alone is all the count makes, yet it links to page 2', async () => {
    const path = numbered('one-page', [
      { count: 3, ids: [1, 2, 3] },
      { count: 3, ids: [4, 5, 6], last: true },
    ]);
    const e = await read(path).catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(page 1 links to \S+page=2, past the 1 page\(s\) the count \(3\) makes\); the list ends after 3 items/);
  });

  it('a numbered page that states no count leaves the latest count standing', async () => {
    const path = numbered('uncounted', [{ count: 2, ids: [1] }, { ids: [2] }, { ids: [3] }, { ids: [4], last: true }]);
    const e = await read(path).catch((err: unknown) => err);
    expect(String(e)).toMatch(/pagination loops \(page 2 links to \S+page=3, past the 2 page\(s\) the count \(2\) makes\)/);
  });

  it('linked pages with a count that grows while they are read are read to their end', async () => {
    const base = `${fake.url}crafted/`;
    craft([
      { count: 2, next: `${base}?offset=1`, ids: [1] },
      { count: 3, next: `${base}?offset=2`, ids: [2] },
      { count: 3, next: null, ids: [3] },
    ]);
    expect((await read('crafted/')).ids).toEqual([1, 2, 3]);
  });

  it('a numbered list that grows while it is read is read to its end: the limit follows the latest count', async () => {
    const path = numbered('growing', [
      { count: 2, ids: [1] },
      { count: 3, ids: [2] },
      { count: 4, ids: [3] },
      { count: 4, ids: [4], last: true },
    ]);
    const r = await read(path);
    expect(r.ids).toEqual([1, 2, 3, 4]);
    expect(r.warnings.join('\n')).toMatch(/count 2 → 3/);
    expect(r.warnings.join('\n')).toMatch(/count 3 → 4/);
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

  it('an item repeated on every page is shown once (linked pages)', async () => {
    craft([
      { next: `${base()}?c=2`, ids: [1, 2] },
      { next: `${base()}?c=3`, ids: [1, 3] },
      { next: `${base()}?c=4`, ids: [1, 4] },
      { next: null, ids: [1, 5] },
    ]);
    const r = await read('crafted/');
    expect(r.ids).toEqual([1, 2, 3, 4, 5]);
    expect(r.warnings.join('\n')).toMatch(/1 item\(s\) appeared twice or more and were each shown once/);
  });

  it('an item repeated on every page is shown once (numbered pages)', async () => {
    const path = numbered('sticky', [
      { count: 8, ids: [1, 2] },
      { count: 8, ids: [1, 3] },
      { count: 8, ids: [1, 4] },
      { count: 8, ids: [1, 5], last: true },
    ]);
    expect((await read(path)).ids).toEqual([1, 2, 3, 4, 5]);
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
