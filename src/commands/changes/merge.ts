// The history of several lists as one, newest first: a category's (Weblate keeps no history of a
// category, only of each component in it). A k-way merge of the components' lists, each read page by
// page through the one page reader, newest first as Weblate lists them: memory holds one page per list
// (and the batch being handed out), whatever the length of the histories.
import { pageOf, type Item, type Page } from '../../core/page.js';
import { chronological } from '../../weblate/changes.js';

/** A list being merged: its page at hand, where in it the merge is, and the pages after it. */
interface Cursor {
  items: Item[];
  raw?: string[];
  at: number;
  rest: AsyncGenerator<Page>;
}

/** The next page of a list with items in it; undefined at its end. */
async function advance(c: Cursor): Promise<Cursor | undefined> {
  for (;;) {
    const next = await c.rest.next();
    if (next.done) return undefined;
    // The merge compares every list's next change: each list's page at hand is made into objects.
    if (next.value.size) return { items: next.value.items(), raw: next.value.texts?.(), at: 0, rest: c.rest };
  }
}

/** The lists merged newest first (by timestamp, then id), handed out in pages of up to `batch` changes. */
export async function* newestFirst(lists: ReadonlyArray<AsyncGenerator<Page>>, batch: number): AsyncGenerator<Page> {
  const opened = lists.map((rest): Cursor => ({ items: [], at: 0, rest }));
  try {
    // Every list's first page, asked together (the client bounds how many are out at once).
    let cursors = (await Promise.all(opened.map(advance))).filter((c): c is Cursor => c !== undefined);
    let items: Item[] = [];
    let raw: Array<string | undefined> = [];
    const out = (): Page => {
      const page = pageOf(items, raw.every((r): r is string => r !== undefined) ? raw : undefined);
      items = [];
      raw = [];
      return page;
    };
    while (cursors.length) {
      // Each cursor is at a change (advance() hands out no empty page): the newest one's, the first of equals.
      let c: Cursor | undefined;
      let head: Item | undefined;
      for (const x of cursors) {
        const item = x.items[x.at];
        if (item !== undefined && (head === undefined || chronological(item, head) > 0)) [c, head] = [x, item];
      }
      if (c === undefined || head === undefined) break;
      items.push(head);
      raw.push(c.raw?.[c.at]);
      if (++c.at < c.items.length) {
        if (items.length >= batch) yield out();
        continue;
      }
      // The list's page is spent: what is merged goes out before its next page is waited for.
      if (items.length) yield out();
      const next = await advance(c);
      cursors = next ? cursors.map((x) => (x === c ? next : x)) : cursors.filter((x) => x !== c);
    }
    if (items.length) yield out();
  } finally {
    await Promise.allSettled(opened.map((c) => c.rest.return(undefined)));
  }
}
