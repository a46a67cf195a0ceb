// The request core: every request wli sends goes through send() (GETs, and the one POST that changes
// nothing: the memory lookup, RequestOptions.post), whatever it wants back — JSON text (the
// API's objects and pages), raw bytes (wli api) or a streamed file (download, pull). One origin check,
// one retry loop, one redirect loop, one mapping of failures to errors, so a promise kept for one kind
// of answer is kept for all of them:
//
// - only the configured origin is asked (the token goes nowhere else), redirects included;
// - network errors, 408, 429 (after its Retry-After) and 5xx are tried again, --retries times, with
//   capped backoff; a refused connection before the server ever answered gets one quick retry only
//   (most likely a wrong --url or a server that is not running);
// - a streamed body is retried only until its first byte is handed on (stdout cannot take back what
//   it was given); a file consumed within the loop (sendConsumed: written to a temporary file) is
//   retried whole, also after its first byte;
// - a redirect to another origin, to an address that is not a URL, or more than MAX_REDIRECTS of them,
//   is an error that says so.
import type { Dispatcher } from 'undici';
import { WliError, interruption } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { HttpError, NetworkError, ServerError, UnexpectedAnswerError } from './errors.js';
import { discard, exchange, firstHeader, readChunks, readErrorText, whole, type Body, type Chunks, type Exchange, type Headers } from './http.js';
import { AttemptError, classifyNetworkError } from './network-errors.js';
import type { ProxyChoice } from './proxy.js';
import { htmlTitle, isJsonContentType, messageFromErrorBody } from './response.js';
import { MAX_REDIRECTS } from '../core/limits.js';
import { FIRST_REFUSAL_RETRIES, FIRST_REFUSAL_WAIT_MS, MAX_RETRY_WAIT_MS, backoffMs, parseRetryAfter, retryAt, retryableStatus } from './retry.js';

/** What a request wants back. */
export type Mode = 'json' | 'bytes' | 'stream';

export interface RequestOptions {
  /** Aborted when the caller no longer wants the answer (a page after the output closed). */
  signal?: AbortSignal;
  /** Overrides --retries for this request (a poll that is retried by its own loop). */
  retries?: number;
  /** Extra request headers (If-Modified-Since). */
  headers?: Record<string, string>;
  /**
   * A JSON body, sent as a POST: only for a request that changes nothing on the server (the memory
   * lookup, which asks with more strings than a URL holds), so it is retried and redirected as a GET is.
   */
  post?: string;
}

interface Answer {
  /** Where the answer came from, after redirects. */
  url: URL;
  status: number;
  headers: Headers;
}

/** A 2xx answer with a JSON content type, its body not parsed yet. */
export interface JsonText extends Answer {
  /** The body as received, in the chunks it arrived in (UTF-8 JSON, unchecked): off the JavaScript heap until it is read. */
  body: Chunks;
}

export interface BytesAnswer extends Answer {
  body: Buffer;
}

/** A file's bytes as they arrive, decoded (gzip); the caller consumes or destroys it. */
export interface FileBody extends AsyncIterable<Buffer> {
  destroy(): void;
}

/** A 2xx answer, or a 304 (a conditional request whose file has not changed: an empty body). */
export interface StreamAnswer extends Answer {
  body: FileBody;
}

type AnswerOf<M extends Mode> = M extends 'json' ? JsonText : M extends 'bytes' ? BytesAnswer : StreamAnswer;

/** What the core needs of the client: its settings, its connection, and where it reports. */
export interface Transport {
  readonly base: URL;
  readonly retries: number;
  readonly timeoutMs: number;
  /** Aborted by SIGINT, SIGTERM or SIGHUP (its reason the InterruptedError naming it): the run ends. */
  readonly runSignal: AbortSignal;
  readonly proxy?: ProxyChoice;
  readonly maxBodyBytes?: number;
  readonly debug: boolean;
  dispatcher(): Promise<Dispatcher>;
  /** The request headers for a URL of the configured origin (the token among them). */
  headers(mode: Mode): Record<string, string>;
  /** Every answer, as it arrives (the rate limit it states, that the server answers at all). */
  answered(res: Exchange): void;
  /** Whether the server has answered anything in this run. */
  hasAnswered(): boolean;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  random(): number;
  log?(line: Msg): void;
  /**
   * A retry under way, from the wait before it until its answer (what the progress line says beside
   * its text: "attempt 2 of 4, retrying after a timeout"); undefined once the request is done.
   */
  retrying?(note: string | undefined): void;
  /** A request is going out (once, whatever its retries): where the progress line starts, not when a client is made. */
  started?(): void;
}

/** Sends a GET to the configured origin and returns what `mode` asks for, or throws the mapped error. */
export function send<M extends Mode>(t: Transport, url: URL, mode: M, o: RequestOptions = {}): Promise<AnswerOf<M>> {
  return attempts(t, url, o, async () => (await followRedirects(t, url, mode, o)) as AnswerOf<M>);
}

/**
 * A file asked for and consumed whole, each attempt in send's one retry loop: `consume` gets the
 * attempt's answer (a 2xx, or a 304) and reads its body to the end. A body that fails after its first
 * byte (a timeout, a cut connection) fails the attempt like a failure before it, so the next attempt
 * starts the file over: `consume` starts its file over too (what it wrote is thrown away). A failure
 * of `consume` itself (a write, a refused answer) is not retried. For a destination that cannot be
 * rewritten (stdout), send(…, 'stream') instead: retried only until the first byte.
 */
export function sendConsumed<T>(t: Transport, url: URL, o: RequestOptions, consume: (answer: StreamAnswer) => Promise<T>): Promise<T> {
  return attempts(t, url, o, async () => {
    const answer = (await followRedirects(t, url, 'stream', o)) as StreamAnswer;
    const watched = watchBody(t, url, answer.body);
    try {
      return await consume({ ...answer, body: watched.body });
    } catch (e) {
      throw watched.failure() ?? e;
    } finally {
      answer.body.destroy();
    }
  });
}

/**
 * The body as it is, and the attempt's failure when the body itself failed after its first byte (a
 * NetworkError of firstByte): what send's loop needs to decide on another attempt.
 */
function watchBody(t: Transport, url: URL, body: FileBody): { body: FileBody; failure(): AttemptError | undefined } {
  let failure: AttemptError | undefined;
  const watched: FileBody = {
    destroy: () => body.destroy(),
    async *[Symbol.asyncIterator]() {
      const chunks = body[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch (err) {
          if (err instanceof NetworkError && !t.runSignal.aborted) {
            const { retryable, why } = classifyNetworkError(err.cause, url, false, t.timeoutMs, t.proxy);
            failure = new AttemptError(err, retryable, undefined, false, why);
          }
          throw err;
        }
        if (next.done) return;
        yield next.value;
      }
    },
  };
  return { body: watched, failure: () => failure };
}

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent: the one retry loop. */
async function attempts<T>(t: Transport, url: URL, o: RequestOptions, attempt: () => Promise<T>): Promise<T> {
  if (url.origin !== t.base.origin) {
    throw new ServerError(
      msg`refusing to request ${url.href}: it is not on the configured server ${t.base.origin}`,
      msg`wli sends its requests (and the token) to the configured server only`,
    );
  }
  t.started?.();
  const retries = o.retries ?? t.retries;
  let retried = false;
  try {
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (e) {
        if (!(e instanceof AttemptError)) throw e;
        const wait = retryWait(t, e, n, retries);
        if (wait === undefined) throw e.error instanceof WliError ? e.error.lastOf(n + 1) : e.error;
        t.log?.(
          msg`retrying in ${(wait / 1000).toFixed(1)}s (attempt ${n + 2} of ${retries + 1}): ${e.error instanceof WliError ? e.error.text : e.error.message}`,
        );
        retried = true;
        t.retrying?.(`attempt ${n + 2} of ${retries + 1}, retrying after ${retryReason(e)}`);
        await t.sleep(wait, o.signal ? AbortSignal.any([t.runSignal, o.signal]) : t.runSignal);
        if (t.runSignal.aborted) throw interruption(t.runSignal);
        if (o.signal?.aborted) throw e.error;
      }
    }
  } finally {
    // The retry said on the progress line holds until its request is done, whatever the end.
    if (retried) t.retrying?.(undefined);
  }
}

/** An attempt's failure in a few words: "HTTP 503", "a timeout". */
function retryReason(e: AttemptError): string {
  return e.error instanceof HttpError ? `HTTP ${e.error.status}` : (e.why ?? 'a network failure');
}

/** How long to wait before the next attempt; undefined when there is none. */
function retryWait(t: Transport, e: AttemptError, attempt: number, retries: number): number | undefined {
  const firstRefusal = e.refused && !t.hasAnswered();
  if (!e.retryable || attempt >= (firstRefusal ? Math.min(retries, FIRST_REFUSAL_RETRIES) : retries)) return undefined;
  const wait = firstRefusal ? FIRST_REFUSAL_WAIT_MS : (e.retryAfterMs ?? backoffMs(attempt, () => t.random()));
  return wait > MAX_RETRY_WAIT_MS ? undefined : wait;
}

/** One attempt: the request, and each redirect within the configured origin. */
async function followRedirects(t: Transport, start: URL, mode: Mode, o: RequestOptions): Promise<Answer> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const got = await once(t, url, mode, o);
    if ('answer' in got) return got.answer;
    if (hop >= MAX_REDIRECTS)
      throw new ServerError(msg`GET ${start.href}: too many redirects`, msg`the server's redirects go round; report it to its administrators`);
    url = got.redirect;
  }
}

/** Where a redirect answer points, checked: a URL on the configured origin. */
function redirectTarget(t: Transport, from: URL, location: string): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new ServerError(
      msg`GET ${from.href} was redirected to an address that is not a URL (${location})`,
      msg`the server's redirect is broken; report it to its administrators`,
    );
  }
  if (next.origin !== t.base.origin) {
    throw new ServerError(
      msg`GET ${from.href} was redirected to another origin (${next.origin}); wli does not follow it`,
      msg`if the server moved, point --url (or WLI_URL) at ${next.origin}${t.base.pathname}`,
    );
  }
  return next;
}

/**
 * One exchange: the answer as `mode` wants it, or where a redirect points. The timeout covers the
 * answer's headers and its body (a stream's first chunk); a stream's later chunks each get their own
 * (undici's bodyTimeout), so a large file is never cut for taking long, only for stalling.
 */
async function once(t: Transport, url: URL, mode: Mode, o: RequestOptions): Promise<{ answer: Answer } | { redirect: URL }> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), t.timeoutMs);
  const signal = AbortSignal.any([t.runSignal, timeout.signal, ...(o.signal ? [o.signal] : [])]);
  const started = t.now();
  const headers = { ...t.headers(mode), ...(o.post === undefined ? {} : { 'content-type': 'application/json' }), ...o.headers };
  const method = o.post === undefined ? 'GET' : 'POST';
  if (t.debug)
    t.log?.(
      msg`> ${method} ${url.href} ${Object.entries(headers)
        .map(([k, v]) => `${k}: ${k === 'authorization' ? 'Token <redacted>' : v}`)
        .join(', ')}`,
    );
  try {
    const res = await exchange(url, { headers, dispatcher: await t.dispatcher(), signal, timeoutMs: t.timeoutMs, post: o.post });
    t.answered(res);
    const heard = (size?: number) => t.log?.(requestLine(method, url, res, t.now() - started, size));
    const location = firstHeader(res.headers.location);
    if (res.status >= 300 && res.status < 400 && res.status !== 304 && location !== undefined) {
      heard();
      discard(res.body);
      return { redirect: redirectTarget(t, url, location) };
    }
    if (res.status === 304 && mode === 'stream') {
      heard(0);
      await res.body.dump().catch(() => {});
      const unchanged: StreamAnswer = { url, status: res.status, headers: res.headers, body: emptyBody() };
      return { answer: unchanged };
    }
    if (res.status < 200 || res.status >= 300) {
      const text = await readErrorText(res);
      heard(Buffer.byteLength(text));
      throw httpFailure(t, url, res, text, method);
    }
    return { answer: await accept(t, url, res, mode, heard) };
  } catch (err) {
    if (err instanceof AttemptError || err instanceof WliError) throw err;
    if (t.runSignal.aborted) throw interruption(t.runSignal);
    if (o.signal?.aborted) throw err; // the caller stopped wanting this answer
    const failed = classifyNetworkError(err, url, timeout.signal.aborted, t.timeoutMs, t.proxy);
    t.log?.(msg`${method} ${url.href} failed after ${t.now() - started}ms: ${failed.error instanceof WliError ? failed.error.text : failed.error.message}`);
    throw failed;
  } finally {
    clearTimeout(timer);
  }
}

/** A 2xx answer read as the mode wants it. */
async function accept(t: Transport, url: URL, res: Exchange, mode: Mode, heard: (size?: number) => void): Promise<Answer> {
  const answer = { url, status: res.status, headers: res.headers };
  if (mode === 'stream') {
    const streamed: StreamAnswer = { ...answer, body: await firstByte(decoded(url, res), res.body, url, t) };
    heard();
    return streamed;
  }
  const body = await readChunks(url, res, t.maxBodyBytes);
  heard(body.length);
  if (mode === 'bytes') {
    const raw: BytesAnswer = { ...answer, body: whole(body) };
    return raw;
  }
  const contentType = firstHeader(res.headers['content-type']);
  if (!isJsonContentType(contentType)) throw notJson(url, contentType, whole(body).toString('utf8'));
  const json: JsonText = { ...answer, body };
  return json;
}

/** A 2xx answer that is not JSON: a login page or a proxy answering instead (not retried). */
function notJson(url: URL, contentType: string | undefined, text: string): AttemptError {
  const type = contentType ? msg`${contentType.split(';')[0]?.trim() || contentType}` : ours('a response without a content type');
  const title = htmlTitle(text);
  return new AttemptError(
    new UnexpectedAnswerError(
      title ? msg`GET ${url.href}: expected JSON, got ${type} ("${title}")` : msg`GET ${url.href}: expected JSON, got ${type}`,
      msg`is --url the Weblate server (https://host/ or https://host/api/)? A login page or proxy may be answering instead`,
    ),
    false,
  );
}

/** The one mapping of an HTTP error status: its exit code, the server's message, whether to retry. */
function httpFailure(t: Transport, url: URL, res: Exchange, text: string, method: string): AttemptError {
  const now = t.now();
  const retryAfterMs = parseRetryAfter(firstHeader(res.headers['retry-after']), now);
  const contentType = firstHeader(res.headers['content-type']);
  const retryable = retryableStatus(res.status);
  let hint: Msg | undefined;
  if (retryable && retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_WAIT_MS) {
    const at = retryAt(now, retryAfterMs);
    const seconds = Math.ceil(retryAfterMs / 1000);
    hint = at ? msg`the server asks to wait ${seconds} s: retry after ${at}` : msg`the server asks to wait ${seconds} s`;
  }
  const error = new HttpError({
    method,
    status: res.status,
    url: url.href,
    fromApi: isJsonContentType(contentType),
    serverMessage: messageFromErrorBody(text, contentType),
    hint,
    retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
    anonymous: !('authorization' in t.headers('json')),
  });
  return new AttemptError(error, retryable, retryAfterMs);
}

/**
 * The body as the file's bytes: gzip decoded (wli asks for it), anything else refused. node:zlib is
 * loaded here, when a file arrives compressed: loading it at every start cost about 2 ms of a 110 ms
 * `wli --version` (docs/performance.md, start-up). process.getBuiltinModule, not import(): bin/wli.cjs
 * runs the bundle as a vm script on Node 20, where a dynamic import of a built-in fails.
 */
function decoded(url: URL, res: Exchange): Body | NodeJS.ReadableStream {
  const encoding = firstHeader(res.headers['content-encoding'])?.trim().toLowerCase();
  if (encoding === undefined || encoding === '' || encoding === 'identity') return res.body;
  if (encoding === 'gzip' || encoding === 'x-gzip') {
    const { createGunzip } = process.getBuiltinModule('node:zlib');
    const gunzip = createGunzip();
    // A cut or corrupt stream fails the decoder, so the download fails rather than end short.
    res.body.on('error', (e) => gunzip.destroy(e));
    res.body.pipe(gunzip);
    return gunzip;
  }
  discard(res.body);
  throw new ServerError(msg`GET ${url.href}: the server sent an encoding wli did not ask for (${encoding})`, msg`report it to the server administrators`);
}

/**
 * Waits for the first chunk (a failure until then is the attempt's, and retried), then hands the
 * chunks on; a later failure is a NetworkError of its own (never an undici error).
 *
 * The body is released on every path: read to its end, failed, left early by its consumer (a `break`,
 * a write that throws, Ctrl-C: the iterator's finally) or never iterated at all (destroy()). A body
 * left paused holds its connection for ever (undici times out no paused body), and once all of the
 * agent's connections are held, the next request waits for one that never comes.
 */
async function firstByte(body: Body | NodeJS.ReadableStream, raw: Body, url: URL, t: Transport): Promise<FileBody> {
  // The decoder too, when there is one: destroying it alone leaves the connection's body paused under it.
  const destroy = () => {
    if (body !== raw) (body as { destroy(): unknown }).destroy();
    discard(raw);
  };
  const chunks = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (err) {
    destroy();
    throw err;
  }
  return {
    destroy,
    async *[Symbol.asyncIterator]() {
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await chunks.next();
          } catch (err) {
            if (t.runSignal.aborted) throw interruption(t.runSignal);
            throw classifyNetworkError(err, url, false, t.timeoutMs, t.proxy).error;
          }
          if (next.done) return;
          yield next.value;
        }
      } finally {
        destroy();
      }
    },
  };
}

function emptyBody(): FileBody {
  return {
    destroy() {},
    async *[Symbol.asyncIterator]() {},
  };
}

/** --verbose: one line per answer. */
function requestLine(method: string, url: URL, res: Exchange, ms: number, size: number | undefined): Msg {
  const remaining = firstHeader(res.headers['x-ratelimit-remaining']);
  const sized = size === undefined ? ours('') : ours(` ${formatBytes(size)}`);
  const rate = remaining === undefined ? ours('') : msg` rate-limit remaining ${remaining}`;
  return msg`${ours(method)} ${url.href} ${ours(String(res.status))} ${ours(String(ms))}ms${sized}${rate}`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n}B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)}kB`;
  return `${(n / 1024 / 1024).toFixed(1)}MB`;
}
