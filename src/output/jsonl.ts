// -f jsonl: one compact object per line, a page at a time as pages arrive.
import { rawJson, stringifyEach } from '../api/json.js';
import type { Item } from './fields.js';
import type { Writer } from './writer.js';

const line = (json: string) => json + '\n';

export async function writeJsonLines(out: Writer, pages: AsyncIterable<Item[]>): Promise<void> {
  for await (const page of pages) {
    // The server's own compact text where the parser kept it: exact, and no stringify needed.
    let chunk = '';
    let rest: Item[] | undefined;
    for (const item of page) {
      const raw = rawJson(item);
      if (raw === undefined) {
        rest = page;
        break;
      }
      chunk += raw + '\n';
    }
    await out.write(rest ? stringifyEach(rest, undefined, line) : chunk);
  }
}
