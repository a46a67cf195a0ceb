// undici, loaded in the parts wli uses. The package index loads 110 modules (fetch, WebSocket,
// cookies, caches, mocks, HTTP/2 …: ~40 ms of start-up wli never needs); the Agent and the request
// API are 25. The full index is loaded only for a proxy: ProxyAgent tunnels https through methods the
// index installs. These are internal paths of undici, so the version is pinned in package.json and
// test/undici.test.ts fails loudly when they move.
//
// V8 flag: undici parses HTTP with llhttp compiled to WebAssembly. V8 compiles it fast (Liftoff),
// then recompiles it optimised (TurboFan) in the background, and the process waits for that at exit:
// ~70 ms and ~35 MB for a one-request run, for no gain on wli's workloads (npm run bench: downloads
// of 100 pages are not slower with Liftoff only). `--liftoff-only` is set once, just before the first
// connection: setting any V8 flag earlier makes Node reject its cached built-in modules for every
// module loaded after it (~20 ms), and by now the Agent has loaded net, http, http2 and tls.
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import type { Agent, Dispatcher, ProxyAgent } from 'undici';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import apiRequestImpl from 'undici/lib/api/api-request.js';

type AgentClass = new (opts?: Agent.Options) => Dispatcher;
type RequestApi = (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** Where the parts live inside the undici package (pinned version; see the test). */
export const UNDICI_PARTS = { agent: 'undici/lib/dispatcher/agent.js', request: 'undici/lib/api/api-request.js' } as const;

export function createAgent(opts: Agent.Options): Dispatcher {
  return new (AgentImpl as unknown as AgentClass)(opts);
}

/** The full index, for a proxy only: ProxyAgent tunnels https through methods the index installs. */
export function createProxyAgent(opts: ProxyAgent.Options): Dispatcher {
  const { ProxyAgent: ProxyAgentImpl } = createRequire(import.meta.url)('undici') as typeof import('undici');
  return new ProxyAgentImpl(opts);
}

/** undici's request(url, { dispatcher, … }), without the index (no global dispatcher involved). */
export function request(url: URL, opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = opts;
  return (apiRequestImpl as unknown as RequestApi).call(dispatcher, { ...rest, origin: url.origin, path: `${url.pathname}${url.search}` });
}

let liftoffOnly = false;

/** Once per process, right before the first connection. */
export function limitWasmTiering(): void {
  if (liftoffOnly) return;
  liftoffOnly = true;
  v8.setFlagsFromString('--liftoff-only');
}
