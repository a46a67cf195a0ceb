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

// The one set of characters not shown as themselves: C0 (all of them), DEL, C1, the soft hyphen, the
// combining grapheme joiner U+034F, the Hangul, Khmer, Mongolian and braille characters drawn as
// blank or nothing, zero-width spaces and joiners, bidi marks, embeddings, overrides and isolates,
// line and paragraph separators, the word joiner and invisible operators (U+2060-206F), the BOM,
// interlinear annotation, and the tag characters (U+E0000-E007F, which hide ASCII inside a word). Each
// can hide, split, reorder or draw over what a terminal, an editor or a file list shows: a slug `c`
// U+200B `s` reads as `cs`. The placement rule refuses a file name holding any of them
// (files/placement.ts); every writer shows them escaped on a terminal (escapeUnshown), but for a
// joiner doing visible work (joinerAt). Into a pipe or a file the bytes stay exact.
// U+034F stands apart: in a class it would read as combined with the one before.
const UNSHOWN_SOURCE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching controls and lone joiners is this set's job
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]|\u034f/u
    .source;
/** Every character of the set (global: for replace()). */
// eslint-disable-next-line no-misleading-character-class -- as above
export const UNSHOWN = new RegExp(UNSHOWN_SOURCE, 'gu');
// eslint-disable-next-line no-misleading-character-class -- as above
const ONE_UNSHOWN = new RegExp(UNSHOWN_SOURCE, 'u');

/** The first character of the set in `text`, if any. */
export function firstUnshown(text: string): string | undefined {
  return ONE_UNSHOWN.exec(text)?.[0];
}

// A joiner that joins is seen in what it does: ZWJ inside an emoji sequence (👩 ZWJ 💻 is one
// glyph), ZWJ or ZWNJ between letters of a script that shapes them (Persian's ZWNJ, an Indic
// half-form). Escaping those would make every such translation unreadable on a terminal, and one
// cannot make a name read as another: its neighbours are not Latin letters, digits or punctuation.
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const SHAPING =
  /^[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]$/u;
/** What may stand between a joiner and the character it joins: marks (a virama, a vowel sign, VS16) and skin tones. */
const ATTACHED = /^[\p{M}\p{Emoji_Modifier}]$/u;
/** At most this many attached characters are looked past (no quadratic walk over a run of marks). */
const MAX_ATTACHED = 8;

/** The character before `at`, looking past what is attached to it. */
function baseBefore(text: string, at: number): string | undefined {
  let i = at;
  for (let n = 0; i > 0 && n <= MAX_ATTACHED; n++) {
    let j = i - 1;
    const lo = text.charCodeAt(j);
    if (lo >= 0xdc00 && lo <= 0xdfff && j > 0 && (text.charCodeAt(j - 1) & 0xfc00) === 0xd800) j--;
    const c = text.slice(j, i);
    if (!ATTACHED.test(c)) return c;
    i = j;
  }
  return undefined;
}

/** Whether the character `c` at `at` of `text` is a joiner doing visible work (see above). */
function joinerAt(c: string, at: number, text: string): boolean {
  if (c !== '\u200d' && c !== '\u200c') return false;
  const next = text.codePointAt(at + 1);
  const prev = baseBefore(text, at);
  if (next === undefined || prev === undefined) return false;
  const after = String.fromCodePoint(next);
  if (c === '\u200d' && PICTOGRAPH.test(prev) && PICTOGRAPH.test(after)) return true;
  return SHAPING.test(prev) && SHAPING.test(after);
}

/**
 * Every character of UNSHOWN in `text` replaced by `escape(c, at, text)`, but a joiner doing visible
 * work: the one way server text is made safe for a terminal (escapeControl, JSON on a terminal, the
 * GitHub runner's log).
 */
export function escapeUnshown(text: string, escape: (c: string, at: number, text: string) => string): string {
  // Most text holds none: a test first spares the replace (a table escapes every cell).
  if (!ONE_UNSHOWN.test(text)) return text;
  return text.replace(UNSHOWN, (c, at: number, all: string) => (joinerAt(c, at, all) ? c : escape(c, at, all)));
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** One character of the set as a visible escape: \n, \t, \e, \x9b, \xad, \u200b, \u{e0041}. */
export function escapeChar(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.codePointAt(0);
  if (code === undefined) return c;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Shows every character of UNSHOWN as a visible escape (escapeChar), but a joiner doing visible work. */
export function escapeControl(text: string): string {
  return escapeUnshown(text, escapeChar);
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
