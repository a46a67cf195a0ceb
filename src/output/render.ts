// The one output layer: takes what a command returned and writes it in the chosen format.
import type { Format } from '../spec.js';
import type { Page } from '../api/paginate.js';
import type { Writer } from '../io/writer.js';
import type { Msg } from '../io/text.js';
import { getPath, pickFields, type Item } from './fields.js';
import type { Column, Result } from './result.js';

export interface RenderOptions {
  format: Format;
  fields?: string[];
  color: boolean;
  /** Terminal width, when stdout is a terminal. */
  width?: number;
  warn(message: Msg): void;
}

export const pathColumn = (path: string): Column => ({ header: path, value: (item) => getPath(item, path), wide: true });

async function* project(pages: AsyncIterable<Page>, fields: string[]): AsyncGenerator<Page> {
  for await (const page of pages) yield { items: page.items.map((item) => pickFields(item, fields)) };
}

async function* once(item: Item): AsyncGenerator<Page> {
  yield { items: [item] };
}

export async function render(result: Result, out: Writer, o: RenderOptions): Promise<void> {
  const { format, fields } = o;
  if (result.kind === 'text') {
    await out.write(result.text);
    return;
  }
  // Each format's module loads only when it is used.
  if (result.kind === 'record') {
    const record = fields ? pickFields(result.record, fields) : result.record;
    const rows = fields ? fields.map(pathColumn) : result.rows;
    switch (format) {
      case 'json':
        return (await import('./json.js')).writeJsonRecord(out, record);
      case 'jsonl':
        return (await import('./jsonl.js')).writeJsonLines(out, once(record));
      case 'csv':
        return (await import('./csv.js')).writeCsv(out, once(record), fields, [], o.warn);
      case 'markdown':
        return (await import('./markdown.js')).writeMarkdownRecord(out, result.record, rows);
      case 'table':
        return (await import('./table.js')).writeTableRecord(out, result.record, rows, { color: o.color });
    }
  }
  const pages = fields && (format === 'json' || format === 'jsonl' || format === 'csv') ? project(result.pages, fields) : result.pages;
  const columns = fields ? fields.map(pathColumn) : result.columns;
  switch (format) {
    case 'json':
      return (await import('./json.js')).writeJsonList(out, pages);
    case 'jsonl':
      return (await import('./jsonl.js')).writeJsonLines(out, pages);
    case 'csv':
      return (await import('./csv.js')).writeCsv(out, pages, fields, result.knownFields ?? [], o.warn);
    case 'markdown':
      return (await import('./markdown.js')).writeMarkdownList(out, pages, columns);
    case 'table':
      return (await import('./table.js')).writeTableList(out, pages, columns, { color: o.color, width: o.width });
  }
}
