// How a table fits its width W: column widths planned from the header and the first page, grown
// as later pages bring wider values, and a line renderer that keeps every line within W (in display
// cells).
//
// - Fixed columns (every kind but `text`: the key that tells rows apart, ids, states, counts,
//   percentages, times) are as wide as their widest value and are never cut.
// - Free-text columns share what is left: each gets its natural width if all fit; otherwise each
//   first gets its typical width (most of its values: a column empty in most rows, such as TARGET of an
//   untranslated list, keeps no room its rare long values would want), then what is left is shared
//   by water-filling towards the natural widths, not below MIN_TEXT cells.
// - When that does not fit, columns with a drop rank leave the table, highest rank first; then the
//   gap between columns becomes one space; last, free-text columns shrink below MIN_TEXT.
// - Later pages (like psql's FETCH_COUNT batches): when a page holds a value wider than planned, the
//   widths are planned again with the same columns, growing where the width allows, so a value is cut
//   only to fit the terminal, never because the first page was narrower. Rows already written stay.
// - A cell still wider than its column (a key on a narrow terminal) pushes the rest of its row right:
//   the next gap shrinks to one space and the next free-text column gives up the difference.
// - W = Infinity (not a terminal, no COLUMNS): nothing is cut.
import type { Column, Style } from './result.js';
import { cellWidth, spaces, truncateCells, truncated } from './width.js';

/** Free text narrower than this is hard to read: other ways to fit are tried first. */
const MIN_TEXT = 6;
/** A free-text column's typical width: what half of its first page's values fit in (its median). */
const TYPICAL_SHARE = 0.5;

export interface Plan {
  /** The columns shown, by index into the command's columns. */
  visible: number[];
  /** Width of every column (by index into the command's columns; 0 for one not shown). */
  widths: number[];
  gap: number;
  width: number;
}

/** What planning knows of the columns: their widest values so far, and their typical width. */
export interface Measure {
  natural: number[];
  typical: number[];
}

const isFree = (c: Column) => (c.kind ?? 'text') === 'text';

/** The header's width (or the column's minimum) and the first rows' widths. */
export function measure(columns: Column[], headers: string[], rows: string[][]): Measure {
  const natural = headers.map((h, i) => Math.max(cellWidth(h), columns[i]!.minWidth ?? 0));
  const widths: number[][] = columns.map(() => []);
  for (const r of rows) {
    for (let i = 0; i < r.length; i++) {
      const w = cellWidth(r[i]!);
      widths[i]!.push(w);
      if (w > natural[i]!) natural[i] = w;
    }
  }
  const typical = widths.map((ws, i) => {
    const head = Math.min(natural[i]!, Math.max(cellWidth(headers[i]!), columns[i]!.minWidth ?? 0));
    if (ws.length === 0) return natural[i]!;
    ws.sort((a, b) => a - b);
    return Math.max(head, ws[Math.min(ws.length - 1, Math.ceil(ws.length * TYPICAL_SHARE) - 1)]!);
  });
  return { natural, typical };
}

/** Widens `m` to the rows' values; true when some column grew. */
export function grow(m: Measure, rows: string[][]): boolean {
  let grew = false;
  for (const r of rows) {
    for (let i = 0; i < r.length; i++) {
      const w = cellWidth(r[i]!);
      if (w > m.natural[i]!) {
        m.natural[i] = w;
        grew = true;
      }
    }
  }
  return grew;
}

export function planWidths(columns: Column[], m: Measure, width: number): Plan {
  const all = columns.map((_, i) => i);
  if (!Number.isFinite(width)) return { visible: all, widths: m.natural.slice(), gap: 2, width };
  let visible = all;
  for (;;) {
    const plan = fit(columns, m, visible, 2, width, MIN_TEXT);
    if (plan) return plan;
    const droppable = visible.filter((i) => columns[i]!.drop !== undefined);
    if (droppable.length === 0) break;
    const out = droppable.reduce((a, b) => (columns[b]!.drop! > columns[a]!.drop! ? b : a));
    visible = visible.filter((i) => i !== out);
  }
  return fitAnyhow(columns, m, visible, width);
}

/** The plan again for wider values, with the same columns (a table does not change shape midway). */
export function replan(columns: Column[], m: Measure, before: Plan): Plan {
  if (!Number.isFinite(before.width)) return { ...before, widths: m.natural.slice() };
  return fit(columns, m, before.visible, before.gap, before.width, MIN_TEXT) ?? fitAnyhow(columns, m, before.visible, before.width);
}

/** One space between columns; last, free text gets what is left (maybe nothing). */
function fitAnyhow(columns: Column[], m: Measure, visible: number[], width: number): Plan {
  return fit(columns, m, visible, 1, width, MIN_TEXT) ?? fit(columns, m, visible, 1, width, 0) ?? { visible, widths: m.natural.slice(), gap: 1, width };
}

function fit(columns: Column[], m: Measure, visible: number[], gap: number, width: number, minText: number): Plan | undefined {
  const { natural, typical } = m;
  const free = visible.filter((i) => isFree(columns[i]!));
  const fixed = visible.reduce((a, i) => a + (isFree(columns[i]!) ? 0 : natural[i]!), 0);
  const avail = width - fixed - gap * (visible.length - 1);
  const mins = free.map((i) => Math.min(natural[i]!, minText));
  if (avail < mins.reduce((a, b) => a + b, 0) || avail < 0) return undefined;
  const alloc = share(
    free.map((i) => natural[i]!),
    free.map((i) => Math.min(typical[i]!, natural[i]!)),
    avail,
  );
  const widths = columns.map((_, i) => (visible.includes(i) ? natural[i]! : 0));
  free.forEach((i, k) => (widths[i] = Math.max(alloc[k]!, mins[k]!)));
  return { visible, widths, gap, width };
}

/** Natural widths when they fit; else typical widths first, the rest water-filled towards natural. */
function share(natural: number[], typical: number[], total: number): number[] {
  if (natural.reduce((a, b) => a + b, 0) <= total) return natural.slice();
  const base = typical.reduce((a, b) => a + b, 0);
  if (base > total) return waterFill(typical, total);
  const extra = waterFill(
    natural.map((n, k) => n - typical[k]!),
    total - base,
  );
  return typical.map((t, k) => t + extra[k]!);
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
