// Weblate's statistics: the percentages a gate can check (--metric) and the fields that hold them.
// Weblate's source: weblate/api/serializers.py StatisticsSerializer, weblate/utils/stats.py BaseStats.

/**
 * The counts and percentages a Statistics row holds (StatisticsSerializer's fields), and those of a
 * Translation (TranslationSerializer: `failing_checks…`, `have_…`), which wli reads in their place
 * where a server has no statistics: what `statistic(name)` reads when the field is chosen at run time
 * (a gate's metric, a --by column).
 */
export type StatisticsField =
  | 'total'
  | 'total_words'
  | 'total_chars'
  | 'translated'
  | 'translated_words'
  | 'translated_chars'
  | 'translated_percent'
  | 'translated_words_percent'
  | 'translated_chars_percent'
  | 'fuzzy'
  | 'fuzzy_words'
  | 'fuzzy_chars'
  | 'fuzzy_percent'
  | 'fuzzy_words_percent'
  | 'fuzzy_chars_percent'
  | 'failing'
  | 'failing_percent'
  | 'approved'
  | 'approved_words'
  | 'approved_chars'
  | 'approved_percent'
  | 'approved_words_percent'
  | 'approved_chars_percent'
  | 'readonly'
  | 'readonly_words'
  | 'readonly_chars'
  | 'readonly_percent'
  | 'readonly_words_percent'
  | 'readonly_chars_percent'
  | 'suggestions'
  | 'comments'
  | 'recent_changes'
  | 'failing_checks'
  | 'failing_checks_words'
  | 'failing_checks_percent'
  | 'have_suggestion'
  | 'have_comment';

export const METRICS = ['translated', 'approved', 'translated_words'] as const;
export type Metric = (typeof METRICS)[number];

/** The field of a Statistics (or Translation) object each metric reads. */
export const METRIC_FIELD: Record<Metric, StatisticsField> = {
  translated: 'translated_percent',
  approved: 'approved_percent',
  translated_words: 'translated_words_percent',
};

/** How `stats --project` breaks a project down: by language (the default), by translation, by component. */
export const STATS_BY = ['language', 'translation', 'component'] as const;
export type StatsBy = (typeof STATS_BY)[number];
