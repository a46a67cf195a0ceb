// Issue 46, "Must deliver" 3: the fake answers as a given Weblate release (test/support/fake-weblate/
// versions.ts, each behaviour with the Weblate source it follows), and the read path of every command
// works against the oldest and the newest release wli supports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { NEWEST, OLDEST, VERSION_ROWS, WEBLATE_VERSIONS, atLeast, compareVersions, versionOptions } from './support/fake-weblate/versions.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';

type Item = Record<string, unknown>;

describe('the version table', () => {
  it('compares releases part by part', () => {
    expect([...WEBLATE_VERSIONS].sort(compareVersions)).toEqual([...WEBLATE_VERSIONS]);
    expect(compareVersions('5.10', '5.4')).toBe(1);
    expect(compareVersions('2026.4', '5.17.1')).toBe(1);
    expect(compareVersions('5.4.0', '5.4')).toBe(0);
    expect(atLeast('5.15', '5.15')).toBe(true);
  });
  it('cites a Weblate source for every behaviour', () => {
    for (const row of VERSION_ROWS) expect(row.source).toMatch(/weblate\/[\w/]+\.py \w+/);
  });
  it('refuses what is not a version', () => {
    expect(() => versionOptions('latest')).toThrow(/not a Weblate version/);
  });
});

describe.each(WEBLATE_VERSIONS)('Weblate %s', (version) => {
  let fake: FakeWeblate;
  beforeAll(async () => {
    fake = await startFakeWeblate({ version });
  });
  afterAll(() => fake.close());
  const get = (path: string, headers: Record<string, string> = {}) => fake.expected(`/api/${path}`, headers);
  const json = (path: string) => parseJson(get(path).body) as Item;

  it('errors in its envelope; an Http404 keeps its text only before 5.10', () => {
    const miss = get('translations/nope/android/cs/');
    expect(miss.status).toBe(404);
    const zip = json('components/demo/android/file/?format=zip:nope');
    if (atLeast(version, '5.10')) {
      expect(parseJson(miss.body)).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
      expect(zip).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
      // DRF's own NotFound keeps its text.
      expect(json('translations/demo/android/cs/units/?page=999')).toMatchObject({ errors: [{ detail: 'Invalid page.' }] });
    } else {
      expect(parseJson(miss.body)).toEqual({ detail: 'Not found.' });
      // weblate/trans/views/files.py download_multi: the exporter's name after zip: (fmt[4:]).
      expect(zip).toEqual({ detail: 'Conversion to nope is not supported' });
    }
  });

  it('LargePagination lists: 100 a page, 200 from 5.10; the others 50', () => {
    const size = atLeast(version, '5.10') ? 200 : 100;
    expect((json('units/').results as unknown[]).length).toBe(size);
    expect(json('units/?page_size=5000').next).toBeNull(); // up to 10000: every unit on one page
    expect((json('translations/big/strings/xx/units/').results as unknown[]).length).toBe(50);
    expect((json('translations/big/strings/xx/units/?page_size=5000').results as unknown[]).length).toBe(1000);
  });

  it('lists projects and languages by id', () => {
    expect((json('projects/').results as Item[]).map((p) => p.slug)).toEqual(['demo', 'big']);
    const ids = (json('languages/').results as Item[]).map((l) => l.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((json('components/demo/android/translations/').results as Item[]).map((t) => t.id as number)).toEqual(
      (json('components/demo/android/statistics/').results as Item[]).map((t) => (json(`translations/demo/android/${t.code as string}/`).id ?? 0) as number),
    );
  });

  it('the root lists the router: suggestions from 2026.8, never metrics or search', () => {
    const root = Object.keys(json(''));
    expect(root).not.toContain('metrics');
    expect(root).not.toContain('search');
    expect(root.includes('suggestions')).toBe(atLeast(version, '2026.8'));
    expect(root.slice(0, 4)).toEqual(['users', 'groups', 'roles', 'projects']);
  });

  it('X-RateLimit-* on every API answer', () => {
    const h = get('projects/').headers;
    expect(h['X-RateLimit-Limit']).toBe('100');
    expect(h['X-RateLimit-Remaining']).toMatch(/^\d+$/);
    expect(h['X-RateLimit-Reset']).toMatch(/^\d+$/);
  });

  it('search: path: from 5.8 (a 400 before), state:needs-rewriting from 5.15; conversions: csv-multi from 5.14', () => {
    expect(get('units/?q=path:demo/android').status).toBe(atLeast(version, '5.8') ? 200 : 400);
    const rewriting = get('units/?q=state:needs-rewriting');
    expect(rewriting.status).toBe(atLeast(version, '5.15') ? 200 : 400);
    if (!atLeast(version, '5.15')) expect(rewriting.body).toContain('Unsupported state: needs-rewriting');
    expect(get('translations/demo/android/cs/file/?format=csv-multi').status).toBe(atLeast(version, '5.14') ? 200 : 400);
    expect(get('translations/demo/android/cs/file/?format=json-nested').status).toBe(200);
  });

  it('endpoints come with their release: project file 5.5, comments 5.15, memory 5.17, metrics and suggestions 2026.8', async () => {
    const isHtml404 = (path: string) => {
      const r = get(path);
      return r.status === 404 && r.headers['Content-Type']!.startsWith('text/html');
    };
    expect(isHtml404('projects/demo/file/')).toBe(!atLeast(version, '5.5'));
    const commented = (parseJson(fake.expected('/api/units/?q=has:comment').body) as { results: Item[] }).results[0]!.id as number;
    expect(isHtml404(`units/${commented}/comments/`)).toBe(!atLeast(version, '5.15'));
    expect(isHtml404('suggestions/')).toBe(!atLeast(version, '2026.8'));
    expect(isHtml404('projects/demo/metrics/')).toBe(!atLeast(version, '2026.8'));
    expect('metrics_url' in json('projects/demo/')).toBe(atLeast(version, '2026.8'));
    const lookup = await fetch(`${fake.url}memory/lookup/?source_language=en&target_language=cs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Token t' },
      body: '{"strings":["Save"]}',
    });
    expect(lookup.status === 200).toBe(atLeast(version, '5.17'));
  });
});

// The read path of every command, against the oldest and the newest release: each works (exit code,
// key output), reading what that release has.
describe.each([OLDEST, NEWEST])('every command reads Weblate %s', (version) => {
  let fake: FakeWeblate;
  let env: Record<string, string>;
  const newest = version === NEWEST;
  beforeAll(async () => {
    fake = await startFakeWeblate({ version, rateLimit: false });
    env = { WLI_URL: fake.url, WLI_TOKEN: 'token' };
  });
  afterAll(() => fake.close());
  const run = async (...args: string[]) => {
    const r = await wli(args, { env });
    return { ...r, json: () => parseJson(r.stdout) as Item & Item[] };
  };

  it.each([
    [['translation', 'demo/android/cs', '-f', 'json'], (o: Item) => expect(o).toMatchObject({ language_code: 'cs', total: 32 })],
    [['language', 'cs', '-f', 'json'], (o: Item) => expect(o).toMatchObject({ code: 'cs', name: 'Czech' })],
    [['show', 'demo', '-f', 'json'], (o: Item) => expect(o).toMatchObject({ slug: 'demo' })],
  ])('%j', async (args, check) => {
    const r = await run(...args);
    expect([r.code, r.stderr]).toEqual([0, '']);
    check(r.json());
  });

  it('units of a translation, and a search across the server', async () => {
    const r = await run('units', 'demo/android/cs', '-f', 'json');
    expect([r.code, r.stderr, r.json().length]).toEqual([0, '', 32]);
    const s = await run('units', '/', '-q', 'language:cs AND state:empty', '-f', 'json');
    expect(s.code).toBe(0);
    const count = (
      parseJson(fake.expected(`/api/units/?q=${encodeURIComponent('language:cs AND state:empty')}`, { Authorization: 'Token token' }).body) as Item
    ).count;
    expect(s.json().length).toBe(count);
    expect(count).toBeGreaterThan(0);
  });

  it('units --with comments and screenshots: comments only where the server has them', async () => {
    const r = await run('units', 'demo/android/cs', '-q', 'has:comment', '--with', 'comments,screenshots', '-f', 'json');
    if (atLeast(version, '5.15')) {
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect((r.json()[0]!.wli_comments as unknown[]).length).toBeGreaterThan(0);
    } else {
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/5\.15/);
    }
  });

  it('changes of a translation and of the server', async () => {
    const r = await run('changes', 'demo/android/cs', '-f', 'json');
    expect(r.code).toBe(0);
    expect(r.json().length).toBeGreaterThan(0);
    expect((await run('changes', '/', '-L', '3', '-f', 'json')).json().length).toBe(3);
  });

  it('stats of a translation, a language and a project by component (metrics on the newest, fan-out on the oldest)', async () => {
    expect((await run('stats', 'demo/android/cs', 'cs', '-f', 'json')).json().length).toBe(2);
    const r = await wli(['stats', '--project', 'demo', '--by', 'translation', '-f', 'json', '--verbose'], { env });
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Item[];
    expect(rows.map((x) => x.wli_target)).toContain('demo/android/cs');
    expect(r.stderr).toMatch(newest ? /metrics endpoint/ : /no project metrics endpoint/);
  });

  it('ls, checks, status, locales, screenshots', async () => {
    expect((await run('ls', 'demo', '-f', 'json')).json().map((x) => x.wli_target)).toContain('demo/android');
    const checks = await run('checks', 'demo/android/cs', '-f', 'json');
    expect(checks.code).toBe(0);
    expect(checks.json().some((x) => x.check === 'same')).toBe(true);
    const status = await run('status', 'demo/android', '-f', 'json');
    expect(status.code).toBe(0);
    expect(status.json()).toMatchObject({ locked: false });
    const locales = await run('locales', 'demo/android', '-f', 'json');
    expect(locales.code).toBe(0);
    expect(locales.json().map((x) => x.code)).toContain('cs');
    const shots = await run('screenshots', 'demo/android', '-f', 'json');
    expect(shots.code).toBe(0);
    expect(shots.json().length).toBeGreaterThan(0);
  });

  it('memory: a lookup from 5.17, a clear refusal before', async () => {
    const r = await run('memory', '--from', 'en', '--to', 'cs', 'Save', '-f', 'json');
    if (newest) {
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.json()[0]).toMatchObject({ query: 'Save' });
    } else {
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/5\.17/);
    }
  });

  it('download of a translation and of a component', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-versions-'));
    try {
      const t = await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env });
      expect([t.code, t.stderr]).toEqual([0, expect.any(String)]);
      const z = await wli(['download', 'demo/android', '-o', join(dir, 'android.zip')], { env });
      expect(z.code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(['android.zip', 'demo-android-cs.xml']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
