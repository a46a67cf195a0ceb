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
    // The items are made and written in one step, let go before the next await (core/page.ts).
    await out.write((first ? '[\n' : ',\n') + stringifyEach(page.items(), 2, element, 1).slice(0, -2));
    first = false;
  }
  await out.write(first ? '[]\n' : '\n]\n');
}
