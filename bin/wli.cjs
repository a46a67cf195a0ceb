#!/usr/bin/env node
// Runs wli: the one-file bundle dist/wli.cjs (npm run build), compiled with a V8 code cache kept in
// $XDG_CACHE_HOME/wli (~/.cache/wli). Compiling the bundle is most of a short run's start-up; with
// the cache, `wli translation p/c/l` answers faster than Weblate's own Python client (README,
// Performance). The cache is written once, after a run that had none (or a stale one); anything
// that goes wrong with it is ignored and only costs that speed.
'use strict';
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, isAbsolute, join } = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

const file = join(__dirname, '..', 'dist', 'wli.cjs');
const source = readFileSync(file, 'utf8');

// One cache per Node version, architecture and bundle (its size and time): a new build or a new Node
// never reads an old cache (V8 would refuse it anyway).
let cacheFile;
let cachedData;
try {
  const { size, mtimeMs } = statSync(file);
  const xdg = process.env.XDG_CACHE_HOME;
  const dir = join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'wli');
  cacheFile = join(dir, `code-${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8`);
  cachedData = readFileSync(cacheFile);
} catch {
  // no cache yet
}

const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
const bundle = { exports: {} };

if (cacheFile && (!cachedData || script.cachedDataRejected)) {
  process.once('exit', () => {
    try {
      // Produced under the flags a fresh process starts with, or the next run would refuse it: the
      // run may have set --liftoff-only (src/api/undici.ts); a long one other flags (src/heap.ts).
      if (bundle.exports.v8FlagsForLongRuns?.()) return;
      v8.setFlagsFromString('--no-liftoff-only');
      v8.setFlagsFromString('--wasm-tier-up');
      v8.setFlagsFromString('--wasm-dynamic-tiering');
      mkdirSync(dirname(cacheFile), { recursive: true, mode: 0o700 });
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      renameSync(tmp, cacheFile);
      // The caches of earlier builds or Node versions will never be read again.
      for (const old of readdirSync(dirname(cacheFile))) {
        if (/^code-.*\.v8$/.test(old) && old !== basename(cacheFile)) rmSync(join(dirname(cacheFile), old), { force: true });
      }
    } catch {
      // a cache that cannot be written only costs the next run its speed
    }
  });
}

script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, dirname(file));
