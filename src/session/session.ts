// What a command receives: its arguments and typed options, the resolved settings, and lazily built
// services (the API client, the progress line, warnings). Commands use it to ask for data; they never
// print: what they have to say goes to the I/O layer through warn() or comes back with their result.
import type { Context } from '../core/context.js';
import type { Settings } from '../config/settings.js';
import { ApiClient } from '../api/client.js';
import { UsageError } from '../core/errors.js';
import type { IOStreams } from '../io/streams.js';
import type { Progress } from '../io/progress.js';
import { msg, type Msg } from '../core/text.js';
import type { CommandName } from '../spec/spec.js';
import type { OptionsOf } from '../spec/commands.js';
import { Workspace } from '../files/workspace.js';

/** What `wli <name>` receives: its arguments, its options checked and typed from its spec (src/commands/<name>/spec.ts), the session. */
export interface CommandInput<N extends CommandName = CommandName> {
  args: string[];
  opts: OptionsOf<N>;
  session: Session;
}

/** What a command that needs no server or settings receives (completion). */
export type StandaloneInput<N extends CommandName = CommandName> = Omit<CommandInput<N>, 'session'>;

export class Session {
  private apiClient?: ApiClient;
  /** A request has gone out: the progress line has begun. */
  private requested = false;

  constructor(
    readonly ctx: Context,
    private readonly io: IOStreams,
    readonly settings: Settings,
    readonly version: string,
    /** What the progress line says while a request is out and no count is known yet ("translation …"). */
    readonly activity = 'fetching',
    /** The run's temporary files and the directories made for them (files/workspace.ts): cleaned up whatever ends the run. */
    readonly workspace = new Workspace(),
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

  /**
   * A line about one piece of work done (a file pulled, one skipped): left out with --quiet, which
   * keeps stderr to failures, warnings and summaries.
   */
  tell(message: Msg): void {
    if (!this.settings.quiet) this.io.say(message);
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

  /** The client of the configured server: built on first use, one per run; nothing shows until it asks. */
  client(): ApiClient {
    if (this.apiClient) return this.apiClient;
    const { settings, ctx, io } = this;
    // A combination the settings refused (settings.ts): nothing is sent, not even without the token.
    if (settings.refused) throw settings.refused;
    if (!settings.url) {
      throw new UsageError(
        msg`no Weblate server configured`,
        msg`pass --url https://weblate.example.org/ or set WLI_URL (or url in the [weblate] section of a wlc config file)`,
      );
    }
    this.apiClient = new ApiClient({
      base: settings.url.value,
      token: settings.token?.value,
      timeoutMs: settings.timeoutMs,
      retries: settings.retries,
      concurrency: settings.concurrency,
      userAgent: `wli/${this.version}`,
      allowInsecureHttp: settings.allowInsecureHttp,
      env: ctx.env,
      dispatcher: ctx.dispatcher,
      signal: ctx.signal,
      sleep: (ms, signal) => ctx.sleep(ms, signal),
      now: () => ctx.now(),
      random: () => ctx.random(),
      log: settings.verbose ? (line) => io.verbose(line) : undefined,
      // A silent server is retried for minutes: the progress line says which attempt is out, and why.
      retrying: (note) => io.progress.note(note),
      // Single-resource commands report nothing else: a slow server still gets a "translation …" line,
      // from the run's first request on (begin once: a line a warning paused comes back at the next update).
      started: () => {
        if (this.requested) return;
        this.requested = true;
        io.progress.begin(this.activity);
      },
      secret: (s) => io.addSecret(s),
      debug: settings.debug,
    });
    return this.apiClient;
  }

  /** At the end of a run that worked: one note when little of the rate limit is left. */
  noteRateLimit(): void {
    const low = this.apiClient?.lowRateNote();
    if (low) this.io.say(low);
  }

  async close(): Promise<void> {
    this.io.stopProgress();
    await this.apiClient?.close();
  }
}
