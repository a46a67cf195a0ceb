// How data reaches stdout (owned by io/streams.ts): honours back-pressure (memory stays flat while
// the terminal or pipe is slow), turns a closed pipe (`| head`) into a quiet, normal end, and stops
// waiting for a reader that does not read (a pager) as soon as the run is interrupted.
import type { OutStream } from '../core/context.js';
import { InterruptedError } from '../core/errors.js';

/** Thrown to unwind the pipeline when the reader went away; the CLI exits 0. */
export class PipeClosed extends Error {
  constructor() {
    super('output pipe closed');
  }
}

const isPipeError = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
};

export class Writer {
  private closed = false;
  private failure?: Error;
  private readonly onError = (err: Error) => {
    if (isPipeError(err)) this.closed = true;
    else this.failure = err;
  };

  /** A failure the error listener noted while a write waited (a call, so TypeScript does not narrow it away). */
  private failedWhileWaiting(): Error | undefined {
    return this.failure;
  }

  /** Called once, before the first byte of data (the progress line clears itself here). */
  beforeFirstWrite?: () => void;

  constructor(
    private readonly stream: OutStream,
    private readonly signal?: AbortSignal,
  ) {
    stream.on('error', this.onError);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.closed) throw new PipeClosed();
    if (this.failure) throw this.failure;
    if (chunk.length === 0) return;
    if (this.beforeFirstWrite) {
      this.beforeFirstWrite();
      this.beforeFirstWrite = undefined;
    }
    let ok: boolean;
    try {
      ok = this.stream.write(chunk);
    } catch (err) {
      if (isPipeError(err)) {
        this.closed = true;
        throw new PipeClosed();
      }
      throw err;
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
      if (this.signal?.aborted) throw new InterruptedError();
      if (this.closed) throw new PipeClosed();
      const failure = this.failedWhileWaiting();
      if (failure) throw failure;
    }
  }

  /** Resolves once everything written so far has been handed to the OS (or the pipe closed). */
  flush(): Promise<void> {
    if (this.closed || this.signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      // Interrupted while waiting (a reader that stopped reading the last bytes): stop waiting.
      const done = () => {
        this.signal?.removeEventListener('abort', done);
        resolve();
      };
      this.signal?.addEventListener('abort', done, { once: true });
      try {
        this.stream.write('', done);
      } catch {
        done();
      }
    });
  }
}
