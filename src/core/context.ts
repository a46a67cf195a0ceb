// Everything a run touches in the outside world comes in through here, so tests can run the
// whole CLI in-process with fake streams, environment, clock and HTTP dispatcher.
import type { Dispatcher } from 'undici';
import { fstatSync, statSync } from 'node:fs';
import { homedir } from 'node:os';

/**
 * What standard output is: a terminal; a pipe (or socket: another program reads it, maybe drawing on
 * the same terminal); a regular file; /dev/null (closed at start too: see stdoutKind below); unknown
 * when it cannot be told.
 */
export type StdoutKind = 'terminal' | 'pipe' | 'file' | 'null' | 'unknown';

export interface OutStream {
  write(chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean;
  once(event: 'drain' | 'error' | 'close', listener: (...args: any[]) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Standard input as a command reads it (wli memory's strings): chunks as they come; isTTY when a person types. */
export interface InStream extends AsyncIterable<string | Uint8Array> {
  isTTY?: boolean;
}

export interface Context {
  /**
   * Standard input, opened when first asked for (opening it costs start-up time every other command
   * would pay); absent where nothing can be read (in-process tests that give none): no input.
   */
  stdin?: () => InStream;
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  homedir: string;
  /**
   * Aborted by SIGINT (Ctrl-C), SIGTERM or SIGHUP, with the InterruptedError naming the signal as its
   * reason (core/errors.ts interruption()); in-process tests abort it without one (SIGINT).
   */
  signal: AbortSignal;
  now: () => number;
  random: () => number;
  /** Resolves after ms, or early (without throwing) when signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Tests inject a dispatcher; normally the client builds its own. */
  dispatcher?: Dispatcher;
  /** What stdout is (undefined: judge by stdout.isTTY alone, as in-process tests do). */
  stdoutKind?: StdoutKind;
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
    stdin: () => process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    homedir: homedir(),
    signal,
    now: Date.now,
    random: Math.random,
    sleep,
    stdoutKind: stdoutKind(),
  };
}

/**
 * fd 1, as the process found it. /dev/null is 'null' whatever its access mode: the shell's `>/dev/null`
 * opens it write-only; Python's subprocess.DEVNULL and Node's spawn stdio 'ignore' read-write. A stdout
 * closed at start (`>&-`) is reopened by Node on /dev/null before wli runs, and nothing reliable tells
 * the two apart, so it is /dev/null too: the data is discarded, as `>/dev/null` discards it.
 */
function stdoutKind(): StdoutKind {
  try {
    if (process.stdout.isTTY) return 'terminal';
    const st = fstatSync(1);
    if (st.isFIFO() || st.isSocket()) return 'pipe';
    if (st.isFile()) return 'file';
    if (st.isCharacterDevice() && st.rdev === statSync('/dev/null').rdev) return 'null';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}
