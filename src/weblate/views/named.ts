// What a project and a component have alike (a category too): an id, a name, a slug and their API URL.
import { View } from '../view.js';

/**
 * The fields ProjectSerializer, ComponentSerializer and CategorySerializer share (Weblate's source
 * weblate/api/serializers.py, 2026.8 snapshot): id, name, slug, url.
 */
export class NamedView extends View {
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
  /** `slug` when it is text. */
  get slugText(): string | undefined {
    return this.string('slug');
  }
}
