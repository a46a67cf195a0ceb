// -f jsonl: one compact object per line, a page at a time as pages arrive.
import { stringifyJson } from '../api/json.js';
import type { Item } from './fields.js';
import type { Writer } from './writer.js';

export async function writeJsonLines(out: Writer, pages: AsyncIterable<Item[]>): Promise<void> {
  for await (const page of pages) {
    let chunk = '';
    for (const item of page) chunk += stringifyJson(item) + '\n';
    await out.write(chunk);
  }
}
