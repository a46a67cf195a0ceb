// The checks a CI gate made, counted and summed up for the CI formats (github.ts, junit.ts,
// codequality.ts); their shape (Check, CheckReport) is declared with the other results in result.ts.
import type { CheckReport } from './result.js';

export interface CheckCounts {
  total: number;
  failed: number;
}

export const countsOf = (r: CheckReport): CheckCounts => ({ total: r.checks.length, failed: r.checks.filter((c) => c.failure).length });

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One line: `wli stats: 2 of 4 rows failed`, `wli stats: all 4 rows passed`, or the report's own. */
export function verdictOf(r: CheckReport): string {
  if (r.verdict !== undefined) return `${r.suite}: ${r.verdict}`;
  const { total, failed } = countsOf(r);
  if (total === 0) return `${r.suite}: nothing checked (no ${r.noun}s)`;
  if (failed) return `${r.suite}: ${failed} of ${plural(total, r.noun)} failed`;
  return total === 1 ? `${r.suite}: the ${r.noun} passed` : `${r.suite}: all ${plural(total, r.noun)} passed`;
}
