// -f table: for people. Lists are aligned columns (only the shown cells are kept in memory),
// records are key/value lines. Server text is escaped, never emitted raw.
import type { Page } from '../api/paginate.js';
import type { Writer } from '../io/writer.js';
import { escapeControl } from '../io/text.js';
import type { Item } from './fields.js';
import type { Column, Style } from './result.js';
import { cellText } from './cells.js';
import { cellWidth, truncateCells } from './width.js';

export interface TableOptions {
  color: boolean;
  /** Terminal width when stdout is a terminal; free-text columns are shortened to fit. */
  width?: number;
}

type Paint = (style: Style | 'header', text: string) => string;

async function painter(color: boolean): Promise<Paint> {
  if (!color) return (_s, t) => t;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return (style, text) => (style === 'header' ? chalk.bold(text) : chalk[style](text));
}

export const displayText = (col: Column, item: Item): string => {
  const v = col.value(item);
  return escapeControl(col.text ? col.text(v, item) : cellText(v));
};

export const truncate = (text: string, max: number): string => truncateCells(text, max);

export async function writeTableList(out: Writer, pages: AsyncIterable<Page>, columns: Column[], opts: TableOptions): Promise<void> {
  const rows: Array<{ cells: string[]; styles: Array<Style | undefined> }> = [];
  for await (const { items: page } of pages) {
    for (const item of page) {
      rows.push({ cells: columns.map((c) => displayText(c, item)), styles: columns.map((c) => c.style?.(item)) });
    }
  }
  if (rows.length === 0) return;
  const paint = await painter(opts.color);
  const headers = columns.map((c) => c.header.toUpperCase());
  if (opts.width) {
    const limits = fitWidths(columns, headers, rows.map((r) => r.cells), opts.width);
    for (const r of rows) r.cells = r.cells.map((c, i) => truncate(c, limits[i]!));
  }
  const { default: Table } = await import('cli-table3');
  // Borderless, two spaces between columns: easy to read, easy to grep.
  const table = new Table({
    head: headers.map((h) => paint('header', h)),
    chars: { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    colAligns: columns.map((c) => (c.align === 'right' ? 'right' : 'left')),
  });
  for (const r of rows) table.push(r.cells.map((c, i) => (r.styles[i] ? paint(r.styles[i]!, c) : c)));
  await out.write(
    table
      .toString()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n') + '\n',
  );
}

const width = cellWidth;

/** Per-column character limits so a row fits the terminal: only free-text columns shrink. */
function fitWidths(columns: Column[], headers: string[], cells: string[][], total: number): number[] {
  const widths = headers.map(width);
  for (const r of cells) for (let i = 0; i < r.length; i++) widths[i] = Math.max(widths[i]!, width(r[i]!));
  const wide = columns.map((c, i) => (c.wide ? i : -1)).filter((i) => i >= 0);
  let over = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1) - total;
  while (over > 0 && wide.length) {
    const widest = wide.reduce((a, b) => (widths[b]! > widths[a]! ? b : a));
    if (widths[widest]! <= 8) break;
    widths[widest]!--;
    over--;
  }
  return widths;
}

export async function writeTableRecord(out: Writer, record: Item, rows: Column[], opts: TableOptions): Promise<void> {
  const paint = await painter(opts.color);
  const labelWidth = Math.max(...rows.map((r) => width(r.header)));
  let chunk = '';
  for (const r of rows) {
    const text = displayText(r, record);
    const style = r.style?.(record);
    chunk += paint('header', r.header.padEnd(labelWidth)) + '  ' + (style ? paint(style, text) : text) + '\n';
  }
  await out.write(chunk);
}
