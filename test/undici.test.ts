// undici, once (issue 17): one copy, inside the bundle, no run-time dependency, no exact pin. The
// bundle takes undici's Agent and request API from internal paths to start faster, with undici's
// public entry as the automatic fallback when those paths are missing (scripts/bundle.ts).
// These build the bundle both ways and run each for real.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDICI_PARTS, bundle, leanUndiciAvailable } from '../scripts/bundle.js';
import { startProxy } from './support/proxy.js';
import { BIN, ROOT, baseEnv, nodeTs } from './support/run.js';

interface Meta {
  inputs: Record<string, { imports: Array<{ path: string; kind: string }> }>;
}
const metaOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Meta;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies: Record<string, string> };

let server: ReturnType<typeof spawn>;
let url = '';
const work = mkdtempSync(join(tmpdir(), 'wli-undici-'));
beforeAll(async () => {
  server = spawn(process.execPath, nodeTs(join(ROOT, 'test/support/fake-weblate/main.ts')), { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise<string>((resolve) => server.stdout!.setEncoding('utf8').once('data', (d: string) => resolve(d.trim())));
});
afterAll(() => {
  server.kill();
  rmSync(work, { recursive: true, force: true });
});

/** A run of `file` (a bundle or bin/), with the built-in modules it loaded (CommonJS requires, traced). */
async function run(file: string, args: string[], env: Record<string, string> = {}) {
  const trace = join(work, `trace-${Math.random()}`);
  const hook = new URL('./support/trace-imports.mjs', import.meta.url).href;
  const child = spawn(process.execPath, ['--import', hook, file, ...args], { env: baseEnv({ WLI_TRACE_FILE: trace, ...env }) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  let loaded: string[] = [];
  try {
    loaded = readFileSync(trace, 'utf8').split('\n');
  } catch {
    // nothing traced
  }
  return { status, stdout, stderr, loaded };
}

describe('undici in the package', () => {
  it('is a build-time dependency in a caret range; the package has no run-time dependency', () => {
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.devDependencies.undici).toMatch(/^\^\d+\.\d+\.\d+$/);
  });

  it('the installed undici has the lean parts, and they are what its public entry exports', () => {
    // When an upgrade moves them the build still works (the fallback below), only slower to start:
    // this says so, so the paths in scripts/bundle.ts get updated.
    expect(leanUndiciAvailable()).toBe(true);
  });

  it('the bundle holds one copy: the index reached only from the lean module, for ProxyAgent', () => {
    const meta = metaOf(join(ROOT, 'dist/wli.meta.json'));
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('node_modules/undici/lib/dispatcher/agent.js');
    expect(inputs).toContain('node_modules/undici/lib/api/api-request.js');
    // Every undici module in the bundle is the installed package's own file (no second copy).
    expect(inputs.filter((i) => /node_modules\/(.*\/)?undici\//.test(i) && !i.startsWith('node_modules/undici/'))).toEqual([]);
    const importersOfIndex = inputs.filter((i) => meta.inputs[i]!.imports.some((x) => x.path === 'node_modules/undici/index.js'));
    expect(importersOfIndex).toEqual(['wli-undici-lean:undici']);
  });

  it('a one-request run evaluates only the lean parts; a proxied run, the same bundle, evaluates the index', async () => {
    // node:worker_threads is loaded by undici's index (its fetch), not by the Agent or wli.
    const plain = await run(BIN, ['language', 'cs', '-f', 'json', '--url', url]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.loaded).toContain('node:http');
    expect(plain.loaded).not.toContain('node:worker_threads');
    const proxy = await startProxy();
    try {
      const proxied = await run(BIN, ['language', 'cs', '-f', 'json', '--url', url], { HTTP_PROXY: proxy.url });
      expect(proxied.status, proxied.stderr).toBe(0);
      expect(JSON.parse(proxied.stdout).code).toBe('cs');
      expect(proxy.requests).toHaveLength(1);
      expect(proxied.loaded).toContain('node:worker_threads');
      // Nothing outside the bundle was loaded for it: the same copy of undici.
      expect(proxied.loaded.filter((m) => m.includes('node_modules'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

describe('the fallback: internal paths missing', () => {
  const out = join(work, 'fallback.cjs');
  let lean: boolean;
  beforeAll(async () => {
    lean = (await bundle(out, { agent: 'undici/lib/dispatcher/no-such-agent.js', request: UNDICI_PARTS.request })).lean;
  }, 60_000);

  it('bundles undici through its public entry', () => {
    expect(lean).toBe(false);
    const inputs = Object.keys(metaOf(join(work, 'fallback.meta.json')).inputs);
    expect(inputs).toContain('node_modules/undici/index.js');
    expect(inputs.filter((i) => i.startsWith('wli-undici-lean:'))).toEqual([]);
  });

  it('and that bundle answers real requests, a list across pages included', async () => {
    const one = await run(out, ['language', 'cs', '-f', 'json', '--url', url]);
    expect(one.status, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).code).toBe('cs');
    expect(one.loaded).toContain('node:worker_threads'); // the index, evaluated: the fallback really ran
    const list = await run(out, ['units', 'demo/android/cs', '-f', 'jsonl', '--page-size', '10', '--url', url]);
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout.trimEnd().split('\n').length).toBeGreaterThan(10);
  });
});
