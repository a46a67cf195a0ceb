// Issue 38, items 1, 2 and 6: wli checks counts the strings failing each quality check at every scope,
// equal to the fake's own data; a scope where nothing fails costs one request (plus the scope's proof
// above a translation); requests are bounded; a typo, an unknown check and a server that ignores the
// search are errors, never a wrong zero; --fail-over gates through the one verdict in every format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { APPS_CHECKS } from './support/fake-weblate/data.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { CHECK_IDS } from '../src/weblate/checks.js';
import { judgeChecks } from '../src/gate/checks.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  // No rate limit: a scope with failing checks costs two requests a check id, more than Weblate's 100 a day for anonymous callers (the help says so).
  fake = await startFakeWeblate({ apps: true, rateLimit: false });
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
});

const paths = (since: number) => fake.requests.slice(since).map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')));
type Row = { wli_target: string; check: string; name: string; failing: number; dismissed: number | null };
const rows = (s: string) => parseJson(s) as Row[];

/** The fake's own counts: apps' strings matching `where` (component/language/context keys). */
function expected(where: (key: string) => boolean, extra: Record<string, number> = {}): Array<[string, number, number]> {
  const failing = new Map<string, number>(Object.entries(extra));
  const dismissed = new Map<string, number>();
  for (const [key, c] of Object.entries(APPS_CHECKS)) {
    if (!where(key)) continue;
    for (const id of c.failing ?? []) failing.set(id, (failing.get(id) ?? 0) + 1);
    for (const id of c.dismissed ?? []) dismissed.set(id, (dismissed.get(id) ?? 0) + 1);
  }
  return [...failing.entries()]
    .map(([id, n]): [string, number, number] => [id, n, dismissed.get(id) ?? 0])
    .sort((a, b) => b[1] - a[1] || b[2] - a[2] || a[0].localeCompare(b[0]));
}
const shape = (rs: Row[]) => rs.map((r) => [r.check, r.failing, r.dismissed]);

describe('wli checks counts', () => {
  it.each([
    ['apps', () => true],
    ['apps/mobile', (k: string) => k.startsWith('mobile/')],
    ['apps/desktop/fr', (k: string) => k.startsWith('desktop/fr/')],
    ['apps/-/fr', (k: string) => k.split('/')[1] === 'fr'],
  ])('%s: equal to the fake’s own counts per check id', async (target, where) => {
    const r = await wli(['checks', target, '--dismissed', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(shape(rows(r.stdout))).toEqual(expected(where));
    expect(rows(r.stdout).every((x) => x.wli_target === target)).toBe(true);
  });

  it('every row carries the scope as its identity, its parts too', async () => {
    const ids = async (target: string) => {
      const r = rows((await wli(['checks', target, '--check', 'same', '-f', 'json'], { env })).stdout)[0] as unknown as Record<string, unknown>;
      return [r.wli_target, r.wli_project, r.wli_component, r.wli_language];
    };
    expect(await ids('apps/mobile/fr')).toEqual(['apps/mobile/fr', 'apps', 'mobile', 'fr']);
    expect(await ids('apps/mobile')).toEqual(['apps/mobile', 'apps', 'mobile', null]);
    expect(await ids('apps/-/fr')).toEqual(['apps/-/fr', 'apps', null, 'fr']);
    expect(await ids('apps')).toEqual(['apps', 'apps', null, null]);
  });

  it('the whole server, demo’s failing string included', async () => {
    const r = await wli(['checks', '/', '--dismissed', '-f', 'json'], { env });
    expect(shape(rows(r.stdout))).toEqual(expected(() => true, { same: 1 }));
  });

  it('a translation where nothing fails costs one request', async () => {
    const before = fake.requests.length;
    const r = await wli(['checks', 'demo/android/de'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('wli: no check fails in demo/android/de\n');
    expect(paths(before)).toEqual([expect.stringMatching(/\/translations\/demo\/android\/de\/units\/\?q=has:check&page_size=1$/)]);
  });

  it('requests are bounded: has:check, the scope, the probe, then one count per check id (dismissed only when asked)', async () => {
    let before = fake.requests.length;
    const r = await wli(['checks', 'apps/mobile', '-f', 'json'], { env });
    let asked = paths(before);
    // Issue 46 item 10: before, two counts per check id (failing and dismissed), 4 + 2 × 86 requests.
    expect(asked.length).toBe(3 + CHECK_IDS.length);
    expect(asked.filter((u) => u.includes('/units/')).every((u) => u.includes('page_size=1'))).toBe(true);
    expect(asked.filter((u) => /[ =]check:=end_stop&/.test(u))).toHaveLength(1);
    expect(asked.some((u) => u.includes('dismissed'))).toBe(false);
    expect(rows(r.stdout).every((x) => x.dismissed === null)).toBe(true);
    expect((await wli(['checks', 'apps/mobile'], { env })).stdout.split('\n')[0]).not.toContain('dismissed');
    before = fake.requests.length;
    const d = await wli(['checks', 'apps/mobile', '--dismissed', '-f', 'json'], { env });
    asked = paths(before);
    expect(asked.length).toBe(4 + 2 * CHECK_IDS.length);
    expect(asked.filter((u) => /[ =]dismissed_check:=end_stop&/.test(u))).toHaveLength(1);
    expect(shape(rows(d.stdout))).toEqual(expected((k) => k.startsWith('mobile/')));
  });

  it('--check limits the set, and an asked check has its row even at 0', async () => {
    const r = await wli(['checks', 'apps', '--check', 'same,double_space', '--dismissed', '-f', 'json'], { env });
    expect(shape(rows(r.stdout))).toEqual([
      ['same', 2, 1],
      ['double_space', 0, 0],
    ]);
    expect(rows(r.stdout)[0]!.name).toBe('Unchanged translation');
  });

  it('an unknown check id is a usage error with did-you-mean, before any request; custom:ID is taken', async () => {
    const before = fake.requests.length;
    const r = await wli(['checks', 'apps', '--check', 'end_stp'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown check 'end_stp' for --check: did you mean end_stop\?/);
    expect(fake.requests.length).toBe(before);
    const custom = await wli(['checks', 'apps', '--check', 'custom:house_style', '-f', 'json'], { env });
    expect(custom.code).toBe(0);
    expect(shape(rows(custom.stdout))).toEqual([['house_style', 0, null]]);
  });

  it('a typo is a 404, never a zero (nor the strings of the component whose slug it is part of)', async () => {
    const r = await wli(['checks', 'apps/mobil'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no component 'mobil'.*\n.*did you mean: mobile/);
    const p = await wli(['checks', 'nope'], { env });
    expect(p.code).toBe(5);
  });

  it('a server that ignores the search is an error, never a wrong count', async () => {
    fake.oldUnitsSearch(true);
    const r = await wli(['checks', 'apps/mobile'], { env });
    fake.oldUnitsSearch(false);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/the server ignored the search .*needs Weblate 4\.14\.1 or later/);
  });

  it('cursor pages (no count): the page reader counts, the same numbers', async () => {
    fake.pagination('cursor');
    const r = await wli(['checks', 'apps', '--check', 'end_stop,same', '--dismissed', '-f', 'json'], { env });
    fake.pagination('numbered');
    expect(r.code).toBe(0);
    expect(shape(rows(r.stdout))).toEqual([
      ['end_stop', 3, 1],
      ['same', 2, 1],
    ]);
  });

  it('--units lists each failing string once with its checks, identity first', async () => {
    const r = await wli(['checks', 'apps/mobile', '--units', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    const units = parseJson(r.stdout) as Array<Record<string, unknown>>;
    expect(units.map((u) => [u.wli_target, u.context, u.wli_checks])).toEqual([
      ['apps/mobile/fr', 'save', ['end_stop', 'max-length']],
      ['apps/mobile/fr', 'help', ['same']],
      ['apps/mobile/sr_Latn', 'open', ['end_stop']],
    ]);
    expect(Object.keys(units[0]!).slice(0, 4)).toEqual(['wli_target', 'wli_project', 'wli_component', 'wli_language']);
  });

  it('--units in a table: each failing string with its translation and the checks it fails', async () => {
    const r = await wli(['checks', 'apps/mobile', '--units'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      ' ID  TRANSLATION          CHECKS                CONTEXT  SOURCE  TARGET',
      '162  apps/mobile/fr       end_stop, max-length  save     Save    Enregistrer',
      '164  apps/mobile/fr       same                  help     Help    Aide',
      '169  apps/mobile/sr_Latn  end_stop              open     Open    Otvori',
    ]);
  });
});

describe('wli checks --fail-over', () => {
  it('-f markdown marks the failing rows as stats -f markdown does (issue 49.13)', async () => {
    const r = await wli(['checks', 'demo', '--fail-over', '0', '-f', 'markdown'], { env });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^\| same \| Unchanged translation \| 1 ❌ over 0 \|$/m);
    const passing = await wli(['checks', 'demo', '--fail-over', 'same=5', '-f', 'markdown'], { env });
    expect(passing.stdout).toMatch(/^\| same \| Unchanged translation \| 1 \|$/m);
    expect(passing.stdout).not.toMatch(/❌/);
  });

  it('a bare N: exit 3, stderr says the one limit broken once, naming every failing check (issue 49.6)', async () => {
    // 4 strings fail a check (mobile/fr save and help, mobile/sr_Latn open, desktop/fr open): one of them two.
    const summary = join(mkdtempSync(join(tmpdir(), 'wli-checks-')), 'summary.md');
    const r = await wli(['checks', 'apps', '--fail-over', '3'], { env });
    expect(r.code).toBe(3);
    // Once, not once per check (each line read as if that check broke the limit).
    expect(r.stderr).toBe('wli: 4 strings of apps fail a check, more than --fail-over 3: end_stop (3), same (2), max-length (1)\n');
    // The job summary counts the checks its table shows (3), not check × translation (6).
    const gh = await wli(['checks', 'apps', '--fail-over', '3', '-f', 'github'], { env: { ...env, GITHUB_STEP_SUMMARY: summary } });
    expect(gh.code).toBe(3);
    const text = readFileSync(summary, 'utf8');
    expect(text.match(/^\| /gm)).toHaveLength(5); // header, rule, three checks
    expect(text).toMatch(/\*\*❌ wli checks: 0 of 3 judged checks passed, 3 failed\*\*\n$/);
    expect((await wli(['checks', 'apps', '--fail-over', '4'], { env })).code).toBe(0);
  });

  it('CHECK=N holds one check to its own count', async () => {
    const over = await wli(['checks', 'apps', '--fail-over', 'end_stop=2'], { env });
    expect(over.code).toBe(3);
    expect(over.stderr).toBe('wli: 3 strings of apps fail end_stop (Mismatched full stop), more than --fail-over end_stop=2\n');
    expect((await wli(['checks', 'apps', '--fail-over', 'end_stop=3'], { env })).code).toBe(0);
    const typo = await wli(['checks', 'apps', '--fail-over', 'endstop=3'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/did you mean end_stop/);
    expect((await wli(['checks', 'apps', '--fail-over', 'x'], { env })).code).toBe(2);
  });

  it('every CI format names each failing check, per check and translation, on the translation’s file', async () => {
    const args = ['checks', 'apps', '--fail-over', '0'];
    // end_stop: mobile/fr, mobile/sr_Latn, desktop/fr; same: mobile/fr, desktop/fr; max-length: mobile/fr.
    const cases = [
      'apps/mobile/fr:end_stop',
      'apps/mobile/sr_Latn:end_stop',
      'apps/desktop/fr:end_stop',
      'apps/mobile/fr:same',
      'apps/desktop/fr:same',
      'apps/mobile/fr:max-length',
    ];
    const junit = await wli([...args, '-f', 'junit'], { env });
    expect(junit.code).toBe(3);
    expect(junit.stdout).toMatch(/tests="6" failures="6"/);
    expect([...junit.stdout.matchAll(/<testcase name="([^"]+)" classname="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual(
      cases.map((c) => [c, c.split('/').slice(0, 2).join('/')]),
    );
    const cq = await wli([...args, '-f', 'codequality'], { env });
    const issues = parseJson(cq.stdout) as Array<{ check_name: string; fingerprint: string; location: { path: string } }>;
    expect(issues.map((i) => i.check_name)).toEqual(cases.map((c) => `wli/${c.split(':')[1]}`));
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(6);
    expect(issues[0]!.location.path).toBe('app/src/main/res/values-fr/strings.xml');
    const again = parseJson((await wli([...args, '-f', 'codequality'], { env })).stdout) as Array<{ fingerprint: string }>;
    expect(again.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
    const gh = await wli([...args, '-f', 'github'], { env });
    const errors = gh.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(6);
    expect(errors[2]).toMatch(/^::error file=po\/fr\.po,title=1 string fails end_stop \(Mismatched full stop\) in apps\/desktop\/fr::/);
    const om = await wli(['checks', 'apps', '-f', 'openmetrics'], { env });
    expect(om.code).toBe(0);
    expect(om.stdout).toMatch(/^wli_check_failing_strings\{target="apps",check="end_stop",name="Mismatched full stop"\} 3$/m);
    expect(om.stdout).toMatch(/^wli_failing_strings\{target="apps"\} 4$/m);
  });
});

describe('judgeChecks (the verdict on plain rows)', () => {
  const row = (check: string, failing: number) => ({ check, name: check, failing, dismissed: 0, item: {} });
  const rs = [row('end_stop', 3), row('same', 1)];
  it.each([
    [[], 0, ['not judged', 'not judged']],
    [[{ count: 4 }], 0, ['pass', 'pass']],
    [[{ count: 3 }], 3, ['fail', 'fail']],
    [[{ check: 'same', count: 0 }], 3, ['not judged', 'fail']],
    [[{ check: 'end_stop', count: 3 }, { count: 10 }], 0, ['pass', 'pass']],
    [[{ check: 'end_stop', count: 2 }, { count: 10 }], 3, ['fail', 'pass']],
  ] as const)('%j → exit %i', (overs, exit, judgements) => {
    const v = judgeChecks('p/c', rs, 4, overs);
    expect(v.exitCode).toBe(exit);
    expect(v.subjects.map((s) => s.judgement)).toEqual(judgements);
  });
  it('a total over N with no failing row still fails', () => {
    expect(judgeChecks('p', [], 2, [{ count: 1 }]).exitCode).toBe(3);
  });
});
