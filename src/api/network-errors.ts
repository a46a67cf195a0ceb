// Turning a failed attempt (an exception from undici or Node) into one clear ServerError, and
// saying whether another attempt may help.
import { msg, ours } from '../core/text.js';
import { NetworkError, ServerError } from './errors.js';
import type { ProxyChoice } from './proxy.js';
import { RETRY_CODES, retryableStatus } from './retry.js';

/** One attempt's failure: the error to report if it is the last, and whether to try again. */
export class AttemptError extends Error {
  constructor(
    readonly error: Error,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    /** Nothing listens where the request went (ECONNREFUSED). */
    readonly refused = false,
    /** The failure in a few words, for the progress line of the retry it leads to ("a timeout"). */
    readonly why?: string,
  ) {
    super(error.message);
  }
}

type Failure = { code?: unknown; cause?: unknown; errors?: unknown };

/** The first error code along the chain of causes (and of an AggregateError's first error). */
function errorCode(err: unknown): string | undefined {
  let e = err;
  for (let depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    const f = e as Failure;
    if (typeof f.code === 'string') return f.code;
    const first: unknown = Array.isArray(f.errors) ? f.errors[0] : undefined;
    if (first !== null && typeof first === 'object' && typeof (first as Failure).code === 'string') return (first as Failure).code as string;
    e = f.cause;
  }
  return undefined;
}

/** A failure of the proxy itself, named as such (not blamed on the server). */
function proxyFailure(err: unknown, code: string | undefined, url: URL, proxy: ProxyChoice): AttemptError | undefined {
  const where = msg`GET ${url.href}`;
  const text = err instanceof Error ? err.message : '';
  const name = msg`the proxy ${proxy.shown} (${proxy.variable})`;
  const bypass = msg`or list the host in NO_PROXY to connect directly`;
  const status = /Proxy response \((\d+)\)|\((407)\)/.exec(text);
  if (status) {
    const n = Number(status[1] ?? status[2]);
    if (n === 407) {
      return new AttemptError(
        new ServerError(
          msg`${where}: ${name} requires authentication (HTTP 407)`,
          msg`put the credentials in ${proxy.variable}: http://user:password@host:port`,
          { cause: err },
        ),
        false,
      );
    }
    return new AttemptError(
      new ServerError(msg`${where}: ${name} refused to connect to ${url.host} (HTTP ${n})`, msg`check that the proxy allows this host, ${bypass}`, {
        cause: err,
      }),
      retryableStatus(n),
    );
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const what = code === 'ECONNREFUSED' ? ours('connection refused by') : ours('cannot resolve host of');
    return new AttemptError(
      new NetworkError(msg`${where}: ${what} ${name}`, msg`is the proxy running and ${proxy.variable} right? Unset it, ${bypass}`, true, { cause: err }),
      RETRY_CODES.has(code),
    );
  }
  return undefined;
}

const TLS_CODES = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL/;
const PLAIN_HTTP_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER']);

export function classifyNetworkError(err: unknown, url: URL, timedOut: boolean, timeoutMs: number, proxy?: ProxyChoice): AttemptError {
  const code = timedOut ? 'WLI_TIMEOUT' : errorCode(err);
  const where = msg`GET ${url.href}`;
  if (proxy) {
    const via = proxyFailure(err, code, url, proxy);
    if (via) return via;
  }
  const retryable = code !== undefined && RETRY_CODES.has(code);
  let text;
  let hint;
  let why = 'a network failure';
  switch (true) {
    case code === 'WLI_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT':
      text = msg`${where}: timed out after ${timeoutMs / 1000}s`;
      hint = msg`the server is slow or unreachable; raise --timeout or retry later`;
      why = 'a timeout';
      break;
    case code === 'ECONNREFUSED':
      text = msg`${where}: connection refused by ${url.host}`;
      hint = msg`is the server running and the --url right?`;
      why = 'a refused connection';
      break;
    case code === 'ENOTFOUND' || code === 'EAI_AGAIN':
      text = msg`${where}: cannot resolve host ${url.hostname}`;
      hint = msg`check the host name in --url (or WLI_URL) and your network or proxy settings`;
      why = 'a failed name lookup';
      break;
    case code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED':
      text = msg`${where}: the connection was closed by the server before a complete response`;
      hint = msg`retry later; a proxy or the server dropped the connection`;
      why = 'a dropped connection';
      break;
    case code !== undefined && PLAIN_HTTP_CODES.has(code):
      // The first bytes back were not a TLS record: an http:// server on the port of an https:// URL.
      text = msg`${where}: ${url.host} is not speaking TLS (${code})`;
      hint = msg`it answers plain http: use http://${url.host}/… in --url (or WLI_URL), or the port where the server serves https`;
      break;
    case code !== undefined && TLS_CODES.test(code):
      text = msg`${where}: TLS failure (${code})`;
      hint = msg`the server certificate could not be verified; check the host name, or NODE_EXTRA_CA_CERTS for a private CA`;
      break;
    default:
      text = code ? msg`${where}: ${err} (${code})` : msg`${where}: ${err}`;
  }
  const transient = code !== undefined && !TLS_CODES.test(code);
  return new AttemptError(new NetworkError(text, hint, transient, { cause: err }), retryable, undefined, code === 'ECONNREFUSED', why);
}
