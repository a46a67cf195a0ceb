// pull's files judged: with --check, each translation's file here is the server's (pass), differs or
// is missing (fail), could not be checked (fail, with that failure's own exit status: the check was
// not done), or was skipped (not judged: no file to compare). Without --check nothing is judged, but
// the run's exit status is still the verdict's: that of the first file not written. Pure: outcomes
// in, a Verdict out, made once the work is done.
import { EXIT } from '../core/errors.js';
import type { Item } from '../core/page.js';
import { msg, ours, type Msg } from '../core/text.js';
import { countsOf, once, type Failure, type Subject, type Verdict } from './verdict.js';

const CHECK_SUITE = 'wli pull --check';

/** What pull did with one translation (commands/pull/fetch.ts Done), as plain values. */
export interface FileOutcome {
  /** The translation as a target (wli_target). */
  id: string;
  /** Its component (p/c). */
  group: string;
  /** Its path as said on stderr; null when it has none (no filename). */
  path: string | null;
  /** Its path in the repository, as CI systems name files; absent when it has none. */
  file?: string;
  status: 'created' | 'updated' | 'unchanged' | 'would-fetch' | 'would-check' | 'same' | 'differs' | 'missing' | 'skipped' | 'failed';
  reason?: string;
  /** Its component's layout is not the one DIR records (--check: it differs, its files not compared). */
  layoutChanged?: boolean;
  /** A failed one's exit status. */
  exitCode?: number;
  /** Its record (what -f json shows of it). */
  item?: Item;
}

export type Mode = 'pull' | 'dry-run' | 'check';

/** The statuses each mode's summary counts, in order, and the words for those that are not their own. */
const SHOWN: Record<Mode, Array<FileOutcome['status']>> = {
  pull: ['created', 'updated', 'unchanged', 'skipped', 'failed'],
  'dry-run': ['would-fetch', 'would-check', 'skipped', 'failed'],
  check: ['same', 'differs', 'missing', 'skipped', 'failed'],
};
const WORDS: Partial<Record<FileOutcome['status'], string>> = { 'would-fetch': 'to fetch', 'would-check': 'to check', differs: 'differ' };
const HEAD: Record<Mode, string> = { pull: '', 'dry-run': 'dry run, nothing written. ', check: 'check, nothing written. ' };

/** Why a file fails the check, or undefined when it is the server's (or was not checked: skipped). */
function failureOf(o: FileOutcome, mode: Mode): Failure | undefined {
  const path = o.path ?? o.id;
  switch (o.status) {
    case 'differs':
      if (o.layoutChanged) return { check: 'layout', title: `${o.id}: its component's layout changed`, message: `${path}: ${o.reason ?? 'layout changed'}` };
      return {
        check: 'differs',
        title: `${o.id} differs from the server`,
        message: `${path} is not the server's file of ${o.id}: wli pull brings it to the server's bytes`,
      };
    case 'missing':
      return { check: 'missing', title: `${o.id} missing`, message: `${path}, the server's file of ${o.id}, is not here: wli pull fetches it` };
    case 'failed': {
      const not = mode === 'check' ? 'not checked' : 'not written';
      return { check: not.replace(' ', '-'), title: `${o.id} ${not}`, message: `${path}: ${o.reason ?? not}` };
    }
    default:
      return undefined;
  }
}

function subjectOf(o: FileOutcome, mode: Mode): Subject {
  const failure = failureOf(o, mode);
  const base = { id: o.id, group: o.group, file: o.file, item: o.item };
  if (failure) return { ...base, judgement: 'fail', failures: [failure] };
  if (mode === 'check' && o.status === 'same') return { ...base, judgement: 'pass', failures: [] };
  const reason = o.status === 'skipped' ? `skipped: ${o.reason ?? 'no file'}` : 'not checked: pull without --check';
  return { ...base, judgement: 'not judged', failures: [], reason };
}

/**
 * The verdict on the files: its messages are stderr's summary (the counts, and with --check the files
 * not the server's, or that there was nothing to check); its exit status that of the first file that
 * failed, else with --check the gate's when a file differs or is missing, or when none was checked
 * (unless --allow-empty).
 */
export function judgeFiles(mode: Mode, outcomes: readonly FileOutcome[], allowEmpty = false, unrecorded?: number): Verdict {
  const counts = new Map<FileOutcome['status'], number>();
  let exitCode: number = EXIT.ok;
  for (const o of outcomes) {
    counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
    if (o.status === 'failed' && exitCode === EXIT.ok) exitCode = o.exitCode ?? EXIT.server;
  }
  // A layout record that could not be written (said when it happened): the work is not all done.
  if (exitCode === EXIT.ok && unrecorded !== undefined) exitCode = unrecorded;
  const subjects = once(outcomes.map((o) => subjectOf(o, mode)));
  const total = outcomes.length;
  const parts = SHOWN[mode].map((s) => `${counts.get(s) ?? 0} ${WORDS[s] ?? s}`).join(', ');
  const messages: Msg[] = [ours(`${HEAD[mode]}${total} translation${total === 1 ? '' : 's'}: ${parts}`)];
  const verdict = (code: number): Verdict => ({ suite: CHECK_SUITE, noun: 'file', subjects, gated: mode === 'check', exitCode: code, messages });
  if (mode !== 'check' || exitCode !== EXIT.ok) return verdict(exitCode);
  const moved = outcomes.filter((o) => o.status === 'differs' && o.layoutChanged).length;
  const drift = (counts.get('differs') ?? 0) + (counts.get('missing') ?? 0) - moved;
  if (drift > 0)
    messages.push(ours(`${drift} file${drift === 1 ? ' is' : 's are'} not the server's: the same wli pull without --check brings them to its bytes`));
  if (moved > 0)
    messages.push(
      ours(
        `${moved} file${moved === 1 ? ' is' : 's are'} of a component whose layout is not the recorded one: review it, then wli pull --accept-layout records it`,
      ),
    );
  if (drift + moved > 0) return verdict(EXIT.gate);
  if (countsOf({ subjects }).judged === 0) {
    const why = ours(total === 0 ? 'no translations' : `every translation skipped`);
    if (allowEmpty) messages.push(msg`the check compared no file (${why}): --allow-empty lets it pass`);
    else {
      messages.push(msg`the check compared no file (${why}), so it does not pass; --allow-empty lets an empty result pass`);
      return verdict(EXIT.gate);
    }
  }
  return verdict(EXIT.ok);
}
