// One rule for the server address, whatever form the user gave it.
import { UsageError } from '../core/errors.js';
import { msg, redactCredentials } from '../core/text.js';

/**
 * `https://host`, `https://host/api`, `https://host/api/`, `https://host/sub/` and
 * `https://host/sub/api/` all become the API root with a trailing slash.
 */
export function normalizeApiBase(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    // Echoed as outside text: the I/O layer redacts user:password@ in it.
    throw new UsageError(msg`invalid server URL '${input}'`, msg`expected http(s)://host or http(s)://host/api/, e.g. --url https://hosted.weblate.org/`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(msg`invalid server URL '${input}': only http and https are supported`, msg`expected http(s)://host or http(s)://host/api/`);
  }
  if (url.username || url.password) {
    // Shown as typed, the credentials replaced by a marker where they stood (as git shows such a URL:
    // https://<redacted>@host/), so the user sees which URL and what is refused, never the secret.
    throw new UsageError(
      msg`server URL '${redactCredentials(input.trim())}' must not carry credentials`,
      msg`pass the token with --token or WLI_TOKEN instead`,
    );
  }
  url.search = '';
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  if (!/\/api$/.test(path)) path += '/api';
  url.pathname = path + '/';
  return url;
}

/** The key wlc uses in [keys]: the API root with a trailing slash. Used to match tokens to servers. */
export function canonicalServerKey(input: string): string | undefined {
  try {
    return normalizeApiBase(input).href;
  } catch {
    return undefined;
  }
}

/**
 * Whether a URL's hostname (as WHATWG URL gives it: lower case, an IPv4 address in dotted decimal,
 * an IPv6 one compressed in brackets) is loopback: `localhost` (RFC 6761 reserves it; the system
 * answers it from its hosts file), 127.0.0.0/8 and `::1`. URL has already made `127.1`, `2130706433`,
 * `0x7f.1` and `127.0.0.1.` into 127.0.0.1 and `[0:0:0:0:0:0:0:1]` into `[::1]`, so those spellings
 * count. Nothing else does: `*.localhost` and `localhost.` (trailing dot) are names a resolver may
 * send to DNS; an IPv4-mapped `[::ffff:7f00:1]` is loopback only on a dual-stack socket (write
 * 127.0.0.1); 0.0.0.0 and `[::]` name no host.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
