// A page of a list as the page reader hands it out: the chunks its answer arrived in and where its
// items lie in them (codec/list-layout.ts), made into objects only where they are used. A page waiting
// its turn, or on its way through the generators between the reader and the output, is those bytes
// (off the JavaScript heap) and a few arrays of offsets, never a page of objects: objects alive across
// an await outlive the young generation's collections, and a long list then grows the heap. Nor does
// reading a page allocate a buffer of its own: the chunks are scanned in one buffer each list reuses
// (ScanBuffer), and JSON Lines are the chunks themselves, each separator made a newline
// (docs/performance.md, "Memory at any length").
import { copyCompact, listLayout, type ListLayout } from '../codec/list-layout.js';
import { compactText, parseJson, parseJsonKnownEach } from '../codec/json.js';
import type { Item, Page } from '../core/page.js';
import { pageOf } from '../core/page.js';
import { msg, type Msg } from '../core/text.js';
import { ITEMS, readEnvelope } from '../weblate/pages.js';
import { parseJsonText, type JsonText } from './client.js';
import { UnexpectedAnswerError } from './errors.js';
import type { Chunks } from './http.js';

/** What one answer says of its list. */
export interface ListAnswer {
  /** The number of items in the whole list; undefined when the server does not say (cursor pages). */
  count?: number;
  next?: unknown;
  /** A bare array: the whole list in one answer. */
  bare: boolean;
  /** Each item's id as sent (undefined: it has none), for the reader's duplicate checks. */
  ids: unknown[];
  /** The page, or the items at `keep` (indexes, in order). */
  page(keep?: readonly number[]): Page;
}

/**
 * A list answer read: its envelope, its items' ids, and its page; undefined when the answer is not a
 * list. `where` names the request in the error for an item that is not an object; `scan`, the list's
 * buffer for reading answers that came in several chunks.
 */
export function readListAnswer(answer: JsonText, where: Msg, scan: ScanBuffer): ListAnswer | undefined {
  const bytes = scan.whole(answer.body);
  const layout = listLayout(bytes, ITEMS, 'id');
  return layout ? laidOut(answer.body, bytes, layout) : parsedWhole(answer, where);
}

/** Above this size an answer is scanned in a buffer of its own, not kept for the next. */
const SCAN_BUFFER_MAX = 8 * 1024 * 1024;

/**
 * One list's buffer for scanning its answers: an answer that came in several chunks is copied here,
 * scanned, and the buffer is free again (the scan is synchronous and keeps offsets, never the buffer).
 * A buffer a page (Buffer.concat) is freed only by a collection, and V8 13 counts such buffers against
 * the old generation until a mark-compact: Node 24 peaked at 209 MB against 179 MB over a million units
 * (docs/performance.md).
 */
export class ScanBuffer {
  private buffer?: Buffer;

  whole({ parts, length }: Chunks): Buffer {
    if (parts.length === 1 && parts[0]) return parts[0];
    if (length > SCAN_BUFFER_MAX) return Buffer.concat(parts, length);
    if (!this.buffer || this.buffer.length < length) this.buffer = Buffer.allocUnsafeSlow(length);
    let at = 0;
    for (const part of parts) at += part.copy(this.buffer, at);
    return this.buffer.subarray(0, length);
  }
}

function laidOut(body: Chunks, bytes: Buffer, layout: ListLayout): ListAnswer {
  const { arrayStart, arrayEnd, bare, spans, compact, ids: idSpans, numbers, members, unsure } = layout;
  const size = spans.length / 2;
  // The envelope without its items: a few hundred bytes, parsed as any answer.
  const envelope = bare ? [] : parseJson(bytes.toString('utf8', 0, arrayStart) + '[]' + bytes.toString('utf8', arrayEnd));
  // An object with the items key's array (the layout proved it), or an array: always a list.
  const read = readEnvelope(envelope)!;
  const ids = new Array<unknown>(size);
  for (let k = 0; k < size; k++) {
    const at = idSpans[2 * k]!;
    ids[k] = at < 0 ? undefined : idValue(bytes, at, idSpans[2 * k + 1]!);
  }
  const answer: Answer = { bytes: new Pieces(body), arrayStart, arrayEnd, spans, compact, numbers, members, unsure };
  return {
    count: bare ? size : read.count,
    next: read.next,
    bare,
    ids,
    // Its pages hold what they are made from, not the ids (the reader's alone).
    page: (keep) => new AnswerPage(answer, keep),
  };
}

/** An id's value from its bytes: a plain integer or string read directly, anything else parsed. */
function idValue(bytes: Buffer, start: number, end: number): unknown {
  const first = bytes[start];
  if (end - start <= 15 && first !== undefined && first >= 0x31 && first <= 0x39) {
    let v = 0;
    for (let k = start; k < end; k++) {
      const c = bytes[k]!;
      if (c < 0x30 || c > 0x39) return parseJson(bytes.toString('utf8', start, end));
      v = v * 10 + (c - 0x30);
    }
    return v;
  }
  if (first === 0x22 && !hasBackslash(bytes, start, end)) return bytes.toString('utf8', start + 1, end - 1);
  return parseJson(bytes.toString('utf8', start, end));
}

function hasBackslash(bytes: Buffer, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (bytes[k] === 0x5c) return true;
  return false;
}

/** An answer this reader does not lay out (not plain JSON to it): parsed whole, as any answer. */
function parsedWhole(answer: JsonText, where: Msg): ListAnswer | undefined {
  const read = readEnvelope(parseJsonText(answer).body);
  if (!read) return undefined;
  const items = read.items.map((r) => {
    if (!r || typeof r !== 'object' || Array.isArray(r))
      throw new UnexpectedAnswerError(msg`${where}: a list item is not an object`, msg`the server answered an unexpected shape`);
    return r as Item;
  });
  return {
    count: read.count,
    next: read.next,
    bare: read.bare,
    ids: items.map((i) => i.id ?? undefined),
    page: (keep) => pageOf(keep ? keep.map((k) => items[k]!) : items),
  };
}

/** An answer's chunks read by offsets into the whole: what a span covers, as one buffer or as views. */
class Pieces {
  private readonly parts: Buffer[];
  /** starts[i]: the offset of parts[i] in the whole. */
  private readonly starts: number[];

  constructor({ parts }: Chunks) {
    this.parts = parts;
    this.starts = [];
    let at = 0;
    for (const part of parts) {
      this.starts.push(at);
      at += part.length;
    }
  }

  /** The part holding offset `at` (by halves: a server may send a page in a great many small chunks). */
  private partAt(at: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Views of the parts covering [start, end), in order. */
  views(start: number, end: number): Buffer[] {
    const out: Buffer[] = [];
    for (let i = this.partAt(start); i < this.parts.length && this.starts[i]! < end; i++) {
      const from = this.starts[i]!;
      const part = this.parts[i]!;
      out.push(part.subarray(Math.max(0, start - from), Math.min(part.length, end - from)));
    }
    return out;
  }

  /** [start, end) as one buffer: a view when one part holds it, else a copy. */
  slice(start: number, end: number): Buffer {
    const views = this.views(start, end);
    return views.length === 1 ? views[0]! : Buffer.concat(views, end - start);
  }

  toString(start: number, end: number, encoding: 'utf8' | 'latin1' = 'utf8'): string {
    const i = this.partAt(start);
    const from = this.starts[i]!;
    const part = this.parts[i]!;
    // Most spans lie in one part: read there, no view made.
    if (end - from <= part.length) return part.toString(encoding, start - from, end - from);
    return this.slice(start, end).toString(encoding);
  }

  set(at: number, byte: number): void {
    const i = this.partAt(at);
    this.parts[i]![at - this.starts[i]!] = byte;
  }
}

/** An answer laid out, shared by its pages: its bytes, where its items are, and whether lines() has made them its JSON Lines. */
interface Answer extends Pick<ListLayout, 'arrayStart' | 'arrayEnd' | 'spans' | 'compact' | 'numbers' | 'members' | 'unsure'> {
  bytes: Pieces;
  /** The answer's bytes as JSON Lines, once lines() has made them so in place (see there). */
  lines?: Uint8Array[];
}

/** A page of an answer laid out: its items made from the bytes at each use. */
class AnswerPage implements Page {
  readonly size: number;

  constructor(
    private readonly answer: Answer,
    private readonly keep?: readonly number[],
  ) {
    this.size = keep ? keep.length : answer.spans.length / 2;
  }

  items(): Item[] {
    const { bytes, spans, numbers, members, unsure } = this.answer;
    // What the scan found of the numbers spares the parse its own scan (codec/json.ts KnownLiterals).
    // Each item is read from its own bytes (also after lines() made the separators newlines), never
    // from the array's text as one string (parseJsonKnownEach says why).
    const literals = Array.from({ length: unsure.length / 3 }, (_, k) => ({
      ordinal: unsure[3 * k]!,
      raw: bytes.toString(unsure[3 * k + 1]!, unsure[3 * k + 2]!, 'latin1'),
    }));
    const texts = Array.from({ length: spans.length / 2 }, (_, k) => bytes.toString(spans[2 * k]!, spans[2 * k + 1]!));
    const all = parseJsonKnownEach(texts, { numbers, members, unsure: literals }) as Item[];
    return this.keep ? this.keep.map((k) => all[k]!) : all;
  }

  /** Each kept item's index in the answer. */
  private indexes(): readonly number[] {
    return this.keep ?? Array.from({ length: this.size }, (_, k) => k);
  }

  texts(): string[] {
    const { bytes, spans, compact } = this.answer;
    return this.indexes().map((k) => {
      const text = bytes.toString(spans[2 * k]!, spans[2 * k + 1]!);
      return compact ? text : compactText(text);
    });
  }

  /**
   * The page as JSON Lines, from the answer's own bytes. A whole answer of compact items one separator
   * apart (what Weblate sends) becomes its lines in place: each separator, and the array's closing
   * bracket, is made a newline, and the lines are views of the chunks the answer arrived in, copied
   * nowhere. Otherwise the items' bytes are copied (without the whitespace between tokens, when the
   * server writes some), a newline after each.
   */
  lines(): Uint8Array[] {
    const answer = this.answer;
    const { bytes, spans, compact, arrayEnd } = answer;
    const n = spans.length / 2;
    if (!this.keep && answer.lines) return answer.lines;
    if (!this.keep && compact && n > 0 && spans[2 * n - 1] === arrayEnd - 1 && spans.every((at, k) => k % 2 === 1 || k === 0 || at === spans[k - 1]! + 1)) {
      for (let k = 1; k <= n; k++) bytes.set(spans[2 * k - 1]!, 0x0a);
      answer.lines = bytes.views(spans[0]!, arrayEnd);
      return answer.lines;
    }
    const keep = this.indexes();
    let length = 0;
    for (const k of keep) length += spans[2 * k + 1]! - spans[2 * k]! + 1;
    const out = Buffer.allocUnsafe(length);
    let at = 0;
    for (const k of keep) {
      const item = bytes.slice(spans[2 * k]!, spans[2 * k + 1]!);
      at = compact ? at + item.copy(out, at) : copyCompact(item, 0, item.length, out, at);
      out[at++] = 0x0a;
    }
    return [out.subarray(0, at)];
  }
}
