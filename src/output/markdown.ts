// -f markdown: a GitHub-flavoured table with the table columns, for pull-request comments.
import type { Page } from '../core/page.js';
import type { Sink } from './sink.js';
import { escapeControl } from '../core/text.js';
import { columnText, recordText } from './cells.js';
import type { Item } from './fields.js';
import type { Column } from './result.js';

/**
 * Cell text renders literally: line breaks become <br>, other control characters visible escapes,
 * and Markdown/HTML punctuation is backslash-escaped so `|` cannot end a cell nor `<b>` format it.
 */
export function markdownCell(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => escapeControl(line).replace(/[\\`*_[\]<>|~&]/g, '\\$&'))
    .join('<br>');
}

const row = (cells: string[]) => '| ' + cells.map((c) => (c === '' ? ' ' : c)).join(' | ') + ' |\n';

const cell = (col: Column, item: Item, textOf = columnText): string => {
  const text = markdownCell(textOf(col, item));
  const mark = col.mark?.(item);
  return mark ? `${text} ${markdownCell(mark)}` : text;
};
const RIGHT = new Set(['id', 'count', 'percent']);

/** Streams the rows; the header comes with the first row, so an empty list writes nothing. */
export async function writeMarkdownList(out: Sink, pages: AsyncIterable<Page>, columnsOf: () => Column[]): Promise<void> {
  let columns: Column[] | undefined;
  // A page's rows made in one synchronous step: its items are let go before the next await (core/page.ts).
  const render = (page: Item[]): string => {
    let chunk = '';
    if (!columns) {
      columns = columnsOf();
      chunk = row(columns.map((c) => markdownCell(c.header))) + row(columns.map((c) => (RIGHT.has(c.kind ?? 'text') ? '---:' : '---')));
    }
    const shown = columns;
    for (const item of page) chunk += row(shown.map((c) => cell(c, item)));
    return chunk;
  };
  for await (const page of pages) if (page.size > 0) await out.write(render(page.items()));
}

export async function writeMarkdownRecord(out: Sink, record: Item, rows: Column[]): Promise<void> {
  let chunk = row(['Field', 'Value']) + row(['---', '---']);
  for (const r of rows) chunk += row([markdownCell(r.header), cell(r, record, recordText)]);
  await out.write(chunk);
}
