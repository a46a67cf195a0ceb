// The one output layer: takes what a command returned and writes it in the chosen format.
import type { Format } from '../spec.js';
import { stringifyJson } from '../api/json.js';
import { getPath, pickFields, type Item } from './fields.js';
import type { Column, Result } from './result.js';
import type { Writer } from './writer.js';
import { writeJsonList, writeJsonRecord } from './json.js';
import { writeJsonLines } from './jsonl.js';
import { writeCsv } from './csv.js';
import { writeTableList, writeTableRecord } from './table.js';
import { writeMarkdownList, writeMarkdownRecord } from './markdown.js';

export interface RenderOptions {
  format: Format;
  fields?: string[];
  color: boolean;
  /** Terminal width, when stdout is a terminal. */
  width?: number;
  warn(message: string): void;
}

export const pathColumn = (path: string): Column => ({ header: path, value: (item) => getPath(item, path), wide: true });

async function* project(pages: AsyncIterable<Item[]>, fields: string[]): AsyncGenerator<Item[]> {
  for await (const page of pages) yield page.map((item) => pickFields(item, fields));
}

async function* once(item: Item): AsyncGenerator<Item[]> {
  yield [item];
}

export async function render(result: Result, out: Writer, o: RenderOptions): Promise<void> {
  const { format, fields } = o;
  if (result.kind === 'text') {
    await out.write(result.text);
    return;
  }
  if (result.kind === 'record') {
    const record = fields ? pickFields(result.record, fields) : result.record;
    const rows = fields ? fields.map(pathColumn) : result.rows;
    switch (format) {
      case 'json':
        return writeJsonRecord(out, record);
      case 'jsonl':
        return out.write(stringifyJson(record) + '\n');
      case 'csv':
        return writeCsv(out, once(record), fields, [], o.warn);
      case 'markdown':
        return writeMarkdownRecord(out, result.record, rows);
      case 'table':
        return writeTableRecord(out, result.record, rows, { color: o.color });
    }
  }
  const pages = fields && (format === 'json' || format === 'jsonl' || format === 'csv') ? project(result.pages, fields) : result.pages;
  const columns = fields ? fields.map(pathColumn) : result.columns;
  switch (format) {
    case 'json':
      return writeJsonList(out, pages);
    case 'jsonl':
      return writeJsonLines(out, pages);
    case 'csv':
      return writeCsv(out, pages, fields, result.knownFields ?? [], o.warn);
    case 'markdown':
      return writeMarkdownList(out, pages, columns);
    case 'table':
      return writeTableList(out, pages, columns, { color: o.color, width: o.width });
  }
}
