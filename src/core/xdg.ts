// Where a user's files go, by the XDG Base Directory rule: $XDG_CONFIG_HOME or $XDG_CACHE_HOME when set
// to an absolute path (an empty or relative value is ignored, as the specification says), else
// ~/.config or ~/.cache. (bin/wli.cjs applies the same rule to the cache before the bundle loads;
// test/bundle.test.ts holds the two together.)
import { isAbsolute, join } from 'node:path';

const FALLBACK = { config: '.config', cache: '.cache' } as const;
const VARIABLE = { config: 'XDG_CONFIG_HOME', cache: 'XDG_CACHE_HOME' } as const;

export function xdgDir(kind: 'config' | 'cache', env: Record<string, string | undefined>, homedir: string): string {
  const value = env[VARIABLE[kind]];
  return value && isAbsolute(value) ? value : join(homedir, FALLBACK[kind]);
}

/** wli's own cache folder: completion names, and the code cache bin/wli.cjs keeps. */
export const cacheDir = (env: Record<string, string | undefined>, homedir: string): string => join(xdgDir('cache', env, homedir), 'wli');

/**
 * The one file wli keeps in a repository: pull's record of each component's layout in DIR
 * (files/layout.ts), which the user commits. Not an XDG place: it belongs to the checkout, not the user.
 */
export const LAYOUT_FILE = 'wli-layout.json';
