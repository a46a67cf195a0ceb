// Issue 28 (3, 6), wli pull end to end, the built CLI: the work runs on its own. One slow file holds
// no other (a pool, not a window); the records on stdout are a report of the work, so a reader that
// leaves ends the report, never the work, and a reader that does not read holds no file. The fake
// server holds an answer until the test releases it (fault `hold`); files on disk are waited for
// through the directory's change events, never on a timer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, watch } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { WLI_COMMAND, baseEnv, wliCommand } from './support/run.js';
import { held } from './support/spawn.js';

const LANGUAGES = 1500;
let fake: FakeWeblate;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  // Enough translations that their records (~170 KB of JSON Lines) overfill a pipe (64 KiB) and
  // what Node queues before it waits for the reader (16 KiB; 64 KiB from Node 22).
  fake = await startFakeWeblate({ manyLanguages: LANGUAGES });
  fake.rateLimit(false);
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-pull-work-'));
  env = baseEnv({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, '.cache') });
  return () => rmSync(dir, { recursive: true, force: true });
});

const DEMO_FILES = [
  'app/src/main/res/values-ar/strings.xml',
  'app/src/main/res/values-cs/strings.xml',
  'app/src/main/res/values-de/strings.xml',
  'app/src/main/res/values-ja/strings.xml',
  'docs/cs/api/reference.md',
  'docs/cs/guide.md',
];

/** Every file under `root` but wli's own cache (hidden ones too: a temporary file left behind shows), relative, sorted. */
function filesIn(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .filter((f) => !f.startsWith('.cache/') && f !== 'wli-layout.json')
    .sort();
}

const fileRequest = (path: string) => (q: RecordedRequest) => q.path === path;
const fileRequests = (rs: readonly RecordedRequest[], component: string) =>
  rs.filter((q) => q.path.startsWith(`/api/translations/${component}/`) && q.path.endsWith('/file/'));

/** Resolves once every name exists in `folder`: checked now and on each change the OS reports there. */
function whenFiles(folder: string, names: readonly string[]): Promise<void> {
  const missing = new Set(names);
  return new Promise((resolve) => {
    const check = (name: string) => {
      if (missing.has(name) && existsSync(join(folder, name))) missing.delete(name);
    };
    const done = () => {
      if (missing.size > 0) return;
      w.close();
      resolve();
    };
    const w = watch(folder, (_, name) => {
      if (name !== null) check(name);
      done();
    });
    for (const name of [...missing]) check(name);
    done();
  });
}

/** The built CLI in `dir`, its stdout as given; the exit code and stderr once it ends. */
function start(args: string[], stdout: 'pipe' | number, signal: AbortSignal) {
  const child = spawn(...wliCommand(args), { env, cwd: dir, stdio: ['ignore', stdout, 'pipe'], signal });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('error', () => {});
    child.on('close', (code) => resolve({ code, stderr }));
  });
  return { child, exit };
}

describe('one slow file holds no other', () => {
  it('while one file’s answer is held, every other file is asked for and written; the report still comes in order', async () => {
    const s = await startFakeWeblate({ manyLanguages: 5 });
    const stop = new AbortController();
    try {
      const slow = held();
      s.fault(fileRequest('/api/translations/many/strings/x001/file/'), { kind: 'hold', until: slow.until });
      mkdirSync(join(dir, 'po'));
      const run = start(['pull', 'many/strings', '--concurrency', '2', '--url', s.url, '-f', 'jsonl'], 'pipe', stop.signal);
      let stdout = '';
      run.child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      const others = ['x002', 'x003', 'x004', 'x005'];
      await s.whenRequests((rs) => fileRequests(rs, 'many/strings').length === 5);
      await whenFiles(
        join(dir, 'po'),
        others.map((l) => `${l}.po`),
      );
      expect(existsSync(join(dir, 'po/x001.po'))).toBe(false);
      slow.release();
      const end = await run.exit;
      expect(end.code).toBe(0);
      expect(filesIn(dir)).toEqual(['x001', ...others].map((l) => `po/${l}.po`));
      expect(
        stdout
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { language: string }).language),
      ).toEqual(['en', 'x001', ...others]);
      expect(end.stderr.match(/^wli: created \S+/gm)).toEqual(['x001', ...others].map((l) => `wli: created po/${l}.po`));
    } finally {
      stop.abort();
      await s.close();
    }
  });
});

describe('the work does not depend on the report', () => {
  it('-f jsonl, a reader that reads one line and leaves: every file written, no temporary file, exit 0', async () => {
    const stop = new AbortController();
    try {
      // The second file waits until the reader has left, so the records after it have nobody to read them.
      const slow = held();
      fake.fault(fileRequest('/api/translations/demo/android/cs/file/'), { kind: 'hold', until: slow.until });
      const run = start(['pull', 'demo', '-f', 'jsonl', '--concurrency', '1'], 'pipe', stop.signal);
      const out = run.child.stdout!;
      let first = '';
      await new Promise<void>((resolve) => {
        out.setEncoding('utf8').on('data', (d: string) => {
          first += d;
          if (first.includes('\n')) resolve();
        });
      });
      out.destroy();
      slow.release();
      const end = await run.exit;
      expect(JSON.parse(first.split('\n')[0]!)).toMatchObject({ target: 'demo/android/en', status: 'skipped' });
      expect(end.code).toBe(0);
      expect(filesIn(dir)).toEqual(DEMO_FILES);
      expect(end.stderr).toMatch(/\nwli: 11 translations: 6 created, 0 updated, 0 unchanged, 5 skipped, 0 failed\n$/);
    } finally {
      stop.abort();
    }
  });

  it('`| head -1` in a shell: every file written, no temporary file, wli’s exit status 0', async () => {
    const stop = new AbortController();
    try {
      const slow = held();
      fake.fault(fileRequest('/api/translations/demo/android/cs/file/'), { kind: 'hold', until: slow.until });
      const script = '"$0" "$@" pull demo -f jsonl --concurrency 1 | head -1; echo "wli exit ${PIPESTATUS[0]}" >&2';
      const child = spawn('bash', ['-c', script, ...WLI_COMMAND], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], signal: stop.signal });
      let stdout = '';
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exit = new Promise<number | null>((resolve) => {
        child.on('error', () => {});
        child.on('close', resolve);
      });
      // head printed its line: it is leaving; only then does the second file come.
      await new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          stdout += d;
          if (stdout.includes('\n')) resolve();
        });
      });
      slow.release();
      expect(await exit).toBe(0);
      expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
      expect(stderr).toMatch(/\nwli: 11 translations: 6 created, 0 updated, 0 unchanged, 5 skipped, 0 failed\nwli exit 0\n$/);
      expect(filesIn(dir)).toEqual(DEMO_FILES);
    } finally {
      stop.abort();
    }
  });

  it.runIf(process.platform !== 'win32')(
    'a reader that does not read while the records overfill the pipe: every file asked for and written first; then every record, exit 0',
    async () => {
      // A named pipe nobody reads until the files are on disk: exactly the pipe's own room, nothing read ahead.
      const fifo = join(dir, 'out.fifo');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      const writer = openSync(fifo, constants.O_WRONLY);
      const stop = new AbortController();
      let socket: Socket | undefined;
      try {
        mkdirSync(join(dir, 'po'));
        const n = fake.requests.length;
        const run = start(['pull', 'many/strings', '-f', 'jsonl', '--concurrency', '16'], writer, stop.signal);
        closeSync(writer);
        const languages = Array.from({ length: LANGUAGES }, (_, i) => `x${String(i + 1).padStart(3, '0')}`);
        await fake.whenRequests((rs) => rs.length - n > LANGUAGES && fileRequests(rs.slice(n), 'many/strings').length === LANGUAGES);
        await whenFiles(
          join(dir, 'po'),
          languages.map((l) => `${l}.po`),
        );
        socket = new Socket({ fd: reader, readable: true, writable: false });
        let stdout = '';
        socket.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        await new Promise((resolve) => socket!.once('end', resolve));
        const end = await run.exit;
        expect(end.code).toBe(0);
        const records = stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { language: string; status: string });
        expect(records.map((r) => r.language)).toEqual(['en', ...languages]);
        expect(records.filter((r) => r.status === 'created')).toHaveLength(LANGUAGES);
        expect(stdout.length).toBeGreaterThan(128 * 1024);
      } finally {
        stop.abort();
        if (socket) socket.destroy();
        else closeSync(reader);
      }
    },
  );
});
