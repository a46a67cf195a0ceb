// Issue 24.5, 24.6, 24.9 and 24.21, in-process (the same program from argv to bytes, stdout a terminal
// or not): server text never drives a terminal in any format, while piped or written to a file every
// byte stays as the server sent it; progress is drawn only where no other program draws; `wli api`
// ends with a newline on a terminal; and -f csv-excel gives spreadsheets a file they open safely.
// The same on a real pseudo-terminal: test/terminal.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StdoutKind } from '../src/core/context.js';
import { IOStreams } from '../src/io/streams.js';
import { NO_PROGRESS } from '../src/io/progress.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { parseCsv } from './support/csv-parse.js';
import { testContext, wliIn } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url, NO_COLOR: '1' };
});
afterAll(() => fake.close());

/** What a terminal acts on: C0 but tab, LF and CR; DEL; C1; bidi controls and marks; LS, PS; the BOM. */
const DRIVES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
/** A CR that an LF does not follow: later text would overwrite the line. */
const LONE_CR = /\r(?!\n)/;

const onTerminal = (args: string[]) => wliIn(args, { env, tty: true, columns: 80 });
const piped = (args: string[]) => wliIn(args, { env, ctx: { stdoutKind: 'pipe' } });

const UNITS = ['units', 'demo/android/cs'];

describe('24.5: on a terminal, server text is escaped in every format; piped, it is exact', () => {
  it('-f csv: ESC, OSC 8, NUL, DEL, C1 and bidi controls are shown as the table shows them', async () => {
    const args = [...UNITS, '-f', 'csv', '--fields', 'context,target'];
    const tty = await onTerminal(args);
    expect(tty.code).toBe(0);
    expect(tty.stdout).not.toMatch(DRIVES);
    expect(tty.stdout).not.toMatch(LONE_CR);
    expect(tty.stdout).toContain('ansi_sgr,Stav: \\e[31mčervená\\e[0m\r\n');
    expect(tty.stdout).toContain('ansi_osc8,Dokumentace: \\e]8;;http://x\\x07odkaz\\e]8;;\\x07\r\n');
    expect(tty.stdout).toContain('control_chars,NUL\\x00 a DEL\\x7f\r\n');
    expect(tty.stdout).toContain('c1_csi,C1 \\x9b31m CSI\r\n');
    expect(tty.stdout).toContain('bidi_override,Soubor: \\u202egnp.exe a \\u2066izolovaný\\u2069 text\r\n');
    // Line breaks inside a cell are shown too: one row per line on the screen.
    expect(tty.stdout.split('\r\n').length).toBe(parseCsv(tty.stdout).length + 1);

    const pipe = await piped(args);
    expect(pipe.stdout).toContain('ansi_sgr,Stav: \u001b[31mčervená\u001b[0m\r\n');
    expect(pipe.stdout).toContain('control_chars,NUL\u0000 a DEL\u007f\r\n');
    expect(pipe.stdout).toContain('bidi_override,Soubor: \u202egnp.exe a \u2066izolovaný\u2069 text\r\n');
  });

  it.each([['json'], ['jsonl']])('-f %s: \\uXXXX escapes, valid JSON with the same values', async (format) => {
    const args = [...UNITS, '-f', format];
    const [tty, pipe] = [await onTerminal(args), await piped(args)];
    expect(tty.code).toBe(0);
    expect(tty.stdout).not.toMatch(DRIVES);
    expect(pipe.stdout).toMatch(/\u007f/);
    expect(pipe.stdout).toMatch(/\u009b/);
    expect(pipe.stdout).toMatch(/\u202e/);
    expect(tty.stdout).toContain('NUL\\u0000 a DEL\\u007f');
    expect(tty.stdout).toContain('C1 \\u009b31m CSI');
    expect(tty.stdout).toContain('Soubor: \\u202egnp.exe a \\u2066izolovaný\\u2069 text');
    const values = (out: string): unknown =>
      format === 'json'
        ? JSON.parse(out)
        : out
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l) as unknown);
    expect(values(tty.stdout)).toEqual(values(pipe.stdout));
    // Big integers keep their digits either way.
    expect(tty.stdout).toContain('9223372036854775807');
  });

  it('-f json of one object (a record) is escaped too', async () => {
    const s = await startFakeWeblate();
    try {
      const hostile = { name: 'Evil\u202e\u009b2J\u007f', slug: 'demo', web_url: 'http://x/' };
      s.fault('/projects/demo/', { kind: 'rawBody', body: JSON.stringify(hostile) });
      s.fault('/projects/demo/', { kind: 'rawBody', body: JSON.stringify(hostile) });
      const tty = await wliIn(['show', 'demo', '-f', 'json'], { env: { WLI_URL: s.url }, tty: true });
      expect(tty.stdout).not.toMatch(DRIVES);
      expect(JSON.parse(tty.stdout)).toEqual(hostile);
      const pipe = await wliIn(['show', 'demo', '-f', 'json'], { env: { WLI_URL: s.url } });
      expect(JSON.parse(pipe.stdout)).toEqual(hostile);
      expect(pipe.stdout).toContain(hostile.name);
    } finally {
      await s.close();
    }
  });

  it('field names from the server are escaped too: the labels of show, the headers of api --paginate', async () => {
    const s = await startFakeWeblate();
    try {
      const hostile = { 'na\u001b[2Jme': 'Demo', slug: 'demo', 'x\u202e': 1 };
      s.fault('/projects/demo/', { kind: 'rawBody', body: JSON.stringify(hostile) }, 2);
      s.fault('/projects/', { kind: 'rawBody', body: JSON.stringify({ count: 1, next: null, previous: null, results: [hostile] }) });
      for (const args of [
        ['show', 'demo'],
        ['api', '/projects/', '--paginate', '-f', 'table'],
      ]) {
        const tty = await wliIn(args, { env: { WLI_URL: s.url, NO_COLOR: '1' }, tty: true, columns: 80 });
        expect(tty.code).toBe(0);
        expect(tty.stdout).not.toMatch(DRIVES);
        expect(tty.stdout).toMatch(/na\\e\[2Jme/i);
      }
    } finally {
      await s.close();
    }
  });

  it('wli api: the body escaped on a terminal (same JSON), byte for byte into a pipe', async () => {
    const path = '/translations/demo/android/cs/units/?page_size=100';
    const body = await (await fetch(new URL(path.slice(1), fake.url))).text();
    expect(body).toMatch(/\u007f/);
    const tty = await onTerminal(['api', path]);
    expect(tty.code).toBe(0);
    expect(tty.stdout).not.toMatch(DRIVES);
    expect(JSON.parse(tty.stdout)).toEqual(JSON.parse(body));
    const pipe = await piped(['api', path]);
    expect(pipe.stdout).toBe(body);
  });

  it('wli api: a body that is not JSON, with raw escapes and a lone CR, is shown escaped', async () => {
    const s = await startFakeWeblate();
    try {
      const text = 'plain \u001b]52;c;aGk=\u0007 text\rover\r\nnext \u001b[2J';
      s.fault('/projects/', { kind: 'rawBody', body: text, contentType: 'text/plain' }, 2);
      const tty = await wliIn(['api', '/projects/'], { env: { WLI_URL: s.url }, tty: true });
      expect(tty.stdout).toBe('plain \\u001b]52;c;aGk=\\u0007 text\\u000dover\r\nnext \\u001b[2J\n');
      const pipe = await wliIn(['api', '/projects/'], { env: { WLI_URL: s.url } });
      expect(pipe.stdout).toBe(text);
    } finally {
      await s.close();
    }
  });
});

describe('45.4: characters drawn as nothing are one set, escaped wherever a name is shown', () => {
  /** Drawn as nothing: zero-width space, soft hyphen, word joiner. */
  const INVISIBLE = /[\u200b\u00ad\u2060]/;

  it('a slug holding U+200B, U+00AD or U+2060 is shown escaped in a table and in a hint, never as another name', async () => {
    const s = await startFakeWeblate();
    try {
      const path = '/api/projects/demo/components/?page_size=1000';
      // The server names its components with them, in every field (slug, url, …).
      const body = s.expected(path).body.replaceAll('android', 'andr\u200boid').replaceAll('glossary', 'gloss\u00adary').replaceAll('guide', 'gu\u2060ide');
      s.fault('/projects/demo/components/', { kind: 'rawBody', body }, Infinity);
      const envS = { WLI_URL: s.url, NO_COLOR: '1' };
      const table = await wliIn(['ls', 'demo'], { env: envS });
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).not.toMatch(INVISIBLE);
      expect(table.stdout).toContain('demo/andr\\u200boid');
      expect(table.stdout).toContain('demo/gloss\\xadary');
      expect(table.stdout).toMatch(/gu\\u2060ide/);
      const md = await wliIn(['ls', 'demo', '-f', 'markdown'], { env: envS });
      expect(md.stdout).not.toMatch(INVISIBLE);
      const csv = await wliIn(['ls', 'demo', '-f', 'csv'], { env: envS, tty: true });
      expect(csv.stdout).not.toMatch(INVISIBLE);
      expect(csv.stdout).toContain('andr\\u200boid');
      const json = await wliIn(['ls', 'demo', '-f', 'json'], { env: envS, tty: true });
      expect(json.stdout).not.toMatch(INVISIBLE);
      expect(JSON.stringify(JSON.parse(json.stdout))).toContain('andr\u200boid');
      // Piped, the bytes stay the server's.
      expect((await wliIn(['ls', 'demo', '-f', 'csv'], { env: envS })).stdout).toContain('andr\u200boid');

      const miss = await wliIn(['show', 'demo/andoid'], { env: envS });
      expect(miss.code).toBe(5);
      expect(miss.stderr).not.toMatch(INVISIBLE);
      expect(miss.stderr).toMatch(/did you mean: .*andr\\u200boid/);
    } finally {
      await s.close();
    }
  });

  it("pull's refusal shows the path with U+200B and U+2060 escaped", async () => {
    const s = await startFakeWeblate();
    const dir = mkdtempSync(join(tmpdir(), 'wli-unshown-'));
    try {
      s.filenames({ 'demo/android/cs': 'app/src/main/res/values-c\u200bs\u2060/strings.xml' });
      const r = await wliIn(['pull', 'demo/android/cs', '--dir', dir], { env: { WLI_URL: s.url, NO_COLOR: '1', XDG_CACHE_HOME: dir } });
      expect(r.code).toBe(1);
      expect(r.stderr).not.toMatch(/[\u200b\u2060]/);
      expect(r.stderr).toContain('values-c\\u200bs\\u2060/strings.xml (demo/android/cs): ');
      expect(r.stderr).toMatch(/holds a control or invisible character \(U\+200B\)/);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('24.9: wli api on a terminal ends with a newline; piped, its bytes stay exact', () => {
  it('a body without a final newline gets one on a terminal only', async () => {
    const body = await (await fetch(new URL('projects/demo/', fake.url))).text();
    expect(body.endsWith('\n')).toBe(false);
    expect((await onTerminal(['api', '/projects/demo/'])).stdout).toBe(body + '\n');
    expect((await piped(['api', '/projects/demo/'])).stdout).toBe(body);
    // A file (or /dev/null) gets the bytes as they are, too.
    expect((await wliIn(['api', '/projects/demo/'], { env, ctx: { stdoutKind: 'file' } })).stdout).toBe(body);
  });

  it('a body that ends with a newline gets no second one', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault('/projects/', { kind: 'rawBody', body: '{"a": 1}\n' });
      expect((await wliIn(['api', '/projects/'], { env: { WLI_URL: s.url }, tty: true })).stdout).toBe('{"a": 1}\n');
    } finally {
      await s.close();
    }
  });
});

describe('24.6: progress is drawn when stderr is a terminal and stdout is not a pipe', () => {
  it.each<[StdoutKind, boolean]>([
    ['terminal', true],
    ['file', true],
    ['null', true],
    ['pipe', false],
    ['unknown', false],
  ])('stdout %s: progress %s', (kind, drawn) => {
    const ctx = { ...testContext({ tty: true }), stdoutKind: kind };
    expect(new IOStreams(ctx).progress !== NO_PROGRESS).toBe(drawn);
    // Never without a terminal on stderr.
    expect(new IOStreams({ ...testContext({ tty: false }), stdoutKind: kind }).progress).toBe(NO_PROGRESS);
  });
});

describe('24.21: -f csv-excel, CSV a spreadsheet opens correctly and safely (opt-in)', () => {
  let s: FakeWeblate;
  const units = [
    { id: 1, context: '=HYPERLINK("http://x/?"&A1,"click")', source: ['+49 30 1234567'], target: ['-5 °C'], id_hash: 'HASH' },
    { id: 2, context: '@SUM(1+1)', source: ['\tTabbed'], target: ['\rCR first'], id_hash: 12 },
    { id: 3, context: 'plain, "quoted"', source: ['Line one\r\nLine two'], target: ['Příliš žluťoučký kůň 日本語 🎉'], id_hash: 3 },
    { id: 4, context: 'a=b', source: ['x-y'], target: [''], id_hash: 0 },
  ];
  const page = JSON.stringify({ count: units.length, next: null, previous: null, results: units }).replace('"HASH"', '-9223372036854775808');
  beforeAll(async () => {
    s = await startFakeWeblate();
    s.fault('/units/', { kind: 'rawBody', body: page }, Infinity);
  });
  afterAll(() => s.close());
  const FIELDS = ['--fields', 'id,context,source,target,id_hash'];

  it('a UTF-8 BOM, every cell quoted, and cells starting with = + - @, tab or CR neutralised with a leading quote', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'csv-excel', ...FIELDS], { env: { WLI_URL: s.url } });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('\ufeff"id","context","source","target","id_hash"\r\n')).toBe(true);
    const rows = parseCsv(r.stdout.slice(1));
    expect(rows[0]).toEqual(['id', 'context', 'source', 'target', 'id_hash']);
    expect(rows.slice(1)).toEqual([
      ['1', `'=HYPERLINK("http://x/?"&A1,"click")`, `'+49 30 1234567`, `'-5 °C`, `'-9223372036854775808`],
      ['2', `'@SUM(1+1)`, `'\tTabbed`, `'\rCR first`, '12'],
      ['3', 'plain, "quoted"', 'Line one\r\nLine two', 'Příliš žluťoučký kůň 日本語 🎉', '3'],
      ['4', 'a=b', 'x-y', '', '0'],
    ]);
    // Every cell, numbers too, is quoted: a ; or , inside one never starts a new cell in any locale.
    expect(r.stdout.slice(1)).toMatch(/^(?:"(?:[^"]|"")*"(?:,|\r\n))+$/);
  });

  it('default CSV stays exact: no BOM, no quotes it does not need, nothing prefixed', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'csv', ...FIELDS], { env: { WLI_URL: s.url } });
    expect(r.stdout.startsWith('id,context,source,target,id_hash\r\n')).toBe(true);
    expect(parseCsv(r.stdout).slice(1)).toEqual([
      ['1', '=HYPERLINK("http://x/?"&A1,"click")', '+49 30 1234567', '-5 °C', '-9223372036854775808'],
      ['2', '@SUM(1+1)', '\tTabbed', '\rCR first', '12'],
      ['3', 'plain, "quoted"', 'Line one\r\nLine two', 'Příliš žluťoučký kůň 日本語 🎉', '3'],
      ['4', 'a=b', 'x-y', '', '0'],
    ]);
  });

  it('a single object is one row; an empty list is the BOM and the header', async () => {
    const one = await wliIn(['translation', 'demo/android/cs', '-f', 'csv-excel', '--fields', 'language_code,translated_percent'], { env });
    expect(one.stdout).toBe('\ufeff"language_code","translated_percent"\r\n"cs","78.1"\r\n');
    const none = await wliIn(['units', 'demo/android/en', '--state', 'empty', '-f', 'csv-excel', '--fields', 'id,target'], { env });
    expect(none).toEqual({ code: 0, stdout: '\ufeff"id","target"\r\n', stderr: '' });
  });

  it('on a terminal it is escaped like -f csv', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '-f', 'csv-excel', ...FIELDS], { env: { WLI_URL: s.url }, tty: true });
    expect(r.stdout).toContain(`"2","'@SUM(1+1)","'\\tTabbed","'\\rCR first","12"\r\n`);
    expect(r.stdout.slice(1)).not.toMatch(DRIVES);
  });
});
