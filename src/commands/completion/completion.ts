// wli completion <shell>: prints the completion script generated from the spec.
// Lean on purpose: the spec and the generator only, no HTTP client or formatter.
import type { Result } from '../../output/result.js';
import { completionScript } from '../../docs/completion.js';
import { SHELLS } from '../../spec/spec.js';
import { UsageError } from '../../core/errors.js';
import { msg } from '../../core/text.js';
import type { StandaloneInput } from '../../remote/run.js';

/** Needs no server and no settings: a broken config must not break a shell's start-up. */
export const standalone = true;

/** The shell argument was checked against the spec's choices (spec/option-values.ts). */
export function run({ args }: StandaloneInput<'completion'>): Result {
  const shell = SHELLS.find((s) => s === args[0]);
  if (shell === undefined) throw new UsageError(msg`expected one of ${SHELLS.join(', ')}`);
  return { kind: 'text', text: completionScript(shell) };
}
