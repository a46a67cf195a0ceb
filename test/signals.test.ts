// Issue 28.1 and 28.2: how a run ends when it does not end by itself. SIGTERM (`timeout`, `docker
// stop`, a cancelled CI job) and SIGHUP (a closed terminal) end it as SIGINT (Ctrl-C) does: the work in
// flight aborted, no temporary file left, the old file as it was, exit 128 + the signal's number. After
// a SIGKILL nothing can clean up: the next run that writes the same file removes what the killed one
// left (its pid no longer running), never what a running wli is writing. And a run whose event loop
// empties while its work is still pending (a connection nothing frees) is an internal error, exit 70,
// never a silent exit 0.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeFileBytes, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { INTERRUPTED as MESSAGE, filesIn, start as startCli, temporary, writing } from './support/spawn.js';
import { whenUnsettled } from '../src/cli/unsettled.js';
import { PendingFile } from '../src/files/pending.js';
import { Workspace } from '../src/files/workspace.js';
import { msg } from '../src/core/text.js';

let fake: FakeWeblate;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // Files sent as they are (no gzip), so the first half of a stalled body is bytes in the temporary file.
  fake = await startFakeWeblate({ fileGzip: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-signals-'));
  env = { WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, '.cache') };
  return () => rmSync(dir, { recursive: true, force: true });
});

const posix = process.platform !== 'win32';
const linux = process.platform === 'linux';
const ANDROID_CS = 'app/src/main/res/values-cs/strings.xml';
const CS_FILE = '/api/translations/demo/android/cs/file/';

/** The built CLI in the test's directory, with its environment. */
const start = (args: string[], o: { cwd?: string; shell?: string; preload?: string } = {}) => startCli(args, { env, cwd: dir, ...o });

describe.runIf(posix)('a signal while wli asks the API root after a miss (is --url Weblate?)', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('%s: exit %i and "interrupted", never "does not look like a Weblate API" (exit 2)', async (signal, code) => {
    // An HTML 404 makes wli ask the API root whether --url is a Weblate API; that request never answers.
    fake.fault((r) => r.path === '/api/', { kind: 'stall' });
    const before = fake.requests.length;
    const run = start(['api', '/nope']);
    await fake.whenRequests((rs) => rs.slice(before).some((r) => r.path === '/api/'));
    run.child.kill(signal);
    const r = await run.ended;
    expect([r.code, r.stdout, r.stderr]).toEqual([code, '', `${MESSAGE[signal]}\n`]);
  });
});

describe.runIf(posix)('28.2: SIGTERM, SIGHUP and SIGINT end a run alike: work aborted, no temporary file, exit 128 + n', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('download -o FILE, %s mid-body: exit %i, the old file as it was', async (signal, code) => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const run = start(['download', 'demo/android/cs', '-o', 'cs.po', '--force']);
    await writing(dir);
    run.child.kill(signal);
    const r = await run.ended;
    expect([r.code, r.stdout, r.stderr]).toEqual([code, '', `${MESSAGE[signal]}\n`]);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['cs.po']);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ] as const)('pull, %s while a file arrives: exit %i, each file old or new, no temporary file', async (signal, code) => {
    const at = join(dir, 'app/src/main/res/values-cs');
    mkdirSync(at, { recursive: true });
    writeFileSync(join(dir, ANDROID_CS), 'previous');
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const run = start(['pull', 'demo/android']);
    await writing(at);
    run.child.kill(signal);
    const r = await run.ended;
    expect(r.code).toBe(code);
    expect(r.stderr.endsWith(`\n${MESSAGE[signal]}\n`) || r.stderr === `${MESSAGE[signal]}\n`, r.stderr).toBe(true);
    expect(readFileSync(join(dir, ANDROID_CS), 'utf8')).toBe('previous');
    for (const f of filesIn(dir)) {
      expect(f).not.toMatch(/\.tmp$/);
      const l = /values-(\w+)\//.exec(f)?.[1];
      if (l !== 'cs') expect(readFileSync(join(dir, f)).equals(fakeFileBytes(`demo/android/${l}`, false, null)), f).toBe(true);
    }
  });

  it('a second signal, of any of them, ends it at once with its own code, still without a temporary file', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const run = start(['download', 'demo/android/cs', '-o', 'cs.po', '--force']);
    await writing(dir);
    // Both arrive before the first one's clean-up is through: the second one is "now". Which one is
    // second is the kernel's choice (Linux hands over pending signals lowest number first): either way
    // the run ends with that one's code, at once, before it could say "interrupted" (a run that ends by
    // itself always does).
    run.child.kill('SIGTERM');
    run.child.kill('SIGHUP');
    const r = await run.ended;
    expect([
      [129, ''],
      [143, ''],
    ]).toContainEqual([r.code, r.stderr]);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['cs.po']);
  });

  it('a second signal: the directories made for the file go too (issue 28.12, the fault matrix)', async () => {
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const n = fake.requests.length;
    const run = start(['download', 'demo/android/cs', '-o', 'new/deep/cs.po']);
    await fake.whenRequests((rs) => rs.slice(n).some((q) => q.path === CS_FILE));
    await writing(join(dir, 'new/deep'));
    run.child.kill('SIGTERM');
    run.child.kill('SIGHUP');
    expect([129, 143]).toContain((await run.ended).code);
    // .cache: bin/wli.cjs's code cache (Node only; the standalone binary keeps none).
    expect(readdirSync(dir).filter((n) => n !== '.cache')).toEqual([]);
  });
});

describe.runIf(posix)('28.2: after a SIGKILL, the next run removes what the killed one left', () => {
  it('download -o FILE killed mid-body leaves its temporary file; the next download of that file removes it', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const run = start(['download', 'demo/android/cs', '-o', 'cs.po', '--force']);
    const names = await writing(dir);
    run.child.kill('SIGKILL');
    expect((await run.ended).code).toBe(137);
    const left = names.filter(temporary);
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.cs\\.po\\.wli-${run.child.pid}-\\d+-[0-9a-z]*\\.tmp$`))]);
    expect(readdirSync(dir).filter(temporary)).toEqual(left);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    const again = await start(['download', 'demo/android/cs', '-o', 'cs.po', '--force']).ended;
    expect(again.code).toBe(0);
    expect(filesIn(dir)).toEqual(['cs.po']);
    expect(readFileSync(f).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
  });

  it('pull killed mid-file: the next pull removes its temporary file', async () => {
    const at = join(dir, 'app/src/main/res/values-cs');
    mkdirSync(at, { recursive: true });
    fake.fault(CS_FILE, { kind: 'stallBody' });
    const run = start(['pull', 'demo/android']);
    await writing(at);
    run.child.kill('SIGKILL');
    await run.ended;
    expect(readdirSync(at).filter(temporary)).toHaveLength(1);
    expect((await start(['pull', 'demo/android']).ended).code).toBe(0);
    expect(readdirSync(at)).toEqual(['strings.xml']);
  });
});

describe.runIf(posix)("28.2 (34.3): a run's first file in a directory removes the stale temporary files there, and only those", () => {
  let live: ChildProcess | undefined;
  afterAll(() => void live?.kill('SIGKILL'));

  /** The pid of a process that has ended. */
  const deadPid = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('error', reject);
      child.on('exit', () => resolve(child.pid!));
    });

  /** The pid of a process still running (until the tests end). */
  const livePid = (): Promise<number> =>
    new Promise((resolve, reject) => {
      live = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: ['pipe', 'ignore', 'ignore'] });
      live.on('error', reject);
      live.on('spawn', () => resolve(live!.pid!));
    });

  it('a dead pid: removed, whichever file it was for; a running one (ours, another, one we may not signal): kept; other names: kept; the directory listed once a run', async () => {
    const [dead, running] = [await deadPid(), await livePid()];
    const tmp = (prefix: string, pid: number) => `${prefix}.wli-${pid}-1700000000000-ab12cd.tmp`;
    const names = {
      dead: tmp('.cs.po', dead),
      running: tmp('.cs.po', running),
      ours: tmp('.cs.po', process.pid),
      // pid 1 (init): running, and not ours to signal unless we are root (EPERM counts as running).
      init: tmp('.cs.po', 1),
      otherFile: tmp('.de.po', dead),
      nameless: tmp('', dead),
      notOurs: `.cs.po.wli-${dead}.tmp`,
    };
    for (const n of Object.values(names)) writeFileSync(join(dir, n), 'half');
    const workspace = new Workspace();
    const file = await PendingFile.open(workspace, { dir, file: join(dir, 'cs.po') }, msg`cs.po`);
    await file.discard();
    const kept = (omit: string[]) =>
      Object.entries(names)
        .filter(([k]) => !omit.includes(k))
        .map(([, n]) => n)
        .sort();
    expect(readdirSync(dir).sort()).toEqual(kept(['dead', 'otherFile', 'nameless']));
    // Listed once a run: a stale file that appears later is the next run's to remove.
    const later = tmp('.de.po', dead);
    writeFileSync(join(dir, later), 'half');
    const into = await PendingFile.open(workspace, { dir }, msg`${dir}/`);
    await into.discard();
    expect(readdirSync(dir).sort()).toEqual([...kept(['dead', 'otherFile', 'nameless']), later].sort());
    const next = await PendingFile.open(new Workspace(), { dir }, msg`${dir}/`);
    await next.discard();
    expect(readdirSync(dir).sort()).toEqual(kept(['dead', 'otherFile', 'nameless']));
  });
});

describe('28.1: a run that never settles is an internal error (exit 70), never a silent exit 0', () => {
  it('whenUnsettled: the event loop empty while the run is pending: said once; a run that settled (or failed): nothing', async () => {
    const proc = new EventEmitter();
    const said: string[] = [];
    whenUnsettled(new Promise(() => {}), proc, () => said.push('pending'));
    const ok = Promise.resolve(0);
    whenUnsettled(ok, proc, () => said.push('resolved'));
    const failed = Promise.reject(new Error('x'));
    failed.catch(() => {});
    whenUnsettled(failed, proc, () => said.push('rejected'));
    await ok;
    await failed.catch(() => {});
    proc.emit('beforeExit', 0);
    proc.emit('beforeExit', 0);
    expect(said).toEqual(['pending']);
    expect(proc.listenerCount('beforeExit')).toBe(0);
  });

  it('the built CLI whose stdout never drains (and nothing else left to wait for): exit 70 with what happened', async () => {
    // A stand-in for any such stop: a stdout whose writes never complete, no 'drain' ever, no handle left.
    const preload = join(dir, 'never-drains.cjs');
    writeFileSync(preload, 'process.stdout.write = () => false;\n');
    const r = await start(['--version'], { preload }).ended;
    expect([r.code, r.stderr]).toEqual([
      70,
      'wli: internal error: the run stopped before it finished\nhint: rerun with --debug for details and report it at the project issue tracker\n',
    ]);
  });

  it('a pull that stops inside a file write (a write that never completes): exit 70, no temporary file, no directory it made', async () => {
    // A stand-in for a write stuck for good: the file is open, its temporary file and directories made.
    const preload = join(dir, 'writes-never-complete.cjs');
    writeFileSync(
      preload,
      "const fsp = require('fs/promises'); const open = fsp.open;\n" +
        'fsp.open = async (...a) => { const h = await open(...a); h.write = () => new Promise(() => {}); return h; };\n',
    );
    mkdirSync(join(dir, 'work'));
    const r = await startCli(['pull', 'demo/android/cs', '--dir', 'out', '--timeout', '2', '--retries', '0'], {
      env,
      cwd: join(dir, 'work'),
      preload,
    }).ended;
    expect(r.code).toBe(70);
    expect(r.stderr).toContain('wli: internal error: the run stopped before it finished\n');
    expect(readdirSync(join(dir, 'work'))).toEqual([]);
  });

  it.runIf(linux)(
    'pull with every write failing (ulimit -f) on files larger than the connection buffers: every file asked for, each one failed, exit 7',
    { timeout: 60_000 },
    async () => {
      // The reproduction: each failed write used to leave its body unreleased, holding its
      // connection; after concurrency + 2 of them the next request waited for ever and Node ended, exit 0.
      const many = await startFakeWeblate({ manyLanguages: 8, fileGzip: false });
      try {
        const big = { kind: 'status', status: 200, body: 'x'.repeat(512 * 1024), contentType: 'text/x-po' } as const;
        many.fault(/\/many\/strings\/x\d+\/file\//, { ...big, headers: { 'Content-Disposition': 'attachment; filename=many-strings.po' } }, Infinity);
        env = { ...env, WLI_URL: many.url };
        const r = await start(['pull', 'many/strings', '--concurrency', '1', '--timeout', '5'], { shell: 'ulimit -f 64' }).ended;
        const failed = r.stderr
          .split('\n')
          .filter((l) => /^wli: not written: po\/x\d+\.po \(many\/strings\/x\d+\): cannot write po\/x\d+\.po: file too large/.test(l));
        expect([r.code, failed.length], r.stderr).toEqual([7, 8]);
        expect(many.requests.filter((q) => q.path.endsWith('/file/'))).toHaveLength(8);
        expect(filesIn(dir)).toEqual([]);
      } finally {
        await many.close();
      }
    },
  );
});
