// Every command's spec, assembled: each declared in its own folder (src/commands/<name>/spec.ts),
// gathered by the generated declared.ts from the one list of names, and listed here in that list's
// order (help, the completions and the docs list them so). Nothing here names a command by hand.
import { COMMAND_NAMES, type CommandName } from './names.js';
import { DECLARED } from './declared.js';
import { readOptions } from './option-values.js';
import type { CommandSpec, OptionValues } from './spec.js';

type DeclaredName = (typeof DECLARED)[number]['name'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each name of the one list (names.ts) declared, and nothing declared that it does not name. */
export const DECLARED_AS_NAMED: Same<DeclaredName, CommandName> = true;

/** Every command's spec, in the order of the one list of names. */
export const COMMANDS: readonly CommandSpec[] = COMMAND_NAMES.map((name) => {
  const spec = DECLARED.find((c) => c.name === name);
  if (!spec) throw new Error(`no spec declared for the command ${name}`);
  return spec;
});

/** The options `wli <name>` receives, checked and typed. */
export type OptionsOf<N extends CommandName> = OptionValues<Extract<(typeof DECLARED)[number], { name: N }>['options']>;

/** A command's options as typed from its spec (COMMANDS forgets each command's own types). */
export function readCommandOptions<N extends CommandName>(name: N, raw: Record<string, unknown>): OptionsOf<N> {
  const spec = COMMANDS.find((c) => c.name === name);
  return readOptions(spec?.options ?? [], raw) as OptionsOf<N>;
}
