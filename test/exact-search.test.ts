// Issue 46, items 1, 2, 4 and 10: Weblate's search matches check:ID, dismissed_check:ID and
// component:X by substring (weblate/utils/search.py check_field, component_field), so wli asks the
// exact terms (check:=ID, path:p/c) and checks, status and units give one number for one scope and
// check; --state means what the statistics count (fuzzy 10, 11, 12; translated 20 and above); a
// server before 5.8 answers 400 to path: and wli asks again with component:=SLUG, narrowed, said
// under --verbose. The fake's devices project (options.overlaps): components android, android-tv
// and wear, named "Android Wear", whose checks' ids contain each other's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { DEVICES_STRINGS } from './support/fake-weblate/data.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';

let fake: FakeWeblate;
let old: FakeWeblate;
let env: Record<string, string>;
let oldEnv: Record<string, string>;

beforeAll(async () => {
  [fake, old] = await Promise.all([
    startFakeWeblate({ overlaps: true, rateLimit: false }),
    // A server before Weblate 5.8 (4.x): no path:, check: is the id (iexact), component:= the slug exact or the name icontains.
    startFakeWeblate({ overlaps: true, rateLimit: false, search: { path: false, checkSubstring: false, componentNameContains: true } }),
  ]);
  env = { WLI_URL: fake.url };
  oldEnv = { WLI_URL: old.url };
});
afterAll(async () => {
  await Promise.all([fake.close(), old.close()]);
});

type Row = { check: string; failing: number; dismissed: number | null };
const checkRows = (s: string) => (parseJson(s) as Row[]).map((r) => [r.check, r.failing, r.dismissed]);
const json = (s: string) => parseJson(s) as Array<Record<string, unknown>>;
const sent = (f: FakeWeblate, since: number) => f.requests.slice(since).map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')));

/** The fake's own answer: devices/<component>/cs strings failing (or with dismissed) exactly this check. */
const strings = (component: string, check: string, field: 'failing' | 'dismissed' = 'failing') =>
  (DEVICES_STRINGS[component] ?? []).filter((d) => d[field]?.includes(check)).length;

describe.each([
  ['a current server (path:, Weblate 5.8 and newer)', () => ({ f: fake, e: env })],
  ['a server before Weblate 5.8 (400 to path:, then component:=SLUG narrowed)', () => ({ f: old, e: oldEnv })],
])('one number for one scope and check: %s', (_, server) => {
  it('checks counts a component’s own strings failing exactly that check', async () => {
    const { e } = server();
    const r = await wli(['checks', 'devices/android', '--dismissed', '-f', 'json'], { env: e });
    expect(r.code).toBe(0);
    // Not same-plurals under same (android-tv), not the component named "Android Wear"'s same, not c_format under objc_format.
    expect(checkRows(r.stdout)).toEqual([
      ['objc_format', strings('android', 'objc_format'), 0],
      ['same', strings('android', 'same'), 0],
    ]);
    const asked = await wli(['checks', 'devices/android', '--check', 'c_format,same-plurals', '--dismissed', '-f', 'json'], { env: e });
    expect(checkRows(asked.stdout)).toEqual([
      ['same-plurals', 0, strings('android', 'same-plurals', 'dismissed')],
      ['c_format', 0, 0],
    ]);
  });

  it('--fail-over same=0 passes a component whose only failure is same-plurals', async () => {
    const { e } = server();
    const r = await wli(['checks', 'devices/android-tv', '--fail-over', 'same=0'], { env: e });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect((await wli(['checks', 'devices/android-tv', '--fail-over', 'same-plurals=0'], { env: e })).code).toBe(3);
  });

  it('checks --units lists the component’s strings with exactly the checks they fail', async () => {
    const { e } = server();
    const r = await wli(['checks', 'devices/android', '--units', '-f', 'json'], { env: e });
    expect(r.code).toBe(0);
    expect(json(r.stdout).map((u) => [u.wli_target, u.context, u.wli_checks])).toEqual([
      ['devices/android/cs', 'title', ['same']],
      ['devices/android/cs', 'format', ['objc_format']],
    ]);
  });

  it('status counts the component’s own pending strings: a clean component passes --fail-if pending', async () => {
    const { e } = server();
    const r = await wli(['status', 'devices/android', '--fail-if', 'pending', '-f', 'json'], { env: e });
    expect(r.code).toBe(0);
    expect(json(`[${r.stdout}]`)[0]!.pending).toBe(0);
    const tv = await wli(['status', 'devices/android-tv', '-f', 'json'], { env: e });
    expect(json(`[${tv.stdout}]`)[0]!.pending).toBe(1);
  });

  it('units of a component and check: the same strings checks counts', async () => {
    const { e } = server();
    const r = await wli(['units', 'devices/android', '-q', 'check:=same', '-f', 'json'], { env: e });
    expect(r.code).toBe(0);
    expect(json(r.stdout).map((u) => u.context)).toEqual(['title']);
  });
});

describe('the fallback is named under --verbose, and asked once a run', () => {
  it('checks: one 400, then every search in the older form', async () => {
    const before = old.requests.length;
    const r = await wli(['checks', 'devices/android', '--check', 'same', '--verbose'], { env: oldEnv });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/rejected the exact search terms \(Could not parse query string: Unsupported field: path\): path: is Weblate 5\.8 or newer/);
    const units = sent(old, before).filter((u) => u.includes('/units/'));
    expect(units.filter((u) => u.includes('path:'))).toHaveLength(1);
    expect(units.some((u) => u.includes('project:devices AND component:=android AND check:same'))).toBe(true);
  });

  it('without --verbose nothing is said', async () => {
    const r = await wli(['checks', 'devices/android', '--check', 'same'], { env: oldEnv });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });

  it('a query rejected in both forms is the user’s: exit 2 with the server’s message', async () => {
    const r = await wli(['units', 'devices/android', '-q', 'state:bogus'], { env: oldEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unsupported state: bogus');
  });
});

describe('--state means what the statistics count', () => {
  const count = async (state: string) => json((await wli(['units', 'devices/android/cs', '--state', state, '-f', 'json'], { env })).stdout).length;
  it('needs-editing and fuzzy are states 10, 11 and 12; translated is 20 and above; with untranslated every string', async () => {
    const stats = json((await wli(['stats', 'devices/android/cs', '-f', 'json'], { env })).stdout)[0]!;
    expect(await count('needs-editing')).toBe(3);
    expect(await count('fuzzy')).toBe(stats.fuzzy);
    expect(await count('translated')).toBe(4);
    expect(await count('translated')).toBe(stats.translated);
    expect((await count('translated')) + (await count('untranslated'))).toBe(DEVICES_STRINGS.android!.length);
  });
});

describe('cost', () => {
  it('wli checks asks at most one request per check id besides the scope’s own', async () => {
    const before = fake.requests.length;
    const r = await wli(['checks', 'devices'], { env });
    expect(r.code).toBe(0);
    const asked = sent(fake, before);
    const checkTerms = asked.filter((u) => /check:=/.test(u));
    expect(new Set(checkTerms).size).toBe(checkTerms.length);
    // has:check, the project, the probe, then one count per check id.
    expect(asked.length - checkTerms.length).toBe(3);
  });
});
