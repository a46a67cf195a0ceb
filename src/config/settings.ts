// Global options → validated settings, each value with the place it came from.
// Precedence: flags > environment > project file > user file (files: see config/files.ts).
import { UsageError } from '../api/errors.js';
import { normalizeApiBase } from '../api/base-url.js';
import { DEFAULTS, FORMATS, type Format } from '../spec.js';
import { parseFields } from '../output/fields.js';

export interface GlobalFlags {
  /** --config <file>: read this file instead of the user and project files. */
  config?: string;
  url?: string;
  token?: string;
  format?: string;
  fields?: string;
  timeout?: string;
  retries?: string;
  concurrency?: string;
  pageSize?: string;
  allowInsecureHttp?: boolean;
  color?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  debug?: boolean;
}

export interface Sourced<T> {
  value: T;
  /** "--url", "WLI_URL", a file path, or "<file> [keys]" for a token. */
  source: string;
}

export interface Settings {
  url?: Sourced<URL>;
  token?: Sourced<string>;
  defaultTarget?: Sourced<string>;
  /** The configuration files read, in order (user or --config file, then project file). */
  files: string[];
  format: Format;
  fields?: string[];
  timeoutMs: number;
  retries: number;
  concurrency: number;
  pageSize: number;
  allowInsecureHttp: boolean;
  noColor: boolean;
  quiet: boolean;
  verbose: boolean;
  debug: boolean;
}


function integer(flag: string, text: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`invalid ${flag} '${text}'`, `expected an integer from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`);
  }
  return Number(text);
}

export function positiveInteger(flag: string, text: string): number {
  return integer(flag, text, 0, 1);
}

/** What the configuration files say (config/files.ts reads them; this module stays free of fs). */
export interface FileValues {
  /** `project` marks a URL that only a project file named: no --token or env token goes there. */
  url?: Sourced<string> & { project?: boolean };
  translation?: Sourced<string>;
  /** Tokens of the user (or --config) file by server: canonicalServerKey(url), lower-cased → token. */
  keys?: Map<string, Sourced<string>>;
  files?: string[];
}

export function resolveSettings(flags: GlobalFlags, env: Record<string, string | undefined>, files: FileValues = {}): Settings {
  const format = (flags.format ?? DEFAULTS.format) as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`invalid --format '${flags.format}'`, `expected one of ${FORMATS.join(', ')}`);
  }
  const pick = (flag: string, flagValue: string | undefined, envNames: string[]): Sourced<string> | undefined => {
    if (flagValue !== undefined) return { value: flagValue, source: flag };
    for (const name of envNames) if (env[name]) return { value: env[name]!, source: name };
    return undefined;
  };
  const urlText = pick('--url', flags.url, ['WLI_URL', 'WLC_URL']) ?? files.url;
  let url: Sourced<URL> | undefined;
  if (urlText) {
    try {
      url = { value: normalizeApiBase(urlText.value), source: urlText.source };
    } catch (e) {
      // Name the file or variable the bad value came from (the flag names itself).
      if (!(e instanceof UsageError) || urlText.source === '--url') throw e;
      throw new UsageError(`${e.message} (url from ${urlText.source})`, e.hint);
    }
  }
  let token = pick('--token', flags.token, ['WLI_TOKEN', 'WLC_KEY']);
  if (token?.value === '') token = undefined;
  if (token && url && files.url?.project && urlText === files.url) {
    // As wlc: a checked-out repository must not choose where an unscoped token is sent.
    throw new UsageError(
      `${token.source} is not sent to ${url.value.href}, a server named only by the project file ${files.url.source}`,
      `choose the server for this token with ${token.source === '--token' ? '--url' : 'WLI_URL (or --url)'}, or put the token in [keys] of your user configuration file`,
    );
  }
  if (!token && url) token = files.keys?.get(url.value.href.toLowerCase());
  const timeout = flags.timeout === undefined ? DEFAULTS.timeoutSeconds : Number(flags.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || flags.timeout?.trim() === '') {
    throw new UsageError(`invalid --timeout '${flags.timeout}'`, 'expected a number of seconds above 0, e.g. --timeout 60');
  }
  return {
    url,
    token: token && token.value !== '' ? token : undefined,
    defaultTarget: files.translation,
    files: files.files ?? [],
    format,
    fields: parseFields(flags.fields),
    timeoutMs: Math.round(timeout * 1000),
    retries: integer('--retries', flags.retries, DEFAULTS.retries, 0, 20),
    concurrency: integer('--concurrency', flags.concurrency, DEFAULTS.concurrency, 1, 32),
    pageSize: integer('--page-size', flags.pageSize, DEFAULTS.pageSize, 1, 1000),
    allowInsecureHttp: !!flags.allowInsecureHttp,
    noColor: flags.color === false,
    quiet: !!flags.quiet,
    verbose: !!flags.verbose || !!flags.debug,
    debug: !!flags.debug,
  };
}
