// -f json: a record as one indented object; a list as one array written item by item, so memory
// stays flat and a failure after page 1 leaves an unterminated array (the exit code says why).
import { stringifyJson } from '../api/json.js';
import type { Item } from './fields.js';
import type { Writer } from './writer.js';

export async function writeJsonRecord(out: Writer, record: Item): Promise<void> {
  await out.write(stringifyJson(record, 2) + '\n');
}

export async function writeJsonList(out: Writer, pages: AsyncIterable<Item[]>): Promise<void> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    let chunk = '';
    for (const item of page) {
      // Item text never holds a raw newline (strings are escaped), so indenting lines is safe.
      chunk += (first ? '[\n  ' : ',\n  ') + stringifyJson(item, 2).replace(/\n/g, '\n  ');
      first = false;
    }
    await out.write(chunk);
  }
  await out.write(first ? '[]\n' : '\n]\n');
}
