// Issue 2, end to end: the five read commands against the fake Weblate server, every format,
// exact data, pagination, filters, errors and usage errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn, DEAD_URL, ROOT, nodeTs } from './support/run.js';

const MAIN = join(ROOT, 'src/main.ts');
import { parseJson, isLosslessNumber } from '../src/codec/json.js';
import { csvObjects } from './support/csv-parse.js';
import { serverPart } from './support/identity.js';
import { EXIT_CODES } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 5 });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

type Item = Record<string, unknown>;
const body = (path: string) => parseJson(fake.expected(path).body) as Item;

/** Every item of a list as the server sends them, page after page. */
function serverItems(path: string): Item[] {
  const items: Item[] = [];
  let next: string | null = `${path}?page_size=1000`;
  while (next) {
    const page = parseJson(fake.expected(next).body) as { results: Item[]; next: string | null };
    items.push(...page.results);
    next = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return items;
}
const api = (p: string) => `${new URL(fake.url).pathname}${p}`;
const requestsSince = (n: number) => fake.requests.slice(n);

describe('exact single resources (-f json)', () => {
  it.each([
    [['translation', 'demo/android/cs'], 'translations/demo/android/cs/'],
    [['translation', 'demo/docs/guide/cs'], 'translations/demo/docs%2Fguide/cs/'],
    [['language', 'xx'], 'languages/xx/'],
    [['stats', 'demo/android/cs'], 'translations/demo/android/cs/statistics/'],
    [['stats', 'cs'], 'languages/cs/statistics/'],
  ])('%j prints what the server sent', async (args, path) => {
    const r = await wli([...args, '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith(args[0] === 'stats' ? ']\n' : '}\n')).toBe(true);
    // stats rows carry their identity first, then the server's fields exactly; a list even of one row (issue 49.7).
    const printed = parseJson(r.stdout);
    expect(args[0] === 'stats' ? serverPart((printed as unknown[])[0]) : printed).toEqual(body(api(path)));
  });

  it('keeps integers beyond 2^53 digit for digit', async () => {
    const r = await wliIn(['language', 'xx', '-f', 'json'], { env });
    expect(r.stdout).toContain('"population": 9007199254740993');
    const parsed = parseJson(r.stdout) as Item;
    expect(isLosslessNumber(parsed.population) && parsed.population.raw).toBe('9007199254740993');
  });
});

describe('lists: every item of every page, in order', () => {
  it.each([
    ['units', 'translations/demo/android/cs/units/'],
    ['changes', 'translations/demo/android/cs/changes/'],
  ])('%s -f json equals the server items', async (cmd, path) => {
    const before = fake.requests.length;
    const r = await wli([cmd, 'demo/android/cs', '-f', 'json', '--page-size', '5'], { env });
    expect(r.code).toBe(0);
    const expected = serverItems(api(path));
    expect(expected.length).toBeGreaterThan(5);
    expect(parseJson(r.stdout)).toEqual(expected);
    // 5 per page: every page was requested once.
    const pages = requestsSince(before).filter((q) => q.path === api(path));
    expect(pages).toHaveLength(Math.ceil(expected.length / 5));
    expect(new Set(pages.map((p) => p.url)).size).toBe(pages.length);
  });

  it('jsonl gives the same items, one compact object per line', async () => {
    const r = await wli(['units', 'demo/android/cs', '-f', 'jsonl'], { env });
    const lines = r.stdout.trimEnd().split('\n');
    const expected = serverItems(api('translations/demo/android/cs/units/'));
    expect(lines).toHaveLength(expected.length);
    expect(lines.map((l) => parseJson(l))).toEqual(expected);
    expect(lines.every((l) => !l.includes('\n') && l.startsWith('{"'))).toBe(true);
    expect(lines[0]).toContain('"id_hash":9223372036854775807');
  });

  it('csv parses back (RFC 4180) to the same ids and hashes, digit for digit', async () => {
    const r = await wli(['units', 'demo/android/cs', '-f', 'csv'], { env });
    expect(r.code).toBe(0);
    const rows = csvObjects(r.stdout);
    const expected = serverItems(api('translations/demo/android/cs/units/'));
    expect(rows).toHaveLength(expected.length);
    const raw = (v: unknown) => (isLosslessNumber(v) ? v.raw : String(v));
    expect(rows.map((x) => [x.id, x.id_hash, x.content_hash])).toEqual(expected.map((u) => [raw(u.id), raw(u.id_hash), raw(u.content_hash)]));
    // Header: every top-level field in server order.
    expect(r.stdout.split('\r\n')[0]).toBe(Object.keys(expected[0]!).join(','));
    // A singular source is its string; plural forms are compact JSON; hostile text survives.
    const byContext = new Map(rows.map((x) => [x.context, x]));
    expect(byContext.get('app_name')!.source).toBe('Demo App');
    expect(JSON.parse(byContext.get('files_count')!.source!)).toEqual(['%d file', '%d files']);
    expect(rows.find((x) => x.content_hash === '-9223372036854775808')).toBeTruthy();
    const original = new Map(expected.map((u) => [String(u.context), u]));
    for (const row of rows) {
      const target = original.get(row.context!)!.target as string[];
      expect(row.target).toBe(target.length === 1 ? target[0] : JSON.stringify(target));
    }
  });

  it('changes keep server order (newest first here)', async () => {
    const r = await wliIn(['changes', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id'], { env });
    const ids = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids).toEqual(serverItems(api('translations/demo/android/cs/changes/')).map((c) => c.id));
    expect(ids[0]!).toBeGreaterThan(ids[ids.length - 1]!);
  });

  it('an empty list: [] in json, nothing in jsonl, the header in csv, nothing in table', async () => {
    expect((await wliIn(['units', 'demo/android/ja', '-f', 'json'], { env })).stdout).toBe('[]\n');
    expect((await wliIn(['units', 'demo/android/ja', '-f', 'jsonl'], { env })).stdout).toBe('');
    const csv = await wliIn(['units', 'demo/android/ja', '-f', 'csv'], { env });
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^translation,source,previous_source,target,id_hash,content_hash,/);
    expect(csv.stdout.split('\r\n')).toHaveLength(2);
    expect(csv.code).toBe(0);
    const table = await wliIn(['changes', 'demo/android/ja'], { env });
    expect([table.code, table.stdout]).toEqual([0, '']);
  });
});

describe('--limit', () => {
  it('changes --limit 25 against 20-item pages requests exactly two pages', async () => {
    const old = await startFakeWeblate({ defaultPageSize: 20, honourPageSize: false, bigChanges: 100 });
    try {
      const r = await wliIn(['changes', 'big/strings/xx', '--limit', '25', '-f', 'jsonl'], { env: { WLI_URL: old.url } });
      expect(r.code).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(25);
      const pages = old.requests.filter((q) => q.path.endsWith('/changes/'));
      expect(pages.map((p) => p.query.get('page') ?? '1')).toEqual(['1', '2']);
    } finally {
      await old.close();
    }
  });

  it('a limit inside the first page fetches one page', async () => {
    const before = fake.requests.length;
    const r = await wliIn(['units', 'demo/android/cs', '-L', '3', '-f', 'jsonl'], { env });
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
    const sent = requestsSince(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('page_size')).toBe('3');
  });

  it.each(['0', '-1', 'x', '1.5'])('rejects --limit %s (exit 2)', async (n) => {
    const r = await wliIn(['units', 'demo/android/cs', '--limit', n], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid --limit/);
  });
});

describe('filters reach the server', () => {
  it('--state and -q are combined into q; the server filters', async () => {
    const before = fake.requests.length;
    const r = await wliIn(['units', 'demo/android/cs', '--state', 'empty', '--state', 'fuzzy', '-q', 'source:"e"', '-f', 'jsonl'], { env });
    expect(r.code).toBe(0);
    const q = requestsSince(before)[0]!.query.get('q');
    expect(q).toBe('(state:empty OR is:needs-editing) AND (source:"e")');
    const states = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { state: number }).state);
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s === 0 || s === 10)).toBe(true);
  });

  it('--state untranslated lists everything below translated', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--state', 'untranslated', '-f', 'jsonl', '--fields', 'state'], { env });
    const states = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { state: number }).state);
    expect(states.sort()).toEqual([0, 0, 0, 0, 0, 10, 10]);
  });

  it('a query the server rejects is a usage error showing its message', async () => {
    const r = await wli(['units', 'demo/android/cs', '-q', 'state:bogus'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Unsupported state: bogus');
    expect(r.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
  });

  it('changes filters become timestamp_after, timestamp_before, action and user', async () => {
    const before = fake.requests.length;
    const r = await wliIn(
      [
        'changes',
        'demo/android/cs',
        '--since',
        '2026-11-21T13:02:00+01:00',
        '--until',
        '2026-11-22',
        '--action',
        '5',
        '--action',
        '2,37',
        '--user',
        'admin',
        '-f',
        'json',
      ],
      { env },
    );
    expect(r.code).toBe(0);
    const sent = requestsSince(before)[0]!;
    // Sent as explicit UTC instants, whatever form was given.
    expect(sent.query.get('timestamp_after')).toBe('2026-11-21T12:02:00.000Z');
    expect(sent.url).toContain('timestamp_after=2026-11-21T12%3A02%3A00.000Z');
    expect(sent.query.get('timestamp_before')).toBe('2026-11-22T00:00:00.000Z');
    expect(sent.query.getAll('action')).toEqual(['5', '2', '37']);
    expect(sent.query.get('user')).toBe('admin');
    const items = parseJson(r.stdout) as Item[];
    expect(items.every((c) => [5, 2, 37].includes(c.action as number))).toBe(true);
  });

  it.each([
    [['--since', 'yesterday'], /invalid --since/],
    [['--until', '2026-13-45'], /invalid --until/],
    [['--action', 'added'], /unknown action 'added'/],
  ])('rejects %j', async (args, msg) => {
    const r = await wliIn(['changes', 'demo/android/cs', ...args], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(msg);
  });
});

describe('--fields in every format', () => {
  const args = ['units', 'demo/android/cs', '-L', '2', '--fields', 'id,id_hash,language.code,source.0,context'];
  it('json/jsonl: flat objects keyed by the paths', async () => {
    const r = await wliIn([...args, '-f', 'json'], { env });
    const items = parseJson(r.stdout) as Item[];
    expect(Object.keys(items[0]!)).toEqual(['id', 'id_hash', 'language.code', 'source.0', 'context']);
    expect(r.stdout).toContain('"id_hash": 9223372036854775807');
    expect(items[0]!['source.0']).toBe('Demo App');
    const jl = await wliIn([...args, '-f', 'jsonl'], { env });
    // A path the item lacks is null, so every row has every key.
    expect(jl.stdout.split('\n')[0]).toBe('{"id":33,"id_hash":9223372036854775807,"language.code":null,"source.0":"Demo App","context":"app_name"}');
  });
  it('csv: header of the paths', async () => {
    const r = await wliIn([...args, '-f', 'csv'], { env });
    expect(r.stdout.split('\r\n')[0]).toBe('id,id_hash,language.code,source.0,context');
    expect(csvObjects(r.stdout)[0]).toEqual({ id: '33', id_hash: '9223372036854775807', 'language.code': '', 'source.0': 'Demo App', context: 'app_name' });
  });
  it('table and markdown: the paths as columns', async () => {
    const t = await wliIn([...args, '-f', 'table'], { env });
    expect(t.stdout.split('\n')[0]).toMatch(/^ID\s+ID_HASH\s+LANGUAGE\.CODE\s+SOURCE\.0\s+CONTEXT$/);
    expect(t.stdout).toContain('9223372036854775807');
    const m = await wliIn([...args, '-f', 'markdown'], { env });
    expect(m.stdout.split('\n')[0]).toBe('| id | id\\_hash | language.code | source.0 | context |');
  });
  it('applies to single resources too', async () => {
    const r = await wliIn(['translation', 'demo/android/cs', '--fields', 'language.code,translated_percent,component.project.slug', '-f', 'json'], { env });
    expect(JSON.parse(r.stdout)).toEqual({ 'language.code': 'cs', translated_percent: 78.1, 'component.project.slug': 'demo' });
    const t = await wliIn(['translation', 'demo/android/cs', '--fields', 'language.code,total'], { env });
    expect(t.stdout).toMatch(/^language\.code\s+cs\ntotal\s+32\n$/);
  });
});

describe('every command in every format', () => {
  const commands: string[][] = [
    ['translation', 'demo/android/cs'],
    ['units', 'demo/android/cs'],
    ['changes', 'demo/android/cs'],
    ['stats', 'demo/android/cs', 'cs'],
    ['language', 'ar'],
  ];
  for (const cmd of commands) {
    for (const format of ['table', 'json', 'jsonl', 'csv', 'markdown']) {
      // In-process: the same path from argv to bytes, without a process start per cell.
      it(`${cmd.join(' ')} -f ${format}`, async () => {
        const r = await wliIn([...cmd, '-f', format], { env });
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(r.stdout.length).toBeGreaterThan(0);
        expect(r.stdout.endsWith('\n')).toBe(true);
        if (format === 'json') parseJson(r.stdout);
        if (format === 'jsonl')
          r.stdout
            .trimEnd()
            .split('\n')
            .forEach((l) => parseJson(l));
        if (format === 'csv') expect(csvObjects(r.stdout).length).toBeGreaterThan(0);
        if (format === 'markdown') expect(r.stdout.split('\n')[1]).toMatch(/^\| (---:?( \| )?)+ \|$/);
        // No raw control characters ever reach a table or markdown.
        if (format === 'table' || format === 'markdown') expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      });
    }
  }
});

describe('table output for people', () => {
  it('escapes terminal escapes, bidi overrides and line breaks in server text', async () => {
    const r = await wliIn(['units', 'demo/android/cs'], { env });
    expect(r.stdout).toContain('\\e[31m');
    expect(r.stdout).toContain('\\u202e');
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toContain('\u202e');
    for (const line of r.stdout.split('\n').slice(1, -1)) expect(line).toMatch(/^\s*\d+ /);
  });
  it('shows state names, plural forms and columns', async () => {
    const r = await wliIn(['units', 'demo/android/cs'], { env });
    expect(r.stdout.split('\n')[0]).toMatch(/^ID\s+STATE\s+CONTEXT\s+SOURCE\s+TARGET$/);
    expect(r.stdout).toMatch(/files_count\s+%d file ␞ %d files\s+%d soubor ␞ %d soubory ␞ %d souborů/);
    expect(r.stdout).toMatch(/\bneeds editing\b/);
    expect(r.stdout).toMatch(/\bapproved\b/);
  });
  it('colours only when asked or on a terminal', async () => {
    const plain = await wliIn(['units', 'demo/android/cs', '-L', '3'], { env });
    expect(plain.stdout).not.toContain('\u001b[');
    const forced = await wliIn(['units', 'demo/android/cs', '-L', '3'], { env: { ...env, FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[');
    const tty = await wliIn(['units', 'demo/android/cs', '-L', '3'], { env, tty: true, columns: 80 });
    expect(tty.stdout).toContain('\u001b[');
    for (const line of tty.stdout.replace(/\u001b\[[0-9;]*m/g, '').split('\n')) expect(Array.from(line).length).toBeLessThanOrEqual(80);
    const noColor = await wliIn(['units', 'demo/android/cs', '-L', '3', '--no-color'], { env, tty: true });
    expect(noColor.stdout).not.toContain('\u001b[');
  });
  it('stats rows are labelled by the target as written, in argument order', async () => {
    const r = await wliIn(['stats', 'demo/android/de', 'cs', 'demo/android/cs'], { env });
    const labels = r.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(/\s+/)[0]);
    expect(labels).toEqual(['demo/android/de', 'cs', 'demo/android/cs']);
  });
});

describe('stats', () => {
  it('several targets: an array of rows in argument order', async () => {
    const r = await wliIn(['stats', 'demo/android/de', 'xx', 'demo/docs/guide/cs', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    expect(serverPart(parseJson(r.stdout))).toEqual([
      body(api('translations/demo/android/de/statistics/')),
      body(api('languages/xx/statistics/')),
      body(api('translations/demo/docs%2Fguide/cs/statistics/')),
    ]);
  });
  it('--fail-under: exit 3, every row still printed, stderr names the failing rows', async () => {
    const r = await wli(['stats', 'demo/android/cs', 'demo/android/en', 'de', '--fail-under', '90', '-f', 'csv'], { env });
    expect(r.code).toBe(3);
    expect(csvObjects(r.stdout)).toHaveLength(3);
    expect(r.stderr).toMatch(/2 of 3 row\(s\) below 90% translated: demo\/android\/cs \(78\.1%\), de \(\d+(\.\d)?%\)/);
    expect(r.stderr).not.toContain('demo/android/en');
  });
  it('passes when every row is at or above the threshold', async () => {
    const r = await wliIn(['stats', 'demo/android/en', '--fail-under', '100'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
  it('--metric picks the percentage', async () => {
    const approved = await wliIn(['stats', 'demo/android/cs', '--metric', 'approved', '--fail-under', '5'], { env });
    expect(approved.code).toBe(0);
    const words = await wliIn(['stats', 'demo/android/cs', '--metric', 'translated_words', '--fail-under', '71'], { env });
    expect(words.code).toBe(3);
    expect(words.stderr).toMatch(/below 71% translated words: demo\/android\/cs \(70\.2%\)/);
  });
  it.each([['101'], ['-5'], ['ninety']])('rejects --fail-under %s', async (v) => {
    const r = await wliIn(['stats', 'cs', '--fail-under', v], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid --fail-under/);
  });
});

describe('server errors', () => {
  it.each(['legacy', 'modern'] as const)('404 with the %s envelope: exit 5 and the server message', async (envelope) => {
    const s = await startFakeWeblate({ errorEnvelope: envelope });
    try {
      const r = await wli(['translation', 'nope/android/cs'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(5);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      // The miss is explained from the parent's list; the URL, status and the server's words stay.
      expect(lines[0]).toBe(`wli: no project 'nope' (GET ${s.url}translations/nope/android/cs/: HTTP 404: Not found.)`);
      expect(lines[1]).toMatch(/^hint: there are: big, demo /);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    } finally {
      await s.close();
    }
  });
  it('401 on a wrong token: exit 4', async () => {
    const s = await startFakeWeblate({ token: 'tok-right-123' });
    try {
      const r = await wliIn(['language', 'cs'], { env: { WLI_URL: s.url, WLI_TOKEN: 'tok-wrong-456' } });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('HTTP 401 Unauthorized: Invalid token.');
      expect(r.stderr).not.toContain('tok-wrong-456');
      const ok = await wliIn(['translation', 'secret/android/cs', '--fields', 'language_code', '-f', 'csv'], {
        env: { WLI_URL: s.url, WLI_TOKEN: 'tok-right-123' },
      });
      expect(ok.stdout).toBe('language_code\r\ncs\r\n');
      expect(s.requests.at(-1)!.headers.authorization).toBe('Token tok-right-123');
    } finally {
      await s.close();
    }
  });
  it('sends Accept, User-Agent and no token when none is set', async () => {
    const before = fake.requests.length;
    await wliIn(['language', 'cs'], { env });
    const h = requestsSince(before)[0]!.headers;
    expect(h.accept).toBe('application/json');
    expect(h['user-agent']).toMatch(/^wli\/\d+\.\d+\.\d+/);
    expect(h.authorization).toBeUndefined();
  });
  it('connection refused: exit 1, one clear message', async () => {
    const r = await wli(['language', 'cs', '--retries', '0'], { env: { WLI_URL: DEAD_URL } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/connection refused/);
  });
});

describe('server addresses', () => {
  it.each([(u: string) => u, (u: string) => u.replace(/api\/$/, ''), (u: string) => u.replace(/\/$/, '')])(
    'accepts every form of the URL (%#)',
    async (form) => {
      const r = await wliIn(['language', 'cs', '--fields', 'code', '-f', 'csv', '--url', form(fake.url)], {});
      expect([r.code, r.stdout]).toEqual([0, 'code\r\ncs\r\n']);
    },
  );
  it('works with a sub-path install', async () => {
    const s = await startFakeWeblate({ apiPrefix: '/weblate/api/' });
    try {
      const r = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '--fields', 'id', '--url', s.origin + '/weblate/'], {});
      expect(r.code).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(32);
      expect(s.requests.every((q) => q.path.startsWith('/weblate/api/'))).toBe(true);
    } finally {
      await s.close();
    }
  });
  it('reads WLC_URL and WLC_KEY when WLI_* are unset; WLI_* win', async () => {
    const before = fake.requests.length;
    const r = await wliIn(['language', 'cs', '-f', 'csv', '--fields', 'code'], { env: { WLC_URL: fake.url, WLC_KEY: 'k1' } });
    expect(r.code).toBe(0);
    expect(requestsSince(before)[0]!.headers.authorization).toBe('Token k1');
    const r2 = await wliIn(['language', 'cs', '-f', 'csv', '--fields', 'code'], {
      env: { WLC_URL: DEAD_URL, WLI_URL: fake.url, WLC_KEY: 'k1', WLI_TOKEN: 'k2' },
    });
    expect(r2.code).toBe(0);
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Token k2');
  });
});

describe('help at 80 columns', () => {
  const commands = [[], ...COMMANDS.map((c) => [c.name])];
  it.each(commands)('wli %s --help: no line over 80 columns, off a terminal and on one', async (...cmd) => {
    for (const run of [() => wli([...cmd, '--help']), () => wliIn([...cmd, '--help'], { tty: true, columns: 80 })]) {
      const r = await run();
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([]);
    }
  });
  // Issue 49, item 9: --help is usage, a lead, the options and three examples; the prose is in the man page.
  it.each(commands)('wli %s --help: at most 60 lines at 80 columns, ending with where the rest is', async (...cmd) => {
    for (const run of [() => wli([...cmd, '--help']), () => wliIn([...cmd, '--help'], { tty: true, columns: 80 })]) {
      const r = await run();
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(60);
      expect(lines.at(-1)).toBe(`More: man wli, or docs/commands.md${cmd.length ? `#wli-${cmd[0]}` : ''}`);
    }
  });
  it.each(COMMANDS.map((c) => [c.name, c] as const))('wli %s --help: no note, no more section, three examples at most', async (_name, spec) => {
    const help = (await wliIn([spec.name, '--help'], { columns: 1000 })).stdout;
    expect(help.split('\n').filter((l) => l.startsWith('  $ wli ')).length).toBe(Math.min(3, spec.examples.length));
    if (spec.more) expect(help).not.toContain(`${spec.more[0]}:`);
    for (const o of spec.options) if (o.note) expect(help).not.toContain(o.note.slice(0, 60));
    // Each option is there with its one line.
    for (const o of spec.options) expect(help.replace(/\s+/g, ' ')).toContain(o.description.replace(/\s+/g, ' '));
  });
  it('what --help leaves out is in the man page and docs/commands.md, whole', () => {
    const man = readFileSync(join(ROOT, 'man', 'wli.1'), 'utf8');
    const md = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
    for (const c of COMMANDS) {
      expect(md).toContain(c.description);
      if (c.more) expect(md).toContain(c.more[1]);
      // A note sits in a table cell: | escaped, on one line.
      for (const o of c.options) if (o.note) expect(md).toContain(o.note.replace(/\|/g, '\\|').replace(/\n/g, ' '));
    }
    expect(man).toContain('.SH EXIT STATUS');
  });
  it('a wider terminal gets wider lines (the description of changes follows the terminal)', async () => {
    const r = await wliIn(['changes', '--help'], { tty: true, columns: 120 });
    expect(Math.max(...r.stdout.split('\n').map((l) => l.length))).toBeGreaterThan(100);
  });
  it('the man page lists every exit code; wli --help points there', async () => {
    const r = await wli(['--help']);
    expect(r.stdout).toMatch(/The exit codes, each option in full and the rest:\nMore: man wli/);
    const { manPage } = await import('../src/docs/manpage.js');
    const page = manPage();
    const block = page.slice(page.indexOf('.SH EXIT STATUS'), page.indexOf('.SH ENVIRONMENT'));
    for (const [code] of EXIT_CODES) expect(block).toContain(`.TP\n\\fB${code}\\fR\n`);
  });
  it('a long example breaks between words with a shell continuation', async () => {
    const r = await wli(['stats', '--help']);
    expect(r.stdout).toContain('  $ wli stats demo/android --skip-source --fail-under 90 -f markdown >> \\\n        "$GITHUB_STEP_SUMMARY"\n');
  });
});

describe('usage errors exit 2 with one line and the expected form', () => {
  it.each([
    [['translation', 'demo/android'], /invalid target 'demo\/android': too few segments/, /project\/component\/language/],
    [['show', '/'], /invalid target '\/': this command does not take the whole server/, /project, project\/component/],
    [['translation', 'demo//cs'], /empty segment/, /project\/component\/language/],
    [['bogus'], /unknown command 'bogus'/, null],
    [['frobnicate', '--help'], /unknown command 'frobnicate'/, null],
    [['--url', 'http://h/', 'stat', '-h'], /unknown command 'stat'/, /did you mean stats\?/],
    [['units', 'demo/android/cs', '--bogus'], /unknown option '--bogus'/, null],
    [['units', 'demo/android/cs', '-f', 'xml'], /invalid --format 'xml'/, /table, json, jsonl, csv, csv-excel, markdown/],
    [['units', 'demo/android/cs', '--state', 'done'], /invalid --state 'done'/, /empty, needs-editing/],
    [['units', 'demo/android/cs', '--url', 'ftp://host/'], /only http and https/, null],
    [['units', 'demo/android/cs', '--timeout', '0'], /invalid --timeout/, null],
    [['units', 'demo/android/cs', '--concurrency', 'many'], /invalid --concurrency/, null],
    [['units', 'demo/android/cs', '--page-size', '5000'], /invalid --page-size/, /1 to 1000/],
    [['completion'], /missing required argument 'shell'/, null],
    [['stats'], /missing target/, null],
  ])('%j', async (args, message, hint) => {
    const r = await wliIn(args, { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    if (hint) expect(r.stderr).toMatch(hint);
    expect(r.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(3);
  });
  it('no server configured says how to set one', async () => {
    const r = await wli(['translation', 'demo/android/cs'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no Weblate server configured/);
    expect(r.stderr).toMatch(/--url/);
    expect(r.stderr).toMatch(/WLI_URL/);
  });
});

describe('a server that writes ", " separators', () => {
  it('JSON Lines are the same compact lines a compact server gives', async () => {
    const spaced = await startFakeWeblate({ defaultPageSize: 5, spacedJson: true });
    try {
      const a = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl'], { env });
      const b = await wliIn(['units', 'demo/android/cs', '-f', 'jsonl'], { env: { WLI_URL: spaced.url } });
      expect(b.code).toBe(0);
      expect(fake.expected('/api/translations/demo/android/cs/units/').body).not.toContain(', "');
      expect(spaced.expected('/api/translations/demo/android/cs/units/').body).toContain(', "');
      expect(b.stdout.replaceAll(spaced.origin, fake.origin)).toBe(a.stdout);
    } finally {
      await spaced.close();
    }
  });
});

describe('start-up stays lean', () => {
  // What stays lazy is what measurably costs start-up (docs/performance.md): undici, ora, chalk, and
  // each command's module until it runs. Everything else is imported statically.
  it.each([
    ['--version'],
    ['--help'],
    ['units', '--help'],
    ['units', 'a//b'],
    ['completion', 'bash'],
    ['stats', 'cs', '--fail-under', '200'],
    ['changes', 'a/b/c', '--since', 'x'],
  ])('%j loads no undici, ora or chalk (and help, the version, no command module)', async (...args) => {
    const trace = join(tmpdir(), `wli-trace-${process.pid}-${Math.random()}`);
    const { spawnSync } = await import('node:child_process');
    const hook = new URL('./support/trace-imports.mjs', import.meta.url);
    // The source, module by module: its graph is the bundle's (test/bundle.test.ts checks the bundle keeps it).
    // The TypeScript loader first, the trace last: the hook registered last sees every module first.
    const [importTs, loader] = nodeTs('');
    const r = spawnSync(process.execPath, [importTs!, loader!, '--import', hook.href, MAIN, ...args], {
      env: { ...process.env, WLI_TRACE_FILE: trace, WLI_URL: fake.url },
      encoding: 'utf8',
    });
    expect(r.status).toBe(args.length > 1 && args[1] !== '--help' && args[0] !== 'completion' ? 2 : 0);
    const loaded = readFileSync(trace, 'utf8');
    rmSync(trace);
    expect(loaded).toContain('commander');
    expect(loaded).toContain('/src/cli/program.ts');
    for (const heavy of ['node_modules/undici/', 'node_modules/ora/', 'node_modules/chalk/']) {
      expect(loaded, heavy).not.toContain(heavy);
    }
    // Help reads each command's spec (src/commands/<name>/spec.ts), a leaf beside its run; no run module.
    const runs = loaded.split('\n').filter((m) => m.includes('/src/commands/') && !/\/src\/commands\/[^/]+\/spec\.ts$/.test(m));
    if (args.includes('--help') || args.includes('--version')) expect(runs).toEqual([]);
  });
  it('--version prints the package version', async () => {
    const r = await wli(['--version']);
    expect(r.stdout).toBe(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version + '\n');
  });
});
