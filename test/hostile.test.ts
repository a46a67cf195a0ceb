// Issue 9, hostile servers and hostile input: one end-to-end reproduction per defect, each named
// with the defect's number. Every test runs the real CLI (the built child process, or the same
// program in-process) against the fake server and asserts what the fixed program must do, so each
// fails before its fix. Tests that could eat memory or hang run wli as a child process (the endless
// body with a 256 MB heap and a server-side guard), are bounded by a test timeout and kill their child
// when the test ends; synchronisation is on the server's request log, output and exits, never sleeps.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cellWidth as stringWidth } from '../src/output/width.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bigUnit, fakeFileBytes, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { startProxy } from './support/proxy.js';
import { baseEnv, wli, wliIn, type RunResult, wliCommand } from './support/run.js';
import { needsPty, onPty } from './support/pty.js';

const MiB = 1024 * 1024;
const TOKEN = 'wlu_Hostile-SECRET-7Kq2';
/** A stack frame line: only --debug may print one. */
const STACK = /\n\s+at .+:\d+:\d+/;
/** C0 and C1 control characters except the newline: none of them may reach stderr raw. */
const CONTROL_EXCEPT_NL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** What a hostile server puts in its text: an OSC 52 clipboard write and a clear-screen. */
const OSC52 = '\u001b]52;c;aGFja2VkIQ==\u0007';
const CLEAR = '\u001b[2J';

let fake: FakeWeblate;
let env: Record<string, string>;
const roots: string[] = [];

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 10 });
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** Requests the shared fake server received since `from`. */
const since = (from: number) => fake.requests.slice(from);

/** One or two lines on stderr, the first starting `wli: `, the second (if any) `hint: `; never an internal error or a stack. */
function expectShortError(r: RunResult): void {
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines.length, r.stderr.slice(0, 2000)).toBeLessThanOrEqual(2);
  expect(lines[0]).toMatch(/^wli: /);
  if (lines[1] !== undefined) expect(lines[1]).toMatch(/^hint: /);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.stderr).not.toMatch(STACK);
}

/** A fresh directory tree: { 'xdg/weblate': '…', 'repo/.weblate': '…' } → its root. */
function tree(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'wli-hostile-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** A child process that is killed when the test ends (also on a test timeout), so a hang never outlives its test. */
function killOnFinish(): AbortSignal {
  const stop = new AbortController();
  onTestFinished(() => stop.abort());
  return stop.signal;
}

/** A page of a list as Weblate sends it. */
const page = (results: unknown[], next: unknown = null, count: number = results.length) => JSON.stringify({ count, next, previous: null, results });

/** A unit with the fields the table shows. */
const unit = (id: unknown, source: unknown, target: unknown, context = 'ctx') => ({ id, state: 20, context, source, target, position: 1 });

// ---------------------------------------------------------------------------------------------

describe('1: response size', () => {
  it('1: an endless response body is cut at 64 MiB: exit 1, a clear message naming the limit, the connection closed', { timeout: 60_000 }, async () => {
    const s = await startFakeWeblate();
    try {
      // The guard: a client without a cap gets the connection destroyed at 160 MiB instead of eating all memory.
      s.fault('/languages/cs/', { kind: 'endless', prefix: '{"code":"cs","name":"', limitBytes: 160 * MiB }, 1);
      const r = await wli(['language', 'cs', '--retries', '0'], {
        env: { WLI_URL: s.url, NODE_OPTIONS: '--max-old-space-size=256' },
        signal: killOnFinish(),
      });
      expect(s.streams).toHaveLength(1);
      const ended = await s.streams[0]!.done;
      expect({ code: r.code, ended }, r.stderr.slice(0, 2000)).toEqual({ code: 1, ended: 'client' });
      expect(s.streams[0]!.bytes).toBeLessThan(160 * MiB);
      expectShortError(r);
      expect(r.stderr).toMatch(/64 MiB/);
      expect(r.stdout).toBe('');
    } finally {
      await s.close();
    }
  });
});

describe('2: the route the token travels', () => {
  it('2: a token over plain http through a proxy that is not loopback is refused (exit 2) before any request', async () => {
    for (const [variable, proxy] of [
      ['HTTP_PROXY', 'http://proxy.invalid:3128'],
      ['http_proxy', 'http://proxy.invalid:3128'],
      ['HTTP_PROXY', 'proxy.invalid:3128'],
    ] as const) {
      const before = fake.requests.length;
      const r = await wli(['language', 'cs', '--token', TOKEN, '--retries', '0'], { env: { WLI_URL: fake.url, [variable]: proxy } });
      expect(r.code, `${variable}=${proxy}: ${r.stderr}`).toBe(2);
      expectShortError(r);
      expect(r.stderr).toMatch(/plain http/);
      expect(r.stderr).toMatch(/proxy\.invalid/);
      expect(r.stderr).toContain('--allow-insecure-http');
      expect(r.stderr + r.stdout).not.toContain(TOKEN);
      expect(since(before)).toHaveLength(0);
    }
  });
  it('2 (control): through a loopback proxy the token may travel in clear; --allow-insecure-http lets a remote proxy be tried', async () => {
    const proxy = await startProxy();
    try {
      const r = await wli(['language', 'cs', '--token', TOKEN, '-f', 'csv', '--fields', 'code'], { env: { WLI_URL: fake.url, HTTP_PROXY: proxy.url } });
      expect([r.code, r.stdout, r.stderr]).toEqual([0, 'code\r\ncs\r\n', '']);
      expect(proxy.requests).toMatchObject([{ method: 'GET', authorization: true, status: 200 }]);
    } finally {
      await proxy.close();
    }
    const allowed = await wli(['language', 'cs', '--token', TOKEN, '--retries', '0', '--allow-insecure-http'], {
      env: { WLI_URL: fake.url, HTTP_PROXY: 'http://proxy.invalid:3128' },
    });
    expect(allowed.code).toBe(1);
    expect(allowed.stderr).toMatch(/proxy/);
  });
});

describe('3: pagination links', () => {
  it('3: a next link whose path starts with // never makes wli contact another origin', async () => {
    const evil = await startFakeWeblate();
    try {
      const evilHost = new URL(evil.origin).host;
      const links = [
        `${fake.origin}//${evilHost}/api/translations/demo/android/cs/units/?cursor=2`,
        `/.//${evilHost}/api/translations/demo/android/cs/units/?cursor=2`,
      ];
      for (const next of links) {
        fake.fault(
          (q) => q.path === '/api/translations/demo/android/cs/units/' && !q.query.has('cursor'),
          { kind: 'rawBody', body: page([unit(101, ['One'], ['Jedna'])], next, 2) },
          1,
        );
        const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--token', TOKEN], { env });
        expect(
          evil.requests.map((q) => q.url),
          `next ${next}: wli fetched the other origin`,
        ).toEqual([]);
        expect(r.stderr).not.toMatch(/internal error/);
      }
    } finally {
      await evil.close();
    }
  });
  it('3: a next link that is not a string URL (the number 2) is an error (exit 1), not a silent end after page 1', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => unit(200 + i, [`Source ${i}`], [`Target ${i}`]));
    fake.fault('/translations/demo/android/cs/units/', { kind: 'rawBody', body: page(ten, 2, 20) }, 1);
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl'], { env });
    expect(r.code, `stdout has ${r.stdout.split('\n').length - 1} lines, stderr: ${r.stderr}`).toBe(1);
    expectShortError(r);
    expect(r.stderr).toMatch(/next/);
  });
});

describe('4: terminal escapes from the server or a project file', () => {
  it('4: --debug never writes server text raw: no ESC, BEL or other control byte reaches stderr', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 500, body: JSON.stringify({ detail: `Server exploded ${OSC52}${CLEAR} here` }) }, 1);
    const r = await wliIn(['language', 'cs', '--debug', '--retries', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(STACK); // --debug still shows where
    expect(r.stderr).toContain('Server exploded \\e]52;c;aGFja2VkIQ==\\x07\\e[2J here');
    expect(r.stderr.match(CONTROL_EXCEPT_NL)?.[0], 'a raw control character on stderr').toBeUndefined();
  });
  it('4: the progress line shows a default target from a project file escaped, never raw', { timeout: 30_000 }, async (ctx) => {
    needsPty(ctx); // before the faults: a skipped test leaves the shared server as it was
    // `wli stats` with no target takes `translation` from .weblate; a component target labels the progress line.
    // Raw control characters in the file (wlc's INI has no escapes: what is written is the value).
    const cwd = tree({ 'repo/.weblate': `[weblate]\nurl = ${fake.url}\ntranslation = demo/android\u001b]52;c;aGFja2VkIQ==\u0007\u001b[2J\n` });
    const isFirst = (q: { path: string; query: URLSearchParams }) =>
      q.path.startsWith('/api/components/demo/') && q.path.endsWith('/statistics/') && !q.query.has('page');
    fake.fault(
      isFirst,
      {
        kind: 'rawBody',
        body: page(
          [{ code: 'cs', name: 'Czech', total: 10, translated: 5, translated_percent: 50 }],
          `${fake.url}components/demo/android/statistics/?page=2`,
          2,
        ),
      },
      1,
    );
    fake.fault((q) => q.path.endsWith('/statistics/') && q.query.get('page') === '2', { kind: 'stall' }, 1);
    const pty = onPty(ctx, ['stats'], { cwd: join(cwd, 'repo'), cols: 200 });
    await pty.waitFor(/1\/2/); // the progress line with the label is on the screen
    pty.type('\u0003');
    const { code, output } = await pty.exit;
    expect(code).toBe(130);
    expect(output).not.toContain('\u001b]52;');
    expect(output).not.toContain(CLEAR);
    expect(output).not.toContain('\u0007');
    expect(output).toContain('\\e[2J');
  });
});

describe('5: credentials in a bad server URL', () => {
  const PASSWORD = 's3cretpw';
  const BAD = [
    `https://user:p@${PASSWORD}@example.org/`,
    `https://user:${PASSWORD}@exa mple.org/`,
    `https://user:${PASSWORD}@[::1`,
    `ftp://user:${PASSWORD}@example.org/`,
  ];
  it('5: --url: exit 2, and the password is never shown', async () => {
    for (const url of BAD) {
      const r = await wliIn(['language', 'cs', '--url', url], {});
      expect(r.code, url).toBe(2);
      expect(r.stdout + r.stderr, url).not.toContain(PASSWORD);
    }
  });
  it.each([
    ['http://user:pass@127.0.0.1:9/', 'http://<credentials>@127.0.0.1:9/'],
    [`https://user:p@${PASSWORD}@example.org/sub/api/`, 'https://<credentials>@example.org/sub/api/'],
    ['https://token@example.org', 'https://<credentials>@example.org'],
  ])('5: --url %s is shown as typed, its scheme too, the credentials replaced (issue 29.8)', async (url, shown) => {
    const r = await wliIn(['ls', '--url', url], {});
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(`wli: server URL '${shown}' must not carry credentials\nhint: pass the token with --token or WLI_TOKEN instead\n`);
    const config = await wliIn(['config', '--url', url], {});
    expect(config.stdout).toMatch(new RegExp(`^URL +${shown.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} {2}\\(from --url\\)$`, 'm'));
    expect(config.stderr).toContain(`server URL '${shown}' must not carry credentials`);
    expect(r.stderr + config.stdout + config.stderr).not.toMatch(/pass@|p@|s3cret/);
  });
  it('5: WLI_URL: exit 2, and the password is never shown', async () => {
    for (const url of BAD) {
      const r = await wliIn(['language', 'cs'], { env: { WLI_URL: url } });
      expect(r.code, url).toBe(2);
      expect(r.stdout + r.stderr, url).not.toContain(PASSWORD);
    }
  });
  it('5: url in the user configuration file (and in a project file): exit 2, and the password is never shown', async () => {
    for (const url of BAD) {
      for (const file of ['xdg/weblate', 'repo/.weblate']) {
        const root = tree({ [file]: `[weblate]\nurl = ${url}\n` });
        mkdirSync(join(root, 'repo'), { recursive: true });
        for (const args of [['language', 'cs'], ['config']]) {
          const r = await wliIn(args, { cwd: join(root, 'repo'), env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
          expect(r.code, `${file}: ${url}: ${args[0]}`).toBe(2);
          expect(r.stdout + r.stderr, `${file}: ${url}: ${args[0]}`).not.toContain(PASSWORD);
        }
      }
    }
  });
});

describe('6: odd headers', () => {
  const noSleep = { sleep: async () => {} };
  it('6: Retry-After: 99999999999999999999 on a 429 is a rate limit (exit 6), not an internal error', async () => {
    fake.fault(
      '/languages/cs/',
      { kind: 'status', status: 429, body: '{"detail":"Request was throttled."}', headers: { 'Retry-After': '99999999999999999999' } },
      1,
    );
    const r = await wliIn(['language', 'cs'], { env, ctx: noSleep });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr).toBe(6);
    expectShortError(r);
    expect(r.stderr).toMatch(/HTTP 429/);
  });
  it('6: the same on a 503: exit 1, not an internal error', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 503, headers: { 'Retry-After': '99999999999999999999' } }, 1);
    const r = await wliIn(['language', 'cs'], { env, ctx: noSleep });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr).toBe(1);
    expectShortError(r);
  });
  it('6: a Location header that is not a URL (http://[::1) on a 302: exit 1, one clear line, not an internal error', async () => {
    fake.fault('/languages/cs/', { kind: 'redirect', location: 'http://[::1', status: 302 }, 1);
    const r = await wliIn(['language', 'cs'], { env, ctx: noSleep });
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code, r.stderr).toBe(1);
    expectShortError(r);
    expect(r.stderr).toMatch(/redirect|Location/i);
  });
});

describe('7: --timeout beyond what a timer can hold', () => {
  it('7: --timeout 2147484 (and more) is refused (exit 2) before any request, never an instant timeout or a TimeoutOverflowWarning', async () => {
    for (const timeout of ['2147484', '1e9', '1e300']) {
      const before = fake.requests.length;
      const r = await wli(['language', 'cs', '--timeout', timeout, '--retries', '0', '-f', 'csv', '--fields', 'code'], { env });
      expect(r.stderr, timeout).not.toMatch(/TimeoutOverflowWarning/);
      expect(r.stderr, timeout).not.toMatch(/timed out/);
      if (r.code === 0) {
        // Clamping is acceptable too: then the request simply works.
        expect(r.stdout).toBe('code\r\ncs\r\n');
      } else {
        expect(r.code, `${timeout}: ${r.stderr}`).toBe(2);
        expectShortError(r);
        expect(r.stderr).toMatch(/--timeout/);
        expect(since(before), timeout).toHaveLength(0);
      }
    }
  });
});

describe('8: dot segments in targets', () => {
  const CASES = [
    ['translation', '../languages/cs'],
    ['translation', '../../languages/cs'],
    ['translation', 'demo/./cs'],
    ['language', '..'],
    ['language', '.'],
    ['units', 'demo/../x/y'],
    ['units', 'demo/android/..'],
    ['changes', './android/cs'],
    ['stats', 'demo/..'],
    ['stats', '..'],
  ];
  for (const [command, target] of CASES) {
    it(`8: wli ${command} ${target}: refused (exit 2), the server sees no request`, async () => {
      const before = fake.requests.length;
      const r = await wliIn([command!, target!], { env });
      expect({ code: r.code, requests: since(before).map((q) => q.url) }, r.stderr).toEqual({ code: 2, requests: [] });
      expectShortError(r);
    });
  }
});

describe('9: Ctrl-C while stdout is blocked', () => {
  it('9: Ctrl-C while the reader does not read, then the reader goes away: exit 130, not 0', { timeout: 60_000 }, async () => {
    const s = await startFakeWeblate();
    try {
      const units = `${s.url}translations/big/strings/xx/units/`;
      // Page 1: one small item, so it is written at once; the list then continues by number.
      s.fault(
        (q) => q.path.endsWith('/units/') && !q.query.has('page'),
        { kind: 'rawBody', body: page([{ id: 1, source: ['first'] }], `${units}?page=2&page_size=500`, 2000) },
        1,
      );
      // Page 2 is the server's own: 500 units, about 375 kB, far beyond what a pipe (64 KiB) and the
      // paused reader's buffer hold. Pages 3 and later stay unanswered: requests in flight while wli
      // is blocked on stdout, whose connections close when wli handles Ctrl-C.
      let ctrlCSeen!: () => void;
      const aborted = new Promise<void>((resolve) => (ctrlCSeen = resolve));
      s.fault((q) => q.path.endsWith('/units/') && Number(q.query.get('page')) >= 3, { kind: 'stall', onClose: () => ctrlCSeen() }, Infinity);
      const child = spawn(...wliCommand(['units', 'big/strings/xx', '-f', 'jsonl', '--page-size', '500']), {
        env: baseEnv({ WLI_URL: s.url }),
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: killOnFinish(),
      });
      child.on('error', () => {});
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const closed = new Promise<number | null>((resolve) => child.on('close', (code, sig) => resolve(code ?? (sig ? -1 : null))));
      // Read until the first item of page 2 arrives, then stop reading: wli blocks on stdout with
      // most of page 2 unwritten.
      const page2 = new RegExp(`"id":\\s*${bigUnit(500, 'target').id}\\b`);
      let stdout = '';
      await new Promise<void>((resolve) => {
        const onData = (d: string) => {
          stdout += d;
          if (!page2.test(stdout)) return;
          child.stdout.pause();
          child.stdout.off('data', onData);
          resolve();
        };
        child.stdout.setEncoding('utf8').on('data', onData);
      });
      await s.whenRequests((requests) => requests.some((q) => Number(q.query.get('page')) >= 3));
      child.kill('SIGINT');
      await aborted; // wli handled Ctrl-C: it dropped the requests in flight
      child.stdout.destroy(); // the reader goes away
      const code = await closed;
      expect(code, stderr).toBe(130);
    } finally {
      await s.close();
    }
  });
});

describe('10: a configuration file with a byte order mark', () => {
  it('10: a user config saved with a UTF-8 BOM is read: its url and its [keys] token are used', async () => {
    const s = await startFakeWeblate();
    try {
      const root = tree({ 'xdg/weblate': `\uFEFF[weblate]\nurl = ${s.url}\n\n[keys]\n${s.url} = ${TOKEN}\n` });
      const r = await wliIn(['language', 'cs', '-f', 'csv', '--fields', 'code'], { cwd: root, env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
      expect({ code: r.code, stdout: r.stdout }, r.stderr).toEqual({ code: 0, stdout: 'code\r\ncs\r\n' });
      expect(s.requests.map((q) => q.headers.authorization)).toEqual([`Token ${TOKEN}`]);
      expect(r.stderr + r.stdout).not.toContain(TOKEN);
    } finally {
      await s.close();
    }
  });
});

describe('11: odd shapes', () => {
  // Past the depth where a recursive stringify overflows the stack (about 4,100 today), and small
  // enough that the exact indented output stays under 100 MB.
  const DEPTH = 6_000;
  const deep = '['.repeat(DEPTH) + '"bottom"' + ']'.repeat(DEPTH);
  const translationBody = `{"language_code":"cs","filename":"cs.xml","deep":${deep},"total":1}`;

  it(
    `11: a field nested ${DEPTH} levels deep: -f json prints it exactly (or one clear line, exit 1), never an internal error`,
    { timeout: 60_000 },
    async () => {
      fake.fault('/translations/demo/android/cs/', { kind: 'rawBody', body: translationBody }, 1);
      const r = await wli(['translation', 'demo/android/cs', '-f', 'json'], { env, signal: killOnFinish() });
      expect(r.stderr).not.toMatch(/internal error/);
      if (r.code === 0) expect(r.stdout.replace(/\s+/g, '')).toBe(translationBody);
      else {
        expect(r.code).toBe(1);
        expectShortError(r);
      }
    },
  );
  it(
    `11: a field nested ${DEPTH} levels deep in a list: table and markdown show it (exit 0); jsonl and csv print it or fail clearly; never an internal error`,
    { timeout: 60_000 },
    async () => {
      const body = page([unit(1, ['One'], ['Jedna']), unit(2, ['Two'], ['Dva'], '@@DEEP@@')]).replace('"@@DEEP@@"', deep);
      for (const format of ['table', 'markdown', 'jsonl', 'csv']) {
        fake.fault('/translations/demo/android/cs/units/', { kind: 'rawBody', body }, 1);
        const r = await wli(['units', 'demo/android/cs', '-f', format], { env, signal: killOnFinish() });
        expect(r.stderr, format).not.toMatch(/internal error/);
        if (format === 'table' || format === 'markdown' || r.code === 0) {
          expect(r.code, `${format}: ${r.stderr.slice(0, 300)}`).toBe(0);
          expect(r.stdout, format).toMatch(/Dva/);
          if (format === 'jsonl') expect(r.stdout.includes(deep), 'jsonl: the deep value exactly').toBe(true);
        } else {
          expect(r.code, `${format}: ${r.stderr.slice(0, 300)}`).toBe(1);
          expectShortError(r);
        }
      }
    },
  );
  it('11: a source that is an object with a toString key: table and markdown show it, exit 0', async () => {
    for (const format of ['table', 'markdown']) {
      fake.fault(
        '/translations/demo/android/cs/units/',
        { kind: 'rawBody', body: page([unit(1, { toString: 1 }, { valueOf: 2 }), unit(2, ['Two'], ['Dva'])]) },
        1,
      );
      const r = await wliIn(['units', 'demo/android/cs', '-f', format], { env });
      expect(r.stderr, format).not.toMatch(/internal error/);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
      expect(r.stdout, format).toMatch(/toString/);
      expect(r.stdout, format).toMatch(/Dva/);
    }
  });
  it('11: ids that are distinct objects are not dropped as duplicates', async () => {
    fake.fault(
      '/translations/demo/android/cs/units/',
      { kind: 'rawBody', body: page([unit({ a: 1 }, ['One'], ['Jedna']), unit({ a: 2 }, ['Two'], ['Dva'])]) },
      1,
    );
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl'], { env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).id)).toEqual([{ a: 1 }, { a: 2 }]);
    expect(r.stderr).not.toMatch(/appeared twice/);
  });
});

describe('12: huge server messages', () => {
  const huge = 'Huge failure: ' + 'x'.repeat(MiB);
  it('12: a 1 MB detail on a 500 is shown bounded (stderr under 4 KB), exit 1', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 500, body: JSON.stringify({ detail: huge }) }, 1);
    const r = await wliIn(['language', 'cs', '--retries', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^wli: .*HTTP 500.*Huge failure/);
    expect(r.stderr.length).toBeLessThan(4096);
  });
  it('12: a 1 MB detail on a 404 is shown bounded (stderr under 4 KB), exit 5', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 404, body: JSON.stringify({ detail: huge }) }, 1);
    const r = await wliIn(['language', 'cs'], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: .*HTTP 404.*Huge failure/);
    expect(r.stderr.length).toBeLessThan(4096);
  });
  it('12: a 10 KB HTML title on a 502 is shown bounded too', async () => {
    fake.fault(
      '/languages/cs/',
      { kind: 'status', status: 502, contentType: 'text/html', body: `<html><title>Bad gateway ${'y'.repeat(10_000)}</title></html>` },
      1,
    );
    const r = await wliIn(['language', 'cs', '--retries', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^wli: .*HTTP 502.*Bad gateway/);
    expect(r.stderr.length).toBeLessThan(4096);
  });
});

describe('13: tokens that cannot be a header', () => {
  const BAD = [
    ['CR LF', 'abc\r\nX-Evil: 1', ['X-Evil', 'abc\r']],
    ['LF', 'abc\nX-Evil: 1', ['X-Evil']],
    ['beyond Latin-1', 'tökén✓', ['tökén']],
  ] as const;
  for (const [what, token, secrets] of BAD) {
    it(`13: --token with ${what}: a usage error (exit 2) before any request, the token not shown`, async () => {
      const before = fake.requests.length;
      const r = await wli(['language', 'cs', '--token', token, '--retries', '0'], { env });
      expect({ code: r.code, requests: since(before).length }, r.stderr).toEqual({ code: 2, requests: 0 });
      expectShortError(r);
      for (const s of secrets) expect(r.stderr + r.stdout).not.toContain(s);
    });
    it(`13: WLI_TOKEN with ${what}: the same`, async () => {
      const before = fake.requests.length;
      const r = await wli(['language', 'cs', '--retries', '0'], { env: { ...env, WLI_TOKEN: token } });
      expect({ code: r.code, requests: since(before).length }, r.stderr).toEqual({ code: 2, requests: 0 });
      for (const s of secrets) expect(r.stderr + r.stdout).not.toContain(s);
    });
  }
});

describe('14: terminals and closed streams', () => {
  it('14: a closed stderr does not turn a success into a failure: exit 0, all of stdout', { timeout: 30_000 }, async () => {
    const child = spawn(...wliCommand(['units', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--verbose']), {
      env: baseEnv({ WLI_URL: fake.url }),
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: killOnFinish(),
    });
    child.on('error', () => {});
    child.stderr.destroy(); // nobody reads stderr: the --verbose lines hit a closed pipe
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(32);
  });

  it('14: a table of CJK, combining and emoji text fits an 80-column terminal in display cells', { timeout: 30_000 }, async (ctx) => {
    needsPty(ctx); // before the fault: a skipped test leaves the shared server as it was
    const cjk = '翻訳されたテキストの例です日本語中文한국어'.repeat(2);
    const combining = 'e\u0301a\u0300o\u0308'.repeat(8);
    const emoji = '😀🎉🚀'.repeat(6);
    fake.fault(
      '/translations/demo/android/cs/units/',
      {
        kind: 'rawBody',
        body: page([unit(1, [cjk], [cjk], 'context_一'), unit(2, [combining], [emoji], 'ctx_two'), unit(3, ['plain'], [cjk + emoji], 'ctx_three')]),
      },
      1,
    );
    const { code, output } = await onPty(ctx, ['units', 'demo/android/cs', '--url', fake.url], { cols: 80 }).exit;
    expect(code).toBe(0);
    const lines = output.split(/\r?\n/).filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const widths = lines.map((l) => stringWidth(l.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')));
    expect(Math.max(...widths), lines.join('\n')).toBeLessThanOrEqual(80);
  });
});

describe('15: paths a server chooses (issue 34): never into a version-control or hidden folder, never outside the filemask, never over a file download did not predict', () => {
  let server: FakeWeblate;
  beforeAll(async () => {
    server = await startFakeWeblate();
  });
  afterAll(() => server.close());
  const since2 = (from: number) => server.requests.slice(from);
  const reset = () => {
    server.filenames(null);
    server.componentFiles(null);
  };

  const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
  /** A checkout with a git folder whose config and hook a hostile server would love to replace. */
  const CHECKOUT = {
    '.git/config': '[core]\n\trepositoryformatversion = 0\n',
    '.git/hooks/pre-commit': '#!/bin/sh\nexit 0\n',
    'package.json': '{"name":"app"}\n',
  };
  /** Every file under root but the checkout's own and the record of layouts (test/pull-layout.test.ts), as pull left them. */
  const written = (root: string) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
      .filter((p) => !(p in CHECKOUT) && !p.startsWith('cache/') && p !== 'wli-layout.json')
      .sort();
  const unchanged = (root: string) => {
    for (const [path, text] of Object.entries(CHECKOUT)) expect(readFileSync(join(root, path), 'utf8'), path).toBe(text);
  };
  const pullIn = (root: string, args: string[]) => wliIn(['pull', ...args], { env: { WLI_URL: server.url, XDG_CACHE_HOME: join(root, 'cache') }, cwd: root });
  const VCS = "the server's filename is inside a version-control folder";

  it('15: .git/config, .GIT/hooks/pre-commit, .git./x, GIT~1/config: each refused with its rule, the others written, exit 1; --allow-hidden changes nothing', async () => {
    reset();
    server.componentFiles({ 'demo/android': { filemask: '*/*' } });
    server.filenames({
      'demo/android/cs': '.git/config',
      'demo/android/de': '.GIT/hooks/pre-commit',
      'demo/android/ar': '.git./x',
      'demo/android/ja': 'GIT~1/config',
    });
    for (const extra of [[], ['--allow-hidden']]) {
      const root = tree(CHECKOUT);
      chmodSync(join(root, '.git/hooks/pre-commit'), 0o755);
      const n = server.requests.length;
      const r = await pullIn(root, ['demo/android', 'demo/docs/guide', ...extra]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`wli: not written: .git/config (demo/android/cs): ${VCS} (.git)`);
      expect(r.stderr).toContain(`wli: not written: .GIT/hooks/pre-commit (demo/android/de): ${VCS} (.GIT)`);
      expect(r.stderr).toContain(`wli: not written: .git./x (demo/android/ar): ${VCS} (.git.)`);
      expect(r.stderr).toContain(`wli: not written: GIT~1/config (demo/android/ja): ${VCS} (GIT~1)`);
      expect(r.stderr).toMatch(/wli: 7 translations: 1 created, 0 updated, 0 unchanged, 2 skipped, 4 failed\n$/);
      unchanged(root);
      expect(statSync(join(root, '.git/hooks/pre-commit')).mode & 0o777).toBe(0o755);
      expect(written(root)).toEqual(['docs/cs/guide.md']);
      // Refused names are never asked for.
      expect(
        since2(n)
          .filter((q) => q.path.endsWith('/file/'))
          .map((q) => q.path),
      ).toEqual(['/api/translations/demo/docs%2Fguide/cs/file/']);
    }
  });

  it('15: a filemask that itself points into .git/ is still refused; --check and --dry-run apply the same rule', async () => {
    reset();
    server.componentFiles({ 'demo/android': { filemask: '.git/*/config' } });
    server.filenames({ 'demo/android/cs': '.git/cs/config' });
    const root = tree(CHECKOUT);
    for (const mode of [[], ['--allow-hidden'], ['--dry-run'], ['--check']]) {
      const n = server.requests.length;
      const r = await pullIn(root, ['demo/android/cs', ...mode]);
      expect([r.code, r.stderr]).toEqual([
        1,
        `wli: not ${mode[0] === '--check' ? 'checked' : 'written'}: .git/cs/config (demo/android/cs): ${VCS} (.git): its files are code git, Mercurial or Subversion runs; never written\n` +
          `wli: ${mode[0] === '--dry-run' ? 'dry run, nothing written. ' : mode[0] === '--check' ? 'check, nothing written. ' : ''}1 translation: ${
            mode[0] === '--dry-run'
              ? '0 to fetch, 0 to check, 0 skipped, 1 failed'
              : mode[0] === '--check'
                ? '0 same, 0 differ, 0 missing, 0 skipped, 1 failed'
                : '0 created, 0 updated, 0 unchanged, 0 skipped, 1 failed'
          }\n`,
      ]);
      expect(since2(n).filter((q) => q.path.endsWith('/file/'))).toEqual([]);
    }
    unchanged(root);
    expect(written(root)).toEqual([]);
  });

  it('15: .github/workflows/cs.yml, inside the filemask: refused by default (naming --allow-hidden), written with it', async () => {
    reset();
    server.componentFiles({ 'demo/android': { filemask: '.github/workflows/*.yml' } });
    server.filenames({ 'demo/android/cs': '.github/workflows/cs.yml' });
    const root = tree(CHECKOUT);
    const refused = await pullIn(root, ['demo/android/cs']);
    expect([refused.code, refused.stderr.split('\n')[0]]).toEqual([
      1,
      "wli: not written: .github/workflows/cs.yml (demo/android/cs): the server's filename is in a hidden folder or file (.github), which may hold code (CI workflows, hooks, editor tasks, .envrc); --allow-hidden writes it",
    ]);
    expect(written(root)).toEqual([]);
    const allowed = await pullIn(root, ['demo/android/cs', '--allow-hidden']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain('wli: created .github/workflows/cs.yml (');
    expect(written(root)).toEqual(['.github/workflows/cs.yml']);
  });

  it("15, 45: a name that is not the translation's by Weblate's rule (package.json), or the template for another language, is refused, the user's files kept; the source writes the template", async () => {
    reset();
    server.filenames({ 'demo/android/cs': 'package.json', 'demo/android/de': 'app/src/main/res/values/strings.xml' });
    const root = tree(CHECKOUT);
    const r = await pullIn(root, ['demo/android']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "wli: not written: package.json (demo/android/cs): the server's filename is not the one Weblate's rule gives this translation (app/src/main/res/values-cs/strings.xml: filemask app/src/main/res/values-*/strings.xml; template app/src/main/res/values/strings.xml, * as cs)\n",
    );
    expect(r.stderr).toContain(
      "wli: not written: app/src/main/res/values/strings.xml (demo/android/de): the server's filename is its component's template, the source translation's own file: never written for another language\n",
    );
    unchanged(root);
    expect(written(root)).toEqual([ANDROID('ar'), ANDROID('ja')].sort());
    const source = await pullIn(root, ['demo/android/en']);
    expect(source.code, source.stderr).toBe(0);
    expect(written(root)).toEqual([ANDROID('ar'), ANDROID('ja'), 'app/src/main/res/values/strings.xml'].sort());
  });

  describe('download into a directory: the name the server gives', () => {
    const CS_FILE = '/api/translations/demo/android/cs/file/';
    const naming = (name: string, body = 'server bytes\n') =>
      server.fault(
        (q) => q.path === CS_FILE,
        { kind: 'status', status: 200, body, contentType: 'application/xml', headers: { 'Content-Disposition': `attachment; filename="${name}"` } },
        1,
      );
    const download = (root: string, args: string[]) =>
      wliIn(['download', 'demo/android/cs', ...args], { env: { WLI_URL: server.url, XDG_CACHE_HOME: join(root, 'cache') }, cwd: root });
    const temporaries = (root: string) => readdirSync(root, { recursive: true }).filter((f) => /\.wli-.*\.tmp$/.test(String(f)));

    it('15: names an existing file it did not predict: refused (exit 7), the file kept; -o NAME replaces it', async () => {
      reset();
      const root = tree(CHECKOUT);
      naming('package.json');
      const r = await download(root, ['-o', './']);
      expect([r.code, r.stderr]).toEqual([
        7,
        "wli: ./package.json exists and is not this translation's file: the server named it (Content-Disposition), and wli replaces only the file it predicts or saved there itself\nhint: to replace it, name it yourself: -o ./package.json; or download into another directory (-o DIR/)\n",
      ]);
      unchanged(root);
      expect(temporaries(root)).toEqual([]);
      const own = await download(root, ['-o', 'package.json']);
      expect(own.code, own.stderr).toBe(0);
      expect(readFileSync(join(root, 'package.json')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    });

    it('15: a new name is created; the predicted name (p-c-l.ext) and a file its record proves it saved are replaced', async () => {
      reset();
      const root = tree({ 'demo-android-cs.xml': 'old bytes\n' });
      naming('demo-android-cs.xml', 'new bytes\n');
      const predicted = await download(root, ['-o', './']);
      expect([predicted.code, predicted.stderr]).toEqual([0, 'wli: saved ./demo-android-cs.xml (10 bytes)\n']);
      expect(readFileSync(join(root, 'demo-android-cs.xml'), 'utf8')).toBe('new bytes\n');
      naming('strings.xml', 'first\n');
      expect((await download(root, ['-o', './'])).stderr).toBe('wli: saved ./strings.xml (6 bytes)\n');
      // The file wli saved there, its bytes as recorded: it may be replaced by the next download.
      naming('strings.xml', 'second\n');
      expect((await download(root, ['-o', './'])).stderr).toBe('wli: saved ./strings.xml (7 bytes)\n');
      expect(readFileSync(join(root, 'strings.xml'), 'utf8')).toBe('second\n');
      // Changed since: no longer the file wli saved; refused.
      writeFileSync(join(root, 'strings.xml'), 'edited\n');
      naming('strings.xml', 'third\n');
      expect((await download(root, ['-o', './'])).code).toBe(7);
      expect(readFileSync(join(root, 'strings.xml'), 'utf8')).toBe('edited\n');
      expect(temporaries(root)).toEqual([]);
    });
  });

  it('15: completion offers only names of Weblate’s grammar: a slug with an ESC, a newline or a quote is left out', async () => {
    reset();
    const root = tree();
    const evil = ['evil\u001b]52;c;aGFja2VkIQ==\u0007', 'two\nlines', "quo'te", 'ok-project_2'];
    server.fault(
      (q) => q.path === '/api/projects/',
      { kind: 'rawBody', body: page([{ slug: 'demo' }, ...evil.map((slug) => ({ slug }))]), contentType: 'application/json' },
      1,
    );
    const r = await wliIn(['__complete', 'units', ''], { env: { WLI_URL: server.url, XDG_CACHE_HOME: join(root, 'cache') } });
    expect(r).toEqual({ code: 0, stdout: '/\ndemo/\nok-project_2/\n', stderr: '' });
  });
});
