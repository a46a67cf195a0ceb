// The package version, read once from package.json: ../package.json from dist/wli.cjs (the bundle),
// ../../package.json from src/core/version.ts (tests and scripts run the source).
import { readFileSync } from 'node:fs';

export const VERSION: string = (() => {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'weblate-inspect' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();
