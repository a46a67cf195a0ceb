// A Language as the server sends it.
import type { Item } from '../../core/page.js';
import { languageAliases, languageCode, pluralOf, pluralText } from '../objects.js';
import { View } from '../view.js';

/**
 * A Language (/api/languages/, a translation's `language`): Weblate's source weblate/api/serializers.py
 * LanguageSerializer (plural nested by LanguagePluralSerializer), 2026.8 snapshot; servers before
 * `plural{number, formula}` send `nplurals`/`pluralequation` (pluralOf reads both), and a field a
 * server does not send reads undefined.
 */
export class LanguageView extends View {
  /** `code`, as sent. */
  get code(): unknown {
    return this.field('code');
  }
  get name(): unknown {
    return this.field('name');
  }
  get direction(): unknown {
    return this.field('direction');
  }
  /** `aliases`, as sent (a list of codes on servers that send it). */
  get aliases(): unknown {
    return this.field('aliases');
  }
  get population(): unknown {
    return this.field('population');
  }
  get webUrl(): unknown {
    return this.field('web_url');
  }
  /** The code, by objects.ts languageCode's rule; undefined when none. */
  get langCode(): string | undefined {
    return languageCode(this.raw);
  }
  /** The other codes it is known by (objects.ts languageAliases): strings only. */
  get aliasList(): string[] {
    return languageAliases(this.raw);
  }
  /** Its plural forms, whichever shape the server sent (objects.ts pluralOf). */
  get plural(): { number: unknown; formula: unknown } | undefined {
    return pluralOf(this.raw);
  }
  /** "2 forms: n != 1"; '' without a plural rule (objects.ts pluralText). */
  get pluralText(): string {
    return pluralText(this.raw);
  }
}

export const languageView = (raw: Item): LanguageView => new LanguageView(raw);
