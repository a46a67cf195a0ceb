#!/usr/bin/env node
// Runs wli: the one-file bundle dist/wli.cjs (npm run build), with a code cache, since compiling the
// bundle is most of a short run's start-up. The numbers behind each choice: docs/performance.md
// (npm run bench, rows "code cache" and "V8 flag").
'use strict';
const Module = require('node:module');
const { homedir } = require('node:os');
const { dirname, isAbsolute, join } = require('node:path');

const file = join(__dirname, '..', 'dist', 'wli.cjs');
const xdg = process.env.XDG_CACHE_HOME;
const cacheDir = join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'wli');

if (typeof Module.enableCompileCache === 'function') {
  // Node 22.1 and later: Node's own compile cache (one per Node version and file content, written
  // at exit). Anything that goes wrong with it only costs that speed.
  try {
    if (makeCacheDir(cacheDir)) Module.enableCompileCache(cacheDir);
  } catch {
    // no cache
  }
  try {
    require(file);
  } catch (e) {
    // Node's error names the missing file in its own words, with a stack: the bundle gone is said as one line.
    if (e && e.code === 'MODULE_NOT_FOUND' && !require('node:fs').existsSync(file)) incomplete(e);
    else throw e;
  }
} else {
  // Node 20 only. undici parses HTTP with llhttp compiled to WebAssembly; this V8 compiles it fast
  // (Liftoff), recompiles it optimised (TurboFan) in the background, and waits for that at exit: a
  // one-request run takes about twice as long and 35 MB more. Liftoff alone is the one V8 flag wli
  // sets; later Node versions do not pay that wait, so there it is not set. Set here, first, so
  // that every run, and the code cache below, has the same flags.
  require('node:v8').setFlagsFromString('--liftoff-only');
  runWithOwnCache();
}

/**
 * The bundle is missing (a build that deleted dist/ while this run started, a package copied without
 * it): said as the bundle says a missing piece of the installation (src/core/install.ts), exit 70, the
 * stack only with --debug.
 */
function incomplete(e) {
  process.stderr.write(`wli: its installation is incomplete: ${file} is missing; reinstall, or rerun \`npm run build\`\n`);
  if (process.argv.includes('--debug')) process.stderr.write(`${e.stack}\n`);
  process.exitCode = 70;
}

/**
 * `mkdir -p` of the cache folder, false when it cannot be made. Not Node's recursive mkdir (nor the
 * one enableCompileCache does): where a file system refuses a new directory with ENOENT (under /proc)
 * they try again forever. The same walk as makeDirectories in src/files/disk.ts, which bin/ cannot load
 * before the bundle; test/bundle.test.ts holds both to a cache under /proc.
 */
function makeCacheDir(dir) {
  const { mkdirSync, statSync } = require('node:fs');
  const missing = [];
  for (let at = dir; ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      return false;
    } catch (e) {
      if (e.code !== 'ENOENT' || dirname(at) === at) return false;
      missing.push(at);
    }
  }
  try {
    for (const d of missing.reverse()) mkdirSync(d, 0o700);
    return true;
  } catch {
    return false;
  }
}

/** Node 20 has no compile cache of its own: a V8 code cache of the bundle, kept in cacheDir. */
function runWithOwnCache() {
  const { readFileSync, readdirSync, rmSync, statSync } = require('node:fs');
  const vm = require('node:vm');
  let source;
  try {
    source = readFileSync(file, 'utf8');
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    incomplete(e);
    return;
  }
  // One cache per Node version, architecture and bundle (its size and time): a new build or a new
  // Node never reads an old cache (V8 would refuse it anyway).
  let cacheFile;
  let cachedData;
  try {
    const { size, mtimeMs } = statSync(file);
    cacheFile = join(cacheDir, `code-${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8`);
    cachedData = readFileSync(cacheFile);
  } catch {
    // no cache yet
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  const bundle = { exports: {} };
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // Written after the run, so it holds the functions the run compiled, not only the top level.
    process.once('exit', () => {
      try {
        if (!makeCacheDir(cacheDir)) return;
        // The bundle's own atomic write (src/files/disk.ts): temporary file, rename, nothing left on failure.
        bundle.exports.writeFileAtomic(cacheFile, script.createCachedData());
        // The caches of earlier builds or Node versions will never be read again.
        for (const old of readdirSync(cacheDir)) {
          if (/^code-.*\.v8$/.test(old) && join(cacheDir, old) !== cacheFile) rmSync(join(cacheDir, old), { force: true });
        }
      } catch {
        // a cache that cannot be written only costs the next run its speed
      }
    });
  }
  script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, dirname(file));
}
