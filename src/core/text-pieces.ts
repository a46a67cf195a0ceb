// A page's text (its JSON, CSV, Markdown or table rows) made in pieces, each ended at a row or item
// boundary once it is PIECE_CHARS long. A string over V8's 128 KB is a large object, and making one (a
// page of 250 units is about 200 KB of text, flattened to be written) measured 1-1.5 ms against under
// 0.1 ms for the same text in 32 KB strings (Node 20 and 24; docs/performance.md). Writers write each
// piece in turn.

/** Characters after which a piece ends: under 128 KB even as a two-byte string. */
export const PIECE_CHARS = 32 * 1024;

export class TextPieces {
  private text = '';
  private readonly done: string[] = [];

  /** Appends a whole row or item; the piece ends after it once it is PIECE_CHARS long. */
  add(s: string): void {
    this.text += s;
    if (this.text.length >= PIECE_CHARS) {
      this.done.push(this.text);
      this.text = '';
    }
  }

  /** The pieces in order; none when nothing was added. */
  end(): string[] {
    if (this.text !== '') this.done.push(this.text);
    this.text = '';
    return this.done;
  }
}
