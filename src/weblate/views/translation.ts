// A Translation as the server sends it.
import type { Item } from '../../core/page.js';
import { fileLanguageCode, languageCode, translationRevision } from '../objects.js';
import { View } from '../view.js';
import type { StatisticsField } from '../statistics.js';

/**
 * A Translation (/api/translations/…/, a component's translations): Weblate's source
 * weblate/api/serializers.py TranslationSerializer (its counts are the translation's stats), 2026.8
 * snapshot; a field an older server does not send reads undefined.
 */
export class TranslationView extends View {
  /** A count or percentage named at run time (a gate's metric), as sent. */
  statistic(name: StatisticsField): unknown {
    return this.field(name);
  }
  get url(): unknown {
    return this.field('url');
  }
  get webUrl(): unknown {
    return this.field('web_url');
  }
  get filename(): unknown {
    return this.field('filename');
  }
  get revision(): unknown {
    return this.field('revision');
  }
  get languageCode(): unknown {
    return this.field('language_code');
  }
  get total(): unknown {
    return this.field('total');
  }
  get totalWords(): unknown {
    return this.field('total_words');
  }
  get translated(): unknown {
    return this.field('translated');
  }
  get translatedWords(): unknown {
    return this.field('translated_words');
  }
  get translatedPercent(): unknown {
    return this.field('translated_percent');
  }
  get fuzzy(): unknown {
    return this.field('fuzzy');
  }
  get fuzzyPercent(): unknown {
    return this.field('fuzzy_percent');
  }
  get failingChecks(): unknown {
    return this.field('failing_checks');
  }
  get failingChecksPercent(): unknown {
    return this.field('failing_checks_percent');
  }
  get haveSuggestion(): unknown {
    return this.field('have_suggestion');
  }
  get haveComment(): unknown {
    return this.field('have_comment');
  }
  get lastChange(): unknown {
    return this.field('last_change');
  }
  get lastAuthor(): unknown {
    return this.field('last_author');
  }
  /** `is_source`: whether this is the component's source translation; undefined when not sent. */
  get isSource(): boolean | undefined {
    return this.boolean('is_source');
  }
  /** `filename` when it is text (a path in the repository); undefined otherwise. */
  get file(): string | undefined {
    return this.string('filename');
  }
  /** The commit of its file (objects.ts translationRevision); undefined when empty or not sent. */
  get revisionText(): string | undefined {
    return translationRevision(this.raw);
  }
  /** Its language's code (objects.ts languageCode: the nested language's code first). */
  get langCode(): string | undefined {
    return languageCode(this.raw);
  }
  /** The code its file name uses (objects.ts fileLanguageCode: `language_code` first). */
  get fileLangCode(): string | undefined {
    return fileLanguageCode(this.raw);
  }
  /** `translated_percent` as a number. */
  get percent(): number | undefined {
    return this.number('translated_percent');
  }
  /** `total` as a number (0: a translation without strings). */
  get totalCount(): number | undefined {
    return this.number('total');
  }
  get fuzzyCount(): number | undefined {
    return this.number('fuzzy');
  }
  get failingChecksCount(): number | undefined {
    return this.number('failing_checks');
  }
  /** Its nested language, when sent. */
  get language(): Item | undefined {
    return this.object('language');
  }
  /** Its nested component, when sent. */
  get component(): Item | undefined {
    return this.object('component');
  }
  /** `is_template` (TranslationSerializer): whether its file is the component's template; undefined when not sent. */
  get isTemplate(): boolean | undefined {
    return this.boolean('is_template');
  }
}

export const translationView = (raw: Item): TranslationView => new TranslationView(raw);
