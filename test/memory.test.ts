// Issue 39, part 1: wli memory, the translation memory lookup (POST /api/memory/lookup/), against the
// fake: answers in input order, 100 strings a request, a token required (a usage error before any
// request; the fake's 401 without one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { readLines } from '../src/io/lines.js';
import { exactOnly, memoryAnswers } from '../src/weblate/memory.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ token: 'wlu_memory' });
  env = { WLI_URL: fake.url, WLI_TOKEN: 'wlu_memory' };
});
afterAll(() => fake.close());

const lookups = (since: number) => fake.requests.slice(since).filter((r) => r.path === '/api/memory/lookup/');
type Row = { query: string; match: null | Record<string, unknown> };

describe('wli memory', () => {
  it('prints the best match of each string, in the order given, from one POST', async () => {
    const before = fake.requests.length;
    const r = await wli(['memory', 'Settings', 'Nothing like it', 'Setting', '--from', 'en', '--to', 'cs', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Row[];
    expect(rows.map((x) => x.query)).toEqual(['Settings', 'Nothing like it', 'Setting']);
    expect(rows[0]!.match).toMatchObject({ source: 'Settings', target: 'Nastavení', exact: true, quality: 100, origin: 'demo/android' });
    expect(rows[1]!.match).toBeNull();
    expect(rows[2]!.match).toMatchObject({ source: 'Settings', exact: false });
    const sent = lookups(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(Object.fromEntries(sent[0]!.query)).toEqual({ source_language: 'en', target_language: 'cs' });
    expect(JSON.parse(sent[0]!.body!)).toEqual({ strings: ['Settings', 'Nothing like it', 'Setting'] });
    expect(sent[0]!.headers.authorization).toBe('Token wlu_memory');
    // Every other request of the run is a GET: none here at all.
    expect(fake.requests.slice(before).filter((q) => q.method !== 'GET' && q.path !== '/api/memory/lookup/')).toEqual([]);
  });

  it('reads one string a line of standard input, 100 a request, answers in input order', async () => {
    const strings = Array.from({ length: 250 }, (_, i) => (i % 50 === 7 ? 'Save' : `String number ${i}`));
    const before = fake.requests.length;
    const r = await wli(['memory', '--from', 'en', '--to', 'de', '-f', 'jsonl'], { env, stdin: `${strings.join('\r\n')}\n\n` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => parseJson(l) as Row);
    expect(rows.map((x) => x.query)).toEqual(strings);
    expect(rows[7]!.match).toMatchObject({ target: 'Speichern', quality: 100 });
    const sent = lookups(before).map((q) => (JSON.parse(q.body!) as { strings: string[] }).strings);
    expect(sent.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(strings);
  });

  it("--for a translation: its component's source language, its language and its project", async () => {
    const before = fake.requests.length;
    const r = await wli(['memory', 'Save', '--for', 'demo/android/de', '--exact', '-f', 'csv', '--fields', 'query,match.target'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('query,match.target\r\nSave,Speichern\r\n');
    expect(Object.fromEntries(lookups(before)[0]!.query)).toEqual({ source_language: 'en', target_language: 'de', project: 'demo', exact: 'true' });
  });

  it('the table: query, quality, target, source, origin; a string without a match shows none', async () => {
    const r = await wli(['memory', 'Delete', 'Zzzz', '--from', 'en', '--to', 'cs'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^QUERY\s+QUALITY\s+TARGET\s+SOURCE\s+ORIGIN$/);
    expect(r.stdout).toMatch(/Delete\s+100\s+Smazat\s+Delete\s+demo\/android/);
  });

  it('without a token: a usage error naming WLI_TOKEN, before any request', async () => {
    const before = fake.requests.length;
    const r = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/needs an API token/);
    expect(r.stderr).toMatch(/WLI_TOKEN/);
    expect(fake.requests.length).toBe(before);
  });

  it('a token the server refuses: exit 4; --verbose names the POST', async () => {
    const refused = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs'], { env: { ...env, WLI_TOKEN: 'wlu_wrong' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^wli: POST \S+memory\/lookup\/\S* failed: HTTP 401/m);
    const verbose = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs', '--verbose'], { env });
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toMatch(/^wli: POST \S+memory\/lookup\/\?source_language=en&target_language=cs 200 /m);
  });

  it('the server refuses a lookup without a token: 401', async () => {
    const res = await fetch(`${fake.url}memory/lookup/?source_language=en&target_language=cs`, { method: 'POST', body: '{"strings":["Save"]}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Token');
    const ok = await fetch(`${fake.url}memory/lookup/?source_language=en&target_language=cs`, {
      method: 'POST',
      body: '{"strings":["Save"]}',
      headers: { authorization: 'Token wlu_memory', 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    const tooMany = await fetch(`${fake.url}memory/lookup/?source_language=en&target_language=cs`, {
      method: 'POST',
      body: JSON.stringify({ strings: Array.from({ length: 101 }, () => 'x') }),
      headers: { authorization: 'Token wlu_memory' },
    });
    expect(tooMany.status).toBe(400);
  });

  it.each([
    [['memory', 'Save', '--from', 'en', '--to', 'cz'], 2, /HTTP 400.*cz not found[\s\S]*--from and --to/],
    [['memory', 'Save', '--for', 'demo/android'], 2, /is a component[\s\S]*--to/],
    [['memory', 'Save', '--for', 'demo/androd/cs'], 5, /did you mean: android/],
    [['memory', 'Save'], 2, /needs the languages: --from and --to missing/],
    // Issue 49.13: only the missing one is named.
    [['memory', 'Save', '--to', 'cs'], 2, /needs the languages: --from missing\n/],
    [['memory', 'Save', '--from', 'en'], 2, /needs the languages: --to missing\n/],
    [['memory', 'x'.repeat(2001), '--from', 'en', '--to', 'cs'], 2, /longer than 2000 characters/],
    [['memory', '--form', 'en'], 2, /unknown option '--form'[\s\S]*--from/],
  ])('%#: %j… exits %i', async (args, code, err) => {
    const r = await wli(args, { env });
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(err);
  });

  it('a line of standard input over 2,000 characters is a usage error naming its line', async () => {
    const r = await wli(['memory', '--from', 'en', '--to', 'cs'], { env, stdin: `Save\n${'y'.repeat(2001)}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2 of standard input is longer than 2000 characters/);
  });

  it('no strings on standard input: nothing to look up, no request, exit 0', async () => {
    const before = fake.requests.length;
    const r = await wli(['memory', '--from', 'en', '--to', 'cs'], { env, stdin: '\n\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(lookups(before)).toEqual([]);
  });
});

describe('an older server', () => {
  it('a server before 5.17 has no lookup: exit 5, naming the release that has it (never a bare "not found")', async () => {
    const old = await startFakeWeblate({ token: 'wlu_memory', memoryLookup: 'none' });
    try {
      const r = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs'], { env: { WLI_URL: old.url, WLI_TOKEN: 'wlu_memory' } });
      expect(r.code).toBe(5);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/POST \S+\/api\/memory\/lookup\/\S*: HTTP 404: the translation memory lookup needs Weblate 5\.17 or later/);
      expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    } finally {
      await old.close();
    }
  });
});

describe('issue 46, item 5: what a refused lookup means', () => {
  it('a project that does not exist (or the token may not see) is said as such, exit 5: never "needs Weblate 5.17"', async () => {
    const before = fake.requests.length;
    const r = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs', '--project', 'nope'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wli: POST \S+memory\/lookup\/\S*: HTTP 404: project 'nope' is unknown, or not visible to this token\nhint: check --project/);
    expect(r.stderr).not.toMatch(/5\.17/);
    // One request more, only on the 404: the project's own object tells which it is.
    expect(fake.requests.slice(before).map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/memory/lookup/', 'GET /api/projects/nope/']);
  });

  it.each([
    ['none', 404, /\(this server has no memory API\)/],
    ['405', 405, /\(this server has a memory API, Weblate 4\.14 to 5\.16, without it\)/],
  ] as const)('memoryLookup %s (an older server): HTTP %i, exit 5 naming Weblate 5.17', async (memoryLookup, status, why) => {
    const old = await startFakeWeblate({ token: 'wlu_memory', memoryLookup });
    try {
      const r = await wli(['memory', 'Save', '--from', 'en', '--to', 'cs', '--project', 'demo'], { env: { WLI_URL: old.url, WLI_TOKEN: 'wlu_memory' } });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(new RegExp(`HTTP ${status}: `));
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toMatch(/the translation memory lookup needs Weblate 5\.17 or later/);
    } finally {
      await old.close();
    }
  });

  it('--exact on a server before 2026.5 (exact ignored): fuzzy matches are left out as no match, and stderr says why', async () => {
    const old = await startFakeWeblate({ token: 'wlu_memory', memoryLookup: 'no-exact' });
    try {
      const oldEnv = { WLI_URL: old.url, WLI_TOKEN: 'wlu_memory' };
      // The server answers the near miss (Setting → Settings) though exact=true was sent.
      const raw = await wli(['memory', 'Settings', 'Setting', '--from', 'en', '--to', 'cs', '-f', 'json'], { env: oldEnv });
      expect((parseJson(raw.stdout) as Row[])[1]!.match).toMatchObject({ source: 'Settings', exact: false });
      const r = await wli(['memory', 'Settings', 'Setting', '--from', 'en', '--to', 'cs', '--exact', '-f', 'json'], { env: oldEnv });
      expect(r.code).toBe(0);
      const rows = parseJson(r.stdout) as Row[];
      expect(rows[0]!.match).toMatchObject({ source: 'Settings', exact: true });
      expect(rows[1]!.match).toBeNull();
      expect(r.stderr).toMatch(
        /^wli: warning: --exact: the server sent fuzzy matches \(Weblate before 2026\.5 ignores exact=true\); wli left them out, as no match\n$/,
      );
      // A server that honours exact=true: nothing to leave out, nothing said.
      const now = await wli(['memory', 'Settings', 'Setting', '--from', 'en', '--to', 'cs', '--exact', '-f', 'json'], { env });
      expect([now.code, now.stderr, (parseJson(now.stdout) as Row[])[1]!.match]).toEqual([0, '', null]);
    } finally {
      await old.close();
    }
  });
});

describe('the parts', () => {
  it('readLines: CRLF and LF, a last line without its end, a character split across chunks', async () => {
    const bytes = Buffer.from('a\r\nč\nlast', 'utf8');
    const chunks = [bytes.subarray(0, 4), bytes.subarray(4)];
    const lines: string[] = [];
    async function* input() {
      yield* chunks;
    }
    for await (const l of readLines(input(), 10)) lines.push(l);
    expect(lines).toEqual(['a', 'č', 'last']);
  });

  it('exactOnly: a match that is not the string itself is no match (exact as sent, or source === query)', () => {
    const items = [
      { query: 'a', match: { source: 'a', exact: true } },
      { query: 'b', match: { source: 'bb', exact: false } },
      { query: 'c', match: { source: 'cc' } },
      { query: 'd', match: null },
    ];
    expect(exactOnly(items)).toEqual({ items: [items[0], { query: 'b', match: null }, { query: 'c', match: null }, items[3]], dropped: 2 });
  });

  it('memoryAnswers: each string its answer, matched by query; one missing is wrong', () => {
    const body = [
      { query: 'b', match: null },
      { query: 'a', match: { quality: 100 } },
    ];
    expect(memoryAnswers(body, ['a', 'b'])).toEqual({ items: [body[1], body[0]] });
    expect(memoryAnswers(body.slice(0, 1), ['a', 'b'])).toHaveProperty('wrong');
    expect(memoryAnswers({}, ['a'])).toHaveProperty('wrong');
  });
});
