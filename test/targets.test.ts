// Issue 29, item 1: every target form works in every command that can serve it, through one resolver.
// A category p/cat (nested p/cat/sub) wherever a project is taken: its components; a language across a
// project p/-/l in stats, units, changes and pull; a form a command cannot serve is exit 2 with the
// forms it takes; ls on a translation points to translation and units. Each against the fake server:
// what is printed, and the requests the server saw (no more than needed).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageOf } from '../src/core/page.js';
import { parseJson } from '../src/codec/json.js';
import { runCli } from '../src/cli/program.js';
import { inScope, scopeTerms, searchQuery } from '../src/weblate/scope.js';
import { objectOfUrl, readTarget } from '../src/weblate/target.js';
import { newestFirst } from '../src/commands/changes/merge.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { testContext, wli, wliIn } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let dir: string;
beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 5 });
  env = { WLI_URL: fake.url };
  dir = mkdtempSync(join(tmpdir(), 'wli-targets-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

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
/** The requests a run made: path, and the search when there is one. */
const requestsDuring = async <T>(fn: () => Promise<T>) => {
  const before = fake.requests.length;
  const value = await fn();
  return { value, sent: fake.requests.slice(before).map((r) => r.path + (r.query.get('q') ? `?q=${r.query.get('q')}` : '')) };
};
const json = (text: string) => parseJson(text) as Item[];

/**
 * Changes listed above a translation, as the server sent them once their identity is set aside; that
 * identity is the translation each names (issue 29.2), checked here too.
 */
function serverChanges(items: Item[]): Item[] {
  return items.map(({ wli_target, wli_project, wli_component, wli_language, ...change }) => {
    const t = objectOfUrl(change.translation);
    expect([wli_target, wli_project, wli_component, wli_language]).toEqual(
      t?.kind === 'translation' ? [t.text, t.project, t.component.join('/'), t.language] : [wli_target, wli_project, wli_component, null],
    );
    return change;
  });
}
/** Newest first, as Weblate lists a history: by timestamp, then id. */
const byNewest = (a: Item, b: Item) => String(b.timestamp).localeCompare(String(a.timestamp)) || Number(b.id) - Number(a.id);
const CATEGORY_COMPONENTS = ['docs%2Fguide', 'docs%2Fapi%2Freference'];

describe('a category, p/cat, wherever a project is taken', () => {
  it('stats p/cat: the rows of each component inside it, as stats p/c gives them, in list order', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['stats', 'demo/docs', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const each = await Promise.all(['demo/docs/guide', 'demo/docs/api/reference'].map((c) => wliIn(['stats', c, '-f', 'json'], { env })));
    expect(json(r.stdout)).toEqual(each.flatMap((c) => json(c.stdout)));
    expect(json(r.stdout).map((x) => x.wli_target)).toEqual([
      'demo/docs/guide/en',
      'demo/docs/guide/cs',
      'demo/docs/api/reference/en',
      'demo/docs/api/reference/cs',
    ]);
    // The component reading misses (its statistics, then its translations), then the category.
    expect(sent.slice(0, 4)).toEqual([
      '/api/components/demo/docs/statistics/',
      '/api/components/demo/docs/translations/',
      '/api/projects/demo/categories/',
      '/api/projects/demo/components/',
    ]);
    expect(sent.slice(4).sort()).toEqual(CATEGORY_COMPONENTS.map((c) => `/api/components/demo/${c}/statistics/`).sort());
  });

  it('stats p/cat/sub: a nested category, its own components only', async () => {
    const r = await wliIn(['stats', 'demo/docs/api', '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(json(r.stdout).map((x) => x.wli_target)).toEqual(['demo/docs/api/reference/en', 'demo/docs/api/reference/cs']);
  });

  it('units p/cat: every unit of its components, one search scoped to them, checked', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['units', 'demo/docs', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const expected = CATEGORY_COMPONENTS.flatMap((c) => ['en', 'cs'].flatMap((l) => serverItems(`translations/demo/${c}/${l}/units/`)));
    const ids = (items: Item[]) => items.map((u) => u.id).sort((a, b) => Number(a) - Number(b));
    expect(ids(json(r.stdout))).toEqual(ids(expected));
    // The category's exact term: path: (Weblate 5.8), never component:SLUG, which finds other components too.
    expect(sent).toContain('/api/units/?q=path:demo/docs');
    expect(sent.slice(-3, -1)).toEqual(['/api/projects/demo/categories/', '/api/projects/demo/components/']);
  });

  it('changes p/cat: its components’ histories merged newest first, each read no further than needed', async () => {
    const r = await wliIn(['changes', 'demo/docs', '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const expected = CATEGORY_COMPONENTS.flatMap((c) => serverItems(`components/demo/${c}/changes/`)).sort(byNewest);
    expect(expected.length).toBeGreaterThan(5);
    expect(serverChanges(json(r.stdout))).toEqual(expected);
    // The same changes the project lists for those components, in the same order.
    const ofProject = serverItems('projects/demo/changes/').filter((c) => /\/components\/demo\/docs%2F/.test(String(c.component)));
    expect(serverChanges(json(r.stdout))).toEqual(ofProject);

    const { value: limited, sent } = await requestsDuring(() => wliIn(['changes', 'demo/docs', '-L', '3', '-f', 'json'], { env }));
    expect(serverChanges(json(limited.stdout))).toEqual(expected.slice(0, 3));
    // One page of at most 3 from each component; no page asked ahead.
    const lists = fake.requests.slice(-2);
    expect(lists.map((q) => [q.path, q.query.get('page_size')]).sort()).toEqual(
      CATEGORY_COMPONENTS.map((c) => [`/api/components/demo/${c}/changes/`, '3']).sort(),
    );
    expect(sent).toHaveLength(5);
  });

  it('changes p/cat: interleaved histories come out interleaved, newest first, across pages of every list', async () => {
    const s = await startFakeWeblate({ defaultPageSize: 2 });
    try {
      // Alternating between the two components, each one second after the last: the merge must weave them.
      const added = [0, 1, 2, 3, 4].flatMap((i) => s.addChanges(i % 2 ? 'demo/docs/api/reference/cs' : 'demo/docs/guide/cs', [{ action: 2, target: `t${i}` }]));
      const r = await wliIn(['changes', 'demo/docs', '-L', '7', '-f', 'jsonl', '--fields', 'id'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(0);
      const ids = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as Item).id);
      expect(ids.slice(0, 5)).toEqual([...added].reverse());
      expect(ids).toHaveLength(7);
      // Page by page (two a page), only as far as the merge needed: never page 4 of either list.
      const pages = s.requests.filter((q) => q.path.includes('/changes/')).map((q) => q.query.get('page') ?? '1');
      expect(pages.every((n) => Number(n) <= 3)).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('merges lists newest first by time, then id, keeping each item with its own text', async () => {
    const list = async function* (pages: Array<Array<[number, string]>>) {
      for (const page of pages)
        yield pageOf(
          page.map(([id, timestamp]) => ({ id, timestamp })),
          page.map(([id]) => `{"id":${id}}`),
        );
    };
    const t = (s: number) => `2026-11-21T13:00:0${s}.000000Z`;
    const merged: Item[] = [];
    const raw: string[] = [];
    for await (const page of newestFirst(
      [
        list([
          [
            [9, t(9)],
            [5, t(5)],
          ],
          [[2, t(5)]],
        ]),
        list([
          [[7, t(7)]],
          [],
          [
            [6, t(5)],
            [1, t(1)],
          ],
        ]),
        list([]),
      ],
      2,
    )) {
      merged.push(...page.items());
      raw.push(...(page.texts?.() ?? []));
    }
    expect(merged.map((c) => c.id)).toEqual([9, 7, 6, 5, 2, 1]);
    expect(raw).toEqual(merged.map((c) => `{"id":${String(c.id)}}`));
  });

  it('pull p/cat: every file of its components', async () => {
    const into = mkdtempSync(join(dir, 'pull-'));
    const r = await wli(['pull', 'demo/docs', '--dir', into, '-f', 'jsonl', '--fields', 'target,status'], { env });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Item),
    ).toEqual([
      { target: 'demo/docs/guide/en', status: 'skipped' },
      { target: 'demo/docs/guide/cs', status: 'created' },
      { target: 'demo/docs/api/reference/en', status: 'skipped' },
      { target: 'demo/docs/api/reference/cs', status: 'created' },
    ]);
    // The layout record (LAYOUT_FILE) of the components written, made at this first pull (issue 45).
    expect(filesUnder(into).sort()).toEqual(['docs/cs/api/reference.md', 'docs/cs/guide.md', 'wli-layout.json']);
  });

  it('show p/cat: the category object, as its project’s list sends it (no request more)', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['show', 'demo/docs/api', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(parseJson(r.stdout)).toEqual(parseJson(fake.expected('/api/categories/2/').body));
    expect(sent).toEqual(['/api/translations/demo/docs/api/', '/api/components/demo/docs%2Fapi/', '/api/projects/demo/categories/']);
  });

  it('download p/cat: exit 2, Weblate serves no zip of a category; pull is named, nothing asked for or written', async () => {
    const into = mkdtempSync(join(dir, 'download-'));
    const { value: r, sent } = await requestsDuring(() => wli(['download', 'demo/docs', '-o', `${into}/`], { env }));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "wli: 'demo/docs' is a category of project 'demo': Weblate's API serves no zip of a category\n" +
        'hint: every file of its components: wli pull demo/docs; one component\'s zip: wli download demo/docs/<component> ("wli ls demo/docs" lists them)\n',
    );
    expect(sent.some((p) => p.endsWith('/file/') && p.includes('docs%2F'))).toBe(false);
    expect(readdirSync(into)).toEqual([]);
  });

  it('ls p/cat still lists the components inside it, through the same resolver', async () => {
    const r = await wliIn(['ls', 'demo/docs', '-f', 'jsonl', '--fields', 'slug'], { env });
    expect([r.code, r.stdout]).toEqual([0, '{"slug":"guide"}\n{"slug":"reference"}\n']);
  });

  it('changes p/cat --follow: the project’s history polled once a poll, kept to the category', async () => {
    const s = await startFakeWeblate();
    try {
      const f = following(['demo/docs', '-f', 'jsonl', '--fields', 'id,component', '-L', '2', '--interval', '5'], s);
      // A run that ends instead of polling fails at once, with what it said.
      const ended = f.done.then((code) => Promise.reject(new Error(`exit ${code}: ${f.ctx.stderr.text}`)));
      ended.catch(() => {});
      const first = await Promise.race([f.clock.next(), ended]);
      const recent = f.lines().map((l) => JSON.parse(l) as Item);
      expect(recent).toHaveLength(2);
      for (const c of recent) expect(c.component).toMatch(/\/components\/demo\/docs%2F/);
      const polls = s.requests.length;
      const [outside] = s.addChanges('demo/android/cs', [{ action: 2, target: 'not in docs' }]);
      const [inside] = s.addChanges('demo/docs/guide/cs', [{ action: 2, target: 'in docs' }]);
      first.wake();
      await f.clock.next();
      expect(
        f
          .lines()
          .slice(2)
          .map((l) => (JSON.parse(l) as Item).id),
      ).toEqual([inside]);
      expect(outside).toBeLessThan(inside!);
      // One request a poll, the project's history.
      expect(s.requests.slice(polls).map((r) => r.path)).toEqual(['/api/projects/demo/changes/']);
      f.interrupt();
      expect(await f.done).toBe(130);
    } finally {
      await s.close();
    }
  });
});

describe('a language across a project, p/-/l', () => {
  it('stats p/-/l: the row stats --project prints for it, one row, from one request', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['stats', 'demo/-/cs', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const project = json((await wliIn(['stats', '--project', 'demo', '-f', 'json'], { env })).stdout);
    expect(parseJson(r.stdout)).toEqual([project.find((row) => row.wli_target === 'demo/-/cs')]);
    expect(sent).toEqual(['/api/projects/demo/languages/']);
    // What stats prints, stats takes back: every row of --project.
    for (const row of project.filter((x) => String(x.wli_target).includes('/-/'))) {
      expect((await wliIn(['stats', String(row.wli_target), '-f', 'json'], { env })).code).toBe(0);
    }
  });

  it('units p/-/l: every unit of the language in the project, searched project:p AND language:l, checked', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['units', 'demo/-/cs', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const translations = serverItems('translations/')
      .map((t) => String(t.url))
      .filter((u) => /\/translations\/demo\/[^/]+\/cs\/$/.test(u));
    expect(translations.length).toBeGreaterThan(2);
    const expected = translations.flatMap((u) => serverItems(`${new URL(u).pathname.slice('/api/'.length)}units/`));
    const ids = (items: Item[]) => items.map((u) => u.id).sort((a, b) => Number(a) - Number(b));
    expect(ids(json(r.stdout))).toEqual(ids(expected));
    expect(sent).toContain('/api/units/?q=project:demo AND language:cs');
    expect(sent).toContain('/api/projects/demo/languages/');
  });

  it('changes p/-/l: the project’s history kept to the language’s translations, in the server’s order', async () => {
    const { value: r, sent } = await requestsDuring(() => wliIn(['changes', 'demo/-/cs', '-f', 'json'], { env }));
    expect([r.code, r.stderr]).toEqual([0, '']);
    const expected = serverItems('projects/demo/changes/').filter((c) => /\/translations\/demo\/[^/]+\/cs\/$/.test(String(c.translation)));
    expect(expected.length).toBeGreaterThan(5);
    expect(serverChanges(json(r.stdout))).toEqual(expected);
    expect(new Set(sent)).toEqual(new Set(['/api/projects/demo/languages/', '/api/projects/demo/changes/']));
    const limited = await wliIn(['changes', 'demo/-/cs', '-L', '2', '-f', 'json'], { env });
    expect(serverChanges(json(limited.stdout))).toEqual(expected.slice(0, 2));
  });

  it('pull p/-/l: every file of the language in the project', async () => {
    const into = mkdtempSync(join(dir, 'pull-'));
    const r = await wli(['pull', 'demo/-/cs', '--dir', into, '-f', 'jsonl', '--fields', 'target,status'], { env });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Item),
    ).toEqual([
      { target: 'demo/android/cs', status: 'created' },
      { target: 'demo/glossary/cs', status: 'skipped' },
      { target: 'demo/docs/guide/cs', status: 'created' },
      { target: 'demo/docs/api/reference/cs', status: 'created' },
    ]);
    expect(filesUnder(into).sort()).toEqual(['app/src/main/res/values-cs/strings.xml', 'docs/cs/api/reference.md', 'docs/cs/guide.md', 'wli-layout.json']);
  });
});

describe('a form a command cannot serve: exit 2 and the forms it takes, before any request', () => {
  it.each([
    [['show', 'demo/-/cs'], /expected project, project\/component, project\/category, project\/component\/language/],
    [['download', 'demo/-/cs'], /expected project, project\/component, project\/component\/language/],
    [['ls', 'demo/-/cs'], /expected \/ \(the whole server\), project, project\/component, project\/category/],
    [['translation', 'demo/-/cs'], /expected project\/component\/language/],
  ])('%j', async (args, forms) => {
    const { value: r, sent } = await requestsDuring(() => wliIn(args, { env }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^wli: invalid target 'demo\/-\/cs': this command does not take a language across a project \(project\/-\/language\)\nhint: /);
    expect(r.stderr).toMatch(forms);
    expect(sent).toEqual([]);
  });

  it('ls on a translation: exit 2, pointing to translation and units', async () => {
    const r = await wliIn(['ls', 'demo/android/cs'], { env });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      "wli: 'demo/android/cs' is a translation: ls lists what a project, category or component contains\n" +
        'hint: its counts: wli translation demo/android/cs; its strings: wli units demo/android/cs\n',
    );
  });
});

describe('typos in the new forms are explained, with what exists', () => {
  it.each(['stats', 'units', 'changes', 'pull', 'show', 'ls'])('%s p/cat with a typo: did you mean the category', async (command) => {
    const r = await wliIn([command, 'demo/docz', ...(command === 'pull' ? ['--dir', dir] : [])], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^wli: no component 'docz' in project 'demo' \(GET \S+: HTTP 404: Not found\.\)\nhint: did you mean: docs \(a category\)\? \("wli ls demo" lists them\)\n$/,
    );
  });

  it.each(['stats', 'units', 'changes', 'pull'])('%s p/-/l with a typo in the language, then in the project', async (command) => {
    const extra = command === 'pull' ? ['--dir', dir] : [];
    const language = await wliIn([command, 'demo/-/cz', ...extra], { env });
    expect([language.code, language.stdout]).toEqual([5, '']);
    expect(language.stderr).toMatch(
      /^wli: project 'demo' has no language 'cz' \(GET \S+\/projects\/demo\/languages\/\)\nhint: did you mean: cs\? \("wli stats --project demo" lists them\)\n$/,
    );
    const project = await wliIn([command, 'dmeo/-/cs', ...extra], { env });
    expect([project.code, project.stdout]).toEqual([5, '']);
    expect(project.stderr).toMatch(/^wli: no project 'dmeo' \(GET \S+: HTTP 404: Not found\.\)\nhint: did you mean: demo\? /);
  });
});

describe('a 404 on a name the server lists (issue 49.13)', () => {
  it('never suggests the name that was asked: says the server lists it yet answered 404', async () => {
    fake.fault('/projects/demo/components/', { kind: 'status', status: 404, body: '{"detail":"Not found."}' }, 1);
    const r = await wliIn(['ls', 'demo'], { env });
    expect([r.code, r.stdout]).toEqual([5, '']);
    expect(r.stderr).toMatch(/^wli: no project 'demo' \(GET \S+: HTTP 404: Not found\.\)\n/);
    expect(r.stderr).not.toMatch(/did you mean/);
    expect(r.stderr).toMatch(/\nhint: the server lists 'demo' yet answered 404 for it: try again/);
  });
});

describe('the grammar and the scope check', () => {
  it('reads p/cat after the component, p/-/l as itself, and refuses what a command does not take', () => {
    const kinds = (text: string, accepts: Parameters<typeof readTarget>[1], also?: Parameters<typeof readTarget>[2]) =>
      readTarget(text, accepts, also).map((t) => t.kind);
    expect(kinds('demo/docs', ['project', 'component', 'category'])).toEqual(['component', 'category']);
    expect(kinds('demo/docs/api', ['component', 'category', 'translation'])).toEqual(['translation', 'component', 'category']);
    expect(kinds('demo/-/cs', ['component', 'category', 'translation', 'projectLanguage'])).toEqual(['projectLanguage']);
    // ls: the translation last, only to be refused by name.
    expect(kinds('demo/android/cs', ['server', 'project', 'component', 'category'], ['translation'])).toEqual(['component', 'category', 'translation']);
    expect(() => readTarget('demo/-/cs', ['component', 'translation'])).toThrow(/does not take a language across a project/);
  });

  it('units of a category: the exact search is its path, the older one names each component once; the link check accepts exactly its components', () => {
    const scope = { project: 'demo', category: 'docs', components: ['docs/guide', 'docs/api/reference'] };
    expect(scopeTerms(scope, 'exact')).toBe('path:demo/docs');
    expect(scopeTerms(scope, 'older')).toBe('project:demo AND (component:=guide OR component:=reference)');
    expect(scopeTerms({ project: 'demo', components: ['docs/guide'] }, 'exact')).toBe('path:demo/docs/guide');
    expect(scopeTerms({ project: 'demo', components: ['android'] }, 'older')).toBe('project:demo AND component:=android');
    // Another search joined to the scope keeps its own grouping: Weblate refuses AND and OR mixed in one group.
    expect(searchQuery(scope, 'exact', 'check:=same OR has:comment').get('q')).toBe('path:demo/docs AND (check:=same OR has:comment)');
    expect(searchQuery(scope, 'exact', 'check:=same').get('q')).toBe('path:demo/docs AND check:=same');
    const unit = (t: string) => ({ translation: `http://h/api/translations/${t}/` });
    expect(inScope(unit('demo/docs%2Fguide/cs'), scope)).toBe(true);
    expect(inScope(unit('demo/docs%2Fapi%2Freference/en'), scope)).toBe(true);
    // component:=guide matches a slug or a name equal to it, wherever it is: only the category's own pass.
    expect(inScope(unit('demo/other%2Fguide/cs'), scope)).toBe(false);
    expect(inScope(unit('demo/guide/cs'), scope)).toBe(false);
    expect(inScope(unit('other/docs%2Fguide/cs'), scope)).toBe(false);
    const language = { project: 'demo', language: 'cs' };
    expect(scopeTerms(language, 'exact')).toBe('project:demo AND language:cs');
    expect(scopeTerms(language, 'older')).toBe('project:demo AND language:cs');
    expect([inScope(unit('demo/android/cs'), language), inScope(unit('demo/android/de'), language)]).toEqual([true, false]);
  });
});

/** Every file under a directory, relative to it. */
function filesUnder(root: string, prefix = ''): string[] {
  return readdirSync(root).flatMap((name) =>
    statSync(join(root, name)).isDirectory() ? filesUnder(join(root, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}

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
