// Columns written over a typed view of each row (src/weblate/views/) rather than the raw object: the
// output layer still sees Column<Item> and renders the raw row; only the column's functions read the
// view. The cells of one row are computed one after another, so a one-entry memo keyed by the row's
// identity makes the view once per row in each pass over the rows (a table makes its texts in one pass,
// its colours in another: table.ts), and holds no row but the last: a small object per row and pass.
import type { Item } from '../core/page.js';
import type { Column } from './result.js';
import { getPath } from './fields.js';

/** Columns over `view(row)`, as the output layer takes them (Column<Item>). */
export function columnsOver<V>(view: (raw: Item) => V, columns: Column<V>[]): Column[] {
  let last: { raw: Item; view: V } | undefined;
  const of = (raw: Item): V => {
    if (last?.raw !== raw) last = { raw, view: view(raw) };
    return last.view;
  };
  return columns.map((c) => over(c, of));
}

function over<V>(c: Column<V>, of: (raw: Item) => V): Column {
  const { short } = c;
  return {
    ...c,
    value: (item) => c.value(of(item)),
    text: c.text && ((v, item) => c.text?.(v, of(item)) ?? ''),
    style: c.style && ((item) => c.style?.(of(item))),
    short: short && { ...short, text: (v, item) => short.text(v, of(item)) },
    mark: c.mark && ((item) => c.mark?.(of(item))),
  };
}

/**
 * A column of a row wli wrote itself (pull's records, locales' rows): its field as written, read by the
 * output as --fields reads any field (fields.ts). Not for a server's object: a command reads those
 * through their views (src/weblate/views/), which a row wli wrote needs no more than a map needs a map.
 */
export function asWritten(column: Omit<Column, 'value'> & { field: string }): Column {
  return { ...column, value: (item) => getPath(item, column.field) };
}
