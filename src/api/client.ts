// The API client commands use: one connection to the configured server, its token, its proxy, and
// thin ways to ask — an object or a page as JSON, any address as bytes (wli api), a file as a stream
// (download, pull) — all through the one request core (request.ts). The parts: request.ts (origin,
// retries, redirects, errors), http.ts (one exchange, body caps), retry.ts (when and how long),
// proxy.ts (which proxy), network-errors.ts (what a failure means), response.ts (what an answer says).
import type { Dispatcher } from 'undici';
import { createAgent, createProxyAgent } from './undici.js';
import { UsageError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { isLoopbackHost } from './base-url.js';
import { ServerError } from './errors.js';
import { whole, type Exchange } from './http.js';
import { JsonSyntaxError, parseJson } from '../codec/json.js';
import { proxyFor, type ProxyChoice } from './proxy.js';
import { send, sendConsumed, type BytesAnswer, type JsonText, type Mode, type RequestOptions, type StreamAnswer, type Transport } from './request.js';
import { isLow, readRateLimit, type RateLimit } from '../weblate/rate-limit.js';

export type { BytesAnswer, FileBody, JsonText, StreamAnswer } from './request.js';

interface ClientOptions {
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
  /** A retry under way ("attempt 2 of 4, retrying after a timeout"), undefined once done: for the progress line. */
  retrying?: (note: string | undefined) => void;
  /** A request is going out: for the progress line, which starts there (never when the client is made). */
  started?: () => void;
  /** Told every secret the client learns (proxy credentials), so no output shows it. */
  secret?: (text: string) => void;
  /** --debug: request headers too. */
  debug?: boolean;
  /** The body size cap (tests); MAX_BODY_BYTES otherwise. */
  maxBodyBytes?: number;
}

interface JsonResponse {
  url: URL;
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A request: the query added to the address, and the core's per-request options. */
interface Ask extends RequestOptions {
  query?: URLSearchParams;
}

export class ApiClient {
  readonly base: URL;
  /** The proxy the environment names for the configured server, decided before any request. */
  readonly proxy?: ProxyChoice;
  /** The rate limit the server stated last in this run. */
  rateLimit?: RateLimit;
  private readonly opts: ClientOptions;
  private connection?: Promise<Dispatcher>;
  private heard = false;
  private readonly transport: Transport;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.base = opts.base;
    if (!opts.dispatcher) this.proxy = proxyFor(opts.base, opts.env);
    if (this.proxy?.credentials) opts.secret?.(this.proxy.credentials);
    this.checkTokenRoute();
    this.transport = {
      base: opts.base,
      retries: opts.retries,
      timeoutMs: opts.timeoutMs,
      runSignal: opts.signal,
      proxy: this.proxy,
      maxBodyBytes: opts.maxBodyBytes,
      debug: !!opts.debug,
      dispatcher: () => this.dispatcher(),
      headers: (mode) => this.headers(mode),
      answered: (res) => this.answered(res),
      hasAnswered: () => this.heard,
      sleep: opts.sleep,
      now: opts.now,
      random: opts.random,
      log: opts.log,
      retrying: opts.retrying,
      started: opts.started,
    };
  }

  /**
   * A token over plain http is readable by every host it passes: allowed only when each of them is
   * this machine (the server, and the proxy the request goes through), or when the user says so.
   */
  private checkTokenRoute(): void {
    const { token, base, allowInsecureHttp } = this.opts;
    if (!token || base.protocol !== 'http:' || allowInsecureHttp) return;
    if (!isLoopbackHost(base.hostname)) {
      throw new UsageError(
        msg`refusing to send the API token over plain http to ${base.host}`,
        msg`use an https:// URL, or pass --allow-insecure-http if you accept the risk`,
      );
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

  /** One JSON answer, parsed. */
  async getJson(target: string | URL, ask: Ask = {}): Promise<JsonResponse> {
    return parseJsonText(await this.getJsonText(target, ask));
  }

  /**
   * One JSON answer as its bytes, parsed when needed (parseJsonText, api/list-page.ts): a page fetched
   * ahead of its turn is held as bytes, off the JavaScript heap, not as a string or objects.
   */
  getJsonText(target: string | URL, ask: Ask = {}): Promise<JsonText> {
    return this.ask(target, 'json', ask);
  }

  /**
   * A JSON body POSTed for a JSON answer: only for an endpoint that changes nothing (the memory lookup
   * takes its strings in a body); retried and redirected as a GET.
   */
  async postJson(target: string | URL, json: string, ask: Ask = {}): Promise<JsonResponse> {
    return parseJsonText(await this.ask(target, 'json', { ...ask, post: json }));
  }

  /** Any API address, its body byte for byte whatever its type (wli api). */
  getBytes(target: string | URL, ask: Ask = {}): Promise<BytesAnswer> {
    return this.ask(target, 'bytes', ask);
  }

  /** A file as it arrives (download, pull); a 304 comes back when `headers` made the request conditional. */
  openFile(target: string | URL, ask: Ask = {}): Promise<StreamAnswer> {
    return this.ask(target, 'stream', ask);
  }

  /**
   * A file consumed whole within the retry loop (written to a temporary file): `consume` runs once per
   * attempt and starts its file over, so a body that fails after its first byte is retried whole.
   */
  consumeFile<T>(target: string | URL, consume: (answer: StreamAnswer) => Promise<T>, { query, ...o }: Ask = {}): Promise<T> {
    return sendConsumed(this.transport, this.resolve(target, query), o, consume);
  }

  private ask<M extends Mode>(target: string | URL, mode: M, { query, ...o }: Ask) {
    return send(this.transport, this.resolve(target, query), mode, o);
  }

  private answered(res: Exchange): void {
    this.heard = true;
    this.rateLimit = readRateLimit(res.headers) ?? this.rateLimit;
  }

  /** Said at the end of a run that leaves less than LOW_RATE_NOTE_PERCENT of the server's rate limit. */
  lowRateNote(): Msg | undefined {
    const r = this.rateLimit;
    if (!r || !isLow(r)) return undefined;
    return msg`note: ${ours(String(r.remaining))} of ${ours(String(r.limit))} API requests left in this rate-limit window (X-RateLimit-Remaining); anonymous clients get few: use a token (--token or WLI_TOKEN)`;
  }

  private dispatcher(): Promise<Dispatcher> {
    if (this.opts.dispatcher) return Promise.resolve(this.opts.dispatcher);
    if (!this.connection) {
      const { timeoutMs, concurrency } = this.opts;
      const agentOpts = { connect: { timeout: timeoutMs }, connections: Math.max(concurrency, 1) + 2 };
      const p = this.proxy;
      if (p) this.opts.log?.(msg`proxy ${p.shown} (${p.variable})`);
      // Every request goes to the configured origin (other origins are refused), so whether a proxy
      // applies is decided once, in proxyFor. Plain-http servers get absolute-URI requests, as curl
      // sends them (proxies commonly refuse CONNECT to ports other than 443); https is tunnelled.
      this.connection = p ? createProxyAgent({ ...agentOpts, uri: p.uri, proxyTunnel: false }) : createAgent(agentOpts);
    }
    return this.connection;
  }

  async close(): Promise<void> {
    const d = this.connection;
    this.connection = undefined;
    if (d) await (await d).destroy().catch(() => {});
  }

  /** Headers of a request to the configured origin (the only one the core asks): the token goes with it. */
  private headers(mode: Mode): Record<string, string> {
    // Files compress well; what is written is the decoded bytes (Content-Encoding, not the file).
    const h: Record<string, string> = mode === 'stream' ? { accept: '*/*', 'accept-encoding': 'gzip' } : { accept: 'application/json' };
    h['user-agent'] = this.opts.userAgent;
    if (this.opts.token) h.authorization = `Token ${this.opts.token}`;
    return h;
  }
}

/** The JSON of a 2xx answer; a body that is not JSON is the server's fault (not retried). */
export function parseJsonText({ url, status, body, headers }: JsonText): JsonResponse {
  const text = whole(body).toString('utf8');
  try {
    return { url, status, body: parseJson(text), headers };
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      throw new ServerError(
        msg`GET ${url.href}: invalid JSON in the response (${e.message}; ${text.length} characters received)`,
        msg`the response may have been cut short; retry, or report it to the server administrators`,
      );
    }
    throw e;
  }
}
