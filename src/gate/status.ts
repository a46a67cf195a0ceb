// status --fail-if: each condition asked of each target, judged once (a subject per target; a
// failure per condition that holds). A condition the token cannot see is refused before this (the
// command's refusal, exit 4 as every 401/403); here every asked condition is known. Pure.
import { EXIT } from '../core/errors.js';
import type { Item } from '../core/page.js';
import { ours, type Msg } from '../core/text.js';
import { conditionHolds, type StatusCondition, type StatusState } from '../weblate/status.js';
import { countsOf, once, plural, type Failure, type Subject, type Verdict } from './verdict.js';

const STATUS_SUITE = 'wli status';

const WORDS: Record<StatusCondition, string> = {
  locked: 'is locked',
  pending: 'has strings not committed yet (pending)',
  'needs-commit': 'needs a commit',
  'needs-merge': 'needs a merge',
  'needs-push': 'needs a push',
  'merge-failure': 'has a failed merge',
};

interface StatusSubject {
  id: string;
  group?: string;
  state: StatusState;
  item: Item;
  /** The conditions judged of this subject, when not all (a project's components: those Weblate does not sum). */
  conditions?: readonly StatusCondition[];
}

export function judgeStatus(conditions: readonly StatusCondition[], targets: readonly StatusSubject[]): Verdict {
  const gated = conditions.length > 0;
  const subjects = once(targets).map((t): Subject => {
    const base = { id: t.id, group: t.group, item: t.item };
    if (!gated) return { ...base, judgement: 'not judged', failures: [], reason: 'no --fail-if' };
    const failures = (t.conditions ?? conditions)
      .filter((c) => conditionHolds(c, t.state) === true)
      .map((c): Failure => ({ check: c, title: `${t.id} ${WORDS[c]}`, message: `${t.id} ${WORDS[c]} (--fail-if ${c})`, mark: `❌ ${c}` }));
    return { ...base, judgement: failures.length ? 'fail' : 'pass', failures };
  });
  const failed = subjects.filter((s) => s.judgement === 'fail');
  const messages: Msg[] = failed.map((s) => ours(`${s.id}: ${s.failures.map((f) => f.check).join(', ')}`));
  if (gated && failed.length) messages.push(ours(`${plural(countsOf({ subjects }).failed, 'target')} not ready: --fail-if ${conditions.join(',')}`));
  return {
    suite: STATUS_SUITE,
    noun: 'target',
    subjects,
    gated,
    ungated: '--fail-if locked,pending,… judges them',
    exitCode: failed.length ? EXIT.gate : EXIT.ok,
    messages,
  };
}
