// Categories (Weblate 5.0 and later): folders of components inside a project, nested. A component in
// one is named by its path, project/category/…/component (target.ts); the API lists a project's
// categories each with its parent as a URL, so a category's path is the chain of slugs up to the top.
// Weblate has no list of a category's components: they are the project's components whose own URL
// path lies under the category's (nested categories' components too).
import type { Item } from '../core/page.js';
import { targetOfUrl } from './target.js';

/** Deeper than Weblate nests; a chain this long (or a loop) from a broken server names no path. */
const MAX_DEPTH = 32;

/** Each category of a project's category list with its slug path ("docs", "docs/api"), in list order. */
export function categoriesByPath(items: readonly Item[]): Array<{ path: string; item: Item }> {
  const byUrl = new Map(items.flatMap((i) => (typeof i.url === 'string' ? [[i.url, i] as const] : [])));
  const pathOf = (item: Item, depth: number): string | undefined => {
    if (typeof item.slug !== 'string' || item.slug === '' || depth > MAX_DEPTH) return undefined;
    if (item.category === null || item.category === undefined) return item.slug;
    const parent = typeof item.category === 'string' ? byUrl.get(item.category) : undefined;
    const up = parent && pathOf(parent, depth + 1);
    return up === undefined ? undefined : `${up}/${item.slug}`;
  };
  return items.flatMap((item) => {
    const path = pathOf(item, 0);
    return path === undefined ? [] : [{ path, item }];
  });
}

/** Whether a component of a project's list lies inside the category at `path` (nested categories too). */
export function inCategory(component: Item, project: string, path: string): boolean {
  return targetOfUrl(component.url)?.startsWith(`${project}/${path}/`) ?? false;
}
