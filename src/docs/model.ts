// The specs (src/spec/commands.ts: each command's, from its folder) seen the way completions and the man page need it: every option split into
// its short and long name and what its value is, help and version added, per-command argument values.
import { ACTION_KEBABS } from '../weblate/actions.js';
import { EXPORTERS } from '../weblate/files.js';
import { GLOBAL_OPTIONS, formatsOf, type ArgSpec, type CommandSpec, type Format, type OptionSpec } from '../spec/spec.js';
import { COMMANDS } from '../spec/commands.js';
import { flagsOf, namesOf } from '../spec/flags.js';

/** What to offer for an option's value (or a positional argument). */
export type ValueKind =
  | { kind: 'choices'; choices: readonly string[]; /** several, comma-separated */ list: boolean }
  | { kind: 'file' }
  | { kind: 'none' }
  /** Names of the configured server (`wli __complete`). */
  | { kind: 'targets' };

export interface Flag {
  short?: string; // '-f'
  long: string; // '--format'
  /** Placeholder of the value ('fmt'); undefined for a switch. */
  value?: string;
  values?: ValueKind;
  description: string;
  /** What the description leaves out (the spec's note), prose with `code` spans. */
  note?: string;
  repeatable: boolean;
  spec?: OptionSpec;
}

interface Positional {
  spec: ArgSpec;
  values: ValueKind;
}

export interface Command {
  name: string;
  spec: CommandSpec;
  args: Positional[];
  options: Flag[];
  /** The -f formats it writes (none: -f does not apply). */
  formats: readonly Format[];
  /** The global -f as this command takes it: its own formats to offer. */
  formatFlag: Flag;
}

/** Added by commander in src/cli/program.ts, not listed in the spec. */
export const HELP: Flag = { short: '-h', long: '--help', description: 'show help', repeatable: false };
export const VERSION: Flag = { short: '-V', long: '--version', description: 'print the version', repeatable: false };

function parseFlag(spec: OptionSpec): Flag {
  const { short, long, placeholder: value } = flagsOf(spec);
  let values: ValueKind | undefined;
  if (value !== undefined) {
    const v = spec.value;
    if (v?.type === 'choice') values = { kind: 'choices', choices: v.choices, list: !!spec.repeatable };
    else if (v?.type === 'action') values = { kind: 'choices', choices: ACTION_KEBABS, list: !!spec.repeatable };
    else if (v?.type === 'conversion') values = { kind: 'choices', choices: EXPORTERS.map((e) => e.name), list: false };
    else values = v?.type === 'file' ? { kind: 'file' } : { kind: 'none' };
  }
  return { short, long, value, values, description: spec.description, note: spec.note, repeatable: !!spec.repeatable, spec };
}

export const globalFlags: Flag[] = GLOBAL_OPTIONS.map(parseFlag);

/** -f: every format before a command is named (the global one); a command's own formats after it. */
export const FORMAT_FLAG: Flag = formatFlag();

function formatFlag(): Flag {
  const f = globalFlags.find((g) => g.long === '--format');
  if (!f) throw new Error('docs: the spec has no global --format');
  return f;
}

const formatFlagOf = (formats: readonly Format[]): Flag => ({
  ...FORMAT_FLAG,
  values: formats.length ? { kind: 'choices', choices: formats, list: false } : { kind: 'none' },
});

export const commands: Command[] = COMMANDS.map((spec) => ({
  name: spec.name,
  spec,
  args: spec.args.map((a) => ({
    spec: a,
    values: a.choices ? { kind: 'choices', choices: a.choices, list: false } : a.targets ? { kind: 'targets' } : { kind: 'none' },
  })),
  options: spec.options.map(parseFlag),
  formats: formatsOf(spec),
  formatFlag: formatFlagOf(formatsOf(spec)),
}));

/** Names of a flag: ['-f', '--format'] or ['--url']. */
export const names = (f: Flag): string[] => namesOf(f);

export type ValuedFlag = Flag & { values: ValueKind };
const isValued = (f: Flag): f is ValuedFlag => f.values !== undefined;

/** Every flag that takes a value, once per long name (commands may share one, e.g. --limit). */
export function valuedFlags(): ValuedFlag[] {
  const seen = new Map<string, ValuedFlag>();
  for (const f of [...globalFlags, ...commands.flatMap((c) => c.options)]) {
    if (!isValued(f)) continue;
    const other = seen.get(f.long);
    if (other && (JSON.stringify(other.values) !== JSON.stringify(f.values) || other.short !== f.short)) {
      throw new Error(`docs: ${f.long} takes different values in different commands; completions would need a per-command case`);
    }
    seen.set(f.long, f);
  }
  return [...seen.values()];
}
