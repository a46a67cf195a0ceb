// `npm run build`, after tsc --noEmit: bundles src/main.ts and everything it imports, node_modules
// included, into one CommonJS file, dist/wli.cjs, which bin/wli.cjs runs (README, Performance). The
// package needs nothing installed at run time: undici is inside, once. Dynamic imports stay lazy:
// esbuild turns each module into an initialiser that runs when first imported, so --version, --help
// and usage errors still evaluate no HTTP or output code (test/bundle.test.ts checks the graph, from
// dist/wli.meta.json).
//
// undici, lean: wli's code imports undici's public entry (src/api/undici.ts), whose index loads 110
// modules (fetch, WebSocket, caches, mocks …: ~40 ms of start-up wli never needs). The Agent and the
// request API are 25 of them. So, where the installed undici has them at the paths below AND they
// are the very objects its public entry exports, the bundle gives src/api/undici.ts a small module
// that takes the Agent and request API from there, and reaches the public entry only for ProxyAgent
// (which tunnels through methods the index installs): the same copy of undici, evaluated whole
// only by a proxied run. Where they are missing or differ (an undici upgrade moved them), the bundle
// uses the public entry as it is: everything works, start-up is slower, and the build says so.
// test/undici.test.ts builds both ways and runs each.
import { build, type Plugin } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './paths.js';

/** Where undici keeps the two parts wli uses (internal paths: checked at every build). */
export const UNDICI_PARTS = { agent: 'undici/lib/dispatcher/agent.js', request: 'undici/lib/api/api-request.js' };

export type UndiciParts = typeof UNDICI_PARTS;

/** Whether the parts exist and are the Agent and request API undici's public entry exports. */
export function leanUndiciAvailable(parts: UndiciParts = UNDICI_PARTS): boolean {
  try {
    const req = createRequire(join(ROOT, 'package.json'));
    const index = req('undici') as { Agent: unknown; Dispatcher: { prototype: { request: unknown } } };
    // The index installs the request API on Dispatcher.prototype: the same function, or not the part.
    return req(parts.agent) === index.Agent && req(parts.request) === index.Dispatcher.prototype.request;
  } catch {
    return false;
  }
}

const LEAN = 'wli-undici-lean';

/** `import … from 'undici'` in wli's code → Agent and request from their modules, ProxyAgent on demand. */
function leanUndici(parts: UndiciParts): Plugin {
  return {
    name: LEAN,
    setup(b) {
      b.onResolve({ filter: /^undici$/ }, (args) => (args.namespace === LEAN ? undefined : { path: 'undici', namespace: LEAN }));
      b.onLoad({ filter: /.*/, namespace: LEAN }, () => ({
        resolveDir: ROOT,
        loader: 'js',
        contents: `'use strict';
const Agent = require(${JSON.stringify(parts.agent)});
const apiRequest = require(${JSON.stringify(parts.request)});
module.exports = {
  Agent,
  get ProxyAgent() { return require('undici').ProxyAgent; },
  request(url, opts) {
    const { dispatcher, ...rest } = opts;
    return apiRequest.call(dispatcher, { ...rest, origin: url.origin, path: url.pathname + url.search });
  },
};
`,
      }));
    },
  };
}

/** The version package.json gives: what --version prints. */
const packageVersion = (): string => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface BundleResult {
  /** Whether the lean undici parts were used (false: the public entry, the fallback). */
  lean: boolean;
}

export async function bundle(outfile: string, parts: UndiciParts = UNDICI_PARTS): Promise<BundleResult> {
  const lean = leanUndiciAvailable(parts);
  if (!lean)
    console.error(
      `bundle: undici's ${parts.agent} / ${parts.request} are missing or not what its index exports: bundling its public entry (start-up about 40 ms slower); update UNDICI_PARTS in scripts/bundle.ts`,
    );
  const result = await build({
    entryPoints: [join(ROOT, 'src/main.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins: lean ? [leanUndici(parts)] : [],
    // Modules that read their own location: in the bundle that is dist/wli.cjs. The version is written
    // in (src/core/version.ts): the standalone binary has no package.json to read.
    define: { 'import.meta.url': '__wliUrl', WLI_BUNDLE_VERSION: JSON.stringify(packageVersion()) },
    banner: { js: "'use strict';\nvar __wliUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Less to read and hash at every start; names are kept, so stack traces (--debug) stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  writeFileSync(outfile.replace(/\.cjs$/, '.meta.json'), JSON.stringify(result.metafile));
  return { lean };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle(join(ROOT, 'dist/wli.cjs'));
