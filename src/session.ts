// What a command receives: the context, the resolved settings, and lazily built services
// (the API client, progress, warnings). Commands use it to ask for data; they never print.
import type { Context } from './context.js';
import type { Settings } from './config/settings.js';
import type { ApiClient } from './api/client.js';
import { UsageError } from './api/errors.js';
import { colorEnabled, safeText } from './output/terminal.js';
import { NO_PROGRESS, createProgress, type Progress } from './output/progress.js';

export class Session {
  private apiClient?: ApiClient;
  private progressLine?: Progress;

  constructor(
    readonly ctx: Context,
    readonly settings: Settings,
    readonly version: string,
    /** What the progress line says while a request is out and no count is known yet ("translation …"). */
    readonly activity = 'fetching',
  ) {}

  /** A line on stderr; server text inside it is shown escaped. */
  warn(message: string): void {
    this.progress.pause();
    this.ctx.stderr.write(`wli: warning: ${safeText(message, this.settings.token?.value)}\n`);
  }

  log(line: string): void {
    if (this.settings.verbose) this.ctx.stderr.write(`wli: ${safeText(line, this.settings.token?.value)}\n`);
  }

  get progress(): Progress {
    if (!this.progressLine) {
      const { ctx, settings } = this;
      // A spinner needs a terminal that moves the cursor: not a pipe, not TERM=dumb, not a CI log.
      const wanted = !!ctx.stderr.isTTY && !settings.quiet && !settings.verbose && !ctx.env.CI && ctx.env.TERM !== 'dumb';
      this.progressLine = wanted ? createProgress(ctx.stderr, { color: colorEnabled(ctx.stderr, ctx.env, settings.noColor) }) : NO_PROGRESS;
    }
    return this.progressLine;
  }

  async client(): Promise<ApiClient> {
    if (this.apiClient) return this.apiClient;
    const { settings, ctx } = this;
    if (!settings.url) {
      throw new UsageError('no Weblate server configured', 'pass --url https://weblate.example.org/ or set WLI_URL (or url in the [weblate] section of a wlc config file)');
    }
    const { ApiClient } = await import('./api/client.js');
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
      log: settings.verbose ? (line) => this.log(line) : undefined,
      debug: settings.debug,
    });
    // Single-resource commands report nothing else: a slow server still gets a "translation …" line.
    this.progress.begin(this.activity);
    return this.apiClient;
  }

  async close(): Promise<void> {
    this.progressLine?.stop();
    await this.apiClient?.close();
  }
}
