// Every command's implementation, loaded only when it runs: help, the version and a usage error load
// none of them. The loaders are generated from the one list of names (modules.ts, by `npm run docs`);
// here they get their types, keyed by that list: a name without a loader does not compile, and each
// module's run is checked against its spec: `units` gets CommandInput<'units'>, whose options are
// typed from src/commands/units/spec.ts, and a module whose run takes other options does not compile.
import type { Result } from '../output/result.js';
import type { CommandInput, StandaloneInput } from '../remote/run.js';
import type { CommandName } from '../spec/spec.js';
import { MODULES } from './modules.js';

type Returns = Result | Promise<Result>;

type CommandModule<N extends CommandName> =
  | { readonly standalone?: false; run(input: CommandInput<N>): Returns }
  /** Runs without settings, so a broken environment or config file cannot break it (completion). */
  | { readonly standalone: true; run(input: StandaloneInput<N>): Returns };

export const COMMAND_MODULES: { readonly [N in CommandName]: () => Promise<CommandModule<N>> } = MODULES;
