// The command-line program: commander built from spec.ts parses argv, every option value is checked
// once (spec/option-values.ts), and one run of one command follows (execute.ts, loaded only then).
// parse(argv) is the same reading with nothing run and nothing said: what a command line gives, or the
// usage error it is. runCli reads argv through the same core, so the two cannot part. Every byte of
// help, version and usage errors goes through the I/O layer.
import { Command, CommanderError, Help, Option } from 'commander';
import type { Context } from '../core/context.js';
import {
  GLOBAL_OPTIONS,
  HELP_COMMAND,
  formatsOf,
  isCommandName,
  type CommandName,
  type CommandSpec,
  type GlobalOptionValues,
  type OptionSpec,
} from '../spec/spec.js';
import { COMMANDS, readCommandOptions, type OptionsOf } from '../spec/commands.js';
import { flagsOf, namesOf } from '../spec/flags.js';
import { EXIT, UsageError } from '../core/errors.js';
import { msg, ours, outside } from '../core/text.js';
import { IOStreams } from '../io/streams.js';
import { Workspace } from '../files/workspace.js';
import { VERSION } from '../core/version.js';
import { closest } from '../core/closest.js';
import { checkArgs, checkFormat, readOptions } from '../spec/option-values.js';
import { execute } from './execute.js';
import { complete } from './complete.js';

/** What commander read, before the values are checked. */
interface Parsed {
  command: CommandSpec;
  args: string[];
  rawOpts: Record<string, unknown>;
  rawGlobals: Record<string, unknown>;
}

/** One command line read: the command, its options and the global ones checked and typed, its arguments as typed. */
export interface Invocation<N extends CommandName = CommandName> {
  command: N;
  options: OptionsOf<N>;
  globals: GlobalOptionValues;
  args: string[];
}

/** A command line that asks for help or the version: shown, nothing run (exit 0). */
export interface Shown {
  shown: 'help' | 'version';
}

type Stream = 'stdout' | 'stderr';

/** Where the reading's words go: the run's streams (runCli), or nowhere (parse). */
interface ParserOutput {
  help(text: string, stream: Stream): void;
  /** A usage error: commander's words, or ours. */
  error(e: string | UsageError): void;
  width(stream: Stream): number;
}

/** What argv asks: one command's run, or what was shown or said instead, with its exit code. */
type Reading = { run: Invocation } | { exit: number; version?: true };

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function toOption(spec: OptionSpec): Option {
  const o = new Option(spec.flags, spec.description);
  if (spec.repeatable) o.argParser(collect);
  // Values are checked by option-values.ts (exit 2, one line); help lists what is accepted.
  if (spec.value?.type === 'choice') o.description += ` (${spec.value.choices.join(', ')})`;
  if (spec.defaultText) o.description += ` [default: ${spec.defaultText}]`;
  if (spec.env) o.description += ` [env: ${spec.env}]`;
  return o;
}

const FORMAT_OPTION: OptionSpec = globalOption('--format');

function globalOption(long: string): OptionSpec {
  const found = GLOBAL_OPTIONS.find((o) => flagsOf(o).long === long);
  if (!found) throw new Error(`no global option ${long}`);
  return found;
}

/**
 * -f in a command's help lists the formats that command writes (the global help lists them all):
 * stats writes github, ls does not.
 */
function formatHelp(spec: CommandSpec): (this: Help, option: Option) => string {
  const formats = formatsOf(spec);
  const text = formats.length
    ? toOption({ ...FORMAT_OPTION, value: { type: 'choice', choices: formats } }).description
    : `does not apply: ${spec.name} writes no format`;
  return function (option) {
    return option.long === '--format' ? text : Help.prototype.optionDescription.call(this, option);
  };
}

/** Help text around commander's: laid out for the stream it goes to, at its width (80 off a terminal). */
type HelpText = (width: number) => string;

/** The most examples a command's --help shows; the man page and docs/commands.md show them all. */
const HELP_EXAMPLES = 3;

/** The most characters of description --help leads with: five lines at 80 columns. */
const LEAD_MAX = 400;

/** Where the prose --help leaves out is: the man page and the command's section of docs/commands.md. */
const morePointer = (name?: string) => `More: man wli, or docs/commands.md${name ? `#wli-${name}` : ''}`;

/**
 * The lead of a command's description for --help: its first sentence, and the second while the two
 * stay short. The whole description (and every note, and the `more` section) is in the man page.
 */
export function helpLead(description: string, summary: string): string {
  // A sentence ends at . ! or ? before a space and a capital or an opening mark, not inside parentheses.
  const sentences: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < description.length; i++) {
    const ch = description[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === '.' || ch === '!' || ch === '?') && /^\s+[A-Z`"'(]/.test(description.slice(i + 1, i + 3))) {
      sentences.push(description.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  const rest = description.slice(start).trim();
  if (rest) sentences.push(rest);
  const [first = '', second] = sentences;
  // A first sentence of a paragraph's length (stats lists every kind of target) gives way to the summary.
  if (first.length > LEAD_MAX) return `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`;
  return second !== undefined && first.length + second.length <= LEAD_MAX ? `${first} ${second}` : first;
}

/** The options wli --help describes; the other global options it names (globalNames), as a command's help does. */
const DESCRIBED_AT_TOP = ['--version', '--help', '--format'];

/** The global options help names without describing them (the man page describes each): their flags and value. */
function globalNames(skip: readonly string[]): string {
  return GLOBAL_OPTIONS.map((o) => flagsOf(o))
    .filter((f) => !skip.includes(f.long))
    .map((f) => (f.placeholder === undefined ? f.long : `${f.long} <${f.placeholder}>`))
    .join(', ');
}

const globalList = (width: number) =>
  `\nGlobal options (before or after the command; man wli describes each):\n${wrapList(globalNames(DESCRIBED_AT_TOP), width, '  ')}\n`;

function examplesText(spec: CommandSpec): HelpText {
  return (width) => {
    const examples = spec.examples.slice(0, HELP_EXAMPLES);
    return (
      globalList(width) +
      '\nExamples:\n' +
      examples.map(([cmd, what]) => `${wrapCommand(cmd, width)}\n${wrapWords(what, width, '      ')}`).join('\n') +
      `\n\n${morePointer(spec.name)}\n`
    );
  };
}

const globalAfterText: HelpText = (width) =>
  globalList(width) +
  `\n${wrapWords('Run "wli <command> --help" (or "wli help <command>") for its options and examples. The exit codes, each option in full and the rest:', width, '')}\n${morePointer()}\n`;

/** Lines of at most `width` characters, broken between words (a longer word stands alone), indented. */
function wrapWords(text: string, width: number, indent: string): string {
  return wrapItems(text.split(' '), ' ', '', width, indent);
}

/** A comma-separated list broken between its items. */
function wrapList(text: string, width: number, indent: string): string {
  return wrapItems(text.split(', '), ', ', ',', width, indent);
}

/** An example command: broken between words with a shell continuation, so it still pastes whole. */
function wrapCommand(cmd: string, width: number): string {
  return wrapItems(cmd.split(' '), ' ', ' \\', width, '        ').replace(/^ {8}/, '  $ ');
}

function wrapItems(items: string[], sep: string, lineEnd: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && indent.length + line.length + sep.length + item.length + lineEnd.length > width) {
      lines.push(indent + line + lineEnd);
      line = item;
    } else line = line ? line + sep + item : item;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

/** The positional arguments commander hands an action, as typed (a variadic one as a list of them). */
function wordsOf(values: readonly unknown[]): string[] {
  return values.flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : []));
}

function buildProgram(out: ParserOutput, onRun: (parsed: Parsed) => void): Command {
  const program = new Command('wli')
    .description('Inspect translations on a Weblate server: translations, strings, history, statistics, languages.')
    .usage('<command> [target] [options]')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    // `wli help ls` is `wli ls --help` (runCli reads it so); listed here so the global help names it.
    .helpCommand(HELP_COMMAND.usage, HELP_COMMAND.summary)
    // A command by its name alone: the summary beside it fits one line at 80 columns. Of the global
    // options, -f is described (it says the formats); the rest are named after, the man page describing them.
    .configureHelp({
      subcommandTerm: (c) => c.name(),
      visibleOptions(this: Help, c) {
        return Help.prototype.visibleOptions.call(this, c).filter((o) => DESCRIBED_AT_TOP.includes(o.long ?? ''));
      },
    })
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => out.help(s, 'stdout'),
      writeErr: (s) => out.help(s, 'stderr'),
      outputError: (s) => out.error(s),
      getOutHelpWidth: () => out.width('stdout'),
      getErrHelpWidth: () => out.width('stderr'),
    })
    .addHelpText('after', (c) => globalAfterText(out.width(c.error ? 'stderr' : 'stdout')));
  for (const g of GLOBAL_OPTIONS) program.addOption(toOption(g));
  for (const spec of COMMANDS) {
    // --help leads with the description's first sentences; the man page and docs/commands.md hold it whole.
    const cmd = program.command(spec.name).summary(spec.summary).description(helpLead(spec.description, spec.summary));
    // A command's help describes -f (the formats it writes) among its own options and names the other
    // global options: they are accepted after the command too, and the man page describes them.
    cmd.configureHelp({
      visibleOptions(this: Help, c) {
        const own = Help.prototype.visibleOptions.call(this, c);
        const format = (c.parent?.options ?? []).filter((o) => o.long === '--format');
        return [...own.filter((o) => o.long !== '--help'), ...format, ...own.filter((o) => o.long === '--help')];
      },
      optionDescription: formatHelp(spec),
    });
    for (const a of spec.args) {
      const name = a.variadic ? `${a.name}...` : a.name;
      cmd.argument(a.required ? `<${name}>` : `[${name}]`, a.description);
    }
    for (const o of spec.options) cmd.addOption(toOption(o));
    const examples = examplesText(spec);
    cmd.addHelpText('after', (c) => examples(out.width(c.error ? 'stderr' : 'stdout')));
    // commander hands the arguments first, one parameter each, then the options and the command.
    cmd.action((...params: unknown[]) => {
      onRun({ command: spec, args: wordsOf(params.slice(0, spec.args.length)), rawOpts: cmd.opts(), rawGlobals: program.opts() });
    });
  }
  return program;
}

/**
 * A missing argument that takes one of a few words (completion's shell) names them: commander's
 * message alone leaves the user guessing.
 */
function missingChoice(text: string): UsageError | undefined {
  const name = /missing required argument '([^']+)'/.exec(text)?.[1];
  for (const c of COMMANDS) {
    const choices = c.args.find((a) => a.name === name)?.choices;
    if (choices)
      return new UsageError(msg`missing required argument '${name}'`, ours(`expected one of: ${choices.join(', ')}; e.g. wli ${c.name} ${choices[0]}`));
  }
  return undefined;
}

/** The first word of argv that is not an option or a global option's value, and where it is. */
function commandWordAt(argv: string[], from = 0): { word: string; at: number } | undefined {
  const takesValue = new Set(GLOBAL_OPTIONS.map(flagsOf).flatMap((f) => (f.placeholder === undefined ? [] : namesOf(f))));
  for (let i = from; i < argv.length; i++) {
    const a = argv[i];
    if (a === undefined) break;
    if (a === '--') {
      const next = argv[i + 1];
      return next === undefined ? undefined : { word: next, at: i + 1 };
    }
    if (!a.startsWith('-') || a === '-') return { word: a, at: i };
    if (takesValue.has(a)) i++;
  }
  return undefined;
}

/** The command named. */
const commandWord = (argv: string[]): string | undefined => commandWordAt(argv)?.word;

const HELP = HELP_COMMAND.name;

/** An unknown command, said as commander says it, with the closest one. */
function unknownCommand(out: ParserOutput, word: string): Reading {
  const near = closest(
    word,
    COMMANDS.map((c) => c.name),
  )[0];
  out.error(`error: unknown command '${word}'${near ? `\n(Did you mean ${near}?)` : ''}`);
  return { exit: EXIT.usage };
}

/**
 * `wli help [command]` as `wli [command] --help`: the same text, the same exit code. An unknown
 * command is a usage error with the closest name, as `wli frobnicate --help` is.
 */
function helpArgv(argv: string[], at: number): string[] | { unknown: string } {
  const named = commandWordAt(argv, at + 1)?.word;
  if (named === undefined || named === HELP) return ['--help'];
  return isCommandName(named) ? [named, '--help'] : { unknown: named };
}

/**
 * argv read: `wli help <command>` as `<command> --help`, commander's parse against the spec, then
 * every value checked (the global options first: `onGlobals` sees them before a command's option can
 * fail, so --quiet, --no-color and --debug hold for its error). Throws the UsageError of a bad value;
 * commander's own errors and help go to `out`.
 */
function read(argv: string[], out: ParserOutput, onGlobals: (globals: GlobalOptionValues) => void = () => {}): Reading {
  let parsed: Parsed | undefined;
  const program = buildProgram(out, (inv) => (parsed = inv));
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return { exit: EXIT.usage };
  }
  const first = commandWordAt(argv);
  if (first?.word === HELP) {
    const help = helpArgv(argv, first.at);
    if ('unknown' in help) return unknownCommand(out, help.unknown);
    argv = help;
  }
  // commander answers `wli frobnicate --help` with the global help and exit 0: an unknown command
  // is a usage error whatever follows it.
  const word = commandWord(argv);
  if (word !== undefined && argv.some((a) => a === '--help' || a === '-h') && !isCommandName(word)) return unknownCommand(out, word);
  try {
    program.parse(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help asked for is exit 0; the help commander shows for no command (`wli --quiet`, only
      // global options) is a usage error, as `wli` alone is (it says so with exitCode 1).
      if (e.code === 'commander.version') return { exit: EXIT.ok, version: true };
      const ok = e.code === 'commander.helpDisplayed' || (e.code === 'commander.help' && e.exitCode === 0);
      return { exit: ok ? EXIT.ok : EXIT.usage };
    }
    throw e;
  }
  if (!parsed) return { exit: EXIT.usage };
  const globals = readOptions(GLOBAL_OPTIONS, parsed.rawGlobals);
  onGlobals(globals);
  const name = parsed.command.name;
  if (!isCommandName(name)) return { exit: EXIT.usage };
  const options = readCommandOptions(name, parsed.rawOpts);
  checkArgs(parsed.command.args, parsed.args);
  checkFormat(parsed.command, globals);
  return { run: { command: name, options, globals, args: parsed.args } };
}

/** commander's words for a usage error as the UsageError the CLI says (io.parserError's lines). */
function parserUsageError(text: string): UsageError {
  const [first = '', ...rest] = text
    .replace(/^error: /, '')
    .replace(/\n$/, '')
    .split('\n');
  const more = rest.map((l) => l.trim()).join(' ');
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(more)?.[1];
  return new UsageError(outside(first), suggestion !== undefined ? msg`did you mean ${suggestion}?` : more ? outside(more) : undefined);
}

/**
 * What a command line asks, with nothing run, nothing printed and no server asked: the command, its
 * typed options, the global options and its arguments; `{ shown }` for help or the version; a bad
 * command line throws the UsageError (exit 2) the CLI says for it. runCli reads argv the same way.
 */
export function parse(argv: readonly string[]): Invocation | Shown {
  let said: UsageError | undefined;
  const reading = read([...argv], {
    help: () => {},
    error: (e) => (said ??= typeof e === 'string' ? (missingChoice(e) ?? parserUsageError(e)) : e),
    width: () => 80,
  });
  if ('run' in reading) return reading.run;
  if (reading.exit === EXIT.ok) return { shown: reading.version ? 'version' : 'help' };
  throw said ?? new UsageError(msg`no command given`, msg`wli --help lists the commands`);
}

/** The run's streams as the parser's output. */
function cliOutput(io: IOStreams): ParserOutput {
  return {
    help: (text, stream) => (stream === 'stdout' ? io.helpToStdout(text) : io.helpToStderr(text)),
    error: (e) => {
      const error = typeof e === 'string' ? missingChoice(e) : e;
      if (error) io.error(error);
      else if (typeof e === 'string') io.parserError(e);
    },
    width: (stream) => io.helpWidth(stream),
  };
}

/**
 * Runs wli with argv (without node and script) and returns the exit code. Never exits the process.
 * `workspace` holds the run's temporary files and the directories made for them (main.ts keeps it, to
 * clean up after a signal or a run that never settles); whatever is left of it goes when the run ends.
 */
export async function runCli(argv: string[], ctx: Context, workspace = new Workspace()): Promise<number> {
  try {
    return await runIn(argv, ctx, workspace);
  } finally {
    workspace.removeAll();
  }
}

async function runIn(argv: string[], ctx: Context, workspace: Workspace): Promise<number> {
  const io = new IOStreams(ctx);
  // The completion scripts' question: names from the server, no parsing, no messages (complete.ts).
  if (argv[0] === '__complete') {
    await io.out.write(await complete(argv.slice(1), ctx)).catch(() => {});
    await io.out.flush().catch(() => {});
    return EXIT.ok;
  }
  // The version needs no argument parser.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    await io.out.write(`${VERSION}\n`);
    await io.out.flush();
    return EXIT.ok;
  }
  try {
    const reading = read(argv, cliOutput(io), (globals) => {
      io.configure({ noColor: globals.color === false, quiet: !!globals.quiet, verbose: !!globals.verbose, debug: !!globals.debug });
      io.addSecret(globals.token);
    });
    if (!('run' in reading)) {
      await io.out.flush();
      return reading.exit;
    }
    const { command: name, options: opts, globals, args } = reading.run;
    return await execute({ name, args, opts, globals }, ctx, io, workspace);
  } catch (e) {
    return io.error(e);
  }
}
