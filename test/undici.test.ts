// wli loads two internal modules of undici (src/api/undici.ts) to start faster. They are not undici's
// public API: the version is pinned in package.json, and this test fails loudly when an upgrade moves
// or changes them, rather than letting users find out.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDICI_PARTS, createAgent, request } from '../src/api/undici.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT } from './support/run.js';

const require = createRequire(import.meta.url);

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(() => fake.close());

describe('the undici parts wli loads', () => {
  it('the version installed is the one package.json pins', () => {
    const pinned = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.undici;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/); // exact: the internal paths are checked for this version only
    expect((require('undici/package.json') as { version: string }).version).toBe(pinned);
  });

  it('the Agent at the internal path is the Agent undici exports', () => {
    expect(require(UNDICI_PARTS.agent)).toBe((require('undici') as typeof import('undici')).Agent);
  });

  it('the request API at the internal path answers a real request through that Agent', async () => {
    const agent = createAgent({});
    try {
      const res = await request(new URL(`${fake.url}languages/cs/`), { method: 'GET', dispatcher: agent, headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect((JSON.parse(await res.body.text()) as { code: string }).code).toBe('cs');
    } finally {
      await agent.destroy();
    }
  });

  it('a one-request run loads neither the undici index nor its fetch, WebSocket or cache code', async () => {
    const { spawnSync } = await import('node:child_process');
    const trace = join(ROOT, 'dist', `trace-${process.pid}.txt`);
    const hook = new URL('./support/trace-imports.mjs', import.meta.url);
    // The fake server runs in this process: spawnSync would block it, so ask a server in its own process.
    const server = require('node:child_process').spawn(process.execPath, [join(ROOT, 'dist/test/support/fake-weblate/main.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => server.stdout.setEncoding('utf8').once('data', (d: string) => resolve(d.trim())));
    try {
      // The unbundled build (the bundle's content is checked from its metafile in bundle.test.ts).
      const r = spawnSync(process.execPath, ['--import', hook.href, join(ROOT, 'dist', 'src', 'main.js'), 'language', 'cs', '-f', 'json', '--url', url], { env: { ...process.env, WLI_TRACE_FILE: trace }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const loaded = readFileSync(trace, 'utf8');
      expect(loaded).toContain('undici/lib/dispatcher/agent.js');
      for (const unused of ['undici/index.js', 'undici/lib/web/fetch/', 'undici/lib/web/websocket/', 'undici/lib/cache/']) expect(loaded, unused).not.toContain(unused);
    } finally {
      server.kill();
      require('node:fs').rmSync(trace, { force: true });
    }
  });
});
