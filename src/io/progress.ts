// The progress line on stderr ("units 1,200/7,370"): only on a terminal, only when a fetch takes
// longer than a moment, and always cleared before data is written to the same terminal. Drawn by
// ora on the stream io/streams.ts hands it.
import type { OutStream } from '../core/context.js';
import { PROGRESS_DELAY_MS } from '../core/limits.js';

export interface Progress {
  /** A fetch has started: shows "<label> …" if it is still running after the delay and nothing more precise is known. */
  begin(label: string): void;
  update(label: string, done: number, total?: number): void;
  /** Clear the line for good. */
  stop(): void;
  /** Clear the line now (a warning is about to be written); the next update shows it again. */
  pause(): void;
  /** What a long run is doing now ("polls failing for 2m …"): drawn at once, even after stop(), until the next stop. */
  status(label: string): void;
  /**
   * A few words in brackets after the line's text while they hold, whatever the text becomes (a retry
   * under way: "stats demo … (attempt 2 of 4, retrying after a timeout)"); undefined takes them away.
   */
  note(text: string | undefined): void;
}

export const NO_PROGRESS: Progress = { begin() {}, update() {}, stop() {}, pause() {}, status() {}, note() {} };

interface ProgressOptions {
  /** Milliseconds before anything is drawn: fast commands never flash a spinner. */
  delayMs?: number;
  /** The colour decision for the stream (see streams.ts); false draws a plain spinner. */
  color?: boolean;
  /** Makes a label safe to draw (labels may hold outside text, such as a target from a project file). */
  clean: (label: string) => string;
}

let fmt: Intl.NumberFormat | undefined;

function progressText(label: string, done: number, total?: number): string {
  fmt ??= new Intl.NumberFormat('en-US'); // ICU start-up costs ~10 ms: only when shown
  return total !== undefined ? `${label} ${fmt.format(done)}/${fmt.format(total)}` : `${label} ${fmt.format(done)}`;
}

interface Spinner {
  text: string;
  isSpinning: boolean;
  start(): unknown;
  stop(): unknown;
}

/**
 * What ora draws on. ora sizes the lines it must clear by `columns`; a pseudo-terminal whose size
 * was never set reports 0 columns, and ora then clears an infinite number of lines (wli hung,
 * writing escapes forever). Cursor movement is written as plain escapes, so any OutStream works.
 */
function terminal(stream: OutStream) {
  return {
    isTTY: true,
    get columns(): number {
      const c = stream.columns;
      return typeof c === 'number' && c > 0 ? c : 80;
    },
    get rows(): number | undefined {
      const rows = 'rows' in stream ? stream.rows : undefined;
      return typeof rows === 'number' ? rows : undefined;
    },
    write: (chunk: string) => stream.write(chunk),
    cursorTo: (x: number) => stream.write(`\x1b[${x + 1}G`),
    moveCursor: (dx: number, dy: number) => {
      let seq = '';
      if (dx) seq += dx < 0 ? `\x1b[${-dx}D` : `\x1b[${dx}C`;
      if (dy) seq += dy < 0 ? `\x1b[${-dy}A` : `\x1b[${dy}B`;
      return seq ? stream.write(seq) : true;
    },
    clearLine: (dir: number) => stream.write(dir < 0 ? '\x1b[1K' : dir > 0 ? '\x1b[0K' : '\x1b[2K'),
    once: (event: 'drain' | 'error' | 'close', listener: (...args: any[]) => void) => stream.once(event, listener),
    on: (event: 'error', listener: (err: Error) => void) => stream.on(event, listener),
    removeListener: (event: string, listener: (...args: any[]) => void) => stream.removeListener(event, listener),
  };
}

export function createProgress(stream: OutStream, opts: ProgressOptions): Progress {
  return new TerminalProgress(stream, opts);
}

/** The progress line on a terminal: drawn by ora after a delay, cleared for data and warnings. */
class TerminalProgress implements Progress {
  private text = '';
  private noted?: string;
  private spinner?: Spinner;
  private timer?: NodeJS.Timeout;
  private loading = false;
  private stopped = false;
  private paused = false;

  constructor(
    private readonly stream: OutStream,
    private readonly opts: ProgressOptions,
  ) {}

  begin(label: string): void {
    if (!this.text) this.text = `${this.opts.clean(label)} …`;
    this.arm();
  }

  update(label: string, done: number, total?: number): void {
    this.text = progressText(this.opts.clean(label), done, total);
    this.paused = false;
    if (this.spinner?.isSpinning) this.spinner.text = this.shown;
    else this.arm();
  }

  pause(): void {
    this.paused = true;
    this.cancel();
  }

  note(text: string | undefined): void {
    this.noted = text === undefined ? undefined : this.opts.clean(text);
    if (this.spinner) this.spinner.text = this.shown;
  }

  /** The line as drawn: its text, and the note beside it. */
  private get shown(): string {
    return this.noted === undefined ? this.text : `${this.text} (${this.noted})`;
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  status(label: string): void {
    this.text = this.opts.clean(label);
    this.stopped = false;
    this.paused = false;
    if (this.spinner) {
      this.spinner.text = this.shown;
      if (!this.spinner.isSpinning) this.spinner.start();
    } else if (!this.loading) {
      if (this.timer) clearTimeout(this.timer);
      void this.show();
    }
  }

  /** Draws after the delay, or at once when it was drawn before a pause. */
  private arm(): void {
    if (this.stopped || this.paused || this.loading || this.timer) return;
    if (this.spinner) {
      if (!this.spinner.isSpinning) {
        this.spinner.text = this.shown;
        this.spinner.start();
      }
      return;
    }
    this.timer = setTimeout(() => void this.show(), this.opts.delayMs ?? PROGRESS_DELAY_MS);
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.spinner?.isSpinning) this.spinner.stop();
  }

  /** ora is loaded only now: a run that never shows progress never loads it (docs/performance.md, start-up). */
  private async show(): Promise<void> {
    this.timer = undefined;
    this.loading = true;
    const { default: ora } = await import('ora');
    this.loading = false;
    if (this.stopped || this.paused) return;
    this.spinner = ora({
      text: this.shown,
      stream: terminal(this.stream) as unknown as NodeJS.WritableStream,
      color: this.opts.color === false ? false : 'cyan',
      discardStdin: false,
      isEnabled: true,
      hideCursor: false, // nothing to restore if the process dies mid-fetch
    });
    this.spinner.start();
  }
}
