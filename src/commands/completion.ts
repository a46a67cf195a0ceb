// wli completion <shell>: prints the completion script generated from the spec.
// Lean on purpose: the spec and the generator only, no HTTP client or formatter.
import type { Result } from '../output/result.js';
import { UsageError } from '../api/errors.js';
import { SHELLS } from '../spec.js';
import { completionScript, type Shell } from '../docs/completion.js';
import type { CommandInput } from './common.js';

/** Needs no server and no settings: a broken config must not break a shell's start-up. */
export const standalone = true;

export async function run({ args }: Pick<CommandInput, 'args'>): Promise<Result> {
  const shell = args[0] ?? '';
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new UsageError(`unknown shell '${shell}'`, `expected one of: ${SHELLS.join(', ')}`);
  }
  return { kind: 'text', text: completionScript(shell as Shell) };
}
