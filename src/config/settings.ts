// Global options → settings, each value with the place it came from. Option values arrive checked
// and typed (spec/option-values.ts); what is left here is what only the combination of flags,
// environment and files can tell: which URL and token apply, and whether the token may travel there.
// Precedence: flags > environment > project file > user file (files: see config/files.ts).
import { UsageError } from '../core/errors.js';
import { msg, ours, redactCredentials } from '../core/text.js';
import { normalizeApiBase } from '../api/base-url.js';
import { DEFAULTS, type Format, type GlobalOptionValues, type SortKey } from '../spec/spec.js';

/** The global options, typed from their declaration in the spec (GLOBAL_OPTIONS): --timeout in seconds, --no-color as color. */
export type GlobalFlags = GlobalOptionValues;

export interface Sourced<T> {
  value: T;
  /** "--url", "WLI_URL", a file path, or "<file> [keys]" for a token. */
  source: string;
}

export interface Settings {
  url?: Sourced<URL>;
  /** The URL as given, when it cannot be used (credentials redacted): what `wli config` shows then. */
  urlText?: Sourced<string>;
  token?: Sourced<string>;
  /** `project`: named by a project file (its directory is the repository's root, for pull's paths). */
  defaultTarget?: Sourced<string> & { project?: boolean };
  /** The configuration files read, in order (user or --config file, then project file). */
  files: string[];
  /** The INI section url, translation and key were read from (-s/--config-section; source "default" for weblate). */
  section: Sourced<string>;
  format: Format;
  /**
   * -f was given (not the default): a command whose output has no format (download, api without
   * --paginate) refuses or honours it; one whose output is otherwise on stderr (pull) prints records.
   */
  formatGiven: boolean;
  fields?: string[];
  /** --wrap: a table's long text wraps within the width instead of being cut. */
  wrap: boolean;
  /** --sort: the list held whole and ordered by these keys before it is written. */
  sort?: SortKey[];
  /** --no-headers: tables and CSV without their header line. */
  noHeaders: boolean;
  /** --jq: the JSON output filtered through this jq expression. */
  jq?: string;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  pageSize: number;
  allowInsecureHttp: boolean;
  noColor: boolean;
  /** --no-pager: the data is never paged (io/pager.ts). */
  noPager: boolean;
  quiet: boolean;
  verbose: boolean;
  debug: boolean;
  /**
   * Why no request may be made with these settings: a URL that cannot be used, a token that may not
   * go where the URL points, a token that cannot travel in a header. Every command stops with it
   * before its first request (Session.client); `wli config` shows what it resolved, and this.
   */
  refused?: UsageError;
}

/** What the configuration files say (config/files.ts reads them; this module stays free of fs). */
export interface FileValues {
  /** `project` marks a URL that only a project file named: no --token or env token goes there. */
  url?: Sourced<string> & { project?: boolean };
  /** `project` marks the translation of a project file (source: its path). */
  translation?: Sourced<string> & { project?: boolean };
  /** Tokens of the user (or --config) file by server: canonicalServerKey(url), lower-cased → token. */
  keys?: Map<string, Sourced<string>>;
  files?: string[];
  section?: Sourced<string>;
}

/**
 * A token travels in an HTTP header: a line break would split the request, and a character outside
 * Latin-1 cannot be sent at all. Refused before any request, without showing the token.
 */
function checkToken(token: Sourced<string>): UsageError | undefined {
  for (let i = 0; i < token.value.length; i++) {
    const c = token.value.charCodeAt(i);
    const what = c === 10 || c === 13 ? 'a line break' : c < 32 || c === 127 ? 'a control character' : c > 255 ? 'a character outside Latin-1' : undefined;
    if (what) {
      return new UsageError(
        msg`the token from ${token.source} contains ${ours(what)} (at character ${i + 1}), which cannot be sent in an HTTP header`,
        msg`check how the token was copied; Weblate tokens are plain ASCII`,
      );
    }
  }
  return undefined;
}

/**
 * The settings of a run. A combination that may not be used does not throw: it is `refused`, so that
 * `wli config` can still show what was resolved, and every other command stops before its first request.
 */
export function resolveSettings(flags: GlobalFlags, env: Record<string, string | undefined>, files: FileValues = {}): Settings {
  const pick = (flag: string, flagValue: string | undefined, envNames: string[]): Sourced<string> | undefined => {
    if (flagValue !== undefined) return { value: flagValue, source: flag };
    for (const name of envNames) if (env[name]?.trim()) return { value: env[name].trim(), source: name };
    return undefined;
  };
  let refused: UsageError | undefined;
  const urlText = pick('--url', flags.url, ['WLI_URL', 'WLC_URL']) ?? files.url;
  let url: Sourced<URL> | undefined;
  if (urlText) {
    try {
      url = { value: normalizeApiBase(urlText.value), source: urlText.source };
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      // Name the file or variable the bad value came from (the flag names itself).
      refused = urlText.source === '--url' ? e : new UsageError(msg`${e.text} (url from ${urlText.source})`, e.hintText);
    }
  }
  let token = pick('--token', flags.token, ['WLI_TOKEN', 'WLC_KEY']);
  if (token && url && files.url?.project && urlText === files.url) {
    // As wlc: a checked-out repository must not choose where an unscoped token is sent.
    refused ??= new UsageError(
      msg`${token.source} is not sent to ${url.value.href}, a server named only by the project file ${files.url.source}`,
      msg`choose the server for this token with ${ours(token.source === '--token' ? '--url' : 'WLI_URL (or --url)')}, or put the token in [keys] of your user configuration file`,
    );
  }
  if (!token && url) token = files.keys?.get(url.value.href.toLowerCase());
  if (token) refused ??= checkToken(token);
  return {
    url,
    urlText: url || !urlText ? undefined : { value: redactCredentials(urlText.value), source: urlText.source },
    token,
    defaultTarget: files.translation,
    files: files.files ?? [],
    section: files.section ?? { value: 'weblate', source: 'default' },
    // --jq filters JSON: without -f it is -f json (as gh api --jq, the whole answer), and asks for data as -f does.
    format: flags.format ?? (flags.jq !== undefined ? 'json' : DEFAULTS.format),
    formatGiven: flags.format !== undefined || flags.jq !== undefined,
    fields: flags.fields,
    wrap: !!flags.wrap,
    sort: flags.sort,
    noHeaders: flags.headers === false,
    jq: flags.jq,
    // At least 1 ms: a timer of 0 would fire before any answer could arrive.
    timeoutMs: Math.max(1, Math.round((flags.timeout ?? DEFAULTS.timeoutSeconds) * 1000)),
    retries: flags.retries ?? DEFAULTS.retries,
    concurrency: flags.concurrency ?? DEFAULTS.concurrency,
    pageSize: flags.pageSize ?? DEFAULTS.pageSize,
    allowInsecureHttp: !!flags.allowInsecureHttp,
    noColor: flags.color === false,
    noPager: flags.pager === false,
    quiet: !!flags.quiet,
    verbose: !!flags.verbose || !!flags.debug,
    debug: !!flags.debug,
    refused,
  };
}
