// Messages for stderr, built so the one output layer (io/streams.ts) can tell our own words from
// text that came from outside: the server, a configuration file, the environment, the command line.
// Our words are shown as written; outside text is shown with secrets masked, credentials in URLs
// redacted, its length bounded and control characters escaped. Only the escaping applies to both.
import { plainText } from './values.js';
import { SHORT_SECRET_CHARS } from './limits.js';

/** A piece of outside text inside a message. */
interface Outside {
  readonly outside: string;
}

type Part = string | Outside;

/** A message: our literal words, and values from outside. */
export class Msg {
  constructor(readonly parts: readonly Part[]) {}

  /** The plain text, unmasked: for Error.message and tests, never for a stream. */
  toString(): string {
    return this.parts.map((p) => (typeof p === 'string' ? p : p.outside)).join('');
  }
}

/**
 * msg`GET ${url} failed: ${detail}`: the template's literal text is ours, every interpolated value is
 * outside text. A Msg interpolated into another keeps its parts (and so their trust).
 */
export function msg(strings: TemplateStringsArray, ...values: unknown[]): Msg {
  const parts: Part[] = [];
  strings.forEach((s, i) => {
    if (s !== '') parts.push(s);
    if (i < values.length) {
      const v = values[i];
      if (v instanceof Msg) parts.push(...v.parts);
      else parts.push({ outside: plainText(v) });
    }
  });
  return new Msg(parts);
}

/** Words our own code chose (a constant, a name from a table of ours): shown as written. */
export function ours(text: string): Msg {
  return new Msg([text]);
}

/** Text of unknown origin (a library's message, an exception): all of it treated as outside text. */
export function outside(text: unknown): Msg {
  return text instanceof Msg ? text : new Msg([{ outside: plainText(text) }]);
}

// C0 (all of them), DEL, C1, bidi embeddings/overrides/isolates, marks, line/paragraph separators,
// and the BOM: all of them can rearrange or hide what a terminal shows. (Global: for replace().)
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's job
export const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** Shows every control character as a visible escape (\n, \t, \e, \x9b, \u202e). */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

// scheme://user:password@host… anywhere in a text (an echoed URL, a proxy variable). Up to the last
// @ before the path, as a URL parser reads it: a password may hold an @ (user:p@ss@host).
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s]*@/gi;

/** `https://user:pw@host/` → `https://<credentials>@host/`, wherever a URL appears in the text. */
export function redactCredentials(text: string): string {
  return text.replace(USERINFO, '$1<credentials>@');
}

/** Longest piece of outside text shown in one message: a 1 MB error detail must not become a 1 MB line. */
export const MAX_OUTSIDE_CHARS = 500;

function bound(text: string, max = MAX_OUTSIDE_CHARS): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two.
  let end = max;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

const REDACTED = '<redacted>';

// A letter, digit or underscore: what a token continues with, so a short token next to one is part
// of another word ("x" in "cs.xml"), not the token.
const TOKEN_CHAR = '[\\p{L}\\p{N}_]';

/** A short secret where it stands alone: after `Token `, in a URL's userinfo or query, quoted, a word of its own. */
function standingAlone(secret: string): RegExp {
  const literal = secret.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  return new RegExp(`(?<!${TOKEN_CHAR})${literal}(?!${TOKEN_CHAR})`, 'gu');
}

/**
 * Secrets replaced by <redacted>: one of SHORT_SECRET_CHARS or more wherever it appears; a shorter one
 * (a test token such as `x`) only where it stands alone, so `saved cs.xml` is not garbled, while
 * `Token x`, `https://u:x@host/` and `?key=x` are still masked.
 */
export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s === '' || !out.includes(s)) continue;
    out = s.length >= SHORT_SECRET_CHARS ? out.split(s).join(REDACTED) : out.replace(standingAlone(s), REDACTED);
  }
  return out;
}

/** How outside text is shown on a terminal: secrets masked, credentials redacted, bounded, escaped. */
export function cleanOutside(text: string, secrets: readonly string[]): string {
  return escapeControl(bound(redactCredentials(mask(text, secrets))));
}

/** One line for stderr: our words escaped (they hold no control characters anyway), outside text cleaned. */
export function renderMsg(m: Msg, secrets: readonly string[]): string {
  let out = '';
  for (const p of m.parts) out += typeof p === 'string' ? escapeControl(p) : cleanOutside(p.outside, secrets);
  return out;
}
