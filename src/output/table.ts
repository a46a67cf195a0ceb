// -f table: for people. Lists stream: the header and column widths are planned when the first page
// arrives and grown when a later page is wider (layout.ts); each page's rows are written as soon as it
// is in, so `| head` ends early and time grows linearly with the rows. Records are key/value lines,
// long values wrapped. Every line fits the width.
//
// Not cli-table3: it renders a whole table at once (cost growing faster than the rows: 22 s for
// 20,000), and even one page at a time with fixed widths it cuts ids, pads the last column, measures
// Thai, Arabic and Indic text wrongly and can split an emoji (measured; README, Output formats).
import type { Page } from '../core/page.js';
import type { Sink } from './sink.js';
import { escapeControl } from '../core/text.js';
import { displayText, recordText } from './cells.js';
import type { Item } from './fields.js';
import { grow, isFree, lineRenderer, measure, planWidths, replan, shortHeader, wrappedCells, type Measure, type Paint, type Plan } from './layout.js';
import type { Column, Style } from './result.js';
import { cellWidth, spaces, truncateCells, wrapWithin, wrapWords } from './width.js';
import { withBars, type BarGlyphs } from './bars.js';

interface TableOptions {
  color: boolean;
  /** Stdout is a terminal: percentages marked `bar` get a bar drawn with these glyphs (bars.ts). */
  bars?: BarGlyphs;
  /** The width every line must fit, in display cells; Infinity for no limit. */
  width: number;
  /** --wrap: a long free-text cell wraps onto further lines of its row instead of being cut. */
  wrap?: boolean;
  /** --no-headers: a list's rows without the header line. */
  noHeader?: boolean;
}

async function painter(color: boolean): Promise<Paint> {
  if (!color) return (_s, t) => t;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return (style, text) => (style === 'header' ? chalk.bold(text) : chalk[style](text));
}

/** Each item's cells in the short form: a column's short text where it has one, else its cell as shown. */
function shortCellsOf(columns: Column[], items: Item[], cells: string[][]): string[][] {
  if (!columns.some((c) => c.short)) return cells;
  return items.map((item, r) => columns.map((c, i) => (c.short ? escapeControl(c.short.text(c.value(item), item)) : (cells[r]?.[i] ?? ''))));
}

/** A table's first page: its cells (full and short), what planning measured, the plan, and the header as shown. */
interface FirstPage {
  full: string[][];
  short: string[][];
  m: Measure;
  plan: Plan;
  header: string[];
}

export function planFirstPage(columns: Column[], items: Item[], width: number): FirstPage {
  const full = items.map((item) => columns.map((c) => displayText(c, item)));
  const short = shortCellsOf(columns, items, full);
  // A header may be the server's (the fields of `wli api --paginate`): escaped like any cell.
  const headers = columns.map((c) => escapeControl(c.header.toUpperCase()));
  const m = measure(columns, headers, full, short);
  const plan = planWidths(columns, m, width);
  const header = plan.short
    ? headers.map((h, i) => {
        const c = columns[i];
        const w = plan.widths[i];
        return c === undefined || w === undefined || isFree(c) ? h : shortHeader(h, w);
      })
    : headers;
  return { full, short, m, plan, header };
}

/** Writes the list page by page; returns the number of rows written. Columns are asked for with the first page. */
export async function writeTableList(out: Sink, pages: AsyncIterable<Page>, columnsOf: () => Column[], opts: TableOptions): Promise<number> {
  let columns: Column[] = [];
  let line: ReturnType<typeof lineRenderer> | undefined;
  let m: Measure | undefined;
  let plan: Plan | undefined;
  let paint: Paint | undefined;
  let rows = 0;
  // --wrap: a row of several lines has a blank line before and after it (the rows stay apart).
  let lastHeight = 0;
  // A page's rows made and written in one synchronous step: its items are let go before the next await (core/page.ts).
  const render = (items: Item[], paint: Paint): string => {
    let full: string[][];
    let short: string[][];
    let chunk = '';
    if (!line || !m || !plan) {
      columns = opts.bars ? withBars(columnsOf(), opts.bars) : columnsOf();
      const first = planFirstPage(columns, items, opts.width);
      ({ full, short, m, plan } = first);
      line = lineRenderer(columns, plan, paint);
      // --no-headers: the widths stay those the header took part in, so a column keeps its place.
      if (!opts.noHeader)
        chunk += line(
          first.header,
          columns.map((): 'header' => 'header'),
        );
    } else {
      full = items.map((item) => columns.map((c) => displayText(c, item)));
      short = shortCellsOf(columns, items, full);
      if (grow(columns, m, full, short)) {
        plan = replan(columns, m, plan);
        line = lineRenderer(columns, plan, paint);
      }
    }
    const cells = plan.short ? short : full;
    for (const [r, row] of cells.entries()) {
      const item = items[r];
      if (item === undefined) break;
      const styles = opts.color ? columns.map((c) => c.style?.(item)) : undefined;
      if (!opts.wrap) {
        chunk += line(row, styles);
        continue;
      }
      const lines = wrappedCells(columns, plan, row);
      if (lastHeight > 0 && (lines.length > 1 || lastHeight > 1)) chunk += '\n';
      for (const l of lines) chunk += line(l, styles);
      lastHeight = lines.length;
    }
    rows += cells.length;
    return chunk;
  };
  for await (const page of pages) {
    if (page.size === 0) continue;
    paint ??= await painter(opts.color);
    await out.write(render(page.items(), paint));
  }
  return rows;
}

/** Below this many cells for the values, labels longer than the rest take a line of their own. */
const MIN_RECORD_VALUE = 20;

/**
 * How wide a record's label column is: its longest label, unless that leaves the values less than
 * MIN_RECORD_VALUE cells; then the longest label that fits a third of the line (or leaves the values
 * that much), and longer labels stand on a line of their own, their value under the value column.
 */
function labelColumn(labels: string[], width: number): number {
  const widths = labels.map(cellWidth);
  const widest = Math.max(0, ...widths);
  if (!Number.isFinite(width) || width - widest - 2 >= MIN_RECORD_VALUE) return widest;
  const cap = Math.max(width - 2 - MIN_RECORD_VALUE, Math.floor(width / 3));
  return Math.max(0, ...widths.filter((w) => w <= cap));
}

/**
 * Key/value lines. Long text wraps at spaces under the value column; a word holding a `/` (a URL, a
 * path) and a `url` value are never split: they run past the edge rather. A nested object shown as
 * JSON stays one line, cut with `…` (-f json shows it whole).
 */
export async function writeTableRecord(out: Sink, record: Item, rows: Column[], opts: TableOptions): Promise<void> {
  const paint = await painter(opts.color);
  // A label may be the server's (a field name in `wli show`): escaped like any cell.
  const labels = rows.map((r) => escapeControl(r.header));
  const labelWidth = labelColumn(labels, opts.width);
  const room = Math.max(1, opts.width - labelWidth - 2);
  let chunk = '';
  for (const [i, r] of rows.entries()) {
    // A nested object or list is summarised (recordText): short, so it wraps like any text.
    const text = escapeControl(recordText(r, record));
    const lines = r.kind === 'url' ? [text] : r.breaks ? wrapWithin(text, room) : wrapWords(text, room);
    const style: Style | undefined = opts.color ? r.style?.(record) : undefined;
    const label = truncateCells(labels[i] ?? escapeControl(r.header), opts.width);
    const own = cellWidth(label) > labelWidth;
    if (own) chunk += paint('header', label) + '\n';
    const pad = own ? spaces(labelWidth) : spaces(labelWidth - cellWidth(label));
    lines.forEach((text, k) => {
      const head = k === 0 && !own ? paint('header', label) + pad : spaces(labelWidth);
      if (own && text === '') return;
      chunk += (head + '  ' + (style && text ? paint(style, text) : text)).trimEnd() + '\n';
    });
  }
  await out.write(chunk);
}
