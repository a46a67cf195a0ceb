// A Change (an entry of a history) as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Change (/api/changes/, an object's changes): Weblate's source weblate/api/serializers.py
 * ChangeSerializer, 2026.8 snapshot (`action_name` is its label; `user` and `author` are user URLs,
 * null when none); a field an older server does not send reads undefined.
 */
export class ChangeView extends View {
  get id(): unknown {
    return this.field('id');
  }
  get url(): unknown {
    return this.field('url');
  }
  get action(): unknown {
    return this.field('action');
  }
  get actionName(): unknown {
    return this.field('action_name');
  }
  get timestamp(): unknown {
    return this.field('timestamp');
  }
  get user(): unknown {
    return this.field('user');
  }
  get author(): unknown {
    return this.field('author');
  }
  get unit(): unknown {
    return this.field('unit');
  }
  get translation(): unknown {
    return this.field('translation');
  }
  get component(): unknown {
    return this.field('component');
  }
  get target(): unknown {
    return this.field('target');
  }
  get old(): unknown {
    return this.field('old');
  }
  /** `timestamp` when it is text (ISO 8601, as sent). */
  get time(): string | undefined {
    return this.string('timestamp');
  }
  /** `action` as a number (Weblate's ActionEvents value); undefined when not one. */
  get actionNumber(): number | undefined {
    return this.number('action');
  }
  /** Who made it: `user`, else `author` (a change made on someone's behalf names the author only). */
  get who(): unknown {
    const user = this.field('user');
    return user !== null && user !== undefined ? user : this.field('author');
  }
}

export const changeView = (raw: Item): ChangeView => new ChangeView(raw);
