// Issue 48.2, --wrap: a table's long text wraps onto further lines of its row within the terminal's
// width instead of being cut; no line is wider than the terminal; ids, states and targets stay whole;
// a row of several lines stands apart (a blank line before and after it). Without --wrap a table is
// as it was (every other table test holds that).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../src/core/page.js';
import { pageOf } from '../src/core/page.js';
import type { Column } from '../src/output/result.js';
import { writeTableList } from '../src/output/table.js';
import { planWidths, measure, wrappedCells } from '../src/output/layout.js';
import { cellWidth, wrapWithin } from '../src/output/width.js';
import { SCOPED_UNIT_COLUMNS, UNIT_COLUMNS } from '../src/commands/units/units.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { onPty } from './support/pty.js';
import { wli } from './support/run.js';
import { LONG_SOURCE, LONG_TARGET } from './support/long-text.js';

async function table(columns: Column[], rows: Item[], width: number, wrap: boolean): Promise<string[]> {
  let text = '';
  const pages = (async function* () {
    yield pageOf(rows);
  })();
  const sink = {
    write: (c: string | Uint8Array) => {
      text += String(c);
      return Promise.resolve();
    },
  };
  await writeTableList(sink, pages, () => columns, { color: false, width, wrap });
  return text.split('\n').slice(0, -1);
}

/** The text of a column (from `start` to `end` in cells, ASCII-and-Ž text: one cell a character) over lines. */
const columnText = (lines: string[], start: number, end?: number) =>
  lines
    .map((l) => [...l].slice(start, end).join(''))
    .join('')
    .replace(/\s/g, '');

describe('--wrap, the layout (pure)', () => {
  it('wrapWithin keeps every character and never passes the width, a URL broken too', () => {
    for (const width of [1, 5, 17, 40, 80]) {
      const lines = wrapWithin(LONG_TARGET, width);
      for (const l of lines) expect(cellWidth(l)).toBeLessThanOrEqual(width);
      expect(lines.join('').replace(/ /g, '')).toBe(LONG_TARGET.replace(/ /g, ''));
    }
  });

  it('a unit row wraps its source and target within their columns; id, state and context stay whole on the first line', async () => {
    const rows = [
      { id: 7, state: 20, context: 'long_one', source: [LONG_SOURCE], target: [LONG_TARGET] },
      { id: 8, state: 0, context: 'short', source: ['Save'], target: [''] },
      { id: 9, state: 0, context: 'short2', source: ['Open'], target: [''] },
    ];
    for (const width of [40, 80, 120]) {
      const lines = await table(UNIT_COLUMNS, rows, width, true);
      for (const l of lines) expect(cellWidth(l), l).toBeLessThanOrEqual(width);
      // A narrow table shows short state words (layout.ts), and a context is free text: it wraps too.
      expect(lines[1]).toMatch(width < 80 ? /^ *7 +transl\. +long_/ : /^ *7 +translated +long_one /);
      const blank = lines.indexOf('');
      expect(blank).toBeGreaterThan(2);
      // The long row, then a blank line, then the short rows one line each, not apart.
      expect(lines.slice(blank + 1)).toEqual([expect.stringMatching(/^ *8 +empty +short +Save$/), expect.stringMatching(/^ *9 +empty +short2 +Open$/)]);
      expect(lines.filter((l) => l.includes('short'))).toHaveLength(2);
      const src = lines[0]!.indexOf('SOURCE');
      const tgt = lines[0]!.indexOf('TARGET');
      const row = lines.slice(1, blank);
      expect(columnText(row, src, tgt)).toBe(LONG_SOURCE.replace(/\s/g, ''));
      expect(columnText(row, tgt)).toBe(LONG_TARGET.replace(/\s/g, ''));
    }
  });

  it('a key column (TRANSLATION) is never cut or wrapped', async () => {
    const rows = [
      { id: 1, translation: 'http://x/api/translations/a-very-long-project/component/cs/', state: 20, context: 'c', source: [LONG_SOURCE], target: [''] },
    ];
    const lines = await table(SCOPED_UNIT_COLUMNS, rows, 60, true);
    expect(lines[1]).toContain('a-very-long-project/component/cs');
    for (const l of lines) expect(cellWidth(l)).toBeLessThanOrEqual(60);
  });

  it('rows that fit are one line each, as without --wrap', async () => {
    const rows = [
      { id: 1, state: 20, context: 'a', source: ['One'], target: ['Jedna'] },
      { id: 2, state: 20, context: 'b', source: ['Two'], target: ['Dva'] },
    ];
    expect(await table(UNIT_COLUMNS, rows, 80, true)).toEqual(await table(UNIT_COLUMNS, rows, 80, false));
  });

  it('wrappedCells: one line when every cell fits; no limit (a pipe) never wraps', () => {
    const cells = ['1', 'translated', 'c', LONG_SOURCE, ''];
    const m = measure(UNIT_COLUMNS, ['ID', 'STATE', 'CONTEXT', 'SOURCE', 'TARGET'], [cells]);
    expect(wrappedCells(UNIT_COLUMNS, planWidths(UNIT_COLUMNS, m, Infinity), cells)).toEqual([cells]);
    const at80 = wrappedCells(UNIT_COLUMNS, planWidths(UNIT_COLUMNS, m, 80), cells);
    expect(at80.length).toBeGreaterThan(1);
    expect(at80.slice(1).every((l) => l[0] === '' && l[1] === '')).toBe(true);
  });
});

describe('--wrap, wli end to end', () => {
  let fake: FakeWeblate;
  beforeAll(async () => {
    fake = await startFakeWeblate();
    const units = [
      { id: 901, state: 20, context: 'long_text', source: [LONG_SOURCE], target: [LONG_TARGET], position: 1 },
      { id: 902, state: 0, context: 'short', source: ['Save'], target: [''], position: 2 },
    ];
    fake.fault(
      '/translations/demo/android/cs/units/',
      { kind: 'rawBody', body: JSON.stringify({ count: 2, next: null, previous: null, results: units }) },
      Infinity,
    );
  });
  afterAll(() => fake.close());

  it('at 80 columns on a real terminal: every character of a 300-character source and target, every line within 80 cells', async (ctx) => {
    const { code, output } = await onPty(ctx, ['units', 'demo/android/cs', '--wrap', '--url', fake.url], { cols: 80 }).exit;
    expect(code).toBe(0);
    const lines = output
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+$/, ''));
    const header = lines.findIndex((l) => l.includes('SOURCE'));
    const shown = lines.slice(header);
    for (const l of shown) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
    const blank = shown.indexOf('', 1);
    const row = shown.slice(1, blank);
    expect(row[0]).toMatch(/^ *901 +translated +long_text /);
    const src = shown[0]!.indexOf('SOURCE');
    const tgt = shown[0]!.indexOf('TARGET');
    expect(columnText(row, src, tgt)).toBe(LONG_SOURCE.replace(/\s/g, ''));
    expect(columnText(row, tgt)).toBe(LONG_TARGET.replace(/\s/g, ''));
    expect(shown[blank + 1]).toMatch(/^ *902 +empty +short +Save$/);
  });

  it('without --wrap the same table cuts the text with … (as before)', async (ctx) => {
    const { code, output } = await onPty(ctx, ['units', 'demo/android/cs', '--url', fake.url], { cols: 80 }).exit;
    expect(code).toBe(0);
    expect(output).toContain('…');
    expect(output).not.toContain('source027x');
  });

  it.concurrent.for([
    ['changes', 'demo/android/cs'],
    ['stats', 'demo/android'],
    ['ls', 'demo'],
    ['units', 'demo', '-q', 'has:comment', '--with', 'comments'],
    ['screenshots', 'demo/android'],
  ])('every table wraps within 40 columns: %s %s', async (args, ctx) => {
    const { code, output } = await onPty(ctx, [...args, '--wrap', '--quiet', '--url', fake.url], { cols: 40 }).exit;
    expect(code).toBe(0);
    const lines = output.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').split(/\r?\n/);
    expect(lines.filter((l) => l.trim() !== '').length).toBeGreaterThan(1);
    // A URL or path a record or a URL column shows whole may run past the edge; a wrapped cell never.
    for (const l of lines) expect(cellWidth(l.replace(/(^|\s)\S*\/\S*$/, '$1')), l).toBeLessThanOrEqual(40);
  });

  it('--wrap with another format is a usage error (exit 2) before any request', async () => {
    const before = fake.requests.length;
    for (const f of ['json', 'jsonl', 'csv', 'markdown']) {
      const r = await wli(['units', 'demo/android/cs', '--wrap', '-f', f, '--url', fake.url]);
      expect(r.code, f).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('--wrap is for tables');
    }
    expect(fake.requests.length).toBe(before);
  });
});
