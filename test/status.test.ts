// Issue 38, items 3, 4 and 6: wli status shows a target's lock, its pending strings and (with the VCS
// permission) its repository; a 403 on the repository is no error; --fail-if judges each condition
// through the one verdict (exit 3 naming it) and refuses one the token cannot see (exit 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { judgeStatus } from '../src/gate/status.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let authed: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({});
  env = { WLI_URL: fake.url };
  authed = { ...env, WLI_TOKEN: 'wlu_status' };
});
afterAll(async () => {
  await fake.close();
});

const paths = (since: number) => fake.requests.slice(since).map((r) => decodeURIComponent(r.url));
const json = (s: string) => parseJson(s) as Record<string, unknown>;

describe('wli status', () => {
  it('shows lock, pending strings and the repository in three requests', async () => {
    fake.repository('demo/android', { needs_push: true, outgoing_commits: 2 });
    const before = fake.requests.length;
    const r = await wli(['status', 'demo/android', '-f', 'json'], { env: authed });
    fake.repository('demo/android', null);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = json(r.stdout);
    expect(s).toMatchObject({
      wli_target: 'demo/android',
      locked: false,
      pending: 0,
      needs_commit: false,
      needs_push: true,
      outgoing_commits: 2,
      merge_failure: null,
    });
    expect(s.last_commit).toMatch(/^a1b2c3d /);
    const asked = paths(before).sort();
    expect(asked).toHaveLength(3);
    expect(asked.some((u) => u.includes('/components/demo/android/lock/'))).toBe(true);
    expect(asked.some((u) => u.includes('/components/demo/android/repository/'))).toBe(true);
    expect(asked.some((u) => u.includes('/units/?') && u.includes('pending:true') && u.includes('page_size=1'))).toBe(true);
    // The table names it for what it is: the upstream branch's head, not "last commit" (issue 49.3).
    const table = await wli(['status', 'demo/android'], { env: authed });
    expect(table.stdout).toMatch(/^upstream commit +a1b2c3d /m);
    expect(table.stdout).not.toMatch(/last commit/);
  });

  it('counts the pending strings as the fake holds them, at each scope', async () => {
    const tr = json((await wli(['status', 'demo/glossary/cs', '-f', 'json'], { env: authed })).stdout);
    expect(tr).toMatchObject({ pending: 3, needs_commit: true });
    const comp = json((await wli(['status', 'demo/glossary', '-f', 'json'], { env: authed })).stdout);
    expect(comp).toMatchObject({ pending: 6, needs_commit: true });
    const proj = json((await wli(['status', 'demo', '-f', 'json'], { env: authed })).stdout);
    expect(proj).toMatchObject({ wli_target: 'demo', pending: 6 });
  });

  it('a 403 on the repository is no error: the rest is shown, one line says what it needs', async () => {
    const r = await wli(['status', 'demo/android', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/repository state of demo\/android not shown: it needs the VCS permission/);
    expect(json(r.stdout)).toMatchObject({ locked: false, pending: 0, repository: null, needs_push: null });
    const table = await wli(['status', 'demo/android'], { env });
    // Issue 49.13: one line for the repository, not seven "not shown (403)".
    expect(table.stdout.match(/not shown/g)).toHaveLength(1);
    expect(table.stdout).toMatch(/^repository\s+not shown \(403\): needs a token with the VCS permission$/m);
    expect(table.stdout).not.toMatch(/needs push/);
  });

  it.each([
    ['locked', 'demo/android', () => fake.lock('demo/android', true)],
    ['pending', 'demo/glossary', () => {}],
    ['needs-commit', 'demo/glossary', () => {}],
    ['needs-push', 'demo/android', () => fake.repository('demo/android', { needs_push: true })],
    ['needs-merge', 'demo/android', () => fake.repository('demo/android', { needs_merge: true })],
    ['merge-failure', 'demo/android', () => fake.repository('demo/android', { merge_failure: 'CONFLICT (content): Merge conflict in po/cs.po' })],
  ])('--fail-if %s exits 3 naming it, and passes when it does not hold', async (condition, target, set) => {
    const clean = await wli(['status', 'demo/android', '--fail-if', condition], { env: authed });
    expect(clean.code).toBe(0);
    set();
    const r = await wli(['status', target, '--fail-if', `${condition},locked`], { env: authed });
    fake.lock('demo/android', false);
    fake.repository('demo/android', null);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`wli: ${target}: ${condition}`);
    expect(r.stderr).toMatch(/1 target not ready: --fail-if/);
  });

  it('a category is named as one, with its components (issue 49.8: it was "no component \'docs\'", exit 5)', async () => {
    const r = await wli(['status', 'demo/docs'], { env: authed });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      'wli: demo/docs is a category: Weblate keeps a lock and a repository per component or project, not per category\n' +
        'hint: ask each of its components: demo/docs/guide, demo/docs/api/reference (wli ls demo/docs), or the project: wli status demo\n',
    );
  });

  it('a condition the token cannot see is refused (exit 4, the permission named), nothing printed', async () => {
    const before = fake.requests.length;
    const r = await wli(['status', 'demo/android', '--fail-if', 'locked,needs-push'], { env });
    // A 403, exit 4 as --help, README and the man page say of every 401/403 (issue 49.5: it was 2).
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    // No token was sent: the message speaks of anonymous requests, not of a token (issue 49.4).
    expect(r.stderr).toMatch(/--fail-if needs-push needs the repository state of demo\/android, which anonymous requests may not see/);
    expect(r.stderr).toMatch(/hint: give a token \(--token or WLI_TOKEN\) of a user with the VCS permission/);
    expect(r.stderr).not.toMatch(/this token/);
    expect(paths(before)).toHaveLength(3);
    // locked and pending need no permission
    expect((await wli(['status', 'demo/android', '--fail-if', 'locked,pending'], { env })).code).toBe(0);
  });

  it('every CI format renders the verdict', async () => {
    fake.lock('demo', true);
    const junit = await wli(['status', 'demo/android', '--fail-if', 'locked', '-f', 'junit'], { env: authed });
    const cq = await wli(['status', 'demo/android', '--fail-if', 'locked', '-f', 'codequality'], { env: authed });
    const gh = await wli(['status', 'demo/android', '--fail-if', 'locked', '-f', 'github'], { env: authed });
    const om = await wli(['status', 'demo/android', '-f', 'openmetrics'], { env: authed });
    fake.lock('demo', false);
    expect(junit.code).toBe(3);
    expect(junit.stdout).toMatch(/tests="1" failures="1"/);
    expect(junit.stdout).toMatch(/<testcase name="demo\/android" classname="demo">[\s\S]*type="locked"/);
    expect(cq.code).toBe(3);
    expect((parseJson(cq.stdout) as Array<{ check_name: string }>).map((i) => i.check_name)).toEqual(['wli/locked']);
    expect(gh.stdout).toMatch(/::error .*demo\/android is locked/);
    expect(om.code).toBe(0);
    expect(om.stdout).toMatch(/^wli_locked\{project="demo",component="android",language="",target="demo\/android"\} 1$/m);
    expect(om.stdout).toMatch(/^wli_pending_strings\{.*\} 0$/m);
  });

  it('a server that ignores the search is an error, never a wrong count of pending strings', async () => {
    fake.oldUnitsSearch(true);
    const r = await wli(['status', 'demo/android'], { env: authed });
    fake.oldUnitsSearch(false);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/the server ignored the search .*needs Weblate 4\.14\.1 or later/);
  });

  it('a typo and a target of another kind are clear errors', async () => {
    const typo = await wli(['status', 'demo/andriod'], { env });
    expect(typo.code).toBe(5);
    expect(typo.stderr).toMatch(/did you mean: android/);
    const bad = await wli(['status', 'demo', '--fail-if', 'lockd'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/did you mean: locked/);
  });
});

describe("issue 46, item 3: a project's status reads what Weblate does not sum", () => {
  it("the fake answers a project's repository as Weblate's test_repo_status: the unsummed fields null; a translation's carries them all", async () => {
    fake.repository('demo/android', { needs_push: true, merge_failure: 'CONFLICT', outgoing_commits: 2 });
    const headers = { authorization: 'Token wlu_status' };
    const project = (await (await fetch(`${fake.url}projects/demo/repository/`, { headers })).json()) as Record<string, unknown>;
    const translation = (await (await fetch(`${fake.url}translations/demo/android/cs/repository/`, { headers })).json()) as Record<string, unknown>;
    fake.repository('demo/android', null);
    expect(project).toEqual({
      needs_commit: true,
      needs_merge: false,
      needs_push: true,
      remote_commit: null,
      weblate_commit: null,
      status: null,
      merge_failure: null,
      outgoing_commits: null,
      missing_commits: null,
      pending_units: { total: 6, errors_skipped: 0, commit_policy_skipped: 0, eligible_for_commit: 6 },
      url: `${fake.url}projects/demo/repository/`,
    });
    expect(translation).toMatchObject({ needs_push: true, merge_failure: 'CONFLICT', outgoing_commits: 2, missing_commits: 0, status: expect.any(String) });
    expect(translation.remote_commit).toMatchObject({ shortrevision: 'a1b2c3d' });
  });

  it("--fail-if merge-failure of a project judges each component (the project's answer leaves it null): exit 3 naming the component", async () => {
    fake.repository('demo/android', { merge_failure: 'CONFLICT (content): Merge conflict in po/cs.po' });
    const before = fake.requests.length;
    const r = await wli(['status', 'demo', '--fail-if', 'merge-failure,pending', '-f', 'json'], { env: authed });
    fake.repository('demo/android', null);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^wli: demo: pending\nwli: demo\/android: merge-failure\nwli: 2 targets not ready: --fail-if merge-failure,pending\n$/);
    const s = json(r.stdout);
    expect(s.merge_failure).toBeNull();
    const components = s.components as Array<Record<string, unknown>>;
    expect(components.map((c) => [c.wli_target, c.holds])).toEqual([
      ['demo/android', ['merge-failure']],
      ['demo/glossary', []],
      ['demo/docs/guide', []],
      ['demo/docs/api/reference', []],
    ]);
    expect(components[0]).toMatchObject({ merge_failure: 'CONFLICT (content): Merge conflict in po/cs.po', needs_push: false });
    // The project's three, its components' list, and each component's repository (no lock asked).
    const asked = paths(before);
    expect(asked.filter((u) => /^\/api\/components\/demo\/.+\/repository\/$/.test(u)).sort()).toEqual(
      ['android', 'docs/api/reference', 'docs/guide', 'glossary'].map((c) => `/api/components/demo/${c}/repository/`),
    );
    expect(asked.filter((u) => u.startsWith('/api/projects/demo/components/'))).toHaveLength(1);
    expect(asked.some((u) => u.includes('/lock/') && !u.includes('/projects/'))).toBe(false);
  });

  it('--fail-if locked of a project fails while one component is locked (its lock/ says false: not every component)', async () => {
    const apps = await startFakeWeblate({ apps: true, locked: ['apps/desktop'] });
    try {
      const own = (await (await fetch(`${apps.url}projects/apps/lock/`)).json()) as { locked: boolean };
      expect(own).toEqual({ locked: false });
      const r = await wli(['status', 'apps', '--fail-if', 'locked'], { env: { WLI_URL: apps.url } });
      expect(r.code).toBe(3);
      // Anonymous: the repository is not shown (one warning), the lock needs no permission.
      expect(r.stderr).toMatch(/\nwli: apps\/desktop: locked\nwli: 1 target not ready: --fail-if locked\n$/);
      expect(r.stdout).toMatch(/locked\s+no \(not every component is locked\)/);
      expect(r.stdout).toMatch(/components\s+apps\/desktop: locked/);
      apps.lock('apps', true);
      expect(await (await fetch(`${apps.url}projects/apps/lock/`)).json()).toEqual({ locked: true });
    } finally {
      await apps.close();
    }
  });

  it("a project's table says the unsummed fields are per component, never 'none'", async () => {
    const r = await wli(['status', 'demo'], { env: authed });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/merge failure\s+per component only/);
    expect(r.stdout).not.toMatch(/merge failure\s+none/);
    const om = await wli(['status', 'demo', '-f', 'openmetrics'], { env: authed });
    expect(om.stdout).not.toMatch(/^wli_merge_failure\{/m);
  });
});

describe('judgeStatus (the verdict on plain state)', () => {
  const item = {};
  const state = (s: Partial<{ locked: boolean | null; pending: number; repository: Record<string, unknown> | null }>) => ({
    locked: false,
    pending: 0,
    repository: null,
    ...s,
  });
  it.each([
    [['locked'], state({ locked: true }), 3, ['locked']],
    [['locked', 'pending'], state({ pending: 2 }), 3, ['pending']],
    [['needs-push'], state({ repository: { needs_push: false } }), 0, []],
    [['merge-failure', 'needs-commit'], state({ repository: { merge_failure: 'x', needs_commit: true } }), 3, ['merge-failure', 'needs-commit']],
    [[], state({ locked: true }), 0, []],
  ] as const)('%j on %j → exit %i', (conditions, s, exit, failed) => {
    const v = judgeStatus(conditions, [{ id: 'p/c', state: s, item }]);
    expect(v.exitCode).toBe(exit);
    expect(v.subjects[0]!.failures.map((f) => f.check)).toEqual(failed);
    expect(v.subjects[0]!.judgement).toBe(conditions.length === 0 ? 'not judged' : failed.length ? 'fail' : 'pass');
  });
});
