// The API client commands use: every request to the configured origin only (the token with it),
// retries with backoff, redirects within the origin, and each answer read as JSON or turned into a
// typed error. The parts: http.ts (one GET), retry.ts (when and how long), proxy.ts (which proxy),
// network-errors.ts (what a failure means), response.ts (what an answer says).
import { createGunzip } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { createAgent, createProxyAgent, request } from './undici.js';
import { InterruptedError, UsageError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { isLoopbackHost } from './base-url.js';
import { HttpError, ServerError } from './errors.js';
import { firstHeader, sendGet, type RawResponse } from './http.js';
import { JsonSyntaxError, parseJsonDocument } from '../codec/json.js';
import { AttemptError, classifyNetworkError } from './network-errors.js';
import { proxyFor, type ProxyChoice } from './proxy.js';
import { htmlTitle, isJsonContentType, messageFromErrorBody } from './response.js';
import { FIRST_REFUSAL_RETRIES, FIRST_REFUSAL_WAIT_MS, MAX_RETRY_WAIT_MS, RETRY_STATUSES, backoffMs, parseRetryAfter, retryAt } from './retry.js';

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
  log?: (line: Msg) => void;
  /** Told every secret the client learns (proxy credentials), so no output shows it. */
  secret?: (text: string) => void;
  /** --debug: request headers too. */
  debug?: boolean;
  /** The body size cap (tests); MAX_BODY_BYTES otherwise. */
  maxBodyBytes?: number;
}

/** A 2xx answer with a JSON content type, its body not parsed yet. */
export interface JsonText {
  url: URL;
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface JsonResponse {
  url: URL;
  status: number;
  body: unknown;
  /** The server's own compact text of each item of a page's `results`, when it sent them compact. */
  itemTexts?: string[];
  headers: Record<string, string | string[] | undefined>;
}

const MAX_REDIRECTS = 5;

export class ApiClient {
  readonly base: URL;
  private readonly opts: ClientOptions;
  private dispatcher?: Dispatcher;
  /** Whether the server has answered anything in this run (see FIRST_REFUSAL_RETRIES). */
  private answered = false;
  /** The proxy the environment names for the configured server, decided before any request. */
  readonly proxy?: ProxyChoice;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.base = opts.base;
    if (!opts.dispatcher) this.proxy = proxyFor(opts.base, opts.env);
    if (this.proxy?.credentials) opts.secret?.(this.proxy.credentials);
    this.checkTokenRoute();
  }

  /**
   * A token over plain http is readable by every host it passes: allowed only when each of them is
   * this machine (the server, and the proxy the request goes through), or when the user says so.
   */
  private checkTokenRoute(): void {
    const { token, base, allowInsecureHttp } = this.opts;
    if (!token || base.protocol !== 'http:' || allowInsecureHttp) return;
    if (!isLoopbackHost(base.hostname)) {
      throw new UsageError(msg`refusing to send the API token over plain http to ${base.host}`, msg`use an https:// URL, or pass --allow-insecure-http if you accept the risk`);
    }
    if (this.proxy && !isLoopbackHost(this.proxy.hostname)) {
      throw new UsageError(
        msg`refusing to send the API token over plain http through the proxy ${this.proxy.shown} (${this.proxy.variable})`,
        msg`the proxy reads plain-http requests in full: list ${base.hostname} in NO_PROXY, use an https:// URL, or pass --allow-insecure-http if you accept the risk`,
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

  /**
   * `retries` overrides --retries for this request (a poll that is retried by its own loop);
   * `itemsKey` asks for the text of each item of that array (pagination: `results`).
   */
  async getJson(pathOrUrl: string | URL, query?: URLSearchParams, signal?: AbortSignal, per: { retries?: number; itemsKey?: string } = {}): Promise<JsonResponse> {
    return parseJsonText(await this.getJsonText(pathOrUrl, query, signal, per), per.itemsKey);
  }

  /**
   * getJson with the body left as its text, to be parsed (parseJsonText) when it is needed: a page
   * fetched ahead of its turn is held as one string, not as the objects parsed from it.
   */
  async getJsonText(pathOrUrl: string | URL, query?: URLSearchParams, signal?: AbortSignal, per: { retries?: number } = {}): Promise<JsonText> {
    const url = this.resolve(pathOrUrl, query);
    // Whatever built this URL (a link in a body, a path), nothing but the configured server is asked.
    if (!this.isConfiguredOrigin(url)) {
      throw new ServerError(msg`refusing to request ${url.href}: it is not on the configured server ${this.base.origin}`, msg`a link from the server points elsewhere; report it to the server administrators`);
    }
    const { sleep } = this.opts;
    const retries = per.retries ?? this.opts.retries;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(url, signal);
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        const firstRefusal = e.refused && !this.answered;
        if (!e.retryable || attempt >= (firstRefusal ? Math.min(retries, FIRST_REFUSAL_RETRIES) : retries)) throw e.error;
        const wait = firstRefusal ? FIRST_REFUSAL_WAIT_MS : (e.retryAfterMs ?? backoffMs(attempt, this.opts.random));
        if (wait > MAX_RETRY_WAIT_MS) throw e.error;
        this.opts.log?.(msg`retrying in ${(wait / 1000).toFixed(1)}s (attempt ${attempt + 2} of ${retries + 1}): ${e.error instanceof ServerError || e.error instanceof HttpError ? e.error.text : e.error.message}`);
        await sleep(wait, signal ? AbortSignal.any([this.opts.signal, signal]) : this.opts.signal);
        if (this.opts.signal.aborted) throw new InterruptedError();
      }
    }
  }

  /**
   * The body of any API address byte for byte, whatever its type (wli api): the same origin check,
   * retries, redirects and error mapping as getJson; only a 2xx answer's body is returned.
   */
  async getBytes(pathOrUrl: string | URL): Promise<{ url: URL; body: Buffer; headers: RawResponse['headers'] }> {
    const url = this.resolve(pathOrUrl);
    if (!this.isConfiguredOrigin(url)) {
      throw new UsageError(msg`refusing to request ${url.href}: it is not on the configured server ${this.base.origin}`, msg`wli sends its requests (and the token) to the configured server only`);
    }
    const { retries, sleep } = this.opts;
    for (let attempt = 0; ; attempt++) {
      try {
        let at = url;
        for (let hop = 0; ; hop++) {
          const res = await this.send(at, undefined, true);
          if (res.status >= 300 && res.status < 400 && res.location !== undefined) {
            const next = new URL(res.location, at);
            if (next.origin !== this.base.origin || hop >= MAX_REDIRECTS) {
              throw new ServerError(msg`GET ${at.href} was redirected to ${next.href}; wli does not follow it`);
            }
            at = next;
            continue;
          }
          if (res.status >= 200 && res.status < 300) return { url: at, body: res.raw ?? Buffer.alloc(0), headers: res.headers };
          this.interpret(at, res); // throws the mapped HTTP error
        }
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        if (!e.retryable || attempt >= retries) throw e.error;
        const wait = e.retryAfterMs ?? backoffMs(attempt, this.opts.random);
        if (wait > MAX_RETRY_WAIT_MS) throw e.error;
        await sleep(wait, this.opts.signal);
        if (this.opts.signal.aborted) throw new InterruptedError();
      }
    }
  }

  /**
   * A file's bytes as they arrive (wli download): the configured origin only, redirects within it,
   * extra request headers (If-Modified-Since), a 304 passed back, any other non-2xx mapped to the
   * usual HTTP error. The caller consumes or destroys the body.
   */
  async openFile(pathOrUrl: string | URL, extra: Record<string, string>): Promise<{ url: URL; status: number; headers: RawResponse['headers']; body: AsyncIterable<Buffer> & { destroy(): unknown } }> {
    let url = this.resolve(pathOrUrl);
    if (!this.isConfiguredOrigin(url)) {
      throw new UsageError(msg`refusing to request ${url.href}: it is not on the configured server ${this.base.origin}`, msg`wli sends its requests (and the token) to the configured server only`);
    }
    const { timeoutMs, log, now } = this.opts;
    for (let hop = 0; ; hop++) {
      const started = now();
      let res;
      try {
        res = await request(url, {
          method: 'GET',
          // Files compress well; what is written is the decoded bytes (Content-Encoding, not the file).
          headers: { ...this.headers(url), accept: '*/*', 'accept-encoding': 'gzip', ...extra },
          dispatcher: this.getDispatcher(),
          signal: this.opts.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (err) {
        if (this.opts.signal.aborted) throw new InterruptedError();
        throw classifyNetworkError(err, url, false, timeoutMs, this.proxy).error;
      }
      const remaining = this.noteRateLimit(res.headers);
      log?.(remaining !== undefined ? msg`GET ${url.href} ${res.statusCode} ${now() - started}ms rate-limit remaining ${remaining}` : msg`GET ${url.href} ${res.statusCode} ${now() - started}ms`);
      const location = firstHeader(res.headers['location']);
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && location !== undefined) {
        await res.body.dump();
        const next = new URL(location, url);
        if (next.origin !== this.base.origin || hop >= MAX_REDIRECTS) throw new ServerError(msg`GET ${url.href} was redirected to ${next.href}; wli does not follow it`);
        url = next;
        continue;
      }
      if ((res.statusCode >= 200 && res.statusCode < 300) || res.statusCode === 304) {
        const encoding = firstHeader(res.headers['content-encoding'])?.trim().toLowerCase();
        const raw = res.body as unknown as NodeJS.ReadableStream & AsyncIterable<Buffer> & { destroy(): unknown };
        if (encoding === 'gzip' || encoding === 'x-gzip') {
          const gunzip = createGunzip();
          // A cut or corrupt stream fails the decoder, so the download fails rather than end short.
          raw.on('error', (e) => gunzip.destroy(e));
          raw.pipe(gunzip);
          return { url, status: res.statusCode, headers: res.headers, body: gunzip };
        }
        if (encoding !== undefined && encoding !== 'identity') {
          raw.destroy();
          throw new ServerError(msg`GET ${url.href}: the server sent an encoding wli did not ask for (${encoding})`, msg`report it to the server administrators`);
        }
        return { url, status: res.statusCode, headers: res.headers, body: raw };
      }
      const text = await res.body.text().catch(() => '');
      try {
        this.interpret(url, { status: res.statusCode, text, bytes: text.length, contentType: firstHeader(res.headers['content-type']), headers: res.headers, retryAfter: firstHeader(res.headers['retry-after']) });
      } catch (e) {
        throw e instanceof AttemptError ? e.error : e;
      }
    }
  }

  /** The last X-RateLimit-Remaining/Limit the server sent in this run. */
  private rate?: { remaining: number; limit: number };

  private noteRateLimit(headers: RawResponse['headers']): string | undefined {
    const remaining = firstHeader(headers['x-ratelimit-remaining']);
    const r = Number(remaining);
    const l = Number(firstHeader(headers['x-ratelimit-limit']));
    if (remaining !== undefined && /^\d+$/.test(remaining.trim()) && Number.isFinite(l) && l > 0) this.rate = { remaining: r, limit: l };
    return remaining;
  }

  /** Said once at the end of a run that leaves less than 10 % of the server's rate limit. */
  lowRateNote(): Msg | undefined {
    const r = this.rate;
    if (!r || r.remaining * 10 >= r.limit) return undefined;
    return msg`note: ${ours(String(r.remaining))} of ${ours(String(r.limit))} API requests left in this rate-limit window (X-RateLimit-Remaining); anonymous clients get few: use a token (--token or WLI_TOKEN)`;
  }

  private getDispatcher(): Dispatcher {
    if (this.opts.dispatcher) return this.opts.dispatcher;
    if (!this.dispatcher) {
      const { timeoutMs, concurrency } = this.opts;
      const agentOpts = { connect: { timeout: timeoutMs }, connections: Math.max(concurrency, 1) + 2 };
      const p = this.proxy;
      if (p) this.opts.log?.(msg`proxy ${p.shown} (${p.variable})`);
      // Every request goes to the configured origin (other origins are refused), so whether a proxy
      // applies is decided once, in proxyFor. Plain-http servers get absolute-URI requests, as curl
      // sends them (proxies commonly refuse CONNECT to ports other than 443); https is tunnelled.
      this.dispatcher = p ? createProxyAgent({ ...agentOpts, uri: p.uri, proxyTunnel: false }) : createAgent(agentOpts);
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

  private async attempt(start: URL, signal?: AbortSignal): Promise<JsonText> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const res = await this.send(url, signal);
      if (res.status >= 300 && res.status < 400 && res.location !== undefined) {
        let next: URL;
        try {
          next = new URL(res.location, url);
        } catch {
          throw new ServerError(msg`GET ${url.href} was redirected to an address that is not a URL (${res.location})`, msg`the server's redirect is broken; report it to its administrators`);
        }
        if (next.origin !== this.base.origin) {
          throw new ServerError(
            msg`GET ${url.href} was redirected to another origin (${next.origin}); wli does not follow it`,
            msg`if the server moved, point --url (or WLI_URL) at ${next.origin}${this.base.pathname}`,
          );
        }
        if (hop >= MAX_REDIRECTS) throw new ServerError(msg`GET ${start.href}: too many redirects`);
        url = next;
        continue;
      }
      return this.interpret(url, res);
    }
  }

  private async send(url: URL, signal?: AbortSignal, keepBytes = false): Promise<RawResponse> {
    const { timeoutMs, log, now } = this.opts;
    const started = now();
    const headers = this.headers(url);
    if (this.opts.debug) {
      const shown = Object.entries(headers).map(([k, v]) => `${k}: ${k === 'authorization' ? 'Token <redacted>' : v}`);
      log?.(msg`> GET ${url.href} ${shown.join(', ')}`);
    }
    try {
      const res = await sendGet(url, {
        headers,
        dispatcher: this.getDispatcher(),
        runSignal: this.opts.signal,
        signal,
        timeoutMs,
        proxy: this.proxy,
        maxBodyBytes: this.opts.maxBodyBytes,
        keepBytes,
      });
      const remaining = this.noteRateLimit(res.headers);
      log?.(remaining !== undefined ? msg`GET ${url.href} ${res.status} ${now() - started}ms ${formatBytes(res.bytes)} rate-limit remaining ${remaining}` : msg`GET ${url.href} ${res.status} ${now() - started}ms ${formatBytes(res.bytes)}`);
      this.answered = true;
      return res;
    } catch (e) {
      if (e instanceof AttemptError) log?.(msg`GET ${url.href} failed after ${now() - started}ms: ${e.error instanceof ServerError ? e.error.text : e.error.message}`);
      throw e;
    }
  }

  private interpret(url: URL, res: RawResponse): JsonText {
    const { status, text, contentType } = res;
    if (status >= 200 && status < 300) {
      if (!isJsonContentType(contentType)) {
        const title = htmlTitle(text);
        throw new AttemptError(
          new ServerError(
            title ? msg`GET ${url.href}: expected JSON, got ${describeType(contentType)} ("${title}")` : msg`GET ${url.href}: expected JSON, got ${describeType(contentType)}`,
            msg`is --url the Weblate server (https://host/ or https://host/api/)? A login page or proxy may be answering instead`,
          ),
          false,
        );
      }
      return { url, status, text, headers: res.headers };
    }
    const now = this.opts.now();
    const retryAfterMs = parseRetryAfter(res.retryAfter, now);
    const message = messageFromErrorBody(text, contentType);
    const retryable = RETRY_STATUSES.has(status);
    let hint: Msg | undefined;
    if (retryable && retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_WAIT_MS) {
      const at = retryAt(now, retryAfterMs);
      hint = at ? msg`the server asks to wait ${Math.ceil(retryAfterMs / 1000)} s: retry after ${at}` : msg`the server asks to wait ${Math.ceil(retryAfterMs / 1000)} s`;
    }
    const error = new HttpError({
      status,
      url: url.href,
      fromApi: isJsonContentType(contentType),
      serverMessage: message,
      hint,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    });
    throw new AttemptError(error, retryable, retryAfterMs);
  }
}

/** The JSON of a 2xx answer; a body that is not JSON is the server's fault (not retried). */
export function parseJsonText({ url, status, text, headers }: JsonText, itemsKey?: string): JsonResponse {
  try {
    const doc = parseJsonDocument(text, itemsKey);
    return { url, status, body: doc.value, itemTexts: doc.itemTexts, headers };
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      throw new ServerError(msg`GET ${url.href}: invalid JSON in the response (${e.message}; ${text.length} characters received)`, msg`the response may have been cut short; retry, or report it to the server administrators`);
    }
    throw e;
  }
}

function describeType(contentType: string | undefined): Msg {
  if (!contentType) return ours('a response without a content type');
  return msg`${contentType.split(';')[0]!.trim() || contentType}`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n}B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)}kB`;
  return `${(n / 1024 / 1024).toFixed(1)}MB`;
}
