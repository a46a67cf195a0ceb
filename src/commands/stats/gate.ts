// The CI side of stats: thresholds (one for every row, or per language), a baseline written earlier
// by `wli stats … -f json` to compare with, and the outcome: which rows fail, which dropped.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseJson } from '../../codec/json.js';
import { EXIT, UsageError } from '../../core/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import type { Threshold } from '../../spec/option-values.js';
import { numberOf, plainText } from '../../core/values.js';
import type { Item } from '../../core/page.js';
import type { Outcome } from '../../output/result.js';
import { METRIC_FIELD, type Metric } from '../../weblate/statistics.js';
import { closest } from '../../core/closest.js';
import { sameLanguage } from '../../weblate/language-codes.js';

export { METRIC_FIELD, type Metric };

export interface Row {
  item: Item;
}

/**
 * How a row is named in the table and on stderr: its wli_target, a target to paste (demo/android/cs,
 * cs, demo/-/cs for a project's language), or `demo (total)` for a project's total row. From the row
 * itself, so a copy of it (--fields) is named the same.
 */
export function rowLabel(item: Item): string {
  const target = plainText(item.wli_target);
  const total = item.wli_project !== null && item.wli_project !== undefined && item.wli_component === null && item.wli_language === null;
  return total ? `${target} (total)` : target;
}

export interface Gate {
  metric: Metric;
  /** --fail-under: for rows of no language named, and per language. */
  fallback?: number;
  byLanguage: Map<string, number>;
  /** --baseline: the metric of each row of the earlier run, by wli_target. */
  baseline?: Map<string, number | undefined>;
  failOnDrop: boolean;
}

/** --fail-under values: at most one bare percentage, at most one per language. */
export function gateOf(metric: Metric, thresholds: Threshold[] | undefined, baseline: Map<string, number | undefined> | undefined, failOnDrop: boolean): Gate {
  const byLanguage = new Map<string, number>();
  let fallback: number | undefined;
  for (const t of thresholds ?? []) {
    if (t.language === undefined) {
      if (fallback !== undefined)
        throw new UsageError(
          msg`--fail-under is given two percentages for every row (${fallback} and ${t.percent})`,
          msg`give one bare percentage, and LANG=PCT for languages that need another`,
        );
      fallback = t.percent;
    } else {
      if ([...byLanguage.keys()].some((l) => sameLanguage(l, t.language!)))
        throw new UsageError(msg`--fail-under is given twice for language ${t.language}`, msg`give each language one threshold`);
      byLanguage.set(t.language, t.percent);
    }
  }
  if (failOnDrop && !baseline)
    throw new UsageError(msg`--fail-on-drop needs --baseline`, msg`give the file an earlier "wli stats … -f json" wrote: --baseline stats.json`);
  return { metric, fallback, byLanguage, baseline, failOnDrop };
}

/** The languages of --fail-under LANG=PCT that no row is in (none: the common case, no more to ask). */
export function languagesWithoutRows(gate: Gate, rows: readonly Row[]): string[] {
  const have = rowLanguages(rows);
  return [...gate.byLanguage.keys()].filter((lang) => !have.some((l) => sameLanguage(l, lang)));
}

/** A language of the server as --fail-under needs it: its code and the other codes it is known by. */
export interface ServerLanguage {
  code: string;
  aliases: readonly string[];
}

/**
 * A LANG=PCT that no row is in, judged by what is true. A code that is no language of the server is a
 * typo (cz for cs) that would otherwise pass every CI run: a usage error (exit 2) with did-you-mean,
 * before anything is printed. A real language that no row has (one removed from a component, the
 * source language with --skip-source) gates nothing: a warning, and the gate goes on, so CI does not
 * break the day a language leaves a component. Returns the warnings.
 */
export function checkLanguagesGated(gate: Gate, rows: readonly Row[], skipSource: boolean, server: readonly ServerLanguage[]): Msg[] {
  const have = rowLanguages(rows);
  const theRows = have.length ? msg`the rows' languages: ${have.join(', ')}` : msg`no row names a language`;
  const warnings: Msg[] = [];
  for (const lang of languagesWithoutRows(gate, rows)) {
    const percent = gate.byLanguage.get(lang);
    if (server.some((l) => sameLanguage(l.code, lang))) {
      const left = skipSource ? ours(', --skip-source leaves out source-language rows') : ours('');
      warnings.push(msg`--fail-under ${lang}=${percent}: no row has language ${lang}, so it gates nothing (${theRows}${left})`);
      continue;
    }
    // An alias names the code the server uses (cz → cs); else the closest among the rows', then the server's.
    const alias = server.filter((l) => l.aliases.some((a) => sameLanguage(a, lang))).map((l) => l.code);
    const codes = server.map((l) => l.code);
    const near = [alias, closest(lang, have), closest(lang, codes)].find((n) => n.length > 0) ?? [];
    throw new UsageError(
      msg`--fail-under ${lang}=${percent}: the server has no language ${lang}`,
      near.length ? msg`did you mean ${near.join(', ')}? (${theRows})` : theRows,
    );
  }
  return warnings;
}

/** The languages the rows are in, in row order. */
const rowLanguages = (rows: readonly Row[]): string[] => [
  ...new Set(rows.flatMap((r) => [language(r.item)].filter((l): l is string => l !== undefined && l !== '?'))),
];

const language = (item: Item): string | undefined => (typeof item.wli_language === 'string' ? item.wli_language : undefined);
const metricOf = (item: Item, metric: Metric) => numberOf(item[METRIC_FIELD[metric]]);

/** The threshold a row is held to: its language's, else the bare one; undefined when not gated. */
export function thresholdFor(gate: Gate, item: Item): number | undefined {
  const lang = language(item);
  // The language's own threshold, its code matched as pull --lang matches (weblate/language-codes.ts).
  const own = lang === undefined ? undefined : [...gate.byLanguage].find(([l]) => sameLanguage(l, lang))?.[1];
  return own ?? gate.fallback;
}

/** true/false for a gated row (a row without the metric fails), undefined for a row not gated. */
export function passes(gate: Gate, item: Item): boolean | undefined {
  const t = thresholdFor(gate, item);
  if (t === undefined) return undefined;
  const v = metricOf(item, gate.metric);
  return v !== undefined && v >= t;
}

/** Points of the metric since the baseline; undefined when the row is not in it (or lacks the metric). */
export function change(gate: Gate, item: Item): number | undefined {
  if (!gate.baseline || typeof item.wli_target !== 'string' || !gate.baseline.has(item.wli_target)) return undefined;
  const before = gate.baseline.get(item.wli_target);
  const now = metricOf(item, gate.metric);
  return before === undefined || now === undefined ? undefined : Math.round((now - before) * 10) / 10;
}

/** "+2.5", "-1.0", "0.0"; "new" for a row the baseline lacks. */
export function changeText(gate: Gate, item: Item): string {
  const d = change(gate, item);
  if (d === undefined) return typeof item.wli_target === 'string' && gate.baseline?.has(item.wli_target) ? '' : 'new';
  return d > 0 ? `+${d.toFixed(1)}` : d.toFixed(1);
}

/**
 * Reads a baseline: what `wli stats … -f json` wrote (an array of rows, or one object), rows matched
 * by wli_target. Checked before any request: a file that does not parse or holds no rows with an
 * identity is a usage error.
 */
export function readBaseline(file: string, cwd: string, metric: Metric): Map<string, number | undefined> {
  const path = resolve(cwd, file);
  let text: string;
  try {
    if (statSync(path).size > 64 * 1024 * 1024)
      throw new UsageError(msg`--baseline ${file} is larger than 64 MiB`, msg`give the file "wli stats … -f json" wrote`);
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      msg`cannot read --baseline ${file}: ${ours(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code ?? e))}`,
    );
  }
  let body: unknown;
  try {
    body = parseJson(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new UsageError(msg`--baseline ${file} is not JSON: ${e instanceof Error ? e.message : e}`, msg`give the file "wli stats … -f json" wrote`);
  }
  const rows = (Array.isArray(body) ? body : [body]).filter((r): r is Item => !!r && typeof r === 'object' && typeof (r as Item).wli_target === 'string');
  if (rows.length === 0)
    throw new UsageError(msg`--baseline ${file} holds no statistics rows with wli_target`, msg`write it with "wli stats … -f json" (this version or later)`);
  return new Map(rows.map((r) => [r.wli_target as string, metricOf(r, metric)]));
}

/** The exit code and what stderr says: rows below their threshold, rows that dropped. */
export function judge(rows: Row[], gate: Gate): Outcome {
  const messages: Msg[] = [];
  const field = METRIC_FIELD[gate.metric];
  const shown = (r: Row) => (r.item[field] === undefined || r.item[field] === null ? msg`no ${ours(field)}` : msg`${r.item[field]}%`);
  const gated = rows.filter((r) => passes(gate, r.item) !== undefined);
  const failing = gated.filter((r) => passes(gate, r.item) === false);
  if (failing.length) {
    const perLanguage = gate.byLanguage.size > 0;
    const names = failing.map((r) =>
      perLanguage ? msg`${rowLabel(r.item)} (${shown(r)} < ${thresholdFor(gate, r.item)}%)` : msg`${rowLabel(r.item)} (${shown(r)})`,
    );
    const metric = ours(gate.metric.replace('_', ' '));
    messages.push(
      perLanguage
        ? msg`${failing.length} of ${gated.length} row(s) below their threshold (${metric}): ${join(names)}`
        : msg`${failing.length} of ${gated.length} row(s) below ${gate.fallback}% ${metric}: ${join(names)}`,
    );
  }
  const dropped = gate.failOnDrop ? rows.filter((r) => (change(gate, r.item) ?? 0) < 0) : [];
  if (dropped.length) {
    const names = dropped.map(
      (r) => msg`${rowLabel(r.item)} (${gate.baseline!.get(r.item.wli_target as string)!.toFixed(1)}% → ${shown(r)}, ${changeText(gate, r.item)})`,
    );
    messages.push(msg`${dropped.length} row(s) dropped since the baseline (${ours(gate.metric.replace('_', ' '))}): ${join(names)}`);
  }
  return { exitCode: messages.length ? EXIT.gate : EXIT.ok, messages };
}

const join = (parts: Msg[]): Msg => parts.reduce((all, m, i) => (i === 0 ? m : msg`${all}, ${m}`));
