// -f csv: RFC 4180 (CRLF, quotes doubled), header of field names, streamed a page at a time.
// Values are written as they are: no formula-guard prefixes that would corrupt "-123" hashes.
import type { Page } from '../core/page.js';
import type { Writer } from '../io/writer.js';
import { msg, type Msg } from '../core/text.js';
import { cellText } from './cells.js';

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: string[]) => cells.map(csvField).join(',') + '\r\n';

/**
 * Without --fields the columns are every top-level field of the first page, in server order.
 * A field first seen later cannot join a header already written: it is reported, not hidden.
 */
export async function writeCsv(
  out: Writer,
  pages: AsyncIterable<Page>,
  fields: readonly string[] | undefined,
  emptyHeader: readonly string[],
  warn: (message: Msg) => void,
): Promise<void> {
  let header: string[] | undefined = fields ? [...fields] : undefined;
  let known: Set<string> | undefined;
  const late = new Set<string>();
  let wroteHeader = false;
  for await (const { items: page } of pages) {
    if (!header) {
      const keys = new Set<string>();
      for (const item of page) for (const k of Object.keys(item)) keys.add(k);
      header = [...keys];
    }
    if (!fields && !known) known = new Set(header);
    let chunk = wroteHeader ? '' : csvLine(header);
    wroteHeader = true;
    for (const item of page) {
      if (known) for (const k of Object.keys(item)) if (!known.has(k)) late.add(k);
      chunk += csvLine(header.map((f) => cellText(fields ? item[f] : Object.prototype.hasOwnProperty.call(item, f) ? item[f] : undefined)));
    }
    await out.write(chunk);
  }
  if (!wroteHeader) await out.write(csvLine(header ?? [...emptyHeader]));
  if (late.size) warn(msg`csv: field(s) ${[...late].join(', ')} appeared after the header was written and are not in the output; name them with --fields`);
}
