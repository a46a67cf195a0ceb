// wli stats --project P --by translation|component (issue 37), end to end against the fake Weblate:
// the metrics route (one request for every translation, Weblate 2026.8), the fan-out an older server
// (404) gets, the same rows either way, comp@id keys and categories mapped to real targets, restricted
// components not invented, every row's identity taken back by wli stats, the gate, baselines and the
// CI formats. Pure cores (Weblate's rounding, the sums) get table tests on plain objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wliIn } from './support/run.js';
import { parseJson, stringifyJson } from '../src/codec/json.js';
import { sumStatistics, weblatePercent, withPercentages } from '../src/weblate/statistics-sum.js';
import { metricsEntries } from '../src/weblate/project-metrics.js';

type Item = Record<string, unknown>;

let modern: FakeWeblate;
let older: FakeWeblate;
let clash: FakeWeblate;

beforeAll(async () => {
  [modern, older, clash] = await Promise.all([
    startFakeWeblate({ defaultPageSize: 2 }),
    startFakeWeblate({ defaultPageSize: 2, projectMetrics: false }),
    startFakeWeblate({ metricsClash: ['android'], metricsHidden: ['glossary'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([modern.close(), older.close(), clash.close()]);
});

async function run(s: FakeWeblate, args: string[]) {
  const before = s.requests.length;
  const r = await wliIn(args, { env: { WLI_URL: s.url } });
  return { ...r, sent: s.requests.slice(before).map((q) => q.path.replace(/^\/api\//, '').replace(/\?.*$/, '')) };
}
const json = (stdout: string) => parseJson(stdout) as Item[];
const targets = (rows: Item[]) => rows.map((r) => r.wli_target);
/** The fields both routes carry: those the metrics endpoint sends, and the identity. */
const SHARED = [
  'wli_target',
  'wli_project',
  'wli_component',
  'wli_language',
  'name',
  'total',
  'translated',
  'translated_percent',
  'approved',
  'approved_percent',
  'translated_words',
  'translated_words_percent',
  'fuzzy',
  'failing',
  'suggestions',
  'comments',
];
const shared = (rows: Item[]) => rows.map((r) => stringifyJson(Object.fromEntries(SHARED.filter((k) => k in r).map((k) => [k, r[k]]))));

const TRANSLATIONS = [
  'demo/android/en',
  'demo/android/ar',
  'demo/android/cs',
  'demo/android/de',
  'demo/android/ja',
  'demo/glossary/en',
  'demo/glossary/cs',
  'demo/docs/guide/en',
  'demo/docs/guide/cs',
  'demo/docs/api/reference/en',
  'demo/docs/api/reference/cs',
  'demo/-',
];

describe('--by translation', () => {
  it('on a metrics server: one data request (and the total), a row per component × language in component order, then the total', async () => {
    const r = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json', '--verbose']);
    expect(r.code).toBe(0);
    expect(targets(json(r.stdout))).toEqual(TRANSLATIONS);
    // The project's components beside them: a key is one of them or a component shared into the project (issue 46, item 7).
    expect(new Set(r.sent.map((p) => p.split('?')[0]))).toEqual(new Set(['projects/demo/metrics/', 'projects/demo/statistics/', 'projects/demo/components/']));
    expect(r.sent).toHaveLength(3);
    expect(r.stderr).toContain('--project demo: one request for every translation (the project metrics endpoint)');
    // Fields the endpoint does not send and its counts do not give are absent, not invented.
    const cs = json(r.stdout).find((x) => x.wli_target === 'demo/android/cs')!;
    expect(cs).not.toHaveProperty('last_change');
    expect(cs).not.toHaveProperty('readonly_percent');
    expect(cs).toMatchObject({ wli_project: 'demo', wli_component: 'android', wli_language: 'cs' });
  });

  it('on an older server (metrics 404): the same rows from the fan-out, no error, one --verbose line naming the route', async () => {
    const m = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json']);
    const o = await run(older, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json', '--verbose']);
    expect([o.code, m.code]).toEqual([0, 0]);
    expect(shared(json(o.stdout))).toEqual(shared(json(m.stdout)));
    expect(o.sent).toContain('projects/demo/metrics/');
    expect(o.sent.some((p) => p.startsWith('components/demo/android/statistics/'))).toBe(true);
    expect(o.stderr.split('\n').filter((l) => l.includes('no project metrics endpoint'))).toHaveLength(1);
    // Without --verbose nothing is said.
    expect(m.stderr).toBe('');
    const quiet = await run(older, ['stats', '--project', 'demo', '--by', 'translation']);
    expect([quiet.code, quiet.stderr]).toEqual([0, '']);
  });

  it('a comp@id key is resolved by id to its real path; a component the server leaves out is not invented', async () => {
    const r = await run(clash, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(targets(json(r.stdout))).toEqual(TRANSLATIONS.filter((t) => !t.startsWith('demo/glossary/')));
    expect(r.sent.some((p) => p.startsWith('projects/demo/components/'))).toBe(true);
  });

  // Issue 45.4: the id of a comp@id key was made a double: 9007199254740993 became 9007199254740992,
  // another component's id, whose name the rows then carried.
  it('a comp@id key beyond 2^53 is resolved by its exact id, never by a neighbour a double takes it for', async () => {
    const s = await startFakeWeblate({ metricsClash: ['android'] });
    try {
      const components = parseJson(s.expected('/api/projects/demo/components/?page_size=1000').body) as { results: Item[] };
      const android = components.results.find((c) => c.slug === 'android')!;
      const glossary = components.results.find((c) => c.slug === 'glossary')!;
      const key = `android@${String(android.id)}`;
      android.id = parseJson('9007199254740993');
      glossary.id = parseJson('9007199254740992');
      s.fault('/projects/demo/components/', { kind: 'rawBody', body: stringifyJson(components) }, Infinity);
      const metrics = s.expected('/api/projects/demo/metrics/').body;
      expect(metrics).toContain(`"${key}"`);
      s.fault('/projects/demo/metrics/', { kind: 'rawBody', body: metrics.replace(`"${key}"`, '"android@9007199254740993"') }, Infinity);
      const r = await run(s, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(targets(json(r.stdout))).toEqual(TRANSLATIONS);
    } finally {
      await s.close();
    }
  });

  it('every row carries its identity, and wli stats takes each back as the same row', async () => {
    const rows = json((await run(older, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json'])).stdout);
    const back = json((await run(older, ['stats', ...rows.map((x) => x.wli_target as string), '-f', 'json'])).stdout);
    expect(back.map((x) => stringifyJson(x))).toEqual(rows.map((x) => stringifyJson(x)));
  });

  it("--skip-source leaves out each component's source language on both routes, at no request per component", async () => {
    const m = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '--skip-source', '-f', 'json']);
    const o = await run(older, ['stats', '--project', 'demo', '--by', 'translation', '--skip-source', '-f', 'json']);
    expect(targets(json(m.stdout))).toEqual(TRANSLATIONS.filter((t) => !t.endsWith('/en')));
    expect(shared(json(o.stdout))).toEqual(shared(json(m.stdout)));
    expect(o.sent.filter((p) => /^components\/demo\/[^/]+\/$/.test(p))).toEqual([]);
  });
});

describe('--by component', () => {
  it('a row per component (wli_target p/c/-): counts summed, percentages from the sums as Weblate rounds them, then the total', async () => {
    const m = await run(modern, ['stats', '--project', 'demo', '--by', 'component', '-f', 'json']);
    const o = await run(older, ['stats', '--project', 'demo', '--by', 'component', '-f', 'json']);
    expect([m.code, o.code]).toEqual([0, 0]);
    const rows = json(m.stdout);
    expect(targets(rows)).toEqual(['demo/android/-', 'demo/glossary/-', 'demo/docs/guide/-', 'demo/docs/api/reference/-', 'demo/-']);
    expect(rows[0]).toMatchObject({ wli_project: 'demo', wli_component: 'android', wli_language: null, total: 128, translated: 96 });
    // 96/128 = 75 % exactly, written as Weblate writes a float.
    expect(m.stdout).toContain('"translated_percent": 75.0');
    expect(shared(json(o.stdout))).toEqual(shared(rows));
  });

  it('a component row is taken back by wli stats p/c/- as the same row', async () => {
    const rows = json((await run(older, ['stats', '--project', 'demo', '--by', 'component', '-f', 'json'])).stdout);
    const back = await run(older, ['stats', 'demo/docs/guide/-', '-f', 'json']);
    expect(back.code).toBe(0);
    expect(stringifyJson((parseJson(back.stdout) as unknown[])[0])).toBe(stringifyJson(rows[2])); // one row, a list (issue 49.7)
  });

  // Issue 49.13: shown as a record, a component's row (a sum: no name, no url of its own) named
  // nothing: an empty Name and URL and no line saying which target it was.
  it('a component row shown as a record names its target (wli_target), with no empty Name or URL', async () => {
    const r = await run(modern, ['stats', 'demo/docs/guide/-']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Target +demo\/docs\/guide\/-$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Translated +9\/12 \(75\.0%\)$/));
    for (const l of lines) expect(l, 'a line with a label and no value').toMatch(/^\S.*\s{2,}\S/);
    // Every stats record names its target the same way, beside the server's name and URL.
    const cs = (await run(modern, ['stats', 'demo/android/cs'])).stdout.split('\n');
    expect(cs[0]).toMatch(/^Target +demo\/android\/cs$/);
    expect(cs).toContainEqual(expect.stringMatching(/^Name +Czech \(cs\)$/));
    expect(cs).toContainEqual(expect.stringMatching(/^URL +http:\/\/.*\/projects\/demo\/android\/cs\/$/));
    const md = await run(modern, ['stats', 'demo/docs/guide/-', '-f', 'markdown']);
    expect(md.stdout).toContain('demo/docs/guide/-');
  });

  it('--fail-under gates every row (component rows and the total), by identity, in every CI format', async () => {
    const r = await run(modern, ['stats', '--project', 'demo', '--by', 'component', '--fail-under', '80']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      '4 of 5 row(s) below 80% translated: demo/android/- (75.0%), demo/docs/guide/- (75.0%), demo/docs/api/reference/- (75.0%), demo/- (76.0%)',
    );
    const junit = await run(modern, ['stats', '--project', 'demo', '--by', 'component', '--fail-under', '80', '-f', 'junit']);
    expect(junit.code).toBe(3);
    expect(junit.stdout).toContain('tests="5" failures="4"');
    expect(junit.stdout).toContain('name="demo/glossary/-"');
  });

  it('a baseline written by --by component matches itself by identity: no change, nothing gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-by-'));
    const file = join(dir, 'base.json');
    writeFileSync(file, (await run(modern, ['stats', '--project', 'demo', '--by', 'component', '-f', 'json'])).stdout);
    const r = await run(older, ['stats', '--project', 'demo', '--by', 'component', '--baseline', file, '--fail-on-drop']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    // A baseline of another breakdown: its component rows are not "gone" rows of this one (only the total matches).
    const t = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '--baseline', file, '--fail-on-drop', '-f', 'json']);
    expect(t.code).toBe(0);
    expect(t.stderr).not.toContain('gone');
    expect(t.stderr).toContain('1 of 1 judged row passed');
  });
});

// Issue 49.13: on the metrics route the rows lacked the percentages other rows carry (the endpoint
// sends no fuzzy_percent nor failing_percent): they are Weblate's, from the row's own counts, added
// after the server's fields, never in place of one.
describe('--by rows carry the percentages their counts give', () => {
  const PERCENTS = ['fuzzy_percent', 'fuzzy_words_percent', 'fuzzy_chars_percent', 'failing_percent'];
  const pick = (rows: Item[]) => rows.map((r) => stringifyJson(Object.fromEntries(['wli_target', ...PERCENTS].map((k) => [k, r[k]]))));

  it.for(['translation', 'component'])('--by %s: the same percentages as the statistics route, each server field kept as sent', async (by) => {
    const m = await run(modern, ['stats', '--project', 'demo', '--by', by, '-f', 'json']);
    const o = await run(older, ['stats', '--project', 'demo', '--by', by, '-f', 'json']);
    expect([m.code, o.code]).toEqual([0, 0]);
    const rows = json(m.stdout);
    for (const r of rows) for (const k of PERCENTS) expect(r, `${String(r.wli_target)} ${k}`).toHaveProperty(k);
    expect(pick(rows)).toEqual(pick(json(o.stdout)));
    // Still one data request: nothing asked per component.
    expect(m.sent.filter((p) => p.startsWith('components/'))).toEqual([]);
  });

  it('a translation row keeps every field the endpoint sent, in its order and value, the added ones after', async () => {
    const body = parseJson(modern.expected('/api/projects/demo/metrics/').body) as Record<string, Record<string, Item>>;
    const sent = body.android!.cs!;
    const m = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'json']);
    const cs = json(m.stdout).find((x) => x.wli_target === 'demo/android/cs')!;
    const keys = Object.keys(cs).filter((k) => !k.startsWith('wli_'));
    expect(keys.slice(0, Object.keys(sent).length)).toEqual(Object.keys(sent));
    for (const [k, v] of Object.entries(sent)) expect(stringifyJson(cs[k]), k).toBe(stringifyJson(v));
    expect(keys.slice(Object.keys(sent).length).sort()).toEqual([...PERCENTS].sort());
  });
});

describe('the metrics route', () => {
  it('-f openmetrics of a project: every translation as gauges, with the metric names of today, from one data request', async () => {
    const r = await run(modern, ['stats', '--project', 'demo', '--by', 'translation', '-f', 'openmetrics']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('wli_translated_ratio{project="demo",component="docs/guide",language="cs",target="demo/docs/guide/cs"} 0.5');
    expect(r.stdout).toContain('wli_strings{project="demo",component="android",language="ja",target="demo/android/ja"} 0');
    expect(r.stdout.trimEnd().endsWith('# EOF')).toBe(true);
    expect(r.sent).toHaveLength(3); // metrics, the total, the project's components (own or shared keys)
  });

  it('an empty answer ({}): only the total row, still an array', async () => {
    const empty = await startFakeWeblate({ metricsHidden: ['android', 'glossary', 'docs/guide', 'docs/api/reference'] });
    try {
      const r = await run(empty, ['stats', '--project', 'demo', '--by', 'component', '-f', 'json']);
      expect(r.code).toBe(0);
      expect(targets(json(r.stdout))).toEqual(['demo/-']);
    } finally {
      await empty.close();
    }
  });

  it('a project that does not exist is explained as any missing project (exit 5)', async () => {
    const r = await run(modern, ['stats', '--project', 'nope', '--by', 'translation']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });
});

describe('--by language', () => {
  it('is the default: the same rows as --project alone, and no metrics request', async () => {
    const a = await run(modern, ['stats', '--project', 'demo', '-f', 'json']);
    const b = await run(modern, ['stats', '--project', 'demo', '--by', 'language', '-f', 'json']);
    expect(b.stdout).toBe(a.stdout);
    expect(b.sent.filter((p) => p.endsWith('/metrics/'))).toEqual([]);
  });
});

describe('usage', () => {
  it('a typo of --by is a usage error with did-you-mean, before any request', async () => {
    const r = await run(modern, ['stats', '--project', 'demo', '--by', 'componnet']);
    expect([r.code, r.sent]).toEqual([2, []]);
    expect(r.stderr).toContain('did you mean: component?');
  });

  it('--by without --project is a usage error, before any request', async () => {
    const r = await run(modern, ['stats', 'demo/android', '--by', 'component']);
    expect([r.code, r.sent]).toEqual([2, []]);
    expect(r.stderr).toContain('--by component breaks down a project');
  });
});

describe('pure cores', () => {
  it.each([
    [0, 0, true, 100],
    [0, 0, false, 0],
    [1, 3, true, 33.3],
    [2, 3, true, 66.6],
    [1, 10000, false, 0.1],
    [9999, 10000, true, 99.9],
    [10, 10, false, 100],
    [96, 128, true, 75],
  ])('weblatePercent(%d, %d, %s) = %d', (part, whole, zero, expected) => {
    expect(weblatePercent(part, whole, zero)).toBe(expected);
  });

  it('sumStatistics sums counts exactly (beyond 2^53 too) and rounds the percentages from the sums', () => {
    const big = parseJson('{"total": 9007199254740993, "translated": 1}') as Item;
    const sum = sumStatistics([big, { total: 1, translated: 1 }]);
    expect(stringifyJson(sum)).toBe('{"total":9007199254740994,"translated":2}');
    const pct = sumStatistics([
      { total: 3, translated: 1, translated_percent: 33.3, code: 'cs', last_change: '2026-01-01T00:00:00Z' },
      { total: 3, translated: 3, translated_percent: 100.0, code: 'de', last_change: '2026-02-01T00:00:00+01:00' },
    ]);
    expect(stringifyJson(pct)).toBe('{"total":6,"translated":4,"translated_percent":66.6,"last_change":"2026-02-01T00:00:00+01:00"}');
    expect(stringifyJson(sumStatistics([]))).toBe('{"total":0,"translated":0,"translated_percent":100.0}');
  });

  it('withPercentages adds only the percentages a row lacks and its counts give, as Weblate rounds them', () => {
    const row = parseJson('{"total": 3, "fuzzy": 1, "failing": 0, "fuzzy_percent": 12.5, "total_words": 9007199254740993, "fuzzy_words": 1}') as Item;
    expect(stringifyJson(withPercentages(row))).toBe(
      '{"total":3,"fuzzy":1,"failing":0,"fuzzy_percent":12.5,"total_words":9007199254740993,"fuzzy_words":1,"fuzzy_words_percent":0.1,"failing_percent":0.0}',
    );
    const whole = { total: 0, translated: 0, translated_percent: 100.0 };
    expect(withPercentages(whole)).toBe(whole);
    expect(stringifyJson(withPercentages({ total: 0, fuzzy: 0, translated: 0 }))).toBe(
      '{"total":0,"fuzzy":0,"translated":0,"translated_percent":100.0,"fuzzy_percent":0.0}',
    );
  });

  it('metricsEntries: keys as paths, comp@id as an id, anything else not the shape', () => {
    const e = metricsEntries({ 'docs/guide': { cs: { total: 1 } }, 'android@7': { de: { total: 2 } }, 'ios@9007199254740993': { cs: { total: 3 } } })!;
    expect(e.map((x) => [x.path, x.id, x.language])).toEqual([
      [['docs', 'guide'], undefined, 'cs'],
      [['android'], '7', 'de'],
      [['ios'], '9007199254740993', 'cs'],
    ]);
    expect(metricsEntries({ android: [] })).toBeUndefined();
    expect(metricsEntries({})).toEqual([]);
  });
});

// Issue 46, item 7: a project's metrics include components shared into it, keyed by the link's category
// and slug (path@id on a clash; weblate/api/views.py get_project_metrics_data); its components/ list
// does not. Their rows are their own targets (p2/c/l: they round-trip), --skip-source knows their source
// language, and a clash with an own component resolves each to its own.
describe('components shared into a project', () => {
  let s: FakeWeblate;
  beforeAll(async () => {
    s = await startFakeWeblate({
      token: 'secret-token',
      sharedComponents: [
        { component: 'demo/glossary', into: 'big', category: 'linked' },
        { component: 'demo/android', into: 'secret' },
      ],
    });
  });
  afterAll(() => s.close());
  const stats = async (args: string[]) => {
    const r = await wliIn(['stats', ...args, '-f', 'json'], { env: { WLI_URL: s.url, WLI_TOKEN: 'secret-token' } });
    expect([r.code, r.stderr]).toEqual([0, '']);
    return json(r.stdout);
  };

  it('their rows are their own targets, and each round-trips', async () => {
    expect(Object.keys(parseJson(s.expected('/api/projects/big/metrics/').body) as Item)).toEqual(['strings', 'linked/glossary']);
    const rows = await stats(['--project', 'big', '--by', 'translation']);
    expect(targets(rows)).toEqual(['big/strings/en', 'big/strings/xx', 'demo/glossary/en', 'demo/glossary/cs', 'big/-']);
    expect(rows[3]).toMatchObject({ wli_project: 'demo', wli_component: 'glossary', wli_language: 'cs' });
    const again = (await stats(['demo/glossary/cs']))[0]!; // one row, a list (issue 49.7)
    expect(again).toMatchObject({ wli_target: 'demo/glossary/cs', translated: rows[3]!.translated, total: rows[3]!.total });
  });

  it('--skip-source leaves out their source rows too; --by component names them as their own', async () => {
    expect(targets(await stats(['--project', 'big', '--by', 'translation', '--skip-source']))).toEqual(['big/strings/xx', 'demo/glossary/cs', 'big/-']);
    expect(targets(await stats(['--project', 'big', '--by', 'component']))).toEqual(['big/strings/-', 'demo/glossary/-', 'big/-']);
  });

  it('a clash (path@id) resolves the own component and the shared one each to its own', async () => {
    expect(Object.keys(parseJson(s.expected('/api/projects/secret/metrics/', { Authorization: 'Token secret-token' }).body) as Item)).toEqual([
      'android@5',
      'android@1',
    ]);
    const rows = await stats(['--project', 'secret', '--by', 'component']);
    expect(targets(rows)).toEqual(['secret/android/-', 'demo/android/-', 'secret/-']);
  });
});
