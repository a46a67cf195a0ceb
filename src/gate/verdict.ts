// One judgement per run: what a gate decided of each subject it was given (a stats row, a file pull
// --check compared), made once, before anything is written. The exit status and the stderr summary
// come from it; every format (table colours, JUnit, the job summary, Code Quality, annotations)
// renders it and judges nothing itself, so no two of them can disagree.
import type { Item } from '../core/page.js';
import type { Msg } from '../core/text.js';

/** What the gate made of one subject. `not judged`: no gate applies to it (no threshold, skipped). */
type Judgement = 'pass' | 'fail' | 'not judged';

/** GitLab Code Quality's severities, mildest first. */
export type Severity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/** One check a subject failed. A subject failing two checks (under the threshold, dropped) has two. */
export interface Failure {
  /**
   * Which check failed, a stable name (`fail-under`, `fail-on-drop`, `differs`): Code Quality's
   * check_name (`wli/<check>`) and, with the subject's identity, its fingerprint; JUnit's failure type.
   */
  check: string;
  /** A headline: the annotation's title (`demo/android/cs below 90%`). */
  title: string;
  /** Why, in full: the annotation's message, the JUnit failure, the Code Quality description. */
  message: string;
  /** A few words where colour cannot say it (a Markdown cell): `❌ below 90%`. */
  mark?: string;
  /** Code Quality's severity; `major` when absent. */
  severity?: Severity;
}

/** One subject, judged once however many targets named it. Every text is plain and exact: each writer escapes it its own way. */
export interface Subject {
  /** Its identity, unique in the verdict: the target wli made a row's identity from, a file's translation. JUnit's test case. */
  id: string;
  /** What it belongs to (JUnit's classname): a component, a project. */
  group?: string;
  /** The file in the repository it is about, relative to the repository's root, where it has one. */
  file?: string;
  /** Where a report that must name a file (Code Quality) points when there is no `file`. */
  near?: string;
  judgement: Judgement;
  /** Every check it failed, in the order the gate checks them; empty unless it failed. */
  failures: Failure[];
  /** Why it was not judged (JUnit's skipped message). */
  reason?: string;
  /** The row or record it is, for a table of the subjects (the job summary); absent for one that is gone. */
  item?: Item;
}

export interface Verdict {
  /** What made it: `wli stats`, `wli pull --check` (JUnit's test suite; the verdict line starts with it). */
  suite: string;
  /** What one subject is, for counts in words: `row`, `file`. */
  noun: string;
  /** Every subject once, in the order first named, judged or not. */
  subjects: Subject[];
  /** Whether any gate was asked for; when not, nothing is judged and `ungated` says how one would be. */
  gated: boolean;
  ungated?: string;
  /** The run's exit status as the gate decides it (0, 3, or the code of a subject that could not be judged). */
  exitCode: number;
  /** What stderr says of it, after the data. */
  messages: Msg[];
}

export interface Counts {
  total: number;
  judged: number;
  passed: number;
  failed: number;
  notJudged: number;
}

export function countsOf(v: Pick<Verdict, 'subjects'>): Counts {
  const n = (j: Judgement) => v.subjects.filter((s) => s.judgement === j).length;
  const [passed, failed, notJudged] = [n('pass'), n('fail'), n('not judged')];
  return { total: v.subjects.length, judged: passed + failed, passed, failed, notJudged };
}

export const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** At most `max` names, then how many more: the not-judged rows of a summary line. */
function someNames(names: readonly string[], max = 10): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/**
 * The verdict in one line, the same in the job summary and on stderr: `wli stats: 1 of 2 judged rows
 * passed, 1 failed; 3 not judged: a, b, c`; `wli stats: nothing judged: 5 rows, no gate (…)`.
 * Without `suite`, the line without its `wli stats: ` (stderr already starts `wli: `).
 */
export function verdictLine(v: Verdict, suite = true): string {
  const c = countsOf(v);
  const head = suite ? `${v.suite}: ` : '';
  if (!v.gated) return `${head}nothing judged: ${plural(c.total, v.noun)}, no gate${v.ungated ? ` (${v.ungated})` : ''}`;
  const skipped = v.subjects.filter((s) => s.judgement === 'not judged').map((s) => s.id);
  const notJudged = skipped.length ? `; ${skipped.length} not judged: ${someNames(skipped)}` : '';
  if (c.judged === 0) return `${head}nothing judged (no ${v.noun}s to judge)${notJudged}`;
  const failed = c.failed ? `, ${c.failed} failed` : '';
  return `${head}${c.passed} of ${c.judged} judged ${c.judged === 1 ? v.noun : `${v.noun}s`} passed${failed}${notJudged}`;
}

/**
 * Subjects once each by identity, in the order first named (a target named twice is judged once). Of
 * the subjects of one identity the first that failed stands for them all: a list that holds a row
 * twice (a server's answer) cannot hide a failing copy behind a passing one.
 */
export function once<T extends { id: string; judgement?: Judgement }>(subjects: readonly T[]): T[] {
  const at = new Map<string, number>();
  const kept: T[] = [];
  for (const s of subjects) {
    const k = at.get(s.id);
    if (k === undefined) {
      at.set(s.id, kept.length);
      kept.push(s);
    } else if (s.judgement === 'fail' && kept[k]?.judgement !== 'fail') kept[k] = s;
  }
  return kept;
}

/** A verdict's subjects by identity, for a format that looks a row up (a table's colours). */
export function byId(v: Verdict): Map<string, Subject> {
  return new Map(v.subjects.map((s) => [s.id, s]));
}
