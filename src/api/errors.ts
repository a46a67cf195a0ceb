// Errors are values with an exit code until the very top; only cli.ts turns them into stderr lines.
// Exit codes are the contract of shared/cli.md.

export const EXIT = {
  ok: 0,
  server: 1,
  usage: 2,
  gate: 3,
  auth: 4,
  notFound: 5,
  rateLimited: 6,
  interrupted: 130,
} as const;

export class WliError extends Error {
  readonly exitCode: number;
  readonly hint?: string;
  constructor(message: string, exitCode: number, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** Bad target, option, value or configuration: exit 2. */
export class UsageError extends WliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** The server answered with an HTTP error status. */
export class HttpError extends WliError {
  readonly status: number;
  readonly url: string;
  readonly serverMessage?: string;
  readonly retryAfterSeconds?: number;
  constructor(args: {
    status: number;
    statusText?: string;
    url: string;
    serverMessage?: string;
    hint?: string;
    exitCode?: number;
    retryAfterSeconds?: number;
  }) {
    const { status, url, serverMessage } = args;
    const statusText = args.statusText || STATUS_TEXT[status] || '';
    const what = `GET ${url} failed: HTTP ${status}${statusText ? ' ' + statusText : ''}`;
    super(serverMessage ? `${what}: ${serverMessage}` : what, args.exitCode ?? exitCodeForStatus(status), args.hint ?? hintForStatus(status));
    this.status = status;
    this.url = url;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = args.retryAfterSeconds;
  }
}

/** Network failure, timeout, TLS, DNS, bad body: exit 1. */
export class ServerError extends WliError {
  constructor(message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, EXIT.server, hint, options);
  }
}

export class InterruptedError extends WliError {
  constructor() {
    super('interrupted', EXIT.interrupted);
  }
}

export function exitCodeForStatus(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.server;
}

function hintForStatus(status: number): string | undefined {
  switch (status) {
    case 401:
      return 'the token was refused: check --token, WLI_TOKEN or the [keys] section of your wlc config (a wrong token fails even on public data)';
    case 403:
      return 'the token is valid but lacks permission for this resource';
    case 404:
      return 'check the slugs and language code (private projects also answer 404 without a valid token)';
    case 429:
      return 'the server is rate limiting; wait and retry, or use a token (anonymous limits are low)';
    default:
      return status >= 500 ? 'the server failed; retry later or ask its administrators' : undefined;
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
