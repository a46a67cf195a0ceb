// The command-line program: commander built from spec.ts, then one run of one command, with
// every error turned into a short stderr message and the exit code of the contract.
import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import type { Context } from './context.js';
import { COMMANDS, GLOBAL_OPTIONS, type CommandSpec, type OptionSpec } from './spec.js';
import { EXIT, WliError } from './api/errors.js';
import { safeText } from './output/terminal.js';

// dist/src/cli.js when built, src/cli.ts when tests run the source.
export const VERSION: string = (() => {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
      if (pkg.name === 'weblate-inspect') return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();

interface Invocation {
  command: CommandSpec;
  args: string[];
  opts: Record<string, unknown>;
  globals: Record<string, unknown>;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

function toOption(spec: OptionSpec): Option {
  const o = new Option(spec.flags, spec.description);
  if (spec.repeatable) o.argParser(collect);
  // Choices and defaults are applied by our code (exit 2, one line); help lists them.
  if (spec.choices) o.description += ` (${spec.choices.join(', ')})`;
  if (spec.defaultText) o.description += ` [default: ${spec.defaultText}]`;
  if (spec.env) o.description += ` [env: ${spec.env}]`;
  return o;
}

function examplesText(spec: CommandSpec): string {
  return '\nExamples:\n' + spec.examples.map(([cmd, what]) => `  $ ${cmd}\n      ${what}`).join('\n') + '\n';
}

export function buildProgram(ctx: Context, onRun: (inv: Invocation) => void): Command {
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
      writeOut: (s) => void ctx.stdout.write(s),
      writeErr: (s) => void ctx.stderr.write(s),
      outputError: (s, write) => write(`wli: ${s.replace(/^error: /, '')}`),
      getOutHelpWidth: () => ctx.stdout.columns ?? 80,
      getErrHelpWidth: () => ctx.stderr.columns ?? 80,
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
      onRun({ command: spec, args, opts: self.opts(), globals: program.opts() });
    });
  }
  return program;
}

/** Runs wli with argv (without node and script) and returns the exit code. Never exits the process. */
export async function runCli(argv: string[], ctx: Context): Promise<number> {
  let invocation: Invocation | undefined;
  const program = buildProgram(ctx, (inv) => (invocation = inv));
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    throw e;
  }
  if (!invocation) return EXIT.usage;
  const { execute } = await import('./execute.js');
  return execute(invocation.command.name, invocation.args, invocation.opts, invocation.globals, ctx, VERSION);
}

/** One or two lines on stderr: what failed, and what to do next. Stack traces only with --debug. */
export function reportError(ctx: Context, e: unknown, debug: boolean, secret?: string): number {
  const say = (line: string) => void ctx.stderr.write(`${safeText(line, secret)}\n`);
  if (e instanceof WliError) {
    say(`wli: ${e.message}`);
    if (e.hint) say(`hint: ${e.hint}`);
    if (debug && e.stack) ctx.stderr.write(`${e.stack.split(secret || '\0').join('<redacted>')}\n`);
    return e.exitCode;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  say(`wli: internal error: ${err.message}`);
  if (debug) ctx.stderr.write(`${(err.stack ?? '').split(secret || '\0').join('<redacted>')}\n`);
  else say('hint: rerun with --debug for details and report it at the project issue tracker');
  return EXIT.server;
}
