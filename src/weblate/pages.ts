// How Weblate (Django REST framework) pages a list: {count, next, previous, results}. Page-number
// pagination today (`?page=2`, `page=last` works, the link to page 1 has no `page`); cursor pagination
// is planned (weblate issue 21696: no `count`, opaque `next` links, `page` ignored). Some endpoints
// answer a bare array instead (a project's languages on 5.4, /api/search/).
import { isItem } from '../core/page.js';

/** The key of a page's items: the one array the JSON codec keeps the text of, item by item. (Weblate's source: weblate/api/pagination.py StandardPagination) */
export const ITEMS = 'results';

/** A page as sent, its envelope read; `items` unchecked (each should be an object). */
export interface Envelope {
  items: unknown[];
  /** The number of items in the whole list; undefined when the server does not say (cursor pages). */
  count?: number;
  next?: unknown;
  previous?: unknown;
  /** A bare array: the whole list in one answer. */
  bare: boolean;
}

/** The envelope of a list answer, or undefined when the body is not a list at all. */
export function readEnvelope(body: unknown): Envelope | undefined {
  if (Array.isArray(body)) return { items: body, count: body.length, bare: true };
  if (!isItem(body)) return undefined;
  const b = body;
  if (!Array.isArray(b.results)) return undefined;
  const count = typeof b.count === 'number' && Number.isSafeInteger(b.count) && b.count >= 0 ? b.count : undefined;
  return { items: b.results, count, next: b.next ?? undefined, previous: b.previous ?? undefined, bare: false };
}

/** The page number a link names: `page=3` → 3; undefined when it names none (a cursor, page 1, `last`). */
export function pageNumber(link: string, relativeTo: URL): number | undefined {
  try {
    const p = new URL(link, relativeTo).searchParams.get('page');
    return p !== null && /^\d+$/.test(p) ? Number(p) : undefined;
  } catch {
    return undefined;
  }
}
