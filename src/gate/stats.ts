// The stats gate judged: each row (by the identity wli gave it, once however many targets name it)
// held to its threshold (--fail-under, per language or for every row) and to the baseline
// (--fail-on-drop), and every baseline row the targets cover that is gone. Pure: rows and settings in,
// a Verdict out. A row is the server's object beside wli's identity ({ id, item }): nothing here reads
// an identity from the server's fields, so a row cannot take another's name, language or place.
import { EXIT, UsageError } from '../core/errors.js';
import type { Item } from '../core/page.js';
import { msg, ours, type Msg } from '../core/text.js';
import { numberOf, plainText } from '../core/values.js';
import { identified, type Identified } from '../weblate/identity.js';
import { sameLanguage } from '../weblate/language-codes.js';
import { METRIC_FIELD, type Metric } from '../weblate/statistics.js';
import { statisticsView } from '../weblate/views/statistics.js';
import { countsOf, once, verdictLine, type Failure, type Subject, type Verdict } from './verdict.js';

const STATS_SUITE = 'wli stats';

export interface Gate {
  metric: Metric;
  /** --fail-under: for rows of no language named, and per language. */
  fallback?: number;
  byLanguage: Map<string, number>;
  /** --baseline: the metric of each row of the earlier run, by identity (weblate/identity.ts baselineKey). */
  baseline?: Map<string, number | undefined>;
  failOnDrop: boolean;
  /** --allow-empty: a gate that judges nothing passes. */
  allowEmpty?: boolean;
  /** --empty-incomplete: a row with no strings is 0 %, not the 100 % Weblate says of it. */
  emptyIncomplete?: boolean;
}

/** Whether any gate was asked for (a baseline alone only shows the change). */
const isGated = (gate: Gate): boolean => gate.fallback !== undefined || gate.byLanguage.size > 0 || gate.failOnDrop;

/** A stats row: the server's statistics object beside the identity wli gave it. */
export type StatsRow = Identified;

const language = (row: StatsRow): string | undefined => row.id.language ?? undefined;
const metricOf = (item: Item, metric: Metric) => numberOf(statisticsView(item).statistic(METRIC_FIELD[metric]));

/**
 * A row with nothing to count for the metric (0 strings, or 0 words): Weblate says 100 % translated
 * of it (weblate/utils/stats.py translation_percent: zero_complete), which a gate would pass silently.
 */
const isEmptyRow = (item: Item, metric: Metric) => numberOf(statisticsView(item).statistic(metric === 'translated_words' ? 'total_words' : 'total')) === 0;

/** How a row is named in tables, on stderr and in every report: its identity, a target `wli stats` takes back. */
export const rowLabel = (row: StatsRow): string => row.id.target ?? '';

/** The threshold a row is held to: its language's, else the bare one; undefined when not gated. */
function thresholdFor(gate: Gate, row: StatsRow): number | undefined {
  const lang = language(row);
  // The language's own threshold, its code matched as pull --lang matches (weblate/language-codes.ts).
  const own = lang === undefined ? undefined : [...gate.byLanguage].find(([l]) => sameLanguage(l, lang))?.[1];
  return own ?? gate.fallback;
}

/** The baseline's value of a row: undefined when the row is not in it (or it lacks the metric there). */
const before = (gate: Gate, row: StatsRow): number | undefined => gate.baseline?.get(rowLabel(row));

const inBaseline = (gate: Gate, row: StatsRow): boolean => !!gate.baseline?.has(rowLabel(row));

const points = (d: number) => Math.round(d * 10) / 10;

/** Points of the metric since the baseline; undefined when the row is not in it (or lacks the metric). */
export function change(gate: Gate, row: StatsRow): number | undefined {
  const was = before(gate, row);
  const now = metricOf(row.item, gate.metric);
  return was === undefined || now === undefined ? undefined : points(now - was);
}

const signed = (d: number) => (d > 0 ? `+${d.toFixed(1)}` : d.toFixed(1));

/** "+2.5", "-1.0", "0.0"; "new" for a row the baseline lacks; "" when either side lacks the metric. */
export function changeText(gate: Gate, row: StatsRow): string {
  const d = change(gate, row);
  if (d === undefined) return inBaseline(gate, row) ? '' : 'new';
  return signed(d);
}

/** A row's failures, in the order the gate checks them: the threshold, then the drop. */
function failuresOf(gate: Gate, row: StatsRow): { failures: Failure[]; judged: boolean } {
  const { item } = row;
  const label = rowLabel(row);
  const field = METRIC_FIELD[gate.metric];
  const metric = gate.metric.replace('_', ' ');
  const empty = gate.emptyIncomplete === true && isEmptyRow(item, gate.metric);
  const now = empty ? 0 : metricOf(item, gate.metric);
  const sent = statisticsView(item).statistic(field);
  const value = sent === undefined || sent === null ? undefined : `${plainText(sent)}%`;
  const failures: Failure[] = [];
  const threshold = thresholdFor(gate, row);
  let judged = false;
  if (threshold !== undefined) {
    judged = true;
    if (now === undefined || now < threshold)
      failures.push({
        check: 'fail-under',
        title: `${label} below ${threshold}%`,
        message: empty
          ? `${label}: no strings, incomplete by --empty-incomplete, below ${threshold}%`
          : value === undefined
            ? `${label}: no ${field}, so not at ${threshold}% ${metric}`
            : `${label}: ${value} ${metric}, below ${threshold}%`,
        mark: `❌ below ${threshold}%`,
      });
  }
  const was = before(gate, row);
  if (gate.failOnDrop && was !== undefined && now !== undefined) {
    judged = true;
    const d = points(now - was);
    if (d < 0)
      failures.push({
        check: 'fail-on-drop',
        title: `${label} dropped ${signed(d)}`,
        message: `${label}: ${metric} dropped from ${was.toFixed(1)}% to ${value ?? '?'} (${signed(d)} points) since the baseline`,
        mark: '❌ dropped',
      });
  }
  return { failures, judged };
}

/** Why a row was not judged, in words a JUnit reader sees. */
function notJudgedReason(gate: Gate, row: StatsRow): string {
  if (!isGated(gate)) return 'no gate: --fail-under or --fail-on-drop gates it';
  const lang = language(row);
  const parts = [gate.fallback === undefined ? `no --fail-under for ${lang === undefined ? 'a row of no language' : `language ${lang}`}` : ''];
  if (gate.failOnDrop) parts.push(inBaseline(gate, row) ? `no ${METRIC_FIELD[gate.metric]} to compare` : 'not in the baseline');
  return parts.filter(Boolean).join(', ');
}

/**
 * A subject of the verdict for one row (its file is filled in by a format that names files); its item
 * the row as written (wli's identity first), which keeps the identity for the formats.
 */
function subjectOf(gate: Gate, row: StatsRow): Subject {
  const { failures, judged } = failuresOf(gate, row);
  const id = rowLabel(row);
  const item = identified(row.item, row.id);
  if (!judged) return { id, judgement: 'not judged', failures: [], reason: notJudgedReason(gate, row), item };
  return { id, judgement: failures.length ? 'fail' : 'pass', failures, item };
}

/** A baseline row the targets cover that no row is now: with --fail-on-drop, a drop to 0. */
function goneSubject(gate: Gate, id: string): Subject {
  const was = gate.baseline?.get(id);
  const metric = gate.metric.replace('_', ' ');
  const from = was === undefined ? '' : ` from ${was.toFixed(1)}%`;
  return {
    id,
    judgement: 'fail',
    failures: [
      {
        check: 'fail-on-drop',
        title: `${id} gone since the baseline`,
        message: `${id}: gone since the baseline, a drop of ${metric}${from} to 0`,
        mark: '❌ gone',
      },
    ],
  };
}

/**
 * The baseline rows that the run's targets cover and no row is now (a language removed from a
 * component): `covered` says which identities a target read whole (a component's translations, a
 * project's languages) would have listed.
 */
export function goneRows(gate: Gate, rows: readonly StatsRow[], covered: (id: string) => boolean): string[] {
  if (!gate.baseline) return [];
  const now = new Set(rows.map(rowLabel));
  return [...gate.baseline.keys()].filter((id) => !now.has(id) && covered(id));
}

/** At most this many rows are named in a note; the rest are counted. */
const NAMED = 5;

/**
 * The one line that says rows with no strings passed a threshold as complete: the rows named (NAMED at
 * most, the rest counted), and the option that fails them. pull and locales say theirs the same way.
 */
export function emptyNote(ids: readonly string[], option = '--empty-incomplete'): Msg {
  const named = ids.slice(0, NAMED).join(', ') + (ids.length > NAMED ? ` and ${ids.length - NAMED} more` : '');
  return ids.length === 1
    ? msg`${named} has no strings: counted as 100% translated (${ours(option)} fails it)`
    : msg`${named} have no strings: counted as 100% translated (${ours(option)} fails them)`;
}

const join = (parts: Msg[]): Msg => parts.reduce((all, m, i) => (i === 0 ? m : msg`${all}, ${m}`));

/**
 * The verdict on the rows: every row once, `gone` (goneRows) after them. Its messages are stderr's:
 * the rows below their threshold, those that dropped, the baseline rows gone, what was not judged,
 * and a gate that judged nothing (exit 3 unless --allow-empty).
 */
export function judgeRows(gate: Gate, rows: readonly StatsRow[], gone: readonly string[] = []): Verdict {
  const field = METRIC_FIELD[gate.metric];
  const metric = ours(gate.metric.replace('_', ' '));
  const gated = isGated(gate);
  // Each subject's row, by the subject: a row's identity is what wli gave it, never read back from the row written.
  const rowOf = new Map<Subject, StatsRow>();
  // The subjects whose row has nothing to count (Weblate's 100 % of nothing).
  const empty = new Set<Subject>();
  const judged = rows.map((row) => {
    const s = subjectOf(gate, row);
    rowOf.set(s, row);
    if (isEmptyRow(row.item, gate.metric)) empty.add(s);
    return s;
  });
  const subjects = once([...judged, ...(gate.failOnDrop ? gone.map((id) => goneSubject(gate, id)) : [])]);
  const shown = (s: Subject) => {
    if (gate.emptyIncomplete === true && empty.has(s)) return msg`no strings`;
    const sent = s.item && statisticsView(s.item).statistic(field);
    return sent === undefined || sent === null ? msg`no ${ours(field)}` : msg`${sent}%`;
  };
  const messages: Msg[] = [];
  const thresholdOf = (s: Subject): number | undefined => {
    const row = rowOf.get(s);
    return row === undefined ? undefined : thresholdFor(gate, row);
  };
  const byThreshold = subjects.filter((s) => thresholdOf(s) !== undefined);
  const under = byThreshold.filter((s) => s.failures.some((f) => f.check === 'fail-under'));
  if (under.length) {
    const perLanguage = gate.byLanguage.size > 0;
    const names = under.map((s) => (perLanguage ? msg`${s.id} (${shown(s)} < ${thresholdOf(s)}%)` : msg`${s.id} (${shown(s)})`));
    messages.push(
      perLanguage
        ? msg`${under.length} of ${byThreshold.length} row(s) below their threshold (${metric}): ${join(names)}`
        : msg`${under.length} of ${byThreshold.length} row(s) below ${gate.fallback}% ${metric}: ${join(names)}`,
    );
  }
  // A row with no strings passes a threshold as Weblate's 100 %: said, so an empty language is not shipped unseen.
  const emptyPassed = byThreshold.filter((s) => empty.has(s) && !s.failures.some((f) => f.check === 'fail-under'));
  if (emptyPassed.length) messages.push(emptyNote(emptyPassed.map((s) => s.id)));
  const dropped = subjects.filter((s) => s.failures.some((f) => f.check === 'fail-on-drop'));
  if (dropped.length) {
    const names = dropped.map((s) => {
      // A row's drop was judged against its baseline value, so a row here has one; a gone row may not.
      const row = rowOf.get(s);
      const was = gate.baseline?.get(s.id);
      return row !== undefined && was !== undefined
        ? msg`${s.id} (${was.toFixed(1)}% → ${shown(s)}, ${changeText(gate, row)})`
        : msg`${s.id} (${ours(was?.toFixed(1) ?? '?')}% → gone)`;
    });
    messages.push(msg`${dropped.length} row(s) dropped since the baseline (${metric}): ${join(names)}`);
  }
  if (gone.length && !gate.failOnDrop) {
    messages.push(msg`${gone.length} row(s) of the baseline gone (no row now): ${gone.join(', ')}; with --fail-on-drop they fail as a drop to 0`);
  }
  const c = countsOf({ subjects });
  let exitCode: number = c.failed ? EXIT.gate : EXIT.ok;
  const verdict: Verdict = { suite: STATS_SUITE, noun: 'row', subjects, gated, ungated: '--fail-under or --fail-on-drop gates them', exitCode, messages };
  if (gated && c.judged === 0) {
    const applies = [gate.fallback !== undefined || gate.byLanguage.size ? '--fail-under threshold' : '', gate.failOnDrop ? 'baseline value' : '']
      .filter(Boolean)
      .join(' or ');
    const why = rows.length === 0 ? ours('no statistics rows') : ours(`no ${applies} applies to any of the ${rows.length} row(s)`);
    if (gate.allowEmpty) messages.push(msg`the gate judged nothing (${why}): --allow-empty lets it pass`);
    else {
      messages.push(msg`the gate judged nothing (${why}), so it does not pass; --allow-empty lets an empty result pass`);
      exitCode = EXIT.gate;
    }
  } else if (gated && c.notJudged > 0) {
    // What was not judged, as JUnit (skipped) and the job summary count it; all judged, the lines above say it all.
    messages.push(ours(verdictLine(verdict, false)));
  }
  return { ...verdict, exitCode };
}

/** --empty-incomplete without --min-percent would change nothing: said, not ignored (pull and locales). */
export function minPercentNeeded(fate: string): UsageError {
  return new UsageError(
    msg`--empty-incomplete applies to --min-percent: a translation with no strings is ${ours(fate)} as below it`,
    msg`add --min-percent, or drop --empty-incomplete`,
  );
}
