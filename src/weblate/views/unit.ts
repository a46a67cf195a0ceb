// A Unit (a string of a translation) as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Unit (/api/units/…/, a translation's units, a search's results): Weblate's source
 * weblate/api/serializers.py UnitSerializer, 2026.8 snapshot; a field an older server does not send
 * reads undefined. `source`, `target` and `previous_source` are lists of plural forms.
 */
export class UnitView extends View {
  get id(): unknown {
    return this.field('id');
  }
  get url(): unknown {
    return this.field('url');
  }
  get webUrl(): unknown {
    return this.field('web_url');
  }
  get translation(): unknown {
    return this.field('translation');
  }
  get state(): unknown {
    return this.field('state');
  }
  get context(): unknown {
    return this.field('context');
  }
  get source(): unknown {
    return this.field('source');
  }
  get target(): unknown {
    return this.field('target');
  }
  get previousSource(): unknown {
    return this.field('previous_source');
  }
  get note(): unknown {
    return this.field('note');
  }
  get explanation(): unknown {
    return this.field('explanation');
  }
  get flags(): unknown {
    return this.field('flags');
  }
  get extraFlags(): unknown {
    return this.field('extra_flags');
  }
  get labels(): unknown {
    return this.field('labels');
  }
  get timestamp(): unknown {
    return this.field('timestamp');
  }
  get position(): unknown {
    return this.field('position');
  }
  get numWords(): unknown {
    return this.field('num_words');
  }
  get priority(): unknown {
    return this.field('priority');
  }
  /** `state` as a number (Weblate's STATE_* values: weblate/units.ts); undefined when not one. */
  get stateNumber(): number | undefined {
    return this.number('state');
  }
  /** `translation` when it is text: the API URL of its translation. */
  get translationUrl(): string | undefined {
    return this.string('translation');
  }
  /** `has_suggestion`; undefined when not sent. */
  get hasSuggestion(): boolean | undefined {
    return this.boolean('has_suggestion');
  }
  /** `has_comment`; undefined when not sent. */
  get hasComment(): boolean | undefined {
    return this.boolean('has_comment');
  }
  /** `has_failing_check`; undefined when not sent. */
  get hasFailingCheck(): boolean | undefined {
    return this.boolean('has_failing_check');
  }
}

export const unitView = (raw: Item): UnitView => new UnitView(raw);
