// Where the items of a list answer lie in its bytes: one pass over the UTF-8 bytes that checks the whole
// answer is JSON (RFC 8259, every token and every string) and finds the array of items, each item's
// bytes and the bytes of its id, building none of it. The page reader hands pages out as these bytes
// and their layout; an item becomes objects only where it is used, in one synchronous step (see
// api/list-page.ts): a page's objects alive across an await are what made a long list's memory grow
// (docs/performance.md, issue 37). JSON Lines writes an item's bytes as they came, parsing nothing.
//
// Anything this pass does not read plainly gives no layout, and the caller parses the answer whole as
// before (parseJson, with its precise error for invalid JSON): not UTF-8, not JSON, a top level that is
// neither an object with the array under the items key nor an array, that key twice (JSON.parse keeps
// the last) or not an array, an item that is not an object. A key spelled with escapes is read as
// JSON.parse reads it.

import { isUtf8 } from 'node:buffer';

export interface ListLayout {
  /** The answer is the array itself (no envelope). */
  bare: boolean;
  /** The items array in the answer's bytes: its '[' and just after its ']'. */
  arrayStart: number;
  arrayEnd: number;
  /** Two per item: the offsets of its '{' and just after its '}'. */
  spans: number[];
  /** Two per item: the value of its id member (the last one, as JSON.parse keeps), or -1, -1 when it has none. */
  ids: number[];
  /** No whitespace between the tokens of any item: each item's bytes are its compact text. */
  compact: boolean;
  /** In the items array: how many number literals and members, and (three per literal: its ordinal, start, end) the literals other than plain integers of up to 15 digits (codec/json.ts KnownLiterals). */
  numbers: number;
  members: number;
  unsure: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The layout of a list answer; undefined when it is not one this pass reads (see the top of this file). */
export function listLayout(bytes: Uint8Array, itemsKey: string, idKey: string): ListLayout | undefined {
  if (!isUtf8(bytes)) return undefined;
  try {
    return scan(bytes, Buffer.from(itemsKey), Buffer.from(idKey));
  } catch (e) {
    if (e === INVALID) return undefined;
    throw e;
  }
}

/** Thrown inside the scan for anything it does not read plainly; caught once, above (one object: no stack taken each time). */
const INVALID = new Error('not a list answer this pass reads');

// One function on purpose, as the codec's parser: the scan's state lives in locals of one loop (no
// closures over them: V8 keeps locals in registers, captured ones in a context it reads each time).
// eslint-disable-next-line max-lines-per-function -- the hot loop, kept whole for speed
function scan(b: Uint8Array, itemsKey: Uint8Array, idKey: Uint8Array): ListLayout {
  const n = b.length;
  // open[d]: the closing byte of the container at depth d (1: the top level's own).
  let open = new Uint8Array(64);
  let depth = 0;
  let i = ws(b, 0);
  const bare = b[i] === 0x5b;
  if (!bare && b[i] !== 0x7b) throw INVALID;
  // The depth inside the items array; inside an item, one more.
  const arrayDepth = bare ? 1 : 2;
  const itemDepth = arrayDepth + 1;
  let arrayStart = bare ? i : -1;
  let arrayEnd = -1;
  let inArray = bare;
  let itemsNext = false; // the value after the items key is next
  let idNext = false; // the value after an item's id key is next
  let idStart = -1; // where the value of the item's id member began, while it is read
  const spans: number[] = [];
  const ids: number[] = [];
  let compact = true;
  let numbers = 0;
  let members = 0;
  const unsure: number[] = [];
  let j = 0;
  let keyNext = false; // a member's key comes next (an object opened, or a comma in one)
  values: for (;;) {
    if (keyNext) {
      // ---- a member's key at i, and its colon
      keyNext = false;
      if (b[i] !== QUOTE) throw INVALID;
      j = string(b, i);
      const escaped = j < 0;
      if (escaped) j = ~j;
      if (inArray) members++;
      if (depth === itemDepth ? inArray : depth === 1 && !bare) {
        if (depth === 1) {
          if (isKey(b, i, j, escaped, itemsKey)) {
            if (arrayStart >= 0) throw INVALID; // the items key twice: JSON.parse keeps the last
            itemsNext = true;
          }
        } else if (isKey(b, i, j, escaped, idKey)) idNext = true;
      }
      i = ws(b, j);
      if (i !== j && inArray && depth >= itemDepth) compact = false;
      if (b[i] !== 0x3a) throw INVALID;
      j = i + 1;
      i = ws(b, j);
      if (i !== j && inArray && depth >= itemDepth) compact = false;
    }
    // ---- a value at i
    const c = b[i]!;
    if (idNext) {
      idStart = i;
      idNext = false;
    }
    if (c === 0x7b || c === 0x5b) {
      if (inArray && depth === arrayDepth) {
        if (c !== 0x7b) throw INVALID; // an item that is not an object
        spans.push(i, -1);
        ids.push(-1, -1);
      } else if (itemsNext) {
        if (c !== 0x5b) throw INVALID;
        arrayStart = i;
        inArray = true;
        itemsNext = false;
      }
      if (++depth === open.length) {
        const grown = new Uint8Array(open.length * 2);
        grown.set(open);
        open = grown;
      }
      const close = c === 0x7b ? 0x7d : 0x5d;
      open[depth] = close;
      j = ws(b, i + 1);
      if (j !== i + 1 && inArray && depth >= itemDepth) compact = false;
      i = j;
      if (b[i] !== close) {
        keyNext = c === 0x7b;
        continue;
      }
      // an empty container: closed below
    } else {
      if (itemsNext || (inArray && depth === arrayDepth)) throw INVALID; // the items key names no array; an item that is not an object
      if (c === QUOTE) {
        j = string(b, i);
        if (j < 0) j = ~j;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        j = number(b, i);
        if (inArray) {
          if (!plainInteger(b, i, j)) unsure.push(numbers, i, j);
          numbers++;
        }
      } else if (c === 0x74) j = word(b, i, TRUE);
      else if (c === 0x66) j = word(b, i, FALSE);
      else if (c === 0x6e) j = word(b, i, NULL);
      else throw INVALID;
      if (idStart === i && depth === itemDepth) {
        ids[ids.length - 2] = i;
        ids[ids.length - 1] = j;
        idStart = -1;
      }
      i = ws(b, j);
      if (i !== j && inArray && depth >= itemDepth) compact = false;
    }
    // ---- after a value: closing brackets, then a comma and the next member or value
    for (;;) {
      const d = b[i];
      if (d === open[depth]) {
        i++;
        if (inArray && depth === arrayDepth) {
          arrayEnd = i;
          if (!bare) inArray = false;
        } else if (inArray && depth === itemDepth) spans[spans.length - 1] = i;
        if (--depth === 0) break values;
        if (idStart >= 0 && depth === itemDepth) {
          ids[ids.length - 2] = idStart;
          ids[ids.length - 1] = i;
          idStart = -1;
        }
        j = i;
        i = ws(b, i);
        if (i !== j && inArray && depth >= itemDepth) compact = false;
        continue;
      }
      if (d !== 0x2c) throw INVALID;
      j = i + 1;
      i = ws(b, j);
      if (i !== j && inArray && depth >= itemDepth) compact = false;
      keyNext = open[depth] === 0x7d;
      continue values;
    }
  }
  if (ws(b, i) !== n || arrayStart < 0 || arrayEnd < 0) throw INVALID;
  return { bare, arrayStart, arrayEnd, spans, ids, compact, numbers, members, unsure };
}

/**
 * Whether the key token from `start` (its quote) to `end` (after its quote) is `key`; `escaped`: it
 * holds an escape, read as JSON.parse reads it.
 */
function isKey(b: Uint8Array, start: number, end: number, escaped: boolean, key: Uint8Array): boolean {
  if (escaped) {
    const text: unknown = JSON.parse(Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('utf8'));
    return typeof text === 'string' && Buffer.from(text).equals(key);
  }
  if (end - start - 2 !== key.length) return false;
  for (let k = 0; k < key.length; k++) if (b[start + 1 + k] !== key[k]) return false;
  return true;
}

/** JSON's whitespace from i on; returns the first other byte's offset. */
function ws(b: Uint8Array, i: number): number {
  let c = b[i];
  // No token starts below '"' but whitespace: one comparison for the common case, a token at i.
  if (c! > 0x20) return i;
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
  return i;
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');

function word(b: Uint8Array, i: number, w: Uint8Array): number {
  for (let k = 0; k < w.length; k++) if (b[i + k] !== w[k]) throw INVALID;
  return i + w.length;
}

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

/** A number literal (proven one) that is an integer of up to 15 digits other than -0: exact as a double, printed back as written. */
function plainInteger(b: Uint8Array, start: number, end: number): boolean {
  const neg = b[start] === 0x2d;
  const from = neg ? start + 1 : start;
  if (end - from > 15 || (neg && b[from] === 0x30)) return false;
  for (let k = from; k < end; k++) if (!isDigit(b[k])) return false;
  return true;
}

/** A number literal (RFC 8259's grammar) at i; returns just after it. */
function number(b: Uint8Array, i: number): number {
  let c = b[i];
  if (c === 0x2d) c = b[++i];
  if (c === 0x30) c = b[++i];
  else if (isDigit(c)) {
    do c = b[++i];
    while (isDigit(c));
  } else throw INVALID;
  if (c === 0x2e) {
    c = b[++i];
    if (!isDigit(c)) throw INVALID;
    do c = b[++i];
    while (isDigit(c));
  }
  if (c === 0x65 || c === 0x45) {
    c = b[++i];
    if (c === 0x2b || c === 0x2d) c = b[++i];
    if (!isDigit(c)) throw INVALID;
    do c = b[++i];
    while (isDigit(c));
  }
  return i;
}

/**
 * A string at i (its opening quote): no byte below U+0020, every escape one of JSON's. Returns just
 * after its closing quote, bit-inverted (~end, below 0) when the string holds an escape: a key spelled
 * with one is read as JSON.parse reads it (isKey). Bytes of 0x80 and above are UTF-8 (checked whole
 * before the scan).
 */
function string(b: Uint8Array, i: number): number {
  let j = i + 1;
  let escaped = false;
  for (;;) {
    // Past the end b[j] is undefined: it ends this loop, and is refused below.
    let c = b[j];
    while (c !== QUOTE && c !== BACKSLASH && c! >= 0x20) c = b[++j];
    if (c === QUOTE) return escaped ? ~(j + 1) : j + 1;
    if (c !== BACKSLASH) throw INVALID; // a control character, or the end
    escaped = true;
    const e = b[j + 1];
    if (e === 0x75) {
      for (let h = 2; h < 6; h++) if (!isHex(b[j + h])) throw INVALID;
      j += 6;
    } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) j += 2;
    else throw INVALID;
  }
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46));
}

/**
 * Copies the JSON text in `from` [start, end) into `to` at `at` without the whitespace between its
 * tokens (strings copied whole): an item of a server that writes ", " separators as the compact text a
 * compact server sends. The text must be JSON (a span of a layout); returns where the copy ends.
 */
export function copyCompact(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): number {
  for (let i = start; i < end; i++) {
    const c = from[i]!;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    to[at++] = c;
    if (c !== QUOTE) continue;
    // A string, to its closing quote: an escaped character is copied with its backslash.
    for (i++; i < end; i++) {
      const s = from[i]!;
      to[at++] = s;
      if (s === BACKSLASH) to[at++] = from[++i]!;
      else if (s === QUOTE) break;
    }
  }
  return at;
}
