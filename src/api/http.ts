// One HTTP exchange over undici, and reading a body within a cap. What an answer means, retries and
// redirects are the request core's business (request.ts).
import type { Dispatcher } from 'undici';
import { request } from './undici.js';
import { msg, ours } from '../core/text.js';
import { MAX_BODY_BYTES, MAX_BODY_TEXT } from '../core/limits.js';
import { ServerError } from './errors.js';
import { AttemptError } from './network-errors.js';

export type Headers = Record<string, string | string[] | undefined>;

/** A body as undici hands it: chunks as they arrive, destroyable. */
export type Body = Dispatcher.ResponseData['body'];

export interface Exchange {
  status: number;
  headers: Headers;
  body: Body;
}

/** A body not wanted (a redirect's, one over the cap): dropped, its end no error of anyone's. */
export function discard(body: Body): void {
  body.on('error', () => {});
  body.destroy();
}

export const firstHeader = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * Sends one request (a GET, or the POST of a JSON body that asks without changing anything: the
 * memory lookup); resolves when the status and headers are in. Failures are undici's or Node's errors, as thrown.
 */
export async function exchange(
  url: URL,
  o: { headers: Record<string, string>; dispatcher: Dispatcher; signal: AbortSignal; timeoutMs: number; post?: string },
): Promise<Exchange> {
  const res = await request(url, {
    method: o.post === undefined ? 'GET' : 'POST',
    body: o.post,
    headers: o.headers,
    dispatcher: o.dispatcher,
    signal: o.signal,
    headersTimeout: o.timeoutMs,
    bodyTimeout: o.timeoutMs,
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

/** A body as it arrived: its chunks in order, and how many bytes they hold. */
export interface Chunks {
  parts: Buffer[];
  length: number;
}

/** A body's bytes in one buffer (its one chunk, or a copy of them all). */
export const whole = ({ parts, length }: Chunks): Buffer => (parts.length === 1 && parts[0] ? parts[0] : Buffer.concat(parts, length));

/**
 * The whole body as the chunks it arrived in, at most `max` bytes. Weblate's largest pages (1000
 * units) are a few megabytes; a server that sends more is broken or hostile, and an endless body must
 * not exhaust memory.
 */
export async function readChunks(url: URL, res: Exchange, max = MAX_BODY_BYTES): Promise<Chunks> {
  const tooBig = () => {
    discard(res.body);
    return new AttemptError(
      new ServerError(
        msg`GET ${url.href}: the response is larger than ${ours(max === MAX_BODY_BYTES ? MAX_BODY_TEXT : `${max} bytes`)}, the most wli reads of one response`,
        msg`the server or a proxy in front of it is sending far more than a Weblate page; report it to its administrators`,
      ),
      false,
    );
  };
  if (Number(firstHeader(res.headers['content-length'])) > max) throw tooBig();
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > max) throw tooBig();
    chunks.push(chunk);
  }
  return { parts: chunks, length: bytes };
}

/** The most of an error answer read for its message: enough for any error page, never a flood. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;

/** An error answer's text for its message, cut at MAX_ERROR_BODY_BYTES (never an error of its own). */
export async function readErrorText(res: Exchange): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes >= MAX_ERROR_BODY_BYTES) {
        discard(res.body);
        break;
      }
    }
  } catch {
    // a cut error body still has its status to tell
  }
  return Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString('utf8');
}
