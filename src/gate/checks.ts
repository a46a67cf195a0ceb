// checks --fail-over: the failing quality checks of one scope judged. A subject per check row; a
// check with its own threshold (end_stop=0) fails when more strings fail it; the others, under a
// bare --fail-over N, fail together when the scope's failing strings (has:check: a string failing two
// checks counts once) are more than N, each named so every format says which checks fail. Pure.
import { EXIT } from '../core/errors.js';
import type { Item } from '../core/page.js';
import { ours, type Msg } from '../core/text.js';
import { once, plural, type Failure, type Subject, type Verdict } from './verdict.js';

/** `1 string fails`, `3 strings fail`. */
export const fail = (n: number): string => `${plural(n, 'string')} ${n === 1 ? 'fails' : 'fail'}`;
/** `1 string of p/c fails`. */
const failIn = (n: number, scope: string) => `${plural(n, 'string')} of ${scope} ${n === 1 ? 'fails' : 'fail'}`;

const CHECKS_SUITE = 'wli checks';

export interface CheckRow {
  check: string;
  name: string;
  failing: number;
  /** null: not counted (wli checks --dismissed counts it). */
  dismissed: number | null;
  item: Item;
}

export interface Over {
  check?: string;
  count: number;
}

/** The verdict on one scope's checks: `total` is its count of strings failing any check. */
export function judgeChecks(scope: string, rows: readonly CheckRow[], total: number, overs: readonly Over[]): Verdict {
  const own = new Map(overs.flatMap((o) => (o.check === undefined ? [] : [[o.check, o.count] as const])));
  const all = overs.filter((o) => o.check === undefined).at(-1)?.count;
  const totalOver = all !== undefined && total > all;
  const subjects = once(
    rows.map((r): Subject => {
      const base = { id: `${scope}:${r.check}`, group: scope, item: r.item };
      const limit = own.get(r.check);
      const failed = (message: string): Subject => {
        const f: Failure = { check: r.check, title: `${fail(r.failing)} ${r.check} (${r.name}) in ${scope}`, message, mark: `❌ over ${limit ?? all}` };
        return { ...base, judgement: 'fail', failures: [f] };
      };
      if (limit !== undefined)
        return r.failing > limit
          ? failed(`${failIn(r.failing, scope)} ${r.check} (${r.name}), more than --fail-over ${r.check}=${limit}`)
          : { ...base, judgement: 'pass', failures: [] };
      if (all === undefined) return { ...base, judgement: 'not judged', failures: [], reason: own.size ? 'no --fail-over for this check' : 'no --fail-over' };
      return totalOver && r.failing > 0
        ? failed(`${failIn(r.failing, scope)} ${r.check} (${r.name}); the limit broken is all checks' --fail-over ${all} (${fail(total)} a check)`)
        : { ...base, judgement: 'pass', failures: [] };
    }),
  );
  const failing = subjects.filter((s) => s.judgement === 'fail');
  // A check over its own limit is said alone; the checks a bare --fail-over fails together are said
  // in one line, the total first: one limit broken, not one per check (each reads as its own breach).
  const ownFailures = failing.flatMap((s) => s.failures.slice(0, 1)).filter((f) => own.has(f.check));
  const messages: Msg[] = ownFailures.map((f) => ours(f.message));
  if (totalOver) {
    const together = rows.filter((r) => !own.has(r.check) && r.failing > 0).map((r) => `${r.check} (${r.failing})`);
    messages.push(ours(`${failIn(total, scope)} a check, more than --fail-over ${all}${together.length ? `: ${together.join(', ')}` : ''}`));
  }
  return {
    suite: CHECKS_SUITE,
    noun: 'check',
    subjects,
    gated: overs.length > 0,
    ungated: '--fail-over N or CHECK=N judges them',
    exitCode: failing.length || totalOver ? EXIT.gate : EXIT.ok,
    messages,
  };
}
