// Issue 29, item 2: every listed item names its target. ls items, changes and units listed above a
// translation, pull records and stats rows start with wli_target, wli_project, wli_component and
// wli_language (null where they do not apply), then the server's fields exactly as sent, in JSON,
// JSON Lines and CSV; and every wli_target printed is a target the commands take back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import { IDENTITY_FIELDS, identifyPage } from '../src/weblate/identity.js';
import { csvObjects } from './support/csv-parse.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { runCli } from '../src/cli/program.js';
import { testContext, wliIn } from './support/run.js';
import { pageOf } from '../src/core/page.js';

type Item = Record<string, unknown>;

let fake: FakeWeblate;
let env: Record<string, string>;
let cache: string;
beforeAll(async () => {
  // No rate limit: the many runs below would otherwise end in its note on stderr.
  fake = await startFakeWeblate({ defaultPageSize: 5, rateLimit: false });
  cache = mkdtempSync(join(tmpdir(), 'wli-named-cache-'));
  env = { WLI_URL: fake.url, XDG_CACHE_HOME: cache };
});
afterAll(async () => {
  await fake.close();
  rmSync(cache, { recursive: true, force: true });
});

const lines = (stdout: string): Item[] =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => parseJson(l) as Item);
const identity = (i: Item) => [i.wli_target, i.wli_project, i.wli_component, i.wli_language];
const withoutIdentity = ({ wli_target: _t, wli_project: _p, wli_component: _c, wli_language: _l, ...rest }: Item): Item => rest;

/** Every item of a list as the server sends it. */
function serverItems(path: string): Item[] {
  const body = parseJson(fake.expected(`/api/${path}?page_size=1000`).body) as { results: Item[] };
  return body.results;
}

describe('ls: each item names its target, first, in every format', () => {
  it.each([
    [[], 'projects/', [['demo', 'demo', null, null]]],
    [['demo'], 'projects/demo/components/', [['demo/docs/guide', 'demo', 'docs/guide', null]]],
    [['demo/android'], 'components/demo/android/translations/', [['demo/android/cs', 'demo', 'android', 'cs']]],
    [['demo/docs/guide'], 'components/demo/docs%2Fguide/translations/', [['demo/docs/guide/cs', 'demo', 'docs/guide', 'cs']]],
  ])('ls %j -f json: the identity, then the server object exactly', async (args, path, some) => {
    const r = await wliIn(['ls', ...args, '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const items = parseJson(r.stdout) as Item[];
    for (const item of items) expect(Object.keys(item).slice(0, 4)).toEqual(IDENTITY_FIELDS);
    expect(items.map(withoutIdentity)).toEqual(serverItems(path));
    for (const s of some) expect(items.map(identity)).toContainEqual(s);
  });

  it('a component inside a category is named p/cat/c (its slug alone is a 404), in a category listing too', async () => {
    const project = lines((await wliIn(['ls', 'demo', '-f', 'jsonl', '--fields', 'wli_target,slug'], { env })).stdout);
    expect(project).toEqual([
      { wli_target: 'demo/android', slug: 'android' },
      { wli_target: 'demo/glossary', slug: 'glossary' },
      { wli_target: 'demo/docs/guide', slug: 'guide' },
      { wli_target: 'demo/docs/api/reference', slug: 'reference' },
    ]);
    const category = await wliIn(['ls', 'demo/docs', '-f', 'csv', '--fields', 'wli_target,wli_component'], { env });
    expect(csvObjects(category.stdout)).toEqual([
      { wli_target: 'demo/docs/guide', wli_component: 'docs/guide' },
      { wli_target: 'demo/docs/api/reference', wli_component: 'docs/api/reference' },
    ]);
  });

  it('CSV: the four fields head the header, null as an empty cell', async () => {
    const r = await wliIn(['ls', '-f', 'csv'], { env });
    expect(r.stdout.split('\r\n')[0]).toMatch(/^wli_target,wli_project,wli_component,wli_language,name,slug,/);
    expect(csvObjects(r.stdout).map((p) => [p.wli_target, p.wli_component])).toContainEqual(['demo', '']);
  });

  it('JSON Lines keep the server bytes after the identity: escapes, 1.0 and 64-bit integers as sent', async () => {
    const s = await startFakeWeblate();
    try {
      const item = `{"name":"Caf\\u00e9 \\/ bar","slug":"x","id":9223372036854775807,"ratio":1.0,"url":"${s.origin}/api/projects/x/"}`;
      s.fault((q) => q.path === '/api/projects/', { kind: 'rawBody', body: `{"count":1,"next":null,"previous":null,"results":[${item}]}` });
      const r = await wliIn(['ls', '-f', 'jsonl'], { env: { WLI_URL: s.url } });
      expect(r.stdout).toBe(`{"wli_target":"x","wli_project":"x","wli_component":null,"wli_language":null,${item.slice(1)}\n`);
    } finally {
      await s.close();
    }
  });

  it('an object without its own URL is named inside the target listed', () => {
    const page = identifyPage(pageOf([{ slug: 'a' }, {}], ['{"slug":"a"}', '{}']), (i) =>
      i.slug ? { target: 'p/a', project: 'p', component: 'a', language: null } : { target: null, project: null, component: null, language: null },
    );
    expect(page.texts?.()).toEqual([
      '{"wli_target":"p/a","wli_project":"p","wli_component":"a","wli_language":null,"slug":"a"}',
      '{"wli_target":null,"wli_project":null,"wli_component":null,"wli_language":null}',
    ]);
    // An item that carries one of the four itself: wli's value first, the server's kept as server_<name> (issue 45); its text is not doubled up.
    const own = identifyPage(pageOf([{ wli_target: 'theirs' }], ['{"wli_target":"theirs"}']), () => ({
      target: 'ours',
      project: null,
      component: null,
      language: null,
    }));
    expect(own.items().map((i) => Object.entries(i))).toEqual([
      [
        ['wli_target', 'ours'],
        ['wli_project', null],
        ['wli_component', null],
        ['wli_language', null],
        ['server_wli_target', 'theirs'],
      ],
    ]);
    expect(own.texts?.()).toBeUndefined();
  });
});

describe('changes above a translation name the translation each is in', () => {
  it('changes demo -f jsonl: wli_target from each change’s translation link, then the change exactly as sent', async () => {
    const r = await wliIn(['changes', 'demo', '-f', 'jsonl'], { env });
    expect(r.code).toBe(0);
    const changes = lines(r.stdout);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      expect(Object.keys(c).slice(0, 4)).toEqual(IDENTITY_FIELDS);
      const path = new URL(String(c.translation)).pathname.split('/').slice(3, 6).map(decodeURIComponent);
      expect(identity(c)).toEqual([path.join('/'), path[0], path[1], path[2]]);
    }
    expect(changes.map((c) => c.wli_target)).toContain('demo/docs/guide/cs');
    // The rest is the server's list, item for item.
    const raw = parseJson(fake.expected('/api/projects/demo/changes/?page_size=1000').body) as { results: Item[] };
    expect(changes.map(withoutIdentity)).toEqual(raw.results);
  });

  it('a change of no translation names its component, else its project; at the server level null when it says neither', async () => {
    const s = await startFakeWeblate();
    try {
      const o = s.origin;
      const results = [
        { unit: null, component: `${o}/api/components/demo/docs%2Fguide/`, translation: `${o}/api/translations/demo/docs%2Fguide/cs/`, id: 3 },
        { unit: null, component: `${o}/api/components/demo/docs%2Fguide/`, translation: null, id: 2 },
        { unit: null, component: null, translation: null, id: 1 },
      ];
      const body = JSON.stringify({ count: 3, next: null, previous: null, results });
      s.fault((q) => q.path === '/api/projects/demo/changes/' || q.path === '/api/changes/', { kind: 'rawBody', body }, 2);
      const project = await wliIn(['changes', 'demo', '-f', 'jsonl'], { env: { WLI_URL: s.url } });
      expect(lines(project.stdout).map(identity)).toEqual([
        ['demo/docs/guide/cs', 'demo', 'docs/guide', 'cs'],
        ['demo/docs/guide', 'demo', 'docs/guide', null],
        ['demo', 'demo', null, null],
      ]);
      const server = await wliIn(['changes', '/', '-f', 'csv', '--fields', 'wli_target,id'], { env: { WLI_URL: s.url } });
      expect(csvObjects(server.stdout)).toEqual([
        { wli_target: 'demo/docs/guide/cs', id: '3' },
        { wli_target: 'demo/docs/guide', id: '2' },
        { wli_target: '', id: '1' },
      ]);
    } finally {
      await s.close();
    }
  });

  it('the table gets a TRANSLATION column; a translation’s own changes keep theirs as the server sent them', async () => {
    const table = await wliIn(['changes', 'demo', '-L', '3'], { env, columns: 200 });
    expect(table.stdout.split('\n')[0]).toMatch(/^\s*ID\s+TRANSLATION\s+TIME\s+ACTION\s+USER\s+UNIT\s+TARGET$/);
    expect(table.stdout.split('\n')[1]).toMatch(/^\s*\d+\s+demo\/\S+\/[a-z]{2}\s/);
    const component = await wliIn(['changes', 'demo/docs/guide', '-L', '1'], { env, columns: 200 });
    expect(component.stdout.split('\n')[0]).toMatch(/^\s*ID\s+TRANSLATION\s+TIME/);
    const own = await wliIn(['changes', 'demo/android/cs', '-L', '1', '-f', 'jsonl'], { env });
    expect(Object.keys(lines(own.stdout)[0]!)[0]).toBe('unit');
    expect((await wliIn(['changes', 'demo/android/cs', '-L', '1'], { env })).stdout.split('\n')[0]).toMatch(/^\s*ID\s+TIME\s+ACTION/);
  });

  it('an empty list in CSV: the header names the four fields above a translation, not for one', async () => {
    const above = await wliIn(['changes', 'demo', '--user', 'nobody-here', '-f', 'csv'], { env });
    expect(above.code).toBe(0);
    expect(above.stdout).toBe(
      'wli_target,wli_project,wli_component,wli_language,unit,component,translation,user,author,timestamp,action,target,id,action_name,url\r\n',
    );
    const own = await wliIn(['changes', 'demo/android/cs', '--user', 'nobody-here', '-f', 'csv'], { env });
    expect(own.stdout.startsWith('unit,component,')).toBe(true);
  });

  it('--follow names them too', async () => {
    // Ended (as by Ctrl-C) when it first waits to poll: the recent changes are out by then.
    const interrupt = new AbortController();
    const sleep = () => {
      interrupt.abort();
      return Promise.resolve();
    };
    const ctx = { ...testContext({ env }), signal: interrupt.signal, sleep };
    await runCli(['changes', 'demo', '--follow', '-L', '2', '-f', 'jsonl', '--interval', '1'], ctx);
    const changes = lines(ctx.stdout.text);
    expect(changes).toHaveLength(2);
    for (const c of changes) expect(String(c.wli_target)).toMatch(/^demo\/.+\/[a-z]{2}$/);
  });
});

describe('units above a translation name their translation', () => {
  it('units demo -q … -f jsonl: wli_target from each unit’s translation link, the unit as sent after it (64-bit ids exact)', async () => {
    const r = await wliIn(['units', 'demo', '-q', 'source:Settings', '-f', 'jsonl'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const text = r.stdout.trimEnd().split('\n');
    expect(text.length).toBeGreaterThan(1);
    for (const line of text) {
      const u = parseJson(line) as Item;
      expect(Object.keys(u).slice(0, 4)).toEqual(IDENTITY_FIELDS);
      const path = new URL(String(u.translation)).pathname.split('/').slice(3, 6).map(decodeURIComponent);
      expect(identity(u)).toEqual([path.join('/'), path[0], path[1], path[2]]);
      // The server's own text follows the four fields, byte for byte.
      expect(line).toMatch(/^\{"wli_target":"[^"]+","wli_project":"demo","wli_component":"[^"]+","wli_language":"[^"]+","translation":/);
    }
    const csv = await wliIn(['units', 'demo/docs/guide', '-q', 'source:e', '-f', 'csv', '--fields', 'wli_target,wli_component,id'], { env });
    expect(csv.code).toBe(0);
    expect(csvObjects(csv.stdout).length).toBeGreaterThan(0);
    for (const row of csvObjects(csv.stdout)) expect([row.wli_target?.startsWith('demo/docs/guide/'), row.wli_component]).toEqual([true, 'docs/guide']);
  });

  it('one translation’s units stay as the server sent them; an empty search’s CSV header names the four fields', async () => {
    const own = await wliIn(['units', 'demo/android/cs', '-L', '1', '-f', 'jsonl'], { env });
    expect(Object.keys(lines(own.stdout)[0]!)[0]).toBe('translation');
    const empty = await wliIn(['units', 'demo', '-q', 'source:"no such string anywhere"', '-f', 'csv'], { env });
    expect(empty.stdout).toMatch(/^wli_target,wli_project,wli_component,wli_language,translation,source,/);
  });
});

/**
 * Every wli_target wli prints is a target it takes back. The forms the one resolver adds (p/-/l: a
 * language across a project; p/cat: a category) work only once it is merged (issue 29 item 1): the
 * lead sets AFTER_RESOLVER to true then.
 */
const AFTER_RESOLVER = true;

describe('every wli_target printed is taken back', () => {
  const printed = new Map<string, Set<string>>();
  const kindOf = (t: string): string => {
    const s = t.split('/');
    if (s[1] === '-') return 'project-language';
    if (s.length === 1) return 'project';
    if (s.length === 2) return 'component';
    // p/cat/c (a component in a category) or p/c/l: the target's own source said which.
    return 'translation-or-category-component';
  };

  beforeAll(async () => {
    const runs: string[][] = [
      ['ls', '/', '-f', 'jsonl'],
      ['ls', 'demo', '-f', 'jsonl'],
      ['ls', 'demo/android', '-f', 'jsonl'],
      ['ls', 'demo/docs', '-f', 'jsonl'],
      ['changes', 'demo', '-f', 'jsonl'],
      ['units', 'demo', '-q', 'source:Settings', '-f', 'jsonl'],
      ['pull', 'demo', '-f', 'jsonl', '--dry-run'],
      ['stats', 'demo/android', '-f', 'json'],
      ['stats', '--project', 'demo', '-f', 'json'],
    ];
    for (const args of runs) {
      const r = await wliIn(args, { env });
      expect([args, r.code]).toEqual([args, 0]);
      const items = args.includes('json') ? (parseJson(r.stdout) as Item[]) : lines(r.stdout);
      for (const i of items) {
        expect(typeof i.wli_target, `${args.join(' ')}: ${JSON.stringify(i).slice(0, 120)}`).toBe('string');
        const t = i.wli_target as string;
        const kind = kindOf(t);
        // A component in a category and a translation look alike: told apart by their components.
        const exact = kind === 'translation-or-category-component' ? (i.wli_language === null ? 'category-component' : 'translation') : kind;
        printed.set(exact, (printed.get(exact) ?? new Set()).add(t));
      }
    }
  });

  it('each kind was printed', () => {
    expect([...printed.keys()].sort()).toEqual(['category-component', 'component', 'project', 'project-language', 'translation']);
  });

  const TAKES: Record<string, string[][]> = {
    project: [['show'], ['units', '-L', '1'], ['changes', '-L', '1'], ['ls']],
    component: [['show'], ['stats'], ['units', '-L', '1'], ['changes', '-L', '1'], ['ls']],
    'category-component': [['show'], ['stats'], ['units', '-L', '1'], ['changes', '-L', '1'], ['ls']],
    translation: [['show'], ['stats'], ['units', '-L', '1'], ['changes', '-L', '1']],
  };

  it.each(Object.keys(TAKES))('%s targets: show, stats, units, changes (as the kind allows) take a sample back, exit 0', async (kind) => {
    const sample = [...(printed.get(kind) ?? [])];
    // The first, the last and one inside a category when there is one: enough to catch a form a command refuses.
    const picked = [...new Set([sample[0]!, sample.at(-1)!, ...sample.filter((t) => t.startsWith('demo/docs/')).slice(0, 1)])];
    for (const t of picked) {
      for (const [command, ...rest] of TAKES[kind]!) {
        const r = await wliIn([command!, t, ...rest], { env });
        expect([command, t, r.code, r.stderr]).toEqual([command, t, 0, '']);
      }
    }
  });

  it.runIf(AFTER_RESOLVER)('project-language targets (p/-/l, from stats --project): stats, units, changes take them back', async () => {
    for (const t of [...(printed.get('project-language') ?? [])].slice(0, 2)) {
      for (const [command, ...rest] of [['stats'], ['units', '-L', '1'], ['changes', '-L', '1']]) {
        const r = await wliIn([command!, t, ...rest], { env });
        expect([command, t, r.code]).toEqual([command, t, 0]);
      }
    }
  });
});
