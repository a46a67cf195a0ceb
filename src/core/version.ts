// The package version. The bundle has it written in (scripts/bundle.ts defines WLI_BUNDLE_VERSION):
// a standalone binary carries no package.json, and the path the bundle was built at means nothing
// on another machine. Tests and scripts run the source, which reads ../../package.json.
import { readFileSync } from 'node:fs';
import { isItem } from './page.js';

declare const WLI_BUNDLE_VERSION: string | undefined;

export const VERSION: string =
  typeof WLI_BUNDLE_VERSION === 'string'
    ? WLI_BUNDLE_VERSION
    : (() => {
        try {
          const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
          if (isItem(pkg) && pkg.name === 'weblate-inspect' && typeof pkg.version === 'string') return pkg.version;
        } catch {
          // no package.json where the source is: no version to tell
        }
        return '0.0.0';
      })();
