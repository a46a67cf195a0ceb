// The limits wli holds itself to, each declared once: the modules that enforce them (api/, commands/,
// io/, codec/) and the words that state them (the spec's help notes, the man page, docs/commands.md)
// read them here, and test/docs.test.ts holds the figures of the hand-written docs (README.md,
// docs/*.md) to them. Change a number here and every text that states it follows or fails a test.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A duration as the docs say it: 'an hour', '2 hours', '2 minutes', '60 s', '1.5 s', '250 ms'. */
export function spokenDuration(ms: number): string {
  if (ms >= HOUR_MS && ms % HOUR_MS === 0) return ms === HOUR_MS ? 'an hour' : `${ms / HOUR_MS} hours`;
  if (ms > MINUTE_MS && ms % MINUTE_MS === 0) return `${ms / MINUTE_MS} minutes`;
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The most wli reads of one response. Weblate's largest pages (1000 units) are a few megabytes; a
 * server that sends more is broken or hostile, and an endless body must not exhaust memory.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
export const MAX_BODY_TEXT = `${MAX_BODY_BYTES / (1024 * 1024)} MiB`;

/**
 * The longest --timeout: Node's timers hold at most 2^31-1 ms (a longer one fires at once), so
 * 2,147,483 s (24.8 days).
 */
export const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/**
 * Answers that get another attempt (--retries): a timeout (408), a rate limit (429, after its
 * Retry-After) and every server failure (5xx: a restart, an overloaded worker, a proxy without its
 * upstream). Other statuses are the same on every attempt.
 */
export const RETRY_STATUSES = [408, 429, '5xx'] as const;

/** A retry the server asks to wait longer for is not slept: the user is told when to come back. */
export const MAX_RETRY_WAIT_MS = MINUTE_MS;

/** Retries back off exponentially from this wait (with jitter)… */
export const BACKOFF_FIRST_MS = 500;
/** …up to this one. */
export const BACKOFF_MAX_MS = 10_000;

/**
 * A refused connection before the server ever answered in this run is most likely a wrong --url or a
 * server that is not running: this many quick retries after this wait, then the error.
 */
export const FIRST_REFUSAL_RETRIES = 1;
export const FIRST_REFUSAL_WAIT_MS = 250;

/** Redirects followed within the configured origin, per request. */
export const MAX_REDIRECTS = 5;

/** The longest `changes --follow` waits between two polls, whatever the server asks. */
export const MAX_FOLLOW_WAIT_MS = HOUR_MS;
export const MAX_FOLLOW_WAIT_TEXT = spokenDuration(MAX_FOLLOW_WAIT_MS);

/**
 * How far back `changes --follow` asks again: each poll reads the changes stamped from an hour before
 * the newest shown. Weblate stamps a change when it is created, inside its request's or task's
 * transaction (weblate/trans/models/change.py, Change.timestamp: auto_now_add), and it becomes
 * listable only when that transaction commits; so a change committed late carries an earlier stamp
 * than changes shown before it. An hour is the longest request Weblate's own deployment examples let
 * run (weblate/examples: gunicorn.service --timeout 3600, weblate.nginx.conf uwsgi_read_timeout 3600,
 * weblate.nginx.gunicorn.conf proxy_read_timeout 3600, weblate.uwsgi.ini harakiri 3600; apache.conf
 * request-timeout=600), and far more than the clock skew between its workers. Background tasks have no time limit in Weblate's settings: one whose
 * transaction commits more than an hour after its change was stamped is not seen. The cost: every poll
 * reads again the changes of that hour (a page of 1000 holds most lists' hour).
 */
export const FOLLOW_WINDOW_MS = HOUR_MS;
export const FOLLOW_WINDOW_TEXT = spokenDuration(FOLLOW_WINDOW_MS);

/**
 * The most change ids `changes --follow` keeps (those shown within the window, to show each once):
 * about a megabyte, and at most about ten pages read again per poll. Past it the window starts after
 * the oldest ids it forgets (said once): a server that sends ids without end inside the window, at
 * one instant or many, costs no more memory, and no change is shown twice.
 */
export const MAX_FOLLOW_KEPT = 10_000;
export const MAX_FOLLOW_KEPT_TEXT = MAX_FOLLOW_KEPT.toLocaleString('en-US');

/** At or below this many requests left (X-RateLimit-Remaining), follow's polls are spread over the rest of the window. */
export const LOW_RATE_REMAINING = 20;

/** A run that leaves less than this share of the rate limit (percent) says so once. */
export const LOW_RATE_NOTE_PERCENT = 10;

/** How long shell completion reuses a list of names read from the server. */
export const COMPLETION_CACHE_MS = 2 * MINUTE_MS;
export const COMPLETION_CACHE_TEXT = spokenDuration(COMPLETION_CACHE_MS);

/**
 * A record of a saved file ($XDG_CACHE_HOME/wli/saved) that has proven no file for this long is removed
 * (a file no longer pulled, a checkout deleted): the folder stays bounded. Losing a record costs one
 * whole download, never a stale file.
 */
export const SAVED_RECORD_UNUSED_DAYS = 90;
export const SAVED_RECORD_UNUSED_MS = SAVED_RECORD_UNUSED_DAYS * 24 * HOUR_MS;
/** The records are looked over for unused ones at most once a run, and once in this long. */
export const SAVED_RECORD_PRUNE_EVERY_MS = 24 * HOUR_MS;

/** The progress line appears only when a fetch takes longer than this. */
export const PROGRESS_DELAY_MS = 300;

/** -f json writes a value nested deeper than this many levels compact (valid JSON, the same values). */
export const JSON_INDENT_DEPTH = 64;

/**
 * A secret (the token, a proxy password) this long is masked wherever it appears in a message; a
 * shorter one only where it stands alone, since it also occurs inside ordinary words (core/text.ts).
 */
export const SHORT_SECRET_CHARS = 8;

/** GitHub shows at most this many annotations of one kind (error, warning, notice) per step, and drops the rest. */
export const GITHUB_ANNOTATIONS_PER_STEP = 10;

/** The most a step's job summary ($GITHUB_STEP_SUMMARY) may hold: GitHub shows none of a larger one. */
export const GITHUB_STEP_SUMMARY_BYTES = 1024 * 1024;
export const GITHUB_STEP_SUMMARY_TEXT = `${GITHUB_STEP_SUMMARY_BYTES / (1024 * 1024)} MiB`;
