// stats for -f openmetrics: each row's shares and counts as gauges, labelled by the row's identity
// (project, component, language, target), for Prometheus' textfile collector or GitLab's metrics
// reports. The shares are the server's percentages over 100, never recomputed from the counts.
import type { Identity } from '../../weblate/identity.js';
import { numberOf, plainText } from '../../core/values.js';
import type { MetricFamily, Sample } from '../../output/openmetrics.js';
import type { Row } from './gate.js';
import { statisticsView, type StatisticsField } from '../../weblate/views/statistics.js';

/** [metric name, statistics field, help]: shares (unit ratio, 0 to 1) from the server's percentages. */
const RATIOS: ReadonlyArray<readonly [string, StatisticsField, string]> = [
  ['wli_translated_ratio', 'translated_percent', 'Share of strings translated (translated_percent / 100)'],
  ['wli_approved_ratio', 'approved_percent', 'Share of strings approved (approved_percent / 100)'],
  ['wli_fuzzy_ratio', 'fuzzy_percent', 'Share of strings needing editing (fuzzy_percent / 100)'],
  ['wli_failing_checks_ratio', 'failing_percent', 'Failing checks per string (failing_percent / 100)'],
  ['wli_translated_words_ratio', 'translated_words_percent', 'Share of words translated (translated_words_percent / 100)'],
];

/** [metric name, statistics field, help]: counts as the server sends them. */
const COUNTS: ReadonlyArray<readonly [string, StatisticsField, string]> = [
  ['wli_strings', 'total', 'Strings (total)'],
  ['wli_translated_strings', 'translated', 'Strings translated (translated)'],
  ['wli_approved_strings', 'approved', 'Strings approved (approved)'],
  ['wli_fuzzy_strings', 'fuzzy', 'Strings needing editing (fuzzy)'],
  ['wli_failing_checks', 'failing', 'Failing checks (failing)'],
  ['wli_words', 'total_words', 'Words (total_words)'],
  ['wli_translated_words', 'translated_words', 'Words translated (translated_words)'],
];

const label = (v: unknown) => (v === null || v === undefined ? '' : plainText(v));

/** The row's identity (wli's, never the server's fields) as labels; an empty value where it does not apply (a language row has no project). */
const labelsOf = (id: Identity): Record<string, string> => ({
  project: label(id.project),
  component: label(id.component),
  language: label(id.language),
  target: label(id.target),
});

/** A percentage as a share: 78.1 → 0.781, not 0.7809999999999999. */
const share = (percent: number) => Number((percent / 100).toPrecision(12));

export function statsMetrics(rows: readonly Row[]): MetricFamily[] {
  // One sample per target in a family: a target named twice (stats demo/android demo/android) once.
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(label(r.id.target)) && seen.add(label(r.id.target)));
  const family = (name: string, field: StatisticsField, help: string, unit: string | undefined, value: (n: number) => number): MetricFamily => ({
    name,
    type: 'gauge',
    unit,
    help,
    samples: unique.flatMap((r): Sample[] => {
      const n = numberOf(statisticsView(r.item).statistic(field));
      return n === undefined ? [] : [{ labels: labelsOf(r.id), value: value(n) }];
    }),
  });
  return [
    ...RATIOS.map(([name, field, help]) => family(name, field, help, 'ratio', share)),
    ...COUNTS.map(([name, field, help]) => family(name, field, help, undefined, (n) => n)),
  ];
}
