// Flag syntax is read in one place (src/spec/flags.ts); commander, which parses the real command
// line, is the oracle for what each part must be.
import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { flagsOf, parseFlags } from '../src/spec/flags.js';
import { GLOBAL_OPTIONS, type OptionSpec } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';

const every: readonly OptionSpec[] = [...GLOBAL_OPTIONS, ...COMMANDS.flatMap((c) => c.options)];

describe('flag syntax', () => {
  it('splits a flag string into short and long name, placeholder and key', () => {
    expect(parseFlags('-f, --format <fmt>')).toEqual({ short: '-f', long: '--format', placeholder: 'fmt', key: 'format', negated: false });
    expect(parseFlags('--page-size <n>')).toEqual({ short: undefined, long: '--page-size', placeholder: 'n', key: 'pageSize', negated: false });
    expect(parseFlags('--allow-insecure-http')).toEqual({
      short: undefined,
      long: '--allow-insecure-http',
      placeholder: undefined,
      key: 'allowInsecureHttp',
      negated: false,
    });
    expect(parseFlags('--no-color')).toEqual({ short: undefined, long: '--no-color', placeholder: undefined, key: 'color', negated: true });
  });

  it('refuses a flag string in another form, naming it', () => {
    for (const bad of ['--format [fmt]', '-f --format', 'format', '--Format', '-f, --format <fmt> extra'])
      expect(() => parseFlags(bad), bad).toThrow(/cannot read option flags/);
  });

  it.each(every.map((o) => [o.flags, o] as const))('%s reads as commander reads it', (_, spec) => {
    const f = flagsOf(spec);
    const o = new Option(spec.flags);
    expect(f.short).toBe(o.short);
    expect(f.long).toBe(o.long);
    expect(f.key).toBe(o.attributeName());
    expect(f.negated).toBe(o.negate);
    expect(f.placeholder !== undefined).toBe(o.required);
  });
});
