// A Project as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Project (/api/projects/…/): Weblate's source weblate/api/serializers.py ProjectSerializer, 2026.8
 * snapshot; a field an older server does not send reads undefined.
 */
export class ProjectView extends View {
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
  get webUrl(): unknown {
    return this.field('web_url');
  }
  /** `slug` when it is text. */
  get slugText(): string | undefined {
    return this.string('slug');
  }
}

export const projectView = (raw: Item): ProjectView => new ProjectView(raw);
