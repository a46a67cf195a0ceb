// Settings for a run: flags and environment (config files join in config/files.ts).
import type { Context } from '../context.js';
import { resolveSettings, type GlobalFlags, type Settings } from './settings.js';

export function loadSettings(flags: GlobalFlags & { config?: string }, ctx: Context): Settings {
  return resolveSettings(flags, ctx.env);
}
