// How data reaches stdout (owned by io/streams.ts): honours back-pressure (memory stays flat while
// the terminal or pipe is slow), turns a closed pipe (`| head`) into a quiet, normal end, and stops
// waiting for a reader that does not read (a pager) as soon as the run is interrupted.
import { writeSync } from 'node:fs';
import type { OutStream } from '../core/context.js';
import { errnoCode, interruption, localFailure } from '../core/errors.js';
import { ours } from '../core/text.js';

/** Thrown to unwind the pipeline when the reader went away; the CLI exits 0. */
export class PipeClosed extends Error {
  constructor() {
    super('output pipe closed');
  }
}

const isPipeError = (err: unknown) => {
  const code = errnoCode(err);
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
};

/**
 * Standard output could not be written (a full disk, /dev/full, an I/O error): the user's situation,
 * exit 7, said as such. Only a reader that went away is a normal end.
 */
function stdoutFailure(err: unknown): Error {
  // localFailure passes on what is not a system error as it is: a stream fails with an Error.
  const failure = localFailure(err, ours('standard output'), ours('write to'));
  return failure instanceof Error ? failure : new Error('standard output could not be written', { cause: failure });
}

/**
 * Standard output on /dev/null: the data discarded here, as the device would discard it, whatever mode
 * it was opened in (opened read-only, a write to it fails with EBADF).
 */
export const DISCARD: OutStream = {
  write(_chunk, cb) {
    if (cb) process.nextTick(cb);
    return true;
  },
  once: () => DISCARD,
  on: () => DISCARD,
  removeListener: () => DISCARD,
};

/**
 * Standard output on a regular file (`> FILE`), every byte written before the next. write(2) may write
 * part of a chunk (a file size limit, a disk filling up) and say so; Node's own stream for a file
 * dropped that rest and wrote on: exit 0 with the file cut short. Here the rest is written again, and
 * the write that fails (EFBIG, ENOSPC) is what the Writer reports.
 */
export function fileStdout(fd: number): OutStream {
  const stream: OutStream = {
    write(chunk, cb) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // A regular file never answers 0 bytes to a non-empty write; were it to, that is a failure, not a loop.
      for (let at = 0; at < bytes.length;) {
        const n = writeSync(fd, bytes, at, bytes.length - at);
        if (n <= 0) throw Object.assign(new Error('write wrote nothing'), { code: 'EIO' });
        at += n;
      }
      if (cb) process.nextTick(cb);
      return true;
    },
    once: () => stream,
    on: () => stream,
    removeListener: () => stream,
  };
  return stream;
}

export class Writer {
  private closed = false;
  private failure?: Error;
  private readonly onError = (err: unknown) => {
    // The first failure decides: a stream that failed (ENOSPC) refuses later writes as destroyed.
    if (this.closed || this.failure !== undefined) return;
    if (isPipeError(err)) this.closed = true;
    else this.failure = stdoutFailure(err);
  };

  /** A failure the error listener noted while a write waited (a call, so TypeScript does not narrow it away). */
  private failedWhileWaiting(): Error | undefined {
    return this.failure;
  }

  /** Called once, before the first byte of data (the progress line clears itself here). */
  beforeFirstWrite?: () => void;

  /**
   * Called once, before the first byte of data and after beforeFirstWrite: the stream the data goes to
   * instead, when there is one (a pager's standard input: io/pager.ts); its closed pipe is a reader
   * that left, as stdout's is.
   */
  openFirst?: () => Promise<OutStream | undefined>;

  constructor(
    private stream: OutStream,
    private readonly signal?: AbortSignal,
  ) {
    stream.on('error', this.onError);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The reader went away, seen while nothing was written (io/reader-left.ts): every later write is a PipeClosed. */
  readerLeft(): void {
    this.closed = true;
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.closed) throw new PipeClosed();
    if (this.failure !== undefined) throw this.failure;
    if (chunk.length === 0) return;
    if (this.beforeFirstWrite) {
      this.beforeFirstWrite();
      this.beforeFirstWrite = undefined;
    }
    if (this.openFirst) {
      const open = this.openFirst;
      this.openFirst = undefined;
      const other = await open();
      if (other) {
        this.stream.removeListener('error', this.onError);
        this.stream = other;
        other.on('error', this.onError);
      }
    }
    let ok: boolean;
    try {
      ok = this.stream.write(chunk);
    } catch (err) {
      this.onError(err);
      if (this.closed) throw new PipeClosed();
      throw this.failure ?? err;
    }
    if (!ok) {
      await new Promise<void>((resolve) => {
        const { signal } = this;
        const done = () => {
          this.stream.removeListener('drain', done);
          this.stream.removeListener('close', done);
          this.stream.removeListener('error', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.stream.once('drain', done);
        this.stream.once('close', done);
        this.stream.once('error', done);
        signal?.addEventListener('abort', done, { once: true });
      });
      if (this.signal?.aborted) throw interruption(this.signal);
      if (this.closed) throw new PipeClosed();
      const failure = this.failedWhileWaiting();
      if (failure !== undefined) throw failure;
    }
  }

  /**
   * Resolves once everything written so far has been handed to the OS (or the pipe closed); rejects
   * when it could not be (a full disk), even when the write that failed had already returned.
   */
  flush(): Promise<void> {
    if (this.closed || this.signal?.aborted) return Promise.resolve();
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      // Interrupted while waiting (a reader that stopped reading the last bytes): stop waiting.
      const done = (err?: unknown) => {
        this.signal?.removeEventListener('abort', aborted);
        if (err) this.onError(err);
        const failure = this.failedWhileWaiting();
        if (failure !== undefined && !this.signal?.aborted) reject(failure);
        else resolve();
      };
      const aborted = () => done();
      this.signal?.addEventListener('abort', aborted, { once: true });
      try {
        this.stream.write('', done);
      } catch (err) {
        done(err);
      }
    });
  }
}
