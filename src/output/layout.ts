// How a table fits its width W: column widths decided once, from the header and the first page, and
// a line renderer that keeps every line within W (in display cells) whatever later pages hold.
//
// - Fixed columns (every kind but `text`: ids, states, counts, percentages, times) are as wide as
//   their widest header or first-page value and are never cut.
// - Free-text columns share what is left: each gets its natural width if all fit; otherwise the
//   widest are capped to one common width (water-filling), not below MIN_TEXT cells.
// - When that does not fit, columns with a drop rank leave the table, highest rank first; then the
//   gap between columns becomes one space; last, free-text columns shrink below MIN_TEXT.
// - A later fixed cell wider than planned pushes the rest of its row right: the next gap shrinks to
//   one space and the next free-text column gives up the difference, so the line stays within W.
// - W = Infinity (not a terminal, no COLUMNS): nothing is cut; widths still come from the first page.
import type { Column, Style } from './result.js';
import { cellWidth, spaces, truncateCells, truncated } from './width.js';

/** Free text narrower than this is hard to read: other ways to fit are tried first. */
const MIN_TEXT = 6;

export interface Plan {
  /** The columns shown, by index into the command's columns. */
  visible: number[];
  /** Width of every column (by index into the command's columns; 0 for one not shown). */
  widths: number[];
  gap: number;
  width: number;
}

const isFree = (c: Column) => (c.kind ?? 'text') === 'text';

export function planWidths(columns: Column[], headers: string[], first: string[][], width: number): Plan {
  const natural = headers.map((h, i) => Math.max(cellWidth(h), columns[i]!.minWidth ?? 0));
  for (const r of first) for (let i = 0; i < r.length; i++) natural[i] = Math.max(natural[i]!, cellWidth(r[i]!));
  const all = columns.map((_, i) => i);
  if (!Number.isFinite(width)) return { visible: all, widths: natural, gap: 2, width };
  let visible = all;
  for (;;) {
    const plan = fit(columns, natural, visible, 2, width, MIN_TEXT);
    if (plan) return plan;
    const droppable = visible.filter((i) => columns[i]!.drop !== undefined);
    if (droppable.length === 0) break;
    const out = droppable.reduce((a, b) => (columns[b]!.drop! > columns[a]!.drop! ? b : a));
    visible = visible.filter((i) => i !== out);
  }
  // Then one space between columns; last, free text gets what is left (maybe nothing).
  return fit(columns, natural, visible, 1, width, MIN_TEXT) ?? fit(columns, natural, visible, 1, width, 0) ?? { visible, widths: natural, gap: 1, width };
}

function fit(columns: Column[], natural: number[], visible: number[], gap: number, width: number, minText: number): Plan | undefined {
  const free = visible.filter((i) => isFree(columns[i]!));
  const fixed = visible.reduce((a, i) => a + (isFree(columns[i]!) ? 0 : natural[i]!), 0);
  const avail = width - fixed - gap * (visible.length - 1);
  const mins = free.map((i) => Math.min(natural[i]!, minText));
  if (avail < mins.reduce((a, b) => a + b, 0) || avail < 0) return undefined;
  const alloc = waterFill(
    free.map((i) => natural[i]!),
    avail,
  );
  const widths = columns.map((_, i) => (visible.includes(i) ? natural[i]! : 0));
  free.forEach((i, k) => (widths[i] = Math.max(alloc[k]!, mins[k]!)));
  return { visible, widths, gap, width };
}

/** Largest common cap c with Σ min(want, c) ≤ total; leftover cells go one by one to the capped. */
function waterFill(want: number[], total: number): number[] {
  if (want.reduce((a, b) => a + b, 0) <= total) return want.slice();
  const order = want.map((_, i) => i).sort((a, b) => want[a]! - want[b]!);
  const out = want.slice();
  let left = total;
  for (let k = 0; k < order.length; k++) {
    const share = Math.floor(left / (order.length - k));
    if (want[order[k]!]! <= share) {
      left -= want[order[k]!]!;
      continue;
    }
    let extra = left - share * (order.length - k);
    for (const j of order.slice(k)) out[j] = share + (extra-- > 0 ? 1 : 0);
    break;
  }
  return out;
}

export type Paint = (style: Style | 'header', text: string) => string;

const RIGHT = new Set(['id', 'count', 'percent']);

/** Renders one row (cells by column index, already escaped) as one line within the plan's width. */
export function lineRenderer(columns: Column[], plan: Plan, paint: Paint): (cells: string[], styles?: ReadonlyArray<Style | 'header' | undefined>) => string {
  const { widths, gap, width, visible } = plan;
  const start: number[] = [];
  let x = 0;
  for (const i of visible) {
    start.push(x);
    x += widths[i]! + gap;
  }
  const last = visible.length - 1;
  const limited = Number.isFinite(width);
  return (cells, styles) => {
    let line = '';
    let pos = 0;
    let end = last;
    while (end > 0 && cells[visible[end]!] === '') end--;
    for (let k = 0; k <= end; k++) {
      const i = visible[k]!;
      const col = columns[i]!;
      if (k > 0) {
        const g = Math.max(1, start[k]! - pos);
        line += spaces(g);
        pos += g;
      }
      let text = cells[i]!;
      let w: number;
      if (isFree(col) && limited) {
        // The last column may use the rest of the line; others their planned end.
        const limit = (k === last ? width : start[k]! + widths[i]!) - pos;
        text = truncateCells(k === end ? text.trimEnd() : text, Math.max(0, limit));
        w = truncated.width;
      } else w = cellWidth(text);
      const style = styles?.[i];
      const painted = style && text ? paint(style, text) : text;
      const right = RIGHT.has(col.kind ?? 'text');
      const room = start[k]! + widths[i]! - pos;
      if (room > w && right) {
        line += spaces(room - w) + painted;
        pos += room;
      } else if (room > w && k < end) {
        line += painted + spaces(room - w);
        pos += room;
      } else {
        line += painted;
        pos += w;
      }
    }
    return (line.endsWith(' ') ? line.trimEnd() : line) + '\n';
  };
}
