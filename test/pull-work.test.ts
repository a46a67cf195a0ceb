// Issue 28 (6), wli pull end to end, the built CLI: the work runs on its own. One slow file holds
// no other (a pool, not a window). The fake server holds an answer until the test releases it (fault
// `hold`); files on disk are waited for through the directory's change events, never on a timer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { BIN, baseEnv } from './support/run.js';

const LANGUAGES = 5;
let fake: FakeWeblate;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ manyLanguages: LANGUAGES });
  fake.rateLimit(false);
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-pull-work-'));
  env = baseEnv({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, '.cache') });
  return () => rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root` but wli's own cache (hidden ones too: a temporary file left behind shows), relative, sorted. */
function filesIn(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .filter((f) => !f.startsWith('.cache/'))
    .sort();
}

/** A promise the test resolves by hand. */
function held(): { until: Promise<void>; release: () => void } {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
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
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd: dir, stdio: ['ignore', stdout, 'pipe'], signal });
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
    const s = fake;
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
    }
  });
});
