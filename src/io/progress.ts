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
}

export const NO_PROGRESS: Progress = { begin() {}, update() {}, stop() {}, pause() {}, status() {} };

export interface ProgressOptions {
  /** Milliseconds before anything is drawn: fast commands never flash a spinner. */
  delayMs?: number;
  /** The colour decision for the stream (see streams.ts); false draws a plain spinner. */
  color?: boolean;
  /** Makes a label safe to draw (labels may hold outside text, such as a target from a project file). */
  clean: (label: string) => string;
}

let fmt: Intl.NumberFormat | undefined;

export function progressText(label: string, done: number, total?: number): string {
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
  const s = stream as OutStream & { rows?: number };
  return {
    isTTY: true,
    get columns(): number {
      const c = stream.columns;
      return typeof c === 'number' && c > 0 ? c : 80;
    },
    get rows(): number | undefined {
      return s.rows;
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
  const delayMs = opts.delayMs ?? PROGRESS_DELAY_MS;
  let text = '';
  let spinner: Spinner | undefined;
  let timer: NodeJS.Timeout | undefined;
  let loading = false;
  let stopped = false;
  let paused = false;

  const show = async () => {
    timer = undefined;
    loading = true;
    const { default: ora } = await import('ora');
    loading = false;
    if (stopped || paused) return;
    spinner = ora({
      text,
      stream: terminal(stream) as unknown as NodeJS.WritableStream,
      color: opts.color === false ? false : 'cyan',
      discardStdin: false,
      isEnabled: true,
      hideCursor: false, // nothing to restore if the process dies mid-fetch
    }) as Spinner;
    spinner.start();
  };
  // Draws after the delay, or at once when it was drawn before a pause.
  const arm = () => {
    if (stopped || paused || loading || timer) return;
    if (spinner) {
      if (!spinner.isSpinning) {
        spinner.text = text;
        spinner.start();
      }
      return;
    }
    timer = setTimeout(() => void show(), delayMs);
    timer.unref();
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (spinner?.isSpinning) spinner.stop();
  };

  return {
    begin(label) {
      if (!text) text = `${opts.clean(label)} …`;
      arm();
    },
    update(label, done, total) {
      text = progressText(opts.clean(label), done, total);
      paused = false;
      if (spinner?.isSpinning) spinner.text = text;
      else arm();
    },
    pause() {
      paused = true;
      cancel();
    },
    stop() {
      stopped = true;
      cancel();
    },
    status(label) {
      text = opts.clean(label);
      stopped = false;
      paused = false;
      if (spinner) {
        spinner.text = text;
        if (!spinner.isSpinning) spinner.start();
      } else if (!loading) {
        if (timer) clearTimeout(timer);
        void show();
      }
    },
  };
}
