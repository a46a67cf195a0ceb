// An option's flag syntax, '-f, --format <fmt>', read in one place: at run time (the parser, the
// docs, the command word before the parser runs) by flagsOf, and in the types (the key of each
// option's value) by FlagKey. Both follow commander's rules: '--page-size' is stored as 'pageSize',
// '--no-color' as 'color'.

interface Flags {
  /** '-f', when the option has a short name. */
  short?: string;
  /** '--format'. */
  long: string;
  /** The value's placeholder ('fmt'); undefined for a switch. */
  placeholder?: string;
  /** The key commander stores the value under: 'format', 'pageSize', 'color' for '--no-color'. */
  key: string;
  /** A '--no-x' switch: its value is false when given. */
  negated: boolean;
}

const SYNTAX = /^(?:(-[A-Za-z]), )?(--[a-z][a-z-]*)(?: <([^>]+)>)?$/;

const parsed = new Map<string, Flags>();

/** The parts of a flag string; a string that is not in the one form the spec uses is a programming error. */
export function parseFlags(flags: string): Flags {
  const known = parsed.get(flags);
  if (known) return known;
  const m = SYNTAX.exec(flags);
  const long = m?.[2];
  if (!m || long === undefined) throw new Error(`spec: cannot read option flags '${flags}' (expected '-x, --name <value>', '--name <value>' or '--name')`);
  const [short, placeholder] = [m[1], m[3]];
  const negated = long.startsWith('--no-');
  const key = camel(long.slice(negated ? '--no-'.length : '--'.length));
  const f: Flags = { short, long, placeholder, key, negated };
  parsed.set(flags, f);
  return f;
}

/** The flags of an option of the spec. */
export const flagsOf = (option: { flags: string }): Flags => parseFlags(option.flags);

/** Names of an option as typed: ['-f', '--format'] or ['--url']. */
export const namesOf = (f: Pick<Flags, 'short' | 'long'>): string[] => (f.short ? [f.short, f.long] : [f.long]);

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

// ---------------------------------------------------------------- the same rules in the types

/** '-f, --format <fmt>' → 'format', '--page-size <n>' → 'page-size'. */
type LongName<F extends string> = F extends `${string}--${infer Rest}` ? (Rest extends `${infer N} ${string}` ? N : Rest) : never;
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
/** The key of an option's value: '--page-size <n>' → 'pageSize', '--no-color' → 'color'. */
export type FlagKey<F extends string> = LongName<F> extends `no-${infer N}` ? Camel<N> : Camel<LongName<F>>;
