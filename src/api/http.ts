// One GET over undici: send, read the body within the size cap, time out. Retries, redirects and
// what the answer means are the client's business (client.ts).
import type { Dispatcher } from 'undici';
import { request } from './undici.js';
import { InterruptedError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';
import { ServerError } from './errors.js';
import { AttemptError, classifyNetworkError } from './network-errors.js';
import type { ProxyChoice } from './proxy.js';

/**
 * The most wli reads of one response. Weblate's largest pages (1000 units) are a few megabytes; a
 * server that sends more is broken or hostile, and an endless body must not exhaust memory.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
export const MAX_BODY_TEXT = '64 MiB';

export interface RawResponse {
  status: number;
  text: string;
  bytes: number;
  contentType?: string;
  location?: string;
  retryAfter?: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as received, when asked for with keepBytes (wli api prints them byte for byte). */
  raw?: Buffer;
}

export interface SendOptions {
  headers: Record<string, string>;
  dispatcher: Dispatcher;
  /** Aborted on Ctrl-C: the run ends. */
  runSignal: AbortSignal;
  /** Aborted when the caller no longer wants this answer (a page after the output closed). */
  signal?: AbortSignal;
  timeoutMs: number;
  proxy?: ProxyChoice;
  maxBodyBytes?: number;
  /** Keep the body's bytes (RawResponse.raw), not only its UTF-8 text. */
  keepBytes?: boolean;
}

export const firstHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export async function sendGet(url: URL, o: SendOptions): Promise<RawResponse> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), o.timeoutMs);
  const combined = AbortSignal.any([o.runSignal, ...(o.signal ? [o.signal] : []), timeout.signal]);
  const max = o.maxBodyBytes ?? MAX_BODY_BYTES;
  try {
    const res = await request(url, {
      method: 'GET',
      headers: o.headers,
      dispatcher: o.dispatcher,
      signal: combined,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    });
    const tooBig = () => {
      res.body.destroy();
      return new AttemptError(
        new ServerError(msg`GET ${url.href}: the response is larger than ${ours(max === MAX_BODY_BYTES ? MAX_BODY_TEXT : `${max} bytes`)}, the most wli reads of one response`, msg`the server or a proxy in front of it is sending far more than a Weblate page; report it to its administrators`),
        false,
      );
    };
    const declared = Number(firstHeader(res.headers['content-length']));
    if (declared > max) throw tooBig();
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > max) throw tooBig();
      chunks.push(chunk);
    }
    const h = res.headers;
    const raw = o.keepBytes ? Buffer.concat(chunks, bytes) : undefined;
    return {
      raw,
      status: res.statusCode,
      text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, bytes).toString('utf8'),
      bytes,
      contentType: firstHeader(h['content-type']),
      location: firstHeader(h['location']),
      retryAfter: firstHeader(h['retry-after']),
      headers: h,
    };
  } catch (err) {
    if (err instanceof AttemptError) throw err;
    if (o.runSignal.aborted) throw new InterruptedError();
    if (o.signal?.aborted) throw err; // the caller stopped wanting this page
    throw classifyNetworkError(err, url, timeout.signal.aborted, o.timeoutMs, o.proxy);
  } finally {
    clearTimeout(timer);
  }
}
