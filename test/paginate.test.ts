// Duplicate detection across pages holds a bounded window of ids (issue 17): the ids of the page
// before and of the page being read, never every id of the list. A list that shifts while it is
// paged repeats items across adjacent pages; those are dropped. An id seen further back is the
// server's business and is passed through, which is what keeps memory flat however long the list.
import { describe, expect, it } from 'vitest';
import { parseJsonText, type ApiClient } from '../src/api/client.js';
import { paginate, type Item } from '../src/api/paginate.js';
import type { Msg } from '../src/core/text.js';

const BASE = new URL('http://127.0.0.1:1/api/');

/** A client that answers numbered pages from a list of pages (ids only), as the API would. */
function pagesClient(pages: number[][]): ApiClient {
  const count = pages.reduce((n, p) => n + p.length, 0);
  const client = {
    base: BASE,
    resolve: (path: string, query?: URLSearchParams) => {
      const url = new URL(path, BASE);
      if (query) for (const [k, v] of query) url.searchParams.append(k, v);
      return url;
    },
    getJsonText: async (url: URL) => {
      const n = Number(url.searchParams.get('page') ?? '1');
      const next = n < pages.length ? `${BASE.href}units/?page=${n + 1}` : null;
      return { url, status: 200, headers: {}, text: JSON.stringify({ count, next, previous: null, results: pages[n - 1]!.map((id) => ({ id })) }) };
    },
    getJson: async (url: URL) => parseJsonText(await client.getJsonText(url)),
  };
  return client as unknown as ApiClient;
}

async function read(pages: number[][]): Promise<{ ids: unknown[]; warnings: string[] }> {
  const warnings: string[] = [];
  const ids: unknown[] = [];
  for await (const page of paginate(pagesClient(pages), { path: 'units/', concurrency: 2, warn: (m: Msg) => warnings.push(String(m)) })) {
    ids.push(...page.items.map((i: Item) => i.id));
  }
  return { ids, warnings };
}

describe('duplicates across pages', () => {
  it('an item repeated on the next page (the list shifted) is shown once, with a warning', async () => {
    const r = await read([[1, 2], [2, 3], [4, 5]]);
    expect(r.ids).toEqual([1, 2, 3, 4, 5]);
    expect(r.warnings.join('\n')).toMatch(/1 item\(s\) appeared twice/);
  });

  it('an id seen three pages back is outside the window: passed through (ids are not all kept)', async () => {
    const r = await read([[1, 2], [3, 4], [5, 6], [1, 7]]);
    expect(r.ids).toEqual([1, 2, 3, 4, 5, 6, 1, 7]);
    expect(r.warnings.join('\n')).not.toMatch(/appeared twice/);
  });

  it('a repeat within one page is dropped too', async () => {
    const r = await read([[1, 1], [2, 3]]);
    expect(r.ids).toEqual([1, 2, 3]);
  });
});
