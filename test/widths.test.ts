// Issue 24.8, narrow terminals: a narrower terminal never shows more than a wider one, at every width
// from 1 to 160 columns, for the tables of every list command (the columns they really use, on the
// fake server's data and on seeded random text of mixed scripts); and the fixed columns yield first
// (short state words, abbreviated headers) before free text is cut to a few cells. Issue 29.6: what
// identifies a row stays: key and name columns (TARGET, TRANSLATION, NAME) are shown while any other
// column is, and a name is shown whole while a column with a drop rank is (a language's POPULATION
// leaves before its name is cut); the rule is by column kind, so a new table is held to it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../src/core/page.js';
import type { Column } from '../src/output/result.js';
import { planFirstPage, writeTableList } from '../src/output/table.js';
import { cellWidth } from '../src/output/width.js';
import { SCOPED_UNIT_COLUMNS, UNIT_COLUMNS } from '../src/commands/units/units.js';
import { CHANGE_COLUMNS, SCOPED_CHANGE_COLUMNS } from '../src/commands/changes/changes.js';
import { listColumns } from '../src/commands/stats/columns.js';
import { gateOf } from '../src/commands/stats/gate.js';
import { COMPONENT_COLUMNS, PROJECT_COLUMNS, TRANSLATION_COLUMNS } from '../src/commands/ls/ls.js';
import { LANGUAGE_COLUMNS } from '../src/commands/language/language.js';
import * as lsModule from '../src/commands/ls/ls.js';
import * as unitsModule from '../src/commands/units/units.js';
import * as changesModule from '../src/commands/changes/changes.js';
import * as languageModule from '../src/commands/language/language.js';
import * as statsColumnsModule from '../src/commands/stats/columns.js';
import { isIdentity } from '../src/output/layout.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { seededRandom } from './support/random.js';
import { wliIn } from './support/run.js';
import { onPty, screen } from './support/pty.js';
import { pageOf } from '../src/core/page.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url, NO_COLOR: '1' };
  // A translation whose strings are Japanese, Korean, emoji and combining marks (as in tables.test.ts).
  const units = [
    ['menu_file', ['ファイルを開く'], ['파일 열기 👍🏽 and some more text to make it long']],
    ['greeting', ['e\u0301le\u0300ve — élève'], ['学生の皆さん、こんにちは！これは長い文です。']],
    ['family', ['👨\u200d👩\u200d👧 family 🇨🇿'], ['家族 👨\u200d👩\u200d👧 とチェコの旗 🇨🇿']],
  ].map(([context, source, target], i) => ({ id: 9000 + i, state: 20 + i * 5, context, source, target, position: i + 1 }));
  fake.fault(
    '/translations/demo/android/ja/units/',
    { kind: 'rawBody', body: JSON.stringify({ count: 3, next: null, previous: null, results: units }) },
    Infinity,
  );
});
afterAll(() => fake.close());

async function items(args: string[]): Promise<Item[]> {
  const r = await wliIn([...args, '-f', 'json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Item[];
}

/** Seeded random units: short and long text, CJK, emoji, combining marks, empty targets, every state. */
function randomUnits(seed: number, n: number): Item[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const words = ['Settings', 'a', 'Open file', 'ファイル', '파일', '👍🏽', 'e\u0301le\u0300ve', 'Do you really want to delete "%1$s"?', '学生の皆さん'];
  const text = () => Array.from({ length: Math.floor(rnd() * 6) }, () => pick(words)).join(' ');
  return Array.from({ length: n }, (_, i) => ({
    id: Math.floor(rnd() * 10 ** Math.floor(1 + rnd() * 6)),
    state: pick([0, 10, 11, 12, 20, 30, 100]),
    context: text().replace(/ /g, '_'),
    source: [text()],
    target: rnd() < 0.4 ? [''] : [text()],
    translation: `http://h/api/translations/demo/${'x'.repeat(i % 12)}/cs/`,
  }));
}

/** Seeded random languages: names short and long (some in other scripts), populations up to ten digits and more. */
function randomLanguages(seed: number, n: number): Item[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const names = ['Czech', 'Chinese (Simplified Han script)', 'Norwegian Bokmål', 'Ewe', 'Serbian (latin)', '日本語', 'Test Language (xx)'];
  return Array.from({ length: n }, (_, i) => ({
    code: `${pick(['cs', 'zh_Hans', 'nb_NO', 'ee', 'sr_Latn', 'ja', 'xx'])}${i}`,
    name: pick(names),
    direction: pick(['ltr', 'rtl']),
    plural: { number: Math.floor(1 + rnd() * 6) },
    population: Math.floor(rnd() * 10 ** Math.floor(1 + rnd() * 12)),
  }));
}

interface Shown {
  visible: number[];
  widths: number[];
  natural: number[];
  short: boolean;
  gap: number;
  lines: string[];
}

async function tableAt(columns: Column[], rows: Item[], width: number): Promise<Shown> {
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
  await writeTableList(sink, pages, () => columns, { color: false, width });
  const { plan, m } = planFirstPage(columns, rows, width);
  return { visible: plan.visible, widths: plan.widths, natural: m.natural, short: plan.short, gap: plan.gap, lines: text.split('\n').slice(0, -1) };
}

/** What a line shows: its characters but spaces and the cut mark. */
const content = (line: string) => line.replace(/[\s…]/g, '').length;

const TABLES: Array<[string, () => Promise<[Column[], Item[]]>]> = [
  ['units of a translation', async () => [UNIT_COLUMNS, await items(['units', 'demo/android/cs'])]],
  ['units in Japanese', async () => [UNIT_COLUMNS, await items(['units', 'demo/android/ja'])]],
  ['units across translations', async () => [SCOPED_UNIT_COLUMNS, await items(['units', 'demo', '-q', 'source:Settings'])]],
  ['random units', () => Promise.resolve([UNIT_COLUMNS, randomUnits(24, 40)])],
  ['random units across translations', () => Promise.resolve([SCOPED_UNIT_COLUMNS, randomUnits(8, 40)])],
  ['changes', async () => [CHANGE_COLUMNS, await items(['changes', 'demo/android/cs'])]],
  ['stats', async () => [listColumns(gateOf('translated', undefined, undefined, false)), await items(['stats', 'demo/android', 'demo/docs/guide'])]],
  ['ls (projects)', async () => [PROJECT_COLUMNS, await items(['ls'])]],
  ['ls demo (components)', async () => [COMPONENT_COLUMNS, await items(['ls', 'demo'])]],
  ['ls demo/android (translations)', async () => [TRANSLATION_COLUMNS, await items(['ls', 'demo/android'])]],
  ['language', async () => [LANGUAGE_COLUMNS, await items(['language'])]],
  ['random languages', () => Promise.resolve([LANGUAGE_COLUMNS, randomLanguages(29, 30)])],
  ['changes above a translation', async () => [SCOPED_CHANGE_COLUMNS, await items(['changes', 'demo'])]],
];

/**
 * What identifies a row stays (issue 29.6), by column kind: every key and name column is shown while
 * any column but the first that is neither is shown; a name is shown whole while a column with a drop
 * rank is.
 */
function identityKept(columns: Column[], at: Shown, where: string): void {
  const others = at.visible.slice(1).filter((i) => !isIdentity(columns[i]!));
  if (others.length > 0) {
    for (const i of columns.keys()) if (i > 0 && isIdentity(columns[i]!)) expect(at.visible, `${columns[i]!.header} ${where}`).toContain(i);
  }
  if (at.visible.some((i) => columns[i]!.drop !== undefined)) {
    for (const i of at.visible)
      if (columns[i]!.kind === 'name') expect(at.widths[i], `${columns[i]!.header} cut ${where}`).toBeGreaterThanOrEqual(at.natural[i]!);
  }
}

describe('a narrower terminal never shows more than a wider one (every width from 1 to 160)', () => {
  it.each(TABLES)('%s', async (_name, load) => {
    const [columns, rows] = await load();
    expect(rows.length).toBeGreaterThan(1);
    let wider = await tableAt(columns, rows, 160);
    for (let w = 159; w >= 1; w--) {
      const at = await tableAt(columns, rows, w);
      const where = `at ${w} columns (vs ${w + 1}):\n${at.lines.join('\n')}\n--- vs\n${wider.lines.join('\n')}`;
      // No column a wider terminal leaves out; no full form, no wider gap where a wider one has the short.
      for (const i of at.visible) expect(wider.visible, where).toContain(i);
      identityKept(columns, at, where);
      if (wider.short) expect(at.short, where).toBe(true);
      if (wider.gap === 1) expect(at.gap, where).toBe(1);
      if (at.visible.join() === wider.visible.join()) {
        // The same columns: none wider, and no line showing more.
        for (const i of at.visible) expect(at.widths[i], where).toBeLessThanOrEqual(wider.widths[i]!);
        at.lines.forEach((line, r) => expect(content(line), `row ${r} ${where}`).toBeLessThanOrEqual(content(wider.lines[r]!)));
      }
      // Every line fits, unless the first column alone is wider than the terminal (an id, a key: never cut).
      for (const line of at.lines) if (at.visible.length > 1) expect(cellWidth(line), where).toBeLessThanOrEqual(w);
      expect(at.lines).toHaveLength(rows.length + 1);
      wider = at;
    }
  });
});

describe('every table of a list command is held to these rules', () => {
  it('each exported *_COLUMNS of src/commands (but the --fields renderings) is in TABLES', async () => {
    const modules: Record<string, unknown>[] = [lsModule, unitsModule, changesModule, languageModule, statsColumnsModule];
    const tables = modules.flatMap((mod) =>
      Object.entries(mod).filter(([name, v]) => /COLUMNS$/.test(name) && !/FIELD_COLUMNS$/.test(name) && Array.isArray(v)),
    );
    expect(tables.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
        'CHANGE_COLUMNS',
        'SCOPED_CHANGE_COLUMNS',
        'COMPONENT_COLUMNS',
        'LANGUAGE_COLUMNS',
        'PROJECT_COLUMNS',
        'SCOPED_UNIT_COLUMNS',
        'UNIT_COLUMNS',
      ]),
    );
    const covered = new Set<unknown>();
    for (const [, load] of TABLES) covered.add((await load())[0]);
    for (const [name, columns] of tables) expect(covered.has(columns), `${name} is not in TABLES`).toBe(true);
  });
});

describe('the real CLI at narrow widths', () => {
  /** Characters shown, spaces and cut marks aside. */
  const shown = (out: string) => out.replace(/[\s…]/g, '').length;

  it('10 columns show no more than 20, 20 no more than 40 (units of a translation)', async () => {
    const at = async (columns: number) => (await wliIn(['units', 'demo/android/cs'], { env, tty: true, columns })).stdout;
    const [ten, twenty, forty] = [await at(10), await at(20), await at(40)];
    expect(shown(ten)).toBeLessThanOrEqual(shown(twenty));
    expect(shown(twenty)).toBeLessThanOrEqual(shown(forty));
    for (const line of ten.trimEnd().split('\n')) expect(cellWidth(line), line).toBeLessThanOrEqual(10);
    expect(ten.split('\n')[0]).toBe('ID STATE');
  });

  it('at 40 columns the fixed columns yield first: short state words, and source and target get the room', async () => {
    const r = await wliIn(['units', 'demo/android/cs'], { env, tty: true, columns: 40 });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {2}STATE {4}CONTEXT +SOURCE +TARGET$/);
    // 'translated' takes 7 cells ('transl.'), not the 13 'needs editing' needs: SOURCE gets 7, not 6.
    expect(lines[2]).toMatch(/^34 {2}transl\. {2}action_… +Settin… +Nastave…$/);
    expect(r.stdout).toMatch(/^35 {2}approv\. {2}/m);
    expect(r.stdout).toMatch(/^45 {2}edit {5}/m);
    for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(40);
    // With room, the state words are whole.
    expect((await wliIn(['units', 'demo/android/cs'], { env, tty: true, columns: 120 })).stdout).toMatch(/^45 {2}needs editing {2}/m);
  });

  it('language: POPULATION and the other ranked columns leave before a name is cut (issue 29.6)', async () => {
    const at = async (columns: number) => (await wliIn(['language'], { env, tty: true, columns })).stdout.trimEnd().split('\n');
    const forty = await at(40);
    expect(forty[0]).toMatch(/^CODE +NAME +DIR… +PLU…$/);
    expect(forty).toContain('xx    Test Language (xx)  ltr      2');
    const thirty = await at(30);
    expect(thirty[0]).toMatch(/^CODE +NAME +DIR…$/);
    expect(thirty).toContain('xx    Test Language (xx)  ltr');
    // With no ranked column left the name is cut, and only then.
    const twenty = await at(20);
    expect(twenty[0]).toBe('CODE  NAME');
    expect(twenty).toContain('xx    Test Language…');
    for (const line of [...forty, ...thirty, ...twenty]) expect(cellWidth(line)).toBeLessThanOrEqual(40);
  });

  it('units across translations keep TRANSLATION until only the first column is left (issue 29.6)', async () => {
    const at = async (columns: number) => (await wliIn(['units', 'demo', '-q', 'source:Settings'], { env, tty: true, columns })).stdout.split('\n')[0];
    expect(await at(40)).toMatch(/^ ID TRANSLATION +STATE +CON… +SOU…$/);
    expect(await at(30)).toMatch(/^ ID TRANSLATION +STATE$/);
    expect(await at(22)).toMatch(/^ ID TRANSLATION$/);
  });

  it('at 40 columns a percentage column abbreviates its header, never its values', async () => {
    const r = await wliIn(['ls', 'demo/android'], { env, tty: true, columns: 40 });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TARGET +LANGUAGE +TRANS… +STRI…$/);
    expect(r.stdout).toMatch(/^demo\/android\/cs +Czech +78\.1% +25\/32$/m);
    for (const line of lines) expect(cellWidth(line)).toBeLessThanOrEqual(40);
    // With room the header is whole again.
    expect((await wliIn(['ls', 'demo/android'], { env, tty: true, columns: 80 })).stdout.split('\n')[0]).toMatch(/^TARGET +LANGUAGE +TRANSLATED +STRINGS/);
  });
});

describe('on a real terminal at 40, 80 and 200 columns', () => {
  const shown = (lines: string[]) => lines.join('').replace(/[\s…]/g, '').length;

  it.concurrent.for([
    [['units', 'demo/android/cs'], /^33 {2}transl\. /, /^33 {2}translated /],
    [['ls', 'demo/android'], /^TARGET +LANGUAGE +TRANS… +STRI…$/, /^TARGET +LANGUAGE +TRANSLATED +STRINGS +LAST CHANGE$/],
    [['stats', 'demo/android'], /^TARGET +TRANS… +STRI…/, /^TARGET +TRANSLATED +STRINGS +FUZZY +FAILING +APPROVED +LAST CHANGE$/],
  ] as const)('%s: short forms at 40, full ones at 200, never more shown on the narrower', async ([args, narrow, wide], ctx) => {
    const at = async (cols: number) => {
      const { code, output } = await onPty(ctx, [...args, '--quiet', '--no-color'], { cols, env }).exit;
      expect(code).toBe(0);
      const lines = screen(output);
      for (const line of lines) expect(cellWidth(line), line).toBeLessThanOrEqual(cols);
      return lines;
    };
    const [forty, eighty, twoHundred] = [await at(40), await at(80), await at(200)];
    expect(forty.join('\n')).toMatch(new RegExp(narrow.source, 'm'));
    expect(twoHundred.join('\n')).toMatch(new RegExp(wide.source, 'm'));
    expect(shown(forty)).toBeLessThanOrEqual(shown(eighty));
    expect(shown(eighty)).toBeLessThanOrEqual(shown(twoHundred));
  });
});
