// Issue 3: real servers misbehave. Retries, timeouts, clear errors, pagination safety, token
// safety, output safety, process manners and a tolerant reader — each against the fake server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, execFileSync } from 'node:child_process';
import { createServer as createHttpsServer } from 'node:https';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn, DEAD_URL, baseEnv, wliCommand } from './support/run.js';
import { startGate } from './support/gate.js';
import { parseJson } from '../src/codec/json.js';
import { csvObjects } from './support/csv-parse.js';

let fake: FakeWeblate;
let env: Record<string, string>;
const waits: number[] = [];
/** Records every back-off instead of sleeping: the test asserts on the waits, not the clock. */
const fakeSleep = { sleep: async (ms: number) => void waits.push(ms) };

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 10 });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());
afterEach(() => {
  waits.length = 0;
  fake.nextLinks('normal');
  fake.oldShapes(false);
  fake.exotic(false);
});

const STACK = /\n\s+at .+:\d+:\d+/;
const count = (path: string, from = 0) => fake.requests.slice(from).filter((r) => r.path.includes(path)).length;

describe('retries', () => {
  it('429 with Retry-After: waits as told, then succeeds', async () => {
    fake.fault(
      '/languages/cs/',
      { kind: 'status', status: 429, body: '{"detail":"Request was throttled. Expected available in 7 seconds."}', headers: { 'Retry-After': '7' } },
      2,
    );
    const before = fake.requests.length;
    const r = await wliIn(['language', 'cs', '-f', 'json'], { env, ctx: fakeSleep });
    expect(r.code).toBe(0);
    expect(waits).toEqual([7000, 7000]);
    expect(count('/languages/cs/', before)).toBe(3);
  });
  it('Retry-After as an HTTP date', async () => {
    // wli's clock is the test's: the wait is exactly the time from "now" to the date.
    const now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const at = new Date(now + 5_000).toUTCString();
    fake.fault('/languages/cs/', { kind: 'status', status: 503, headers: { 'Retry-After': at } }, 1);
    const r = await wliIn(['language', 'cs'], { env, ctx: { ...fakeSleep, now: () => now } });
    expect(r.code).toBe(0);
    expect(waits).toEqual([5_000]);
  });
  it('503 then success, with capped exponential backoff and jitter', async () => {
    fake.fault('/languages/de/', { kind: 'status', status: 503, body: '<html><title>Service Unavailable</title></html>', contentType: 'text/html' }, 3);
    const r = await wliIn(['language', 'de'], { env, ctx: { ...fakeSleep, random: () => 0.5 } });
    expect(r.code).toBe(0);
    expect(waits).toEqual([375, 750, 1500]);
  });
  it('gives up after --retries with the last error; 429 exits 6', async () => {
    fake.fault('/languages/ar/', { kind: 'status', status: 429, body: '{"detail":"Request was throttled."}', headers: { 'Retry-After': '1' } }, 3);
    const before = fake.requests.length;
    const r = await wliIn(['language', 'ar', '--retries', '2'], { env, ctx: fakeSleep });
    expect(r.code).toBe(6);
    expect(count('/languages/ar/', before)).toBe(3);
    expect(r.stderr).toContain('HTTP 429 Too Many Requests: Request was throttled.');
    fake.fault('/languages/ar/', { kind: 'status', status: 200 }, 0);
  });
  it('a wait beyond 60 s is not slept: exit 6 at once, saying when to retry', async () => {
    fake.fault('/languages/ja/', { kind: 'status', status: 429, body: '{"detail":"Request was throttled."}', headers: { 'Retry-After': '3600' } }, 1);
    const before = fake.requests.length;
    const r = await wliIn(['language', 'ja'], { env, ctx: fakeSleep });
    expect(r.code).toBe(6);
    expect(waits).toEqual([]);
    expect(count('/languages/ja/', before)).toBe(1);
    expect(r.stderr).toMatch(/hint: the server asks to wait 3600 s: retry after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
  });
  it('500 is retried like every 5xx (issue 23), and its last failure is the error', async () => {
    fake.fault('/languages/xx/', { kind: 'status', status: 500, body: '<!doctype html><title>Server Error (500)</title>', contentType: 'text/html' }, 3);
    const before = fake.requests.length;
    const r = await wliIn(['language', 'xx', '--retries', '2'], { env, ctx: { ...fakeSleep, random: () => 0.5 } });
    expect(r.code).toBe(1);
    expect(count('/languages/xx/', before)).toBe(3);
    expect(waits).toEqual([375, 750]);
    expect(r.stderr.split('\n')[0]).toBe(`wli: GET ${fake.url}languages/xx/ failed: HTTP 500 Internal Server Error: Server Error (500); 3 attempts`);
  });
  it('408 is retried; 4xx other than 408 and 429 never are', async () => {
    fake.fault('/languages/xx/', { kind: 'status', status: 408 }, 1);
    const before = fake.requests.length;
    const ok = await wliIn(['language', 'xx', '-f', 'json'], { env, ctx: fakeSleep });
    expect([ok.code, count('/languages/xx/', before), waits.length]).toEqual([0, 2, 1]);
    waits.length = 0;
    for (const status of [400, 403, 410]) {
      fake.fault('/languages/de/', { kind: 'status', status }, 1);
      const at = fake.requests.length;
      const r = await wliIn(['language', 'de'], { env, ctx: fakeSleep });
      expect([status, r.code === 0, count('/languages/de/', at)]).toEqual([status, false, 1]);
    }
    const gone = await wliIn(['language', 'nope'], { env, ctx: fakeSleep });
    expect(gone.code).toBe(5);
    expect(waits).toEqual([]);
  });
  it('a reset connection is retried', async () => {
    fake.fault('/languages/cs/', { kind: 'reset' }, 1);
    const r = await wliIn(['language', 'cs', '--fields', 'code', '-f', 'csv'], { env, ctx: fakeSleep });
    expect([r.code, r.stdout]).toEqual([0, 'code\r\ncs\r\n']);
    expect(waits).toHaveLength(1);
  });
  it('a failing later page is retried without repeating output', async () => {
    fake.fault(/units\/\?.*page=3/, { kind: 'status', status: 502, body: 'Bad Gateway', contentType: 'text/plain' }, 1);
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--page-size', '10'], { env, ctx: fakeSleep });
    expect(r.code).toBe(0);
    const ids = r.stdout.trimEnd().split('\n');
    expect(ids).toHaveLength(32);
    expect(new Set(ids).size).toBe(32);
  });
});

describe('refused connections', () => {
  it('on the first request of a run: one quick retry, then the error (a wrong --url fails within a second)', async () => {
    const r = await wliIn(['language', 'cs', '--retries', '3'], { env: { WLI_URL: DEAD_URL }, ctx: fakeSleep });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^wli: GET \S+: connection refused by 127\.0\.0\.1:\d+; 2 attempts\nhint: is the server running/);
    expect(waits).toEqual([250]);
  });

  it('once the server has answered, a refusal gets the full retry policy', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 10 });
    // Page 2 is held; then the server goes away: its connections reset, new ones are refused.
    const gate = await startGate(s, (u) => /[?&]page=2\b/.test(u));
    const run = wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--concurrency', '1', '--page-size', '10', '--retries', '3', '--url', gate.url], {
      ctx: {
        sleep: async (ms: number) => {
          waits.push(ms);
        },
        // The backoff's jitter, fixed: a random 0.001 would make the first backoff 250 ms by chance.
        random: () => 0.5,
      },
    });
    await gate.holding();
    await gate.close();
    const r = await run;
    await s.close();
    expect(r.code).toBe(1);
    // Every retry of the policy was made, with its backoff: not the single quick retry of a first refusal.
    expect(waits).toHaveLength(3);
    expect(waits.every((w) => w !== 250)).toBe(true);
  });
});

describe('timeouts', () => {
  it('a stalled server ends in "timed out after Ns" (exit 1) after the retries, never a hang', async () => {
    fake.fault('/languages/de/', { kind: 'stall' }, 2);
    const before = fake.requests.length;
    const r = await wli(['language', 'de', '--timeout', '0.3', '--retries', '1'], { env });
    expect(r.code).toBe(1);
    // The time taken is the attempts' (and the pause between), not one timeout's: the line says how many.
    expect(r.stderr.split('\n')[0]).toBe(`wli: GET ${fake.url}languages/de/: timed out after 0.3s; 2 attempts`);
    expect(r.stderr).toMatch(/hint: .*--timeout/);
    expect(count('/languages/de/', before)).toBe(2);
  });
  it('a body that stops half-way times out too', async () => {
    fake.fault('/translations/demo/android/cs/', { kind: 'stallBody' }, 1);
    const r = await wliIn(['translation', 'demo/android/cs', '--timeout', '0.3', '--retries', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('timed out after 0.3s');
    expect(r.stdout).toBe('');
  });
  it('a timed-out request is retried and can succeed', async () => {
    fake.fault('/languages/ar/', { kind: 'stall' }, 1);
    const r = await wliIn(['language', 'ar', '--timeout', '1', '-f', 'csv', '--fields', 'code'], { env, ctx: fakeSleep });
    expect([r.code, r.stdout]).toEqual([0, 'code\r\nar\r\n']);
  });
});

describe('clear errors', () => {
  it('an HTML page with status 200: "expected JSON, got text/html" with its title', async () => {
    fake.fault('/translations/demo/android/de/', { kind: 'html200' }, 1);
    const r = await wli(['translation', 'demo/android/de'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^wli: GET \S+: expected JSON, got text\/html \(".+"\)$/);
    expect(r.stderr).not.toMatch(STACK);
  });
  it('the HTML 404 of a path without trailing slash is reported with its title', async () => {
    fake.fault(
      '/languages/cs/',
      {
        kind: 'rawBody',
        status: 404,
        contentType: 'text/html; charset=utf-8',
        body: readFileSync(new URL('./fixtures/weblate-5.4.2/GET_api_translations_demo_android_cs__no-trailing-slash.404.html', import.meta.url), 'utf8'),
      },
      1,
    );
    const r = await wliIn(['language', 'cs'], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('HTTP 404 Not Found: Page not found at /api/translations/demo/android/cs');
  });
  it('truncated JSON: the parser position', async () => {
    fake.fault('/languages/cs/', { kind: 'rawBody', body: '{"code":"cs","name":"Cz' }, 1);
    const r = await wliIn(['language', 'cs'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid JSON in the response \(.*position 23.*\)/);
  });
  it('a body cut short by the connection: retried, then a clear message', async () => {
    fake.fault('/languages/en/', { kind: 'truncate' }, 2);
    const r = await wliIn(['language', 'en', '--retries', '1'], { env, ctx: fakeSleep });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/closed by the server before a complete response|invalid JSON/);
    expect(r.stderr).not.toMatch(STACK);
  });
  it('DNS failure', async () => {
    const r = await wliIn(['language', 'cs', '--url', 'http://wli-test.invalid/', '--retries', '0'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot resolve host wli-test\.invalid/);
  });
  it('TLS failure (self-signed certificate)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'],
      { stdio: 'ignore' },
    );
    const server = createHttpsServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, (_q, res) => res.end('{}'));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const port = (server.address() as { port: number }).port;
      const r = await wliIn(['language', 'cs', '--url', `https://127.0.0.1:${port}/`, '--retries', '0'], {});
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/TLS failure \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/);
      expect(r.stderr).toMatch(/hint: .*NODE_EXTRA_CA_CERTS/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
  it('a redirect within the server is followed', async () => {
    fake.fault('/languages/cz/', { kind: 'redirect', location: '/api/languages/cs/', status: 301 }, 1);
    const r = await wliIn(['language', 'cz', '-f', 'csv', '--fields', 'code'], { env });
    expect([r.code, r.stdout]).toEqual([0, 'code\r\ncs\r\n']);
  });
  it('a redirect to another origin is refused with an explanation, and gets no token', async () => {
    const other = await startFakeWeblate();
    try {
      fake.fault('/languages/cs/', { kind: 'redirect', location: `${other.url}languages/cs/`, status: 302 }, 1);
      const r = await wliIn(['language', 'cs', '--token', 'tok-redirect-1'], { env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`was redirected to another origin (${other.origin}); wli does not follow it`);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
  it('every message is one or two lines, no stack trace; --debug adds one', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 500 }, 2);
    const plain = await wliIn(['language', 'cs', '--retries', '0'], { env });
    expect(plain.code).toBe(1);
    expect(plain.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
    expect(plain.stderr).not.toMatch(STACK);
    const debug = await wliIn(['language', 'cs', '--debug', '--retries', '0'], { env });
    expect(debug.stderr).toMatch(STACK);
  });
});

describe('pagination safety', () => {
  it('a next link that points back to a page already read ends with an error, not a loop', async () => {
    fake.nextLinks('self');
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--page-size', '10'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pagination loops/);
    expect(count('/units/')).toBeLessThan(50);
  });
  it('next links on another origin are never contacted; pages come from the configured server', async () => {
    const other = await startFakeWeblate();
    try {
      fake.nextLinks({ foreignOrigin: other.origin });
      const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--page-size', '10', '--token', 'tok-cross-2'], { env });
      expect(r.code).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(32);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
  it('a list that grows while it is paged: no duplicate ids, and a warning', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 10 });
    try {
      s.growAfterFirstPage({ translation: 'demo/android/cs', kind: 'units', n: 3 });
      const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--page-size', '10'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(0);
      const ids = r.stdout.trimEnd().split('\n');
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(32);
      expect(r.stderr).toMatch(/wli: warning: the list changed while it was being read/);
    } finally {
      await s.close();
    }
  });
  it('a list that shrinks: the missing page ends the list with a warning', async () => {
    fake.fault(/units\/\?.*page=4/, { kind: 'status', status: 404, body: '{"detail":"Invalid page."}' }, 1);
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--page-size', '10'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(30);
    expect(r.stderr).toMatch(/warning: the list shrank/);
  });
});

describe('token safety', () => {
  const TOKEN = 'wlu_SeCrEt0123456789';
  it('--verbose and --debug never show the token', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--token', TOKEN, '--debug', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^wli: GET http:\/\/127\.0\.0\.1:\d+\/api\/translations\/demo\/android\/cs\/units\/\?page_size=\d+ 200 \d+ms [\d.]+k?B( rate-limit remaining \d+)?$/m,
    );
    expect(r.stderr).toContain('authorization: Token <redacted>');
    expect(r.stderr + r.stdout).not.toContain(TOKEN);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Token ${TOKEN}`);
  });
  it('an error message that echoes the token is masked', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 401, body: JSON.stringify({ detail: `Invalid token ${TOKEN}.` }) }, 1);
    const r = await wliIn(['language', 'cs', '--token', TOKEN], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Invalid token <redacted>.');
    expect(r.stderr).not.toContain(TOKEN);
  });
  it('plain http to a host that is not loopback is refused with a token (exit 2) unless allowed', async () => {
    const r = await wli(['language', 'cs', '--url', 'http://weblate.example.invalid/', '--token', TOKEN], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to send the API token over plain http to weblate\.example\.invalid/);
    expect(r.stderr).toContain('--allow-insecure-http');
    expect(r.stderr).not.toContain(TOKEN);
    const allowed = await wliIn(['language', 'cs', '--url', 'http://wli-test.invalid/', '--token', TOKEN, '--allow-insecure-http', '--retries', '0'], {});
    expect(allowed.stderr).toMatch(/cannot resolve host/);
    const noToken = await wliIn(['language', 'cs', '--url', 'http://wli-test.invalid/', '--retries', '0'], {});
    expect(noToken.stderr).toMatch(/cannot resolve host/);
  });
  it('45.4: a name under .localhost, localhost. and an IPv4-mapped address are not loopback: the token is refused (exit 2)', async () => {
    for (const url of ['http://wli-test.localhost/', 'http://localhost./', 'http://[::ffff:127.0.0.1]/']) {
      const r = await wli(['language', 'cs', '--url', url, '--token', TOKEN, '--retries', '0'], {});
      expect(r.code, `${url}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/refusing to send the API token over plain http to /);
      expect(r.stderr).not.toContain(TOKEN);
    }
    const before = fake.requests.length;
    const proxied = await wli(['language', 'cs', '--token', TOKEN, '--retries', '0'], {
      env: { WLI_URL: fake.url, HTTP_PROXY: 'http://proxy.localhost:3128' },
    });
    expect(proxied.code, proxied.stderr).toBe(2);
    expect(proxied.stderr).toMatch(/refusing to send the API token over plain http through the proxy http:\/\/proxy\.localhost:3128/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('output safety', () => {
  it('json, jsonl and csv carry hostile text unchanged; csv adds no formula guards', async () => {
    const path = `${new URL(fake.url).pathname}translations/demo/android/cs/units/?page_size=100`;
    const expected = (parseJson(fake.expected(path).body) as { results: Array<Record<string, unknown>> }).results;
    const jl = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl'], { env });
    expect(
      jl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => parseJson(l)),
    ).toEqual(expected);
    const csv = csvObjects((await wliIn(['units', 'demo/android/cs', '-f', 'csv'], { env })).stdout);
    const formula = csv.find((r) => r.context === 'csv_formula_eq')!;
    expect(formula.source).toBe((expected.find((u) => u.context === 'csv_formula_eq')!.source as string[])[0]);
    expect(csv.some((r) => r.content_hash!.startsWith('-'))).toBe(true);
    expect(csv.map((r) => r.source).join('')).toContain('\u001b[31m');
  });
  it('table and markdown show every control character as a visible escape', async () => {
    for (const cmd of [
      ['units', 'demo/android/cs'],
      ['changes', 'demo/android/cs'],
      ['units', 'demo/android/de', '-f', 'markdown'],
    ]) {
      const r = await wliIn(cmd, { env });
      expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
  });
  it('warnings and errors escape server text too', async () => {
    fake.fault('/languages/cs/', { kind: 'status', status: 404, body: '{"detail":"Not \\u001b[2Jfound\\u202e."}' }, 1);
    const r = await wliIn(['language', 'cs'], { env });
    expect(r.stderr).toContain('Not \\e[2Jfound\\u202e.');
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('process manners', () => {
  it('| head -1 ends quietly with exit 0 and stops fetching pages', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 10, bigUnits: 5000 });
    // Pages after the first wait at the gate until the reader has gone: wli learns of it on its
    // next write, with 498 pages still to fetch (an order, not a race against time).
    const gate = await startGate(s, (u) => /[?&]page=\d/.test(u));
    try {
      const child = spawn(...wliCommand(['units', 'big/strings/xx', '-f', 'jsonl', '--page-size', '10', '--concurrency', '2']), {
        env: baseEnv({ WLI_URL: gate.url }),
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => {
        child.stdout.once('data', () => {
          child.stdout.destroy();
          gate.release();
        });
        child.on('close', resolve);
      });
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(s.requests.filter((r) => r.path.endsWith('/units/')).length).toBeLessThan(20);
    } finally {
      await gate.close();
      await s.close();
    }
  });
  it('Ctrl-C aborts the request in flight and exits 130', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault('/languages/cs/', { kind: 'stall' }, 1);
      const child = spawn(...wliCommand(['language', 'cs']), { env: baseEnv({ WLI_URL: s.url }) });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      // Synchronise on the request reaching the server, not on time.
      await s.whenRequests((requests) => requests.length > 0);
      child.kill('SIGINT');
      expect(await closed).toBe(130);
      expect(stderr.trim()).toBe('wli: interrupted');
    } finally {
      await s.close();
    }
  });
  it('Ctrl-C while the reader has stopped reading (a paused pager): exit 130 at once, nothing more written', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 100, bigUnits: 5000 });
    const child = spawn(...wliCommand(['units', 'big/strings/xx', '-f', 'jsonl', '--page-size', '100']), { env: baseEnv({ WLI_URL: s.url }) });
    try {
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const stderrEnded = new Promise((resolve) => child.stderr.once('end', resolve));
      // 'exit', not 'close': stdout is never read, so it never ends on our side.
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? -1 : null))));
      // Nobody reads stdout: once it fills, wli waits for the reader. Synchronise on the server
      // having answered a few pages (more than a pipe's 64 KiB), not on time.
      child.stdout.pause();
      await s.whenRequests((requests) => requests.length >= 3);
      child.kill('SIGINT');
      // The reader never reads again until wli has ended: a wli that waits for it never closes
      // (the test's timeout is the failure).
      expect(await exited).toBe(130);
      await stderrEnded;
      expect(stderr.trim()).toBe('wli: interrupted');
    } finally {
      child.kill('SIGKILL');
      child.stdout.destroy();
      await s.close();
    }
  }, 20_000);
  it('a failure after page 1 keeps what was written and leaves the json array open', async () => {
    fake.fault(/units\/\?.*page=3/, { kind: 'status', status: 500 }, 1);
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'json', '--page-size', '10', '--retries', '0'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('[\n')).toBe(true);
    expect(r.stdout.trimEnd().endsWith('}')).toBe(true);
    expect(r.stdout).not.toMatch(/\]\s*$/);
  });
  it('a failure on page 1 writes nothing', async () => {
    fake.fault(/units\/\?page_size=10$/, { kind: 'status', status: 500 }, 1);
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'json', '--page-size', '10', '--retries', '0'], { env });
    expect([r.code, r.stdout]).toEqual([1, '']);
  });
});

describe('tolerant reader', () => {
  const commands = [
    ['translation', 'demo/android/cs'],
    ['units', 'demo/android/cs'],
    ['changes', 'demo/android/cs'],
    ['stats', 'demo/android/cs', 'cs'],
    ['language', 'cs'],
  ];
  for (const mode of ['oldShapes', 'exotic'] as const) {
    for (const cmd of commands) {
      it(`${mode}: ${cmd[0]} works in every format and json passes values through`, async () => {
        fake[mode](true);
        for (const format of ['table', 'json', 'jsonl', 'csv', 'markdown']) {
          const r = await wliIn([...cmd, '-f', format], { env });
          expect(r.stderr, `${format}: ${r.stderr}`).not.toMatch(/internal error|STACK/);
          expect(r.code, `${format}: ${r.stderr}`).toBe(0);
          if (format === 'json' && cmd[0] !== 'stats') {
            const path =
              cmd[0] === 'language' ? 'languages/cs/' : cmd[0] === 'translation' ? 'translations/demo/android/cs/' : `translations/demo/android/cs/${cmd[0]}/`;
            const sent = parseJson(
              fake.expected(`${new URL(fake.url).pathname}${path}${cmd[0] === 'units' || cmd[0] === 'changes' ? '?page_size=1000' : ''}`).body,
            ) as Record<string, unknown>;
            expect(parseJson(r.stdout)).toEqual('results' in sent ? sent.results : sent);
          }
        }
      });
    }
  }
  it('exotic numbers and __proto__ keys come out exactly as sent', async () => {
    fake.exotic(true);
    const r = await wliIn(['language', 'cs', '-f', 'json'], { env });
    const sent = fake.expected(`${new URL(fake.url).pathname}languages/cs/`).body;
    for (const literal of sent.match(/-?\d+(\.\d+)?([eE][+-]?\d+)?/g)!.filter((n) => n.length > 15)) expect(r.stdout).toContain(literal);
    expect(r.stdout).toContain('"__proto__"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the data writer', () => {
  it('a flush waiting for a reader that stopped reading ends when the run is interrupted', async () => {
    const { Writer } = await import('../src/io/writer.js');
    // A stream that takes every write and never reports it written: the reader stopped reading.
    const stalled = { write: () => true, once: () => stalled, on: () => stalled, removeListener: () => stalled };
    const interrupt = new AbortController();
    const writer = new Writer(stalled, interrupt.signal);
    await writer.write('the last bytes\n');
    let ended = false;
    const flushed = writer.flush().then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);
    interrupt.abort();
    await flushed;
    expect(ended).toBe(true);
  });
});
