// Columns over a typed view (src/output/view-columns.ts): each column's functions read the view of
// the row, made once per row, while the output layer still gets Column<Item> over the raw rows.
import { describe, expect, it } from 'vitest';
import { asWritten, columnsOver } from '../src/output/view-columns.js';
import { writeMarkdownList } from '../src/output/markdown.js';
import { pageOf, type Item } from '../src/core/page.js';
import type { Column } from '../src/output/result.js';

class Row {
  constructor(readonly raw: Item) {}
  get name(): unknown {
    return this.raw.name;
  }
  get count(): number {
    return typeof this.raw.n === 'number' ? this.raw.n : 0;
  }
}

/** A view factory that counts the views it made. */
const counting = () => {
  const made: Item[] = [];
  return { made, view: (raw: Item) => (made.push(raw), new Row(raw)) };
};

const columnsFor = (view: (raw: Item) => Row): Column[] =>
  columnsOver(view, [
    { header: 'name', value: (r) => r.name, text: (v, r) => `${String(v)}:${r.count}`, mark: (r) => (r.count > 1 ? 'many' : undefined) },
    { header: 'n', kind: 'count', value: (r) => r.count, style: (r) => (r.count > 1 ? 'red' : undefined), short: { text: (_v, r) => `#${r.count}` } },
  ]);

describe('columnsOver', () => {
  it("gives value, text, style, short and mark the row's view, and keeps the column's other settings", () => {
    const [name, n] = columnsFor(counting().view);
    const row = { name: 'x', n: 2 };
    expect(name?.value(row)).toBe('x');
    expect(name?.text?.('x', row)).toBe('x:2');
    expect(name?.mark?.(row)).toBe('many');
    expect(n?.value(row)).toBe(2);
    expect(n?.style?.(row)).toBe('red');
    expect(n?.style?.({ name: 'y', n: 1 })).toBeUndefined();
    expect(n?.short?.text('2', row)).toBe('#2');
    expect(n?.kind).toBe('count');
    expect(n).not.toHaveProperty('text', expect.anything());
  });

  it("makes the view once per row for the row's cells", () => {
    const { made, view } = counting();
    const columns = columnsFor(view);
    const rows = [{ name: 'a', n: 1 }, { name: 'b', n: 2 }, { name: 'c' }];
    for (const r of rows) for (const c of columns) expect([c.value(r), c.text?.(c.value(r), r), c.style?.(r), c.mark?.(r)]).toHaveLength(4);
    expect(made).toEqual(rows);
    expect(made[0]).toBe(rows[0]);
  });

  it('renders a table over the raw rows through the output layer (markdown), one view per row', async () => {
    const { made, view } = counting();
    const rows = [
      { name: 'a', n: 1, extra: true },
      { name: 'b', n: 3 },
    ];
    let out = '';
    const pages = (async function* () {
      yield pageOf(rows);
    })();
    await writeMarkdownList({ write: async (c) => void (out += String(c)) }, pages, () => columnsFor(view));
    expect(out).toBe('| name | n |\n| --- | ---: |\n| a:1 | 1 |\n| b:3 many | 3 |\n');
    expect(made).toEqual(rows);
  });
});

describe('asWritten', () => {
  it.each([
    { row: { status: 'pulled', bytes: 12 }, field: 'status', value: 'pulled' },
    { row: { status: 'pulled', bytes: 12 }, field: 'bytes', value: 12 },
    { row: { status: 'pulled' }, field: 'reason', value: undefined },
    { row: { language: { code: 'cs' } }, field: 'language.code', value: 'cs' },
  ])('shows $field of a row wli wrote as written', ({ row, field, value }) => {
    const column = asWritten({ header: field, field, kind: 'state' });
    expect(column.value(row)).toBe(value);
    expect(column).toMatchObject({ header: field, field, kind: 'state' });
  });
});
