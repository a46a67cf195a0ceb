// The one worker pool (pull's files, stats' targets, pull's component lists): `concurrency` workers,
// each starting the next job as soon as it has finished one, so a slow job holds only its own worker.
// Results are handed out in the jobs' order (a report reads the same whatever finished first), so
// those that finish while an earlier job still runs wait in a buffer, and that buffer is bounded
// (RESULTS_WAITING). A job's failure is its result; `stop` ends the starting of new jobs (Ctrl-C, a
// rate limit); the jobs still running are waited for before the pool returns, also when its consumer
// leaves early, so none is left half-done (a temporary file) when the caller moves on.

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * How many finished results may wait behind one job still running before no further job starts.
 * A result is a small record (pull: a status and a size beside a reference to its entry; stats: the
 * rows the caller keeps anyway), while the caller already holds every job in memory, each with the
 * server's object it came from: 4096 of them cost less than the job list itself. A slow job then holds
 * the others only after 4096 jobs finished behind it: at pull's 4 workers and 50 ms a file, over a
 * minute, longer than a file takes that is not stalled (a stalled one ends by --timeout). A small bound
 * (pull's old window was 0) would let one big file hold every other start.
 */
const RESULTS_WAITING = 4096;

interface PoolOptions {
  concurrency: number;
  /** Asked before each start: true ends the starting of new jobs (the started ones still finish). */
  stop?: () => boolean;
  /** How many finished results may wait for an earlier one (default RESULTS_WAITING). */
  buffer?: number;
}

/**
 * Each job's result, in the jobs' order. Jobs start in order, so when `stop` ended the starting the
 * results handed out are those of the first jobs: the caller accounts for the rest.
 */
export async function* pool<T>(jobs: ReadonlyArray<() => Promise<T>>, o: PoolOptions): AsyncGenerator<Settled<T>, void, undefined> {
  const concurrency = Math.max(1, o.concurrency);
  // Jobs started and not yet handed out: at most the running ones and the buffer.
  const window = concurrency + Math.max(0, o.buffer ?? RESULTS_WAITING);
  const finished = new Map<number, Settled<T>>();
  let next = 0;
  let handed = 0;
  let leaving = false;
  let working = 0;
  let wakeConsumer: (() => void) | undefined;
  let roomWaiters: Array<() => void> = [];
  const wake = () => {
    wakeConsumer?.();
    wakeConsumer = undefined;
  };
  const startable = () => next < jobs.length && !leaving && !(o.stop?.() ?? false);
  const worker = async (): Promise<void> => {
    for (;;) {
      while (startable() && next - handed >= window) await new Promise<void>((resolve) => roomWaiters.push(resolve));
      if (!startable()) return;
      const i = next++;
      const job = jobs[i];
      if (job === undefined) return;
      let r: Settled<T>;
      try {
        r = { ok: true, value: await job() };
      } catch (error) {
        r = { ok: false, error };
      }
      finished.set(i, r);
      wake();
    }
  };
  const workers = Array.from({ length: Math.min(concurrency, jobs.length) }, () => {
    working++;
    return worker().finally(() => {
      working--;
      wake();
    });
  });
  try {
    while (handed < jobs.length) {
      const r = finished.get(handed);
      if (r === undefined) {
        // Not started, and no worker left to start it: the pool was stopped.
        if (handed >= next && working === 0) return;
        await new Promise<void>((resolve) => (wakeConsumer = resolve));
        continue;
      }
      finished.delete(handed++);
      const waiting = roomWaiters;
      roomWaiters = [];
      for (const resolve of waiting) resolve();
      yield r;
    }
  } finally {
    // The consumer left (or all is handed out): start nothing more, and let what runs end.
    leaving = true;
    for (const resolve of roomWaiters) resolve();
    await Promise.all(workers);
  }
}

/**
 * Every job's value, in the jobs' order. A failure ends the starting of new jobs, and the first
 * failure in the jobs' order is thrown once the jobs still running have ended.
 */
export async function allInOrder<T>(jobs: ReadonlyArray<() => Promise<T>>, concurrency: number): Promise<T[]> {
  let failed = false;
  const watched = jobs.map((job) => async () => {
    try {
      return await job();
    } catch (e) {
      failed = true;
      throw e;
    }
  });
  const values: T[] = [];
  for await (const r of pool(watched, { concurrency, stop: () => failed })) {
    if (!r.ok) throw r.error;
    values.push(r.value);
  }
  return values;
}

/** A promise whose rejection is handled later (or never, when its value turns out not to be needed). */
export function deferred<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}
