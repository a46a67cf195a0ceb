// Issue 11, the whole server: one target grammar (/, p, p/c, p/c/l, categories in place), ls and
// show, languages, changes and unit searches at every scope, and misses that say what exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { csvObjects } from './support/csv-parse.js';
import { wli, wliIn } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 5 });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

type Item = Record<string, unknown>;
const api = (p: string) => `/api/${p}`;
/** Every item of a list as the server sends it, page after page. */
function serverItems(path: string): Item[] {
  const items: Item[] = [];
  let next: string | null = `${api(path)}${path.includes('?') ? '&' : '?'}page_size=1000`;
  while (next) {
    const body = parseJson(fake.expected(next).body) as { results: Item[]; next: string | null } | Item[];
    if (Array.isArray(body)) return body;
    items.push(...body.results);
    next = body.next ? new URL(body.next).pathname + new URL(body.next).search : null;
  }
  return items;
}
const requestsDuring = async <T>(fn: () => Promise<T>) => {
  const before = fake.requests.length;
  const value = await fn();
  return { value, sent: fake.requests.slice(before).map((r) => r.path + (r.query.get('q') ? `?q=${r.query.get('q')}` : '')) };
};

describe('ls: what a target contains, each row a target', () => {
  it.each([
    [[], 'projects/'],
    [['/'], 'projects/'],
    [['demo'], 'projects/demo/components/'],
    [['demo/android'], 'components/demo/android/translations/'],
    [['demo/docs/guide'], 'components/demo/docs%2Fguide/translations/'],
  ])('ls %j: json is the server objects, exact, each after its identity (wli_target …)', async (args, path) => {
    const r = await wli(['ls', ...args, '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const items = parseJson(r.stdout) as Item[];
    expect(items.map(({ wli_target: _t, wli_project: _p, wli_component: _c, wli_language: _l, ...rest }) => rest)).toEqual(serverItems(path));
  });

  it('the table names every row as a target that works, categories included', async () => {
    const r = await wliIn(['ls', 'demo'], { env });
    const targets = r.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(/\s+/)[0]);
    expect(targets).toEqual(['demo/android', 'demo/glossary', 'demo/docs/guide', 'demo/docs/api/reference']);
    for (const t of targets) expect((await wliIn(['ls', t!, '-f', 'jsonl'], { env })).code).toBe(0);
    const translations = await wliIn(['ls', 'demo/docs/guide'], { env });
    expect(translations.stdout.split('\n')[0]).toMatch(/^TARGET\s+LANGUAGE\s+TRANSLATED\s+STRINGS\s+LAST CHANGE$/);
    expect(translations.stdout).toMatch(/\ndemo\/docs\/guide\/cs\s+Czech\s+\d+\.\d%\s+\d+\/\d+\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\n/);
  });

  it('every format, --fields and -L', async () => {
    const csv = await wliIn(['ls', '-f', 'csv', '--fields', 'slug,name'], { env });
    expect(csvObjects(csv.stdout).map((p) => p.slug)).toEqual(serverItems('projects/').map((p) => p.slug));
    const md = await wliIn(['ls', 'demo', '-f', 'markdown', '-L', '2'], { env });
    expect(md.stdout.trimEnd().split('\n')).toHaveLength(4);
    const jsonl = await wliIn(['ls', 'demo/android', '-f', 'jsonl', '--fields', 'language_code'], { env });
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).language_code),
    ).toEqual(['en', 'ar', 'cs', 'de', 'ja']);
  });
});

describe('show and language', () => {
  it.each([
    ['demo', 'projects/demo/'],
    ['demo/android', 'components/demo/android/'],
    ['demo/docs/guide', 'components/demo/docs%2Fguide/'],
    ['demo/android/cs', 'translations/demo/android/cs/'],
    ['demo/docs/guide/cs', 'translations/demo/docs%2Fguide/cs/'],
  ])('show %s prints the object exactly as the server sent it', async (target, path) => {
    const r = await wli(['show', target, '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(parseJson(r.stdout)).toEqual(parseJson(fake.expected(api(path)).body));
  });

  it('show in a table: one line per top-level field', async () => {
    const r = await wliIn(['show', 'demo'], { env });
    const keys = Object.keys(parseJson(fake.expected(api('projects/demo/')).body) as Item);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(keys);
  });

  it('language without a code lists every language', async () => {
    const r = await wli(['language', '-f', 'json'], { env });
    expect(parseJson(r.stdout)).toEqual(serverItems('languages/'));
    const table = await wliIn(['language'], { env });
    expect(table.stdout.split('\n')[0]).toMatch(/^CODE\s+NAME\s+DIRECTION\s+PLURALS\s+POPULATION$/);
    expect(table.stdout).toMatch(/\nar\s+Arabic\s+rtl\s+6\s/);
  });
});

describe('changes at every scope', () => {
  it.each([
    ['/', 'changes/'],
    ['demo', 'projects/demo/changes/'],
    ['demo/android', 'components/demo/android/changes/'],
    ['demo/docs/guide', 'components/demo/docs%2Fguide/changes/'],
    ['demo/android/cs', 'translations/demo/android/cs/changes/'],
  ])('changes %s: every change, in server order', async (target, path) => {
    const r = await wli(['changes', target, '-f', 'jsonl', '--fields', 'id'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(serverItems(path).map((c) => c.id));
  });

  it('the filters apply at every scope', async () => {
    const { value: r, sent } = await requestsDuring(() =>
      wliIn(['changes', 'demo', '--user', 'admin', '--since', '2026-11-21T13:03:00Z', '-f', 'jsonl'], { env }),
    );
    expect(sent[0]).toBe('/api/projects/demo/changes/');
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Item);
    expect(rows.length).toBeGreaterThan(0);
    for (const c of rows) {
      expect(String(c.user)).toMatch(/\/users\/admin\/$/);
      expect(String(c.timestamp) >= '2026-11-21T13:03:00').toBe(true);
    }
  });
});

describe('units searched above a translation', () => {
  const translationOf = (u: Item) => new URL(String(u.translation)).pathname;

  it.each([
    ['demo', /^\/api\/translations\/demo\//],
    ['demo/android', /^\/api\/translations\/demo\/android\//],
    ['demo/docs/guide', /^\/api\/translations\/demo\/docs%2Fguide\//],
  ])('units %s -q source:Save: only units of that scope, through /api/units/ with its terms', async (target, inside) => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['units', target, '-q', 'source:Settings', '-f', 'jsonl'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const units = r.stdout
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Item);
    expect(units.length).toBeGreaterThan(0);
    for (const u of units) {
      expect(translationOf(u)).toMatch(inside);
      expect(JSON.stringify(u.source)).toContain('Settings');
    }
    // The scope's exact terms: project:, or a component's path: (never component:SLUG, a substring of other slugs and names).
    const terms = target === 'demo' ? 'project:demo' : `path:${target}`;
    expect(sent.some((s) => s.startsWith(`/api/units/?q=${terms} AND `) && s.endsWith('source:Settings'))).toBe(true);
  });

  it('the whole server: / with -q', async () => {
    const r = await wliIn(['units', '/', '-q', 'source:Settings', '--fields', 'translation', '-f', 'jsonl'], { env });
    const projects = new Set(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => new URL(JSON.parse(l).translation).pathname.split('/')[3]),
    );
    expect([...projects].sort()).toEqual(['demo']);
  });

  it('a unit the server returns outside the scope is never shown', async () => {
    const s = await startFakeWeblate();
    try {
      const units = serverItems('translations/demo/android/cs/units/').slice(0, 2);
      const foreign = { ...serverItems('translations/demo/glossary/cs/units/')[0]! };
      // The search matched another component of the same project too (component: matches a substring).
      s.fault((r) => r.path === '/api/units/' && r.query.get('page_size') !== '1', {
        kind: 'rawBody',
        body: JSON.stringify({ count: 3, next: null, previous: null, results: [units[0], foreign, units[1]] }).replaceAll(fake.origin, s.origin),
      });
      const r = await wliIn(['units', 'demo/android', '-f', 'jsonl', '--fields', 'id'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(0);
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      ).toEqual([units[0]!.id, units[1]!.id]);
    } finally {
      await s.close();
    }
  });

  it('-L counts the rows printed: units of other components first do not eat the limit; an unreadable link is warned about', async () => {
    const s = await startFakeWeblate();
    try {
      const mine = serverItems('translations/demo/android/cs/units/').slice(0, 3);
      const others = serverItems('translations/demo/glossary/cs/units/').slice(0, 3);
      const broken = { ...mine[2]!, id: 777001, translation: 'not a link' };
      const results = [...others, broken, ...mine];
      s.fault(
        (r) => r.path === '/api/units/' && !r.query.get('q')!.includes('no such project'),
        { kind: 'rawBody', body: JSON.stringify({ count: results.length, next: null, previous: null, results }).replaceAll(fake.origin, s.origin) },
        Infinity,
      );
      const r = await wliIn(['units', 'demo/android', '-L', '2', '-f', 'jsonl', '--fields', 'id'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(0);
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).id),
      ).toEqual([mine[0]!.id, mine[1]!.id]);
      expect(r.stderr).toBe("wli: warning: unit 777001 left out: its translation link 'not a link' is not a translation of this server\n");
    } finally {
      await s.close();
    }
  });

  it('a server that ignores the search (Weblate before 4.14.1) is an error naming the version, not a wrong list', async () => {
    const s = await startFakeWeblate();
    s.oldUnitsSearch(true);
    try {
      for (const target of ['demo', 'demo/android', '/']) {
        const r = await wliIn(['units', target, '-q', 'source:Settings'], { env: { WLI_URL: s.url } });
        expect(r.code).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/^wli: the server ignored the search .* needs Weblate 4\.14\.1 or later\nhint: search one translation at a time/);
      }
      // One translation still works: its own list honours q on every version.
      expect((await wliIn(['units', 'demo/android/cs', '-q', 'source:Settings'], { env: { WLI_URL: s.url } })).code).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('categories: p/cat/c and p/cat/c/l everywhere', () => {
  it('three segments are a translation first (no extra request)…', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['units', 'demo/android/cs', '-f', 'jsonl', '-L', '1'], { env }));
    expect(r.code).toBe(0);
    expect(sent).toEqual(['/api/translations/demo/android/cs/units/']);
  });

  it('…and a component inside a category when the server has no such translation (one request more)', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['stats', 'demo/docs/guide', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(sent).toEqual(['/api/translations/demo/docs/guide/statistics/', '/api/components/demo/docs%2Fguide/statistics/']);
    expect((parseJson(r.stdout) as Item[]).map((x) => x.code)).toEqual(['en', 'cs']);
  });

  it.each([
    [['translation', 'demo/docs/guide/cs']],
    [['units', 'demo/docs/guide/cs']],
    [['changes', 'demo/docs/guide']],
    [['changes', 'demo/docs/api/reference/cs']],
    [['stats', 'demo/docs/api/reference', 'demo/docs/guide/cs']],
    [['ls', 'demo/docs/api/reference']],
    [['show', 'demo/docs/api/reference']],
  ])('%j works', async (args) => {
    const r = await wliIn([...args, '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
});

describe('a miss is not a dead end', () => {
  it.each([
    [
      ['units', 'demo/androd/cs'],
      /^wli: no component 'androd' in project 'demo' \(GET \S+: HTTP 404: Not found\.\)\nhint: did you mean: android\? \("wli ls demo" lists them\)\n$/,
    ],
    [['translation', 'demo/android/cz'], /^wli: no translation 'cz' of component 'demo\/android' .*\nhint: did you mean: cs\? /],
    [['ls', 'dmeo'], /^wli: no project 'dmeo' .*\nhint: did you mean: demo\? /],
    [['changes', 'demo/docs/gide'], /^wli: no component 'docs\/gide' in project 'demo' .*\nhint: did you mean: docs\/guide\? /],
    [['language', 'cz'], /^wli: no language 'cz' .*\nhint: did you mean: cs\? \("wli language" lists them\)/],
    [['stats', 'demo'], /^wli: no language 'demo'; 'demo' is a project\nhint: for a project's statistics use --project demo/],
  ])('%j says what exists', async (args, message) => {
    const r = await wliIn(args, { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('the extra lookups are bounded: one page of the parent list per level, at most three', async () => {
    const { sent } = await requestsDuring(() => wliIn(['translation', 'nope/x/y'], { env }));
    expect(sent).toEqual(['/api/translations/nope/x/y/', '/api/components/nope/x/translations/', '/api/projects/nope/components/', '/api/projects/']);
  });

  it('a wrong --url says so instead of blaming the slugs', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--url', `${fake.origin}/not-weblate/`], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: \S+\/not-weblate\/api\/ does not look like a Weblate API: .*HTTP 404.*\nhint: check --url/);
  });
});
