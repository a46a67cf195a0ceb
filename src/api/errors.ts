// The failures of talking to a server: an HTTP error status (exit code by status) or anything else
// that went wrong on the way (network, timeout, TLS, a body that is not the expected JSON: exit 1).
import { EXIT, UsageError, WliError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';

/** The server answered with an HTTP error status. */
export class HttpError extends WliError {
  readonly status: number;
  readonly url: string;
  readonly serverMessage?: string;
  readonly retryAfterSeconds?: number;
  /** The answer was JSON, i.e. from the API itself (not a proxy's or the web server's page). */
  readonly fromApi: boolean;
  /** The request carried no token: a 401 or 403 is then no verdict on a token. */
  readonly anonymous: boolean;
  constructor(args: {
    status: number;
    url: string;
    serverMessage?: string;
    hint?: Msg;
    retryAfterSeconds?: number;
    fromApi?: boolean;
    method?: string;
    anonymous?: boolean;
  }) {
    const { status, url, serverMessage } = args;
    const statusText = STATUS_TEXT[status];
    const what = msg`${ours(args.method ?? 'GET')} ${url} failed: HTTP ${ours(String(status) + (statusText ? ` ${statusText}` : ''))}`;
    super(serverMessage ? msg`${what}: ${serverMessage}` : what, exitCodeForStatus(status), args.hint ?? hintForStatus(status, args.anonymous === true));
    this.status = status;
    this.url = url;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = args.retryAfterSeconds;
    this.fromApi = args.fromApi ?? true;
    this.anonymous = args.anonymous === true;
  }
}

/**
 * Said beside a name the server does not have, when the request carried no token: Weblate looks a
 * project up only among those the user may see (weblate/api/views.py ProjectViewSet.get_queryset:
 * request.user.allowed_projects; weblate/auth/models.py User.get_project_access_query lets anyone see
 * public and protected ones), so to an anonymous request a private project is a 404 like a missing one.
 */
export const NO_TOKEN_PRIVATE_HINT: Msg = msg`no token is set: a private project looks like a missing one; set one with --token, WLI_TOKEN or the [keys] section of your wlc config`;

/**
 * The same for a component of a project the user sees: Weblate lists a restricted component only to
 * users given it (weblate/trans/models/component.py ComponentQuerySet.filter_access: restricted=False
 * or in user.component_permissions; the API's component and translation views filter by it), so an
 * anonymous request gets a 404 for it like a missing one (Weblate 4.x through 2026.8).
 */
export const NO_TOKEN_RESTRICTED_HINT: Msg = msg`no token is set: a restricted component looks like a missing one; set one with --token, WLI_TOKEN or the [keys] section of your wlc config`;

/**
 * What a command says when the server refuses what its command line asked: `said`, what was refused
 * ("the server rejected the filters"), followed by the server's words; left out, the request as it
 * failed ("POST …: HTTP 400 Bad Request: …"). `hint`: which options to check.
 */
export interface RefusalWords {
  said?: Msg;
  hint: Msg;
}

/**
 * The one place an HTTP 400 becomes a usage error: the server refused what the command line asked (a
 * filter, a query, a conversion, a language), so it is the user's to fix (exit 2, the server's message
 * and the command's words). The 400 may be the error or the cause of the one that carries it (a file
 * the save path asked for). Any other error is returned as it is.
 */
export function refusedByServer(e: unknown, words: RefusalWords): unknown {
  const http = e instanceof HttpError ? e : e instanceof Error && e.cause instanceof HttpError ? e.cause : undefined;
  if (http?.status !== 400) return e;
  const text = words.said ? msg`${words.said}: ${http.serverMessage ?? `HTTP ${http.status}`}` : http.text;
  return new UsageError(text, words.hint, { cause: e });
}

/** The API's answer "no such thing" (HTTP 404, whatever page or JSON came with it). */
export const isNotFound = (e: unknown): e is HttpError => e instanceof HttpError && e.status === 404;

/** A target that does not exist, said the way people name it, with what does exist: exit 5. */
export class NotFoundError extends WliError {
  constructor(text: Msg, hint?: Msg, options?: { cause?: unknown }) {
    super(text, EXIT.notFound, hint, options);
  }
}

/** Network failure, timeout, TLS, DNS, a body that is not what was expected: exit 1. */
export class ServerError extends WliError {
  constructor(text: Msg, hint?: Msg, options?: { cause?: unknown }) {
    super(text, EXIT.server, hint, options);
  }
}

/**
 * A 2xx answer that no Weblate API gives: not JSON (a login page, a web site), or JSON of another
 * shape. Exit 1; a command asks the API root then, to tell a wrong --url (remote/resolve.ts).
 */
export class UnexpectedAnswerError extends ServerError {}

/** A list was asked for and the first answer is none (a single object, say): exit 1 unless the caller knows better. */
export class NotAListError extends UnexpectedAnswerError {}

/**
 * No answer at all: refused or dropped connections, timeouts, DNS, TLS (exit 1). `transient` when
 * waiting may help (a server restarting, a slow network), not when it cannot (a certificate).
 */
export class NetworkError extends ServerError {
  constructor(
    text: Msg,
    hint: Msg | undefined,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(text, hint, options);
  }
}

function exitCodeForStatus(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.server;
}

function hintForStatus(status: number, anonymous: boolean): Msg | undefined {
  switch (status) {
    case 401:
      return anonymous
        ? msg`no token was sent, and this needs one: give it with --token, WLI_TOKEN or the [keys] section of your wlc config`
        : msg`the token was refused: check --token, WLI_TOKEN or the [keys] section of your wlc config (a wrong token fails even on public data)`;
    case 403:
      return anonymous
        ? msg`no token was sent, and anonymous requests may not see this: give a token of a user with permission (--token, WLI_TOKEN or [keys] of your wlc config)`
        : msg`the token is valid but lacks permission for this resource`;
    case 404:
      return msg`check the slugs and language code (private projects also answer 404 without a valid token)`;
    case 429:
      return msg`the server is rate limiting; wait and retry, or use a token (anonymous limits are low)`;
    default:
      return status >= 500 ? msg`the server failed; retry later or ask its administrators` : undefined;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
