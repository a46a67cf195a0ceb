// undici, through its public entry point only, and only once a request is made: help, the version and
// usage errors never load it (measured: docs/performance.md, "start-up"). The bundle builds in the
// parts used here from undici's own modules, and the rest of undici only for a proxy (scripts/bundle.ts):
// a start-up optimisation of the build, with the public entry as its fallback, so nothing here depends
// on undici's internal layout.
import type { Agent, Dispatcher, ProxyAgent } from 'undici';

export async function createAgent(opts: Agent.Options): Promise<Dispatcher> {
  const { Agent } = await import('undici');
  return new Agent(opts);
}

export async function createProxyAgent(opts: ProxyAgent.Options): Promise<Dispatcher> {
  const { ProxyAgent } = await import('undici');
  return new ProxyAgent(opts);
}

/** undici's request(url, { dispatcher, … }): always with wli's own dispatcher, never the global one. */
export async function request(
  url: URL,
  opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const undici = await import('undici');
  return undici.request(url, opts);
}
