// `npm run build`, after tsc: bundles dist/src/main.js and everything it imports, node_modules
// included, into one CommonJS file, dist/wli.cjs, which bin/wli.cjs loads with a V8 code cache
// (README, Performance). Dynamic imports stay lazy: esbuild turns each module into an initialiser
// that runs when first imported, so --version, --help and usage errors still evaluate no HTTP or
// output code (test/bundle.test.ts checks the graph, from dist/wli.meta.json).
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run.js';

const result = await build({
  entryPoints: [join(ROOT, 'dist/src/main.js')],
  outfile: join(ROOT, 'dist/wli.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Modules that read their own location: in the bundle that is dist/wli.cjs.
  define: { 'import.meta.url': '__wliUrl' },
  banner: { js: "'use strict';\nvar __wliUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Less to read and hash at every start; names are kept, so stack traces (--debug) stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
writeFileSync(join(ROOT, 'dist/wli.meta.json'), JSON.stringify(result.metafile));
