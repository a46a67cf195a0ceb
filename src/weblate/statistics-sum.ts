// A component's statistics as Weblate sums them from its translations' (stats --by component):
// kept apart from statistics.ts, which the spec loads at start-up, because exact sums need the codec.
import { LosslessNumber, isLosslessNumber } from '../codec/json.js';

/**
 * Weblate's translation_percent (weblate/utils/stats.py): floored to one decimal, never 0.0 or 100.0
 * unless exact; nothing to count is complete for the translated shares and 0 for the others.
 */
export function weblatePercent(part: number, whole: number, zeroComplete: boolean): number {
  if (whole === 0) return zeroComplete ? 100 : 0;
  let p = Math.floor((1000 * part) / whole) / 10;
  if (p === 0 && part !== 0) p = 0.1;
  if (p === 100 && part < whole) p = 99.9;
  return p;
}

const TRANSLATED_PERCENT: readonly [string, string, boolean] = ['translated', 'total', true];
/** Each percentage of a Statistics object: [its part, its whole, whether nothing to count is 100]. */
const PERCENTS: Record<string, readonly [string, string, boolean]> = {
  translated_percent: TRANSLATED_PERCENT,
  translated_words_percent: ['translated_words', 'total_words', true],
  translated_chars_percent: ['translated_chars', 'total_chars', true],
  fuzzy_percent: ['fuzzy', 'total', false],
  fuzzy_words_percent: ['fuzzy_words', 'total_words', false],
  fuzzy_chars_percent: ['fuzzy_chars', 'total_chars', false],
  failing_percent: ['failing', 'total', false],
  approved_percent: ['approved', 'total', false],
  approved_words_percent: ['approved_words', 'total_words', false],
  approved_chars_percent: ['approved_chars', 'total_chars', false],
  readonly_percent: ['readonly', 'total', false],
  readonly_words_percent: ['readonly_words', 'total_words', false],
  readonly_chars_percent: ['readonly_chars', 'total_chars', false],
};

/** The counts of a Statistics object that add up across translations. */
const COUNTS = new Set([
  ...Object.values(PERCENTS).flatMap(([part, whole]) => [part, whole]),
  'failing_words',
  'failing_chars',
  'suggestions',
  'comments',
  'recent_changes',
]);

/** An integer count exactly, whatever form the codec gave it (a double, a bigint, an exact literal). */
function countOf(v: unknown): bigint | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (typeof v === 'bigint') return v;
  if (isLosslessNumber(v)) return /^-?\d+$/.test(v.raw) ? BigInt(v.raw) : undefined;
  return undefined;
}

/** A sum as JSON writes it: a number where a double holds it exactly, else the exact literal. */
const countValue = (n: bigint): number | LosslessNumber => (Number.isSafeInteger(Number(n)) ? Number(n) : new LosslessNumber(n.toString()));

/** A percentage as Python writes a float: 76.0, not 76 (the literal the server's own rows carry). */
function percentValue(p: number): number | LosslessNumber {
  const text = p.toFixed(1);
  return String(Number(text)) === text ? Number(text) : new LosslessNumber(text);
}

/**
 * A component's statistics from its translations' rows, as Weblate aggregates them: every count the
 * rows all carry summed, each percentage from the sums (weblatePercent), last_change the latest; the
 * fields of one translation (code, name, url, translate_url…) are not carried. No rows: nothing to
 * translate, so 0 of 0 and 100 %, as Weblate says of an empty component. Keys in the order the first
 * row has them, so the row reads like the server's.
 * Weblate's source: weblate/utils/stats.py AggregatingStats, ComponentStats.
 */
export function sumStatistics(rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  if (rows.length === 0)
    return { total: countValue(0n), translated: countValue(0n), translated_percent: percentValue(weblatePercent(0, 0, TRANSLATED_PERCENT[2])) };
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const sums = new Map<string, bigint>();
  for (const k of keys) {
    if (!COUNTS.has(k)) continue;
    let sum = 0n;
    let all = true;
    for (const r of rows) {
      const n = countOf(r[k]);
      if (n === undefined) all = false;
      else sum += n;
    }
    if (all) sums.set(k, sum);
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const sum = sums.get(k);
    if (sum !== undefined) out[k] = countValue(sum);
    const pct = PERCENTS[k];
    if (pct) {
      const part = sums.get(pct[0]);
      const whole = sums.get(pct[1]);
      if (part !== undefined && whole !== undefined) out[k] = percentValue(weblatePercent(Number(part), Number(whole), pct[2]));
    }
    if (k === 'last_change') out[k] = latest(rows.map((r) => r.last_change));
  }
  return out;
}

/**
 * A row with each percentage it lacks that its own counts give, as Weblate computes it
 * (weblatePercent), after the row's fields; none replaces a field the row has, and a row lacking none
 * is returned as it is. The project metrics endpoint sends no fuzzy_percent, fuzzy_words_percent,
 * fuzzy_chars_percent nor failing_percent, though it sends their counts (Weblate's source:
 * weblate/api/views.py get_project_metrics_data, PROJECT_METRIC_DEFINITIONS).
 */
export function withPercentages(row: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const [k, [part, whole, zeroComplete]] of Object.entries(PERCENTS)) {
    if (Object.prototype.hasOwnProperty.call(row, k)) continue;
    const p = countOf(row[part]);
    const w = countOf(row[whole]);
    if (p === undefined || w === undefined) continue;
    out ??= { ...row };
    out[k] = percentValue(weblatePercent(Number(p), Number(w), zeroComplete));
  }
  return out ?? row;
}

/** The latest of the rows' last_change timestamps (null when none has one). */
function latest(values: unknown[]): unknown {
  let best: { t: number; v: unknown } | undefined;
  for (const v of values) {
    const t = typeof v === 'string' ? Date.parse(v) : NaN;
    if (!Number.isNaN(t) && (best === undefined || t > best.t)) best = { t, v };
  }
  return best ? best.v : null;
}
