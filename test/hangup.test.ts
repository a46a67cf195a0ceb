// Issue 36.1: a terminal that closes under a run (its window closed, an ssh connection dropped). wli
// runs on a real pseudo-terminal (test/support/hangup.py, python3's pty module) that the test hangs
// up: SIGHUP with the terminal gone ends the run with 129, and a run that outlives its terminal (a
// process group the hang-up does not reach) ends with 143 on a later SIGTERM. Never Node 20's abort
// restoring the dead terminal (SIGABRT, exit 134, a native stack trace: nodejs/node#51519), and the
// temporary file goes as it does for any signal.
import { afterAll, beforeAll, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { WLI_COMMAND, baseEnv } from './support/run.js';
import { filesIn, writing } from './support/spawn.js';
import { closeHungUp, terminalsAtStart } from '../src/io/hangup.js';

const HELPER = join(import.meta.dirname, 'support/hangup.py');
const HAS_PTY = process.platform === 'linux' && spawnSync('python3', ['-c', 'import ctypes, pty'], { stdio: 'ignore', env: baseEnv() }).status === 0;
const NO_PTY = 'python3 with its pty module is not here (or this is not Linux): no terminal to hang up';

let fake: FakeWeblate;
let dir: string;
beforeAll(async () => {
  fake = await startFakeWeblate({ fileGzip: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-hangup-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

/** wli on a pty the test hangs up; `then` are signals sent after the hang-up (once the helper saw it). */
async function hangUp(ctx: TestContext, args: string[], o: { background?: boolean; then?: string[] } = {}) {
  if (!HAS_PTY) {
    console.warn(`skipped: ${ctx.task.fullName}: ${NO_PTY}`);
    ctx.skip(NO_PTY);
  }
  const helper = spawn('python3', [HELPER, ...(o.background ? ['--background'] : []), ...WLI_COMMAND, ...args], {
    cwd: dir,
    env: baseEnv({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, '.cache'), TERM: 'xterm-256color' }),
  });
  let out = '';
  let err = '';
  helper.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  helper.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const ended = new Promise<void>((resolve) => helper.on('close', () => resolve()));
  await writing(dir);
  helper.stdin.write('hangup\n');
  for (const signal of o.then ?? []) helper.stdin.write(`${signal}\n`);
  await ended;
  const status = /status: (exit|signal) (\d+)\n$/.exec(out);
  expect(status, `${out}\n${err}`).not.toBeNull();
  return { how: status![1], code: Number(status![2]), err };
}

describe('36.1: a run whose terminal hangs up ends as documented', () => {
  it('download -o FILE, the terminal closed mid-body: SIGHUP, exit 129, the old file as it was, no temporary file', async (ctx) => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault('/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const r = await hangUp(ctx, ['download', 'demo/android/cs', '-o', 'cs.po', '--force']);
    expect([r.how, r.code]).toEqual(['exit', 129]);
    expect(r.err).not.toMatch(/ResetStdio|Assertion|node::/);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['cs.po']);
  });

  it('a run that outlived its terminal (a process group of its own): a later SIGTERM ends it with 143, no temporary file', async (ctx) => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault('/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const r = await hangUp(ctx, ['download', 'demo/android/cs', '-o', 'cs.po', '--force'], { background: true, then: ['TERM'] });
    expect([r.how, r.code]).toEqual(['exit', 143]);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['cs.po']);
  });

  it('the hang-up, then a SIGTERM before the run is through: 129 or 143 (whichever ended it), never an abort', async (ctx) => {
    fake.fault('/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const r = await hangUp(ctx, ['download', 'demo/android/cs', '-o', 'cs.po'], { then: ['TERM'] });
    expect(r.how).toBe('exit');
    expect([129, 143]).toContain(r.code);
    expect(filesIn(dir)).toEqual([]);
  });
});

describe('36.1: closeHungUp closes the standard descriptors whose terminal is gone, and only those', () => {
  it.each([
    { start: [0, 1, 2], live: [0, 1, 2], closed: [] },
    { start: [0, 1, 2], live: [], closed: [0, 1, 2] },
    { start: [1], live: [0, 2], closed: [1] },
    { start: [], live: [], closed: [] },
  ])('on a terminal at start $start, still terminals $live: closes $closed', ({ start, live, closed }) => {
    const seen: number[] = [];
    expect(terminalsAtStart((fd) => start.includes(fd))).toEqual(start);
    expect(
      closeHungUp(
        start,
        (fd) => live.includes(fd),
        (fd) => seen.push(fd),
      ),
    ).toEqual(closed);
    expect(seen).toEqual(closed);
  });

  it('a descriptor already closed is passed over', () => {
    expect(
      closeHungUp(
        [2],
        () => false,
        () => {
          throw Object.assign(new Error('EBADF'), { code: 'EBADF' });
        },
      ),
    ).toEqual([2]);
  });
});
