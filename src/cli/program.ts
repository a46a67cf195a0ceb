// The command-line program: commander built from spec.ts parses argv, every option value is checked
// once (options.ts), and one run of one command follows (execute.ts, loaded only then). Every byte
// of help, version and usage errors goes through the I/O layer.
import { Command, CommanderError, Option } from 'commander';
import type { Context } from '../core/context.js';
import { COMMANDS, GLOBAL_OPTIONS, type CommandSpec, type OptionSpec } from '../spec/spec.js';
import { EXIT } from '../core/errors.js';
import { IOStreams } from '../io/streams.js';
import { VERSION } from '../core/version.js';


interface Parsed {
  command: CommandSpec;
  args: string[];
  rawOpts: Record<string, unknown>;
  rawGlobals: Record<string, unknown>;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function toOption(spec: OptionSpec): Option {
  const o = new Option(spec.flags, spec.description);
  if (spec.repeatable) o.argParser(collect);
  // Values are checked by options.ts (exit 2, one line); help lists what is accepted.
  if (spec.value?.type === 'choice') o.description += ` (${spec.value.choices.join(', ')})`;
  if (spec.defaultText) o.description += ` [default: ${spec.defaultText}]`;
  if (spec.env) o.description += ` [env: ${spec.env}]`;
  return o;
}

function examplesText(spec: CommandSpec): string {
  const more = spec.more ? `\n${spec.more[0]}:\n${wrap(spec.more[1], 96, '  ')}\n` : '';
  return '\nExamples:\n' + spec.examples.map(([cmd, what]) => `  $ ${cmd}\n      ${what}`).join('\n') + '\n' + more;
}

/** A comma-separated list wrapped between its items to lines of at most `width` characters, indented. */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const item of text.split(', ')) {
    if (line && indent.length + line.length + 2 + item.length > width) {
      lines.push(indent + line + ',');
      line = item;
    } else line = line ? `${line}, ${item}` : item;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

function buildProgram(io: IOStreams, onRun: (parsed: Parsed) => void): Command {
  const program = new Command('wli')
    .description('Inspect translations on a Weblate server: translations, strings, history, statistics, languages.')
    .usage('<command> [target] [options]')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand(false)
    // A command's help also lists the global options: they are accepted after the command too.
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.helpToStdout(s),
      writeErr: (s) => io.helpToStderr(s),
      outputError: (s) => io.parserError(s),
      getOutHelpWidth: () => io.helpWidth('stdout'),
      getErrHelpWidth: () => io.helpWidth('stderr'),
    })
    .addHelpText('after', '\nEvery option can also follow the command. Run "wli <command> --help" for examples, "man wli" for everything.\n');
  for (const g of GLOBAL_OPTIONS) program.addOption(toOption(g));
  for (const spec of COMMANDS) {
    const cmd = program.command(spec.name).summary(spec.summary).description(spec.description);
    for (const a of spec.args) {
      const name = a.variadic ? `${a.name}...` : a.name;
      cmd.argument(a.required ? `<${name}>` : `[${name}]`, a.description);
    }
    for (const o of spec.options) cmd.addOption(toOption(o));
    cmd.addHelpText('after', examplesText(spec));
    cmd.action((...params: unknown[]) => {
      const self = params[params.length - 1] as Command;
      const args = (self.processedArgs as unknown[]).flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]));
      onRun({ command: spec, args, rawOpts: self.opts(), rawGlobals: program.opts() });
    });
  }
  return program;
}

/** Runs wli with argv (without node and script) and returns the exit code. Never exits the process. */
export async function runCli(argv: string[], ctx: Context): Promise<number> {
  const io = new IOStreams(ctx);
  // The completion scripts' question: names from the server, no parsing, no messages (complete.ts).
  if (argv[0] === '__complete') {
    const { complete } = await import('../commands/complete.js');
    await io.out.write(await complete(argv.slice(1), ctx)).catch(() => {});
    await io.out.flush();
    return EXIT.ok;
  }
  // The version needs no argument parser.
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    await io.out.write(`${VERSION}\n`);
    await io.out.flush();
    return EXIT.ok;
  }
  try {
    let parsed: Parsed | undefined;
    const program = buildProgram(io, (inv) => (parsed = inv));
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return EXIT.usage;
    }
    try {
      await program.parseAsync(argv, { from: 'user' });
    } catch (e) {
      if (e instanceof CommanderError) {
        const ok = e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help';
        await io.out.flush();
        return ok ? EXIT.ok : EXIT.usage;
      }
      throw e;
    }
    if (!parsed) return EXIT.usage;
    const { checkArgs, readOptions } = await import('../spec/option-values.js');
    const globals = readOptions(GLOBAL_OPTIONS, parsed.rawGlobals);
    io.configure({ noColor: globals.color === false, quiet: !!globals.quiet, verbose: !!globals.verbose, debug: !!globals.debug });
    io.addSecret(globals.token as string | undefined);
    const opts = readOptions(parsed.command.options, parsed.rawOpts);
    checkArgs(parsed.command.args, parsed.args);
    const { execute } = await import('./execute.js');
    return await execute({ command: parsed.command, args: parsed.args, opts, globals }, ctx, io);
  } catch (e) {
    return io.error(e);
  }
}
