// The package version, read once from package.json (dist/src/core/version.js when built, src/core/version.ts
// when tests run the source).
import { readFileSync } from 'node:fs';

export const VERSION: string = (() => {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
      if (pkg.name === 'weblate-inspect') return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();
