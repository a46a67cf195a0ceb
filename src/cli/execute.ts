// Runs one parsed command: settings → the command's data → the output layer → the exit code.
import type { Context } from '../core/context.js';
import { EXIT, LocalError, UsageError, interruption } from '../core/errors.js';
import { msg } from '../core/text.js';
import type { GlobalFlags } from '../config/settings.js';
import { loadSettings } from '../config/load.js';
import { openRun, type RunParts } from '../remote/run.js';
import { PipeClosed, type IOStreams } from '../io/streams.js';
import { render } from '../output/render.js';
import type { Result } from '../output/result.js';
import { checkJq } from '../output/jq.js';
import { VERSION } from '../core/version.js';
import type { CommandName } from '../spec/spec.js';
import type { OptionsOf } from '../spec/commands.js';
import { COMMAND_MODULES } from './registry.js';
import type { Workspace } from '../files/workspace.js';

/** One parsed command line, every option value checked and typed (spec/option-values.ts). */
interface Invocation<N extends CommandName> {
  name: N;
  args: string[];
  /** The command's own options. */
  opts: OptionsOf<N>;
  /** The global options. */
  globals: GlobalFlags;
}

export async function execute<N extends CommandName>(inv: Invocation<N>, ctx: Context, io: IOStreams, workspace: Workspace): Promise<number> {
  const { name, args, opts } = inv;
  let run: RunParts | undefined;
  const out = io.out;
  try {
    const command = await COMMAND_MODULES[name]();
    if (command.standalone) {
      // Its output is a script, in no format: a format asked for would be silently ignored.
      if (inv.globals.format !== undefined || inv.globals.fields !== undefined) {
        throw new UsageError(msg`wli ${name} prints a script: -f/--format and --fields do not apply`, msg`drop them`);
      }
      const result = await command.run({ args, opts });
      if (result.kind === 'text') await out.write(result.text);
      await out.flush();
      return EXIT.ok;
    }
    const { settings, warnings } = loadSettings(inv.globals, ctx);
    // Only a table cuts text: in another format --wrap would be silently ignored.
    if (settings.wrap && settings.format !== 'table')
      throw new UsageError(msg`--wrap is for tables: -f ${settings.format} never cuts text`, msg`drop --wrap, or use -f table`);
    io.addSecret(settings.token?.value);
    for (const w of warnings) io.warn(w);
    // An expression jq cannot compile is a usage error before any request.
    if (settings.jq !== undefined) await checkJq(settings.jq);
    run = openRun(ctx, io, settings, VERSION, name, workspace);
    const result = await command.run({ args, opts, ...run });
    if (!settings.noPager && !(result.kind === 'list' && result.live)) io.usePager();
    return await finish(result, run, ctx, io);
  } catch (e) {
    io.stopProgress();
    // What went wrong is said once the pager is gone, on the terminal it leaves.
    await io.endPager(ctx.signal.aborted);
    // A signal (Ctrl-C, SIGTERM, SIGHUP) wins over what it caused: a reader that went away, a request cut short.
    if (ctx.signal.aborted && !(e instanceof UsageError)) return io.error(interruption(ctx.signal));
    if (readerLeft(e, io)) return EXIT.ok;
    return io.error(e);
  } finally {
    await run?.weblate.close();
  }
}

/** The result written in the chosen format, then what the run ends with: its exit code and last words. */
async function finish(result: Result, run: RunParts, ctx: Context, io: IOStreams): Promise<number> {
  const { settings, report } = run;
  // Clear the progress line before data lands on the same terminal.
  io.clearProgressBeforeData();
  const done = result.kind === 'text' ? undefined : result.done;
  // A result may choose its format when -f is not given (wli api --paginate: JSON Lines).
  const format = (!settings.formatGiven && result.kind === 'list' && result.defaultFormat) || settings.format;
  const written = render(result, io.out, {
    format,
    fields: settings.fields,
    sort: settings.sort,
    noHeaders: settings.noHeaders,
    jq: settings.jq,
    color: format === 'table' && io.colorStdout,
    width: io.tableWidth,
    wrap: settings.wrap,
    terminal: io.stdoutIsTerminal,
    bars: io.barGlyphs,
    warn: (m) => report.warn(m),
    note: (m) => io.say(m),
    env: ctx.env,
    cwd: ctx.cwd,
  }).then(() => {
    if (!done) io.stopProgress();
    return io.out.flush();
  });
  // Data that ends early (a reader gone, stdout failing) never ends the work beside it: that is waited
  // for, and the run's verdict, judged before anything was written, is still said. A reader that left
  // never decides the exit status: the run ends with its outcome (a failed gate is still 3, a refused
  // setting 2). Data that could not be written is work undone: 7, after the verdict's summary.
  const cut = await written.then(
    () => undefined,
    (error: unknown) => {
      if (!done) io.stopProgress();
      return { error };
    },
  );
  // The data is all there: the person reads it in the pager; the run's last words come after it.
  await io.endPager(ctx.signal.aborted);
  if (done) {
    try {
      await done;
    } catch (e) {
      return io.error(ctx.signal.aborted ? interruption(ctx.signal) : e);
    }
    io.stopProgress();
  }
  // The rate-limit note closes a run that did its work (or gave its data to a reader that left), not one whose data failed.
  if (done || !cut || readerLeft(cut.error, io)) run.weblate.noteRateLimit();
  // A signal ends a run that ends by itself only then (changes --follow): still an interruption.
  if (ctx.signal.aborted) return io.error(interruption(ctx.signal));
  const outcome = result.kind === 'text' ? undefined : result.finish?.();
  for (const m of outcome?.messages ?? []) io.say(m);
  // Data that could not be written is work undone; a reader that left is a normal end.
  if (cut && !readerLeft(cut.error, io)) return io.error(cut.error);
  return outcome?.exitCode ?? EXIT.ok;
}

/**
 * The data's reader went away (a closed pipe: `| head`, `| true`): a normal end of the data, not of
 * the run. A local write that failed meanwhile (the job summary) is still work undone.
 */
const readerLeft = (error: unknown, io: IOStreams): boolean => error instanceof PipeClosed || (io.out.isClosed && !(error instanceof LocalError));
