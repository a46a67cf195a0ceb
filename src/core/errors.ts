// Errors are values with an exit code until the very top; only the I/O layer (io/streams.ts) turns
// them into stderr lines. Exit codes belong to the whole program; the errors of talking HTTP live in
// api/errors.ts.
import { Msg, msg, ours } from './text.js';

/**
 * wli's exit codes, the one declaration: EXIT names them for the code, and --help, the man page and
 * docs/commands.md list them from here; test/docs.test.ts holds the README's table to it. Meanings are
 * plain text with `code` spans, as the docs' prose (src/docs/prose.ts).
 */
const EXIT_STATUSES = {
  ok: { code: 0, meaning: 'success, including empty results' },
  server: { code: 1, meaning: 'failure talking to the server: network error, timeout, HTTP 5xx, a response that is not the expected JSON' },
  usage: { code: 2, meaning: 'usage error: bad target, option, value or configuration; no server configured; a search query the server rejects' },
  gate: {
    code: 3,
    meaning:
      'a gate failed: `--fail-under`, `--fail-on-drop`, `--fail-over`, `--fail-if`, or `pull --check` found a file that differs; or a gate judged nothing (unless `--allow-empty`)',
  },
  auth: { code: 4, meaning: 'authentication or permission refused (401, 403)' },
  notFound: { code: 5, meaning: 'not found (404)' },
  rateLimited: { code: 6, meaning: 'rate limited (429) after the retries' },
  local: { code: 7, meaning: 'a local file or standard output could not be written: permission, disk full, read-only' },
  internal: { code: 70, meaning: 'internal error (a bug: please report it)' },
  hangup: { code: 129, meaning: 'ended by SIGHUP (the terminal closed)' },
  interrupted: { code: 130, meaning: 'interrupted: SIGINT (Ctrl-C)' },
  terminated: { code: 143, meaning: 'ended by SIGTERM (`timeout`, `docker stop`, a cancelled job)' },
} as const;

type ExitName = keyof typeof EXIT_STATUSES;

/** The code of each exit status by name: EXIT.usage is 2. */
export const EXIT = Object.fromEntries(Object.entries(EXIT_STATUSES).map(([name, s]) => [name, s.code])) as {
  readonly [N in ExitName]: (typeof EXIT_STATUSES)[N]['code'];
};

/** Every exit code with its meaning, in the order declared. */
export const EXIT_CODES: ReadonlyArray<readonly [code: number, meaning: string]> = Object.values(EXIT_STATUSES).map((s) => [s.code, s.meaning]);

export class WliError extends Error {
  readonly exitCode: number;
  /** What failed: our words and outside text told apart (see core/text.ts). */
  text: Msg;
  /** What to do next. */
  readonly hintText?: Msg;
  constructor(text: Msg, exitCode: number, hint?: Msg, options?: { cause?: unknown }) {
    super(text.toString(), options);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.text = text;
    this.hintText = hint;
  }

  get hint(): string | undefined {
    return this.hintText?.toString();
  }

  /**
   * Said as the last of `made` attempts, when there was more than one: the time the run waited is then
   * the attempts' and their pauses', not the one timeout or answer the text names.
   */
  lastOf(made: number): this {
    if (made > 1) {
      this.text = msg`${this.text}; ${ours(String(made))} attempts`;
      this.message = this.text.toString();
    }
    return this;
  }
}

/** Bad target, option, value or configuration: exit 2. */
export class UsageError extends WliError {
  constructor(text: Msg, hint?: Msg, options?: { cause?: unknown }) {
    super(text, EXIT.usage, hint, options);
  }
}

/**
 * Writing here failed: a file (permission, disk full, a read-only file system, a directory in the way)
 * or standard output (closed, full). The user's situation, not a wli bug, and not the server's: exit 7.
 */
export class LocalError extends WliError {
  constructor(text: Msg, hint?: Msg, options?: { cause?: unknown }) {
    super(text, EXIT.local, hint, options);
  }
}

/** What a failed write of the file system means, in words, and what to do. */
const WHY: Record<string, [why: string, hint: string]> = {
  EACCES: ['permission denied', 'check the permissions of the file and its directory, or write elsewhere'],
  EPERM: ['operation not permitted', 'check the permissions of the file and its directory, or write elsewhere'],
  ENOSPC: ['no space left on the device', 'free some space, or write elsewhere'],
  EDQUOT: ['disk quota exceeded', 'free some space, or write elsewhere'],
  EFBIG: ['file too large for the file size limit (ulimit -f) or the file system', 'raise the limit, or write elsewhere'],
  EROFS: ['read-only file system', 'write to a writable directory'],
  EISDIR: ['it is a directory', 'name a file, or end the path with / to write into the directory'],
  ENOTDIR: ['a part of the path is a file, not a directory', 'check the path'],
  ENOENT: ['no such directory', 'check the path'],
  EEXIST: ['a file is in the way', 'check the path'],
  ENAMETOOLONG: ['the name is too long', 'choose a shorter path'],
  EIO: ['an input/output error', 'check the disk'],
  EBADF: ['a bad file descriptor', ''],
  EPIPE: ['the reader went away', ''],
};

/** The code of a failed system call's error (ENOENT, EACCES); undefined for anything else thrown. */
export function errnoCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/**
 * A failure to write `shown` (the path as the user gave it, never the temporary file) as the
 * user's situation: exit 7, what failed and why. Anything else is passed on as it is.
 */
export function localFailure(e: unknown, shown: Msg, action = ours('write')): unknown {
  const code = errnoCode(e);
  if (code === undefined || !/^E[A-Z]+$/.test(code)) return e;
  const [why, hint] = WHY[code] ?? [code, ''];
  return new LocalError(msg`cannot ${action} ${shown}: ${ours(why)} (${ours(code)})`, hint ? ours(hint) : undefined, { cause: e });
}

/** The signals that end a run cleanly (work aborted, temporary files removed), each with its exit code: 128 + its number. */
export const ENDING_SIGNALS = { SIGHUP: EXIT.hangup, SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated } as const;

export type EndingSignal = keyof typeof ENDING_SIGNALS;

/**
 * The run was ended by a signal. main.ts aborts the run's signal with one of these as its reason, so
 * whatever notices the abort (a request, a write waiting for a reader) ends with the right code
 * through interruption(), and undici, which throws an aborted signal's reason, throws one too.
 */
export class InterruptedError extends WliError {
  constructor(readonly signalName: EndingSignal = 'SIGINT') {
    // Ctrl-C is the user's own act, said as it always was; the others say what ended the run.
    super(signalName === 'SIGINT' ? msg`interrupted` : msg`interrupted (${ours(signalName)})`, ENDING_SIGNALS[signalName]);
  }
}

/** The interruption of an aborted run signal: the signal named by its reason (SIGINT when it names none). */
export function interruption(signal: AbortSignal | undefined): InterruptedError {
  const reason: unknown = signal?.reason;
  return new InterruptedError(reason instanceof InterruptedError ? reason.signalName : 'SIGINT');
}
