// When a failed GET is tried again, and how long wli waits first.

import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, RETRY_STATUSES } from '../core/limits.js';

export { FIRST_REFUSAL_RETRIES, FIRST_REFUSAL_WAIT_MS, MAX_RETRY_WAIT_MS } from '../core/limits.js';

/** An answer worth another attempt (RETRY_STATUSES: 408, 429 and every 5xx). */
export const retryableStatus = (status: number): boolean => RETRY_STATUSES.some((s) => (s === '5xx' ? status >= 500 && status <= 599 : s === status));

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

/** Capped exponential backoff with jitter: 0.5 s, 1 s, 2 s … up to 10 s, each ±50 %. */
export function backoffMs(attempt: number, random: () => number): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
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
