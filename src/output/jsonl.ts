// -f jsonl: one compact object per line, a page at a time as pages arrive.
import { stringifyEach } from '../codec/json.js';
import type { Page } from '../core/page.js';
import type { Sink } from './sink.js';

const line = (json: string) => json + '\n';

export async function writeJsonLines(out: Sink, pages: AsyncIterable<Page>): Promise<void> {
  for await (const page of pages) if (page.size > 0) for (const piece of linesOf(page)) await out.write(piece);
}

/**
 * A page's lines in one synchronous step (its items, when it must make them, let go before the next
 * await: core/page.ts): the answer's own bytes where the page has them (in the pieces it arrived in),
 * else the server's texts, else the items written exactly.
 */
function linesOf(page: Page): Array<string | Uint8Array> {
  if (page.lines) return page.lines();
  const texts = page.texts?.();
  return [texts ? texts.join('\n') + '\n' : stringifyEach(page.items(), undefined, line)];
}
