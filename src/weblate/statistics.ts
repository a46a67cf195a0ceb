// Weblate's statistics: the percentages a gate can check (--metric) and the fields that hold them.
// Weblate's source: weblate/api/serializers.py StatisticsSerializer, weblate/utils/stats.py BaseStats.

export const METRICS = ['translated', 'approved', 'translated_words'] as const;
export type Metric = (typeof METRICS)[number];

/** The field of a Statistics (or Translation) object each metric reads. */
export const METRIC_FIELD: Record<Metric, string> = {
  translated: 'translated_percent',
  approved: 'approved_percent',
  translated_words: 'translated_words_percent',
};

/** How `stats --project` breaks a project down: by language (the default), by translation, by component. */
export const STATS_BY = ['language', 'translation', 'component'] as const;
export type StatsBy = (typeof STATS_BY)[number];
