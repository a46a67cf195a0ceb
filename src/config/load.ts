// Settings for a run: flags, environment and the wlc-style configuration files (config/files.ts).
// The one entry point execute.ts calls; resolveSettings stays pure, the file reading is here.
import type { Context } from '../context.js';
import { escapeControl } from '../output/terminal.js';
import { readConfigFiles } from './files.js';
import { resolveSettings, type GlobalFlags, type Settings } from './settings.js';

export function loadSettings(flags: GlobalFlags, ctx: Context): Settings {
  const files = readConfigFiles({ cwd: ctx.cwd, env: ctx.env, homedir: ctx.homedir, config: flags.config });
  // Before a Session exists: the same form as Session.warn.
  for (const w of files.warnings) ctx.stderr.write(`wli: warning: ${escapeControl(w)}\n`);
  return resolveSettings(flags, ctx.env, files);
}
