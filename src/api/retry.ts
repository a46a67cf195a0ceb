// When a failed GET is tried again, and how long wli waits first.

export { MAX_RETRY_WAIT_MS } from '../core/limits.js';

/**
 * Answers worth another attempt: a timeout (408), a rate limit (429, after its Retry-After) and every
 * server failure (5xx: a restart, an overloaded worker, a proxy without its upstream). Other 4xx are
 * the same on every attempt.
 */
export const retryableStatus = (status: number): boolean => status === 408 || status === 429 || (status >= 500 && status <= 599);

/** Network failures worth another attempt: resets, refusals, timeouts. */
export const RETRY_CODES = new Set([
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

/**
 * A refused connection before the server ever answered in this run is most likely a wrong --url or
 * a server that is not running: one quick retry, then the error (within about a second). Once the
 * server has answered, a refusal is a hiccup (a restart, a load balancer) and gets the full policy.
 */
export const FIRST_REFUSAL_RETRIES = 1;
export const FIRST_REFUSAL_WAIT_MS = 250;

/** Capped exponential backoff with jitter: 0.5 s, 1 s, 2 s … up to 10 s, each ±50 %. */
export function backoffMs(attempt: number, random: () => number): number {
  const exp = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** Retry-After in seconds or as an HTTP date → milliseconds from now (huge values stay finite). */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v), 1e12) * 1000;
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** "2026-11-23T10:00:00Z", or undefined when the moment is beyond what a date can say. */
export function retryAt(now: number, waitMs: number): string | undefined {
  const d = new Date(now + waitMs);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace(/\.\d+Z$/, 'Z');
}
