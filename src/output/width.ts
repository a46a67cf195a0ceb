// Display width in terminal cells, and truncation by cells, for text that has ALREADY been through
// escapeControl (no C0/C1/bidi controls, no ANSI escapes left in it). Tables fit the terminal by it.
//
// Why our own: `npm run bench` (scenario width) measures it against the maintained libraries on the
// cells of a 20,000-row table of mixed scripts: string-width 9 agrees on every cell but takes ~18x as
// long for the width alone (and asks for Node 22); fast-string-width is fast but differs on about one
// cell in ten (emoji sequences, Indic conjuncts). Ours agrees with string-width 9 and also truncates.
//
// Rules (the same as string-width 9's on every cell of that bench; test/modules.test.ts pins them):
//   printable ASCII: 1 (fast path: no table, no regex)
//   East Asian Wide / Fullwidth (get-east-asian-width): 2; everything else, including Ambiguous: 1
//   Mn, Me (combining marks), Default_Ignorable (ZWSP, ZWJ, ZWNJ, word joiner, VS, tags…), Cc: 0
//   U+00AD soft hyphen and Prepended_Concatenation_Marks (Cf, but drawn): 1
//   Hangul vowel/trailing jamo U+1160–11FF, U+D7B0–D7FF: 0 (they join the leading jamo)
//   emoji: a narrow Emoji + VS16 = 2, a wide emoji + VS15 = 1, Extended_Pictographic after ZWJ that
//   follows a pictograph = 0 (so a ZWJ family is 2), Emoji_Modifier after a pictograph = 0,
//   a pair of Regional_Indicators (a flag) = 2
// Truncation never cuts inside a cluster as defined by those rules (base + zero-width extenders,
// + spacing marks Mc), and ends with '…'.
import { eastAsianWidth } from 'get-east-asian-width';

// Per-code-point class, in pages of 256 code points made when a text first needs one (a table of a
// few scripts holds a few kilobytes).
// prettier-ignore -- one class per name, aligned as a table
const NARROW = 1,
  WIDE = 2,
  ZERO = 3,
  EMOJI_TEXT = 4,
  PICT_WIDE = 5,
  PICT_NARROW = 6,
  MODIFIER = 7,
  RI = 8,
  ZWJ = 9,
  VS16 = 10,
  VS15 = 11,
  SPACING_MARK = 12;
const pages = new Array<Uint8Array | undefined>(0x1100);
const classOf = (cp: number): number => pages[cp >>> 8]?.[cp & 0xff] ?? fill(cp);

const reZero = /^[\p{Mn}\p{Me}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Cs}]$/u;
const reCf = /^\p{Cf}$/u;
const rePict = /^\p{Extended_Pictographic}$/u;
const reEmoji = /^\p{Emoji}$/u;
const reEmojiPres = /^\p{Emoji_Presentation}$/u;
const reMod = /^\p{Emoji_Modifier}$/u;
const reRI = /^\p{Regional_Indicator}$/u;
const reMc = /^\p{Mc}$/u;

function classify(cp: number): number {
  if (cp === 0x200d) return ZWJ;
  if (cp === 0xfe0f) return VS16;
  if (cp === 0xfe0e) return VS15;
  if (cp === 0xad) return NARROW; // soft hyphen: every terminal tested draws it
  if (cp >= 0xd800 && cp <= 0xdfff) return NARROW; // lone surrogate, written out as U+FFFD
  if ((cp >= 0x600 && cp <= 0x605) || cp === 0x6dd || cp === 0x890 || cp === 0x891 || cp === 0x8e2 || cp === 0x110bd || cp === 0x110cd) return NARROW;
  if ((cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff)) return ZERO;
  const ch = String.fromCodePoint(cp);
  if (reZero.test(ch) || reCf.test(ch)) return ZERO;
  if (reMod.test(ch)) return MODIFIER;
  if (reRI.test(ch)) return RI;
  const wide = eastAsianWidth(cp) === 2;
  if (rePict.test(ch)) return wide || reEmojiPres.test(ch) ? PICT_WIDE : PICT_NARROW;
  if (wide) return WIDE;
  if (reEmoji.test(ch)) return EMOJI_TEXT; // digits, #, *, ©… : wide only with VS16
  if (reMc.test(ch)) return SPACING_MARK;
  return NARROW;
}

function fill(cp: number): number {
  const start = cp & ~0xff;
  const page = new Uint8Array(256);
  for (let c = 0; c < 256; c++) page[c] = classify(start + c);
  // ASCII is always looked up through the fast path, but the table needs it for prefix handling.
  if (start === 0)
    for (let c = 0; c < 0x80; c++) page[c] = (c >= 0x30 && c <= 0x39) || c === 0x23 || c === 0x2a ? EMOJI_TEXT : c < 0x20 || c === 0x7f ? ZERO : NARROW;
  pages[cp >>> 8] = page;
  return page[cp & 0xff]!;
}

/**
 * Walks `s` from code unit `from` with `w` cells already counted. Stops before the cluster that
 * would make the width exceed `stop`. Returns the width reached; sets walk.cut to the code-unit
 * index of the last cluster start at which the width was ≤ `keep`.
 */
const walk = { cut: 0, end: 0 };
// One loop on purpose: the walk's state stays in locals, and it runs for every cell of every table.
// prettier-ignore -- the cases of the walk read as a table, one line each
// eslint-disable-next-line max-lines-per-function -- the hot loop, kept whole for speed (npm run bench, width)
function walkFrom(s: string, from: number, w: number, keep: number, stop: number): number {
  const n = s.length;
  let prev = from > 0 ? classOf(s.charCodeAt(from - 1)) : 0; // class of previous base (ASCII prefix)
  let prevW = from > 0 ? 1 : 0; // width of previous base
  let joined = false; // previous code point was ZWJ after a pictograph
  let riOpen = false; // an unpaired regional indicator precedes
  let linker = false; // previous code point was an Indic virama (InCB=Linker): a consonant joins it
  let cut = from; // last cluster start with width ≤ keep
  if (w > keep) cut = -1;
  let i = from;
  while (i < n) {
    let cp = s.charCodeAt(i);
    let len = 1;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        len = 2;
      }
    }
    const k = classOf(cp);
    let add = 0;
    let starts = false; // does this code point start a new cluster?
    switch (k) {
      case NARROW:
      case EMOJI_TEXT:
        add = 1;
        starts = !linker;
        break;
      case WIDE:
        add = 2;
        starts = true;
        break;
      case PICT_WIDE:
      case PICT_NARROW:
        if (joined) {
          add = 0;
        } else {
          add = k === PICT_WIDE ? 2 : 1;
          starts = true;
        }
        break;
      case MODIFIER:
        if (prev === PICT_WIDE || prev === PICT_NARROW) add = 0;
        else {
          add = 2;
          starts = true;
        }
        break;
      case RI:
        if (riOpen) {
          add = 0;
          riOpen = false;
        } else {
          add = 2;
          starts = true;
          riOpen = true;
        }
        break;
      case VS16:
        if ((prev === EMOJI_TEXT || prev === PICT_NARROW) && prevW === 1) {
          add = 1;
          prevW = 2;
        }
        break;
      case VS15:
        if (prev === PICT_WIDE && prevW === 2) {
          add = -1;
          prevW = 1;
        }
        break;
      case SPACING_MARK:
        add = 1;
        break; // part of the previous cluster
      default:
        break; // ZERO, ZWJ
    }
    if (starts) {
      if (w <= keep) cut = i;
      if (w + add > stop) {
        walk.cut = cut;
        walk.end = i;
        return w;
      }
      prev = k;
      prevW = add;
      if (k !== RI) riOpen = false;
    } else if (w + add > stop) {
      // VS16 / Mc pushing over: give up the whole cluster
      walk.cut = cut;
      walk.end = i;
      return w + add;
    }
    linker = cp === 0x94d || cp === 0x9cd || cp === 0xacd || cp === 0xb4d || cp === 0xc4d || cp === 0xd4d;
    joined = k === ZWJ ? prev === PICT_WIDE || prev === PICT_NARROW : k === ZERO || k === VS16 || k === VS15 ? joined : false;
    w += add;
    i += len;
  }
  if (w <= keep) cut = n;
  walk.cut = cut;
  walk.end = n;
  return w;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Cells `s` takes on a terminal. */
export function cellWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s)) return s.length;
  return walkFrom(s, 0, 0, Infinity, Infinity);
}

/**
 * `s` cut to at most `max` cells, ending with '…' when cut. Its width is left in truncated.width
 * (so callers can pad without measuring twice).
 */
export const truncated = { width: 0 };
export function truncateCells(s: string, max: number): string {
  if (PRINTABLE_ASCII.test(s)) {
    if (s.length <= max) {
      truncated.width = s.length;
      return s;
    }
    if (max < 1) {
      truncated.width = 0;
      return '';
    }
    truncated.width = max;
    return s.slice(0, max - 1) + '…';
  }
  if (max < 1) {
    truncated.width = 0;
    return cellWidth(s) === 0 ? s : '';
  }
  const w = walkFrom(s, 0, 0, max - 1, max);
  if (walk.end === s.length && w <= max) {
    truncated.width = w;
    return s;
  }
  // Over the limit: keep the clusters that fit in max-1 cells.
  const head = s.slice(0, walk.cut);
  truncated.width = cellWidth(head) + 1;
  return head + '…';
}

const SPACES = ' '.repeat(512);
/** `s` in lines of at most `max` cells, broken between grapheme clusters; one line when it fits. */
function wrapCells(s: string, max: number): string[] {
  if (!Number.isFinite(max) || max < 1) return [s];
  const lines: string[] = [];
  let rest = s;
  for (;;) {
    if (PRINTABLE_ASCII.test(rest)) {
      for (let i = 0; i < rest.length; i += max) lines.push(rest.slice(i, i + max));
      return lines.length ? lines : [''];
    }
    const w = walkFrom(rest, 0, 0, max, max);
    if (walk.end === rest.length && w <= max) return [...lines, rest];
    // A cluster wider than the line still goes, alone, rather than looping forever.
    const cut = walk.cut > 0 ? walk.cut : Math.max(walk.end, 1);
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
}

export const spaces = (k: number): string => (k <= 0 ? '' : k <= 512 ? SPACES.slice(0, k) : ' '.repeat(k));

/**
 * A word a line never splits: it holds a `/` (a URL, a file path) or is a hex digest of 32 digits or
 * more (a Git hash, a checksum; a comma after it kept), and a cut one could not be used.
 */
const WHOLE = /\/|^[0-9a-f]{32,},?$/i;

/**
 * `s` in lines of at most `max` cells, broken at spaces (dropped at the break). A word longer than a
 * line is broken between grapheme clusters, unless it holds a `/` (a URL, a path) or is a digest (WHOLE):
 * that one is never split, and takes a line of its own even past `max`.
 */
export function wrapWords(s: string, max: number): string[] {
  if (!Number.isFinite(max) || max < 1 || cellWidth(s) <= max) return [s];
  const lines: string[] = [];
  let line = '';
  let w = 0;
  const parts = s.split(/( +)/);
  for (let k = 0; k < parts.length; k += 2) {
    const gap = parts[k - 1] ?? '';
    const word = parts[k];
    if (word === undefined || word === '') {
      if (k === 0) continue;
      break; // trailing spaces
    }
    const ww = cellWidth(word);
    if (lines.length === 0 && line === '' && k > 0) {
      // Spaces the text starts with are kept, as long as the first word fits after them.
      if (gap.length + ww <= max) [line, w] = [gap + word, gap.length + ww];
      else [line, w] = fresh(lines, word, ww, max);
      continue;
    }
    if (line !== '' && w + gap.length + ww <= max) {
      line += gap + word;
      w += gap.length + ww;
      continue;
    }
    if (line !== '') lines.push(line);
    [line, w] = fresh(lines, word, ww, max);
  }
  if (line !== '') lines.push(line);
  return lines.length ? lines : [''];
}

/** A word starting a line: whole when it fits or must stay whole; else its pieces, the last one left open. */
function fresh(lines: string[], word: string, ww: number, max: number): [string, number] {
  if (ww <= max) return [word, ww];
  if (WHOLE.test(word)) {
    lines.push(word);
    return ['', 0];
  }
  const pieces = wrapCells(word, max);
  lines.push(...pieces.slice(0, -1));
  const rest = pieces.at(-1) ?? '';
  return [rest, cellWidth(rest)];
}

/**
 * `s` in lines of at most `max` cells, every character kept: broken at spaces (wrapWords), and a word
 * wrapWords keeps whole past `max` (a URL, a digest) broken between grapheme clusters too. A table's
 * wrapped cell (--wrap) uses it: no line may run past the terminal.
 */
export function wrapWithin(s: string, max: number): string[] {
  return wrapWords(s, max).flatMap((line) => (cellWidth(line) > max ? wrapCells(line, max) : [line]));
}
