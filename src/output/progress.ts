// The progress line on stderr ("units 1,200/7,370"): only on a terminal, only when a fetch takes
// longer than a moment, and always cleared before data is written to the same terminal.
import type { OutStream } from '../context.js';

export interface Progress {
  update(label: string, done: number, total?: number): void;
  stop(): void;
  /** Clear the line now (output is about to be written) without ending the progress for good. */
  pause(): void;
}

export const NO_PROGRESS: Progress = { update() {}, stop() {}, pause() {} };

const fmt = new Intl.NumberFormat('en-US');

export function progressText(label: string, done: number, total?: number): string {
  return total !== undefined ? `${label} ${fmt.format(done)}/${fmt.format(total)}` : `${label} ${fmt.format(done)}`;
}

export function createProgress(stream: OutStream, delayMs = 300): Progress {
  let text = '';
  let spinner: { text: string; stop(): unknown; start(): unknown; isSpinning: boolean } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let paused = false;
  const show = async () => {
    const { default: ora } = await import('ora');
    if (stopped || paused) return;
    spinner = ora({ text, stream: stream as NodeJS.WritableStream, discardStdin: false, isEnabled: true, hideCursor: false });
    spinner.start();
  };
  return {
    update(label, done, total) {
      text = progressText(label, done, total);
      if (stopped || paused) return;
      if (spinner) spinner.text = text;
      else if (!timer) {
        timer = setTimeout(() => void show(), delayMs);
        timer.unref();
      }
    },
    pause() {
      paused = true;
      if (timer) clearTimeout(timer);
      spinner?.stop();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      spinner?.stop();
    },
  };
}
