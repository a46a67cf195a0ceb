// -f json: a record as one indented object; a list as one array written item by item, so memory
// stays flat and a failure after page 1 leaves an unterminated array (the exit code says why).
import { stringifyEach, stringifyJson } from '../codec/json.js';
import type { Page } from '../core/page.js';
import type { Sink } from './sink.js';
import type { Item } from './fields.js';

export async function writeJsonRecord(out: Sink, record: Item): Promise<void> {
  await out.write(stringifyJson(record, 2) + '\n');
}

const element = (json: string) => '  ' + json + ',\n';

export async function writeJsonList(out: Sink, pages: AsyncIterable<Page>): Promise<void> {
  let first = true;
  for await (const page of pages) {
    if (page.size === 0) continue;
    // The items are made into text in one step, let go before the next await (core/page.ts).
    const pieces = stringifyEach(page.items(), 2, element, 1);
    // A comma before every element but the first: the last element's own is left off.
    const last = pieces.length - 1;
    pieces[last] = pieces[last]!.slice(0, -2);
    pieces[0] = (first ? '[\n' : ',\n') + pieces[0];
    first = false;
    for (const piece of pieces) await out.write(piece);
  }
  await out.write(first ? '[]\n' : '\n]\n');
}
