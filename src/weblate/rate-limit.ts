// Weblate's rate limit as its answers tell it (weblate/api/middleware.py): X-RateLimit-Limit, the
// requests of a window; X-RateLimit-Remaining, those left; X-RateLimit-Reset, seconds until the window
// starts again (not an epoch). Exempt clients get none of them.
import { LOW_RATE_NOTE_PERCENT } from '../core/limits.js';

export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** Seconds from the answer until the window resets. */
  resetSeconds?: number;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (h: Headers, name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** A count the header states as plain digits; anything else (a hostile "1e999", "-3") is not one. */
const count = (text: string | undefined): number | undefined => (text !== undefined && /^\s*\d{1,15}\s*$/.test(text) ? Number(text) : undefined);

/** The rate limit an answer states; undefined when it states none. */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const r: RateLimit = {
    limit: count(header(headers, 'x-ratelimit-limit')),
    remaining: count(header(headers, 'x-ratelimit-remaining')),
    resetSeconds: count(header(headers, 'x-ratelimit-reset')),
  };
  return r.limit === undefined && r.remaining === undefined && r.resetSeconds === undefined ? undefined : r;
}

/** Less than LOW_RATE_NOTE_PERCENT of the window is left: worth saying once. */
export const isLow = (r: RateLimit | undefined): boolean =>
  r?.remaining !== undefined && r.limit !== undefined && r.limit > 0 && r.remaining * 100 < r.limit * LOW_RATE_NOTE_PERCENT;
