// What lists are made of, as every floor above sees them: the objects a server sent, a page at a time.
//
// A page is made into objects where it is used, within one synchronous step (a table's rows, a chunk of
// JSON), and let go before the next await: the page reader's pages are the server's bytes until then
// (api/list-page.ts), so what travels through the generators between the reader and the output, and
// what waits its turn, is bytes and offsets. Objects held across an await outlive the young
// generation's collections and make a long list's memory grow (docs/performance.md).

/** One object of a list, as the server sent it (unknown fields included). */
export type Item = Record<string, unknown>;

/** Whether a JSON value is an object (not null, not an array): one whose fields can be read. */
export const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A page of a list. */
export interface Page {
  /** How many items it holds, known without making them. */
  readonly size: number;
  /** Its items, made at each call (parsed from the server's bytes): use them at once, and keep only what you need. */
  items(): Item[];
  /** The server's own compact text of each item, when the page has it: exact by construction (numbers, key order, unknown fields). */
  texts?(): string[] | undefined;
  /** The same texts as UTF-8 bytes, a newline after each: the page as JSON Lines, in one or more pieces of the answer as it arrived. */
  lines?(): Uint8Array[];
}

/** A page of items already made (rows a command computed, a record), with the server's texts of them when known. */
export function pageOf(items: Item[], texts?: string[]): Page {
  return { size: items.length, items: () => items, texts: texts && (() => texts) };
}

/** The items at these indexes, in this order, made when used. */
export function pick(page: Page, keep: readonly number[]): Page {
  const picked = <T>(all: readonly T[]): T[] =>
    keep.flatMap((k) => {
      const x = all[k];
      return x === undefined ? [] : [x];
    });
  return {
    size: keep.length,
    items: () => picked(page.items()),
    texts:
      page.texts &&
      (() => {
        const texts = page.texts?.();
        return texts && picked(texts);
      }),
  };
}

/**
 * A page whose items were made once already (to decide something about them): the next use takes those,
 * a later one makes them anew. The objects cross the awaits up to that use (one page's, for a filter's
 * pages only): making them twice cost a fifth of the time of units above a translation.
 */
export function madeOnce(page: Page, made: Item[]): Page {
  let held: Item[] | undefined = made;
  return {
    size: page.size,
    items: () => {
      const items = held ?? page.items();
      held = undefined;
      return items;
    },
    texts: page.texts && (() => page.texts?.()),
    lines: page.lines && (() => page.lines?.() ?? []),
  };
}

/** The items `keep` is true of, those made for the decision handed on (madeOnce); undefined when it is true of none. */
export function filterPage(page: Page, keep: (item: Item) => boolean): Page | undefined {
  const items = page.items();
  const kept: number[] = [];
  items.forEach((item, k) => {
    if (keep(item)) kept.push(k);
  });
  if (kept.length === 0) return undefined;
  const made = madeOnce(page, items);
  return kept.length === page.size ? made : pick(made, kept);
}

/** The first `n` items. */
export const head = (page: Page, n: number): Page =>
  n >= page.size
    ? page
    : pick(
        page,
        Array.from({ length: n }, (_, k) => k),
      );

/**
 * Each item changed, when used; `text` changes the server's text of an item alike (given the item it is
 * the text of), or says it cannot (undefined): the page then has no texts.
 */
export function mapPage(page: Page, change: (item: Item) => Item, text?: (text: string, item: Item) => string | undefined): Page {
  return {
    size: page.size,
    items: () => page.items().map(change),
    texts:
      text && page.texts
        ? () => {
            const texts = page.texts?.();
            if (!texts) return undefined;
            const items = page.items();
            const out: string[] = [];
            for (const [k, t] of texts.entries()) {
              const item = items[k];
              const changed = item === undefined ? undefined : text(t, item);
              if (changed === undefined) return undefined;
              out.push(changed);
            }
            return out;
          }
        : undefined,
  };
}
