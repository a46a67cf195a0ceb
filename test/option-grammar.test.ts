// Issue 29.4: one grammar for options. A percentage is `80` or `80%` wherever one is taken (one parser,
// spec/option-values.ts percentOf), and a bare `wli` with only global options is the usage error `wli`
// alone is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOptions } from '../src/spec/option-values.js';
import { flagsOf } from '../src/spec/flags.js';
import { GLOBAL_OPTIONS, type OptionSpec } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
const dirs: string[] = [];

beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const every: readonly OptionSpec[] = [...GLOBAL_OPTIONS, ...COMMANDS.flatMap((c) => c.options)];
const percentages = every.filter((o) => o.value?.type === 'percent' || o.value?.type === 'threshold');
/** One value of one option, as the command would receive it. */
const read = (spec: OptionSpec, text: string): unknown => readOptions([spec], { [flagsOf(spec).key]: spec.repeatable ? [text] : text })[flagsOf(spec).key];

describe('a percentage: 80 and 80% wherever one is taken', () => {
  it('the spec has percentage options (--min-percent, --fail-under)', () => {
    // --min-percent of pull and of locales: one option name, one meaning.
    expect([...new Set(percentages.map((o) => flagsOf(o).long))].sort()).toEqual(['--fail-under', '--min-percent']);
  });

  it.each(percentages.map((o) => [flagsOf(o).long, o] as const))('%s reads 80, 80%, 80 % and 80.5% alike', (_, spec) => {
    const plain = read(spec, '80');
    for (const same of ['80%', '80 %', ' 80% ']) expect(read(spec, same), same).toEqual(plain);
    expect(read(spec, '0%')).toEqual(read(spec, '0'));
    expect(read(spec, '100%')).toEqual(read(spec, '100'));
    expect(read(spec, '80.5%')).toEqual(read(spec, '80.5'));
    for (const bad of ['101', '101%', '-5', 'ninety', '%', '80%%', '8 0']) expect(() => read(spec, bad), bad).toThrow(/^invalid --/);
  });

  it('pull --min-percent 60% skips what --min-percent 60 skips (issue 29.4: it was refused)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-percent-'));
    dirs.push(dir);
    const run = (value: string) => wliIn(['pull', 'demo/android', '--dry-run', '--min-percent', value, '--dir', dir], { env });
    const [plain, sign] = [await run('60'), await run('60%')];
    expect(plain.stderr).toContain('below --min-percent 60');
    expect(sign).toEqual(plain);
    const refused = await run('160%');
    expect([refused.code, refused.stderr]).toEqual([
      2,
      "wli: invalid --min-percent '160%'\nhint: expected a percentage from 0 to 100, e.g. --min-percent 80 or --min-percent 80%\n",
    ]);
  });

  it('stats --fail-under 80% and cs=80% gate as 80 and cs=80 do', async () => {
    const plain = await wliIn(['stats', 'demo/android', '--fail-under', '80', '--fail-under', 'cs=90'], { env });
    const sign = await wliIn(['stats', 'demo/android', '--fail-under', '80%', '--fail-under', 'cs=90%'], { env });
    expect(plain.code).toBe(3);
    expect(sign).toEqual(plain);
  });
});

describe('a bare wli with only global options is a usage error, like wli alone (issue 29.4)', () => {
  it.each([[['--quiet']], [['-f', 'json']], [['--verbose']], [['--url', 'http://example.invalid/']], [['--no-color', '--quiet']]])('wli %j', async (args) => {
    const alone = await wli([]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/^Usage: wli <command>/);
    const r = await wli(args);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
    expect(r.stderr).toBe(alone.stderr);
  });

  it('help asked for is still exit 0 on stdout', async () => {
    for (const args of [['--help'], ['--quiet', '--help'], ['help'], ['-f', 'json', 'help', 'ls']]) {
      const r = await wli(args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
      expect(r.stdout).toMatch(/^Usage: wli /);
    }
  });
});

describe('a typo of a choice is answered with the closest choices', () => {
  it.each([
    [['stats', 'demo/android', '-f', 'githb'], '--format', 'githb', 'github'],
    [['units', 'demo/android/cs', '--state', 'fuzy'], '--state', 'fuzy', 'fuzzy'],
    [['stats', 'demo/android', '--metric', 'translatd'], '--metric', 'translatd', 'translated'],
  ])('wli %j', async (args, option, typo, meant) => {
    const n = fake.requests.length;
    const r = await wliIn(args, { env });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`wli: invalid ${option} '${typo}'`);
    expect(r.stderr.split('\n')[1]).toMatch(new RegExp(`^hint: did you mean: ${meant}\\? \\(expected one of .*${meant}`));
    expect(fake.requests.length).toBe(n);
  });

  it('a value close to none is answered with every choice', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'xml'], { env });
    expect(r.stderr).toMatch(/^wli: invalid --format 'xml'\nhint: expected one of table, json/);
  });
});
