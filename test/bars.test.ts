// Issue 48.7: progress you can see. `stats` (and `ls` of a component) tables on a terminal draw each
// row's percentage as a bar, coloured by the gate; a pipe and every other format are byte for byte
// what they were (the bar is only the table writer's, only on a terminal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { onPty } from './support/pty.js';
import { wli, wliIn } from './support/run.js';
import { cellWidth } from '../src/output/width.js';
import { BAR_CELLS, barText } from '../src/output/bars.js';
import { unicodeLocale } from '../src/io/streams.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

const BLOCKS = /[█▉▊▋▌▍▎▏]/;
const lines = (output: string) =>
  output
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');

describe('barText: a percentage in eighths of a cell, rounded down', () => {
  it.each([
    [0, 'unicode', ''],
    [100, 'unicode', '██████████'],
    [50, 'unicode', '█████'],
    [99.9, 'unicode', '█████████▉'],
    [1.25, 'unicode', '▏'],
    [1.2, 'unicode', ''],
    [63.75, 'unicode', '██████▍'],
    [150, 'unicode', '██████████'],
    [-3, 'unicode', ''],
    [0, 'ascii', '----------'],
    [55, 'ascii', '#####-----'],
    [99.9, 'ascii', '#########-'],
    [100, 'ascii', '##########'],
  ] as const)('%d%% %s → %j', (p, glyphs, bar) => {
    expect(barText(p, glyphs)).toBe(bar);
    expect(cellWidth(barText(p, glyphs))).toBeLessThanOrEqual(BAR_CELLS);
  });
  it('no number, no bar', () => {
    expect(barText(undefined, 'unicode')).toBe('');
    expect(barText(NaN, 'ascii')).toBe('');
  });
});

describe('the locale decides the glyphs (LC_ALL, then LC_CTYPE, then LANG)', () => {
  it.each([
    [{ LANG: 'en_US.UTF-8' }, true],
    [{ LANG: 'C.utf8' }, true],
    [{ LANG: 'de_DE.ISO-8859-1' }, false],
    [{}, false],
    [{ LANG: 'C' }, false],
    [{ LC_ALL: 'C', LANG: 'en_US.UTF-8' }, false],
    [{ LC_ALL: '', LC_CTYPE: 'en_US.UTF-8', LANG: 'C' }, true],
    [{ LC_CTYPE: 'POSIX', LANG: 'en_US.UTF-8' }, false],
  ])('%j → unicode %s', (e, unicode) => {
    expect(unicodeLocale(e, 'linux')).toBe(unicode);
  });
});

describe('on a terminal (a real pty at 80 columns)', () => {
  it('stats draws a bar beside each percentage, within the width', async (ctx) => {
    const { code, output } = await onPty(ctx, ['stats', 'demo/android', '--quiet'], { cols: 80, env }).exit;
    expect(code).toBe(0);
    const shown = lines(output);
    const rows = shown.slice(1);
    expect(rows.length).toBeGreaterThan(1);
    for (const l of shown) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
    // A row at 100% has a full bar; every row with a percentage has one.
    expect(shown.join('\n')).toMatch(BLOCKS);
    for (const row of rows) expect(row, row).toMatch(/\d%/);
    const full = rows.filter((r) => / 100(\.0)?%/.test(r));
    for (const row of full) expect(row).toContain('█'.repeat(BAR_CELLS));
  });

  it('ls of a component draws bars too', async (ctx) => {
    const { code, output } = await onPty(ctx, ['ls', 'demo/android', '--quiet'], { cols: 80, env }).exit;
    expect(code).toBe(0);
    expect(output).toMatch(BLOCKS);
    for (const l of lines(output)) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
  });

  it('a locale without UTF-8 gets # and -', async (ctx) => {
    const { code, output } = await onPty(ctx, ['stats', 'demo/android', '--quiet'], { cols: 80, env: { ...env, LANG: 'C', LC_ALL: undefined } }).exit;
    expect(code).toBe(0);
    expect(output).not.toMatch(BLOCKS);
    expect(output).toMatch(/[#-]{10}/);
  });

  it('coloured by the gate: red below --fail-under, green at or above', async (ctx) => {
    const { output } = await onPty(ctx, ['stats', 'demo/android', '--quiet', '--fail-under', '60'], { cols: 80, env: { ...env, FORCE_COLOR: '1' } }).exit;
    // chalk level 1: red 31, green 32; a bar is painted as its percentage is.
    expect(output).toMatch(/\u001b\[31m[█▉▊▋▌▍▎▏]+\u001b\[39m/);
    expect(output).toMatch(/\u001b\[32m█+[▉▊▋▌▍▎▏]?\u001b\[39m/);
  });

  it('no gate: no colour on the bars', async (ctx) => {
    const { output } = await onPty(ctx, ['stats', 'demo/android', '--quiet'], { cols: 80, env: { ...env, FORCE_COLOR: '1' } }).exit;
    expect(output).toMatch(BLOCKS);
    expect(output).not.toMatch(/\u001b\[3[12]m[█▉▊▋▌▍▎▏]/);
  });

  it('a narrow terminal lets the bar go first', async (ctx) => {
    const { output } = await onPty(ctx, ['stats', 'demo/android', '--quiet'], { cols: 30, env }).exit;
    expect(output).not.toMatch(BLOCKS);
  });
});

describe('a pipe and every other format are unchanged', () => {
  it.each([['table'], ['markdown'], ['csv'], ['json']])('stats -f %s into a pipe has no bar, spawned and in process', async (format) => {
    const spawned = await wli(['stats', 'demo/android', '-f', format], { env });
    expect(spawned.code).toBe(0);
    expect(spawned.stdout).not.toMatch(BLOCKS);
    expect(spawned.stdout).not.toMatch(/#{3}|-{10}/);
    const again = await wliIn(['stats', 'demo/android', '-f', format], { env });
    expect(again.stdout).toBe(spawned.stdout);
  });

  it('on a terminal, formats other than table draw none', async (ctx) => {
    for (const format of ['markdown', 'csv']) {
      const { output } = await onPty(ctx, ['stats', 'demo/android', '-f', format, '--quiet'], { cols: 80, env }).exit;
      expect(output).not.toMatch(BLOCKS);
    }
  });
});
