// How stats rows look in a table and Markdown: the gated metric, the change since a baseline, counts;
// a single row as key/value lines. Failing rows are coloured (and marked where colour cannot say it)
// as the run's verdict judged them (src/gate/): a column looks a row up, it never judges. A column is
// given the row as written (wli's identity first, then the server's fields); the row's identity is the
// one wli gave it (identityOfRow), never its fields.
import { plainText } from '../../core/values.js';
import type { Item } from '../../core/page.js';
import { percentText } from '../../output/readable.js';
import type { Column, Style } from '../../output/result.js';
import { change, changeText, type Gate, type StatsRow } from '../../gate/stats.js';
import type { Subject } from '../../gate/verdict.js';
import { NO_IDENTITY, identityOfRow } from '../../weblate/identity.js';
import { METRIC_FIELD, type Metric } from '../../weblate/statistics.js';
import { statisticsView, type StatisticsField, type StatisticsView } from '../../weblate/views/statistics.js';
import { columnsOver } from '../../output/view-columns.js';

/** What the verdict made of a row (none: a row of no verdict, a table without a gate). */
type JudgedAs = (item: Item) => Subject | undefined;

const unjudged: JudgedAs = () => undefined;

/** A row as written, with the identity wli made it with. */
const statsRowOf = (s: Item): StatsRow => ({ id: identityOfRow(s) ?? NO_IDENTITY, item: s });

/** The target a written row is, as the verdict names it: the subjects of a verdict looked up by it. */
export const judgedBy =
  (subjects: ReadonlyMap<string, Subject>): JudgedAs =>
  (s) =>
    subjects.get(identityOfRow(s)?.target ?? '');

/** How the verdict judged a row, for colour: failing (red) or passing (green); no colour for rows not judged. */
const gateStyle =
  (judged: JudgedAs) =>
  (s: StatisticsView): Style | undefined => {
    const j = judged(s.raw)?.judgement;
    return j === 'fail' ? 'red' : j === 'pass' ? 'green' : undefined;
  };

/** The mark of a row's failure of one check, as the verdict wrote it. */
const markOf = (judged: JudgedAs, check: string) => (s: StatisticsView) => judged(s.raw)?.failures.find((f) => f.check === check)?.mark;

/** The percentage column's header: the metric the gate checks (and the table shows). */
const METRIC_HEADER: Record<Metric, string> = { translated: 'translated', approved: 'approved %', translated_words: 'words' };

export function listColumns(gate: Gate, judged: JudgedAs = unjudged): Column[] {
  const field = METRIC_FIELD[gate.metric];
  const since: Column<StatisticsView>[] = gate.baseline
    ? [
        {
          header: 'change',
          value: (s) => changeText(gate, statsRowOf(s.raw)),
          kind: 'percent',
          style: (s) => ((change(gate, statsRowOf(s.raw)) ?? 0) < 0 ? 'red' : (change(gate, statsRowOf(s.raw)) ?? 0) > 0 ? 'green' : undefined),
          mark: markOf(judged, 'fail-on-drop'),
        },
      ]
    : [];
  // --metric approved shows the approved count in place of the strings: not twice.
  const approvedCount: Column<StatisticsView>[] =
    gate.metric === 'approved' ? [] : [{ header: 'approved', field: 'approved', value: (s) => s.approved, kind: 'count', drop: 4 }];
  return columnsOver(statisticsView, [
    { header: 'target', field: 'wli_target', value: (s) => identityOfRow(s.raw)?.target, kind: 'key' },
    {
      header: METRIC_HEADER[gate.metric],
      field,
      value: (s) => s.statistic(field),
      text: percentText,
      kind: 'percent',
      // Drawn as a bar too on a terminal, coloured as the gate judged the row (output/bars.ts).
      bar: true,
      style: gateStyle(judged),
      mark: markOf(judged, 'fail-under'),
    },
    ...since,
    // Beside the approved percentage the approved count (of the total), never the translated one.
    gate.metric === 'approved'
      ? { header: 'approved', value: (s) => `${plainText(s.approved ?? '')}/${plainText(s.total ?? '')}`, kind: 'count' }
      : { header: 'strings', value: (s) => `${plainText(s.translated ?? '')}/${plainText(s.total ?? '')}`, kind: 'count' },
    { header: 'fuzzy', field: 'fuzzy', value: (s) => s.fuzzy, kind: 'count', drop: 2 },
    { header: 'failing', field: 'failing', value: (s) => s.failing ?? s.failingChecks, kind: 'count', drop: 3 },
    ...approvedCount,
    { header: 'last change', field: 'last_change', value: (s) => s.lastChange, kind: 'time', drop: 5 },
  ]);
}

/** How other statistics fields look when --fields names them in a table. */
export const FIELD_COLUMNS: Column[] = columnsOver(statisticsView, [
  ...(
    [
      'translated_percent',
      'approved_percent',
      'translated_words_percent',
      'translated_chars_percent',
      'fuzzy_percent',
      'failing_percent',
      'readonly_percent',
    ] satisfies StatisticsField[]
  ).map((f): Column<StatisticsView> => ({ header: f, field: f, value: (s) => s.statistic(f), text: percentText, kind: 'percent' })),
  ...(['total', 'translated', 'total_words', 'translated_words', 'suggestions', 'comments', 'recent_changes'] satisfies StatisticsField[]).map(
    (f): Column<StatisticsView> => ({
      header: f,
      field: f,
      value: (s) => s.statistic(f),
      kind: 'count',
    }),
  ),
]);

/** "n/total (p%)" of a row's count, its total and its percentage; '' when the row has no such count. */
const ofTotal = (n: StatisticsField, total: StatisticsField, p: StatisticsField) => (s: StatisticsView) => {
  const [count, of, percent] = [s.statistic(n), s.statistic(total), s.statistic(p)];
  return count === undefined ? '' : `${plainText(count)}/${plainText(of ?? '')}${percent !== undefined ? ` (${plainText(percent)}%)` : ''}`;
};

/**
 * A single row's lines. The first names the row as the list's TARGET column does (its wli_target,
 * a target wli takes back); the server's name and URL follow where the row has them (a component's
 * row p/c/- is wli's sum of its translations: it has neither, and empty lines would say nothing).
 */
export function recordRows(gate: Gate, judgedAs: JudgedAs = unjudged, row?: { item: Item }): Column[] {
  // The gated metric's line is coloured by the verdict.
  const judged = (m: Metric) => (m === gate.metric ? gateStyle(judgedAs) : undefined);
  const since: Column<StatisticsView>[] = gate.baseline ? [{ header: 'Change', value: (s) => changeText(gate, statsRowOf(s.raw)) }] : [];
  const shown = row && statisticsView(row.item);
  const has = (sent: (s: StatisticsView) => unknown) => shown === undefined || sent(shown) !== undefined;
  const name: Column<StatisticsView>[] =
    has((s) => s.name) || has((s) => s.code)
      ? [{ header: 'Name', value: (s) => (s.code !== undefined ? `${plainText(s.name ?? '')} (${plainText(s.code)})` : s.name) }]
      : [];
  const url: Column<StatisticsView>[] = has((s) => s.url) ? [{ header: 'URL', value: (s) => s.url }] : [];
  return columnsOver(statisticsView, [
    { header: 'Target', field: 'wli_target', value: (s) => identityOfRow(s.raw)?.target, kind: 'key' },
    ...name,
    { header: 'Translated', value: (s) => s.raw, text: (_v, s) => ofTotal('translated', 'total', 'translated_percent')(s), style: judged('translated') },
    {
      header: 'Words',
      value: (s) => s.raw,
      text: (_v, s) => ofTotal('translated_words', 'total_words', 'translated_words_percent')(s),
      style: judged('translated_words'),
    },
    { header: 'Characters', value: (s) => s.raw, text: (_v, s) => ofTotal('translated_chars', 'total_chars', 'translated_chars_percent')(s) },
    { header: 'Needs editing', value: (s) => s.raw, text: (_v, s) => ofTotal('fuzzy', 'total', 'fuzzy_percent')(s) },
    { header: 'Failing checks', value: (s) => s.raw, text: (_v, s) => ofTotal('failing', 'total', 'failing_percent')(s) },
    { header: 'Approved', value: (s) => s.raw, text: (_v, s) => ofTotal('approved', 'total', 'approved_percent')(s), style: judged('approved') },
    ...since,
    { header: 'Read-only', value: (s) => s.raw, text: (_v, s) => ofTotal('readonly', 'total', 'readonly_percent')(s) },
    { header: 'Suggestions', value: (s) => s.suggestions },
    { header: 'Comments', value: (s) => s.comments },
    { header: 'Last change', field: 'last_change', value: (s) => s.lastChange, kind: 'time' },
    { header: 'Recent changes', value: (s) => s.recentChanges },
    ...url,
  ]);
}
