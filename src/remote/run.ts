// What a command receives, built once per run: the Weblate object (the server: every read, a target
// resolved, a result), the Report (what the run says on stderr, and how it waits), how the result will
// be shown, the run's files workspace, and the process context. A command takes what it uses of
// these; none of them prints: what a command has to say goes through the Report or comes back with
// its result.
import type { Context } from '../core/context.js';
import type { Settings } from '../config/settings.js';
import type { IOStreams } from '../io/streams.js';
import type { CommandName } from '../spec/spec.js';
import type { OptionsOf } from '../spec/commands.js';
import { Workspace } from '../files/workspace.js';
import { Report } from '../io/report.js';
import { Weblate } from './weblate.js';

/** How the result will be shown: what a command may choose by (CI formats, a default format, --fields). */
export type Shown = Pick<Settings, 'format' | 'formatGiven' | 'fields' | 'sort' | 'jq'>;

/** What `wli <name>` receives: its arguments, its options checked and typed from its spec (src/commands/<name>/spec.ts), and the run's parts. */
export interface CommandInput<N extends CommandName = CommandName> {
  args: string[];
  opts: OptionsOf<N>;
  /** The configured server: every read, resolution and result helper, built once for the run. */
  weblate: Weblate;
  /** What the run says on stderr while it works: warnings, notes, progress; and its pauses. */
  report: Report;
  /** How the result will be shown. */
  shown: Shown;
  /** The run's temporary files and the directories made for them: cleaned up whatever ends the run. */
  files: Workspace;
  /** The process: working directory, environment, clock, stdin, the run's signal. */
  ctx: Context;
  /** What the configuration resolved, each value with its source: for `wli config`, which shows it (test/structure.test.ts keeps it there). */
  settings: Readonly<Settings>;
}

/** The run's parts a command's own functions are given (each takes what it uses of them). */
export type RunParts = Omit<CommandInput, 'args' | 'opts'>;

/** What a command that needs no server or settings receives (completion). */
export type StandaloneInput<N extends CommandName = CommandName> = Pick<CommandInput<N>, 'args' | 'opts'>;

/** The run's parts, built once: the one Weblate object and the Report it speaks through. */
export function openRun(
  ctx: Context,
  io: IOStreams,
  settings: Settings,
  version: string,
  /** What the progress line says while a request is out and no count is known yet ("translation …"). */
  activity = 'fetching',
  workspace = new Workspace(),
): RunParts {
  const report = new Report(io, ctx, settings.quiet);
  const weblate = new Weblate({ ctx, io, settings, version, activity, report, workspace });
  const { format, formatGiven, fields, sort, jq } = settings;
  return { weblate, report, shown: { format, formatGiven, fields, sort, jq }, files: workspace, ctx, settings };
}
