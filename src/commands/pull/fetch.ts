// pull's second half: each file fetched into its place, --concurrency at a time, through the one
// request core (client.openFile) and the record of saved files (io/saved-files.ts). A failed file is
// that file's failure, not the run's; Ctrl-C ends the run once the files being written are left
// whole (old or new); a 429 after the retries ends the asking (the rest would be refused too).
import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { EXIT, InterruptedError, WliError } from '../../core/errors.js';
import { pool } from '../../core/pool.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { firstHeader } from '../../api/http.js';
import { ServerError } from '../../api/errors.js';
import { localFailure, makeDirectories } from '../../io/files.js';
import type { SavedFiles, SaveOutcome } from '../../io/saved-files.js';
import type { Session } from '../../session/session.js';
import { openFile } from '../../session/reads.js';
import { fileOf } from '../../weblate/paths.js';
import type { Entry } from './plan.js';

export type Status = SaveOutcome | 'skipped' | 'failed' | 'would-fetch';

/** What became of one translation. */
export interface Done {
  entry: Entry;
  status: Status;
  /** The size of the file now there (created, updated, unchanged). */
  bytes?: number;
  reason?: Msg;
  exitCode?: number;
  /** Said as a warning (a refused name, a collision). */
  warning?: boolean;
}

export interface FetchOptions {
  saved: SavedFiles;
  force: boolean;
  dryRun: boolean;
}

/** Every entry's outcome, in the entries' order, files fetched as they come. */
export async function* fetchAll(session: Session, entries: readonly Entry[], o: FetchOptions): AsyncGenerator<Done> {
  const files = entries.filter((e) => !e.decided).length;
  let finished = 0;
  let rateLimited = false;
  const limits = rateWatch(session, files);
  const jobs = entries.map((entry) => async (): Promise<Done> => {
    if (entry.decided) return { entry, ...entry.decided };
    if (o.dryRun) return { entry, status: 'would-fetch' };
    const done = await fetchOne(session, entry, o);
    finished++;
    session.progress.update('files', finished, files);
    if (done.exitCode === EXIT.rateLimited) rateLimited = true;
    limits(files - finished);
    return done;
  });
  if (!o.dryRun && files > 0) limits(files);
  let handed = 0;
  const stop = () => rateLimited || session.ctx.signal.aborted;
  for await (const r of pool(jobs, { concurrency: session.settings.concurrency, stop })) {
    if (!r.ok) throw r.error;
    handed++;
    yield r.value;
    // The line just said cleared the progress line: show it again while files are still coming.
    if (!o.dryRun && finished < files) session.progress.update('files', finished, files);
  }
  if (session.ctx.signal.aborted) throw new InterruptedError();
  // Stopped by a rate limit: the rest is not asked for.
  for (const entry of entries.slice(handed)) {
    yield entry.decided
      ? { entry, ...entry.decided }
      : { entry, status: 'failed', reason: ours('not asked for: the rate limit was exhausted (HTTP 429)'), exitCode: EXIT.rateLimited };
  }
}

/** Says once, before the quota is gone, when the server's rate limit will not last for the files still to fetch. */
function rateWatch(session: Session, files: number): (left: number) => void {
  let said = false;
  return (left) => {
    const r = session.client().rateLimit;
    if (said || left === 0 || r?.remaining === undefined || r.remaining >= left) return;
    said = true;
    const reset = r.resetSeconds === undefined ? ours('') : msg`; the window resets in ${ours(String(r.resetSeconds))} s`;
    const who = session.settings.token ? ours('') : ours('; anonymous clients get few: use a token (--token or WLI_TOKEN)');
    session.warn(
      msg`the server's rate limit is running low: ${ours(String(r.remaining))} API requests left (X-RateLimit-Remaining) for ${ours(String(left))} of ${ours(String(files))} files still to fetch${reset}${who}`,
    );
  };
}

async function fetchOne(session: Session, entry: Entry, o: FetchOptions): Promise<Done> {
  const client = session.client();
  const { listed } = entry;
  const dest = entry.dest!;
  const shown = msg`${entry.path}`;
  const url = client.resolve(fileOf({ project: listed.project, component: listed.component, language: listed.language! })).href;
  try {
    // A directory that cannot be made, or written into, fails this file before its request.
    try {
      makeDirectories(dirname(dest));
      accessSync(dirname(dest), constants.W_OK);
    } catch (e) {
      throw localFailure(e, shown);
    }
    const proof = o.force ? { headers: {} } : await o.saved.condition(dest, url);
    const res = await openFile(session, url, proof.headers);
    const notModified = res.status === 304;
    if (notModified && Object.keys(proof.headers).length === 0) {
      throw new ServerError(msg`GET ${url}: 304 Not Modified to a request that was not conditional`, msg`report it to the server administrators`);
    }
    const validators = { lastModified: firstHeader(res.headers['last-modified']), etag: firstHeader(res.headers.etag) };
    let saved: { outcome: SaveOutcome; bytes: number };
    try {
      saved = await o.saved.save(dest, url, proof, { notModified, chunks: res.body, validators, shown });
    } catch (e) {
      throw localFailure(e, shown);
    }
    return { entry, status: saved.outcome, bytes: saved.bytes };
  } catch (e) {
    if (e instanceof InterruptedError || session.ctx.signal.aborted) throw new InterruptedError();
    if (!(e instanceof WliError)) throw e;
    return { entry, status: 'failed', reason: e.text, exitCode: e.exitCode };
  }
}
