// Jobs run `concurrency` at a time, their results handed out in the order of the jobs (so a report
// reads the same whatever finished first). A job's failure is its result; `stop` ends the starting
// of new jobs (Ctrl-C, a rate limit), and the jobs still running are waited for, so none is left
// half-done (a temporary file) when the caller moves on.
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function* inOrder<T>(
  jobs: ReadonlyArray<() => Promise<T>>,
  concurrency: number,
  stop: () => boolean = () => false,
): AsyncGenerator<Settled<T>, void, undefined> {
  const results: Array<Promise<Settled<T>> | undefined> = [];
  let next = 0;
  let handed = 0;
  const start = () => {
    while (next < jobs.length && next - handed < Math.max(1, concurrency) && !stop()) {
      const job = jobs[next]!;
      results[next] = job().then(
        (value): Settled<T> => ({ ok: true, value }),
        (error: unknown): Settled<T> => ({ ok: false, error }),
      );
      next++;
    }
  };
  try {
    for (; handed < jobs.length;) {
      start();
      const pending = results[handed];
      if (!pending) return; // stopped: the jobs not started are the caller's to account for
      const r = await pending;
      results[handed] = undefined;
      handed++;
      yield r;
    }
  } finally {
    // The caller left early (an error, a reader gone): let what runs finish its cleanup.
    await Promise.all(results.filter((r): r is Promise<Settled<T>> => r !== undefined));
  }
}
