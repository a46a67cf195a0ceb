// wli config --check (as gh auth status): one request that tells whether the server answers and what it
// makes of the token. With a token: the metrics endpoint (weblate/server.ts), which only a signed-in
// caller may read, so its 200 is "authenticated" and gives the version; 401 is "rejected". A server
// without it (404: not Weblate's path, or a proxy in front) is asked its API root instead, which a
// wrong token also gets 401 on. Without a token: the API root, "anonymous". The rate limit is what the
// answer's X-RateLimit-* headers state (weblate/rate-limit.ts). No answer at all is the request
// core's error (exit 1); any other error status is its error too (exit by status).
import { HttpError, UnexpectedAnswerError } from '../../api/errors.js';
import { EXIT } from '../../core/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import type { Outcome } from '../../output/result.js';
import type { Weblate } from '../../remote/weblate.js';
import { API_ROOT, listsEndpoints, METRICS } from '../../weblate/paths.js';
import { metricsVersion } from '../../weblate/server.js';

export type Access = 'authenticated' | 'anonymous' | 'rejected';

export interface Checked {
  access: Access;
  /** As the server states it (outside text); null when it does not say. */
  version: string | null;
  rate_limit: { limit: number | null; remaining: number | null; reset_seconds: number | null } | null;
}

/** The API root, proved to be a Weblate's (it lists `projects`). */
async function askRoot(weblate: Weblate): Promise<void> {
  const body = await weblate.getObject(API_ROOT);
  if (!listsEndpoints(body)) {
    throw new UnexpectedAnswerError(msg`${weblate.base.href} does not answer as a Weblate API root`, msg`is --url the Weblate server?`);
  }
}

/** Asks the server; `outcome` is set when the token was rejected (exit 4). */
export async function checkServer(weblate: Weblate): Promise<{ checked: Checked; outcome?: Outcome }> {
  const token = weblate.tokenSource;
  let access: Access = token ? 'authenticated' : 'anonymous';
  let version: string | undefined;
  let rejected: HttpError | undefined;
  try {
    if (token) {
      try {
        version = metricsVersion(await weblate.getObject(METRICS));
      } catch (e) {
        if (!(e instanceof HttpError && e.status === 404)) throw e;
        await askRoot(weblate);
      }
    } else {
      await askRoot(weblate);
    }
  } catch (e) {
    if (!(token && e instanceof HttpError && e.status === 401)) throw e;
    access = 'rejected';
    rejected = e;
  }
  const r = weblate.rateLimit;
  const checked: Checked = {
    access,
    version: version ?? null,
    rate_limit: r ? { limit: r.limit ?? null, remaining: r.remaining ?? null, reset_seconds: r.resetSeconds ?? null } : null,
  };
  if (!rejected || !token) return { checked };
  const said: Msg = rejected.serverMessage ? msg`: ${rejected.serverMessage}` : ours('');
  return {
    checked,
    outcome: {
      exitCode: EXIT.auth,
      messages: [
        msg`the token from ${token} was rejected by ${weblate.base.href} (HTTP 401)${said}`,
        msg`hint: create a new token in your Weblate profile (API access) and put it in [keys] of your user configuration file, WLI_TOKEN or --token`,
      ],
    },
  };
}
