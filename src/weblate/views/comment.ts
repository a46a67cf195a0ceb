// A Comment on a unit as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Comment (a unit's comments, wli's `--with comments`): Weblate's source weblate/api/serializers.py
 * CommentSerializer, 2026.8 snapshot.
 */
export class CommentView extends View {
  get comment(): unknown {
    return this.field('comment');
  }
  get scope(): unknown {
    return this.field('scope');
  }
  get user(): unknown {
    return this.field('user');
  }
  get timestamp(): unknown {
    return this.field('timestamp');
  }
  /** `timestamp` when it is text. */
  get time(): string | undefined {
    return this.string('timestamp');
  }
}

export const commentView = (raw: Item): CommentView => new CommentView(raw);
