// A Category as the server sends it.
import type { Item } from '../../core/page.js';
import { NamedView } from './named.js';

/**
 * A Category of a project (/api/categories/…/): Weblate's source weblate/api/serializers.py
 * CategorySerializer, 2026.8 snapshot (`project` and `category` are API URLs, the parent category's
 * null at the top); a server without categories has no such objects.
 */
export class CategoryView extends NamedView {
  get project(): unknown {
    return this.field('project');
  }
  get category(): unknown {
    return this.field('category');
  }
}

export const categoryView = (raw: Item): CategoryView => new CategoryView(raw);
