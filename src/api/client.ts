// The one place that talks HTTP: headers, token scope, timeouts, retries, redirects, and
// turning every failure into a typed error. Commands never see undici.
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { HttpError, InterruptedError, ServerError, UsageError } from './errors.js';
import { isJsonContentType, htmlTitle, messageFromErrorBody } from './http-status.js';
import { JsonSyntaxError, parseJson } from './json.js';
import { isLoopbackHost } from './base-url.js';

export interface ClientOptions {
  /** Normalised API root, e.g. https://host/api/ */
  base: URL;
  token?: string;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  userAgent: string;
  allowInsecureHttp: boolean;
  env: Record<string, string | undefined>;
  /** Injected in tests; otherwise an Agent (or a proxy agent when the environment names one). */
  dispatcher?: Dispatcher;
  signal: AbortSignal;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
  /** --verbose: one line per request. */
  log?: (line: string) => void;
  /** --debug: request headers too. */
  debug?: boolean;
}

export interface JsonResponse {
  url: URL;
  status: number;
  body: unknown;
}

/** Waits longer than this are not slept: the user is told when to come back. */
export const MAX_RETRY_WAIT_MS = 60_000;
const MAX_REDIRECTS = 5;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const RETRY_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
  'WLI_TIMEOUT',
]);

class AttemptError extends Error {
  constructor(
    readonly error: Error,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

export class ApiClient {
  readonly base: URL;
  private readonly opts: ClientOptions;
  private dispatcher?: Dispatcher;
  /** The proxy the environment names for the configured server, decided before any request. */
  readonly proxy?: ProxyChoice;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.base = opts.base;
    if (!opts.dispatcher) this.proxy = proxyFor(opts.base, opts.env);
    if (opts.token && opts.base.protocol === 'http:' && !isLoopbackHost(opts.base.hostname) && !opts.allowInsecureHttp) {
      throw new UsageError(
        `refusing to send the API token over plain http to ${opts.base.host}`,
        'use an https:// URL, or pass --allow-insecure-http if you accept the risk',
      );
    }
  }

  /** Resolves an API-relative path ("translations/p/c/l/") or absolute URL against the API root. */
  resolve(pathOrUrl: string | URL, query?: URLSearchParams): URL {
    const url = new URL(pathOrUrl, this.base);
    if (query) for (const [k, v] of query) url.searchParams.append(k, v);
    return url;
  }

  isConfiguredOrigin(url: URL): boolean {
    return url.origin === this.base.origin;
  }

  async getJson(pathOrUrl: string | URL, query?: URLSearchParams, signal?: AbortSignal): Promise<JsonResponse> {
    const url = this.resolve(pathOrUrl, query);
    const { retries, sleep } = this.opts;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(url, signal);
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        if (!e.retryable || attempt >= retries) throw e.error;
        let wait = e.retryAfterMs ?? this.backoff(attempt);
        if (wait > MAX_RETRY_WAIT_MS) throw e.error;
        this.opts.log?.(`retrying in ${(wait / 1000).toFixed(1)}s (attempt ${attempt + 2} of ${retries + 1}): ${e.error.message}`);
        await sleep(wait, this.combine(signal));
        if (this.opts.signal.aborted) throw new InterruptedError();
      }
    }
  }

  /** Capped exponential backoff with jitter: 0.5 s, 1 s, 2 s … up to 10 s, each ±50 %. */
  private backoff(attempt: number): number {
    const exp = Math.min(10_000, 500 * 2 ** attempt);
    return Math.round(exp / 2 + this.opts.random() * (exp / 2));
  }

  private combine(signal?: AbortSignal): AbortSignal {
    return signal ? AbortSignal.any([this.opts.signal, signal]) : this.opts.signal;
  }

  private getDispatcher(): Dispatcher {
    if (this.opts.dispatcher) return this.opts.dispatcher;
    if (!this.dispatcher) {
      const { timeoutMs, concurrency } = this.opts;
      const agentOpts = { connect: { timeout: timeoutMs }, connections: Math.max(concurrency, 1) + 2 };
      const p = this.proxy;
      if (p) this.opts.log?.(`proxy ${p.shown} (${p.variable})`);
      // Every request goes to the configured origin (other origins are refused), so whether a proxy
      // applies is decided once, in proxyFor. Plain-http servers get absolute-URI requests, as curl
      // sends them (proxies commonly refuse CONNECT to ports other than 443); https is tunnelled.
      this.dispatcher = p ? new ProxyAgent({ ...agentOpts, uri: p.uri, proxyTunnel: false }) : new Agent(agentOpts);
    }
    return this.dispatcher;
  }

  async close(): Promise<void> {
    const d = this.dispatcher;
    this.dispatcher = undefined;
    if (d) await d.destroy().catch(() => {});
  }

  private headers(url: URL): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', 'user-agent': this.opts.userAgent };
    // The token goes to the configured origin only: never to a host named in a link or redirect.
    if (this.opts.token && this.isConfiguredOrigin(url)) h.authorization = `Token ${this.opts.token}`;
    return h;
  }

  private async attempt(start: URL, signal?: AbortSignal): Promise<JsonResponse> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const res = await this.send(url, signal);
      if (res.status >= 300 && res.status < 400 && res.location !== undefined) {
        const next = new URL(res.location, url);
        if (next.origin !== this.base.origin) {
          throw new ServerError(
            `GET ${url.href} was redirected to another origin (${next.origin}); wli does not follow it`,
            `if the server moved, point --url (or WLI_URL) at ${next.origin}${this.base.pathname}`,
          );
        }
        if (hop >= MAX_REDIRECTS) throw new ServerError(`GET ${start.href}: too many redirects`);
        url = next;
        continue;
      }
      return this.interpret(url, res);
    }
  }

  private async send(url: URL, signal?: AbortSignal): Promise<{ status: number; text: string; contentType?: string; location?: string; retryAfter?: string }> {
    const { timeoutMs, log, now } = this.opts;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const combined = AbortSignal.any([this.combine(signal), timeout.signal]);
    const started = now();
    const headers = this.headers(url);
    if (this.opts.debug) {
      const shown = Object.entries(headers).map(([k, v]) => `${k}: ${k === 'authorization' ? 'Token <redacted>' : v}`);
      log?.(`> GET ${url.href} ${shown.join(', ')}`);
    }
    try {
      const res = await request(url, {
        method: 'GET',
        headers,
        dispatcher: this.getDispatcher(),
        signal: combined,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await res.body.text();
      const h = res.headers;
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      log?.(`GET ${url.href} ${res.statusCode} ${now() - started}ms ${formatBytes(Buffer.byteLength(text))}`);
      return {
        status: res.statusCode,
        text,
        contentType: one(h['content-type']),
        location: one(h['location']),
        retryAfter: one(h['retry-after']),
      };
    } catch (err) {
      if (this.opts.signal.aborted) throw new InterruptedError();
      if (signal?.aborted) throw err; // the caller stopped wanting this page
      const e = classifyNetworkError(err, url, timeout.signal.aborted, timeoutMs, this.proxy);
      log?.(`GET ${url.href} failed after ${now() - started}ms: ${e.error.message}`);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  private interpret(url: URL, res: { status: number; text: string; contentType?: string; retryAfter?: string }): JsonResponse {
    const { status, text, contentType } = res;
    if (status >= 200 && status < 300) {
      if (!isJsonContentType(contentType)) {
        const title = htmlTitle(text);
        throw new AttemptError(
          new ServerError(
            `GET ${url.href}: expected JSON, got ${describeType(contentType)}${title ? ` ("${title}")` : ''}`,
            'is --url the Weblate server (https://host/ or https://host/api/)? A login page or proxy may be answering instead',
          ),
          false,
        );
      }
      try {
        return { url, status, body: parseJson(text) };
      } catch (e) {
        if (e instanceof JsonSyntaxError) {
          throw new AttemptError(
            new ServerError(`GET ${url.href}: invalid JSON in the response (${e.message}; ${text.length} characters received)`, 'the response may have been cut short; retry, or report it to the server administrators'),
            false,
          );
        }
        throw e;
      }
    }
    const retryAfterMs = parseRetryAfter(res.retryAfter, this.opts.now());
    const message = messageFromErrorBody(text, contentType);
    const retryable = RETRY_STATUSES.has(status);
    let hint: string | undefined;
    if (retryable && retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_WAIT_MS) {
      const at = new Date(this.opts.now() + retryAfterMs).toISOString().replace(/\.\d+Z$/, 'Z');
      hint = `the server asks to wait ${Math.ceil(retryAfterMs / 1000)} s: retry after ${at}`;
    }
    const error = new HttpError({
      status,
      url: url.href,
      serverMessage: message,
      hint,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    });
    throw new AttemptError(error, retryable, retryAfterMs);
  }
}

export interface ProxyChoice {
  /** As undici takes it (a scheme added when the variable had none). */
  uri: string;
  /** For messages: credentials removed. */
  shown: string;
  /** The environment variable it came from. */
  variable: string;
}

/**
 * The proxy for the server, chosen as curl, Go and Python choose it: https_proxy/HTTPS_PROXY for an
 * https server, http_proxy/HTTP_PROXY for a plain-http one (never the http proxy for https); the
 * lower-case name first; an empty value counts as unset; none when no_proxy/NO_PROXY matches the
 * host (undefined then: a plain Agent, no proxy code). A value without a scheme ("proxy:3128")
 * means http://. A value that is not a proxy URL is a usage error, before any request.
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
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new UsageError(`${variable} is not a proxy URL: ${redactUserinfo(raw)}`, 'expected http://host:port (or https://, socks5://), or unset it');
  }
  if (!['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || !url.hostname) {
    throw new UsageError(`${variable} is not a proxy URL: ${redactUserinfo(raw)}`, 'expected http://host:port (or https://, socks5://), or unset it');
  }
  if (noProxyMatches(base, pick('NO_PROXY')?.[1] ?? '')) return undefined;
  const shown = url.username || url.password ? `${url.protocol}//<credentials>@${url.host}` : `${url.protocol}//${url.host}`;
  return { uri, shown, variable };
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
    const m = bareIpv6 ? null : /^(.+):(\d+)$/.exec(entry);
    if (m && Number(m[2]) !== port) continue;
    let name = (m ? m[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    if (bareIpv6) name = `[${name}]`;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

function redactUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/@]*@/i, '$1<credentials>@');
}

function describeType(contentType: string | undefined): string {
  if (!contentType) return 'a response without a content type';
  return contentType.split(';')[0]!.trim() || contentType;
}

export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n}B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)}kB`;
  return `${(n / 1024 / 1024).toFixed(1)}MB`;
}

function errorCode(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e.code;
    if (Array.isArray(e.errors) && e.errors[0]?.code) return e.errors[0].code;
  }
  return undefined;
}

/** A failure of the proxy itself, named as such (not blamed on the server). */
function proxyFailure(err: unknown, code: string | undefined, url: URL, proxy: ProxyChoice): AttemptError | undefined {
  const where = `GET ${url.href}`;
  const text = err instanceof Error ? err.message : String(err);
  const name = `the proxy ${proxy.shown} (${proxy.variable})`;
  const bypass = 'or list the host in NO_PROXY to connect directly';
  const status = /Proxy response \((\d+)\)|\((407)\)/.exec(text);
  if (status) {
    const n = Number(status[1] ?? status[2]);
    if (n === 407) {
      return new AttemptError(
        new ServerError(`${where}: ${name} requires authentication (HTTP 407)`, `put the credentials in ${proxy.variable}: http://user:password@host:port`, { cause: err }),
        false,
      );
    }
    return new AttemptError(
      new ServerError(`${where}: ${name} refused to connect to ${url.host} (HTTP ${n})`, `check that the proxy allows this host, ${bypass}`, { cause: err }),
      RETRY_STATUSES.has(n),
    );
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const what = code === 'ECONNREFUSED' ? 'connection refused by' : 'cannot resolve host of';
    return new AttemptError(new ServerError(`${where}: ${what} ${name}`, `is the proxy running and ${proxy.variable} right? Unset it, ${bypass}`, { cause: err }), RETRY_CODES.has(code));
  }
  return undefined;
}

const TLS_CODES = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL/;

function classifyNetworkError(err: unknown, url: URL, timedOut: boolean, timeoutMs: number, proxy?: ProxyChoice): AttemptError {
  const code = timedOut ? 'WLI_TIMEOUT' : errorCode(err);
  const where = `GET ${url.href}`;
  if (proxy) {
    const via = proxyFailure(err, code, url, proxy);
    if (via) return via;
  }
  const retryable = code !== undefined && RETRY_CODES.has(code);
  let message: string;
  let hint: string | undefined;
  switch (true) {
    case code === 'WLI_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT':
      message = `${where}: timed out after ${timeoutMs / 1000}s`;
      hint = 'the server is slow or unreachable; raise --timeout or retry later';
      break;
    case code === 'ECONNREFUSED':
      message = `${where}: connection refused by ${url.host}`;
      hint = 'is the server running and the --url right?';
      break;
    case code === 'ENOTFOUND' || code === 'EAI_AGAIN':
      message = `${where}: cannot resolve host ${url.hostname}`;
      hint = 'check the host name in --url (or WLI_URL) and your network or proxy settings';
      break;
    case code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'UND_ERR_CLOSED':
      message = `${where}: the connection was closed by the server before a complete response`;
      hint = 'retry later; a proxy or the server dropped the connection';
      break;
    case code !== undefined && TLS_CODES.test(code):
      message = `${where}: TLS failure (${code})`;
      hint = 'the server certificate could not be verified; check the host name, or NODE_EXTRA_CA_CERTS for a private CA';
      break;
    default:
      message = `${where}: ${err instanceof Error ? err.message : String(err)}${code ? ` (${code})` : ''}`;
  }
  return new AttemptError(new ServerError(message, hint, { cause: err }), retryable);
}

