// Lossless JSON codec for Weblate responses.
// Decision: we do NOT use json-bigint (the design card's pick). With every option set it throws on
// valid numbers (1e400 "Bad number"; useNativeBigInt throws on long decimals), rewrites literals
// (100.0 -> 100, 1E5 -> 100000, -0 -> 0, 30-digit ints -> 1.23e+29), types numbers by digit count,
// returns null-prototype objects, throws non-Error objects, accepts invalid JSON (01, "1.", raw
// control chars) and overflows the stack on deep nesting (measured with json-bigint 1.0.0). Nor
// lossless-json: it is exact, but 7-8x slower than this codec on a 1000-unit page, where wli spends
// most of a long list's time. `npm run bench` (scenario json) keeps both rows: speed on the same page
// and whether a page and a set of tricky literals come back exactly as the server wrote them.

import { EXACT_NUMBER } from '../core/values.js';
import { JSON_INDENT_DEPTH } from '../core/limits.js';

/** Passed by the parser, which has just validated the literal, so the constructor need not check it again. */
const TRUSTED: unique symbol = Symbol('validated literal');

/** A JSON number whose literal text JS cannot reproduce from a double (see {@link parseJson}). */
export class LosslessNumber {
  readonly raw: string;
  /** How core/values.ts knows an exact number without loading this module. */
  readonly [EXACT_NUMBER] = true;

  constructor(raw: string, trust?: typeof TRUSTED) {
    if (trust !== TRUSTED && (typeof raw !== 'string' || !isJsonNumberText(raw))) {
      throw new TypeError(`LosslessNumber: not a JSON number literal: ${String(raw)}`);
    }
    this.raw = raw;
  }

  /** Number(raw): for comparisons and arithmetic; may lose precision. */
  valueOf(): number {
    return Number(this.raw);
  }

  toString(): string {
    return this.raw;
  }

  /** raw, so an accidental JSON.stringify shows something sane (stringifyJson emits it unquoted). */
  toJSON(key?: string): string {
    // JSON.stringify always passes the property key; a bare call from user code gets raw even
    // while stringifyJson is capturing.
    if (lnCapture !== null && typeof key === 'string') {
      lnCapture.push(this.raw);
      return LN_TOKEN;
    }
    return this.raw;
  }
}

export function isLosslessNumber(v: unknown): v is LosslessNumber {
  return v instanceof LosslessNumber;
}

export class JsonSyntaxError extends Error {
  readonly position: number;

  constructor(reason: string, position: number) {
    super(`${reason} at position ${position}`);
    this.name = 'JsonSyntaxError';
    this.position = position;
  }
}

/**
 * A JSON number literal as parseJson gives it: a number when JS writes it back as the same text, else
 * a LosslessNumber (an id beyond 2^53 keeps its digits); undefined for text that is no literal.
 */
export function numberOfText(raw: string): number | LosslessNumber | undefined {
  if (!isJsonNumberText(raw)) return undefined;
  return String(Number(raw)) === raw ? Number(raw) : new LosslessNumber(raw, TRUSTED);
}

/** The decimal text of a number as the server sent it (for numbers from parseJson, String(n) is that text). */
export function numberText(v: number | LosslessNumber | bigint): string {
  if (v instanceof LosslessNumber) return v.raw;
  return String(v);
}

// ---------------------------------------------------------------------------------------------
// Parsing
//
// parseJson() first tries a hybrid. A cheap scan (strings skipped with indexOf) validates and
// classifies every number literal outside strings and counts the ':' members. Native JSON.parse
// (which already creates "__proto__" as an own data property) then builds the tree, and one walk
// in document order swaps the lossy doubles of the non-"safe" literals (String(Number(raw)) !==
// raw) for LosslessNumber objects, matched by their ordinal among all number literals. That match
// is exact because the walk also proves that for-in order equals document order: no member was
// lost to a duplicate key (member count == ':' count), no key starts with a digit (array-index
// keys are enumerated first) and Object.prototype has no enumerable properties. Anything else
// (invalid JSON, those cases, very deep nesting in the walk) goes to parseJsonPure(), a complete
// iterative RFC 8259 parser giving the same values and precise error positions.
// ---------------------------------------------------------------------------------------------

/** Parses JSON text; numbers JS would print differently become LosslessNumber. Throws JsonSyntaxError. */
export function parseJson(text: string): unknown {
  if (typeof text !== 'string') text = String(text);
  let result: unknown;
  try {
    result = parseHybrid(text);
  } catch {
    result = FALLBACK;
  }
  return result === FALLBACK ? parseJsonPure(text) : result;
}

const FALLBACK: unique symbol = Symbol('fallback');

/**
 * What an earlier pass over a JSON text found of its numbers and members (codec/list-layout.ts reads a
 * list answer's every token), so that parsing it need not scan it again: how many number literals and
 * members it holds, and the literals that might not print back as they were written (all but plain
 * integers of up to 15 digits), each with its ordinal among all the number literals.
 */
export interface KnownLiterals {
  numbers: number;
  members: number;
  unsure: Array<{ ordinal: number; raw: string }>;
}

/**
 * Whether a number literal is what JavaScript prints for its double, so a plain number holds it exactly
 * (rule 1 of parseJson): the one test of scanNumber and parseJsonKnown.
 */
function printsBack(raw: string): boolean {
  const digits = raw.length - (raw.charCodeAt(0) === 45 ? 1 : 0);
  // An integer of 18+ digits prints (if at all) as <= 17 significant digits padded with zeros, so a
  // last digit other than 0 proves it does not, without the costly number-to-string conversion.
  if (digits >= 18 && raw.charCodeAt(raw.length - 1) !== 48 && /^-?\d+$/.test(raw)) return false;
  return String(+raw) === raw;
}

/**
 * parseJson of a text already proven JSON by a pass that found its literals: the same values (the same
 * checks of the walk, the same fallback), without the scan.
 */
export function parseJsonKnown(text: string, known: KnownLiterals): unknown {
  const exact = exactOf(known);
  let result: unknown;
  try {
    result = parseTree(text, exact, known.numbers, known.members);
  } catch {
    result = FALLBACK;
  }
  return result === FALLBACK ? parseJsonPure(text) : result;
}

/**
 * parseJsonKnown of a JSON array given as its elements' texts, in order (`known` counts them all): the
 * same values, without making the array's text. A page of 250 units is 190 KB of text: as one string,
 * over V8's 128 KB, it is a large object, and decoding into one measured 200-290 MB/s against 2-13 GB/s
 * for smaller strings (Node 20 and 24, the machine of docs/performance.md) — a fifth of the CPU of
 * `units -f csv`. Its items' own texts are small.
 */
export function parseJsonKnownEach(texts: readonly string[], known: KnownLiterals): unknown[] {
  const exact = exactOf(known);
  let result: unknown;
  try {
    const roots = texts.map((t): unknown => {
      const root: unknown = JSON.parse(t);
      return root;
    });
    result = exact === null ? roots : walked(roots, exact, known.numbers, known.members);
  } catch {
    result = FALLBACK;
  }
  // Each text's tree, in a list: roots as made, or walked with the exact literals put in place.
  if (result !== FALLBACK && Array.isArray(result)) return result;
  const all = parseJsonPure(`[${texts.join(',')}]`);
  return Array.isArray(all) ? all : [];
}

/** The literals that do not print back, made exact, with their ordinals; null when there are none. */
function exactOf(known: KnownLiterals): { lns: LosslessNumber[]; ords: number[] } | null {
  let lns: LosslessNumber[] | null = null;
  let ords: number[] | null = null;
  for (const { ordinal, raw } of known.unsure) {
    if (printsBack(raw)) continue;
    (lns ??= []).push(new LosslessNumber(raw, TRUSTED)); // proven a literal by the pass
    (ords ??= []).push(ordinal);
  }
  return lns === null ? null : { lns, ords: ords as number[] };
}

/** The scanners' state for one parse, passed explicitly: nothing is kept between parses. */
interface Cursor {
  /** Out-parameter of the scanners: index just after the scanned token. */
  end: number;
  /** Keys seen in this parse, by hash (see scanKey); the pure parser only. */
  keys?: (string | undefined)[];
}

const EMPTY = {};

/** The state of one walk of parseTree over a parsed tree. */
interface Walk {
  num: number; // number values seen so far (document order)
  keys: number; // object members seen so far
  next: number; // index into ord/lns of the next lossless literal
  ord: number[]; // ordinal (among all number literals) of each lossless literal
  lns: LosslessNumber[];
  bad: boolean; // saw a key for which for-in order may differ from document order
}

function parseHybrid(text: string): unknown {
  const n = text.length;
  const cur: Cursor = { end: 0 };
  let lns: LosslessNumber[] | null = null;
  let ords: number[] | null = null;
  let numbers = 0;
  let colons = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let j = text.indexOf('"', i + 1);
      while (j !== -1 && text.charCodeAt(j - 1) === 92 && isEscapedQuote(text, j)) j = text.indexOf('"', j + 1);
      if (j === -1) return FALLBACK;
      i = j + 1;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const v = scanNumber(text, i, cur); // throws on bad grammar → caller falls back
      if (typeof v !== 'number') {
        if (lns === null) {
          lns = [];
          ords = [];
        }
        lns.push(v);
        (ords as number[]).push(numbers);
      }
      numbers++;
      i = cur.end;
    } else {
      if (c === 58) colons++;
      i++;
    }
  }
  return parseTree(text, lns === null ? null : { lns, ords: ords as number[] }, numbers, colons);
}

/**
 * A JSON text without its insignificant whitespace (string contents untouched): how an item of a
 * server that writes ", " separators becomes the same compact text a compact server sends.
 */
export function compactText(json: string): string {
  let out = '';
  let from = 0;
  const n = json.length;
  for (let i = 0; i < n; i++) {
    const c = json.charCodeAt(i);
    if (c === 34) {
      // skip the string: to its unescaped closing quote
      let j = json.indexOf('"', i + 1);
      while (j !== -1 && isEscapedQuote(json, j)) j = json.indexOf('"', j + 1);
      i = j === -1 ? n : j;
    } else if (c === 32 || c === 10 || c === 13 || c === 9) {
      out += json.slice(from, i);
      let j = i + 1;
      while (j < n && (json.charCodeAt(j) === 32 || json.charCodeAt(j) === 10 || json.charCodeAt(j) === 13 || json.charCodeAt(j) === 9)) j++;
      from = j;
      i = j - 1;
    }
  }
  return from === 0 ? json : out + json.slice(from);
}

function parseTree(text: string, exact: { lns: LosslessNumber[]; ords: number[] } | null, numbers: number, colons: number): unknown {
  const root: unknown = JSON.parse(text);
  if (exact === null) return root;
  if (typeof root !== 'object' || root === null) return exact.lns[0]; // the whole text was one lossless number
  return walked(root, exact, numbers, colons);
}

/** The parsed tree with the exact literals put in place by document order; FALLBACK when that order cannot be trusted. */
function walked(root: object, { lns, ords }: { lns: LosslessNumber[]; ords: number[] }, numbers: number, colons: number): unknown {
  for (const _inherited in EMPTY) return FALLBACK; // enumerable Object.prototype pollution: for-in unreliable
  const w: Walk = { num: 0, keys: 0, next: 0, ord: ords, lns, bad: false };
  walkInPlace(root, w);
  // Document order = for-in order unless a duplicate key was dropped (member count differs) or an
  // integer-like key was hoisted (w.bad); then the assignment above may be wrong: start over.
  return !w.bad && w.keys === colons && w.num === numbers && w.next === lns.length ? root : FALLBACK;
}

function walkInPlace(node: object, w: Walk): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const e: unknown = node[i];
      if (typeof e === 'number') {
        if (w.ord[w.next] === w.num) node[i] = takeLossless(e, w);
        w.num++;
      } else if (typeof e === 'object' && e !== null) walkInPlace(e, w);
    }
  } else {
    const obj = node as Record<string, unknown>;
    for (const k in obj) {
      w.keys++;
      const k0 = k.charCodeAt(0);
      if (k0 >= 48 && k0 <= 57) w.bad = true;
      const e = obj[k];
      if (typeof e === 'number') {
        if (w.ord[w.next] === w.num) setProp(obj, k, takeLossless(e, w));
        w.num++;
      } else if (typeof e === 'object' && e !== null) walkInPlace(e, w);
    }
  }
}

function takeLossless(parsed: number, w: Walk): LosslessNumber {
  const ln = w.lns[w.next++] as LosslessNumber;
  if (!Object.is(Number(ln.raw), parsed)) w.bad = true; // order mismatch: cannot happen when the checks pass
  return ln;
}

function isEscapedQuote(text: string, j: number): boolean {
  let k = j - 1;
  while (text.charCodeAt(k) === 92) k--;
  return ((j - 1 - k) & 1) === 1;
}

function setProp(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

function skipWs(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

function fail(text: string, i: number): never {
  if (i >= text.length) throw new JsonSyntaxError('Unexpected end of JSON input', text.length);
  throw new JsonSyntaxError(`Unexpected token ${showChar(text, i)}`, i);
}

function showChar(text: string, i: number): string {
  const cp = text.codePointAt(i);
  if (cp === undefined) return 'end of input';
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfeff || cp === 0x2028 || cp === 0x2029) {
    return '\\u' + cp.toString(16).padStart(4, '0');
  }
  return String.fromCodePoint(cp);
}

/**
 * The same result as parseJson, computed by the pure-JS scanner only (no native JSON.parse).
 * Iterative, so nesting depth is limited only by memory. Exported for tests and benchmarks.
 */
export function parseJsonPure(text: string): unknown {
  if (typeof text !== 'string') text = String(text);
  return parseScanner(text, { end: 0, keys: new Array<string | undefined>(KEY_CACHE_SIZE) });
}

// One function on purpose (about 90 lines): the scanner's state (position, stack, pending key) lives in
// locals of one loop, which V8 keeps in registers; split into calls it measured slower on big pages
// (npm run bench, json rows).
// eslint-disable-next-line max-lines-per-function -- the hot loop above, kept whole for speed
function parseScanner(text: string, cur: Cursor): unknown {
  const n = text.length;
  const stack: unknown[] = [];
  const keys: string[] = [];
  let depth = 0;
  let i = 0;
  let value: unknown;
  for (;;) {
    // ---- one value starting at i
    i = skipWs(text, i);
    let c = text.charCodeAt(i);
    if (c === 34) {
      value = scanString(text, i, cur);
      i = cur.end;
    } else if (c === 123) {
      i = skipWs(text, i + 1);
      c = text.charCodeAt(i);
      if (c === 125) {
        value = {};
        i++;
      } else {
        if (c !== 34) fail(text, i);
        keys[depth] = scanKey(text, i, cur);
        i = skipWs(text, cur.end);
        if (text.charCodeAt(i) !== 58) fail(text, i);
        i++;
        stack[depth++] = {};
        continue;
      }
    } else if (c === 91) {
      i = skipWs(text, i + 1);
      if (text.charCodeAt(i) === 93) {
        value = [];
        i++;
      } else {
        keys[depth] = '';
        stack[depth++] = [];
        continue;
      }
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      value = scanNumber(text, i, cur);
      i = cur.end;
    } else if (c === 116) {
      i = scanWord(text, i, 'true');
      value = true;
    } else if (c === 102) {
      i = scanWord(text, i, 'false');
      value = false;
    } else if (c === 110) {
      i = scanWord(text, i, 'null');
      value = null;
    } else {
      fail(text, i);
    }
    // ---- attach the value; close every container that ends here
    for (;;) {
      i = skipWs(text, i);
      if (depth === 0) {
        if (i < n) fail(text, i);
        return value;
      }
      const top = stack[depth - 1];
      c = text.charCodeAt(i);
      if (Array.isArray(top)) {
        top.push(value);
        if (c === 44) {
          i++;
          break;
        }
        if (c !== 93) fail(text, i);
      } else {
        setProp(top as Record<string, unknown>, keys[depth - 1] as string, value);
        if (c === 44) {
          i = skipWs(text, i + 1);
          if (text.charCodeAt(i) !== 34) fail(text, i);
          keys[depth - 1] = scanKey(text, i, cur);
          i = skipWs(text, cur.end);
          if (text.charCodeAt(i) !== 58) fail(text, i);
          i++;
          break;
        }
        if (c !== 125) fail(text, i);
      }
      i++;
      value = top;
      stack[--depth] = undefined;
    }
  }
}

/**
 * Object keys repeat (every unit has the same ~30 keys), so keys are memoised by a hash computed
 * while scanning: a hit returns the string already used as a property name (no allocation, no
 * re-internalisation). Only keys without escapes are cached, so the raw text equals the key.
 */
const KEY_CACHE_SIZE = 1024;

function scanKey(text: string, start: number, cur: Cursor): string {
  const keyCache = cur.keys!;
  const n = text.length;
  let j = start + 1;
  let h = 0;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 34) break;
    if (c === 92 || c < 32 || j >= n) return scanStringSlow(text, start + 1, j, cur);
    h = (Math.imul(h, 31) + c) | 0;
    j++;
  }
  cur.end = j + 1;
  const len = j - start - 1;
  const slot = (h ^ (h >>> 10) ^ len) & (KEY_CACHE_SIZE - 1);
  const cached = keyCache[slot];
  if (cached !== undefined && cached.length === len && text.startsWith(cached, start + 1)) return cached;
  const key = text.slice(start + 1, j);
  keyCache[slot] = key;
  return key;
}

function scanWord(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) {
    if (text.charCodeAt(i + k) !== word.charCodeAt(k)) fail(text, i + k);
  }
  return i + word.length;
}

/** Scans a string token starting at the opening quote; sets cur.end after the closing quote. */
function scanString(text: string, start: number, cur: Cursor): string {
  const n = text.length;
  let j = start + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 34) {
      cur.end = j + 1;
      return text.slice(start + 1, j);
    }
    if (c === 92 || c < 32 || j >= n) break;
    j++;
  }
  return scanStringSlow(text, start + 1, j, cur);
}

function scanStringSlow(text: string, chunk: number, j: number, cur: Cursor): string {
  const n = text.length;
  let out = '';
  for (;;) {
    if (j >= n) fail(text, n);
    const c = text.charCodeAt(j);
    if (c === 34) {
      cur.end = j + 1;
      return out + text.slice(chunk, j);
    }
    if (c < 32) throw new JsonSyntaxError('Bad control character in string literal', j);
    if (c !== 92) {
      j++;
      continue;
    }
    out += text.slice(chunk, j);
    j++;
    switch (text.charCodeAt(j)) {
      case 34:
        out += '"';
        break;
      case 92:
        out += '\\';
        break;
      case 47:
        out += '/';
        break;
      case 98:
        out += '\b';
        break;
      case 102:
        out += '\f';
        break;
      case 110:
        out += '\n';
        break;
      case 114:
        out += '\r';
        break;
      case 116:
        out += '\t';
        break;
      case 117: {
        let u = 0;
        for (let k = 1; k <= 4; k++) {
          const h = hexValue(text.charCodeAt(j + k));
          if (h < 0) {
            if (j + k >= n) fail(text, n);
            throw new JsonSyntaxError('Bad Unicode escape', j + k);
          }
          u = u * 16 + h;
        }
        out += String.fromCharCode(u);
        j += 4;
        break;
      }
      default:
        if (j >= n) fail(text, n);
        throw new JsonSyntaxError('Bad escaped character', j);
    }
    j++;
    chunk = j;
  }
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Scans a number token (RFC 8259 grammar) starting at i; sets cur.end. Returns a plain number exactly
 * when String(Number(raw)) === raw, else a LosslessNumber carrying raw.
 */
function scanNumber(text: string, i: number, cur: Cursor): number | LosslessNumber {
  let j = i;
  let c = text.charCodeAt(j);
  const neg = c === 45;
  if (neg) c = text.charCodeAt(++j);
  let acc = 0;
  if (c === 48) {
    c = text.charCodeAt(++j);
  } else if (c >= 49 && c <= 57) {
    do {
      acc = acc * 10 + (c - 48);
      c = text.charCodeAt(++j);
    } while (c >= 48 && c <= 57);
  } else {
    fail(text, j);
  }
  const intDigits = j - i - (neg ? 1 : 0);
  let simple = true;
  if (c === 46) {
    simple = false;
    c = text.charCodeAt(++j);
    if (!isDigit(c)) fail(text, j);
    do c = text.charCodeAt(++j);
    while (c >= 48 && c <= 57);
  }
  if (c === 101 || c === 69) {
    simple = false;
    c = text.charCodeAt(++j);
    if (c === 43 || c === 45) c = text.charCodeAt(++j);
    if (!isDigit(c)) fail(text, j);
    do c = text.charCodeAt(++j);
    while (c >= 48 && c <= 57);
  }
  cur.end = j;
  if (simple && intDigits <= 15) {
    // Exact in a double and printed back identically (no leading zeros by grammar) — except "-0".
    if (!neg) return acc;
    if (acc !== 0) return -acc;
  }
  const raw = text.slice(i, j);
  if (printsBack(raw)) return +raw;
  return new LosslessNumber(raw, TRUSTED); // the scan above validated the literal
}

/** Whether s is exactly one RFC 8259 number literal. */
function isJsonNumberText(s: string): boolean {
  const n = s.length;
  let j = 0;
  let c = s.charCodeAt(0);
  if (c === 45) c = s.charCodeAt(++j);
  if (c === 48) c = s.charCodeAt(++j);
  else if (c >= 49 && c <= 57) {
    do c = s.charCodeAt(++j);
    while (c >= 48 && c <= 57);
  } else return false;
  if (c === 46) {
    c = s.charCodeAt(++j);
    if (!isDigit(c)) return false;
    do c = s.charCodeAt(++j);
    while (c >= 48 && c <= 57);
  }
  if (c === 101 || c === 69) {
    c = s.charCodeAt(++j);
    if (c === 43 || c === 45) c = s.charCodeAt(++j);
    if (!isDigit(c)) return false;
    do c = s.charCodeAt(++j);
    while (c >= 48 && c <= 57);
  }
  return j === n;
}

// ---------------------------------------------------------------------------------------------
// Stringifying
//
// Fast path: native JSON.stringify, with LosslessNumber.toJSON switched into "capture" mode: it
// records its raw text and returns a per-process random token string. The output's quoted tokens
// are then replaced, in order, by the raw literals. If the count of tokens in the output differs
// from the number of captures (data containing the token, odd toJSON methods) or native throws
// (bigint values, nesting deep enough to overflow the stack), the serializer below is used.
//
// When: native stringify alone is the faster where nothing is exact (a page of translations, stats:
// compact about 1.5x the serializer's speed, indented the same). Where items hold exact numbers (every
// unit: id_hash, content_hash), native stringify calls toJSON for each and the substitution splits the
// whole text, and the serializer is faster: 0.70x the time compact, 0.95x at indent 2 (npm run bench,
// json rows), and `units -f json` of 100,000 units 0.88x the CPU end to end (farm-bench). So an item
// holding an exact number among its own values goes to the serializer.
//
// The serializer follows JSON.stringify's algorithm (same layout for the same data). It is recursive
// while shallow; a subtree nested deeper than DEEP levels is written compact by an iterative loop,
// so a hostile 100,000-level value is written exactly and indentation cannot grow with the square of
// the depth.
// ---------------------------------------------------------------------------------------------

/**
 * The captures of the stringifyEach call in progress (saved and restored around nested calls): the one
 * piece of module state left in the codec, because LosslessNumber.toJSON, called by native
 * JSON.stringify with nothing but a key, has no other way to reach the call it serves. (JSON.rawJSON,
 * from Node 21, would let it go with Node 20.) Parsing keeps no state between calls.
 */
let lnCapture: string[] | null = null;
// Unguessable enough that no server text contains it by chance; correctness does not rest on it (a
// token that data does contain changes the count above, and the serializer takes over), so
// Math.random serves, and start-up loads no crypto module for it.
const LN_TOKEN = '\u0000wli-lossless-' + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
const LN_TOKEN_JSON = JSON.stringify(LN_TOKEN);

/** Nesting depth from which the serializer writes a subtree compact, iteratively. */
const DEEP = JSON_INDENT_DEPTH;

/**
 * The inverse of parseJson: LosslessNumber → raw literal, bigint → decimal digits, everything else
 * as JSON.stringify(value, null, indent) would write it (same layout; indent 0/undefined = compact).
 */
export function stringifyJson(value: unknown, indent?: number): string {
  return stringifyEach([value], indent, identity);
}

const identity = (json: string) => json;

/**
 * The JSON text of every item, each passed through `wrap` (a line ending, a comma), concatenated:
 * what a page of JSON Lines or of a JSON array needs. `inside`: how many levels the items are nested
 * at (an array's elements: 1), so their lines are indented for it. One native pass and one number
 * substitution for the whole page, or the serializer (see above) — several times cheaper than
 * stringifyJson per item.
 */
export function stringifyEach(items: readonly unknown[], indent: number | undefined, wrap: (json: string) => string, inside = 0): string {
  const gap = gapOf(indent);
  if (items.some(holdsExact)) return serializeEach(items, gap, wrap, inside);
  const outer = lnCapture;
  const captured: string[] = [];
  let out = '';
  let nativeOk = true;
  lnCapture = captured;
  try {
    for (let i = 0; i < items.length; i++) {
      const json = gap === '' ? JSON.stringify(items[i]) : JSON.stringify(items[i], null, gap);
      if (json === undefined) {
        nativeOk = false;
        break;
      }
      out += wrap(inside > 0 && gap !== '' ? json.replace(/\n/g, '\n' + gap.repeat(inside)) : json);
    }
  } catch {
    nativeOk = false;
  } finally {
    lnCapture = outer;
  }
  if (nativeOk) {
    if (captured.length === 0) return out;
    const parts = out.split(LN_TOKEN_JSON);
    const m = captured.length;
    if (parts.length === m + 1) {
      // interleave and join once (measurably cheaper than replaceAll with a callback)
      const pieces = new Array<string>(2 * m + 1);
      pieces[0] = parts[0] as string;
      for (let k = 0; k < m; k++) {
        pieces[2 * k + 1] = captured[k] as string;
        pieces[2 * k + 2] = parts[k + 1] as string;
      }
      return pieces.join('');
    }
  }
  return serializeEach(items, gap, wrap, inside);
}

/** stringifyEach by the serializer alone. */
function serializeEach(items: readonly unknown[], gap: string, wrap: (json: string) => string, inside: number): string {
  const cur = gap.repeat(inside);
  let out = '';
  for (const item of items) {
    const json = serialize(item, '', gap, cur, []);
    if (json === undefined) throw new TypeError(`stringifyJson: ${typeof item} is not serializable as JSON`);
    out += wrap(json);
  }
  return out;
}

/** Whether an item is, or holds among its own values, an exact number (a LosslessNumber or a bigint). */
function holdsExact(item: unknown): boolean {
  if (typeof item === 'bigint' || item instanceof LosslessNumber) return true;
  if (typeof item !== 'object' || item === null) return false;
  for (const k in item) {
    const v = (item as Record<string, unknown>)[k];
    if (typeof v === 'bigint' || v instanceof LosslessNumber) return true;
  }
  return false;
}

function gapOf(indent: number | undefined): string {
  if (indent === undefined) return '';
  const w = Math.min(10, Math.trunc(Number(indent)));
  return w >= 1 ? ' '.repeat(w) : '';
}

/** stringifyJson computed by the serializer only. Exported for tests and benchmarks. */
export function stringifyJsonPure(value: unknown, indent?: number): string {
  return serializeEach([value], gapOf(indent), identity, 0);
}

/** toJSON applied, boxed primitives unboxed: what JSON.stringify would serialize for this value. */
function prepare(value: unknown, key: string): unknown {
  let v = value;
  if (typeof v === 'object' && v !== null) {
    if (v instanceof LosslessNumber) return v;
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') v = toJSON.call(v, key);
  }
  if (typeof v === 'object' && v !== null) {
    if (v instanceof Number) return Number(v);
    if (v instanceof String) return String(v);
    if (v instanceof Boolean) return v.valueOf();
    if (v instanceof BigInt) return v.valueOf();
  }
  return v;
}

/** The text of a value that is not an array or object; undefined when it has none (skipped or null). */
function scalar(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return v.toString();
    case 'object':
      if (v === null) return 'null';
      if (v instanceof LosslessNumber) return v.raw;
      return undefined;
    default:
      return undefined; // undefined, function, symbol
  }
}

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null && !(v instanceof LosslessNumber);

function serialize(value: unknown, key: string, gap: string, cur: string, ancestors: object[]): string | undefined {
  const v = prepare(value, key);
  if (!isContainer(v)) return scalar(v);
  if (ancestors.length >= DEEP) return serializeDeep(v, ancestors);
  if (ancestors.includes(v)) throw new TypeError('Converting circular structure to JSON');
  ancestors.push(v);
  const inner = cur + gap;
  let s: string;
  if (Array.isArray(v)) {
    const len = v.length;
    if (len === 0) s = '[]';
    else {
      const sep = gap === '' ? ',' : ',\n' + inner;
      s = gap === '' ? '[' : '[\n' + inner;
      for (let i = 0; i < len; i++) {
        if (i > 0) s += sep;
        const item = serialize(v[i], String(i), gap, inner, ancestors);
        s += item === undefined ? 'null' : item;
      }
      s += gap === '' ? ']' : '\n' + cur + ']';
    }
  } else {
    const obj = v as Record<string, unknown>;
    const ks = Object.keys(obj);
    const sep = gap === '' ? ',' : ',\n' + inner;
    const colon = gap === '' ? ':' : ': ';
    let first = true;
    s = gap === '' ? '{' : '{\n' + inner;
    for (let i = 0; i < ks.length; i++) {
      const k = ks[i] as string;
      const item = serialize(obj[k], k, gap, inner, ancestors);
      if (item === undefined) continue;
      if (!first) s += sep;
      first = false;
      s += quote(k) + colon + item;
    }
    if (first) s = '{}';
    else s += gap === '' ? '}' : '\n' + cur + '}';
  }
  ancestors.pop();
  return s;
}

interface Frame {
  node: object;
  /** Object keys; undefined for an array. */
  keys?: string[];
  next: number;
  empty: boolean;
}

/** A deep subtree, compact, with an explicit stack instead of recursion: any depth, no stack overflow. */
function serializeDeep(root: object, ancestors: object[]): string {
  const open = new Set<object>(ancestors);
  const stack: Frame[] = [];
  let out = '';
  const enter = (node: object) => {
    if (open.has(node)) throw new TypeError('Converting circular structure to JSON');
    open.add(node);
    if (Array.isArray(node)) {
      out += '[';
      stack.push({ node, next: 0, empty: true });
    } else {
      out += '{';
      stack.push({ node, keys: Object.keys(node), next: 0, empty: true });
    }
  };
  enter(root);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.keys === undefined) {
      const a = f.node as unknown[];
      if (f.next >= a.length) {
        out += ']';
        open.delete(f.node);
        stack.pop();
        continue;
      }
      const i = f.next++;
      if (i > 0) out += ',';
      const v = prepare(a[i], String(i));
      if (isContainer(v)) enter(v);
      else out += scalar(v) ?? 'null';
    } else {
      if (f.next >= f.keys.length) {
        out += '}';
        open.delete(f.node);
        stack.pop();
        continue;
      }
      const k = f.keys[f.next++]!;
      const v = prepare((f.node as Record<string, unknown>)[k], k);
      const text = isContainer(v) ? undefined : scalar(v);
      if (!isContainer(v) && text === undefined) continue;
      if (!f.empty) out += ',';
      f.empty = false;
      out += quote(k) + ':';
      if (text !== undefined) out += text;
      else enter(v as object);
    }
  }
  return out;
}

/** JSON string literal; plain strings are wrapped directly, anything needing escapes goes to JSON.stringify. */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return '"' + s + '"';
}
