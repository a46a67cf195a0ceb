// Issue 45.1: identity is wli's and travels beside the item. wli makes each row's identity (wli_target,
// wli_project, wli_component, wli_language) from what it asked for and keeps it apart from the
// server's object: a server that sends its own wli_* fields can neither rename a row, hide one behind
// another in the verdict, nor move it to another language's threshold. Written rows carry wli's fields
// first; a server field of the same name is kept as server_<name>. Pure cores as table tests on plain
// objects first, then the CLI against a fake Weblate whose rows carry wli_* fields of their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from '../src/codec/json.js';
import { pageOf, type Item } from '../src/core/page.js';
import { identified, identifyPage, identityOfRow, joinFields, withOwnFields, type Identity } from '../src/weblate/identity.js';
import { startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { parseCsv } from './support/csv-parse.js';
import { readCodeQuality, readJunit } from './support/ci-reports.js';
import { wli, wliIn } from './support/run.js';
import { parseWorkflowCommands } from './support/workflow-commands.js';

const IDENTITY = ['wli_target', 'wli_project', 'wli_component', 'wli_language'];
const CS: Identity = { target: 'demo/android/cs', project: 'demo', component: 'android', language: 'cs' };

/** An object's keys and values in order, so key order is held too. */
const entries = (o: unknown) => Object.entries(o as Item);

describe('joinFields and identified: wli first, the server after, a clash kept as server_<name>', () => {
  it.each<[string, Item, Item, Item, Array<[string, unknown]>]>([
    [
      'no clash: wli, the server as sent, wli after',
      { wli_target: 't' },
      { a: 1, b: 2 },
      { wli_x: [] },
      [
        ['wli_target', 't'],
        ['a', 1],
        ['b', 2],
        ['wli_x', []],
      ],
    ],
    [
      "a server field named as wli's: in its place, as server_<name>",
      { wli_target: 't', wli_language: 'cs' },
      { a: 1, wli_language: 'de', wli_target: 'x', b: 2 },
      {},
      [
        ['wli_target', 't'],
        ['wli_language', 'cs'],
        ['a', 1],
        ['server_wli_language', 'de'],
        ['server_wli_target', 'x'],
        ['b', 2],
      ],
    ],
    [
      'server_<name> taken by the server too: the prefix again',
      { wli_target: 't' },
      { wli_target: 'x', server_wli_target: 'y', server_server_wli_target: 'z' },
      {},
      [
        ['wli_target', 't'],
        ['server_server_server_wli_target', 'x'],
        ['server_wli_target', 'y'],
        ['server_server_wli_target', 'z'],
      ],
    ],
    [
      'a clash with a field wli adds after',
      {},
      { wli_checks: 'server', id: 1 },
      { wli_checks: ['same'] },
      [
        ['server_wli_checks', 'server'],
        ['id', 1],
        ['wli_checks', ['same']],
      ],
    ],
  ])('%s', (_, first, server, last, expected) => {
    expect(entries(joinFields(first, server, last))).toEqual(expected);
  });

  it("a server's __proto__ stays a field; the server's object is not changed", () => {
    const server = parseJson('{"__proto__":{"polluted":1},"wli_target":"x"}') as Item;
    const row = joinFields({ wli_target: 't' }, server);
    expect(Object.keys(row)).toEqual(['wli_target', '__proto__', 'server_wli_target']);
    expect(({} as Item).polluted).toBeUndefined();
    expect(entries(server)).toEqual([
      ['__proto__', { polluted: 1 }],
      ['wli_target', 'x'],
    ]);
  });

  it('identified: the four first, wli_checks after them, the identity kept beside the fields (identityOfRow)', () => {
    const unit = { id: 7, wli_checks: ['forged'], wli_target: 'evil/x/y', wli_language: 'de' };
    const row = identified(unit, CS, { wli_checks: ['same'] });
    expect(Object.keys(row)).toEqual([...IDENTITY, 'wli_checks', 'id', 'server_wli_checks', 'server_wli_target', 'server_wli_language']);
    expect([row.wli_target, row.wli_language, row.wli_checks, row.server_wli_target]).toEqual(['demo/android/cs', 'cs', ['same'], 'evil/x/y']);
    expect(identityOfRow(row)).toEqual(CS);
    // The identity is no field: JSON does not carry it, and a server's object has none.
    expect(stringifyJson(row)).not.toContain('symbol');
    expect(identityOfRow(unit)).toBeUndefined();
    expect(identityOfRow(parseJson('{"wli_target":"demo/android/cs"}') as Item)).toBeUndefined();
  });

  it('withOwnFields (units --with): lists after the fields, the identity kept, a clash renamed', () => {
    const row = withOwnFields(identified({ id: 1, wli_comments: 'server' }, CS), { wli_comments: [] });
    expect(Object.keys(row)).toEqual([...IDENTITY, 'id', 'server_wli_comments', 'wli_comments']);
    expect(identityOfRow(row)).toEqual(CS);
  });

  it("identifyPage: the server's texts prefixed exactly; a clash falls back to the items, the same row", () => {
    const texts = ['{"id":1,"n":1.50,"h":-9223372036854775808}', '{"id":2,"wli_target":"x","n":2.0}'];
    const items = texts.map((t) => parseJson(t) as Item);
    const page = identifyPage(pageOf([items[0]!], [texts[0]!]), () => CS);
    expect(page.texts?.()).toEqual([
      `{"wli_target":"demo/android/cs","wli_project":"demo","wli_component":"android","wli_language":"cs",${texts[0]!.slice(1)}`,
    ]);
    const clash = identifyPage(pageOf(items, texts), () => CS);
    expect(clash.texts?.()).toBeUndefined();
    expect(stringifyJson(clash.items()[1])).toBe(
      '{"wli_target":"demo/android/cs","wli_project":"demo","wli_component":"android","wli_language":"cs","id":2,"server_wli_target":"x","n":2.0}',
    );
  });
});

// ---------------------------------------------------------------- the CLI against a hostile server

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate({ rateLimit: false });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

/** The API's root without its last slash, as a server writes its links. */
const api = () => fake.url.replace(/\/$/, '');
const ANDROID = (lang: string) => `app/src/main/res/values-${lang}/strings.xml`;
const page = (results: unknown[]) => JSON.stringify({ count: results.length, next: null, previous: null, results });
const stat = (code: string, translated: number, extra: Item = {}) => ({
  code,
  name: code === 'cs' ? 'Czech' : 'German',
  total: 10,
  translated: translated / 10,
  translated_percent: translated,
  approved: 0,
  approved_percent: 0.0,
  fuzzy: 0,
  fuzzy_percent: 0,
  ...extra,
});

/** A row's text as the server sends it: approved_percent written 0.0 (as Python writes a float), so exactness shows. */
const statText = (row: Item) => JSON.stringify(row).replace('"approved_percent":0,', '"approved_percent":0.0,');

/** The component's statistics list, once: rows whose own fields claim an identity. */
function statsAnswer(rows: Item[]): void {
  const body = `{"count":${rows.length},"next":null,"previous":null,"results":[${rows.map(statText).join(',')}]}`;
  fake.fault('/components/demo/android/statistics/', { kind: 'rawBody', body, contentType: 'application/json' });
}

/** Two rows, cs at 100 % and de at 10 %, both sent with "wli_target": "demo/android/cs". */
const TWO = [stat('cs', 100, { wli_target: 'demo/android/cs' }), stat('de', 10, { wli_target: 'demo/android/cs' })];
const TWO_ROWS = () => statsAnswer(TWO);
const GATE = ['stats', 'demo/android', '--fail-under', '90'];

describe('stats: a server that names two rows alike', () => {
  it('the table: exit 3, both targets printed, the German row named as itself (the built CLI)', async () => {
    TWO_ROWS();
    const r = await wli(GATE, { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/demo\/android\/cs/);
    expect(r.stdout).toMatch(/demo\/android\/de/);
    expect(r.stderr).toContain('1 of 2 row(s) below 90% translated: demo/android/de (10%)');
  });

  it("json, jsonl, csv: wli's identity first, the server's wli_target kept as server_wli_target, the rest as sent", async () => {
    // Each row as JSON Lines: wli's four fields, then the server's text exactly as sent, its wli_target renamed in place.
    const expected = TWO.map((row) => {
      const code = row.code;
      const id = `{"wli_target":"demo/android/${code}","wli_project":"demo","wli_component":"android","wli_language":"${code}",`;
      return id + statText(row).slice(1).replace('"wli_target":', '"server_wli_target":');
    });
    expect(expected[1]).toContain('"approved_percent":0.0,');
    TWO_ROWS();
    const jsonl = await wliIn([...GATE, '-f', 'jsonl'], { env });
    expect(jsonl.code).toBe(3);
    expect(jsonl.stdout).toBe(expected.map((l) => l + '\n').join(''));

    TWO_ROWS();
    const json = await wliIn([...GATE, '-f', 'json'], { env });
    expect(json.code).toBe(3);
    expect((parseJson(json.stdout) as Item[]).map((row) => stringifyJson(row))).toEqual(expected);

    TWO_ROWS();
    const csv = await wliIn([...GATE, '-f', 'csv'], { env });
    expect(csv.code).toBe(3);
    const [header, ...lines] = parseCsv(csv.stdout);
    expect(header).toEqual(Object.keys(parseJson(expected[0]!) as Item));
    expect(header!.slice(0, 5)).toEqual([...IDENTITY, 'code']);
    expect(lines.map((l) => [l[0], l[header!.indexOf('server_wli_target')]])).toEqual([
      ['demo/android/cs', 'demo/android/cs'],
      ['demo/android/de', 'demo/android/cs'],
    ]);
  });

  it('junit: 2 judged, 1 failed, each row its own test case', async () => {
    TWO_ROWS();
    const r = await wliIn([...GATE, '-f', 'junit'], { env });
    expect(r.code).toBe(3);
    const suite = (await readJunit(r.stdout)).testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.skipped]).toEqual(['2', '1', '0']);
    expect(suite.testcase.map((c) => [c.name, c.failure !== undefined])).toEqual([
      ['demo/android/cs', false],
      ['demo/android/de', true],
    ]);
    expect(r.stderr).toContain('1 of 2 row(s) below 90% translated: demo/android/de (10%)');
  });

  it("github: one error, on the German row's file", async () => {
    TWO_ROWS();
    const r = await wliIn([...GATE, '-f', 'github'], { env: { ...env, GITHUB_STEP_SUMMARY: '' } });
    expect(r.code).toBe(3);
    expect(parseWorkflowCommands(r.stdout)).toEqual([
      {
        command: 'error',
        properties: { file: ANDROID('de'), title: 'demo/android/de below 90%' },
        message: 'demo/android/de: 10% translated, below 90%',
      },
    ]);
  });

  it('codequality: one issue, the German row', async () => {
    TWO_ROWS();
    const r = await wliIn([...GATE, '-f', 'codequality'], { env });
    expect(r.code).toBe(3);
    const issues = readCodeQuality(r.stdout);
    expect(issues.map((i) => [i.check_name, i.description, i.location.path])).toEqual([
      ['wli/fail-under', 'demo/android/de: 10% translated, below 90%', ANDROID('de')],
    ]);
  });

  it("openmetrics: a sample per row, labelled by wli's identity", async () => {
    TWO_ROWS();
    const r = await wliIn([...GATE, '-f', 'openmetrics'], { env });
    expect(r.code).toBe(3);
    const samples = r.stdout.split('\n').filter((l) => l.startsWith('wli_translated_ratio{'));
    expect(samples).toEqual([
      'wli_translated_ratio{project="demo",component="android",language="cs",target="demo/android/cs"} 1',
      'wli_translated_ratio{project="demo",component="android",language="de",target="demo/android/de"} 0.1',
    ]);
  });

  it("a server's wli_language does not move a row to another threshold: --fail-under cs=95 judges the Czech row", async () => {
    statsAnswer([stat('cs', 80, { wli_language: 'de' }), stat('de', 100, { wli_language: 'cs' })]);
    const r = await wliIn(['stats', 'demo/android', '--fail-under', 'cs=95', '-f', 'junit'], { env });
    expect(r.code).toBe(3);
    const suite = (await readJunit(r.stdout)).testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.skipped]).toEqual(['2', '1', '1']);
    expect(suite.testcase.find((c) => c.failure)?.name).toBe('demo/android/cs');
    expect(r.stderr).toContain('1 of 1 row(s) below their threshold (translated): demo/android/cs (80% < 95%)');
  });

  it("one translation's record: wli's identity first, the server's under server_<name>", async () => {
    fake.fault('/translations/demo/android/cs/statistics/', {
      kind: 'rawBody',
      body: JSON.stringify(stat('cs', 100, { wli_target: 'demo/android/de', wli_language: 'de' })),
      contentType: 'application/json',
    });
    const r = await wliIn(['stats', 'demo/android/cs', '--fail-under', 'de=90', '--fail-under', 'cs=100', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    const row = (parseJson(r.stdout) as Item[])[0]!; // a list even of one row (issue 49.7)
    expect(Object.keys(row).slice(0, 4)).toEqual(IDENTITY);
    expect([row.wli_target, row.wli_language, row.server_wli_target, row.server_wli_language]).toEqual(['demo/android/cs', 'cs', 'demo/android/de', 'de']);
  });
});

describe("other rows: a server's wli_* fields never replace wli's", () => {
  it('ls: a component that names itself another target is listed as what it is (table, json, jsonl)', async () => {
    const components = page([
      { name: 'Android', slug: 'android', url: `${api()}/components/demo/android/`, wli_target: 'evil/x', wli_project: 'evil', file_format: 'aresource' },
    ]);
    const answer = () => fake.fault('/projects/demo/components/', { kind: 'rawBody', body: components, contentType: 'application/json' });
    answer();
    const table = await wliIn(['ls', 'demo'], { env });
    expect(table.stdout).toMatch(/demo\/android/);
    expect(table.stdout).not.toMatch(/evil/);
    for (const format of ['json', 'jsonl']) {
      answer();
      const r = await wliIn(['ls', 'demo', '-f', format], { env });
      expect(r.code).toBe(0);
      const item = (format === 'json' ? (parseJson(r.stdout) as Item[])[0] : parseJson(r.stdout.trimEnd())) as Item;
      expect(Object.keys(item)).toEqual([...IDENTITY, 'name', 'slug', 'url', 'server_wli_target', 'server_wli_project', 'file_format']);
      expect([item.wli_target, item.wli_project, item.server_wli_target, item.server_wli_project]).toEqual(['demo/android', 'demo', 'evil/x', 'evil']);
    }
  });

  it("changes above a translation: each change names its translation, not the server's wli_target", async () => {
    const change = {
      id: 9,
      action: 2,
      timestamp: '2026-11-21T13:02:00Z',
      translation: `${api()}/translations/demo/android/cs/`,
      wli_target: 'demo/android/de',
      wli_language: 'de',
    };
    const answer = () => fake.fault('/components/demo/android/changes/', { kind: 'rawBody', body: page([change]), contentType: 'application/json' });
    answer();
    const r = await wliIn(['changes', 'demo/android', '-f', 'jsonl'], { env });
    expect(r.code).toBe(0);
    const row = parseJson(r.stdout.trimEnd()) as Item;
    expect(Object.keys(row).slice(0, 4)).toEqual(IDENTITY);
    expect([row.wli_target, row.wli_language, row.server_wli_target, row.server_wli_language]).toEqual(['demo/android/cs', 'cs', 'demo/android/de', 'de']);
    answer();
    const table = await wliIn(['changes', 'demo/android', '--fields', 'wli_target,server_wli_target'], { env });
    expect(table.stdout).toMatch(/demo\/android\/cs\s+demo\/android\/de/);
  });

  it("units above a translation: each unit names its translation, not the server's wli_target", async () => {
    const unit = {
      id: 5,
      source: ['One'],
      target: ['Jedna'],
      state: 20,
      translation: `${api()}/translations/demo/android/cs/`,
      wli_target: 'demo/android/de',
    };
    fake.fault((q) => q.path === '/api/units/' && /\b(path|component):/.test(q.query.get('q') ?? ''), {
      kind: 'rawBody',
      body: page([unit]),
      contentType: 'application/json',
    });
    const r = await wliIn(['units', 'demo/android', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Item[];
    expect(rows.map((u) => [u.wli_target, u.server_wli_target])).toEqual([['demo/android/cs', 'demo/android/de']]);
  });
});

describe('pull records', () => {
  it("each record is the translation wli listed, whatever wli_* fields the server's translation objects carry (holds before issue 45 too: a record copies no server field)", async () => {
    const list = parseJson(await (await fetch(`${api()}/components/demo/android/translations/?page_size=1000`)).text()) as { results: Item[] };
    const forged = list.results.map((t) => ({ ...t, wli_target: 'evil/x/y', wli_project: 'evil', wli_language: 'xx' }));
    fake.fault('/components/demo/android/translations/', { kind: 'rawBody', body: page(forged), contentType: 'application/json' });
    const dir = mkdtempSync(join(tmpdir(), 'wli-identity-'));
    try {
      const r = await wliIn(['pull', 'demo/android', '--dry-run', '--dir', dir, '-f', 'json'], { env });
      expect(r.code).toBe(0);
      const records = parseJson(r.stdout) as Item[];
      expect(records.length).toBeGreaterThan(1);
      for (const record of records) {
        expect(Object.keys(record).slice(0, 4)).toEqual(IDENTITY);
        expect([record.wli_target, record.wli_project, record.wli_component]).toEqual([`demo/android/${String(record.language)}`, 'demo', 'android']);
        expect(record.wli_language).toBe(record.language);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('checks --units: a failing string that sends wli_checks and wli_target of its own', () => {
  /** The failing strings' lists (not their page_size=1 counts) answer one unit of demo/android/cs carrying forged fields. */
  function forgedUnits(): void {
    const unit = {
      translation: `${api()}/translations/demo/android/cs/`,
      source: ['Hello'],
      target: ['Ahoj'],
      context: 'hello',
      state: 20,
      id: 58,
      wli_checks: ['forged'],
      wli_target: 'evil/x/y',
    };
    const list = (r: RecordedRequest) => r.path.endsWith('/units/') && (r.query.get('q') ?? '').includes('check') && r.query.get('page_size') !== '1';
    fake.fault(list, { kind: 'rawBody', body: page([unit]), contentType: 'application/json' }, 2);
  }

  it("the table shows wli's checks and target, never the unit's own; JSON keeps the unit's as server_<name>", async () => {
    forgedUnits();
    const table = await wliIn(['checks', 'demo', '--units'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^58 +demo\/android\/cs +same +hello/m);
    expect(table.stdout).not.toMatch(/forged|evil/);

    forgedUnits();
    const json = await wliIn(['checks', 'demo', '--units', '-f', 'json'], { env });
    expect(json.code).toBe(0);
    const [row] = parseJson(json.stdout) as Item[];
    expect([row?.wli_target, row?.wli_checks, row?.server_wli_checks, row?.server_wli_target]).toEqual(['demo/android/cs', ['same'], ['forged'], 'evil/x/y']);
  });
});
