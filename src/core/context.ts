// Everything a run touches in the outside world comes in through here, so tests can run the
// whole CLI in-process with fake streams, environment, clock and HTTP dispatcher.
import type { Dispatcher } from 'undici';
import { fstatSync, readFileSync, readlinkSync } from 'node:fs';
import { homedir } from 'node:os';

/**
 * What standard output is: a terminal; a pipe (or socket: another program reads it, maybe drawing on
 * the same terminal); a regular file; /dev/null; closed at start (`>&-`); unknown when it cannot be told.
 */
export type StdoutKind = 'terminal' | 'pipe' | 'file' | 'null' | 'closed' | 'unknown';

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
 * fd 1, as the process found it. Node reopens a standard stream closed at start on /dev/null (read and
 * write), so `>&-` looks like `>/dev/null` (write only) but for its access mode, which Linux shows in
 * /proc/self/fdinfo (proc(5)); elsewhere a closed stdout reads as /dev/null.
 */
function stdoutKind(): StdoutKind {
  try {
    if (process.stdout.isTTY) return 'terminal';
    const st = fstatSync(1);
    if (st.isFIFO() || st.isSocket()) return 'pipe';
    if (st.isFile()) return 'file';
    if (st.isCharacterDevice() && readlinkSafe('/proc/self/fd/1') === '/dev/null') {
      const flags = /^flags:\s*(\d+)/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'))?.[1];
      // O_ACCMODE is the low two bits: 1 write only (the shell's >/dev/null), 2 read and write (Node's reopening).
      return flags !== undefined && (parseInt(flags, 8) & 3) === 2 ? 'closed' : 'null';
    }
    return 'unknown';
  } catch {
    return 'unknown';
  }
}

function readlinkSafe(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}
