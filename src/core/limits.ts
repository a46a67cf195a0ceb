// The bounds wli keeps, in one place: the code enforces them and the documentation quotes them.

/**
 * The most wli reads of one response. Weblate's largest pages (1000 units) are a few megabytes; a
 * server that sends more is broken or hostile, and an endless body must not exhaust memory.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
export const MAX_BODY_TEXT = '64 MiB';

/** A retry's wait longer than this is not slept: the user is told when to come back. */
export const MAX_RETRY_WAIT_MS = 60_000;

/** The longest wli waits between two polls of `changes --follow`, whatever the server asks: an hour. */
export const MAX_FOLLOW_WAIT_MS = 3_600_000;
