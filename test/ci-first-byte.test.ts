// Issue 47.3, render asks nothing: a CI report (-f github, junit, codequality, openmetrics) is written
// from what the command already read, so no request reaches the server once its first byte is out (a
// report cannot fail on the network halfway, nor say a verdict whose report it never wrote).
//
// How the order is seen without a clock: wli's stdout is a file, and the server, when a request
// arrives, reads that file's size. wli writes a byte before it sends a request, or sends it first;
// a byte written before a request was sent is in the file when the server sees that request, so a
// request that meets a non-empty file came after the first byte (or was still unanswered when it was
// written: as bad). Such a request is noted and answered 500.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/core/errors.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { baseEnv, wliCommand, wliIn } from './support/run.js';

let fake: FakeWeblate;
const dir = mkdtempSync(join(tmpdir(), 'wli-first-byte-'));
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The stdout file the server reads while a run is on; undefined between runs. */
let watched: string | undefined;
/** Requests that arrived after the watched run's first byte of stdout. */
let late: string[] = [];

/** A component's translations list (where the filenames are) answers 500 while on. */
let filesFail = false;

beforeAll(() => {
  fake.fault((rr) => filesFail && rr.path === '/api/components/demo/android/translations/', { kind: 'status', status: 500 }, Infinity);
  // One fault for the whole file: it matches only a request that meets a non-empty stdout.
  fake.fault(
    (rr) => {
      if (watched === undefined || statSync(watched).size === 0) return false;
      late.push(rr.url);
      return true;
    },
    { kind: 'status', status: 500, body: '{"detail": "asked after the first byte of output"}', contentType: 'application/json' },
    Infinity,
  );
});

/** The built CLI (or the binary) with its stdout in a file the server watches; what it wrote and asked. */
async function watchedRun(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const out = mkdtempSync(join(dir, 'out-'));
  const file = join(out, 'stdout');
  writeFileSync(file, '');
  const fd = openSync(file, 'w');
  const before = fake.requests.length;
  late = [];
  watched = file;
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(...wliCommand(args), {
        env: baseEnv({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, 'cache'), ...opts.env }),
        cwd: opts.cwd ?? dir,
        stdio: ['ignore', fd, 'pipe'],
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
    return { code, stderr, stdout: readFileSync(file, 'utf8'), asked: fake.requests.slice(before).map((q) => q.url), late };
  } finally {
    watched = undefined;
    closeSync(fd);
  }
}

describe('the watch itself', () => {
  it('sees a request made after stdout has a byte', async () => {
    const file = join(dir, 'probe');
    writeFileSync(file, '');
    late = [];
    watched = file;
    try {
      const before = await fetch(`${fake.url}projects/`);
      writeFileSync(file, 'x');
      const after = await fetch(`${fake.url}projects/`);
      expect([before.status, after.status]).toEqual([200, 500]);
      expect(late).toEqual(['/api/projects/']);
    } finally {
      watched = undefined;
    }
  });
});

describe('stats: every CI format written after the last request', () => {
  it.each(['github', 'junit', 'codequality', 'openmetrics'])('-f %s', async (format) => {
    const summary = join(dir, `summary-${format}.md`);
    const r = await watchedRun(['stats', 'demo/android', '--fail-under', '75', '-f', format], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(r.stderr).toContain('wli: 2 of 5 row(s) below 75% translated');
    expect(r.code).toBe(EXIT.gate);
    expect(r.stdout).not.toBe('');
    expect(r.late).toEqual([]);
    // The formats that name files asked for them (a failing row's component's translations), before writing.
    const files = r.asked.filter((u) => u.startsWith('/api/components/demo/android/translations/'));
    expect(files).toHaveLength(format === 'github' || format === 'codequality' ? 1 : 0);
  });

  it.each([
    ['stats', 'demo/android', '--fail-under', '75'],
    ['checks', 'demo/android', '--fail-over', '0'],
  ])('%s: a lookup the report needs that fails ends the run before its verdict is said: the error alone, stdout empty', async (...args) => {
    filesFail = true;
    try {
      const summary = join(dir, 'summary-failed.md');
      const r = await wliIn([...args, '-f', 'github', '--retries', '0'], { env: { WLI_URL: fake.url, GITHUB_STEP_SUMMARY: summary } });
      expect(r.code).toBe(EXIT.server);
      expect(r.stdout).toBe('');
      // Before, the verdict's summary came first (`wli: 2 of 5 row(s) below 75% …`), as if its report had been written.
      expect(r.stderr).toMatch(/^wli: GET \S+\/api\/components\/demo\/android\/translations\/\S* failed: HTTP 500[^\n]*\nhint: [^\n]*\n$/);
      expect(() => statSync(summary)).toThrow();
    } finally {
      filesFail = false;
    }
  });
});

describe('checks: every CI format written after the last request', () => {
  it.each(['github', 'junit', 'codequality', 'openmetrics'])('-f %s', async (format) => {
    const r = await watchedRun(['checks', 'demo/android', '--fail-over', '0', '-f', format], {
      env: { GITHUB_STEP_SUMMARY: join(dir, `checks-${format}.md`) },
    });
    expect(r.code).toBe(EXIT.gate);
    expect(r.stdout).not.toBe('');
    expect(r.late).toEqual([]);
    // The report's subjects per translation: each failing check's strings listed, before writing.
    expect(r.asked.some((u) => u.includes('page_size=1000'))).toBe(format !== 'openmetrics');
  });
});

describe('pull --check: the report written once the work is done, with no request after', () => {
  it.each(['github', 'junit', 'codequality'])('-f %s', async (format) => {
    const work = mkdtempSync(join(dir, 'checkout-'));
    expect((await wliIn(['pull', 'demo/android'], { env: { WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, 'cache') }, cwd: work })).code).toBe(0);
    fake.changeFile('demo/android/cs');
    try {
      const r = await watchedRun(['pull', 'demo/android', '--check', '-f', format], { cwd: work, env: { GITHUB_STEP_SUMMARY: join(work, 'summary.md') } });
      expect(r.stderr).toContain('wli: differs: app/src/main/res/values-cs/strings.xml (demo/android/cs)');
      expect(r.code).toBe(EXIT.gate);
      expect(r.stdout).toContain('values-cs/strings.xml');
      expect(r.asked.filter((u) => u.endsWith('/file/')).length).toBeGreaterThan(0);
      expect(r.late).toEqual([]);
    } finally {
      fake.changeFile(null);
    }
  });
});
