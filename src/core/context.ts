// Everything a run touches in the outside world comes in through here, so tests can run the
// whole CLI in-process with fake streams, environment, clock and HTTP dispatcher.
import type { Dispatcher } from 'undici';
import { homedir } from 'node:os';

export interface OutStream {
  write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean;
  once(event: 'drain' | 'error' | 'close', listener: (...args: any[]) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Context {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  homedir: string;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  now: () => number;
  random: () => number;
  /** Resolves after ms, or early (without throwing) when signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Tests inject a dispatcher; normally the client builds its own. */
  dispatcher?: Dispatcher;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    // Node's timers hold at most 2^31-1 ms; a longer one would fire at once (and warn).
    const timer = setTimeout(done, Math.min(Math.max(ms, 0), 2_147_483_647));
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function processContext(signal: AbortSignal): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    homedir: homedir(),
    signal,
    now: Date.now,
    random: Math.random,
    sleep,
  };
}
