// Issue 47.1, the unit commands' columns over typed views, on plain objects: what each column reads of a
// unit (its view's getters) and of the rows wli builds (UnitRow: the identity wli gave the row and the
// lists --with added, never a server field of their names).
import { describe, expect, it } from 'vitest';
import type { Item } from '../src/core/page.js';
import type { Column } from '../src/output/result.js';
import { SCOPED_UNIT_COLUMNS, UNIT_COLUMNS } from '../src/commands/units/units.js';
import { UnitRow, withColumns } from '../src/commands/units/with.js';
import { unitRows } from '../src/commands/unit/rows.js';
import { identified, identityOf, withOwnFields } from '../src/weblate/identity.js';

const cells = (columns: Column[], row: Item) => columns.map((c) => [c.header, c.text ? c.text(c.value(row), row) : c.value(row)]);

const UNIT: Item = {
  id: 12,
  translation: 'https://weblate.example/api/translations/p/c/cs/',
  state: 10,
  context: 'ctx',
  source: ['One', 'Many'],
  target: ['Jeden'],
  has_suggestion: true,
};

describe('unit list columns', () => {
  it("a translation's units: id, state by name, context, texts", () => {
    expect(cells(UNIT_COLUMNS, UNIT)).toEqual([
      ['id', 12],
      ['state', 'needs editing'],
      ['context', 'ctx'],
      ['source', expect.stringContaining('One')],
      ['target', 'Jeden'],
    ]);
    expect(UNIT_COLUMNS.map((c) => c.style?.(UNIT))).toEqual([undefined, 'yellow', undefined, undefined, undefined]);
  });

  it('above a translation: the translation the unit names, as a target; an unreadable link as sent', () => {
    expect(cells(SCOPED_UNIT_COLUMNS, UNIT).slice(0, 2)).toEqual([
      ['id', 12],
      ['translation', 'p/c/cs'],
    ]);
    expect(SCOPED_UNIT_COLUMNS[1]?.value({ translation: 'elsewhere' })).toBe('elsewhere');
  });
});

describe('UnitRow: a unit as wli writes it', () => {
  const server: Item = { ...UNIT, wli_target: 'evil/x/y', wli_suggestions: ['the server'] };
  const row = withOwnFields(identified(server, identityOf({ project: 'p', component: ['c'], language: 'cs' })), {
    wli_suggestions: [{ target: ['Návrh'], user: 'https://weblate.example/api/users/admin/', votes: 1 }],
  });

  it("reads wli's identity and lists, not the server's fields of their names", () => {
    const r = new UnitRow(row);
    expect(r.identity?.target).toBe('p/c/cs');
    expect(r.entries('suggestions')).toEqual([{ target: ['Návrh'], user: 'https://weblate.example/api/users/admin/', votes: 1 }]);
    expect(r.entries('comments')).toEqual([]);
    expect(r.hasSuggestion).toBe(true);
  });

  it('wli unit: its lines', () => {
    const lines = Object.fromEntries(cells(unitRows(row), row));
    expect(lines).toMatchObject({ translation: 'p/c/cs', id: 12, context: 'ctx', 'source.0': 'One', 'source.1': 'Many', target: 'Jeden' });
    expect(lines.suggestion).toBe('Návrh (admin, 1 vote)');
    expect(Object.keys(lines)).not.toContain('note');
  });

  it('units --with: a list column shows the entries wli added', () => {
    const [suggestions] = withColumns(['suggestions']);
    expect(suggestions?.header).toBe('suggestions');
    const r = new UnitRow(row);
    expect(suggestions?.text?.(suggestions.value(r), r)).toBe('Návrh');
  });
});
