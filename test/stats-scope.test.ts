// wli stats over whole components and projects, end to end against the fake Weblate server:
// every target form, mixed targets in argument order, every --metric, --skip-source, the gate's
// exit code and stderr, both shapes of the project languages list, markdown escaping, --fields,
// errors, and the requests the server saw.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { numberOf as numberValue } from '../src/core/values.js';
import { csvObjects } from './support/csv-parse.js';
import { serverPart } from './support/identity.js';

type Item = Record<string, unknown>;

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  // Two items per page (with --page-size 2): the five translations of demo/android span three pages.
  fake = await startFakeWeblate({ defaultPageSize: 2 });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

const PREFIX = '/api/';
const body = (s: FakeWeblate, path: string) => parseJson(s.expected(PREFIX + path).body) as Item;

/** Every item of a list as the server sends it: a plain array, or every page of a paginated list. */
function serverItems(s: FakeWeblate, path: string): Item[] {
  const first = parseJson(s.expected(PREFIX + path).body);
  if (Array.isArray(first)) return first as Item[];
  const items: Item[] = [];
  let page = first as { results: Item[]; next: string | null };
  for (;;) {
    items.push(...page.results);
    if (!page.next) return items;
    const u = new URL(page.next);
    page = parseJson(s.expected(u.pathname + u.search).body) as typeof page;
  }
}
const componentStats = (s = fake) => serverItems(s, 'components/demo/android/statistics/');
const projectLanguages = (s = fake) => serverItems(s, 'projects/demo/languages/');
const projectTotal = (s = fake) => body(s, 'projects/demo/statistics/');

/** The requests one in-process run made. */
async function run(args: string[], s = fake, extraEnv: Record<string, string> = {}) {
  const before = s.requests.length;
  const r = await wliIn(args, { env: { WLI_URL: s.url, ...extraEnv } });
  return { ...r, sent: s.requests.slice(before) };
}
const paths = (sent: { path: string }[]) => sent.map((q) => q.path.slice(PREFIX.length));
const tableTargets = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(/\s{2,}/)[0]!.trim());

describe('stats project/component: one row per translation', () => {
  it('json is the statistics list of the component, every page, in server order', async () => {
    const r = await run(['stats', 'demo/android', '-f', 'json', '--page-size', '2']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const expected = componentStats();
    expect(expected.map((i) => i.code)).toEqual(['en', 'ar', 'cs', 'de', 'ja']);
    expect(serverPart(parseJson(r.stdout))).toEqual(expected);
    // Only the statistics list was read (three pages of two), nothing else.
    expect(new Set(paths(r.sent))).toEqual(new Set(['components/demo/android/statistics/']));
    expect(r.sent).toHaveLength(3);
  });

  it('one component target is still an array (even with one row left)', async () => {
    const r = await run(['stats', 'demo/glossary', '--skip-source', '-f', 'json']);
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Item[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((x) => x.code)).toEqual(['cs']);
  });

  it('table: the target column names the component and the language', async () => {
    const r = await run(['stats', 'demo/android']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^TARGET\s+TRANSLATED\s+STRINGS\s+FUZZY\s+FAILING\s+APPROVED\s+LAST CHANGE$/);
    expect(tableTargets(r.stdout)).toEqual(['demo/android/en', 'demo/android/ar', 'demo/android/cs', 'demo/android/de', 'demo/android/ja']);
    expect(r.stdout).toMatch(/demo\/android\/cs\s+78\.1%\s+25\/32\s+2\s+1\s+3\s+2026-/);
  });

  it('a trailing slash pasted from a URL is accepted', async () => {
    const r = await run(['stats', 'demo/android/', '-f', 'csv', '--fields', 'code']);
    expect(r.code).toBe(0);
    expect(csvObjects(r.stdout).map((x) => x.code)).toEqual(['en', 'ar', 'cs', 'de', 'ja']);
  });
});

describe('--skip-source', () => {
  it('leaves out the source-language row at the cost of one request (the component)', async () => {
    const plain = await run(['stats', 'demo/android', '-f', 'json']);
    const r = await run(['stats', 'demo/android', '--skip-source', '-f', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(serverPart(parseJson(r.stdout))).toEqual(componentStats().filter((i) => i.code !== 'en'));
    expect(r.sent.length).toBe(plain.sent.length + 1);
    expect(paths(r.sent).filter((p) => p === 'components/demo/android/')).toHaveLength(1);
    expect(paths(r.sent)).not.toContain('components/demo/android/translations/');
  });

  it('the source row is the one the component names as source_language', async () => {
    expect((body(fake, 'components/demo/android/') as { source_language: Item }).source_language.code).toBe('en');
    const r = await run(['stats', 'demo/android', '--skip-source']);
    expect(tableTargets(r.stdout)).toEqual(['demo/android/ar', 'demo/android/cs', 'demo/android/de', 'demo/android/ja']);
  });

  it('does not touch translation or language rows; with --project leaves out the language that is the source of every component', async () => {
    const r = await run(['stats', 'demo/android/en', 'en', '--project', 'demo', '--skip-source', '-f', 'csv', '--fields', 'code,name,wli_target']);
    expect(r.code).toBe(0);
    const rows = csvObjects(r.stdout);
    // Every component of demo has English as its source: its row goes; the total row stays (recomputed, below).
    expect(rows.map((x) => x.code)).toEqual([
      'en',
      '',
      ...projectLanguages()
        .map((l) => String(l.code))
        .filter((c) => c !== 'en'),
      '',
    ]);
    expect(rows.at(-1)!.wli_target).toBe('demo/-');
    // One request more, for the project's components; no component's own.
    expect(paths(r.sent).filter((p) => p.startsWith('projects/demo/components/'))).toHaveLength(1);
    expect(paths(r.sent).some((p) => p.startsWith('components/'))).toBe(false);
  });

  it("the project total (demo/-) is recomputed from the translations kept (issue 49.2: it was the server's, source strings counted)", async () => {
    // A server of its own: these runs would spend the shared one's anonymous rate limit.
    const s = await startFakeWeblate({ defaultPageSize: 2 });
    onTestFinished(() => s.close());
    const kept = csvObjects(
      (await run(['stats', '--project', 'demo', '--by', 'translation', '--skip-source', '-f', 'csv', '--fields', 'wli_target,translated,total'], s)).stdout,
    );
    const translations = kept.filter((x) => x.wli_target !== 'demo/-');
    expect(translations.some((x) => x.wli_target!.endsWith('/en'))).toBe(false);
    const sum = (k: string) => translations.reduce((n, x) => n + Number(x[k]), 0);
    const server = body(fake, 'projects/demo/statistics/');
    expect(sum('total')).toBeLessThan(Number(server.total));
    for (const args of [['demo/-'], ['--project', 'demo'], ['--project', 'demo', '--by', 'component']]) {
      const r = await run(['stats', ...args, '--skip-source', '-f', 'json'], s);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const out = parseJson(r.stdout) as Item | Item[];
      const total = (Array.isArray(out) ? out.at(-1) : out)!;
      expect(total).toMatchObject({ wli_target: 'demo/-', translated: sum('translated'), total: sum('total') });
      expect(kept.at(-1)).toMatchObject({ wli_target: 'demo/-', translated: String(sum('translated')), total: String(sum('total')) });
    }
    // The gate judges that total: 71 of 107 is 66.3 %, below 70 (the server's 76.0 % passed it).
    const gate = await run(['stats', 'demo/-', '--skip-source', '--fail-under', '70'], s);
    expect(gate.code).toBe(3);
    expect(gate.stderr).toBe('wli: 1 of 1 row(s) below 70% translated: demo/- (66.3%)\n');
  });

  it('gate: the source row can no longer fail or pass it', async () => {
    const r = await run(['stats', 'demo/android', '--skip-source', '--fail-under', '100']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      'wli: 3 of 4 row(s) below 100% translated: demo/android/ar (59.3%), demo/android/cs (78.1%), demo/android/de (62.5%)\n' +
        'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n',
    );
  });
});

describe('a translation with no strings (issue 49.11: it passed any threshold without a word)', () => {
  it("passes --fail-under as Weblate's 100 % with a note on stderr; --empty-incomplete fails it", async () => {
    const s = await startFakeWeblate({});
    onTestFinished(() => s.close());
    const empty = {
      code: 'cs',
      name: 'Czech',
      total: 0,
      translated: 0,
      translated_percent: 100.0,
      total_words: 0,
      translated_words: 0,
      translated_words_percent: 100.0,
    };
    s.fault('/api/translations/demo/android/cs/statistics/', { kind: 'rawBody', body: JSON.stringify(empty) }, Infinity);
    const passed = await run(['stats', 'demo/android/cs', '--fail-under', '99', '-f', 'json'], s);
    expect(passed.code).toBe(0);
    expect(passed.stderr).toBe('wli: demo/android/cs has no strings: counted as 100% translated (--empty-incomplete fails it)\n');
    const failed = await run(['stats', 'demo/android/cs', '--fail-under', '99', '--empty-incomplete'], s);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toBe('wli: 1 of 1 row(s) below 99% translated: demo/android/cs (no strings)\n');
    // Without a gate nothing is said.
    expect((await run(['stats', 'demo/android/cs'], s)).stderr).toBe('');
  });
});

describe('the JSON shape does not depend on the number of targets (issue 49.7)', () => {
  it('one translation, a language, p/-/l and p/-: an array of one row, as two targets give an array of two; a table shows one as a record', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 2 }); // its own rate limit
    onTestFinished(() => s.close());
    for (const target of ['demo/android/cs', 'cs', 'demo/-/cs', 'demo/-']) {
      const one = await run(['stats', target, '-f', 'json'], s);
      expect([one.code, one.stderr]).toEqual([0, '']);
      const rows = parseJson(one.stdout) as Item[];
      expect(Array.isArray(rows)).toBe(true);
      expect(rows.map((r) => r.wli_target)).toEqual([target]);
      const two = parseJson((await run(['stats', target, 'demo/android/de', '-f', 'json'], s)).stdout) as Item[];
      expect(two.map((r) => r.wli_target)).toEqual([target, 'demo/android/de']);
    }
    const table = await run(['stats', 'demo/android/cs'], s);
    expect(table.stdout).toMatch(/^Translated +\d+\/\d+ /m);
  });
});

describe('stats --project: one row per language, then the total', () => {
  it.each(['array', 'paginated'] as const)('languages list as %s: rows then the total row', async (shape) => {
    const s = await startFakeWeblate({ projectLanguagesShape: shape, defaultPageSize: 2 });
    try {
      const raw = parseJson(s.expected(PREFIX + 'projects/demo/languages/').body);
      expect(Array.isArray(raw)).toBe(shape === 'array');
      const r = await run(['stats', '--project', 'demo', '-f', 'json', '--page-size', '2'], s);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const languages = projectLanguages(s);
      expect(languages.length).toBeGreaterThan(2);
      expect(serverPart(parseJson(r.stdout))).toEqual([...languages, projectTotal(s)]);
      const listPages = paths(r.sent).filter((p) => p === 'projects/demo/languages/').length;
      expect(listPages).toBe(shape === 'array' ? 1 : Math.ceil(languages.length / 2));
      expect(paths(r.sent).filter((p) => p === 'projects/demo/statistics/')).toHaveLength(1);
      expect(r.sent).toHaveLength(listPages + 1);
    } finally {
      await s.close();
    }
  });

  it('table: language rows named "<project>/-/<code>" (their wli_target), the total row "<project>/-" (its wli_target, which stats takes back)', async () => {
    const r = await run(['stats', '--project', 'demo']);
    expect(r.code).toBe(0);
    const targets = tableTargets(r.stdout);
    expect(targets).toEqual([...projectLanguages().map((l) => `demo/-/${String(l.code)}`), 'demo/-']);
    expect(r.stdout).toMatch(new RegExp(`demo\\/-\\s+${String(projectTotal().translated_percent)}%`));
  });

  it('with no positional target the configured default translation is not added', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-stats-'));
    writeFileSync(join(dir, '.weblate'), `[weblate]\nurl = ${fake.url}\ntranslation = demo/android/de\n`);
    const alone = await wliIn(['stats', '-f', 'json'], { cwd: dir });
    expect(serverPart((parseJson(alone.stdout) as Item[])[0])).toEqual(body(fake, 'translations/demo/android/de/statistics/'));
    const project = await wliIn(['stats', '--project', 'demo', '-f', 'json'], { cwd: dir });
    expect(project.code).toBe(0);
    expect((parseJson(project.stdout) as Item[]).length).toBe(projectLanguages().length + 1);
  });

  it('the gate checks the total row too, named by the project slug', async () => {
    const total = numberValue(projectTotal().translated_percent);
    expect(total).toBe(76);
    const r = await wli(['stats', '--project', 'demo', '--fail-under', '77', '-f', 'csv'], { env });
    expect(r.code).toBe(3);
    expect(csvObjects(r.stdout)).toHaveLength(projectLanguages().length + 1);
    const failing = projectLanguages().filter((l) => numberValue(l.translated_percent)! < 77);
    const names = [...failing.map((l) => `demo/-/${String(l.code)} (${String(l.translated_percent)}%)`), 'demo/- (76.0%)'];
    // demo/-/ja has no strings in any component: it passes as Weblate's 100 %, and stderr says so.
    expect(r.stderr).toBe(
      `wli: ${failing.length + 1} of ${projectLanguages().length + 1} row(s) below 77% translated: ${names.join(', ')}\n` +
        'wli: demo/-/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n',
    );
  });

  it('a bare word is still a language code, not a project; when it names a project the hint says --project', async () => {
    const r = await run(['stats', 'demo', '-f', 'json']);
    expect(r.code).toBe(5);
    // The statistics of language "demo"; after the miss, the languages (for a suggestion) and the project.
    expect(paths(r.sent)).toEqual(['languages/demo/statistics/', 'languages/', 'projects/demo/']);
    expect(r.stderr).toBe(
      "wli: no language 'demo'; 'demo' is a project\nhint: for a project's statistics use --project demo (a bare word in stats is a language code)\n",
    );
  });
});

describe('mixed targets', () => {
  const args = ['stats', 'demo/android', 'demo/android/cs', 'cs', '--project', 'demo'];

  it('json: one array, rows in argument order, project rows last', async () => {
    const r = await run([...args, '-f', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(serverPart(parseJson(r.stdout))).toEqual([
      ...componentStats(),
      body(fake, 'translations/demo/android/cs/statistics/'),
      body(fake, 'languages/cs/statistics/'),
      ...projectLanguages(),
      projectTotal(),
    ]);
  });

  it('--project given before the targets still puts project rows last', async () => {
    const a = await run(['stats', '--project', 'demo', 'cs', '-f', 'json', '--fields', 'name']);
    const names = (parseJson(a.stdout) as Item[]).map((x) => x.name);
    expect(names[0]).toBe(body(fake, 'languages/cs/statistics/').name);
    expect(names.at(-1)).toBe(projectTotal().name);
  });

  it('table: every row named, in order', async () => {
    const r = await run(args);
    expect(tableTargets(r.stdout)).toEqual([
      ...componentStats().map((i) => `demo/android/${String(i.code)}`),
      'demo/android/cs',
      'cs',
      ...projectLanguages().map((l) => `demo/-/${String(l.code)}`),
      'demo/-',
    ]);
  });

  it("gate labels are the rows' targets, alone or next to other targets", async () => {
    const r = await run([...args, '--fail-under', '60']);
    expect(r.code).toBe(3);
    // demo/android/cs, named twice (demo/android and itself), is judged once: 12 rows of 13.
    expect(r.stderr).toBe(
      'wli: 2 of 12 row(s) below 60% translated: demo/android/ar (59.3%), demo/-/ar (59.3%)\n' +
        'wli: demo/android/ja, demo/-/ja have no strings: counted as 100% translated (--empty-incomplete fails them)\n',
    );
  });

  it('targets are fetched concurrently but emitted in order (a slow first target)', async () => {
    // The first target's first request fails once with 503 and is retried: it finishes last.
    fake.fault('/api/components/demo/android/statistics/', { kind: 'status', status: 503, headers: { 'Retry-After': '0' } }, 1);
    const r = await run(['stats', 'demo/android', 'de', 'demo/android/cs', '-f', 'json', '--fields', 'name', '--retries', '1']);
    expect(r.code).toBe(0);
    const names = (parseJson(r.stdout) as Item[]).map((x) => x.name);
    expect(names).toEqual([...componentStats().map((i) => i.name), 'German', 'Czech']);
    // The other targets did not wait for the first one to finish.
    expect(paths(r.sent).indexOf('languages/de/statistics/')).toBeLessThan(paths(r.sent).lastIndexOf('components/demo/android/statistics/'));
  });

  it('a failing target writes nothing and exits with its error code', async () => {
    const r = await run(['stats', 'demo/android', 'demo/nope', '-f', 'json']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });

  it.each(['table', 'json', 'jsonl', 'csv', 'markdown'])('-f %s works on the rows', async (format) => {
    const r = await run([...args, '-f', format]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const n = componentStats().length + 2 + projectLanguages().length + 1;
    if (format === 'json') expect(parseJson(r.stdout)).toHaveLength(n);
    if (format === 'jsonl')
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => parseJson(l)),
      ).toHaveLength(n);
    if (format === 'csv') expect(csvObjects(r.stdout)).toHaveLength(n);
    if (format === 'markdown') {
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('| target | translated | strings | fuzzy | failing | approved | last change |');
      expect(lines[1]).toBe('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
      expect(lines).toHaveLength(n + 2);
      expect(lines.at(-1)).toMatch(/^\| demo\/- \| 76\.0% \| /);
    }
    if (format === 'table') expect(r.stdout.trimEnd().split('\n')).toHaveLength(n + 1);
  });
});

describe('--metric on component rows', () => {
  /** The gate message the server's own numbers call for. */
  const message = (items: Item[], field: string, threshold: number, metric: string) => {
    const failing = items.filter((i) => numberValue(i[field])! < threshold);
    const names = failing.map((i) => `demo/android/${String(i.code)} (${String(i[field])}%)`);
    return `wli: ${failing.length} of ${items.length} row(s) below ${threshold}% ${metric}: ${names.join(', ')}\n` + emptyNote(items, field, threshold);
  };
  /** The note on the rows with no strings that passed as Weblate's 100 % (none: nothing said). */
  const emptyNote = (items: Item[], field: string, threshold: number) => {
    const total = field === 'translated_words_percent' ? 'total_words' : 'total';
    const empty = items.filter((i) => i[total] === 0 && numberValue(i[field])! >= threshold);
    return empty.map((i) => `wli: demo/android/${String(i.code)} has no strings: counted as 100% translated (--empty-incomplete fails it)\n`).join('');
  };

  it.each([
    ['translated', 'translated_percent', 70, 'translated'],
    ['approved', 'approved_percent', 5, 'approved'],
    ['translated_words', 'translated_words_percent', 70, 'translated words'],
  ])('--metric %s checks %s of every row', async (metric, field, threshold, words) => {
    const items = componentStats();
    expect(items.every((i) => numberValue(i[field]) !== undefined)).toBe(true);
    const r = await run(['stats', 'demo/android', '--metric', metric, '--fail-under', String(threshold), '-f', 'csv']);
    const expected = message(items, field, threshold, words);
    expect(expected).toMatch(/^wli: [1-9]/);
    expect([r.code, r.stderr]).toEqual([3, expected]);
    expect(csvObjects(r.stdout)).toHaveLength(items.length);
    // Every row at or above a threshold of 0 passes.
    const pass = await run(['stats', 'demo/android', '--metric', metric, '--fail-under', '0']);
    expect([pass.code, pass.stderr]).toEqual([0, emptyNote(items, field, 0)]);
  });

  it('exact stderr of a failing gate (spawned CLI)', async () => {
    const r = await wli(['stats', 'demo/android', '--skip-source', '--metric', 'approved', '--fail-under', '5'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('wli: 3 of 4 row(s) below 5% approved: demo/android/ar (0.0%), demo/android/de (3.1%), demo/android/ja (0.0%)\n');
    expect(tableTargets(r.stdout)).toHaveLength(4);
  });
});

describe('a server without /components/<p>/<c>/statistics/', () => {
  const missing = { kind: 'status', status: 404, contentType: 'text/html', body: '<!DOCTYPE html><h1>Page not found</h1>' } as const;

  it('falls back to the translations list; --skip-source uses is_source and needs no extra request', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault('/components/demo/android/statistics/', missing, Infinity);
      const r = await run(['stats', 'demo/android', '--skip-source', '-f', 'json'], s);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const translations = serverItems(s, 'components/demo/android/translations/');
      expect(serverPart(parseJson(r.stdout))).toEqual(translations.filter((t) => t.is_source !== true));
      expect(paths(r.sent).sort()).toEqual(['components/demo/android/', 'components/demo/android/statistics/', 'components/demo/android/translations/']);
      const table = await run(['stats', 'demo/android'], s);
      expect(tableTargets(table.stdout)).toEqual(translations.map((t) => `demo/android/${String(t.language_code)}`));
      // The translated metric works; approved is not in Translation objects: the gate fails closed and says so.
      const ok = await run(['stats', 'demo/android', '--fail-under', '50'], s);
      expect([ok.code, ok.stderr]).toEqual([0, 'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n']);
      const closed = await run(['stats', 'demo/android', '--metric', 'approved', '--fail-under', '0'], s);
      expect(closed.code).toBe(3);
      expect(closed.stderr).toMatch(
        /^wli: 5 of 5 row\(s\) below 0% approved: demo\/android\/en \(no approved_percent\), demo\/android\/ar \(no approved_percent\)/,
      );
    } finally {
      await s.close();
    }
  });
});

describe('errors', () => {
  it('a project that does not exist: exit 5, nothing on stdout, and what exists', async () => {
    const r = await wli(['stats', '--project', 'nope'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    // Explained like any missing target: the URL that missed, then what exists.
    expect(r.stderr).toMatch(
      new RegExp(`^wli: no project 'nope' \\(GET ${fake.url}projects/nope/(languages|statistics)/\\S*: HTTP 404: Not found\\.\\)\\nhint: there are: `),
    );
  });

  it('a component that does not exist: exit 5, the statistics URL in the message, and what exists', async () => {
    const r = await run(['stats', 'demo/nope', '--skip-source']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^wli: no component 'nope' in project 'demo' \(GET \S+\/components\/demo\/nope\/statistics\/\S*: HTTP 404: Not found\.\)\nhint: there are: android, glossary, docs\/guide/,
    );
  });

  it('a private project without a token is 404 too', async () => {
    const r = await run(['stats', '--project', 'secret']);
    expect(r.code).toBe(5);
  });

  it('a 500 on the project total fails the run (exit 1)', async () => {
    fake.fault('/api/projects/demo/statistics/', { kind: 'status', status: 500 }, 1);
    const r = await run(['stats', '--project', 'demo', '-f', 'json', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });

  it.each([
    [['stats', '--project', 'a/b'], /invalid --project 'a\/b'/],
    [['stats', '--project', ''], /empty --project/],
    [['stats', 'demo/android', '--metric', 'words'], /invalid --metric 'words'/],
    [['stats', '--project', 'demo', '--fail-under', '101'], /invalid --fail-under '101'/],
    [['stats', 'demo//android'], /empty segment/],
    [['stats', 'demo/android', '--project'], /argument missing/],
  ])('%j is a usage error before any request', async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.sent).toHaveLength(0);
  });

  it('no target and no --project names both forms', async () => {
    const r = await run(['stats']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing target/);
    expect(r.stderr).toMatch(/project\/component/);
    expect(r.stderr).toMatch(/--project/);
    expect(r.sent).toHaveLength(0);
  });
});

describe('--fields on component and project rows', () => {
  it('json/jsonl: flat objects keyed by the paths; the total row has no code', async () => {
    const r = await run(['stats', 'demo/android/cs', 'demo/android', '--project', 'demo', '--fields', 'code,approved_percent', '-f', 'jsonl']);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Item);
    expect(rows[0]).toEqual({ code: 'cs', approved_percent: 9.3 });
    expect(rows.slice(1, 6).map((x) => x.code)).toEqual(['en', 'ar', 'cs', 'de', 'ja']);
    expect(rows.at(-1)).toEqual({ code: null, approved_percent: numberValue(projectTotal().approved_percent) });
    expect(rows.every((x) => Object.keys(x).join() === 'code,approved_percent')).toBe(true);
  });

  it('csv, table and markdown use the paths as columns', async () => {
    const args = ['stats', 'demo/android', '--project', 'demo', '--fields', 'name,translated_words_percent'];
    const csv = await run([...args, '-f', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('name,translated_words_percent');
    expect(csvObjects(csv.stdout).at(-1)).toEqual({
      name: String(projectTotal().name),
      translated_words_percent: String(projectTotal().translated_words_percent),
    });
    const table = await run(args);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+TRANSLATED_WORDS_PERCENT$/);
    const md = await run([...args, '-f', 'markdown']);
    expect(md.stdout.split('\n')[0]).toBe('| name | translated\\_words\\_percent |');
    expect(md.stdout.trimEnd().split('\n')).toHaveLength(2 + componentStats().length + projectLanguages().length + 1);
  });
});

describe('markdown escaping of server text', () => {
  it('| and line breaks in language codes, names and timestamps cannot break the table', async () => {
    const s = await startFakeWeblate();
    try {
      const hostile = [
        {
          code: 'x|y\nz',
          name: 'Pipe | Name\r\nsecond <b>line</b>',
          translated_percent: 50.0,
          translated: 1,
          total: 2,
          fuzzy: 0,
          failing: 0,
          approved: 0,
          last_change: '2026|11\n21',
        },
        { code: 'ok', name: 'Plain', translated_percent: 100.0, translated: 2, total: 2, fuzzy: 0, failing: 0, approved: 0, last_change: null },
      ];
      const page = JSON.stringify({ count: 2, next: null, previous: null, results: hostile });
      s.fault('/api/components/demo/android/statistics/', { kind: 'rawBody', body: page, contentType: 'application/json' }, Infinity);
      const r = await run(['stats', 'demo/android', '-f', 'markdown'], s);
      expect([r.code, r.stderr]).toEqual([0, '']);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[2]).toBe('| demo/android/x\\|y<br>z | 50% | 1/2 | 0 | 0 | 0 | 2026\\|11<br>21 |');
      expect(lines[3]).toBe('| demo/android/ok | 100% | 2/2 | 0 | 0 | 0 |   |');
      // Every row has exactly as many unescaped cell separators as the header.
      const separators = (l: string) => l.replace(/\\\|/g, '').split('|').length;
      expect(lines.map(separators)).toEqual(lines.map(() => separators(lines[0]!)));

      const names = await run(['stats', 'demo/android', '-f', 'markdown', '--fields', 'name,code'], s);
      expect(names.stdout.split('\n')[2]).toBe('| Pipe \\| Name<br>second \\<b\\>line\\</b\\> | x\\|y<br>z |');

      // The gate names the row with the code escaped, never a raw line break on stderr.
      const gate = await run(['stats', 'demo/android', '--fail-under', '60'], s);
      expect(gate.code).toBe(3);
      expect(gate.stderr).toBe('wli: 1 of 2 row(s) below 60% translated: demo/android/x|y\\nz (50%)\n');
      // The table escapes the line break as well.
      expect(gate.stdout).toContain('demo/android/x|y\\nz');
      expect(gate.stdout.trimEnd().split('\n')).toHaveLength(3);
    } finally {
      await s.close();
    }
  });
});
