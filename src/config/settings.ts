// Global options → validated settings, each value with the place it came from.
// Precedence: flags > environment > project file > user file (files: see config/files.ts).
import { UsageError } from '../api/errors.js';
import { normalizeApiBase } from '../api/base-url.js';
import { FORMATS, type Format } from '../spec.js';
import { parseFields } from '../output/fields.js';

export interface GlobalFlags {
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
  /** "--url", "WLI_URL", or a file path. */
  source: string;
}

export interface Settings {
  url?: Sourced<URL>;
  token?: Sourced<string>;
  defaultTarget?: Sourced<string>;
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

/** Chosen by measurement (see README, Performance). */
export const DEFAULT_PAGE_SIZE = 100;

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

export interface FileValues {
  url?: Sourced<string>;
  token?: Sourced<string>;
  translation?: Sourced<string>;
}

export function resolveSettings(flags: GlobalFlags, env: Record<string, string | undefined>, files: FileValues = {}): Settings {
  const format = (flags.format ?? 'table') as Format;
  if (!FORMATS.includes(format)) {
    throw new UsageError(`invalid --format '${flags.format}'`, `expected one of ${FORMATS.join(', ')}`);
  }
  const pick = (flag: string, flagValue: string | undefined, envNames: string[], file?: Sourced<string>): Sourced<string> | undefined => {
    if (flagValue !== undefined) return { value: flagValue, source: flag };
    for (const name of envNames) if (env[name]) return { value: env[name]!, source: name };
    return file;
  };
  const urlText = pick('--url', flags.url, ['WLI_URL', 'WLC_URL'], files.url);
  const url = urlText ? { value: normalizeApiBase(urlText.value), source: urlText.source } : undefined;
  const token = pick('--token', flags.token, ['WLI_TOKEN', 'WLC_KEY'], files.token);
  const timeout = flags.timeout === undefined ? 30 : Number(flags.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || flags.timeout?.trim() === '') {
    throw new UsageError(`invalid --timeout '${flags.timeout}'`, 'expected a number of seconds above 0, e.g. --timeout 60');
  }
  return {
    url,
    token: token && token.value !== '' ? token : undefined,
    defaultTarget: files.translation,
    format,
    fields: parseFields(flags.fields),
    timeoutMs: Math.round(timeout * 1000),
    retries: integer('--retries', flags.retries, 3, 0, 20),
    concurrency: integer('--concurrency', flags.concurrency, 4, 1, 32),
    pageSize: integer('--page-size', flags.pageSize, DEFAULT_PAGE_SIZE, 1, 1000),
    allowInsecureHttp: !!flags.allowInsecureHttp,
    noColor: flags.color === false,
    quiet: !!flags.quiet,
    verbose: !!flags.verbose || !!flags.debug,
    debug: !!flags.debug,
  };
}
