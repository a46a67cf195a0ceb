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
  translation: () => import('../commands/translation/translation.js'),
  units: () => import('../commands/units/units.js'),
  unit: () => import('../commands/unit/unit.js'),
  changes: () => import('../commands/changes/changes.js'),
  stats: () => import('../commands/stats/stats.js'),
  language: () => import('../commands/language/language.js'),
  locales: () => import('../commands/locales/locales.js'),
  memory: () => import('../commands/memory/memory.js'),
  screenshots: () => import('../commands/screenshots/screenshots.js'),
  status: () => import('../commands/status/status.js'),
  checks: () => import('../commands/checks/checks.js'),
  ls: () => import('../commands/ls/ls.js'),
  show: () => import('../commands/show/show.js'),
  download: () => import('../commands/download/download.js'),
  pull: () => import('../commands/pull/pull.js'),
  api: () => import('../commands/api/api.js'),
  config: () => import('../commands/config/config.js'),
  completion: () => import('../commands/completion/completion.js'),
};
