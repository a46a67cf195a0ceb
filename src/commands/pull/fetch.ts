// pull's second half: each file fetched into its place, --concurrency at a time, saved the one way
// download saves too (files/save.ts: the record of saved files, retries, links). A failed file is
// that file's failure, not the run's; Ctrl-C ends the run once the files being written are left
// whole (old or new), every file written before it said; a 429 after the retries ends the asking (the
// rest would be refused too).
import { dirname } from 'node:path';
import { EXIT, InterruptedError, WliError, interruption } from '../../core/errors.js';
import { pool } from '../../core/pool.js';
import { msg, ours, type Msg } from '../../core/text.js';
import type { PendingFile } from '../../files/pending.js';
import type { SaveOutcome } from '../../files/saved.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import type { Compared, FileSaver } from '../../files/save.js';
import { fileOf } from '../../weblate/paths.js';
import type { Entry } from './plan.js';

/**
 * What became of a translation; a dry run's `would-check` is a file the record of saved files proves
 * (asked for only if changed); --check's `same`, `differs` and `missing` are what the file on disk is
 * to the server's.
 */
export type Status = SaveOutcome | Compared['outcome'] | 'skipped' | 'failed' | 'would-fetch' | 'would-check';

/** What became of one translation. */
export interface Done {
  entry: Entry;
  status: Status;
  /** The size of the file now there (created, updated, unchanged; same, differs). */
  bytes?: number;
  reason?: Msg;
  exitCode?: number;
}

/** An entry to ask the server for: its file's place and its address. */
interface ToFetch {
  entry: Entry;
  dest: string;
  url: string;
}

interface FetchOptions {
  saver: FileSaver;
  force: boolean;
  dryRun: boolean;
  /** --check: each file compared with the server's, nothing written. */
  check: boolean;
  /** The run's signal: Ctrl-C ends the asking. */
  signal: AbortSignal;
}

/** Every entry's outcome, in the entries' order, files fetched as they come. */
export async function* fetchAll(weblate: Weblate, report: Report, entries: readonly Entry[], o: FetchOptions): AsyncGenerator<Done> {
  const files = entries.filter((e) => !e.decided).length;
  let finished = 0;
  let rateLimited = false;
  const limits = rateWatch(weblate, report, files);
  const jobs = entries.map((entry) => async (): Promise<Done> => {
    if (entry.decided) return { entry, ...entry.decided };
    // plan() decides every entry that has no file to write or no language (plan.ts).
    const { dest } = entry;
    const { language } = entry.listed;
    if (dest === undefined || language === undefined) throw new Error(`pull: ${entry.listed.target} is planned with no file to write`);
    const { project, component } = entry.listed;
    const f = { entry, dest, url: weblate.url(fileOf({ project, component, language })).href };
    if (o.dryRun) return { entry, status: (await o.saver.provable(askOf(f, o))) ? 'would-check' : 'would-fetch' };
    const done = await (o.check ? checkOne : fetchOne)(f, o);
    finished++;
    report.progress.update('files', finished, files);
    if (done.exitCode === EXIT.rateLimited) rateLimited = true;
    limits(files - finished);
    return done;
  });
  if (!o.dryRun && files > 0) limits(files);
  let handed = 0;
  const stop = () => rateLimited || o.signal.aborted;
  for await (const r of pool(jobs, { concurrency: weblate.concurrency, stop })) {
    if (!r.ok) {
      // Interrupted: the files that were renamed into place behind the one cut short (finished while
      // it ran, waiting for their turn in the report) are still reported, in order, before the run ends.
      if (o.signal.aborted) continue;
      throw r.error;
    }
    handed++;
    yield r.value;
    // The line just said cleared the progress line: show it again while files are still coming.
    if (!o.dryRun && finished < files) report.progress.update('files', finished, files);
  }
  if (o.signal.aborted) throw interruption(o.signal);
  // Stopped by a rate limit: the rest is not asked for.
  for (const entry of entries.slice(handed)) {
    yield entry.decided
      ? { entry, ...entry.decided }
      : { entry, status: 'failed', reason: ours('not asked for: the rate limit was exhausted (HTTP 429)'), exitCode: EXIT.rateLimited };
  }
}

/** Says once, before the quota is gone, when the server's rate limit will not last for the files still to fetch. */
function rateWatch(weblate: Weblate, report: Report, files: number): (left: number) => void {
  let said = false;
  return (left) => {
    const r = weblate.rateLimit;
    if (said || left === 0 || r?.remaining === undefined || r.remaining >= left) return;
    said = true;
    const reset = r.resetSeconds === undefined ? ours('') : msg`; the window resets in ${ours(String(r.resetSeconds))} s`;
    const who = weblate.tokenSource !== undefined ? ours('') : ours('; anonymous clients get few: use a token (--token or WLI_TOKEN)');
    report.warn(
      msg`the server's rate limit is running low: ${ours(String(r.remaining))} API requests left (X-RateLimit-Remaining) for ${ours(String(left))} of ${ours(String(files))} files still to fetch${reset}${who}`,
    );
  };
}

/** What asking for an entry's file is: its URL, the file a record may prove, the revision listed now. */
function askOf({ entry, dest, url }: ToFetch, o: FetchOptions): { url: string; proven: string; revision: string | undefined; force: boolean } {
  return { url, proven: dest, revision: entry.listed.translation.revisionText, force: o.force };
}

async function fetchOne(f: ToFetch, o: FetchOptions): Promise<Done> {
  const { entry, dest } = f;
  const shown = msg`${entry.path}`;
  let file: PendingFile | undefined;
  try {
    // Made ready before the request (its directories made, a temporary file created), so a place that
    // cannot be written fails this file first; the directories made for it go again if it fails.
    file = await o.saver.prepare({ dir: dirname(dest), file: dest }, shown, true);
    const saved = await o.saver.save({ ...askOf(f, o), file, dest, shown: () => shown });
    return { entry, status: saved.outcome, bytes: saved.bytes };
  } catch (e) {
    if (e instanceof InterruptedError || o.signal.aborted) throw interruption(o.signal);
    if (!(e instanceof WliError)) throw e;
    return { entry, status: 'failed', reason: e.text, exitCode: e.exitCode };
  } finally {
    await file?.discard();
  }
}

/** --check: the file on disk compared with the server's (files/save.ts compare), nothing written. */
async function checkOne(f: ToFetch, o: FetchOptions): Promise<Done> {
  const { entry, dest } = f;
  try {
    const { outcome, bytes } = await o.saver.compare({ ...askOf(f, o), proven: dest, shown: msg`${entry.path}` });
    return { entry, status: outcome, bytes };
  } catch (e) {
    if (e instanceof InterruptedError || o.signal.aborted) throw interruption(o.signal);
    if (!(e instanceof WliError)) throw e;
    return { entry, status: 'failed', reason: e.text, exitCode: e.exitCode };
  }
}
