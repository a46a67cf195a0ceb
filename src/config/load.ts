// Settings for a run: flags, environment and the wlc-style configuration files (config/files.ts).
// The one entry point execute.ts calls; resolveSettings stays pure, the file reading is here.
import type { Context } from '../core/context.js';
import type { Msg } from '../core/text.js';
import { readConfigFiles } from './files.js';
import { resolveSettings, type GlobalFlags, type Settings } from './settings.js';

export function loadSettings(flags: GlobalFlags, ctx: Context): { settings: Settings; warnings: Msg[] } {
  const files = readConfigFiles({ cwd: ctx.cwd, env: ctx.env, homedir: ctx.homedir, config: flags.config, section: flags.configSection });
  return { settings: resolveSettings(flags, ctx.env, files), warnings: files.warnings };
}
