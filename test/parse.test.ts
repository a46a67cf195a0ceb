// Issue 47 item 4: parse(argv) — what a command line gives (the command, its typed options, the global
// options, its arguments) with nothing run and no server asked: gh's runF seam. The CLI reads argv
// through the same core (src/cli/program.ts), so what these tables hold is what `wli` does; the last
// table runs the CLI itself on the same bad lines and compares what it says.
import { describe, expect, it, vi } from 'vitest';
import { parse } from '../src/cli/program.js';
import { GLOBAL_OPTIONS, type OptionSpec, type ValueSpec } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';
import { flagsOf } from '../src/spec/flags.js';
import { UsageError } from '../src/core/errors.js';
import { renderMsg } from '../src/core/text.js';
import { wliIn } from './support/run.js';

/** What parse threw, as the CLI would say it on stderr; fails the test if it returned. */
function refusal(argv: string[]): string {
  try {
    parse(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    const u = e as UsageError;
    expect(u.exitCode).toBe(2);
    return `wli: ${renderMsg(u.text, [])}\n${u.hintText ? `hint: ${renderMsg(u.hintText, [])}\n` : ''}`;
  }
  throw new Error(`parse(${JSON.stringify(argv)}) returned instead of throwing`);
}

/** The global options of a command line that names none: the --no-x switches' defaults. */
const DEFAULTS = Object.fromEntries(GLOBAL_OPTIONS.map(flagsOf).flatMap((f) => (f.long.startsWith('--no-') ? [[f.key, true]] : [])));

describe('parse: command lines and what they give', () => {
  it.each<[string[], unknown]>([
    [
      ['stats', 'demo/android', '--fail-under', '80', '-f', 'junit'],
      { command: 'stats', options: { failUnder: [{ percent: 80 }] }, globals: { format: 'junit' }, args: ['demo/android'] },
    ],
    [
      ['stats', 'demo', 'other/x', '--fail-under', 'cs=95,90', '--by', 'language'],
      {
        command: 'stats',
        options: { failUnder: [{ language: 'cs', percent: 95 }, { percent: 90 }], by: 'language' },
        globals: {},
        args: ['demo', 'other/x'],
      },
    ],
    // Global options before the command, after it, and --no-color.
    [
      ['--url', 'https://w.example/', 'ls', '--quiet', '--no-color'],
      { command: 'ls', options: {}, globals: { url: 'https://w.example/', quiet: true, color: false }, args: [] },
    ],
    [
      ['units', 'demo/android/cs', '--state', 'fuzzy', '-L', '5'],
      { command: 'units', options: { state: ['fuzzy'], limit: 5 }, globals: {}, args: ['demo/android/cs'] },
    ],
    [['unit', '42', '-f', 'json'], { command: 'unit', options: {}, globals: { format: 'json' }, args: ['42'] }],
    [['pull', 'a/b', 'c/d', '--dir', 'out'], { command: 'pull', options: { dir: 'out' }, globals: {}, args: ['a/b', 'c/d'] }],
    [['api', '/projects/'], { command: 'api', options: {}, globals: {}, args: ['/projects/'] }],
    [['completion', 'zsh'], { command: 'completion', options: {}, globals: {}, args: ['zsh'] }],
    // `--` ends the options: what follows is an argument, even with a dash.
    [['api', '--', '-x'], { command: 'api', options: {}, globals: {}, args: ['-x'] }],
    [['help', 'ls'], { shown: 'help' }],
    [['ls', '--help'], { shown: 'help' }],
    [['--version'], { shown: 'version' }],
  ])('%j', (argv, expected) => {
    // The global options each row names, over the values every run has (the --no-x switches' true).
    const globals = (expected as { globals?: object }).globals;
    expect(parse(argv)).toEqual(globals ? { ...(expected as object), globals: { ...DEFAULTS, ...globals } } : expected);
  });

  it('prints nothing, help and errors included', () => {
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write');
    try {
      expect(parse(['stats', 'demo', '--help'])).toEqual({ shown: 'help' });
      expect(parse(['--version'])).toEqual({ shown: 'version' });
      expect(() => parse(['stats', '--bogus'])).toThrow(UsageError);
      expect(() => parse([])).toThrow(UsageError);
      expect(out).not.toHaveBeenCalled();
      expect(err).not.toHaveBeenCalled();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});

/** A value each type of option takes, and one it refuses (undefined: every text is a value). */
const SAMPLES: { [T in ValueSpec['type']]: (v: Extract<ValueSpec, { type: T }>) => [good: string, bad: string | undefined] } = {
  text: () => ['x', undefined],
  integer: (v) => [String(v.min), String(v.min - 1)],
  seconds: (v) => ['1', String(v.max + 1)],
  choice: (v) => [v.choices[0] ?? '', 'no-such-choice'],
  fields: () => ['id,name', ''],
  sort: () => ['-id,name', 'a..b'],
  section: () => ['work', 'keys'],
  time: () => ['24h', 'next tuesday'],
  action: () => ['comment-added', 'no-such-action'],
  threshold: () => ['90', '101'],
  over: () => ['3', '-1'],
  percent: () => ['50', '101'],
  slug: () => ['demo', 'a/b'],
  language: () => ['cs', 'c s'],
  conversion: () => ['po', 'no-such-exporter'],
  file: () => ['some.file', undefined],
};
const sample = (v: ValueSpec): [string, string | undefined] => (SAMPLES[v.type] as (v: ValueSpec) => [string, string | undefined])(v);

/** The arguments a command needs before an option can be read. */
const argsOf = (name: string): string[] =>
  COMMANDS.find((c) => c.name === name)!.args.flatMap((a) => (a.required ? [a.choices?.[0] ?? (a.name === 'id' ? '42' : 'demo')] : []));

const rows = (options: readonly OptionSpec[], command: string): Array<[string, string, OptionSpec]> => options.map((o) => [command, flagsOf(o).long, o]);

describe('parse: every flag of every command', () => {
  const all = [...COMMANDS.flatMap((c) => rows(c.options, c.name)), ...rows(GLOBAL_OPTIONS, 'ls')];

  it('covers every command', () => {
    expect(new Set(all.map(([c]) => c))).toEqual(new Set(COMMANDS.filter((c) => c.options.length).map((c) => c.name)));
  });

  it.each(all)('%s %s: a value it takes gives the typed option; one it refuses is a usage error', (command, long, spec) => {
    const isGlobal = GLOBAL_OPTIONS.some((g) => g.flags === spec.flags);
    const key = flagsOf(spec).key;
    const [good, bad] = spec.value ? sample(spec.value) : ['', undefined];
    const given = spec.value ? [long, good] : [long];
    // -f takes only the formats the command writes; ls writes json.
    if (long === '--format') given[1] = 'json';
    const got = parse([command, ...argsOf(command), ...given]);
    expect(got).toMatchObject({ command });
    const options = isGlobal ? (got as { globals: Record<string, unknown> }).globals : (got as { options: Record<string, unknown> }).options;
    // A --no-x switch sets x to false; every other option its own key.
    expect(options[key], JSON.stringify(got)).toEqual(long.startsWith('--no-') ? false : expect.anything());
    if (bad !== undefined && long !== '--format') expect(refusal([command, ...argsOf(command), long, bad])).toContain(long);
  });
});

describe('parse: a bad command line is the usage error the CLI says (exit 2)', () => {
  it.each([
    [['frobnicate']],
    [['lss']],
    [['help', 'frobnicate']],
    [['frobnicate', '--help']],
    [['ls', '--bogus']],
    [['stats', '--fail-under', 'x']],
    [['stats', '--fail-under']],
    [['units', '-L', '0']],
    [['completion']],
    [['completion', 'tcsh']],
    [['ls', '-f', 'junit']],
    [['unit']],
    [['ls', 'a', 'b']],
  ])('%j', async (argv) => {
    const said = refusal(argv);
    const cli = await wliIn(argv, { env: { WLI_URL: 'http://127.0.0.1:9/' } });
    expect(cli.code).toBe(2);
    expect(cli.stdout).toBe('');
    expect(cli.stderr).toBe(said);
  });
});
