// `npm run build:binary` / `npm run build:binaries`: standalone executables of wli, one file each, that
// need no Node. `bun build --compile` (the `bun` devDependency, pinned exactly) turns the bundle
// `npm run build` made, dist/wli.cjs, into an executable: the same program the npm package runs,
// with Bun's runtime in place of Node (README, Install; docs/performance.md, Standalone binaries).
//   build-binary.ts          this machine's binary: dist/binaries/wli-<os>-<arch>[-musl][.exe]
//   build-binary.ts --all    every target below, and dist/binaries/SHA256SUMS (`sha256sum -c` reads it)
// For another platform, bun takes that platform's runtime from the npm registry (the package
// @oven/bun-<os>-<arch>[-musl] of the same version; kept in ~/.bun/install/cache): nothing else is
// fetched, and nothing by hand.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './paths.js';

export const BUNDLE = join(ROOT, 'dist', 'wli.cjs');
export const OUT_DIR = join(ROOT, 'dist', 'binaries');

/** Every binary a release carries: its name (wli-<name>) and bun's --target. The release workflow names each. */
export const TARGETS = {
  'linux-x64': 'bun-linux-x64',
  'linux-arm64': 'bun-linux-arm64',
  'linux-x64-musl': 'bun-linux-x64-musl',
  'linux-arm64-musl': 'bun-linux-arm64-musl',
  'darwin-x64': 'bun-darwin-x64',
  'darwin-arm64': 'bun-darwin-arm64',
  'windows-x64': 'bun-windows-x64',
} as const;

export type Target = keyof typeof TARGETS;

export const fileName = (target: Target): string => `wli-${target}${target.startsWith('windows-') ? '.exe' : ''}`;

/**
 * The flags of every build, each for the sake of "the same program as `node bin/wli.cjs`":
 * - --bytecode: the bundle is compiled ahead, as bin/wli.cjs's code cache does for Node (start-up).
 * - no .env or bunfig.toml read at start: Node reads neither, and a checked-out repository's .env
 *   must never set WLI_URL or WLI_TOKEN behind the user's back (test/binary.test.ts).
 * - --compile-exec-argv: the runtime's own settings, fixed in the file (docs/performance.md).
 */
export const COMPILE_FLAGS: readonly string[] = [
  '--compile',
  '--bytecode',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
  '--no-compile-autoload-tsconfig',
  '--no-compile-autoload-package-json',
];

/** This machine's target, or undefined where no binary is built (another OS or CPU). */
export function hostTarget(): Target | undefined {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform as string];
  if (!os || !['x64', 'arm64'].includes(process.arch)) return undefined;
  // Node's own report says which C library it runs on: glibc's version, or none (musl).
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  const musl = os === 'linux' && !header?.glibcVersionRuntime;
  const target = `${os}-${process.arch}${musl ? '-musl' : ''}`;
  return target in TARGETS ? (target as Target) : undefined;
}

/** The bun executable of the devDependency (its postinstall put this platform's runtime there). */
export function bunPath(): string {
  const pkg = createRequire(join(ROOT, 'package.json')).resolve('bun/package.json');
  // bun.exe on every platform: the package's own name for it (package.json "bin").
  return join(dirname(pkg), 'bin', 'bun.exe');
}

/**
 * Compiles the bundle for one target into outfile; throws with bun's own words when it fails. `flags`
 * replaces COMPILE_FLAGS (the bench compiles variants with other runtime settings).
 */
export function compile(target: Target, outfile: string, bundle = BUNDLE, flags: readonly string[] = COMPILE_FLAGS): void {
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  mkdirSync(dirname(outfile), { recursive: true });
  const args = ['build', bundle, ...flags, `--target=${TARGETS[target]}`, `--outfile=${outfile}`];
  const r = spawnSync(bunPath(), args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0 || !existsSync(outfile)) {
    throw new Error(`bun build --target=${TARGETS[target]} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`);
  }
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** SHA256SUMS in sha256sum's own format ("<hex>  <name>"), one line per binary, sorted by name. */
export function writeSums(files: string[], out = join(OUT_DIR, 'SHA256SUMS')): void {
  const lines = files.map((f) => `${sha256(f)}  ${basename(f)}\n`).sort((a, b) => a.slice(66).localeCompare(b.slice(66)));
  writeFileSync(out, lines.join(''));
}

function main(argv: string[]): void {
  const all = argv.includes('--all');
  const targets: Target[] = all ? (Object.keys(TARGETS) as Target[]) : [hostTarget()].filter((t) => t !== undefined);
  if (!targets.length) throw new Error(`no standalone binary for ${process.platform}-${process.arch}: use the npm package (README, Install)`);
  if (all) rmSync(OUT_DIR, { recursive: true, force: true });
  const built: string[] = [];
  for (const target of targets) {
    const file = join(OUT_DIR, fileName(target));
    compile(target, file);
    built.push(file);
    console.error(`built ${file.slice(ROOT.length)} (${(statSync(file).size / 1e6).toFixed(1)} MB)`);
  }
  if (all) {
    writeSums(built);
    console.error(`wrote ${join(OUT_DIR, 'SHA256SUMS').slice(ROOT.length)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(`build-binary: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
