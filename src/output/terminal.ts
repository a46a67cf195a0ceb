// Server text never drives the terminal, in any format. Tables and Markdown escape their cells
// themselves (cells.ts); here is what the data formats do when stdout IS a terminal: JSON and JSON
// Lines, and a body passed through (wli api), show every character a terminal would act on as a JSON
// \uXXXX escape (the JSON stays valid and means the same); CSV shows it visibly, as the table does.
// Piped or written to a file, none of this runs: the bytes stay exact.
import { escapeUnshown } from '../core/text.js';

/** `\uXXXX` for each UTF-16 unit: a character beyond U+FFFF (a tag) as its surrogate pair, as JSON spells it. */
const hex4 = (c: string) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/**
 * `text` with every character of the one unshown set (core/text.ts UNSHOWN: C0 and C1 controls, DEL,
 * bidirectional, zero-width and other invisible characters) as `\uXXXX`, but a joiner doing visible work.
 * Line feeds and tabs stay (JSON's own whitespace; harmless), and so does the CR of a CRLF; a lone CR,
 * which would let later text overwrite the line, is escaped too.
 */
export function jsonForTerminal(text: string): string {
  return escapeUnshown(text, (c, at, all) => (c === '\n' || c === '\t' || (c === '\r' && all.charCodeAt(at + 1) === 10) ? c : hex4(c)));
}

/**
 * Text arriving in chunks (a body as it streams) made safe for a terminal: UTF-8 decoded across chunk
 * boundaries, a CR held back until the next chunk tells whether an LF follows. `end()` returns the
 * rest, and a final newline when the text did not end with one (a shell prompt after it starts on a
 * line of its own).
 */
export class TerminalText {
  private readonly decoder = new TextDecoder('utf-8');
  private held = '';
  private last = '';

  push(chunk: Uint8Array): string {
    return this.safe(this.held + this.decoder.decode(chunk, { stream: true }), false);
  }

  end(): string {
    const rest = this.safe(this.held + this.decoder.decode(), true);
    return this.last === '' || this.last === '\n' ? rest : rest + '\n';
  }

  private safe(text: string, final: boolean): string {
    this.held = !final && text.endsWith('\r') ? '\r' : '';
    const body = this.held ? text.slice(0, -1) : text;
    if (body !== '') this.last = body.slice(-1);
    return jsonForTerminal(body);
  }
}
