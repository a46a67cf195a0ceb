// Issue 24.1 and 24.2: a local write that fails is the user's situation, not a wli bug: exit 7, the path
// as the user gave it (never the temporary file), no "internal error"; a destination that cannot be
// written at all fails before the request; missing directories are made. Standard output too: full
// (/dev/full) is exit 7 with a message; a reader that went away stays exit 0. Issue 28.4: /dev/null is
// /dev/null however it was opened, and a stdout closed at start (>&-), which Node reopens on /dev/null,
// is /dev/null too: exit 0, the data discarded.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fakeFileBytes, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';

/** The size of demo/android/cs's file as the fake serves it. */
const CS_BYTES = fakeFileBytes('demo/android/cs', false, null).length;
import { baseEnv, wli, wliIn, WLI_COMMAND, wliCommand } from './support/run.js';
import type { OutStream } from '../src/core/context.js';
import { NOBODY, nobodyCommand } from './support/nobody.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  fake = await startFakeWeblate({});
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-local-'));
  return () => {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  };
});

const fileRequests = () => fake.requests.filter((r) => r.path.endsWith('/file/')).length;
const isRoot = process.getuid?.() === 0;
const hasPython3 = spawnSync('python3', ['--version']).status === 0;
const linux = process.platform === 'linux';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI with its own stdio (a file descriptor on /dev/full, or through sh for >&-), as a shell would start it. */
function spawnRun(command: string, args: string[], o: { stdio?: StdioOptions; uid?: number; gid?: number; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: baseEnv(o.env ?? env), cwd: dir, stdio: o.stdio ?? ['ignore', 'pipe', 'pipe'], uid: o.uid, gid: o.gid });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `wli ARGS > /dev/full`: stdout a descriptor on a device where every write fails with ENOSPC. */
async function toDevFull(args: string[]): Promise<Run> {
  const fd = openSync('/dev/full', 'w');
  try {
    return await spawnRun(...wliCommand(args), { stdio: ['ignore', fd, 'pipe'] });
  } finally {
    closeSync(fd);
  }
}

/** `wli ARGS >&-`: stdout closed by the shell before wli starts. */
const stdoutClosed = (args: string[]): Promise<Run> => spawnRun('sh', ['-c', 'exec "$0" "$@" >&-', ...WLI_COMMAND, ...args]);

/** `wli ARGS` with stdout a descriptor on /dev/null opened with `flags` ('r', 'w', 'r+'), as another program may start it. */
async function toDevNull(flags: string, args: string[]): Promise<Run> {
  const fd = openSync('/dev/null', flags);
  try {
    return await spawnRun(...wliCommand(args), { stdio: ['ignore', fd, 'pipe'] });
  } finally {
    closeSync(fd);
  }
}

describe('download: missing directories are made (mkdir -p)', () => {
  it('-o locale/cs.po in a fresh checkout makes locale/ and writes the file', async () => {
    const r = await wli(['download', 'demo/android/cs', '-o', 'locale/cs.po'], { env, cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', `wli: saved locale/cs.po (${CS_BYTES} bytes)\n`]);
    expect(readFileSync(join(dir, 'locale', 'cs.po')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    expect(readdirSync(join(dir, 'locale'))).toEqual(['cs.po']);
  });

  it('-o a/b/c/ (several levels, into a directory) makes them all', async () => {
    const r = await wli(['download', 'demo/android', '-o', 'a/b/c/'], { env, cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, expect.stringMatching(/^wli: saved a\/b\/c\/demo-android\.zip \(\d+ bytes\)\n$/)]);
    expect(readdirSync(join(dir, 'a', 'b', 'c'))).toEqual(['demo-android.zip']);
  });

  it('a download that fails (404) leaves no directory it made, and no temporary file', async () => {
    const r = await wli(['download', 'demo/android/xx', '-o', 'new/deeper/xx.po'], { env, cwd: dir });
    expect(r.code).toBe(5);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('download: a destination that cannot be written fails before the request, exit 7', () => {
  it('a directory without write permission (mode 0o500): EACCES, the path as given, no request', async (ctx) => {
    mkdirSync(join(dir, 'ro'), { mode: 0o500 });
    chmodSync(join(dir, 'ro'), 0o500);
    // Permissions do not apply to root: as root, the CLI runs as nobody (uid 65534), for whom they do.
    let as: { uid?: number; gid?: number; env?: Record<string, string> } = {};
    let command = WLI_COMMAND;
    if (isRoot) {
      const home = join(dir, 'home');
      mkdirSync(home, { mode: 0o777 });
      chmodSync(home, 0o777);
      chmodSync(dir, 0o755);
      as = { ...NOBODY, env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') } };
      command = await nobodyCommand(ctx, as.env!);
    }
    const n = fileRequests();
    for (const [output, shown] of [
      ['ro/cs.po', 'cannot write ro/cs.po'],
      ['ro/deeper/cs.po', 'cannot write ro/deeper/cs.po'],
      ['ro/', 'cannot write into ro/'],
    ] as const) {
      const r = await spawnRun(command[0], [...command.slice(1), 'download', 'demo/android/cs', '-o', output], as);
      expect([r.code, r.stdout, r.stderr]).toEqual([
        7,
        '',
        `wli: ${shown}: permission denied (EACCES)\nhint: check the permissions of the file and its directory, or write elsewhere\n`,
      ]);
    }
    expect(fileRequests()).toBe(n);
    expect(readdirSync(join(dir, 'ro'))).toEqual([]);
  });

  it.runIf(linux)('a path under /proc/1/ (no new files there, not even for root): exit 7 naming it, no request', async () => {
    const n = fileRequests();
    const r = await wli(['download', 'demo/android/cs', '-o', '/proc/1/wli-test.po'], { env, cwd: dir });
    expect(r.code).toBe(7);
    // root: the directory takes no new files (ENOENT); anyone else: permission denied.
    expect(r.stderr).toMatch(
      /^wli: cannot write \/proc\/1\/wli-test\.po: (its directory takes no new files \(ENOENT\)|permission denied \(EACCES\))\nhint: .+\n$/,
    );
    expect(r.stderr).not.toMatch(/internal error|\.tmp/);
    expect(fileRequests()).toBe(n);
  });

  it('a file where a directory should be: exit 7, before the request', async () => {
    const n = fileRequests();
    await wli(['download', 'demo/android/cs', '-o', 'here.po'], { env, cwd: dir });
    const r = await wli(['download', 'demo/android/cs', '-o', 'here.po/cs.po'], { env, cwd: dir });
    expect([r.code, r.stderr]).toEqual([
      7,
      expect.stringMatching(/^wli: cannot write here\.po\/cs\.po: (a file is in the way|a part of the path is a file, not a directory) \((EEXIST|ENOTDIR)\)\n/),
    ]);
    expect(fileRequests()).toBe(n + 1);
  });

  it.runIf(linux)('a disk that fills up while writing (-o /dev/full): ENOSPC naming the path, exit 7', async () => {
    const r = await wli(['download', 'demo/android/cs', '-o', '/dev/full'], { env, cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      7,
      '',
      'wli: cannot write /dev/full: no space left on the device (ENOSPC)\nhint: free some space, or write elsewhere\n',
    ]);
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it.runIf(linux)('-o /dev/null is written into, never replaced by a file (as root, a rename would)', async () => {
    const r = await wli(['download', 'demo/android/cs', '-o', '/dev/null'], { env, cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, `wli: saved /dev/null (${CS_BYTES} bytes)\n`]);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(readdirSync('/dev').filter((f) => f.includes('.wli-'))).toEqual([]);
  });
});

describe.runIf(linux)('standard output that cannot be written: exit 7', () => {
  it('wli ls demo > /dev/full: a clear error, exit 7', async () => {
    const r = await toDevFull(['ls', 'demo']);
    expect([r.code, r.stderr]).toEqual([
      7,
      'wli: cannot write to standard output: no space left on the device (ENOSPC)\nhint: free some space, or write elsewhere\n',
    ]);
  });

  it('pages streamed (units -f jsonl) and a download to stdout > /dev/full: the same', async () => {
    for (const args of [
      ['units', 'big/strings/xx', '-f', 'jsonl'],
      ['download', 'demo/android/cs'],
      ['download', 'demo/android/cs', '-o', '-'],
    ]) {
      const r = await toDevFull(args);
      expect([r.code, r.stderr]).toEqual([
        7,
        'wli: cannot write to standard output: no space left on the device (ENOSPC)\nhint: free some space, or write elsewhere\n',
      ]);
    }
  });
  // A file size limit lets the first write through in part (write(2) writes what fits and says how
  // much); Node's own stream for a file dropped the rest and the next write went on: exit 0, the file
  // cut short. The standalone binary said EFBIG (test/binary.test.ts, the same program).
  it.each([[['completion', 'bash']], [['ls', 'demo', '-f', 'jsonl']], [['changes', 'demo', '-f', 'csv']]])(
    'wli %j > FILE under ulimit -f 1 (1 KiB): the first short write is not the end: exit 7, EFBIG',
    async (args) => {
      const r = await spawnRun('bash', ['-c', 'ulimit -f 1; exec "$0" "$@" > out', ...WLI_COMMAND, ...args]);
      expect([r.code, r.stderr]).toEqual([
        7,
        'wli: cannot write to standard output: file too large for the file size limit (ulimit -f) or the file system (EFBIG)\nhint: raise the limit, or write elsewhere\n',
      ]);
      expect(statSync(join(dir, 'out')).size).toBe(1024);
    },
  );
});

describe('28.4: /dev/null is /dev/null, however it was opened; a stdout closed at start (>&-) is /dev/null too', () => {
  const OK = [0, ''];
  it.each([
    ['read-only', 'r'],
    ["write-only (the shell's >/dev/null)", 'w'],
    ["read-write (Python's subprocess.DEVNULL)", 'r+'],
  ])('stdout on /dev/null opened %s: wli ls and a download to stdout, exit 0', async (_how, flags) => {
    const n = fileRequests();
    for (const args of [
      ['ls', 'demo'],
      ['download', 'demo/android/cs'],
      ['download', 'demo/android/cs', '-o', '-'],
    ]) {
      const r = await toDevNull(flags, args);
      expect([r.code, r.stderr], args.join(' ')).toEqual(OK);
    }
    // The downloads were made, their bytes discarded.
    expect(fileRequests()).toBe(n + 2);
  });

  it("Node's spawn(…, { stdio: 'ignore' }) for stdout: exit 0", async () => {
    for (const args of [
      ['ls', 'demo'],
      ['download', 'demo/android/cs'],
    ]) {
      const r = await spawnRun(...wliCommand(args), { stdio: ['ignore', 'ignore', 'pipe'] });
      expect([r.code, r.stderr], args.join(' ')).toEqual(OK);
    }
  });

  it.runIf(hasPython3)("Python's subprocess.run([…], stdout=subprocess.DEVNULL): exit 0", async () => {
    const script = 'import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode)';
    const r = await spawnRun('python3', ['-c', script, ...WLI_COMMAND, 'ls', 'demo']);
    expect([r.code, r.stderr]).toEqual(OK);
  });

  it('wli ls demo >&-: exit 0, the data discarded, as >/dev/null would', async () => {
    expect(await stdoutClosed(['ls', 'demo'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const r = await spawnRun('sh', ['-c', 'exec "$0" "$@" >/dev/null', ...WLI_COMMAND, 'ls', 'demo']);
    expect([r.code, r.stderr]).toEqual(OK);
  });

  it('download >&-: the file asked for and discarded, exit 0; download -o FILE >&- writes its file', async () => {
    const n = fileRequests();
    const r = await stdoutClosed(['download', 'demo/android/cs']);
    expect([r.code, r.stderr]).toEqual(OK);
    expect(fileRequests()).toBe(n + 1);
    const f = await stdoutClosed(['download', 'demo/android/cs', '-o', 'cs.po']);
    expect([f.code, f.stderr]).toEqual([0, `wli: saved cs.po (${CS_BYTES} bytes)\n`]);
    expect(readFileSync(join(dir, 'cs.po')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
  });

  it.each([[['--version']], [['--help']], [['units', '--help']], [['help', 'ls']], [['completion', 'bash']]])('wli %j >&-: exit 0', async (args) => {
    expect(await stdoutClosed(args)).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

/** A stdout that fails as Node's do: thrown from write() (a synchronous file), or as an 'error' event after it. */
class FailingStream extends EventEmitter implements OutStream {
  constructor(
    private readonly code: string,
    private readonly how: 'throw' | 'event',
  ) {
    super();
  }
  write(_chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean {
    const err = Object.assign(new Error(`${this.code}: write failed`), { code: this.code });
    if (this.how === 'throw') throw err;
    process.nextTick(() => {
      cb?.(err);
      this.emit('error', err);
    });
    return true;
  }
}

describe('the writer: stdout failures arrive thrown or as events', () => {
  it.each(['throw', 'event'] as const)('ENOSPC (%s) is exit 7 with what failed, never "internal error"', async (how) => {
    const r = await wliIn(['ls', 'demo'], { env, ctx: { stdout: new FailingStream('ENOSPC', how) } });
    expect([r.code, r.stderr]).toEqual([
      7,
      'wli: cannot write to standard output: no space left on the device (ENOSPC)\nhint: free some space, or write elsewhere\n',
    ]);
  });

  it.each(['throw', 'event'] as const)('EIO (%s) too', async (how) => {
    const r = await wliIn(['language', 'cs', '-f', 'json'], { env, ctx: { stdout: new FailingStream('EIO', how) } });
    expect([r.code, r.stderr]).toEqual([7, 'wli: cannot write to standard output: an input/output error (EIO)\nhint: check the disk\n']);
  });

  it.each(['throw', 'event'] as const)('a reader that went away (EPIPE, %s) stays a normal end: exit 0, nothing said', async (how) => {
    const r = await wliIn(['ls', 'demo'], { env, ctx: { stdout: new FailingStream('EPIPE', how) } });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
});

describe('configuration files behind a directory wli may not read', () => {
  it('a $HOME it cannot look into holds no configuration: looked past, not an internal error', async (ctx) => {
    if (!isRoot) ctx.skip('needs root, to run the CLI as another user (nobody) whose $HOME it cannot read');
    // Root's own 0o700 directory: nobody (uid 65534) may not look into it.
    const home = join(dir, 'closed-home');
    mkdirSync(join(home, '.config'), { recursive: true, mode: 0o700 });
    chmodSync(home, 0o700);
    const work = join(dir, 'work');
    mkdirSync(work, { mode: 0o777 });
    chmodSync(work, 0o777);
    chmodSync(dir, 0o755);
    const as = { ...NOBODY, env: { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(work, '.cache') } };
    const command = await nobodyCommand(ctx, as.env);
    const r = await spawnRun(command[0], [...command.slice(1), 'config', '-f', 'json'], as);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toMatchObject({ url: { source: 'WLI_URL' }, files: [] });
  });
});
