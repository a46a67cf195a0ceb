// wli completion <shell>: prints the completion script generated from the spec.
// Lean on purpose: the spec and the generator only, no HTTP client or formatter.
import type { Result } from '../../output/result.js';
import { completionScript, type Shell } from '../../docs/completion.js';
import type { StandaloneInput } from '../../session/session.js';

/** Needs no server and no settings: a broken config must not break a shell's start-up. */
export const standalone = true;

/** The shell argument was checked against the spec's choices (spec/option-values.ts). */
export function run({ args }: StandaloneInput<'completion'>): Result {
  return { kind: 'text', text: completionScript(args[0] as Shell) };
}
