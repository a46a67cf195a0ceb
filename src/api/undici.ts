// undici, through its public entry point only. The bundle builds in the parts used here from
// undici's own modules, and the rest of undici only for a proxy (scripts/bundle.ts): a
// start-up optimisation of the build, with the public entry as its fallback, so nothing here
// depends on undici's internal layout.
import { Agent, ProxyAgent, request as undiciRequest, type Dispatcher } from 'undici';

export function createAgent(opts: Agent.Options): Dispatcher {
  return new Agent(opts);
}

export function createProxyAgent(opts: ProxyAgent.Options): Dispatcher {
  return new ProxyAgent(opts);
}

/** undici's request(url, { dispatcher, … }): always with wli's own dispatcher, never the global one. */
export function request(url: URL, opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }): Promise<Dispatcher.ResponseData> {
  return undiciRequest(url, opts);
}
