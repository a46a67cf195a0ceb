// Issue 12, history you can read and follow, gates that tell the story: action names, durations,
// changes --follow, row identity, per-language thresholds, baselines and --fail-on-drop.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import { runCli } from '../src/cli/program.js';
import { ACTIONS, kebab } from '../src/weblate/actions.js';
import { FOLLOW_WINDOW_MS } from '../src/core/limits.js';
import { ACTION_NAMES, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { csvObjects } from './support/csv-parse.js';
import { spawn } from 'node:child_process';
import { ROOT, baseEnv, testContext, wli, wliIn, wliCommand } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'wli-gates-'));
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

type Item = Record<string, unknown>;
const lastQuery = (from: number) => fake.requests.slice(from).find((r) => r.path.endsWith('/changes/'))!.query;

describe('--action: codes, names, kebab names', () => {
  it("wli's action table is Weblate's", () => {
    expect(Object.fromEntries(ACTIONS)).toEqual(Object.fromEntries(Object.entries(ACTION_NAMES).map(([k, v]) => [Number(k), v])));
  });

  it('a code, a name in any case and a kebab name, repeated or comma-separated, reach the server as codes', async () => {
    const before = fake.requests.length;
    const r = await wliIn(
      ['changes', 'demo/android/cs', '--action', '5', '--action', 'translation CHANGED,translation-approved', '-f', 'jsonl', '--fields', 'action'],
      { env },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(lastQuery(before).getAll('action')).toEqual(['5', '2', '36']);
    expect(
      new Set(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).action),
      ),
    ).toEqual(new Set([5, 2]));
  });

  it('an unknown name is a usage error with the closest names, before any request', async () => {
    const before = fake.requests.length;
    const r = await wliIn(['changes', 'demo/android/cs', '--action', 'translaton-chaged'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^wli: unknown action 'translaton-chaged'\nhint: did you mean: translation-changed[,?].*\(every action: man wli, or docs\/commands\.md#wli-changes\)\n$/,
    );
    expect(fake.requests.length).toBe(before);
  });

  it('a code the server does not know (400) is a usage error with the server words', async () => {
    const r = await wliIn(['changes', 'demo', '--action', '999'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: the server rejected the filters: action: Select a valid choice\. 999 is not one of the available choices\.\nhint: /);
  });

  it('the man page, docs/commands.md and completion list the names (--help points there)', async () => {
    const help = await wli(['changes', '--help']);
    expect(help.stdout).toContain('More: man wli, or docs/commands.md#wli-changes');
    const md = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
    for (const [code, name] of [ACTIONS[0]!, ACTIONS[50]!, ACTIONS.at(-1)!]) expect(md).toContain(`${kebab(name)} (${code})`);
    const { manPage } = await import('../src/docs/manpage.js');
    expect(manPage()).toContain('translation-changed (2)');
    const { completionScript } = await import('../src/docs/completion.js');
    expect(completionScript('bash')).toContain('translation-changed');
  });
});

describe('--since and --until', () => {
  const NOW = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['30m', '2026-11-23T11:30:00.000Z'],
    ['24h', '2026-11-22T12:00:00.000Z'],
    ['7d', '2026-11-16T12:00:00.000Z'],
    ['2w', '2026-11-09T12:00:00.000Z'],
  ])('--since %s is that long before now', async (d, iso) => {
    const before = fake.requests.length;
    const r = await wliIn(['changes', 'demo', '--since', d, '-f', 'jsonl'], { env, ctx: { now: () => NOW } });
    expect(r.code).toBe(0);
    expect(lastQuery(before).get('timestamp_after')).toBe(iso);
  });

  it('--since later than --until is a usage error, before any request', async () => {
    const before = fake.requests.length;
    for (const args of [
      ['--since', '2026-11-20', '--until', '2026-11-01'],
      ['--since', '1h', '--until', '2d'],
    ]) {
      const r = await wliIn(['changes', 'demo', ...args], { env, ctx: { now: () => NOW } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^wli: --since \S+ is later than --until \S+\n/);
    }
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['--since', '999999999d'],
    ['--until', '99999999w'],
    ['--since', '+999999-01-01T00:00:00Z'],
    ['--until', '10000-01-01'],
    ['--since', '110000w'],
  ])('%s %s cannot be an instant: a usage error naming the option and the forms, before any request', async (option, value) => {
    const before = fake.requests.length;
    const r = await wli(['changes', 'demo', option, value], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const quoted = value.replace(/[+.]/g, (c) => `\\${c}`);
    expect(r.stderr).toMatch(new RegExp(`^wli: invalid ${option} '${quoted}'.*\\nhint: expected an ISO 8601 time .*30m, 24h, 7d, 2w\\)\\n$`));
    expect(fake.requests.length).toBe(before);
  });

  it.each(['Europe/Prague', 'Asia/Tokyo', 'America/Los_Angeles'])(
    'TZ=%s: a date and a date-time without offset are both UTC; the request carries Z instants',
    async (tz) => {
      const before = fake.requests.length;
      const r = await wli(['changes', 'demo', '--since', '2026-11-01', '--until', '2026-11-01T00:30', '-f', 'jsonl'], { env: { ...env, TZ: tz } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const q = lastQuery(before);
      expect([q.get('timestamp_after'), q.get('timestamp_before')]).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-01T00:30:00.000Z']);
      const offset = await wli(['changes', 'demo', '--since', '2026-11-01T09:00+09:00', '-f', 'jsonl'], { env: { ...env, TZ: tz } });
      expect(offset.code).toBe(0);
      expect(fake.requests.at(-1)!.query.get('timestamp_after')).toBe('2026-11-01T00:00:00.000Z');
    },
  );

  it('a word that is neither a time nor a duration is a usage error', async () => {
    const r = await wliIn(['changes', 'demo', '--since', 'yesterday'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid --since 'yesterday'\nhint: .*30m, 24h, 7d, 2w/);
  });
});

/** A sleep the test controls: each call waits until the test wakes it (or the run is interrupted). */
function controlledSleep() {
  const waiting: Array<{ ms: number; wake: () => void }> = [];
  let notify: (() => void) | undefined;
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      waiting.push({ ms, wake: resolve });
      signal?.addEventListener('abort', () => resolve(), { once: true });
      notify?.();
    });
  const next = async () => {
    while (waiting.length === 0) await new Promise<void>((r) => (notify = r));
    return waiting.shift()!;
  };
  return { sleep, next };
}

/** `wli changes … --follow` in-process, with a clock the test drives and Ctrl-C at hand. */
function following(args: string[], server: FakeWeblate) {
  const interrupt = new AbortController();
  const clock = controlledSleep();
  const ctx = { ...testContext({ env: { WLI_URL: server.url } }), signal: interrupt.signal, sleep: clock.sleep };
  const done = runCli(['changes', ...args, '--follow'], ctx);
  const lines = () => ctx.stdout.text.split('\n').filter(Boolean);
  return { ctx, done, clock, lines, interrupt: () => interrupt.abort() };
}

describe('changes --follow', () => {
  it('prints recent changes, then each new one once, in order, as it appears; Ctrl-C ends it (exit 130)', async () => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo/android/cs', '-f', 'jsonl', '--fields', 'id,target', '-L', '3', '--interval', '5'], s);
      const first = await f.clock.next();
      expect(first.ms).toBe(5000);
      const recent = f.lines().map((l) => JSON.parse(l).id);
      expect(recent).toHaveLength(3);
      expect(recent).toEqual([...recent].sort((a, b) => a - b)); // oldest first: in the order they happened

      // Several changes between two polls, two of them at the same microsecond.
      const at = 1_900_000_000_000_000;
      const ids = s.addChanges('demo/android/cs', [
        { action: 2, target: 'one' },
        { action: 2, target: 'two', timestampUs: at },
        { action: 5, target: 'three', timestampUs: at },
      ]);
      first.wake();
      const second = await f.clock.next();
      expect(
        f
          .lines()
          .slice(3)
          .map((l) => JSON.parse(l).id),
      ).toEqual(ids);

      // A poll that finds nothing new prints nothing; then one more change at that same microsecond.
      second.wake();
      const third = await f.clock.next();
      expect(f.lines()).toHaveLength(6);
      const [late] = s.addChanges('demo/android/cs', [{ action: 2, target: 'four', timestampUs: at }]);
      third.wake();
      await f.clock.next();
      expect(
        f
          .lines()
          .slice(6)
          .map((l) => JSON.parse(l).id),
      ).toEqual([late]);
      // Each poll asked from the window before the newest timestamp shown (2030-03-17T17:46:40Z), inclusive.
      expect(s.requests.at(-1)!.query.get('timestamp_after')).toBe(new Date(at / 1000 - FOLLOW_WINDOW_MS).toISOString().replace('Z', '000Z'));

      f.interrupt();
      expect(await f.done).toBe(130);
      expect(f.ctx.stderr.text).toBe('wli: interrupted\n');
    } finally {
      await s.close();
    }
  });

  it('a change committed late, stamped before changes already shown, is shown once when it appears (issue 45)', async () => {
    // Weblate stamps a change when it is created, inside its transaction (weblate/trans/models/change.py,
    // Change.timestamp: auto_now_add); a long request commits it after a quicker one stamped later.
    const s = await startFakeWeblate();
    try {
      const f = following(['demo/android/cs', '-f', 'jsonl', '--fields', 'id,target', '-L', '1', '--interval', '5'], s);
      let wait = await f.clock.next();
      const at = 1_900_000_000_000_000;
      const [quick] = s.addChanges('demo/android/cs', [{ action: 2, target: 'quick', timestampUs: at }]);
      wait.wake();
      wait = await f.clock.next();
      const targets = () => f.lines().map((l) => (JSON.parse(l) as { target: string }).target);
      expect(f.lines().map((l) => JSON.parse(l).id)).toContain(quick);
      // Between two polls: the long request commits (stamped 10 minutes before the quick one), a new
      // change arrives, and one stamped before the window commits even later.
      const [late, next, tooLate] = s.addChanges('demo/android/cs', [
        { action: 2, target: 'late', timestampUs: at - 10 * 60 * 1_000_000 },
        { action: 2, target: 'next', timestampUs: at + 1_000_000 },
        { action: 2, target: 'too late', timestampUs: at - FOLLOW_WINDOW_MS * 1000 - 1 },
      ]);
      wait.wake();
      wait = await f.clock.next();
      // In time order within the poll; the one older than the window is the documented limit.
      expect(
        f
          .lines()
          .slice(-2)
          .map((l) => JSON.parse(l).id),
      ).toEqual([late, next]);
      expect(targets()).not.toContain('too late');
      expect(tooLate).toBeGreaterThan(next!);
      // Polls that find them again show nothing twice.
      wait.wake();
      await f.clock.next();
      expect(targets().filter((t) => ['quick', 'late', 'next'].includes(t))).toEqual(['quick', 'late', 'next']);
      f.interrupt();
      expect(await f.done).toBe(130);
      expect(f.ctx.stderr.text).toBe('wli: interrupted\n');
    } finally {
      await s.close();
    }
  });

  it('with --since, a poll never asks from before it, however close it is', async () => {
    const s = await startFakeWeblate();
    try {
      const since = '2029-12-31T23:59:00Z';
      const f = following(['demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--since', since, '--interval', '5'], s);
      let wait = await f.clock.next();
      expect(f.lines()).toEqual([]);
      const [after, before] = s.addChanges('demo/android/cs', [
        { action: 2, timestampUs: Date.parse('2030-01-01T00:00:00Z') * 1000 },
        { action: 2, timestampUs: Date.parse('2029-12-31T23:30:00Z') * 1000 },
      ]);
      wait.wake();
      wait = await f.clock.next();
      wait.wake();
      await f.clock.next();
      expect(f.lines().map((l) => JSON.parse(l).id)).toEqual([after]);
      expect(before).toBeGreaterThan(after!);
      const asked = s.requests.filter((r) => r.path.endsWith('/changes/')).map((r) => Date.parse(r.query.get('timestamp_after')!));
      expect(asked.every((t) => t >= Date.parse(since))).toBe(true);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('a 429 while following is waited out with a warning, and following goes on', async () => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo', '-f', 'jsonl', '--fields', 'id', '-L', '1', '--interval', '1', '--retries', '0'], s);
      const first = await f.clock.next();
      s.fault((r) => r.path.endsWith('/changes/'), { kind: 'status', status: 429, headers: { 'Retry-After': '120' } });
      first.wake();
      const after429 = await f.clock.next();
      expect(f.ctx.stderr.text).toMatch(/^wli: warning: polls are failing: GET \S+ failed: HTTP 429 Too Many Requests.*still trying/);
      expect(f.ctx.stderr.text).toMatch(/\nwli: waiting 2m before the next poll: the server asked \(Retry-After\)\n$/);
      expect(after429.ms).toBe(120_000); // the server's Retry-After, not the interval
      const [id] = s.addChanges('demo/android/de', [{ action: 2, target: 'after the storm' }]);
      after429.wake();
      await f.clock.next();
      expect(
        f
          .lines()
          .map((l) => JSON.parse(l).id)
          .at(-1),
      ).toBe(id);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('a Retry-After of 3,000 years is clamped to an hour, said once on stderr; Ctrl-C still ends it at once (spawned)', async () => {
    const s = await startFakeWeblate();
    const child = spawn(...wliCommand(['changes', 'demo', '--follow', '-f', 'jsonl', '-L', '1', '--interval', '1', '--retries', '0']), {
      env: baseEnv({ WLI_URL: s.url }),
    });
    try {
      let stderr = '';
      const said = new Promise<void>((resolve) => child.stderr.on('data', (d) => ((stderr += d), /waiting/.test(stderr) && resolve())));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      s.fault((r) => r.path.endsWith('/changes/') && r.query.get('page_size') === '1000', {
        kind: 'status',
        status: 429,
        headers: { 'Retry-After': String(3000 * 365 * 86400) },
      });
      await said;
      const polls = s.requests.length;
      expect(stderr).toMatch(
        /^wli: warning: polls are failing: .*HTTP 429.*\nwli: waiting 1h before the next poll: the server asked \(Retry-After\), asked for [\d,]+ days, more than an hour, the longest wli waits\n$/,
      );
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).not.toMatch(/TimeoutOverflowWarning/);
      expect(s.requests.length).toBe(polls); // no tight loop: nothing asked while waiting
    } finally {
      child.kill('SIGKILL');
      await s.close();
    }
  });

  it('a --since backlog that grows while it is read prints every change once, oldest first, page by page', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 50, honourPageSize: false });
    try {
      s.growAfterFirstPage({ translation: 'big/strings/xx', kind: 'changes', n: 7 });
      const f = following(['big/strings/xx', '-f', 'jsonl', '--fields', 'id,timestamp', '--since', '2000-01-01', '--interval', '5'], s);
      const first = await f.clock.next();
      const backlog = f.lines().map((l) => JSON.parse(l) as { id: number; timestamp: string });
      expect(new Set(backlog.map((c) => c.id)).size).toBe(backlog.length);
      expect(backlog.map((c) => c.id)).toEqual([...backlog.map((c) => c.id)].sort((a, b) => a - b));
      // Frozen at its newest change and read from the last page back: many pages, each asked once.
      const pages = s.requests.filter((r) => r.path.endsWith('/changes/') && r.query.has('timestamp_before'));
      expect(pages.length).toBeGreaterThan(10);
      // Page 1 first (its count says how many there are), then every other page once, by number
      // (a few at a time, so they reach the server in any order; they are printed last page first).
      const numbers = pages.map((r) => r.query.get('page'));
      expect(numbers[0]).toBeNull();
      const rest = numbers
        .slice(1)
        .map(Number)
        .sort((a, b) => a - b);
      expect(rest).toEqual(Array.from({ length: rest.length }, (_, i) => i + 2));
      first.wake();
      await f.clock.next();
      const all = f.lines().map((l) => (JSON.parse(l) as { id: number }).id);
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBe(2000 + 7);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('a --since backlog on a cursor-paginated server (no count, `page` ignored) prints once, oldest first, then polls at the interval', async () => {
    // Weblate's planned cursor pagination (weblate issue 21696). Before issue 23 wli asked page
    // numbers whatever `next` said: about 2,900 requests in 4 seconds, and only the first page shown.
    const s = await startFakeWeblate({ pagination: 'cursor' });
    try {
      const f = following(['big/strings/xx', '-f', 'jsonl', '--fields', 'id', '--since', '2000-01-01', '--interval', '7'], s);
      const first = await f.clock.next();
      expect(first.ms).toBe(7000);
      const backlog = f.lines().map((l) => (JSON.parse(l) as { id: number }).id);
      expect(backlog).toHaveLength(2000);
      expect(backlog).toEqual([...backlog].sort((a, b) => a - b));
      const asked = s.requests.filter((r) => r.path.endsWith('/changes/'));
      expect(asked.every((r) => !r.query.has('page'))).toBe(true);
      // The first page, then the frozen list: walked to its end and read back (2 × 2 pages − 1).
      expect(asked.length).toBe(1 + 3);
      const [added] = s.addChanges('big/strings/xx', [{ action: 2, target: 'new' }]);
      first.wake();
      await f.clock.next();
      expect(
        f
          .lines()
          .slice(2000)
          .map((l) => (JSON.parse(l) as { id: number }).id),
      ).toEqual([added]);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it.each([
    ['401', { kind: 'status', status: 401, body: '{"detail":"Invalid token."}' }, 4, /HTTP 401/],
    ['403', { kind: 'status', status: 403, body: '{"detail":"No."}' }, 4, /HTTP 403/],
    ['404', { kind: 'status', status: 404, body: '{"detail":"Not found."}' }, 5, /HTTP 404/],
    ['a body that is not JSON', { kind: 'rawBody', body: '{"results": [', contentType: 'application/json' }, 1, /JSON/],
  ] as const)('a permanent failure while following (%s) ends it with its exit code', async (_, fault, code, message) => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo', '-f', 'jsonl', '-L', '1', '--interval', '1', '--retries', '0'], s);
      const first = await f.clock.next();
      s.fault((r) => r.path.endsWith('/changes/'), fault as never, 5);
      first.wake();
      expect(await f.done).toBe(code);
      expect(f.ctx.stderr.text).toMatch(message);
      expect(f.ctx.stderr.text).not.toMatch(/still trying/);
    } finally {
      await s.close();
    }
  });

  it('a server that goes down: said once with the reason, a status line meanwhile, and its recovery said', async () => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo', '-f', 'jsonl', '--fields', 'id', '-L', '1', '--interval', '1'], s);
      let wait = await f.clock.next();
      s.fault((r) => r.path.endsWith('/changes/'), { kind: 'reset' }, 4);
      for (let i = 0; i < 4; i++) {
        wait.wake();
        wait = await f.clock.next();
      }
      // Four failed polls, one request each (the loop is the retry), one warning.
      expect(s.requests.filter((r) => r.path.endsWith('/changes/')).length).toBe(1 + 4);
      expect(f.ctx.stderr.text).toMatch(
        /^wli: warning: polls are failing: GET \S+: the connection was closed by the server before a complete response; still trying \(Ctrl-C ends it\)\n$/,
      );
      const [id] = s.addChanges('demo/android/de', [{ action: 2, target: 'back' }]);
      wait.wake();
      await f.clock.next();
      expect(f.ctx.stderr.text).toMatch(/\nwli: polls work again, after \d+s and 4 failed tries\n$/);
      expect(
        f
          .lines()
          .map((l) => JSON.parse(l).id)
          .at(-1),
      ).toBe(id);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('on a terminal, failing polls are said once and then counted on one status line', async () => {
    const s = await startFakeWeblate();
    try {
      const interrupt = new AbortController();
      const clock = controlledSleep();
      const ctx = { ...testContext({ env: { WLI_URL: s.url, TERM: 'xterm' }, tty: true, columns: 100 }), signal: interrupt.signal, sleep: clock.sleep };
      const done = runCli(['changes', 'demo', '--follow', '-f', 'jsonl', '-L', '1', '--interval', '1'], ctx);
      let wait = await clock.next();
      s.fault((r) => r.path.endsWith('/changes/'), { kind: 'reset' }, 3);
      for (let i = 0; i < 3; i++) {
        wait.wake();
        wait = await clock.next();
      }
      expect(ctx.stderr.text.match(/polls are failing/g)).toHaveLength(1);
      // The status line, redrawn in place (carriage return, no new line) as the tries add up.
      const wait3 = await ctx.stderr.waitFor(/polls failing for \d+s \(3 tries\)/);
      expect(wait3).toMatch(/polls failing for \d+s \(3 tries\): the connection was closed by the server before a complete response/);
      interrupt.abort();
      expect(await done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('a change whose timestamp does not parse is warned about once, by id', async () => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo', '-f', 'jsonl', '--fields', 'id', '-L', '1', '--interval', '1'], s);
      let wait = await f.clock.next();
      const body = JSON.stringify({
        count: 2,
        next: null,
        previous: null,
        results: [
          { id: 987654, timestamp: 'yesterday at noon', action: 2 },
          { id: 987655, timestamp: '2031-01-01T00:00:00Z', action: 2 },
        ],
      });
      s.fault((r) => r.path.endsWith('/changes/'), { kind: 'rawBody', body, contentType: 'application/json' }, 2);
      wait.wake();
      wait = await f.clock.next();
      wait.wake();
      await f.clock.next();
      expect(f.ctx.stderr.text).toBe('wli: warning: change 987654 left out: its timestamp yesterday at noon is not a time\n');
      expect(f.lines().map((l) => JSON.parse(l).id)).toContain(987655);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it('slows down when X-RateLimit-Remaining runs low', async () => {
    const s = await startFakeWeblate();
    try {
      s.rateLimit({ remaining: 4, reset: 600 });
      const f = following(['/', '-f', 'jsonl', '-L', '1', '--interval', '2'], s);
      const first = await f.clock.next();
      // The first poll used one of the 4 requests: 3 left for 600 s, one poll every 200 s rather than every 2 s.
      expect(first.ms).toBe(200_000);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });

  it.each([
    [['-f', 'json'], /-f json cannot be followed/],
    [['--until', '2026-11-01'], /--until cannot be followed/],
    [['--interval', '0'], /invalid --interval '0'/],
  ])('%j is a usage error', async (extra, message) => {
    const r = await wliIn(['changes', 'demo', '--follow', ...extra], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('stats rows carry their identity', () => {
  it('json and csv: wli_target, wli_project, wli_component, wli_language first, for every kind of row', async () => {
    const r = await wliIn(['stats', 'demo/android/cs', 'demo/docs/guide', 'xx', '--project', 'demo', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    const ids = (parseJson(r.stdout) as Item[]).map((x) =>
      Object.entries(x)
        .slice(0, 4)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' '),
    );
    expect(ids).toEqual([
      'wli_target=demo/android/cs wli_project=demo wli_component=android wli_language=cs',
      'wli_target=demo/docs/guide/en wli_project=demo wli_component=docs/guide wli_language=en',
      'wli_target=demo/docs/guide/cs wli_project=demo wli_component=docs/guide wli_language=cs',
      'wli_target=xx wli_project=null wli_component=null wli_language=xx',
      'wli_target=demo/-/ar wli_project=demo wli_component=null wli_language=ar',
      'wli_target=demo/-/cs wli_project=demo wli_component=null wli_language=cs',
      'wli_target=demo/-/en wli_project=demo wli_component=null wli_language=en',
      'wli_target=demo/-/de wli_project=demo wli_component=null wli_language=de',
      'wli_target=demo/-/ja wli_project=demo wli_component=null wli_language=ja',
      'wli_target=demo/- wli_project=demo wli_component=null wli_language=null',
    ]);
    const csv = await wliIn(['stats', 'demo/android', 'demo/glossary', '-f', 'csv', '--fields', 'wli_target,code,translated_percent'], { env });
    expect(csvObjects(csv.stdout).map((x) => `${x.wli_target},${x.code},${x.translated_percent}`)).toContain('demo/glossary/cs,cs,100.0');
    expect(csvObjects(csv.stdout).map((x) => x.wli_target)).toContain('demo/android/cs');
  });
});

describe('thresholds', () => {
  it.each([['90'], ['90%'], ['90.0 %']])('--fail-under %s', async (value) => {
    const r = await wliIn(['stats', 'demo/android/cs', '--fail-under', value], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/below 90% translated: demo\/android\/cs \(78\.1%\)/);
  });

  it('a bare number for every row, LANG=PCT for a language', async () => {
    const r = await wliIn(['stats', 'demo/android', '--fail-under', '60', '--fail-under', 'cs=95,ar=50'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'wli: 1 of 5 row(s) below their threshold (translated): demo/android/cs (78.1% < 95%)\nwli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n',
    );
    const lenient = await wliIn(['stats', 'demo/android', '--fail-under', 'cs=70,de=60,ar=55'], { env });
    expect([lenient.code, lenient.stderr]).toEqual([0, 'wli: 3 of 3 judged rows passed; 2 not judged: demo/android/en, demo/android/ja\n']);
  });

  it('two bare numbers, or two for one language, are a usage error; so is a language the server lacks (issues 24.10, 29.3)', async () => {
    expect((await wliIn(['stats', 'demo/android', '--fail-under', '60', '--fail-under', '70'], { env })).code).toBe(2);
    expect((await wliIn(['stats', 'demo/android', '--fail-under', 'cs=60,cs=70'], { env })).code).toBe(2);
    const r = await wliIn(['stats', 'demo/android', '--fail-under', 'pt_BR=60'], { env });
    expect(r.stderr).toBe("wli: --fail-under pt_BR=60: the server has no language pt_BR\nhint: the rows' languages: en, ar, cs, de, ja\n");
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });
});

describe('--baseline and --fail-on-drop', () => {
  /** A baseline as an earlier run wrote it, with some rows moved. */
  async function baseline(changes: Record<string, string>): Promise<string> {
    const r = await wli(['stats', 'demo/android', '-f', 'json'], { env });
    let text = r.stdout;
    for (const [target, pct] of Object.entries(changes))
      text = text.replace(new RegExp(`("wli_target": "${target}"[^}]*?"translated_percent": )[\\d.]+`), `$1${pct}`);
    const file = join(dir, `baseline-${Math.random()}.json`);
    writeFileSync(file, text);
    return file;
  }

  it('tables and Markdown show the change in points of the gated metric', async () => {
    const file = await baseline({ 'demo/android/cs': '80.0', 'demo/android/de': '60.0' });
    const table = await wliIn(['stats', 'demo/android', '--baseline', file], { env });
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^TARGET\s+TRANSLATED\s+CHANGE\s+STRINGS/);
    expect(table.stdout).toMatch(/\ndemo\/android\/cs\s+78\.1%\s+-1\.9\s/);
    expect(table.stdout).toMatch(/\ndemo\/android\/de\s+62\.5%\s+\+2\.5\s/);
    expect(table.stdout).toMatch(/\ndemo\/android\/ar\s+59\.3%\s+0\.0\s/);
    const md = await wliIn(['stats', 'demo/android', '--baseline', file, '-f', 'markdown'], { env });
    expect(md.stdout).toContain('| demo/android/cs | 78.1% | -1.9 |');
    // JSON is the data: no change column.
    const json = await wliIn(['stats', 'demo/android', '--baseline', file, '-f', 'json'], { env });
    expect(json.stdout).not.toContain('"change"');
    expect(json.stdout).not.toContain('-1.9');
  });

  it('a row the baseline does not have is "new"', async () => {
    const file = await baseline({});
    const r = await wliIn(['stats', 'demo/android', 'demo/glossary', '--baseline', file], { env });
    expect(r.stdout).toMatch(/\ndemo\/glossary\/cs\s+100\.0%\s+new\s/);
  });

  it('--fail-on-drop: exit 3 when a row dropped, naming it', async () => {
    const file = await baseline({ 'demo/android/cs': '80.0' });
    const r = await wliIn(['stats', 'demo/android', '--baseline', file, '--fail-on-drop'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('wli: 1 row(s) dropped since the baseline (translated): demo/android/cs (80.0% → 78.1%, -1.9)\n');
    const same = await baseline({});
    expect((await wliIn(['stats', 'demo/android', '--baseline', same, '--fail-on-drop'], { env })).code).toBe(0);
  });

  it('a baseline that does not parse, holds no rows, or matches no row is a usage error', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"oops": ');
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '[{"translated_percent": 1}]');
    const other = await baseline({});
    for (const [args, message] of [
      [['stats', 'demo/android', '--baseline', broken], /--baseline \S+ is not JSON/],
      [['stats', 'demo/android', '--baseline', empty], /holds no statistics rows with wli_target/],
      [['stats', 'demo/glossary', '--baseline', other], /matches no row/],
      [['stats', 'demo/android', '--baseline', join(dir, 'missing.json')], /cannot read --baseline \S+: no such file/],
      [['stats', 'demo/android', '--fail-on-drop'], /--fail-on-drop needs --baseline/],
    ] as const) {
      const r = await wliIn([...args], { env });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
