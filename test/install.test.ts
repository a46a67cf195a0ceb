// What users get: `npm pack` holds only what wli needs at run time, and a global install of that
// tarball (into a throw-away prefix, never the real one) gives a working `wli` on PATH, its man
// page and its completion scripts.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, baseEnv } from './support/run.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; dependencies?: Record<string, string> };

/** npm with the cache and registry settings of the developer or CI, but no prefix inherited from `npm test`. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^npm_(config_(prefix|global|global_prefix|local_prefix|location)$|lifecycle_|package_)/i.test(k)) delete env[k];
  }
  return env;
}

const npm = (args: string[], cwd: string) => exec('npm', args, { cwd, env: npmEnv(), maxBuffer: 64 * 1024 * 1024 });

function run(bin: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env: baseEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

let work: string;
let tarball: string;
let files: string[];
let fake: FakeWeblate;

beforeAll(async () => {
  // The tests run after the build (npm test: pretest); packing does not rebuild (--ignore-scripts).
  expect(existsSync(join(ROOT, 'dist', 'wli.cjs')), 'run `npm run build` first').toBe(true);
  work = mkdtempSync(join(tmpdir(), 'wli-install-'));
  const { stdout } = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT);
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info!.filename);
  files = info!.files.map((f) => f.path).sort();
  fake = await startFakeWeblate();
}, 120_000);

afterAll(async () => {
  await fake?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('holds the program, its man page, completions and README', () => {
    expect(existsSync(tarball)).toBe(true);
    for (const f of [
      'package.json',
      'README.md',
      'bin/wli.cjs',
      'dist/wli.cjs',
      'man/wli.1',
      'completions/wli.bash',
      'completions/_wli',
      'completions/wli.fish',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('holds nothing else: no tests, fixtures, sources, configuration or test build', () => {
    // The bundle is the program: no separate modules, no metafile.
    const allowed = /^(package\.json|README\.md|LICENSE|bin\/wli\.cjs|dist\/wli\.cjs|man\/wli\.1|completions\/(wli\.bash|_wli|wli\.fish))$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files.filter((f) => /^(test|dist\/test|src)\//.test(f) || /fixtures|\.test\.|tsconfig|\.ts$/.test(f))).toEqual([]);
  });
});

describe('npm install -g <tarball> into a separate prefix', () => {
  let prefix: string;
  let elsewhere: string;

  beforeAll(async () => {
    prefix = join(work, 'prefix');
    elsewhere = join(work, 'elsewhere');
    mkdirSync(elsewhere);
    // The dependencies come from the npm cache when they are there (after `npm ci`).
    await npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', tarball], work);
  }, 180_000);

  it('puts wli on the prefix bin and it runs from any directory', async () => {
    const wli = join(prefix, 'bin', 'wli');
    expect(realpathSync(wli)).toBe(join(prefix, 'lib', 'node_modules', pkg.name, 'bin', 'wli.cjs'));
    const version = await run(wli, ['--version'], elsewhere);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout.trim()).toBe(pkg.version);

    const language = await run(wli, ['language', 'cs', '--url', fake.url], elsewhere);
    expect(language.stderr).toBe('');
    expect(language.code).toBe(0);
    expect(language.stdout).toMatch(/^Code\s+cs$/m);
    expect(language.stdout).toMatch(/^Name\s+Czech$/m);

    const json = await run(wli, ['language', 'cs', '-f', 'json', '--url', fake.url], elsewhere);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: 'cs' });
  });

  it('links the man page', () => {
    const man = join(prefix, 'share', 'man', 'man1', 'wli.1');
    expect(existsSync(man)).toBe(true);
    expect(readFileSync(man, 'utf8')).toMatch(/^\.TH WLI 1/m);
  });

  it('ships the completion scripts, and `wli completion` prints the same ones', async () => {
    const dir = join(prefix, 'lib', 'node_modules', pkg.name, 'completions');
    expect(readdirSync(dir).sort()).toEqual(['_wli', 'wli.bash', 'wli.fish']);
    const bash = await run(join(prefix, 'bin', 'wli'), ['completion', 'bash'], elsewhere);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toBe(readFileSync(join(dir, 'wli.bash'), 'utf8'));
  });

  it('installs no dependency: undici and the rest are inside the bundle', () => {
    const installed = new Set<string>();
    const scan = (dir: string) => {
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        if (name.startsWith('@')) for (const sub of readdirSync(join(dir, name))) installed.add(`${name}/${sub}`);
        else installed.add(name);
      }
    };
    scan(join(prefix, 'lib', 'node_modules', pkg.name, 'node_modules'));
    expect(pkg.dependencies).toBeUndefined();
    expect([...installed]).toEqual([]);
  });
});

// Issue 16, item 19: the package is not on the npm registry yet, so the README's install steps that
// work today are the clone's (npm link) and the tarball's (npm pack, then install that file); a
// command that fetches `weblate-inspect` from the registry is only ever given as what works once it
// is published.
describe('README: how to install today', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = (title: string) => {
    const start = readme.indexOf(`\n## ${title}\n`);
    return readme.slice(start, readme.indexOf('\n## ', start + 1));
  };

  it('the Install section gives the clone and the tarball routes, and the tarball it names is what npm pack writes', () => {
    const install = section('Install');
    expect(install).toMatch(/^npm link\b/m);
    expect(install).toMatch(/^npm pack\b/m);
    expect(install).toMatch(/^npm install -g \.\/weblate-inspect-\*\.tgz\b/m);
    expect(tarball.slice(work.length + 1)).toMatch(/^weblate-inspect-[^/]*\.tgz$/);
  });

  it('every registry install command (npm install/i/add or npx of weblate-inspect) in README and docs/ is marked as working once published', () => {
    // Paragraphs (and the blank-line-separated parts of code blocks), whitespace folded.
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(join(ROOT, 'docs', f), 'utf8'));
    const paragraphs = [readme, ...docs].flatMap((text) => text.split(/\n\s*\n/)).map((p) => p.replace(/\s+/g, ' '));
    const registry = /\b(?:npm (?:install|i|add)|npx)\b[^`#]*?(?<![\w./-])weblate-inspect(?![\w./-])/;
    const unmarked = paragraphs.filter((p) => registry.test(p) && !/once (?:it is )?published|not published/i.test(p));
    expect(unmarked).toEqual([]);
    expect(paragraphs.some((p) => registry.test(p))).toBe(true);
  });
});
