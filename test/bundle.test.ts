// What ships is one bundle, dist/wli.cjs, loaded by bin/wli.cjs with a V8 code cache (issue 13). Every
// end-to-end test runs it through bin/wli.cjs; these check what only the bundle can get wrong: that its
// lazy parts stay lazy, that it needs nothing installed, and the code cache.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, baseEnv, nodeTs } from './support/run.js';
import { cacheDir } from '../src/core/xdg.js';
import { missingPiece } from '../src/core/install.js';
import { COMMAND_NAMES } from '../src/spec/names.js';

interface Import {
  path: string;
  kind: string;
  external?: boolean;
}
interface Meta {
  inputs: Record<string, { imports: Import[] }>;
  outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
}
// Module keys are as esbuild names them: `src/api/client.ts`, `node_modules/undici/index.js`, and
// `wli-undici-lean:undici` for the module scripts/bundle.ts puts in place of undici's entry.
const meta = JSON.parse(readFileSync(join(ROOT, 'dist/wli.meta.json'), 'utf8')) as Meta;
const MODULES = Object.keys(meta.inputs);
const ENTRY = 'src/main.ts';

/** The modules evaluated when `from` is: its static imports, transitively (a dynamic import is a lazy boundary). */
function staticClosure(from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p) || !meta.inputs[p]) return;
    seen.add(p);
    for (const i of meta.inputs[p].imports) if (i.kind !== 'dynamic-import' && !i.external) visit(i.path);
  };
  visit(from);
  return seen;
}

/**
 * An import built from a template (`import(`../commands/${name}.ts`)`) is dynamic: esbuild lists it
 * as one external import whose path is a glob, and bundles every module that matches it. The
 * modules it stands for are the matches no module imports statically (the template is their only
 * way in).
 */
function templateTargets(importer: string, glob: string): string[] {
  const pattern = posix.join(posix.dirname(importer), glob);
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(
    `^${pattern
      .split('**/')
      .map((part) => part.split('*').map(escape).join('[^/]*'))
      .join('(?:.*/)?')}$`,
  );
  const staticallyImported = new Set(Object.values(meta.inputs).flatMap((m) => m.imports.filter((i) => i.kind !== 'dynamic-import').map((i) => i.path)));
  return MODULES.filter((m) => re.test(m) && !staticallyImported.has(m));
}

/** Every dynamic import in the bundle: `from` loads `to` only when that code runs. */
const dynamicImports: Array<{ from: string; to: string }> = Object.entries(meta.inputs).flatMap(([from, m]) =>
  m.imports.flatMap((i) => {
    if (i.kind === 'dynamic-import' && !i.external) return [{ from, to: i.path }];
    if (i.external && i.path.includes('*')) return templateTargets(from, i.path).map((to) => ({ from, to }));
    return [];
  }),
);
/** A dynamic import of a module its importer already evaluates statically is no boundary: it defers nothing. */
const hollow = (d: { from: string; to: string }) => staticClosure(d.from).has(d.to);

/**
 * The lazy boundaries: the modules a dynamic import defers (somewhere), and that a start-up does not
 * evaluate anyway. Adding a lazy boundary, removing one, or a static import that crosses one
 * (from the start-up or from the importer itself) changes this list.
 */
const LAZY = [
  // Loaded only when drawn: the spinner and colour (docs/performance.md, start-up).
  'node_modules/chalk/source/index.js',
  'node_modules/ora/index.js',
  // HTTP: undici, loaded by the first request (src/api/undici.ts); the bundle's lean part of it.
  'wli-undici-lean:undici',
  // The --jq engine (jq-web, its WebAssembly inside: scripts/bundle.ts), loaded by src/output/jq.ts when --jq is given.
  'wli-jq-web:jq-web',
  // The CI report writers (-f github, junit, codequality, openmetrics), loaded by render.ts on use.
  'src/output/ci.ts',
  // Each command, through the registry (src/cli/registry.ts), with the parts of it only it needs: one
  // module a name of the one list (src/spec/names.ts).
  ...COMMAND_NAMES.map((c) => `src/commands/${c}/${c}.ts`),
];

/** Dynamic imports that defer nothing (a module its importer already loads statically): none. */
const HOLLOW: string[] = [];

/**
 * Code a run that shows help, the version, completion or a usage error must not evaluate: whole
 * packages (a key prefix ending in / or :) and single modules.
 */
const HEAVY = ['node_modules/undici/', 'wli-undici-lean:', 'node_modules/ora/', 'node_modules/chalk/', 'wli-jq-web:'];
const isHeavy = (heavy: string, module: string) => (/[/:]$/.test(heavy) ? module.startsWith(heavy) : module === heavy);

describe('the bundle', () => {
  it('names modules as this test reads them: every heavy name is a module of the bundle', () => {
    // A renamed module or a new key format would otherwise make the checks below pass on nothing.
    expect(meta.inputs[ENTRY], ENTRY).toBeDefined();
    expect(HEAVY.filter((h) => !MODULES.some((m) => isHeavy(h, m)))).toEqual([]);
  });

  it('defers exactly the modules LAZY names, each reached only through a dynamic import', () => {
    const startUp = staticClosure(ENTRY);
    const lazy = new Set(dynamicImports.filter((d) => !hollow(d) && !startUp.has(d.to)).map((d) => d.to));
    expect([...lazy].sort()).toEqual([...LAZY].sort());
  });

  it('has no dynamic import that defers nothing but those HOLLOW names', () => {
    const found = new Set(dynamicImports.filter(hollow).map((d) => `${d.from} -> ${d.to}`));
    expect([...found].sort()).toEqual([...HOLLOW].sort());
  });

  it.each([
    [ENTRY, 'every start: --version, --help, parse errors'],
    ['src/spec/option-values.ts', 'option values checked'],
    ['src/cli/execute.ts', 'a command run up to its target (usage errors)'],
    ['src/api/client.ts', 'the client, until its first request'],
    ['src/commands/units/units.ts', 'units up to its target'],
    ['src/commands/stats/stats.ts', 'stats up to its targets'],
    ['src/commands/completion/completion.ts', 'wli completion'],
  ])('keeps the lazy boundaries: %s (%s) evaluates no undici, ora or chalk', (entry) => {
    expect(meta.inputs[entry], entry).toBeDefined();
    const evaluated = [...staticClosure(entry)];
    // Every heavy name evaluated, a package with its count of modules.
    const found = HEAVY.flatMap((heavy) => {
      const hits = evaluated.filter((m) => isHeavy(heavy, m));
      if (!hits.length) return [];
      return [/[/:]$/.test(heavy) ? `${heavy} (${hits.length} module${hits.length === 1 ? '' : 's'})` : heavy];
    });
    expect(found).toEqual([]);
  });

  it('imports no module dynamically from outside the bundle: bin/wli.cjs runs it as a vm script on Node 20, where import() of a built-in fails', () => {
    const external = Object.entries(meta.inputs).flatMap(([from, m]) =>
      m.imports.filter((i) => i.kind === 'dynamic-import' && i.external && !i.path.includes('*')).map((i) => `${from} -> ${i.path}`),
    );
    expect(external).toEqual([]);
  });

  it("needs nothing installed but Node built-ins (undici is inside: test/undici.test.ts), and jq-web's WebAssembly beside it", () => {
    const external = Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    // ./jq.wasm: the build copies it beside the bundle (dist/jq.wasm, in the npm package); the binary embeds it (scripts/bundle.ts).
    expect(external.filter((p) => !p.startsWith('node:'))).toEqual(['./jq.wasm']);
    expect(existsSync(join(ROOT, 'dist', 'jq.wasm'))).toBe(true);
  });

  it('at run time, --version, --help, completion and a usage error load no network module (a request does)', () => {
    const trace = join(tmpdir(), `wli-builtins-${process.pid}`);
    const hook = new URL('./support/trace-imports.mjs', import.meta.url).href;
    const loaded = (args: string[]) => {
      rmSync(trace, { force: true });
      spawnSync(process.execPath, ['--import', hook, BIN, ...args], {
        env: baseEnv({ WLI_TRACE_FILE: trace, WLI_URL: 'http://127.0.0.1:9/' }),
        encoding: 'utf8',
      });
      const text = readFileSync(trace, 'utf8');
      rmSync(trace, { force: true });
      return text.split('\n');
    };
    for (const args of [['--version'], ['--help'], ['units', '--help'], ['completion', 'bash'], ['units', 'a//b'], ['stats', 'cs', '--fail-under', '200']]) {
      const modules = loaded(args);
      for (const net of ['http', 'https', 'net', 'tls', 'http2']) {
        expect(modules, `${args.join(' ')} loaded node:${net}`).not.toContain(`node:${net}`);
        expect(modules, `${args.join(' ')} loaded ${net}`).not.toContain(net);
      }
      expect(
        modules.filter((m) => m.includes('node_modules')),
        args.join(' '),
      ).toEqual([]);
    }
    // The control: a run that talks to a server (refused here) does load them.
    expect(loaded(['language', 'cs', '--retries', '0'])).toContain('node:http');
  });
});

// Issue 49, item 13: a run while a build deletes dist/ printed a raw Node stack. A piece of wli's own
// installation missing once the run started (a file the bundle reads beside itself only when used), or
// the bundle itself when bin/wli.cjs starts, is one line naming the file: exit 70, no stack unless --debug.
describe('an installation with a piece missing', () => {
  /** What bin/wli.cjs loads, and every file the bundle reads beside itself, each with a run that needs it. */
  const NEEDS: Record<string, string[]> = { 'wli.cjs': ['--version'], 'jq.wasm': ['language', 'cs', '--jq', '.'] };

  it.each([
    ['a file of it gone', Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/opt/wli/dist/jq.wasm' }), '/opt/wli/dist/jq.wasm'],
    [
      'a module of it not found',
      Object.assign(new Error("Cannot find module '/opt/wli/dist/chunk.cjs'"), { code: 'MODULE_NOT_FOUND' }),
      '/opt/wli/dist/chunk.cjs',
    ],
    ['as the cause', new Error('loading', { cause: Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/opt/wli/dist/x' }) }), '/opt/wli/dist/x'],
    ["a user's file", Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/home/me/po/cs.po' }), undefined],
    ['beside the folder, not in it', Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: '/opt/wli/dist-old/jq.wasm' }), undefined],
    ['a relative path', Object.assign(new Error('ENOENT'), { code: 'ENOENT', path: 'dist/jq.wasm' }), undefined],
    ['another failure', Object.assign(new Error('EACCES'), { code: 'EACCES', path: '/opt/wli/dist/jq.wasm' }), undefined],
    ['no error', 'ENOENT', undefined],
  ])('missingPiece: %s', (_name, e, file) => {
    expect(missingPiece(e, '/opt/wli/dist')).toBe(file);
  });

  it('names every file the bundle reads beside itself', () => {
    const beside = Object.values(meta.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => posix.basename(i.path)),
    );
    expect(Object.keys(NEEDS).filter((f) => f !== 'wli.cjs')).toEqual([...new Set(beside)]);
  });

  it.each(Object.entries(NEEDS))('dist/%s missing: one line naming it, exit 70, the stack only with --debug', (piece, args) => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-install-'));
    try {
      mkdirSync(join(dir, 'bin'));
      mkdirSync(join(dir, 'dist'));
      copyFileSync(BIN, join(dir, 'bin', 'wli.cjs'));
      for (const f of Object.keys(NEEDS)) if (f !== piece) copyFileSync(join(ROOT, 'dist', f), join(dir, 'dist', f));
      const run = (extra: string[]) =>
        spawnSync(process.execPath, [join(dir, 'bin', 'wli.cjs'), ...args, ...extra], {
          env: baseEnv({ WLI_URL: 'http://127.0.0.1:9/', XDG_CACHE_HOME: join(dir, 'cache') }),
          encoding: 'utf8',
        });
      const r = run([]);
      expect([r.status, r.stdout, r.stderr]).toEqual([
        70,
        '',
        `wli: its installation is incomplete: ${join(dir, 'dist', piece)} is missing; reinstall, or rerun \`npm run build\`\n`,
      ]);
      const debug = run(['--debug']);
      expect(debug.status).toBe(70);
      expect(debug.stderr).toMatch(/^\s+at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the build', () => {
  it('loads no test code: nothing scripts/bundle.ts imports, however deep, is a file of test/', async () => {
    // test/support/run.ts, which the build once imported for ROOT, opens a listener and loads the CLI from source.
    const { metafile } = await build({
      entryPoints: [join(ROOT, 'scripts/bundle.ts')],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    const files = Object.keys(metafile.inputs);
    expect(files).toContain('scripts/bundle.ts');
    expect(files.filter((f) => f.startsWith('test/'))).toEqual([]);
  });
});

describe('the code cache', () => {
  let server: ReturnType<typeof spawn>;
  let url = '';
  const cache = mkdtempSync(join(tmpdir(), 'wli-code-'));
  beforeAll(async () => {
    server = spawn(process.execPath, nodeTs(join(ROOT, 'test/support/fake-weblate/main.ts')), { stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve) => server.stdout!.setEncoding('utf8').once('data', (d: string) => resolve(d.trim())));
  });
  afterAll(() => {
    server.kill();
    rmSync(cache, { recursive: true, force: true });
  });
  const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args, '--url', url], { env: baseEnv({ XDG_CACHE_HOME: cache }), encoding: 'utf8' });

  // Node 22.1+: Node's own compile cache, in a folder of its own under $XDG_CACHE_HOME/wli.
  // Node 20: bin/'s own V8 code cache, one file per build and Node.
  const nodeCache = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
  const files = (): string[] => {
    const dir = join(cache, 'wli');
    if (!nodeCache)
      return readdirSync(dir)
        .filter((f) => f.endsWith('.v8'))
        .map((f) => join(dir, f));
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  };

  it('is written after the first run, used (not rewritten) by the next', () => {
    expect(run(['language', 'cs', '-f', 'json']).status).toBe(0);
    const written = files();
    expect(written.length).toBeGreaterThan(0);
    if (!nodeCache) {
      expect(written.map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual([
        expect.stringMatching(new RegExp(`^code-${process.version.replace(/\./g, '\\.')}-${process.arch}-\\d+-\\d+\\.v8$`)),
      ]);
      expect(statSync(written[0]!).mode & 0o777).toBe(0o600);
    }
    const times = written.map((f) => statSync(f).mtimeMs);
    const second = run(['language', 'cs', '-f', 'json']);
    expect(second.status).toBe(0);
    expect(files()).toEqual(written);
    expect(written.map((f) => statSync(f).mtimeMs)).toEqual(times);
  });

  it('a broken cache is refused: the run works, and the cache is written anew', () => {
    for (const f of files()) writeFileSync(f, 'not a code cache');
    const r = run(['language', 'cs', '-f', 'json']);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).code).toBe('cs');
    expect(Math.max(...files().map((f) => readFileSync(f).length))).toBeGreaterThan(100_000);
  });

  // bin/wli.cjs finds the cache before the bundle is loaded, so it cannot call src/core/xdg.ts: this
  // holds its copy of the XDG rule to the one src/ uses.
  it.each([
    ['absolute', (home: string) => join(home, 'xdg-cache')],
    ['relative (ignored)', () => 'relative/cache'],
    ['empty (ignored)', () => ''],
  ])('keeps its code cache where src/core/xdg.ts says: XDG_CACHE_HOME %s', (_name, value) => {
    const home = mkdtempSync(join(tmpdir(), 'wli-xdg-'));
    try {
      const env = baseEnv({ HOME: home, XDG_CACHE_HOME: value(home) });
      const r = spawnSync(process.execPath, [BIN, '--version'], { env, cwd: home, encoding: 'utf8' });
      expect(r.status).toBe(0);
      const expected = cacheDir(env, home);
      expect(readdirSync(expected).length).toBeGreaterThan(0);
      if (value(home) !== join(home, 'xdg-cache')) expect(readdirSync(home).sort()).toEqual(['.cache']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === 'linux')('a cache folder that can never be made (under /proc) costs nothing but speed: no endless mkdir', () => {
    // Node's recursive mkdir, and the one enableCompileCache does, retry forever there (ENOENT).
    const r = spawnSync(process.execPath, [BIN, '--version'], { env: baseEnv({ XDG_CACHE_HOME: '/proc/wli-no-such-dir' }), encoding: 'utf8', timeout: 20_000 });
    expect([r.signal, r.status, r.stderr]).toEqual([null, 0, '']);
  });

  it('a cache that cannot be written costs nothing but speed', () => {
    writeFileSync(join(cache, 'not-a-dir'), '');
    const r = spawnSync(process.execPath, [BIN, '--version'], { env: baseEnv({ XDG_CACHE_HOME: join(cache, 'not-a-dir') }), encoding: 'utf8' });
    expect([r.status, r.stderr, r.stdout.trim()]).toEqual([
      0,
      '',
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    ]);
  });
});
