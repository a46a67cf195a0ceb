// Issue 36.7: one rule for language codes in every option that takes one (case and -/_, as pull
// --lang documents), options that cannot apply refused, misses that name what was looked up, hints
// that fit the option, and every percentage option stating its range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wliIn } from './support/run.js';
import { languageKey, sameLanguage } from '../src/weblate/language-codes.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

describe('36.7: language codes: case and -/_ do not matter, in every option that takes one', () => {
  it.each([
    ['cs', 'CS', true],
    ['pt_BR', 'pt-br', true],
    ['pt_BR', 'PT_br', true],
    ['sr@latin', 'SR@Latin', true],
    ['cs', 'cz', false],
    ['pt_BR', 'pt', false],
  ])('%s and %s: same language %s', (a, b, same) => {
    expect(sameLanguage(a, b)).toBe(same);
    expect(languageKey(a) === languageKey(b)).toBe(same);
  });

  it('stats --fail-under CS=95 holds the Czech row to 95, as --fail-under cs=95 does', async () => {
    const upper = await wliIn(['stats', 'demo/android', '--fail-under', 'CS=95'], { env });
    const lower = await wliIn(['stats', 'demo/android', '--fail-under', 'cs=95'], { env });
    expect(upper.code, upper.stderr).toBe(3);
    expect(upper.stderr).toContain('demo/android/cs (78.1% < 95%)');
    expect([upper.code, upper.stdout]).toEqual([lower.code, lower.stdout]);
  });

  it('stats --fail-under CS=95 --fail-under cs=90: one language given twice, a usage error', async () => {
    const r = await wliIn(['stats', 'demo/android', '--fail-under', 'CS=95', '--fail-under', 'cs=90'], { env });
    expect([r.code, r.stderr]).toEqual([2, 'wli: --fail-under is given twice for language cs\nhint: give each language one threshold\n']);
  });

  it('pull --lang CS, as documented', async () => {
    const r = await wliIn(['pull', 'demo/android', '--lang', 'CS', '--dry-run'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('would fetch app/src/main/res/values-cs/strings.xml (demo/android/cs)');
  });
});

describe('36.7: options that cannot apply are refused; misses and hints say what was asked', () => {
  it('changes --interval without --follow: a usage error before any request', async () => {
    const n = fake.requests.length;
    const r = await wliIn(['changes', 'demo/android/cs', '--interval', '5'], { env });
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'wli: --interval applies only with --follow: it is the time between polls\nhint: add --follow to watch for new changes, or drop --interval\n',
    ]);
    expect(fake.requests.length).toBe(n);
  });

  it('ls demo/android/cs/extra names android/cs/extra, what was looked up', async () => {
    const r = await wliIn(['ls', 'demo/android/cs/extra'], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no component 'android\/cs\/extra' in project 'demo' /);
  });

  it('a typo of a component still names the typo (show demo/andriod/cs)', async () => {
    const r = await wliIn(['show', 'demo/andriod/cs'], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no component 'andriod' in project 'demo' /);
    expect(r.stderr).toContain('did you mean: android?');
  });

  it('download --fields x: the hint is about fields (show, units), not --convert', async () => {
    const r = await wliIn(['download', 'demo/android/cs', '--fields', 'x'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('--convert');
    expect(r.stderr).toContain('"wli show demo/android/cs --fields x"');
  });

  it('download -f json: the hint is --convert json', async () => {
    const r = await wliIn(['download', 'demo/android/cs', '-f', 'json'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--convert json');
  });

  it.each([
    [['stats', 'demo', '--fail-under', '101'], '--fail-under'],
    [['stats', 'demo', '--fail-under', 'cs=-1'], '--fail-under'],
    [['pull', 'demo', '--min-percent', '101', '--dry-run'], '--min-percent'],
  ])('%j: the error states the range, 0 to 100', async (args, flag) => {
    const r = await wliIn(args, { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^wli: invalid ${flag} '[^']+'\\nhint: expected a percentage from 0 to 100`));
  });

  it('stats --fail-under with a line break in its value: a usage error, not an internal one (exit 70 before)', async () => {
    const r = await wliIn(['stats', 'demo', '--fail-under', '5\n0'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: invalid --fail-under '/);
  });
});
