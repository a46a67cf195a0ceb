// Runs one parsed command: settings, the command's data, the output layer, the exit code.
import type { Context } from './context.js';
import { EXIT, InterruptedError, UsageError } from './api/errors.js';
import type { GlobalFlags } from './config/settings.js';
import { loadSettings } from './config/load.js';
import { Session } from './session.js';
import { PipeClosed, Writer } from './output/writer.js';
import { colorEnabled } from './output/terminal.js';
import { reportError } from './cli.js';
import type { Result } from './output/result.js';
import type { CommandInput } from './commands/common.js';

type CommandModule = {
  run(input: CommandInput): Promise<Result>;
  /** Runs without settings, so a broken environment or config file cannot break it (completion). */
  standalone?: boolean;
};

const COMMAND_MODULES: Record<string, () => Promise<CommandModule>> = {
  translation: () => import('./commands/translation.js'),
  units: () => import('./commands/units.js'),
  changes: () => import('./commands/changes.js'),
  stats: () => import('./commands/stats.js'),
  language: () => import('./commands/language.js'),
  config: () => import('./commands/config.js'),
  completion: () => import('./commands/completion.js'),
};

export async function execute(
  name: string,
  args: string[],
  opts: Record<string, unknown>,
  globals: Record<string, unknown>,
  ctx: Context,
  version: string,
): Promise<number> {
  const flags = globals as GlobalFlags;
  let session: Session | undefined;
  const out = new Writer(ctx.stdout);
  try {
    const load = COMMAND_MODULES[name];
    if (!load) throw new UsageError(`unknown command '${name}'`);
    const command = await load();
    if (command.standalone) {
      const result = await command.run({ args, opts } as CommandInput);
      if (result.kind === 'text') await out.write(result.text);
      await out.flush();
      return EXIT.ok;
    }
    const settings = loadSettings(flags, ctx);
    session = new Session(ctx, settings, version, name);
    const result = await command.run({ args, opts, session });
    const s = session;
    // Clear the progress line before data lands on the same terminal.
    if (ctx.stdout.isTTY) out.beforeFirstWrite = () => s.progress.stop();
    // Formatters load only once there is something to format (usage errors stay lean).
    const { render } = await import('./output/render.js');
    await render(result, out, {
      format: settings.format,
      fields: settings.fields,
      color: settings.format === 'table' && colorEnabled(ctx.stdout, ctx.env, settings.noColor),
      width: ctx.stdout.isTTY ? ctx.stdout.columns : undefined,
      warn: (m) => s.warn(m),
    });
    session.progress.stop();
    await out.flush();
    return result.kind !== 'text' && result.finish ? result.finish() : EXIT.ok;
  } catch (e) {
    session?.progress.stop();
    if (e instanceof PipeClosed || out.isClosed) return EXIT.ok;
    if (ctx.signal.aborted && !(e instanceof UsageError)) return reportError(ctx, new InterruptedError(), false);
    return reportError(ctx, e, !!flags.debug, session?.settings.token?.value ?? flags.token);
  } finally {
    await session?.close();
  }
}
