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
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** Where jq-web (the --jq engine) starts itself, given nothing: where the bundle hands it its WebAssembly. */
export const JQ_WEB_START = 'jq = jq().then(';

/** jq-web's WebAssembly beside the bundle (dist/jq.wasm): the npm package ships it, the binary embeds it. */
export const JQ_WASM = 'jq.wasm';

/**
 * jq-web with its WebAssembly read from beside the bundle, only by a run that gives --jq (the module is
 * behind a dynamic import). Not inside the bundle's text: 1.3 MB more of it (gzipped, base64) cost
 * every start-up about 10 ms of CPU (docs/performance.md, --jq). Under Node the file is dist/jq.wasm
 * (the bundle's directory); in the standalone binary, `require('./jq.wasm')` is bun's way to embed a
 * file, which answers its path inside the binary. It is handed to jq-web's Emscripten start as
 * wasmBinary instead of the file jq-web would read from its own directory. Its requires of Node's
 * modules are written as node: ones. Its module is a promise, which the bundle's import() would copy
 * into a namespace that is itself a thenable (its prototype kept): it is handed out as { engine }
 * (src/output/jq.ts takes either).
 */
function jqWebInside(): Plugin {
  return {
    name: 'wli-jq-web',
    setup(b) {
      b.onResolve({ filter: /^jq-web$/ }, () => ({ path: 'jq-web', namespace: 'wli-jq-web' }));
      b.onResolve({ filter: new RegExp(`^\\./${JQ_WASM.replace('.', '\\.')}$`) }, (args) =>
        args.namespace === 'wli-jq-web' ? { path: `./${JQ_WASM}`, external: true } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'wli-jq-web' }, () => {
        const main = createRequire(join(ROOT, 'package.json')).resolve('jq-web');
        const source = readFileSync(main, 'utf8');
        if (source.split(JQ_WEB_START).length !== 2)
          throw new Error(`bundle: jq-web's ${main} no longer starts itself with '${JQ_WEB_START}': update JQ_WEB_START in scripts/bundle.ts`);
        const wasm = `typeof Bun === 'undefined' ? require('node:path').join(__dirname, '${JQ_WASM}') : require('./${JQ_WASM}')`;
        const contents = source
          .replace(/require\((['"])(fs|path|crypto)\1\)/g, "require('node:$2')")
          .replace(JQ_WEB_START, `jq = jq({ wasmBinary: require('node:fs').readFileSync(${wasm}) }).then(`);
        return { resolveDir: dirname(main), loader: 'js', contents: contents + '\nmodule.exports = { engine: module.exports };\n' };
      });
    },
  };
}

/** jq-web's WebAssembly copied beside the bundle (JQ_WASM). */
function copyJqWasm(outfile: string): void {
  const main = createRequire(join(ROOT, 'package.json')).resolve('jq-web');
  copyFileSync(join(dirname(main), JQ_WASM), join(dirname(outfile), JQ_WASM));
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
    plugins: lean ? [leanUndici(parts), jqWebInside()] : [jqWebInside()],
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
  copyJqWasm(outfile);
  return { lean };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle(join(ROOT, 'dist/wli.cjs'));
