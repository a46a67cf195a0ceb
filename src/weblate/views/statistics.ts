// A Statistics row (…/statistics/) as the server sends it.
import type { Item } from '../../core/page.js';
import { languageCode } from '../objects.js';
import { View } from '../view.js';
import type { StatisticsField } from '../statistics.js';

export type { StatisticsField } from '../statistics.js';

/**
 * A Statistics row of a project, component, translation, language or category: Weblate's source
 * weblate/api/serializers.py StatisticsSerializer (2026.8 snapshot; a count an older server does not
 * send reads undefined). Where a server has no statistics wli reads the Translation objects instead
 * (TranslationSerializer), so `isSource` and `failingChecks` are read here too.
 */
export class StatisticsView extends View {
  /** A count or percentage named at run time, as sent. */
  statistic(name: StatisticsField): unknown {
    return this.field(name);
  }
  /** A count or percentage named at run time, as a finite number; undefined when not one. */
  statisticNumber(name: StatisticsField): number | undefined {
    return this.number(name);
  }
  get total(): unknown {
    return this.field('total');
  }
  get translated(): unknown {
    return this.field('translated');
  }
  get translatedPercent(): unknown {
    return this.field('translated_percent');
  }
  /** `translated_percent` as a number. */
  get percent(): number | undefined {
    return this.number('translated_percent');
  }
  get approved(): unknown {
    return this.field('approved');
  }
  get fuzzy(): unknown {
    return this.field('fuzzy');
  }
  get failing(): unknown {
    return this.field('failing');
  }
  /** A Translation's count of failing checks (the fallback's `failing`). */
  get failingChecks(): unknown {
    return this.field('failing_checks');
  }
  get suggestions(): unknown {
    return this.field('suggestions');
  }
  get comments(): unknown {
    return this.field('comments');
  }
  get lastChange(): unknown {
    return this.field('last_change');
  }
  get recentChanges(): unknown {
    return this.field('recent_changes');
  }
  /** The language's code of a per-language or per-translation row, as sent. */
  get code(): unknown {
    return this.field('code');
  }
  get name(): unknown {
    return this.field('name');
  }
  get url(): unknown {
    return this.field('url');
  }
  /** The language code by objects.ts languageCode's rule (a Translation fallback's nested language first). */
  get langCode(): string | undefined {
    return languageCode(this.raw);
  }
  /** A Translation fallback's `is_source`; undefined on a Statistics row, which does not say. */
  get isSource(): boolean | undefined {
    return this.boolean('is_source');
  }
}

export const statisticsView = (raw: Item): StatisticsView => new StatisticsView(raw);
