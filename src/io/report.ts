// What a run says on stderr while it works, and how it waits between polls: warnings, notes, lines
// about each piece of work (left out with --quiet), the progress line. A command speaks through it and
// never prints; the I/O layer (io/streams.ts) decides where and how each line is drawn.
import type { Context } from '../core/context.js';
import type { Msg } from '../core/text.js';
import type { IOStreams } from './streams.js';
import type { Progress } from './progress.js';

export class Report {
  constructor(
    private readonly io: IOStreams,
    private readonly ctx: Pick<Context, 'signal' | 'sleep'>,
    /** --quiet: stderr keeps to failures, warnings and summaries. */
    private readonly quiet: boolean,
  ) {}

  warn(message: Msg): void {
    this.io.warn(message);
  }

  /** A message of the run itself, not a warning ("polls work again"). */
  say(message: Msg): void {
    this.io.say(message);
  }

  /** A line for --verbose only (which way a list was read); nothing otherwise. */
  note(message: Msg): void {
    this.io.verbose(message);
  }

  /** A line about one piece of work done (a file pulled, one skipped): left out with --quiet. */
  tell(message: Msg): void {
    if (!this.quiet) this.io.say(message);
  }

  get progress(): Progress {
    return this.io.progress;
  }

  /**
   * Waits ms while nothing is written to stdout (changes --follow between polls), or less when the run
   * is interrupted. A reader of stdout that leaves meanwhile (`| head -1`) ends the run at once, as a
   * write would have ended it (a PipeClosed: exit 0, nothing said), not at the next write.
   */
  async pause(ms: number): Promise<void> {
    const { ctx } = this;
    const watch = await this.io.watchReader();
    if (!watch) return ctx.sleep(ms, ctx.signal);
    try {
      await ctx.sleep(ms, AbortSignal.any([ctx.signal, watch.signal]));
    } finally {
      watch.stop();
    }
    if (watch.signal.aborted && !ctx.signal.aborted) throw this.io.readerLeft();
  }
}
