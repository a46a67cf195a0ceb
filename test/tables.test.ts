// Issue 10, tables people can read: every command's table fits a real terminal at 40, 80 and 200
// columns in display cells, rows stream as pages arrive, empty lists say so, and the columns show
// what the command is about (the gate's metric, the user of a change, state names, plural forms).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellWidth } from '../src/output/width.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { startGate } from './support/gate.js';
import { onPty } from './support/pty.js';
import { EMPTY_HOME, baseEnv, wliIn, wliCommand } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
  // A translation whose strings are Japanese, Korean, emoji and combining marks.
  const units = [
    ['menu_file', ['ファイルを開く'], ['파일 열기 👍🏽 and some more text to make it long']],
    ['greeting', ['e\u0301le\u0300ve — élève'], ['学生の皆さん、こんにちは！これは長い文です。']],
    ['family', ['👨\u200d👩\u200d👧 family 🇨🇿'], ['家族 👨\u200d👩\u200d👧 とチェコの旗 🇨🇿']],
  ].map(([context, source, target], i) => ({ id: 9000 + i, state: 20, context, source, target, position: i + 1 }));
  fake.fault(
    '/translations/demo/android/ja/units/',
    { kind: 'rawBody', body: JSON.stringify({ count: 3, next: null, previous: null, results: units }) },
    Infinity,
  );
});
afterAll(() => fake.close());

/**
 * A line without the URL, path or digest it ends with, if it ends with one (a word holding a `/`, or
 * 32 hex digits or more: never split, width.ts WHOLE).
 */
const beforeUrl = (line: string) => line.replace(/(^|\s)(\S*\/\S*|[0-9a-f]{32,},?)$/i, '$1');

/** The lines a terminal received, escapes removed: what takes room on the screen. */
const screenLines = (output: string) =>
  output
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');

describe('every table fits the terminal, in display cells', () => {
  const COMMANDS: string[][] = [
    ['translation', 'demo/android/cs'],
    ['units', 'demo/android/cs'],
    ['units', 'demo/android/ar'],
    ['units', 'demo/android/ja'],
    ['changes', 'demo/android/cs'],
    ['stats', 'demo/android', 'demo/docs/guide/cs'],
    ['stats', '--project', 'demo'],
    ['stats', 'demo/android/cs'],
    ['language', 'ar'],
    ['config'],
  ];
  for (const cols of [40, 80, 200]) {
    it.concurrent.for(COMMANDS)(`at ${cols} columns: %s %s`, async (args, ctx) => {
      const { code, output } = await onPty(ctx, [...args, '--quiet'], { cols, env }).exit;
      expect(code).toBe(0);
      const lines = screenLines(output);
      expect(lines.length).toBeGreaterThan(1);
      // A line runs past the edge only with a whole URL or path at its end (issue 24.7: never split).
      for (const line of lines) expect(cellWidth(beforeUrl(line)), `${cellWidth(line)} cells: ${line}`).toBeLessThanOrEqual(cols);
      // Ids and counts are never cut; free text ends with … when it is.
      if (args[0] === 'units') for (const line of lines.slice(1)) expect(line).toMatch(/^\s*\d+ /);
    });
  }

  it('at 80 columns a long text ends with …, and a wide CJK cell is cut on a character boundary', async (ctx) => {
    const { output } = await onPty(ctx, ['units', 'demo/android/ja', '--quiet'], { cols: 80, env }).exit;
    const lines = screenLines(output);
    expect(lines.some((l) => l.endsWith('…'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('without a terminal: COLUMNS when set, else whole cells', async () => {
    const narrow = await wliIn(['units', 'demo/android/cs'], { env: { ...env, COLUMNS: '60' } });
    for (const line of narrow.stdout.trimEnd().split('\n')) expect(cellWidth(line)).toBeLessThanOrEqual(60);
    const whole = await wliIn(['units', 'demo/android/cs'], { env });
    expect(whole.stdout).not.toContain('…');
    expect(whole.stdout).toContain('Do you really want to delete "%1$s"?');
  });
});

describe('widths follow the data, and the column that tells rows apart stays whole', () => {
  const rows = (out: string) => out.trimEnd().split('\n').slice(1);

  it.each([
    [
      ['ls', 'demo', '--page-size', '1'],
      ['demo/docs/guide', 'demo/docs/api/reference'],
    ],
    [
      ['language', '--page-size', '2'],
      ['Japanese', 'Test Language (xx)'],
    ],
  ])('at 200 columns a wider value on a later page is not cut: %j', async (args, whole) => {
    const r = await wliIn(args, { env, tty: true, columns: 200 });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('…');
    for (const w of whole) expect(r.stdout).toContain(w);
  });

  it('a pipe (no width) gets whole cells from every page, two spaces apart at least', async () => {
    const r = await wliIn(['ls', 'demo', '--page-size', '1'], { env });
    expect(r.stdout).not.toContain('…');
    for (const l of rows(r.stdout)) expect(l).toMatch(/^\S+ {2,}\S+ {2,}en {2,}\S+$/);
  });

  it('at 80 columns every stats row shows its whole target', async () => {
    const r = await wliIn(['stats', 'demo/android', 'demo/docs/api/reference'], { env, tty: true, columns: 80 });
    expect(rows(r.stdout).map((l) => l.split(/\s+/)[0])).toEqual([
      'demo/android/en',
      'demo/android/ar',
      'demo/android/cs',
      'demo/android/de',
      'demo/android/ja',
      'demo/docs/api/reference/en',
      'demo/docs/api/reference/cs',
    ]);
  });

  it("at 80 columns a search across translations names each hit's translation whole", async () => {
    const r = await wliIn(['units', 'demo', '-q', 'source:Settings'], { env, tty: true, columns: 80 });
    expect(r.code).toBe(0);
    const translations = rows(r.stdout).map((l) => l.trim().split(/\s+/)[1]);
    expect(translations).toContain('demo/android/cs');
    expect(translations).toContain('demo/docs/guide/cs');
    for (const t of translations) expect(t).toMatch(/^demo\/[a-z/]+\/[a-z]{2}$/);
  });

  it.each([['ls'], ['ls', 'demo'], ['stats', 'demo/android']])("at 40 columns %s %s keeps every row's target whole", async (...args) => {
    const r = await wliIn(args, { env, tty: true, columns: 40 });
    expect(r.code).toBe(0);
    const targets = rows(r.stdout).map((l) => l.split(/\s+/)[0]!);
    for (const t of targets) expect(t).not.toContain('…');
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('a column empty in most rows (TARGET of untranslated strings) leaves SOURCE its room', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--state', 'empty,needs-editing'], { env, tty: true, columns: 80 });
    expect(r.code).toBe(0);
    // Five of seven targets are empty: TARGET gets less room than SOURCE, not an equal share.
    expect(r.stdout).toContain('Do you really want to delete');
  });

  it('-f markdown marks the rows that fail the gate', async () => {
    const r = await wliIn(['stats', 'demo/android', '--fail-under', '70', '-f', 'markdown'], { env });
    expect(r.code).toBe(3);
    const line = (t: string) => r.stdout.split('\n').find((l) => l.startsWith(`| ${t} |`))!;
    expect(line('demo/android/ar')).toContain('59.3% ❌ below 70%');
    expect(line('demo/android/cs')).not.toContain('❌');
  });
});

describe('streaming', () => {
  it('the first rows are written before the last page is requested', async () => {
    const big = await startFakeWeblate({ bigUnits: 1000 });
    const gate = await startGate(big, (u) => /[?&]page=2\b/.test(u));
    try {
      const child = spawn(...wliCommand(['units', 'big/strings/xx', '--page-size', '100', '--url', gate.url]), { env: baseEnv(), cwd: EMPTY_HOME });
      let stdout = '';
      const rows = () => stdout.split('\n').length - 2;
      const firstPage = new Promise<void>((resolve) =>
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          stdout += d;
          if (rows() >= 100) resolve();
        }),
      );
      const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
      await firstPage;
      // Page 1 is on stdout while page 2 is held: the last page (10) has not even been asked for.
      expect(stdout.split('\n')[0]).toMatch(/^\s*ID\s+STATE/);
      expect(rows()).toBe(100);
      expect(big.requests.some((r) => r.query.get('page') === '10')).toBe(false);
      gate.release();
      expect(await exit).toBe(0);
      expect(rows()).toBe(1000);
      expect(big.requests.some((r) => r.query.get('page') === '10')).toBe(true);
    } finally {
      await gate.close();
      await big.close();
    }
  });
});

describe('nothing to show', () => {
  it.each([
    [['units', 'demo/android/en', '--state', 'empty'], "wli: no units match 'state:empty'"],
    [['units', 'demo/glossary/cs', '-q', 'context:nothing_like_this'], "wli: no units match 'context:nothing_like_this'"],
    [['changes', 'demo/android/ja'], 'wli: no changes'],
    [['changes', 'demo/android/cs', '--user', 'nobody'], 'wli: no changes match --user nobody'],
  ])('%j: one line on stderr, nothing on stdout, exit 0', async (args, line) => {
    for (const format of ['table', 'markdown']) {
      const r = await wliIn([...args, '-f', format], { env });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(line + '\n');
    }
    // The data formats keep their own empty forms, and say nothing.
    expect(await wliIn([...args, '-f', 'json'], { env })).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    expect(await wliIn([...args, '-f', 'jsonl'], { env })).toEqual({ code: 0, stdout: '', stderr: '' });
    const csv = await wliIn([...args, '-f', 'csv'], { env });
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^[a-z_]+(,[a-z_]+)+$/);
    expect(csv.stderr).toBe('');
  });
});

describe('what the columns show', () => {
  it('changes: short UTC times, the action name and the user (so --user can be seen)', async () => {
    const r = await wliIn(['changes', 'demo/android/cs', '--user', 'admin'], { env });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+TIME\s+ACTION\s+USER\s+UNIT\s+TARGET$/);
    for (const line of lines.slice(1)) expect(line).toMatch(/^\s*\d+\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s+\S.*\sadmin\s/);
    // The data formats keep the server's exact text.
    const json = await wliIn(['changes', 'demo/android/cs', '-L', '1', '-f', 'jsonl', '--fields', 'timestamp'], { env });
    expect(json.stdout).toMatch(/"timestamp":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z"/);
  });

  it('stats: the gate metric is the percentage column; with --fail-under, colour says pass or fail', async () => {
    const plain = await wliIn(['stats', 'demo/android', '--metric', 'approved'], { env });
    // Issue 49.13: beside the approved percentage the approved count (3 of 32), not the translated one (25).
    expect(plain.stdout.split('\n')[0]).toMatch(/^TARGET\s+APPROVED %\s+APPROVED\s+FUZZY\s+FAILING\s+LAST CHANGE$/);
    expect(plain.stdout).toMatch(/\ndemo\/android\/cs\s+9\.3%\s+3\/32\s/);
    const words = await wliIn(['stats', 'demo/android', '--metric', 'translated_words'], { env });
    expect(words.stdout.split('\n')[0]).toMatch(/^TARGET\s+WORDS\s+STRINGS/);

    const gated = await wliIn(['stats', 'demo/android', '--fail-under', '70', '--no-color'], { env: { ...env } });
    expect(gated.stdout).not.toContain('\u001b');
    const coloured = await wliIn(['stats', 'demo/android', '--fail-under', '70'], { env: { ...env, FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(3);
    const row = (code: string) => coloured.stdout.split('\n').find((l) => l.startsWith(`demo/android/${code} `))!;
    expect(row('cs')).toContain('\u001b[32m78.1%'); // 78.1 ≥ 70: passing, green
    expect(row('de')).toContain('\u001b[31m62.5%'); // 62.5 < 70: failing, red
    // Without a gate nothing is judged: no red or green.
    const ungated = await wliIn(['stats', 'demo/android'], { env: { ...env, FORCE_COLOR: '1' } });
    expect(ungated.stdout).not.toMatch(/\u001b\[3[12]m/);
  });

  it('--fields in a table renders like the default columns: state names, forms, short times', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--fields', 'id,state,target,timestamp', '-L', '40'], { env });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+TARGET\s+TIMESTAMP$/);
    expect(r.stdout).toMatch(/\btranslated\b/);
    expect(r.stdout).not.toMatch(/\s20\s/);
    expect(r.stdout).toMatch(/%d soubor ␞ %d soubory ␞ %d souborů/);
    expect(lines[1]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('a --fields path that no item has is named once on stderr, in every format', async () => {
    for (const format of ['table', 'json', 'jsonl', 'csv', 'markdown']) {
      const r = await wliIn(['units', 'demo/android/cs', '--fields', 'id,sourc', '-f', format], { env });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("wli: warning: field 'sourc' is in none of the items; did you mean source, previous_source, source_unit?\n");
    }
    // A path only an item of a later page has (big unit 8 is the first plural, on page 2 of 5 a page):
    // noted as the pages are written, so no warning, in every format; and one typo still named once.
    // (A fake of its own: these runs would spend this file's anonymous allowance.)
    const roomy = await startFakeWeblate({ rateLimit: false });
    try {
      for (const format of ['table', 'json', 'jsonl', 'csv', 'markdown']) {
        const args = ['units', 'big/strings/xx', '--page-size', '5', '--limit', '12', '--fields', 'id,source.1,sourc', '-f', format];
        const later = await wliIn(args, { env: { WLI_URL: roomy.url } });
        expect(later.code).toBe(0);
        expect(later.stderr).toBe("wli: warning: field 'sourc' is in none of the items; did you mean source, previous_source, source_unit?\n");
        expect(later.stdout).toContain('8 items');
      }
    } finally {
      await roomy.close();
    }
    const one = await wliIn(['translation', 'demo/android/cs', '--fields', 'total,langauge.code'], { env });
    expect(one.stderr).toBe("wli: warning: field 'langauge.code' is in none of the items; did you mean language.code?\n");
    // Issue 49.13: never a path no item has (language_code is a string: no language_code.code, no code.code).
    const none = await wliIn(['translation', 'demo/android/cs', '--fields', 'total,language_code.code'], { env });
    expect(none.stderr).toBe("wli: warning: field 'language_code.code' is in none of the items\n");
    // The column headed SUGGESTIONS shows wli_suggestions: the suggestion says so.
    const headed = await wliIn(['units', 'demo/android/cs', '--with', 'suggestions', '--fields', 'suggestions', '-L', '2', '--token', 'any'], { env });
    expect(headed.stderr).toBe("wli: warning: field 'suggestions' is in none of the items; did you mean wli_suggestions (the SUGGESTIONS column)?\n");
    const fine = await wliIn(['units', 'demo/android/cs', '--fields', 'id,source.1'], { env });
    expect(fine.stderr).toBe(''); // a plural unit has a second form
  });

  it('plural forms: ␞ between them, ∅ for an empty one, nothing when all are empty; a literal ␞ is escaped', async () => {
    const ar = await wliIn(['units', 'demo/android/ar', '-q', 'context:minutes_ago'], { env });
    expect(ar.stdout.split('\n')[1]).toMatch(/minutes_ago\s+%d minute ago ␞ %d minutes ago$/);
    const s = await startFakeWeblate();
    try {
      const units = [
        { id: 1, state: 10, context: 'partial', source: ['%d file', '%d files'], target: ['%d soubor', '', ''] },
        { id: 2, state: 20, context: 'literal', source: ['a ␞ b | c'], target: ['x ∅ y'] },
      ];
      s.fault('/units/', { kind: 'rawBody', body: JSON.stringify({ count: 2, next: null, previous: null, results: units }) });
      const r = await wliIn(['units', 'demo/android/cs'], { env: { WLI_URL: s.url } });
      expect(r.stdout).toMatch(/partial\s+%d file ␞ %d files\s+%d soubor ␞ ∅ ␞ ∅\n/);
      expect(r.stdout).toMatch(/literal\s+a \\u241e b \| c\s+x \\u2205 y\n/);
    } finally {
      await s.close();
    }
  });
});

// Issue 24.7 (its own server: the shared one's anonymous rate limit is spent by the tests above).
describe('record views and lists keep URLs and file paths whole', () => {
  let own: FakeWeblate;
  const urlEnv = () => ({ WLI_URL: own.url, NO_COLOR: '1' });
  beforeAll(async () => {
    own = await startFakeWeblate();
  });
  afterAll(() => own.close());

  for (const cols of [40, 80, 200]) {
    it.concurrent.for([['show', 'demo/android'], ['translation', 'demo/android/cs'], ['ls'], ['config']])(
      `on a pty at ${cols} columns: %s %s`,
      async (args, ctx) => {
        const { code, output } = await onPty(ctx, [...args, '--quiet'], { cols, env: urlEnv() }).exit;
        expect(code).toBe(0);
        const lines = screenLines(output);
        for (const line of lines) expect(cellWidth(beforeUrl(line)), line).toBeLessThanOrEqual(cols);
        // Every URL shown as a value is a whole one (a nested object is summarised: -f json has it whole).
        const values = lines.filter((l) => !/\s\{"/.test(l)).join('\n');
        for (const url of values.match(/\S*:\/\/\S*/g) ?? []) expect(url, output).toMatch(/^(https?|file):\/\/\S+(\/|demo-android)$/);
        expect(values).not.toMatch(/http\S*…/);
      },
    );
  }

  // Issue 24.7: a URL or a file path is never split across lines; a long one may run past the edge.
  it.each([80, 40])('show at %i columns: every URL and file path is on one line, whole', async (columns) => {
    const r = await wliIn(['show', 'demo/android'], { env: urlEnv(), tty: true, columns });
    expect(r.code).toBe(0);
    const sent = JSON.parse(own.expected('/api/components/demo/android/').body) as Record<string, unknown>;
    const whole = Object.entries(sent).filter(
      ([k, v]) => typeof v === 'string' && v !== '' && (k.endsWith('_url') || ['repo', 'git_export', 'filemask', 'template'].includes(k)),
    );
    expect(whole.length).toBeGreaterThan(8);
    const lines = r.stdout.trimEnd().split('\n');
    for (const [k, v] of whole) {
      // On the label's line, or (a label too long for the column at 40) alone on the next one.
      const at = lines.findIndex((l) => l === k || l.startsWith(`${k} `));
      expect(at, k).toBeGreaterThanOrEqual(0);
      const value = (lines[at] === k ? lines[at + 1]! : lines[at]!.slice(k.length)).trim();
      expect(value, k).toBe(v);
    }
    // Prose still wraps at the width, between words.
    for (const line of lines) expect(cellWidth(beforeUrl(line)), line).toBeLessThanOrEqual(columns);
    expect(lines.find((l) => l.startsWith('commit_message '))).toMatch(/^commit_message +Translated using/);
  });

  it('translation at 40 columns keeps its file path and URL whole', async () => {
    const r = await wliIn(['translation', 'demo/android/cs'], { env: urlEnv(), tty: true, columns: 40 });
    expect(r.stdout).toMatch(/^File {12}app\/src\/main\/res\/values-cs\/strings\.xml$/m);
    expect(r.stdout).toContain(`\nURL             ${own.url.replace(/api\/$/, '')}projects/demo/android/cs/\n`);
  });

  it('translation shows the revision its help promises, each hash whole (issue 29.9)', async () => {
    const sent = JSON.parse(own.expected('/api/translations/demo/android/cs/').body) as { revision: string };
    const [file, template] = sent.revision.split(',');
    expect(template).toMatch(/^[0-9a-f]{40}$/);
    const wide = await wliIn(['translation', 'demo/android/cs'], { env: urlEnv(), tty: true, columns: 120 });
    expect(wide.stdout).toContain(`\nRevision        ${file}, ${template}\n`);
    const narrow = await wliIn(['translation', 'demo/android/cs'], { env: urlEnv(), tty: true, columns: 40 });
    expect(narrow.stdout).toContain(`\nRevision        ${file},\n                ${template}\n`);
    const help = await wliIn(['translation', '--help'], {});
    expect(help.stdout).toMatch(/\brevision\b/);
  });

  it('config at 40 columns never cuts where a value came from', async () => {
    const r = await wliIn(['config'], { env: urlEnv(), tty: true, columns: 40 });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('…');
    expect(r.stdout).toMatch(/^URL {13}http:\/\/127\.0\.0\.1:\d+\/api\/\n {16}\(from WLI_URL\)$/m);
  });

  it('ls at 40 columns leaves out WEB rather than cut a URL; with room it is whole', async () => {
    const narrow = await wliIn(['ls'], { env: urlEnv(), tty: true, columns: 40 });
    expect(narrow.stdout.split('\n')[0]).toMatch(/^TARGET +NAME$/);
    expect(narrow.stdout).not.toContain('…');
    expect(narrow.stdout).not.toContain('http');
    const wide = await wliIn(['ls'], { env: urlEnv(), tty: true, columns: 200 });
    expect(wide.stdout.split('\n')[0]).toMatch(/^TARGET +NAME +WEB$/);
    expect(wide.stdout).toContain(`${own.url.replace(/api\/$/, '')}projects/demo/`);
  });
});

// Issue 29.7: a record view (table, Markdown) shows a nested object or list as a short summary, not
// one line of JSON thousands of characters long; -f json shows it whole.
describe('record views summarise nested objects', () => {
  // Its own server: the shared one's anonymous rate limit is spent by the tests above.
  let own: FakeWeblate;
  beforeAll(async () => {
    own = await startFakeWeblate();
  });
  afterAll(() => own.close());
  const sent = (path: string) => JSON.parse(own.expected(path).body) as Record<string, Record<string, unknown>>;
  const fields = (o: object) => Object.keys(o).length;
  const plain = () => ({ WLI_URL: own.url, NO_COLOR: '1' });

  it.each([
    ['at 80 columns', { tty: true, columns: 80 }],
    ['off a terminal', {}],
  ] as const)('show demo/android %s: the project and source language by name and size', async (_, how) => {
    const r = await wliIn(['show', 'demo/android'], { env: plain(), ...how });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const component = sent('/api/components/demo/android/');
    expect(r.stdout).toMatch(new RegExp(`^source_language +English \\(en\\), ${fields(component.source_language!)} fields$`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^project +Demo \\(demo\\), ${fields(component.project!)} fields$`, 'm'));
    expect(r.stdout).toMatch(/^enforced_checks +\[\]$/m);
    expect(r.stdout).not.toContain('{"');
  });

  it('show of a translation names its component and language; Markdown says the same', async () => {
    const translation = sent('/api/translations/demo/android/cs/');
    const r = await wliIn(['show', 'demo/android/cs'], { env: plain(), tty: true, columns: 80 });
    expect(r.stdout).toMatch(new RegExp(`^component +Android \\(android\\), ${fields(translation.component!)} fields$`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^language +Czech \\(cs\\), ${fields(translation.language!)} fields$`, 'm'));
    // Every line within 80 columns but a URL's (never cut: it runs past the edge).
    for (const line of r.stdout.trimEnd().split('\n')) if (!line.includes('://')) expect(cellWidth(line), line).toBeLessThanOrEqual(80);
    const md = await wliIn(['show', 'demo/android/cs', '-f', 'markdown'], { env: plain() });
    expect(md.stdout).toContain(`| component | Android (android), ${fields(translation.component!)} fields |\n`);
    expect(md.stdout).not.toContain('{"');
  });

  it('-f json, jsonl and csv still carry the nested objects whole', async () => {
    const json = await wliIn(['show', 'demo/android', '-f', 'json'], { env: plain() });
    expect(JSON.parse(json.stdout)).toEqual(sent('/api/components/demo/android/'));
    const jsonl = await wliIn(['show', 'demo/android', '-f', 'jsonl'], { env: plain() });
    expect(JSON.parse(jsonl.stdout)).toEqual(sent('/api/components/demo/android/'));
    const csv = await wliIn(['show', 'demo/android', '-f', 'csv', '--fields', 'source_language'], { env: plain() });
    expect(JSON.parse(csv.stdout.split('\r\n')[1]!.replace(/^"|"$/g, '').replaceAll('""', '"'))).toEqual(sent('/api/components/demo/android/').source_language);
  });

  it.each([
    [{ a: 1 }, '{"a":1}'],
    [[], '[]'],
    [['x', 'y'], '["x","y"]'],
    [{ name: 'Android', slug: 'android', long: 'x'.repeat(80) }, 'Android (android), 3 fields'],
    [{ code: 'cs', long: 'x'.repeat(80) }, 'cs, 2 fields'],
    [{ id: 1, long: 'x'.repeat(80) }, '{…} 2 fields'],
    [{ long: 'x'.repeat(80) }, '{…} 1 field'],
    [
      [
        { name: 'Docs', slug: 'docs', x: 'x'.repeat(30) },
        { name: 'API', slug: 'api', x: 'x'.repeat(30) },
      ],
      '[Docs (docs), API (api)]',
    ],
    [Array.from({ length: 12 }, (_, i) => ({ name: `Component ${i}`, x: 'x'.repeat(10) })), '[12 items]'],
    [['x'.repeat(70)].concat('y'), '[2 items]'],
    [[{ name: 'a, b', x: 'x'.repeat(60) }], '[1 item]'],
  ])('nestedSummary(%j) is %s', async (value, text) => {
    const { nestedSummary } = await import('../src/output/cells.js');
    expect(nestedSummary(value)).toBe(text);
  });
});
