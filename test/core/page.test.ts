// The page helpers (src/core/page.ts) on plain values: what each hands on, and when it makes items.
import { describe, expect, it } from 'vitest';
import { filterPage, head, madeOnce, mapPage, pageOf, pick, type Item, type Page } from '../../src/core/page.js';

/** A page that counts how often its items are made, as the page reader's are (parsed at each call). */
function counted(items: Item[], texts?: string[]): { page: Page; made: () => number } {
  let made = 0;
  return {
    page: { size: items.length, items: () => (made++, items.map((i) => ({ ...i }))), texts: texts && (() => texts) },
    made: () => made,
  };
}

const A = [{ id: 1 }, { id: 2 }, { id: 3 }];
const TEXTS = ['{"id":1}', '{"id":2}', '{"id":3}'];

describe('page helpers', () => {
  it.each([
    ['pick', (p: Page) => pick(p, [2, 0]), [3, 1], ['{"id":3}', '{"id":1}']],
    ['head 2', (p: Page) => head(p, 2), [1, 2], ['{"id":1}', '{"id":2}']],
    ['head past the end', (p: Page) => head(p, 9), [1, 2, 3], TEXTS],
    ['filter', (p: Page) => filterPage(p, (i) => i.id !== 2)!, [1, 3], ['{"id":1}', '{"id":3}']],
    [
      'map',
      (p: Page) =>
        mapPage(
          p,
          (i) => ({ n: i.id }),
          (t) => `[${t}]`,
        ),
      [undefined, undefined, undefined],
      TEXTS.map((t) => `[${t}]`),
    ],
  ])('%s: the items and texts it hands on', (_name, f, ids, texts) => {
    const out = f(pageOf(A, TEXTS));
    expect(out.items().map((i) => i.id)).toEqual(ids);
    expect(out.size).toBe(ids.length);
    expect(out.texts?.()).toEqual(texts);
  });

  it('a page whose texts cannot be given (an identity field the server sent itself): picked, it has none either, not an empty list', () => {
    const mapped = mapPage(
      pageOf(A, TEXTS),
      (i) => i,
      () => undefined,
    );
    expect(mapped.texts?.()).toBeUndefined();
    expect(pick(mapped, [0, 1]).texts?.()).toBeUndefined();
    expect(head(mapped, 1).texts?.()).toBeUndefined();
  });

  it('filter keeps nothing: no page', () => {
    expect(filterPage(pageOf(A), () => false)).toBeUndefined();
  });

  it('made once: a filter makes the items once, and its next use takes those; a later use makes them anew', () => {
    const { page, made } = counted(A, TEXTS);
    const kept = filterPage(page, (i) => i.id !== 2)!;
    expect(made()).toBe(1);
    expect(kept.items().map((i) => i.id)).toEqual([1, 3]);
    expect(made()).toBe(1);
    kept.items();
    expect(made()).toBe(2);
    const all = madeOnce(page, page.items());
    expect(mapPage(all, (i) => i).items()).toHaveLength(3);
    expect(made()).toBe(3);
  });
});
