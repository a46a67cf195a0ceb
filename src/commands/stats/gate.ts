// The CI side of stats as the user gives it: thresholds (one for every row, or per language) checked
// against the server's languages, and a baseline written earlier by `wli stats … -f json`. What the
// gate then makes of the rows is src/gate/stats.ts's: one verdict.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseJson } from '../../codec/json.js';
import { UsageError, errnoCode } from '../../core/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import type { Threshold } from '../../spec/option-values.js';
import { numberOf } from '../../core/values.js';
import { isItem, type Item } from '../../core/page.js';
import { METRIC_FIELD, type Metric } from '../../weblate/statistics.js';
import { statisticsView } from '../../weblate/views/statistics.js';
import { baselineKey, type Identified } from '../../weblate/identity.js';
import { closest } from '../../core/closest.js';
import type { Gate } from '../../gate/stats.js';
import { sameLanguage } from '../../weblate/language-codes.js';

/** A statistics row: the server's object as sent beside the identity wli made from what it asked for. */
export interface Row extends Identified {
  /** Left out by --skip-source: not a row of the run, but not gone from a baseline either. */
  leftOut?: boolean;
}

/** --fail-under values: at most one bare percentage, at most one per language. */
export function gateOf(
  metric: Metric,
  thresholds: Threshold[] | undefined,
  baseline: Map<string, number | undefined> | undefined,
  failOnDrop: boolean,
  allowEmpty = false,
  emptyIncomplete = false,
): Gate {
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
      const language = t.language;
      if ([...byLanguage.keys()].some((l) => sameLanguage(l, language)))
        throw new UsageError(msg`--fail-under is given twice for language ${t.language}`, msg`give each language one threshold`);
      byLanguage.set(t.language, t.percent);
    }
  }
  if (allowEmpty && fallback === undefined && byLanguage.size === 0 && !failOnDrop)
    throw new UsageError(
      msg`--allow-empty applies to a gate: --fail-under or --fail-on-drop`,
      msg`add the gate it lets pass when there is nothing to judge, or drop --allow-empty`,
    );
  if (emptyIncomplete && fallback === undefined && byLanguage.size === 0)
    throw new UsageError(
      msg`--empty-incomplete applies to --fail-under: it counts a translation with no strings as below the threshold`,
      msg`add --fail-under, or drop --empty-incomplete`,
    );
  if (failOnDrop && !baseline)
    throw new UsageError(msg`--fail-on-drop needs --baseline`, msg`give the file an earlier "wli stats … -f json" wrote: --baseline stats.json`);
  return { metric, fallback, byLanguage, baseline, failOnDrop, allowEmpty, emptyIncomplete };
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
const rowLanguages = (rows: readonly Row[]): string[] => [...new Set(rows.flatMap((r) => [r.id.language].filter((l): l is string => l !== null && l !== '?')))];
const metricOf = (item: Item, metric: Metric) => numberOf(statisticsView(item).statistic(METRIC_FIELD[metric]));

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
    const code = errnoCode(e);
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
  // By identity (a row without a wli_target has none); a project's total written by an earlier wli
  // (wli_target "demo") read as demo/- (baselineKey).
  const rows = (Array.isArray(body) ? body : [body]).flatMap((r) => {
    if (!isItem(r)) return [];
    const key = baselineKey(r);
    return key === undefined ? [] : [[key, metricOf(r, metric)] as const];
  });
  if (rows.length === 0)
    throw new UsageError(msg`--baseline ${file} holds no statistics rows with wli_target`, msg`write it with "wli stats … -f json" (this version or later)`);
  return new Map(rows);
}
