// -f table: for people. Lists stream: the header and column widths are planned when the first page
// arrives and grown when a later page is wider (layout.ts); each page's rows are written as soon as it
// is in, so `| head` ends early and time grows linearly with the rows. Records are key/value lines,
// long values wrapped. Every line fits the width.
//
// Not cli-table3: it renders a whole table at once (cost growing faster than the rows: 22 s for
// 20,000), and even one page at a time with fixed widths it cuts ids, pads the last column, measures
// Thai, Arabic and Indic text wrongly and can split an emoji (measured; README, Output formats).
import type { Page } from '../core/page.js';
import type { Writer } from '../io/writer.js';
import { displayText } from './cells.js';
import type { Item } from './fields.js';
import { grow, lineRenderer, measure, planWidths, replan, type Measure, type Paint, type Plan } from './layout.js';
import type { Column, Style } from './result.js';
import { cellWidth, spaces, truncateCells, wrapCells } from './width.js';

export interface TableOptions {
  color: boolean;
  /** The width every line must fit, in display cells; Infinity for no limit. */
  width: number;
}

async function painter(color: boolean): Promise<Paint> {
  if (!color) return (_s, t) => t;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return (style, text) => (style === 'header' ? chalk.bold(text) : chalk[style](text));
}

/** Writes the list page by page; returns the number of rows written. Columns are asked for with the first page. */
export async function writeTableList(out: Writer, pages: AsyncIterable<Page>, columnsOf: () => Column[], opts: TableOptions): Promise<number> {
  let columns: Column[] = [];
  let line: ReturnType<typeof lineRenderer> | undefined;
  let m: Measure | undefined;
  let plan: Plan | undefined;
  let paint: Paint | undefined;
  let rows = 0;
  for await (const { items } of pages) {
    if (items.length === 0) continue;
    if (!line) columns = columnsOf();
    const cells = items.map((item) => columns.map((c) => displayText(c, item)));
    let chunk = '';
    if (!line || !m || !plan || !paint) {
      const headers = columns.map((c) => c.header.toUpperCase());
      m = measure(columns, headers, cells);
      plan = planWidths(columns, m, opts.width);
      paint = await painter(opts.color);
      line = lineRenderer(columns, plan, paint);
      chunk += line(
        headers,
        columns.map((): 'header' => 'header'),
      );
    } else if (grow(m, cells)) {
      plan = replan(columns, m, plan);
      line = lineRenderer(columns, plan, paint);
    }
    for (let r = 0; r < cells.length; r++) {
      const item = items[r]!;
      chunk += line(cells[r]!, opts.color ? columns.map((c) => c.style?.(item)) : undefined);
    }
    rows += cells.length;
    await out.write(chunk);
  }
  return rows;
}

/** Key/value lines; a value longer than the line allows ends with `…`. */
export async function writeTableRecord(out: Writer, record: Item, rows: Column[], opts: TableOptions): Promise<void> {
  const paint = await painter(opts.color);
  const labelWidth = Math.max(...rows.map((r) => cellWidth(r.header)));
  const room = Math.max(1, opts.width - labelWidth - 2);
  let chunk = '';
  for (const r of rows) {
    // Long text wraps (a URL keeps its distinguishing end), continued under the value column; a nested
    // object stays one line (-f json shows it whole).
    const value = r.value(record);
    const text = displayText(r, record);
    const lines = value !== null && typeof value === 'object' && !Array.isArray(value) ? [truncateCells(text, room)] : wrapCells(text, room);
    const style: Style | undefined = opts.color ? r.style?.(record) : undefined;
    const label = truncateCells(r.header, opts.width);
    const pad = spaces(labelWidth - cellWidth(label));
    lines.forEach((text, k) => {
      const head = k === 0 ? paint('header', label) + pad : spaces(labelWidth);
      chunk += (head + '  ' + (style && text ? paint(style, text) : text)).trimEnd() + '\n';
    });
  }
  await out.write(chunk);
}
