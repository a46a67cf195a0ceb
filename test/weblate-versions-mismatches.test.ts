// Issue 46, "Done when": every numbered mismatch has a test that fails before, against the versioned
// fake. Each item runs the real CLI against startFakeWeblate({ version }) as the oldest and the newest
// release the fake names (test/support/fake-weblate/versions.ts), where the behaviour differs by
// release the difference is asserted. Run against wli before issue 46 (26615a1; WLI_TEST_BINARY set to
// that tree's bin/wli.cjs), every item fails on the newest release, and on the oldest every item but 1
// (5.4's check: is iexact: old wli's check:same did not over-count there) and 7 (before 2026.8 there are
// no metrics: the fan-out through components/, which never lists a shared component, is all either reads).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { NEWEST, OLDEST, atLeast } from './support/fake-weblate/versions.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';

type Item = Record<string, unknown>;
const TOKEN = 'secret-token';

describe.each([OLDEST, NEWEST])('Weblate %s', (version) => {
  let fake: FakeWeblate;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    fake = await startFakeWeblate({
      version,
      overlaps: true,
      apps: true,
      rateLimit: false,
      locked: ['apps/desktop'],
      repositories: { 'demo/android': { merge_failure: 'Merge conflict in strings.xml' } },
      sharedComponents: [{ component: 'demo/glossary', into: 'big' }],
      localizedScreenshots: true,
    });
    env = { WLI_URL: fake.url, WLI_TOKEN: TOKEN };
    dir = mkdtempSync(join(tmpdir(), 'wli-mismatch-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (...args: string[]) => wli(args, { env });
  const rows = async (...args: string[]): Promise<Item[]> => {
    const r = await run(...args, '-f', 'json');
    expect([r.code, r.stderr]).toEqual([0, '']);
    return parseJson(r.stdout) as Item[];
  };

  it('1. checks: --fail-over same=0 passes a component whose only failing check is same-plurals', async () => {
    const r = await run('checks', 'devices/android-tv', '--fail-over', 'same=0');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect((await run('checks', 'devices/android-tv', '--fail-over', 'same-plurals=0')).code).toBe(3);
  });

  it("2. scopes: status devices/android counts its own pending strings, not android-tv's or Android Wear's", async () => {
    const r = await run('status', 'devices/android', '--fail-if', 'pending', '-f', 'json');
    expect(r.code).toBe(0);
    expect(parseJson(r.stdout)).toMatchObject({ pending: 0 });
  });

  it("3. a project's status: --fail-if locked fails on a locked component; --fail-if merge-failure reads the components", async () => {
    const locked = await run('status', 'apps', '--fail-if', 'locked');
    expect(locked.code).toBe(3);
    expect(locked.stderr).toContain('apps/desktop');
    const merge = await run('status', 'demo', '--fail-if', 'merge-failure');
    expect(merge.code).toBe(3);
    expect(merge.stderr).toContain('demo/android');
  });

  it('4. --state: translated and untranslated make every string; needs-editing is what the statistics count as fuzzy', async () => {
    const count = async (state: string) => (await rows('units', 'devices/android/cs', '--state', state)).length;
    const [translated, untranslated, editing] = await Promise.all([count('translated'), count('untranslated'), count('needs-editing')]);
    expect(translated + untranslated).toBe(8);
    expect(translated).toBe(4); // 20, 20, 20 and the approved 30
    // 10, 11 and 12 (5.15 and newer); an older server holds those strings in 10: the same 3.
    expect(editing).toBe(3);
    const states = (await rows('units', 'devices/android/cs', '--state', 'needs-editing')).map((u) => u.state);
    expect(states.sort()).toEqual(atLeast(version, '5.15') ? [10, 11, 12] : [10, 10, 10]);
  });

  it('5. memory: a project that does not exist is said as such; a server without the lookup names 5.17', async () => {
    const r = await run('memory', 'Save', '--from', 'en', '--to', 'cs', '--project', 'nope');
    expect(r.stdout).toBe('');
    if (atLeast(version, '5.17')) {
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/project 'nope' is unknown, or not visible to this token/);
      expect(r.stderr).not.toMatch(/5\.17/);
    } else {
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/5\.17/);
    }
  });

  it("6. download: Weblate's name for a component in a category is predicted, so a second -o DIR/ asks conditionally", async () => {
    const out = join(dir, 'names');
    const first = await run('download', 'demo/docs/guide/cs', '-o', `${out}/`);
    expect([first.code, readdirSync(out)]).toEqual([0, ['demo-guide-cs.md']]);
    const again = await run('download', 'demo/docs/guide/cs', '-o', `${out}/`);
    expect([again.code, again.stderr]).toEqual([0, `wli: ${join(out, 'demo-guide-cs.md')}: unchanged\n`]);
    // An unknown conversion is refused before any request.
    const before = fake.requests.length;
    const unknown = await run('download', 'demo/android', '--convert', 'zip:nope', '-o', `${out}/`);
    expect([unknown.code, fake.requests.length]).toEqual([2, before]);
  });

  it('7. shared components: a project’s rows of a component shared into it are its own target (metrics, 2026.8)', async () => {
    const shared = (await rows('stats', '--project', 'big', '--by', 'translation')).filter((x) => String(x.wli_target).startsWith('demo/glossary/'));
    if (atLeast(version, '2026.8')) {
      expect(shared.length).toBeGreaterThan(0);
      // Each row round-trips: its target is the component's own, and says the same numbers.
      // stats -f json is a list whatever the number of targets (issue 49.7): the one row.
      for (const row of shared) expect(await rows('stats', String(row.wli_target))).toMatchObject([{ total: row.total, translated: row.translated }]);
    } else {
      // The fan-out reads the project's components/, which Weblate does not list a shared component in.
      expect(shared).toEqual([]);
    }
  });

  it('8. screenshots: a cs string shows the cs translation’s localized screenshot too', async () => {
    const units = await rows('units', 'demo/android/cs', '-q', 'context:action_settings', '--with', 'screenshots', '--fields', 'context,wli_screenshots');
    const names = units.flatMap((u) => (u.wli_screenshots as Item[]).map((s) => s.name));
    expect(names.length).toBeGreaterThan(1);
  });

  it('9. the check list: asciidoc-markup is a check wli knows', async () => {
    const r = await run('checks', 'demo/android', '--check', 'asciidoc-markup', '-f', 'json');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(parseJson(r.stdout)).toEqual([expect.objectContaining({ check: 'asciidoc-markup', failing: 0 })]);
  });

  it('10. cost: wli checks asks at most one request per check id besides the scope’s own', async () => {
    const before = fake.requests.length;
    const r = await run('checks', 'devices');
    expect(r.code).toBe(0);
    const asked = fake.requests.slice(before).map((q) => decodeURIComponent(q.url.replace(/\+/g, ' ')));
    const ids = asked.map((u) => /\b(?:dismissed_)?check:=?([\w-]+)/.exec(u)?.[1]).filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length); // one request per check id: never check: and dismissed_check: both
    const checkTerms = ids;
    // has:check, the project, the probe (and on a server without path: its one 400), then one count per check id.
    expect(asked.length - checkTerms.length).toBeLessThanOrEqual(atLeast(version, '5.8') ? 3 : 4);
  });
});
