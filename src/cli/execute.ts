// Runs one parsed command: settings → the command's data → the output layer → the exit code.
import type { Context } from '../core/context.js';
import { EXIT, InterruptedError, UsageError } from '../core/errors.js';
import type { GlobalFlags } from '../config/settings.js';
import { loadSettings } from '../config/load.js';
import { Session } from '../commands/session.js';
import { PipeClosed, type IOStreams } from '../io/streams.js';
import type { Result } from '../output/result.js';
import type { CommandInput, StandaloneInput } from '../commands/common.js';
import { VERSION } from '../core/version.js';
import type { CommandSpec } from '../spec/spec.js';

/** One parsed command line, every option value checked and typed (options.ts). */
export interface Invocation {
  command: CommandSpec;
  args: string[];
  /** The command's own options. */
  opts: Record<string, unknown>;
  /** The global options. */
  globals: Record<string, unknown>;
}

type CommandModule =
  | { standalone?: false; run(input: CommandInput): Promise<Result> }
  /** Runs without settings, so a broken environment or config file cannot break it (completion). */
  | { standalone: true; run(input: StandaloneInput): Promise<Result> };


export async function execute(inv: Invocation, ctx: Context, io: IOStreams): Promise<number> {
  const { command: spec, args } = inv;
  // The one place options change type: readOptions checked each value against the same spec.ts
  // entry that OptionsOf derives the command's option types from.
  const opts = inv.opts as CommandInput['opts'];
  const flags = inv.globals as GlobalFlags;
  let session: Session | undefined;
  const out = io.out;
  try {
    // A command is declared once, in spec.ts; its implementation is src/commands/<name>.ts by
    // convention (held by test/structure.test.ts), loaded only when it runs.
    const command = (await import(/* @vite-ignore */ `../commands/${spec.name}.ts`)) as CommandModule;
    if (command.standalone) {
      const result = await command.run({ args, opts });
      if (result.kind === 'text') await out.write(result.text);
      await out.flush();
      return EXIT.ok;
    }
    const { settings, warnings } = loadSettings(flags, ctx);
    io.addSecret(settings.token?.value);
    for (const w of warnings) io.warn(w);
    session = new Session(ctx, io, settings, VERSION, spec.name);
    const result = await command.run({ args, opts, session });
    // Clear the progress line before data lands on the same terminal.
    io.clearProgressBeforeData();
    // Formatters load only once there is something to format (usage errors stay lean).
    const { render } = await import('../output/render.js');
    const s = session;
    await render(result, out, {
      format: settings.format,
      fields: settings.fields,
      color: settings.format === 'table' && io.colorStdout,
      width: io.tableWidth,
      warn: (m) => s.warn(m),
      note: (m) => io.say(m),
    });
    io.stopProgress();
    await out.flush();
    s.noteRateLimit();
    // Ctrl-C ends a run that ends by itself only then (changes --follow): still an interruption.
    if (ctx.signal.aborted) return io.error(new InterruptedError());
    if (result.kind === 'text' || !result.finish) return EXIT.ok;
    const outcome = result.finish();
    for (const m of outcome.messages ?? []) io.say(m);
    return outcome.exitCode;
  } catch (e) {
    io.stopProgress();
    // Ctrl-C wins over what it caused: a reader that went away, a request cut short.
    if (ctx.signal.aborted && !(e instanceof UsageError)) return io.error(new InterruptedError());
    if (e instanceof PipeClosed || out.isClosed) return EXIT.ok;
    return io.error(e);
  } finally {
    await session?.close();
  }
}
