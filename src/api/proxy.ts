// Which proxy the environment names for the configured server, read as curl, Go and Python read it.
import { UsageError } from '../core/errors.js';
import { msg, redactCredentials } from '../core/text.js';

export interface ProxyChoice {
  /** As undici takes it (a scheme added when the variable had none). */
  uri: string;
  /** For messages: credentials removed. */
  shown: string;
  /** The host the first hop goes to. */
  hostname: string;
  /** The environment variable it came from. */
  variable: string;
  /** user:password from the URL: never shown (the I/O layer masks it too). */
  credentials?: string;
}

/**
 * https_proxy/HTTPS_PROXY for an https server, http_proxy/HTTP_PROXY for a plain-http one (never the
 * http proxy for https); the lower-case name first; an empty value counts as unset; none when
 * no_proxy/NO_PROXY matches the host (undefined then: a plain Agent, no proxy code). A value without
 * a scheme ("proxy:3128") means http://. A value that is not a proxy URL is a usage error.
 */
export function proxyFor(base: URL, env: Record<string, string | undefined>): ProxyChoice | undefined {
  const pick = (name: string): [string, string] | undefined => {
    for (const k of [name.toLowerCase(), name]) {
      const v = env[k]?.trim();
      if (v) return [k, v];
    }
    return undefined;
  };
  const found = pick(base.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY');
  if (!found) return undefined;
  const [variable, raw] = found;
  const uri = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  const notProxy = () =>
    new UsageError(msg`${variable} is not a proxy URL: ${redactCredentials(uri)}`, msg`expected http://host:port (or https://, socks5://), or unset it`);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw notProxy();
  }
  if (!['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || !url.hostname) throw notProxy();
  if (noProxyMatches(base, pick('NO_PROXY')?.[1] ?? '')) return undefined;
  const hasCredentials = !!(url.username || url.password);
  return {
    uri,
    shown: hasCredentials ? `${url.protocol}//<credentials>@${url.host}` : `${url.protocol}//${url.host}`,
    hostname: url.hostname,
    variable,
    credentials: hasCredentials ? `${url.username}:${url.password}` : undefined,
  };
}

/**
 * NO_PROXY as undici and curl read it: entries split on commas or spaces; `*` matches every host;
 * `host`, `.host` and `*.host` match the host and its subdomains; `host:port` only that port;
 * IPv6 addresses with or without brackets. No CIDR ranges.
 */
export function noProxyMatches(url: URL, noProxy: string): boolean {
  const host = url.hostname.toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  for (const entry of noProxy.split(/[,\s]+/)) {
    if (!entry) continue;
    if (entry === '*') return true;
    const bareIpv6 = !entry.startsWith('[') && entry.indexOf(':') !== entry.lastIndexOf(':');
    const [, hostPart, portPart] = (bareIpv6 ? null : /^(.+):(\d+)$/.exec(entry)) ?? [];
    if (portPart !== undefined && Number(portPart) !== port) continue;
    let name = (hostPart ?? entry).replace(/^\*?\./, '').toLowerCase();
    if (bareIpv6) name = `[${name}]`;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}
