// Every command's implementation, loaded only when it runs: help, the version and a usage error load
// none of them. Keyed by the one list of names (spec/names.ts): a name missing here, or one it does not
// name, does not compile. Each entry spells its import for the bundler (a literal path is what makes
// the module a lazy chunk) and for the types: `units` gets CommandInput<'units'>, whose options are
// typed from its entry in spec.ts, and a module whose run takes other options does not compile.
import type { Result } from '../output/result.js';
import type { CommandInput, StandaloneInput } from '../session/session.js';
import type { CommandName } from '../spec/spec.js';

type Returns = Result | Promise<Result>;

type CommandModule<N extends CommandName> =
  | { readonly standalone?: false; run(input: CommandInput<N>): Returns }
  /** Runs without settings, so a broken environment or config file cannot break it (completion). */
  | { readonly standalone: true; run(input: StandaloneInput<N>): Returns };

export const COMMAND_MODULES: { readonly [N in CommandName]: () => Promise<CommandModule<N>> } = {
  translation: () => import('../commands/translation.js'),
  units: () => import('../commands/units.js'),
  unit: () => import('../commands/unit.js'),
  changes: () => import('../commands/changes.js'),
  stats: () => import('../commands/stats.js'),
  language: () => import('../commands/language.js'),
  locales: () => import('../commands/locales.js'),
  memory: () => import('../commands/memory.js'),
  screenshots: () => import('../commands/screenshots.js'),
  status: () => import('../commands/status.js'),
  checks: () => import('../commands/checks.js'),
  ls: () => import('../commands/ls.js'),
  show: () => import('../commands/show.js'),
  download: () => import('../commands/download.js'),
  pull: () => import('../commands/pull.js'),
  api: () => import('../commands/api.js'),
  config: () => import('../commands/config.js'),
  completion: () => import('../commands/completion.js'),
};
