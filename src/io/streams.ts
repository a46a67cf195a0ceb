// The one owner of stdout and stderr (after gh's iostreams). Data goes to stdout through the writer;
// every stderr byte (errors, hints, warnings, --verbose and --debug lines, stack traces, the progress
// line, help after a usage error) is written here, with outside text cleaned in one place: secrets
// masked, credentials in URLs redacted, length bounded, control characters escaped (core/text.ts).
// The terminal decisions live here too: is it a terminal, colour per stream, the width of a table.
import type { Context, StdoutKind } from '../core/context.js';
import { EXIT, WliError, errnoCode } from '../core/errors.js';
import { NO_PROGRESS, createProgress, type Progress } from './progress.js';
import { cleanOutside, escapeControl, msg, outside, renderMsg, type Msg } from '../core/text.js';
import { missingPiece } from '../core/install.js';
import { DISCARD, PipeClosed, Writer } from './writer.js';
import { Pager, pagerCommand, pagerEnv } from './pager.js';
import { watchReader, type ReaderWatch } from './reader-left.js';

export { PipeClosed };

/** What stdout may be for a progress line to be drawn: nothing else draws on the terminal then. */
const PROGRESS_BESIDE: ReadonlySet<StdoutKind> = new Set(['terminal', 'file', 'null']);

interface StreamFlags {
  noColor: boolean;
  quiet: boolean;
  verbose: boolean;
  debug: boolean;
}

/**
 * Decided per stream: --no-color > NO_COLOR (non-empty) > FORCE_COLOR (non-zero forces, 0 disables)
 * > TERM=dumb > is-a-terminal.
 */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force.toLowerCase() === 'false') return false;
    return true;
  }
  if (env.TERM === 'dumb') return false;
  return !!stream.isTTY;
}

/** Whether the locale's character set is UTF-8 (en_US.UTF-8, C.utf8); Windows always draws Unicode. */
export function unicodeLocale(env: Record<string, string | undefined>, platform: string = process.platform): boolean {
  if (platform === 'win32') return true;
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '');
  return locale !== undefined && /utf-?8/i.test(locale);
}

export class IOStreams {
  /** Data, and nothing else. */
  readonly out: Writer;
  private readonly secrets: string[] = [];
  private flags: StreamFlags = { noColor: false, quiet: false, verbose: false, debug: false };
  private errClosed = false;
  private progressLine?: Progress;
  private pager?: Pager;

  constructor(private readonly ctx: Pick<Context, 'stdout' | 'stderr' | 'env' | 'signal' | 'stdoutKind'>) {
    this.out = new Writer(ctx.stdoutKind === 'null' ? DISCARD : ctx.stdout, ctx.signal);
    // A closed stderr (2>&- or a reader that went away) loses the messages, never the run's result.
    ctx.stderr.on('error', () => {
      this.errClosed = true;
    });
    // Known before any setting is read, so not even a usage error can show them.
    this.addSecret(ctx.env.WLI_TOKEN);
    this.addSecret(ctx.env.WLC_KEY);
  }

  configure(flags: Partial<StreamFlags>): void {
    this.flags = { ...this.flags, ...flags };
  }

  /** Text that must never be shown: the token, proxy credentials. */
  addSecret(secret: string | undefined): void {
    if (secret && !this.secrets.includes(secret)) {
      this.secrets.push(secret);
      // Longest first, so a secret containing another is masked whole.
      this.secrets.sort((a, b) => b.length - a.length);
    }
  }

  // ------------------------------------------------------------------ terminal decisions

  get stdoutIsTTY(): boolean {
    return !!this.ctx.stdout.isTTY;
  }

  /** What stdout is; in-process tests that set no kind are judged by isTTY alone ('unknown' when not one). */
  get stdoutKind(): StdoutKind {
    return this.ctx.stdoutKind ?? (this.ctx.stdout.isTTY ? 'terminal' : 'unknown');
  }

  /** Data lands on a terminal: server text is escaped in every format (output/terminal.ts). */
  get stdoutIsTerminal(): boolean {
    return this.stdoutKind === 'terminal';
  }

  /** Whether table output on stdout gets colour. */
  get colorStdout(): boolean {
    return colorEnabled(this.ctx.stdout, this.ctx.env, this.flags.noColor);
  }

  /**
   * How a table on the terminal draws its bars (output/bars.ts): Unicode blocks when the locale's
   * character set is UTF-8, else `#`/`-`; none when stdout is not a terminal (bytes there stay as they
   * were). The locale is POSIX's: the first of LC_ALL, LC_CTYPE, LANG that is set and not empty
   * (unset: the C locale, ASCII). Windows consoles draw Unicode whatever the variables say.
   */
  get barGlyphs(): 'unicode' | 'ascii' | undefined {
    if (!this.stdoutIsTerminal) return undefined;
    return unicodeLocale(this.ctx.env) ? 'unicode' : 'ascii';
  }

  /**
   * The width tables fit, in display cells: the terminal's columns when stdout is one; otherwise
   * COLUMNS when it is a positive integer; otherwise no limit (a pipe or file gets whole cells).
   */
  get tableWidth(): number {
    const c = this.ctx.stdout.columns;
    if (this.ctx.stdout.isTTY && typeof c === 'number' && c > 0) return c;
    const env = Number(this.ctx.env.COLUMNS);
    return Number.isInteger(env) && env > 0 ? env : Infinity;
  }

  /** Width for help text, on whichever stream it goes to. */
  helpWidth(stream: 'stdout' | 'stderr'): number {
    const c = this.ctx[stream].columns;
    return typeof c === 'number' && c > 0 ? c : 80;
  }

  /** Outside text as the terminal may show it (for labels drawn by someone else, e.g. the spinner). */
  clean(text: string): string {
    return cleanOutside(text, this.secrets);
  }

  // ------------------------------------------------------------------ stderr

  private line(text: string): void {
    if (this.errClosed) return;
    try {
      this.ctx.stderr.write(text + '\n');
    } catch {
      this.errClosed = true;
    }
  }

  /** A message of the run itself (a gate that failed): `wli: …`. */
  say(m: Msg): void {
    this.progressLine?.pause();
    this.line(`wli: ${renderMsg(m, this.secrets)}`);
  }

  warn(m: Msg): void {
    this.progressLine?.pause();
    this.line(`wli: warning: ${renderMsg(m, this.secrets)}`);
  }

  /** --verbose: one line per request and similar; nothing otherwise. */
  verbose(m: Msg): void {
    if (!this.flags.verbose && !this.flags.debug) return;
    this.progressLine?.pause();
    this.line(`wli: ${renderMsg(m, this.secrets)}`);
  }

  /** Our own multi-line text (help shown after a usage error): control characters escaped line by line. */
  helpToStderr(text: string): void {
    for (const l of text.replace(/\n$/, '').split('\n')) this.line(escapeControl(l));
  }

  /** Help and version asked for: data on stdout. */
  helpToStdout(text: string): void {
    const safe = text
      .split('\n')
      .map((l) => escapeControl(l))
      .join('\n');
    void this.out.write(safe).catch(() => {});
  }

  /** A usage error reported by the argument parser (commander), with its suggestion as a hint. */
  parserError(text: string): void {
    const lines = text
      .replace(/^error: /, '')
      .replace(/\n$/, '')
      .split('\n');
    this.say(outside(lines[0]));
    for (const l of lines.slice(1)) {
      const suggestion = /^\(Did you mean (.+)\?\)$/.exec(l.trim());
      this.line(suggestion?.[1] !== undefined ? `hint: did you mean ${this.clean(suggestion[1])}?` : this.clean(l));
    }
  }

  /**
   * One or two lines: what failed, and what to do next. Stack traces only with --debug. Returns the exit
   * code: a WliError's own; a missing piece of wli's own installation (core/install.ts) is said as one
   * (exit 70, no report asked); anything else reaching here is a bug of wli's (exit 70, "please report it").
   */
  error(e: unknown): number {
    this.progressLine?.stop();
    if (e instanceof WliError) {
      this.say(e.text);
      if (e.hintText) this.line(`hint: ${renderMsg(e.hintText, this.secrets)}`);
      if (this.flags.debug) this.stack(e);
      return e.exitCode;
    }
    // A piece of wli's own installation gone after the run started (a build deleted dist/): not a bug.
    const missing = missingPiece(e);
    if (missing !== undefined) {
      this.say(msg`its installation is incomplete: ${missing} is missing; reinstall, or rerun \`npm run build\``);
      if (this.flags.debug) this.stack(e);
      return EXIT.internal;
    }
    this.say(msg`internal error: ${e instanceof Error ? e.message : e}`);
    if (this.flags.debug) this.stack(e);
    else this.line('hint: rerun with --debug for details and report it at the project issue tracker');
    return EXIT.internal;
  }

  /** --debug: the frames of an error and of its causes. Messages inside may hold server text: cleaned like any. */
  private stack(e: unknown): void {
    for (let err: unknown = e, depth = 0; err instanceof Error && depth < 5; err = err.cause, depth++) {
      if (depth > 0) this.line(`cause: ${this.clean(`${err.name}: ${err.message}`)}`);
      for (const frame of (err.stack ?? '').split('\n')) if (/^\s+at /.test(frame)) this.line(this.clean(frame));
    }
  }

  /**
   * The progress line: on a terminal only, never with --quiet/--verbose, in CI logs or on TERM=dumb;
   * and only when stdout is that terminal, a file or /dev/null. Into a pipe, the reader (less, jq, fzf)
   * may draw on the same terminal: a spinner would draw over its screen or mix into what it prints.
   */
  get progress(): Progress {
    if (!this.progressLine) {
      const { ctx, flags } = this;
      const wanted =
        !!ctx.stderr.isTTY &&
        PROGRESS_BESIDE.has(this.stdoutKind) &&
        !flags.quiet &&
        !flags.verbose &&
        !flags.debug &&
        !ctx.env.CI &&
        ctx.env.TERM !== 'dumb' &&
        !this.errClosed;
      this.progressLine = wanted
        ? createProgress(ctx.stderr, { color: colorEnabled(ctx.stderr, ctx.env, flags.noColor), clean: (s) => this.clean(s) })
        : NO_PROGRESS;
    }
    return this.progressLine;
  }

  /** Data is about to land on the terminal the progress line is drawn on: clear it first. */
  clearProgressBeforeData(): void {
    if (this.ctx.stdout.isTTY) this.out.beforeFirstWrite = () => this.progressLine?.stop();
  }

  stopProgress(): void {
    this.progressLine?.stop();
  }

  /**
   * A watch of stdout's reader while the run writes nothing (changes --follow between polls): its
   * signal aborts when the reader left (`| head -1`), and stop() ends it before the next write (io/
   * reader-left.ts). Starts once everything written so far is out. Undefined when stdout is not the
   * process's own pipe or socket, or where it cannot be watched: the next write notices, as before.
   */
  async watchReader(): Promise<ReaderWatch | undefined> {
    if (this.stdoutKind !== 'pipe' || this.ctx.stdout !== process.stdout) return undefined;
    await this.out.flush();
    if (this.out.isClosed) throw new PipeClosed();
    // libuv stops watching fd 1 for the write only after its callback (and what awaited it) ran.
    await new Promise((resolve) => setImmediate(resolve));
    return watchReader();
  }

  /** The reader of stdout left, seen by a watch: the run ends as at a write that found it gone. */
  readerLeft(): PipeClosed {
    this.out.readerLeft();
    return new PipeClosed();
  }

  // ------------------------------------------------------------------ the pager (io/pager.ts)

  /**
   * The data of this run goes through the pager when stdout is the terminal (as the process found it:
   * never an injected stream) and the environment names one; it starts at the first byte of data. A
   * pager that cannot be started leaves the data on the terminal, with a warning.
   */
  usePager(): void {
    if (this.ctx.stdoutKind !== 'terminal') return;
    const command = pagerCommand(this.ctx.env);
    if (command === undefined) return;
    this.out.openFirst = async () => {
      try {
        this.pager = await Pager.start(command, pagerEnv(this.ctx.env));
        return this.pager.stdin;
      } catch (e) {
        this.warn(msg`cannot start the pager '${command}' (${errnoCode(e) ?? outside(e)}): writing to the terminal; set WLI_PAGER or PAGER, or use --no-pager`);
        return undefined;
      }
    };
  }

  /** The data is all written (or its reader left): waits for the pager to be quit, unless the run was interrupted. */
  async endPager(interrupted: boolean): Promise<void> {
    const pager = this.pager;
    this.pager = undefined;
    this.out.openFirst = undefined;
    if (pager) await pager.end(interrupted);
  }
}
