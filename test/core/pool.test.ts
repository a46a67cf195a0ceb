// The one worker pool (src/core/pool.ts): jobs the test releases out of order, by hand (deferred
// promises, no timers). `drained()` lets every reaction the pool has to a release run: the jobs do no
// I/O, so all of it is promise callbacks, done before the event loop's next turn.
import { describe, expect, it } from 'vitest';
import { allInOrder, pool, type Settled } from '../../src/core/pool.js';

const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Jobs 1..n, each held until the test releases (or fails) it; what started and finished, and how many ran at once. */
function heldJobs(n: number) {
  const started: number[] = [];
  const finished: number[] = [];
  const hands = new Map<number, { release: () => void; fail: (e: Error) => void }>();
  let running = 0;
  let most = 0;
  const jobs = Array.from({ length: n }, (_, k) => async () => {
    const i = k + 1;
    started.push(i);
    most = Math.max(most, ++running);
    try {
      await new Promise<void>((release, fail) => hands.set(i, { release, fail }));
    } finally {
      running--;
      finished.push(i);
    }
    return i;
  });
  const hand = (i: number) => {
    const h = hands.get(i);
    if (!h) throw new Error(`job ${i} has not started`);
    return h;
  };
  return {
    jobs,
    started,
    finished,
    most: () => most,
    release: (i: number) => hand(i).release(),
    fail: (i: number, e: Error) => hand(i).fail(e),
  };
}

/** Consumes a pool into `got` as results come; `ended` once the pool returned. */
function consume(results: AsyncGenerator<Settled<number>>) {
  const got: Array<number | string> = [];
  const state = { ended: false };
  const run = (async () => {
    for await (const r of results) got.push(r.ok ? r.value : `failed: ${(r.error as Error).message}`);
    state.ended = true;
  })();
  return { got, state, run };
}

describe('pool', () => {
  it('one job held: every other job starts and finishes meanwhile, `concurrency` at a time; results still come out in order', async () => {
    const t = heldJobs(5);
    const c = consume(pool(t.jobs, { concurrency: 2 }));
    await drained();
    expect(t.started).toEqual([1, 2]);
    for (const i of [2, 3, 4, 5]) {
      t.release(i);
      await drained();
    }
    expect(t.started).toEqual([1, 2, 3, 4, 5]);
    expect(t.finished).toEqual([2, 3, 4, 5]);
    expect(c.got).toEqual([]);
    t.release(1);
    await c.run;
    expect(c.got).toEqual([1, 2, 3, 4, 5]);
    expect(t.most()).toBe(2);
  });

  it('jobs released in any order: each worker takes the next job as soon as its own is done', async () => {
    const t = heldJobs(6);
    const c = consume(pool(t.jobs, { concurrency: 3 }));
    await drained();
    expect(t.started).toEqual([1, 2, 3]);
    t.release(3);
    await drained();
    expect(t.started).toEqual([1, 2, 3, 4]);
    t.release(2);
    await drained();
    expect(t.started).toEqual([1, 2, 3, 4, 5]);
    expect(c.got).toEqual([]);
    t.release(1);
    await drained();
    expect(c.got).toEqual([1, 2, 3]);
    expect(t.started).toEqual([1, 2, 3, 4, 5, 6]);
    for (const i of [6, 4, 5]) t.release(i);
    await c.run;
    expect(c.got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.most()).toBe(3);
  });

  it('the buffer is bounded: with `buffer` results waiting behind a held job, no further job starts until it is handed out', async () => {
    const t = heldJobs(5);
    const c = consume(pool(t.jobs, { concurrency: 2, buffer: 1 }));
    await drained();
    t.release(2);
    await drained();
    t.release(3);
    await drained();
    // Jobs 2 and 3 wait behind job 1: two results for a buffer of one, the second worker's own.
    expect(t.started).toEqual([1, 2, 3]);
    t.release(1);
    await drained();
    expect(c.got).toEqual([1, 2, 3]);
    expect(t.started).toEqual([1, 2, 3, 4, 5]);
    t.release(5);
    t.release(4);
    await c.run;
    expect(c.got).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing job is its own result: the others run on and come out in their place', async () => {
    const t = heldJobs(4);
    const c = consume(pool(t.jobs, { concurrency: 2 }));
    await drained();
    t.fail(2, new Error('two'));
    await drained();
    t.release(3);
    await drained();
    t.release(4);
    t.release(1);
    await c.run;
    expect(c.got).toEqual([1, 'failed: two', 3, 4]);
  });

  it('a job that throws before its first await is a failure like any', async () => {
    const jobs = [
      async () => 1,
      () => Promise.reject(new Error('at once')),
      (): Promise<number> => {
        throw new Error('sync');
      },
    ];
    const c = consume(pool(jobs, { concurrency: 2 }));
    await c.run;
    expect(c.got).toEqual([1, 'failed: at once', 'failed: sync']);
  });

  it('stop: no new job starts; the running ones finish and are handed out; then the pool returns', async () => {
    const t = heldJobs(5);
    let stopped = false;
    const c = consume(pool(t.jobs, { concurrency: 2, stop: () => stopped }));
    await drained();
    stopped = true;
    t.release(2);
    await drained();
    expect(t.started).toEqual([1, 2]);
    expect(c.state.ended).toBe(false);
    t.release(1);
    await c.run;
    expect(c.got).toEqual([1, 2]);
    expect(t.started).toEqual([1, 2]);
  });

  it('a consumer that leaves early: nothing more starts, and the pool returns only once the running jobs ended', async () => {
    const t = heldJobs(5);
    const state = { left: false };
    const got: number[] = [];
    const run = (async () => {
      for await (const r of pool(t.jobs, { concurrency: 2 })) {
        got.push(r.ok ? r.value : -1);
        break;
      }
      state.left = true;
    })();
    await drained();
    t.release(1);
    await drained();
    // Job 1 handed out, then the consumer left while jobs 2 and 3 run: it waits for them.
    expect(got).toEqual([1]);
    expect(t.started).toEqual([1, 2, 3]);
    expect(state.left).toBe(false);
    t.release(3);
    await drained();
    expect(state.left).toBe(false);
    t.release(2);
    await run;
    expect(t.started).toEqual([1, 2, 3]);
    expect(t.finished).toEqual([1, 3, 2]);
  });

  it('no jobs: returns at once', async () => {
    const c = consume(pool([], { concurrency: 4 }));
    await c.run;
    expect(c.got).toEqual([]);
  });
});

describe('allInOrder', () => {
  it('every value in the jobs’ order', async () => {
    const t = heldJobs(4);
    const all = allInOrder(t.jobs, 2);
    await drained();
    for (const i of [2, 3, 4, 1]) {
      t.release(i);
      await drained();
    }
    expect(await all).toEqual([1, 2, 3, 4]);
  });

  it('a failure starts nothing more; the first failure in order is thrown once the running jobs ended', async () => {
    const t = heldJobs(6);
    const all = allInOrder(t.jobs, 3);
    let settled = false;
    all.catch(() => {}).finally(() => (settled = true));
    await drained();
    t.fail(3, new Error('three'));
    await drained();
    t.fail(2, new Error('two'));
    await drained();
    expect(t.started).toEqual([1, 2, 3]);
    expect(settled).toBe(false);
    t.release(1);
    await expect(all).rejects.toThrow('two');
    expect(t.started).toEqual([1, 2, 3]);
  });
});
