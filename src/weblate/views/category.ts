// A Category as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Category of a project (/api/categories/…/): Weblate's source weblate/api/serializers.py
 * CategorySerializer, 2026.8 snapshot (`project` and `category` are API URLs, the parent category's
 * null at the top); a server without categories has no such objects.
 */
export class CategoryView extends View {
  get id(): unknown {
    return this.field('id');
  }
  get name(): unknown {
    return this.field('name');
  }
  get slug(): unknown {
    return this.field('slug');
  }
  get url(): unknown {
    return this.field('url');
  }
  get project(): unknown {
    return this.field('project');
  }
  get category(): unknown {
    return this.field('category');
  }
  /** `slug` when it is text. */
  get slugText(): string | undefined {
    return this.string('slug');
  }
}

export const categoryView = (raw: Item): CategoryView => new CategoryView(raw);
