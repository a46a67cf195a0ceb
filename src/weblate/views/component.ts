// A Component as the server sends it.
import type { Item } from '../../core/page.js';
import { sourceLanguageCode } from '../objects.js';
import { View } from '../view.js';

/**
 * A Component (/api/components/…/, a project's components): Weblate's source weblate/api/serializers.py
 * ComponentSerializer (ProjectComponentSerializer in a project's list), 2026.8 snapshot; a field an
 * older server does not send reads undefined.
 */
export class ComponentView extends View {
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
  get fileFormat(): unknown {
    return this.field('file_format');
  }
  /** `slug` when it is text. */
  get slugText(): string | undefined {
    return this.string('slug');
  }
  /** Its source language's code (objects.ts sourceLanguageCode). */
  get sourceLangCode(): string | undefined {
    return sourceLanguageCode(this.raw);
  }
  /**
   * `locked`: whether the component takes no changes; undefined where the list does not say (then its
   * …/lock/ does: LockView).
   */
  get locked(): boolean | undefined {
    return this.boolean('locked');
  }
  /** Its nested project, when sent. */
  get project(): Item | undefined {
    return this.object('project');
  }
}

export const componentView = (raw: Item): ComponentView => new ComponentView(raw);
