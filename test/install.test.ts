// What users get: `npm pack` holds only what wli needs at run time and the documents its README links
// to, and a global install of that tarball (into a throw-away prefix, never the real one) gives a
// working `wli` on PATH, its man page and its completion scripts. And what developers get: `npm ci` on
// the lowest Node that `engines` admits warns about no package.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, baseEnv } from './support/run.js';
import { slug } from './support/markdown.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  engines: { node: string };
  dependencies?: Record<string, string>;
};

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
  it('holds the program, its man page, completions, README, the documents it links to and the licence', () => {
    expect(existsSync(tarball)).toBe(true);
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'CONTRIBUTING.md',
      'docs/guide.md',
      'docs/commands.md',
      'bin/wli.cjs',
      'dist/wli.cjs',
      'dist/jq.wasm',
      'man/wli.1',
      'completions/wli.bash',
      'completions/_wli',
      'completions/wli.fish',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('holds nothing else: no tests, fixtures, sources, configuration or test build', () => {
    // The bundle is the program (and jq-web's WebAssembly beside it, read by --jq): no separate modules, no metafile. The documents are Markdown only.
    const allowed =
      /^(package\.json|README\.md|CONTRIBUTING\.md|LICENSE|bin\/wli\.cjs|dist\/wli\.cjs|dist\/jq\.wasm|man\/wli\.1|completions\/(wli\.bash|_wli|wli\.fish)|docs\/[a-z-]+\.md)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    expect(files.filter((f) => /^(test|dist\/test|src)\//.test(f) || /fixtures|\.test\.|tsconfig|\.ts$/.test(f))).toEqual([]);
  });
});

/**
 * Every relative link of a Markdown file in an unpacked package, followed from file to file: links whose
 * file is not in the package, or whose #anchor names no heading of it (outside code blocks).
 */
function brokenLinks(dir: string, start: string): string[] {
  const broken: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(dir, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const linked = path ? normalize(join(dirname(file), path)) : file;
      if (linked.startsWith('..') || !existsSync(join(dir, linked))) {
        broken.push(`${file}: ${target} (not in the package)`);
        continue;
      }
      if (!linked.endsWith('.md')) continue;
      const headings = readFileSync(join(dir, linked), 'utf8')
        .split('\n')
        .filter((l) => /^#{1,6} /.test(l))
        .map((l) => slug(l.replace(/^#+ /, '')));
      if (anchor && !headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      visit(linked);
    }
  };
  visit(start);
  return broken;
}

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

  // Issue 24, item 19: the README of the package links to docs/ and CONTRIBUTING.md; they ship with it.
  it('every relative link of the installed README, and of the documents it leads to, resolves inside the package', () => {
    const dir = join(prefix, 'lib', 'node_modules', pkg.name);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(readme).toMatch(/\]\(docs\/guide\.md\)/);
    expect(brokenLinks(dir, 'README.md')).toEqual([]);
  });

  it('ships the MIT licence that package.json names', () => {
    const licence = readFileSync(join(prefix, 'lib', 'node_modules', pkg.name, 'LICENSE'), 'utf8');
    expect(pkg.license).toBe('MIT');
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the wli authors\n/);
    expect(licence).toMatch(/Permission is hereby granted, free of charge/);
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

// Issue 24, item 19: `npm install` (and `npm ci`) in a clone gives no EBADENGINE warning on any Node that
// `engines` admits. npm checks the engines of every package it installs that is not optional
// (arborist's checkEngine): each in the lock file must admit the lowest Node of our range, which no
// machine here runs, and a real `npm ci` on this machine's Node must not warn.
describe('npm ci on the supported Node', () => {
  const lowest = semver.minVersion(pkg.engines.node)!.version;

  it('every package npm checks admits the lowest Node that engines admits, and this one', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
    };
    expect(lowest).toBe('20.18.1');
    expect((lock.packages['']?.engines as { node?: string } | undefined)?.node).toBe(pkg.engines.node);
    const refused: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
      if (path === '' || p.optional || range === undefined) continue;
      for (const node of [lowest, process.versions.node]) {
        if (!semver.satisfies(node, range)) refused.push(`${path.replace(/^.*node_modules\//, '')}@${p.version}: node ${range} refuses ${node}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('a real npm ci (dry run, from the lock file) prints no EBADENGINE warning', async () => {
    const dir = join(work, 'engines');
    mkdirSync(dir);
    for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, f), join(dir, f));
    const { stdout, stderr } = await npm(['ci', '--dry-run', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    expect(stderr).not.toMatch(/EBADENGINE|Unsupported engine/);
    expect(stdout).toMatch(/^add vitest /m);
  }, 120_000);
});
