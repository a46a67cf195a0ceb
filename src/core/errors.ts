// Errors are values with an exit code until the very top; only the I/O layer (io/streams.ts) turns
// them into stderr lines. Exit codes are the contract of shared/cli.md and belong to the whole
// program; the errors of talking HTTP live in api/errors.ts.
import { Msg, msg } from './text.js';

export const EXIT = {
  ok: 0,
  server: 1,
  usage: 2,
  gate: 3,
  auth: 4,
  notFound: 5,
  rateLimited: 6,
  interrupted: 130,
} as const;

export class WliError extends Error {
  readonly exitCode: number;
  /** What failed: our words and outside text told apart (see core/text.ts). */
  readonly text: Msg;
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
}

/** Bad target, option, value or configuration: exit 2. */
export class UsageError extends WliError {
  constructor(text: Msg, hint?: Msg, options?: { cause?: unknown }) {
    super(text, EXIT.usage, hint, options);
  }
}

export class InterruptedError extends WliError {
  constructor() {
    super(msg`interrupted`, EXIT.interrupted);
  }
}
