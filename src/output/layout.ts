// How a table fits its width W: column widths planned from the header and the first page, grown
// as later pages bring wider values, and a line renderer that keeps every line within W (in display
// cells).
//
// - Fixed columns (every kind but `text`: the key that tells rows apart, ids, states, counts,
//   percentages, times, URLs) are as wide as their widest value and are never cut.
// - Free-text columns share what is left: each gets its natural width if all fit; otherwise each
//   first gets its typical width (most of its values: a column empty in most rows, such as TARGET of an
//   untranslated list, keeps no room its rare long values would want; but a column with `keep`, USER,
//   keeps room for its short values whole), then what is left is shared
//   by water-filling towards the natural widths.
// - Fixed columns yield first: when free text would get less than its typical width plus the cells
//   the short forms would free (its roomy width), they take their short form (short state words,
//   headers abbreviated to their values' width; a key's header stays), and free text gets those cells.
// - When that does not fit, free text shrinks to MIN_TEXT cells; then columns with a drop rank leave
//   the table, highest rank first; then the row's name is cut (other free text held to MIN_TEXT);
//   then the gap between columns becomes one space; then free text shrinks to LAST_TEXT cells; then
//   free-text columns leave, last first, then fixed ones, last first, then the row's identity (key
//   and name columns), last first, until the first column alone is left (shown whole even when wider
//   than W).
// - What identifies a row stays: a key column (TARGET, TRANSLATION) is never cut and leaves only
//   after every other column; a name column (NAME) is shown whole as long as a column with a drop
//   rank is (a language's POPULATION leaves before its name is cut), and leaves after the others too.
// - A narrower terminal never shows more than a wider one: the steps above are tried in one order,
//   each one fitting at every width above the narrowest it fits at, so a narrower width only ever
//   goes further down the list (fewer columns, short forms, narrower text). Within one set of columns
//   every width only shrinks as W does; that is why, when the short forms make room, free text is
//   still held to its roomy width (the room full forms gave it just above) until it would have less.
//   Were the full forms kept down to the typical width, the short forms' cells would stay blank just
//   where they are taken (the changes table at 80 columns: 63 cells, its text cut at 12, issue
//   49.13); held to the roomy width, the short forms fill the line from the width where they fit it
//   down (the few widths just below the full forms' narrowest, where they do not, are the price of
//   never showing more on a narrower terminal).
// - Later pages (like psql's FETCH_COUNT batches): when a page holds a value wider than planned, the
//   widths are planned again with the same columns and forms, growing where the width allows, so a
//   value is cut only to fit the terminal, never because the first page was narrower. Rows already
//   written stay.
// - A cell still wider than its column (a key on a narrow terminal) pushes the rest of its row right:
//   the next gap shrinks to one space and the next free-text column gives up the difference.
// - W = Infinity (not a terminal, no COLUMNS): nothing is cut.
import type { Column, Style } from './result.js';
import { cellWidth, spaces, truncateCells, truncated, wrapWithin } from './width.js';

/** Free text narrower than this is hard to read: other ways to fit are tried first. */
const MIN_TEXT = 6;
/** The least free text shrinks to (`Se…`) before its column leaves the table. */
const LAST_TEXT = 3;
/** A fixed column's abbreviated header keeps at least this much of the header (`TRA…`). */
const SHORT_HEADER = 4;
/** A free-text column's typical width: what half of its first page's values fit in (its median). */
const TYPICAL_SHARE = 0.5;

export interface Plan {
  /** The columns shown, by index into the command's columns. */
  visible: number[];
  /** Width of every column (by index into the command's columns; 0 for one not shown). */
  widths: number[];
  gap: number;
  width: number;
  /** Fixed columns in their short form: short values (`short.text`), abbreviated headers. */
  short: boolean;
  /** Free text held to its typical width, or to so many cells, even when there is more room (see above). */
  cap?: Bound;
  /** The least free text may have in this plan (a later page's replanning keeps to it). */
  floor: number;
  /** How name columns are treated (a later page's replanning keeps to it). */
  names: Names;
}

/** What planning knows of the columns: their widest values so far, in full and short form, and their typical width. */
export interface Measure {
  natural: number[];
  typical: number[];
  /** Width in the short form: the widest short value, the short room kept, the abbreviated header. */
  compact: number[];
}

/** Free text: cut to fit (a name only after the columns with a drop rank left). */
export const isFree = (c: Column): boolean => c.kind === undefined || c.kind === 'text' || c.kind === 'name';
const isName = (c: Column): boolean => c.kind === 'name';
/** What identifies a row: its key (a target) and its name; they leave a narrow table last. */
export const isIdentity = (c: Column): boolean => c.kind === 'key' || c.kind === 'name';

/** A fixed column's header in the short form: cut to the column's width, ending with `…`. */
export function shortHeader(header: string, width: number): string {
  return cellWidth(header) <= width ? header : truncateCells(header, Math.max(width, SHORT_HEADER));
}

/**
 * The header's width (or the column's minimum) and the first rows' widths. `shortRows` holds each
 * row's cells in the short form (the same text for a column without one).
 */
export function measure(columns: Column[], headers: string[], rows: string[][], shortRows: string[][] = rows): Measure {
  const natural = headers.map((h, i) => Math.max(cellWidth(h), columns[i]!.minWidth ?? 0));
  const compact = headers.map((h, i) => {
    const c = columns[i]!;
    return isFree(c) || c.kind === 'key' ? natural[i]! : Math.max(Math.min(cellWidth(h), SHORT_HEADER), (c.short ? c.short.minWidth : c.minWidth) ?? 0);
  });
  const widths: number[][] = columns.map(() => []);
  for (const r of rows) {
    for (let i = 0; i < r.length; i++) {
      const w = cellWidth(r[i]!);
      widths[i]!.push(w);
      if (w > natural[i]!) natural[i] = w;
    }
  }
  growCompact(columns, compact, natural, shortRows);
  const typical = widths.map((ws, i) => {
    const head = Math.min(natural[i]!, Math.max(cellWidth(headers[i]!), columns[i]!.minWidth ?? 0));
    if (ws.length === 0) return natural[i]!;
    ws.sort((a, b) => a - b);
    // A column's short values kept whole (a user's name): its widest value up to `keep` cells.
    const kept = Math.max(0, ...ws.filter((w) => w <= (columns[i]!.keep ?? 0)));
    return Math.max(head, kept, ws[Math.min(ws.length - 1, Math.ceil(ws.length * TYPICAL_SHARE) - 1)]!);
  });
  return { natural, typical, compact };
}

/** Widens the short forms to the rows' short cells (a free column's short form is its full one). */
function growCompact(columns: Column[], compact: number[], natural: number[], shortRows: string[][]): boolean {
  let grew = false;
  columns.forEach((c, i) => {
    if (isFree(c)) {
      if (natural[i]! > compact[i]!) [compact[i], grew] = [natural[i]!, true];
      return;
    }
    for (const r of shortRows) {
      const w = cellWidth(r[i]!);
      if (w > compact[i]!) [compact[i], grew] = [w, true];
    }
  });
  return grew;
}

/** Widens `m` to the rows' values; true when some column grew. */
export function grow(columns: Column[], m: Measure, rows: string[][], shortRows: string[][] = rows): boolean {
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
  return growCompact(columns, m.compact, m.natural, shortRows) || grew;
}

/**
 * A bound on free text: its typical width, its roomy width (typical plus its share of the cells the
 * short forms free), or so many cells (never more than its natural width).
 */
type Bound = 'typical' | 'roomy' | number;

/**
 * How a try treats name columns: shown whole (as a fixed column at its natural width); cut, with the
 * cap held only to other free text (the name gets what they leave); or like any free text.
 */
type Names = 'whole' | 'uncapped' | 'text';

/** One way to lay out the table: which columns, which form, what gap, how little (and much) free text may get. */
interface Try {
  visible: number[];
  gap: number;
  short: boolean;
  floor: Bound;
  cap?: Bound;
  names: Names;
}

/** Every way to lay out the table, from the widest to the narrowest (see the header). */
function* tries(columns: Column[]): Generator<Try> {
  let visible = columns.map((_, i) => i);
  const names = 'whole';
  yield { visible, gap: 2, short: false, floor: 'roomy', names };
  yield { visible, gap: 2, short: true, floor: 'typical', cap: 'roomy', names };
  yield { visible, gap: 2, short: true, floor: MIN_TEXT, names };
  for (;;) {
    const droppable = visible.filter((i) => columns[i]!.drop !== undefined);
    if (droppable.length === 0) break;
    const out = droppable.reduce((a, b) => (columns[b]!.drop! > columns[a]!.drop! ? b : a));
    visible = visible.filter((i) => i !== out);
    yield { visible, gap: 2, short: true, floor: 'typical', names };
    yield { visible, gap: 2, short: true, floor: MIN_TEXT, names };
  }
  // No column with a rank left: the name is cut, other free text keeping the MIN_TEXT it had just above.
  yield { visible, gap: 2, short: true, floor: MIN_TEXT, cap: MIN_TEXT, names: 'uncapped' };
  // One space between columns: free text keeps MIN_TEXT (all it had just above), then shrinks.
  yield { visible, gap: 1, short: true, floor: MIN_TEXT, cap: MIN_TEXT, names: 'text' };
  yield { visible, gap: 1, short: true, floor: LAST_TEXT, names: 'text' };
  // Free columns leave, last first; then fixed ones, last first; then the row's identity, last first;
  // the first column stays.
  const leaving = [(c: Column) => isFree(c) && !isIdentity(c), (c: Column) => !isFree(c) && !isIdentity(c), isIdentity];
  for (const leaves of leaving) {
    for (let k = visible.length - 1; k > 0; k--) {
      if (!leaves(columns[visible[k]!]!)) continue;
      visible = visible.filter((_, j) => j !== k);
      yield { visible, gap: 1, short: true, floor: LAST_TEXT, names: 'text' };
    }
  }
}

export function planWidths(columns: Column[], m: Measure, width: number): Plan {
  const all = columns.map((_, i) => i);
  if (!Number.isFinite(width)) return { visible: all, widths: m.natural.slice(), gap: 2, width, short: false, floor: 0, names: 'whole' };
  let last: Try | undefined;
  for (const t of tries(columns)) {
    const plan = fit(columns, m, width, t);
    if (plan) return plan;
    last = t;
  }
  // Not even the first column fits: it is shown whole all the same.
  return anyhow(columns, m, width, last!);
}

/** The plan again for wider values, with the same columns and forms (a table does not change shape midway). */
export function replan(columns: Column[], m: Measure, before: Plan): Plan {
  if (!Number.isFinite(before.width)) return { ...before, widths: m.natural.slice() };
  const same = { visible: before.visible, gap: before.gap, short: before.short, cap: before.cap, names: before.names };
  return (
    fit(columns, m, before.width, { ...same, floor: before.floor }) ??
    fit(columns, m, before.width, { ...same, floor: 0 }) ??
    // A later page's name wider than the room left: cut it rather than push the line past the width.
    fit(columns, m, before.width, { ...same, floor: 0, names: 'text' }) ??
    anyhow(columns, m, before.width, { ...same, floor: 0 })
  );
}

/** Fixed columns at their width, free text at its floor: wider than the line, but nothing is cut. */
function anyhow(columns: Column[], m: Measure, width: number, t: Try): Plan {
  const bound = bounds(columns, m, t);
  const widths = columns.map((c, i) => (!t.visible.includes(i) ? 0 : cutHere(c, t) ? bound(i, t.floor) : fixedWidth(m, i, t)));
  return { visible: t.visible, widths, gap: t.gap, width, short: t.short, cap: t.cap, floor: floorNumber(t), names: t.names };
}

/** Whether a try may cut column c: free text, but a name only once it is no longer kept whole. */
const cutHere = (c: Column, t: Try): boolean => isFree(c) && !(isName(c) && t.names === 'whole');
/** A fixed column's width in a try's form; a name kept whole is as wide as its widest value. */
const fixedWidth = (m: Measure, i: number, t: Try) => (t.short ? m.compact[i]! : m.natural[i]!);
/**
 * What a bound allows free column i in a try: its typical width; its roomy width; or so many cells
 * but never more than its typical width (a column empty in most rows is held to that even as a
 * floor); never more than its natural width.
 */
function bounds(columns: Column[], m: Measure, t: Try): (i: number, b: Bound) => number {
  let roomy: number[] | undefined;
  return (i, b) => {
    if (b !== 'roomy') return Math.min(b === 'typical' ? m.typical[i]! : Math.min(b, m.typical[i]!), m.natural[i]!);
    roomy ??= roomyWidths(columns, m, t);
    return roomy[i] ?? 0;
  };
}

/**
 * Each free column's roomy width (by column index): the typical widths, and the cells the visible
 * fixed columns' short forms free shared among the free columns as any room is (towards their
 * natural widths). The same for a try's full and short forms, so the short forms are held to what
 * the full forms had at their narrowest.
 */
function roomyWidths(columns: Column[], m: Measure, t: Try): number[] {
  const free: number[] = [];
  let freed = 0;
  columns.forEach((c, i) => {
    if (!t.visible.includes(i)) return;
    if (cutHere(c, t)) free.push(i);
    else freed += Math.max(0, (m.natural[i] ?? 0) - (m.compact[i] ?? 0));
  });
  const natural = free.map((i) => m.natural[i] ?? 0);
  const typical = free.map((i, k) => Math.min(m.typical[i] ?? 0, natural[k] ?? 0));
  const room = share(natural, typical, typical.reduce((a, b) => a + b, 0) + freed);
  const widths = columns.map(() => 0);
  free.forEach((i, k) => (widths[i] = room[k] ?? 0));
  return widths;
}

/** The floor a replanning keeps to, in cells. */
const floorNumber = (t: Try) => (typeof t.floor === 'number' ? t.floor : MIN_TEXT);

function fit(columns: Column[], m: Measure, width: number, t: Try): Plan | undefined {
  const { visible, gap } = t;
  const free = visible.filter((i) => cutHere(columns[i]!, t));
  const fixed = visible.reduce((a, i) => a + (free.includes(i) ? 0 : fixedWidth(m, i, t)), 0);
  const avail = width - fixed - gap * (visible.length - 1);
  const bound = bounds(columns, m, t);
  const mins = free.map((i) => bound(i, t.floor));
  if (avail < 0 || avail < mins.reduce((a, b) => a + b, 0)) return undefined;
  const widths = columns.map((_, i) => (visible.includes(i) && !free.includes(i) ? fixedWidth(m, i, t) : 0));
  // Names cut 'uncapped' get what the other free text, held to the cap, leaves.
  const last = t.names === 'uncapped' ? free.filter((i) => isName(columns[i]!)) : [];
  const first = free.filter((i) => !last.includes(i));
  const left = avail - allocate(m, bound, first, avail, t.floor, t.cap, widths);
  allocate(m, bound, last, left, t.floor, undefined, widths);
  return { visible, widths, gap, width, short: t.short, cap: t.cap, floor: floorNumber(t), names: t.names };
}

/** Shares `avail` cells among free columns `cols` (into widths), each at least its floor, at most its cap; returns the cells used. */
function allocate(
  m: Measure,
  bound: (i: number, b: Bound) => number,
  cols: number[],
  avail: number,
  floor: Bound,
  cap: Bound | undefined,
  widths: number[],
): number {
  const alloc = share(
    cols.map((i) => m.natural[i]!),
    cols.map((i) => bound(i, 'typical')),
    avail,
  );
  cols.forEach((i, k) => (widths[i] = Math.max(cap === undefined ? alloc[k]! : Math.min(alloc[k]!, bound(i, cap)), bound(i, floor))));
  return cols.reduce((a, i) => a + widths[i]!, 0);
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
        // Up to the column's planned end, never past the line's.
        const limit = Math.min(width, start[k]! + widths[i]!) - pos;
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

/**
 * A row's cells (by column index, already escaped) as the lines --wrap shows: each free-text cell
 * wrapped within its planned width (every character kept), the other cells whole on the first line
 * and empty below. One line when every cell fits.
 */
export function wrappedCells(columns: Column[], plan: Plan, cells: string[]): string[][] {
  if (!Number.isFinite(plan.width)) return [cells];
  const pieces = cells.map((text, i) =>
    plan.visible.includes(i) && isFree(columns[i]!) && cellWidth(text) > plan.widths[i]! ? wrapWithin(text, Math.max(1, plan.widths[i]!)) : [text],
  );
  const height = Math.max(1, ...pieces.map((p) => p.length));
  if (height === 1) return [cells];
  return Array.from({ length: height }, (_, k) => pieces.map((p) => p[k] ?? ''));
}
