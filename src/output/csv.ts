// -f csv: RFC 4180 (CRLF, quotes doubled), header of field names, streamed a page at a time.
// Values are written as they are: no formula-guard prefixes that would corrupt "-123" hashes.
// -f csv-excel: the same rows for a spreadsheet (Excel, LibreOffice Calc), opt-in: a UTF-8 byte order
// mark (without it Excel reads the file as ANSI and garbles every non-ASCII letter), every cell quoted,
// and a cell that starts with = + - @, a tab or a CR neutralised with a leading ' (OWASP, CSV
// Injection), so no server text becomes a formula. The price: `-123` is text in the sheet, not a number.
import type { Item, Page } from '../core/page.js';
import { escapeControl, msg, type Msg } from '../core/text.js';
import { cellText } from './cells.js';
import type { Sink } from './sink.js';

export interface CsvDialect {
  /** For a spreadsheet: BOM, every cell quoted, formula-like cells neutralised. */
  spreadsheet: boolean;
  /** Stdout is a terminal: control, bidirectional and invisible characters shown as visible escapes (\e, \n, \u202e, \u200b). */
  terminal: boolean;
  /** --no-headers: the rows alone. */
  noHeader?: boolean;
}

const PLAIN_CSV: CsvDialect = { spreadsheet: false, terminal: false };

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a spreadsheet would read as a formula (OWASP: = + - @, tab, carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text a spreadsheet reads as text: a leading ' where it would start a formula. */
export const neutralised = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A field quoted whatever it holds (a spreadsheet in a locale that splits on ; never splits it). */
const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

const lineOf =
  (d: CsvDialect) =>
  (cells: string[]): string => {
    let shown = d.spreadsheet ? cells.map(neutralised) : cells;
    if (d.terminal) shown = shown.map(escapeControl);
    return shown.map(d.spreadsheet ? quoted : csvField).join(',') + '\r\n';
  };

/** Spreadsheets take a UTF-8 file for one only with this mark at its start. */
const BOM = '\ufeff';

/**
 * Without --fields the columns are every top-level field of the first page, in server order.
 * A field first seen later cannot join a header already written: it is reported, not hidden.
 */
export async function writeCsv(
  out: Sink,
  pages: AsyncIterable<Page>,
  fields: readonly string[] | undefined,
  /** The header of an empty list without --fields, asked only then. */
  emptyHeader: () => readonly string[],
  warn: (message: Msg) => void,
  dialect: CsvDialect = PLAIN_CSV,
): Promise<void> {
  const csvLine = lineOf(dialect);
  const start = dialect.spreadsheet ? BOM : '';
  let header: string[] | undefined = fields ? [...fields] : undefined;
  let known: Set<string> | undefined;
  const late = new Set<string>();
  let wroteHeader = false;
  // A page's lines made and written in one synchronous step: its items are let go before the next await (core/page.ts).
  const render = (page: Item[]): string => {
    if (!header) {
      const keys = new Set<string>();
      for (const item of page) for (const k of Object.keys(item)) keys.add(k);
      header = [...keys];
    }
    if (!fields && !known) known = new Set(header);
    let chunk = wroteHeader ? '' : start + (dialect.noHeader ? '' : csvLine(header));
    wroteHeader = true;
    for (const item of page) {
      if (known) for (const k of Object.keys(item)) if (!known.has(k)) late.add(k);
      chunk += csvLine(header.map((f) => cellText(fields ? item[f] : Object.prototype.hasOwnProperty.call(item, f) ? item[f] : undefined)));
    }
    return chunk;
  };
  for await (const page of pages) await out.write(render(page.items()));
  if (!wroteHeader && !dialect.noHeader) await out.write(start + csvLine(header ?? [...emptyHeader()]));
  if (late.size) warn(msg`csv: field(s) ${[...late].join(', ')} appeared after the header was written and are not in the output; name them with --fields`);
}
