// Progress you can see (issue 48.7): a table on a terminal draws a percentage column marked `bar`
// (stats' gated metric, ls's translated) again as a bar beside it, as Weblate's UI and Crowdin's
// status do. A bar is a column of its own, fixed BAR_CELLS wide, coloured as the percentage is (the
// gate's red and green where there is a gate); it is the first column to leave a narrow table. Only
// the table writer adds it, and only when stdout is a terminal (io/streams.ts decides the glyphs from
// the locale): pipes, files and every other format are unchanged.
import { numberOf } from '../core/values.js';
import type { Column } from './result.js';

/** Unicode blocks in eighths where the locale can draw them; `#` and `-` where it cannot. */
export type BarGlyphs = 'unicode' | 'ascii';

/** Cells a bar spans: 10, so one cell is 10% (an eighth of a cell 1.25%). */
export const BAR_CELLS = 10;

/** Leaves the table before every other column that can (layout.ts: highest drop rank first). */
const BAR_DROP = 100;

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;

/**
 * A percentage as a bar of `cells` cells, rounded down (99.9% is not drawn full; only 100% is). Not a
 * number: no bar. The Unicode bar is its blocks alone (the layout pads it); the ASCII bar shows its
 * track with `-`.
 */
export function barText(percent: number | undefined, glyphs: BarGlyphs, cells = BAR_CELLS): string {
  if (percent === undefined || !Number.isFinite(percent)) return '';
  const p = Math.min(100, Math.max(0, percent));
  if (glyphs === 'ascii') {
    const full = Math.floor((p * cells) / 100);
    return '#'.repeat(full) + '-'.repeat(cells - full);
  }
  const eighths = Math.floor((p * cells * 8) / 100);
  return '█'.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '');
}

/** The columns with a bar column after each one marked `bar`. */
export function withBars(columns: Column[], glyphs: BarGlyphs): Column[] {
  if (!columns.some((c) => c.bar)) return columns;
  return columns.flatMap((c): Column[] =>
    c.bar
      ? [
          c,
          {
            header: '',
            value: (item) => c.value(item),
            text: (v) => barText(numberOf(v), glyphs),
            kind: 'bar',
            minWidth: BAR_CELLS,
            style: c.style && ((item) => c.style?.(item)),
            drop: BAR_DROP,
          },
        ]
      : [c],
  );
}
