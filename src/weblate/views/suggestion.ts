// A Suggestion of a unit as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Suggestion (/api/units/…/suggestions/… and wli's `--with suggestions`): Weblate's source
 * weblate/api/serializers.py SuggestionSerializer, 2026.8 snapshot (`user` a user URL, `votes` its
 * get_num_votes).
 */
export class SuggestionView extends View {
  get id(): unknown {
    return this.field('id');
  }
  get unit(): unknown {
    return this.field('unit');
  }
  get target(): unknown {
    return this.field('target');
  }
  get user(): unknown {
    return this.field('user');
  }
  get timestamp(): unknown {
    return this.field('timestamp');
  }
  get votes(): unknown {
    return this.field('votes');
  }
  /** `timestamp` when it is text. */
  get time(): string | undefined {
    return this.string('timestamp');
  }
}

export const suggestionView = (raw: Item): SuggestionView => new SuggestionView(raw);
