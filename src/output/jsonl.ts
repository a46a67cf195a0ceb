// -f jsonl: one compact object per line, a page at a time as pages arrive.
import { stringifyEach } from '../codec/json.js';
import type { Page } from '../core/page.js';
import type { Sink } from './sink.js';

const line = (json: string) => json + '\n';

export async function writeJsonLines(out: Sink, pages: AsyncIterable<Page>): Promise<void> {
  for await (const page of pages) {
    // The server's own compact text where the page carries it: exact, and no stringify needed.
    await out.write(page.raw ? page.raw.join('\n') + (page.raw.length ? '\n' : '') : stringifyEach(page.items, undefined, line));
  }
}
