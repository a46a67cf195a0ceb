// Issue 48.1, wli unit <id>: one string whole, as `gh issue view` shows an issue: every form of its
// source and target, context, note, state by name, position, its translation as a target, its
// suggestions, comments and screenshots where it has them, its web page; long texts wrapped under
// their label, nothing cut; every format; a unit that does not exist exit 5, an id that is no number 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { onPty } from './support/pty.js';
import { wli } from './support/run.js';
import { cellWidth } from '../src/output/width.js';
import { parseJson } from '../src/codec/json.js';
import { csvObjects } from './support/csv-parse.js';
import { LONG_SOURCE, LONG_TARGET } from './support/long-text.js';

let fake: FakeWeblate;
let env: Record<string, string>;
/** The long unit's body as the server sends it: its hashes beyond 2^53. */
let longBody: string;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
  const long = {
    translation: `${fake.url}translations/demo/android/cs/`,
    source: [LONG_SOURCE, `${LONG_SOURCE} plural`],
    previous_source: '',
    target: [LONG_TARGET, '', 'third form'],
    id_hash: '@ID_HASH@',
    content_hash: '@CONTENT_HASH@',
    context: 'long_text',
    note: 'A note for translators.',
    flags: 'max-length:400',
    state: 10,
    position: 33,
    has_suggestion: false,
    has_comment: false,
    id: 901,
    web_url: `${fake.url.replace(/api\/$/, '')}translate/demo/android/cs/?checksum=abc`,
  };
  longBody = JSON.stringify(long).replace('"@ID_HASH@"', '-9223372036854775807').replace('"@CONTENT_HASH@"', '9007199254740993');
  fake.fault(/\/api\/units\/901\/$/, { kind: 'rawBody', body: longBody }, Infinity);
});
afterAll(() => fake.close());

const since = (n: number) => fake.requests.slice(n).map((r) => r.path);

/** The value of a labelled line and the lines under it (a record's hanging indent), whitespace removed. */
function valueOf(lines: string[], label: string): string {
  const at = lines.findIndex((l) => l.startsWith(`${label} `));
  expect(at, label).toBeGreaterThanOrEqual(0);
  const indent = lines[at]!.slice(label.length).search(/\S/) + label.length;
  let text = lines[at]!.slice(indent);
  for (const l of lines.slice(at + 1)) {
    if (!l.startsWith(' '.repeat(indent))) break;
    text += l.slice(indent);
  }
  return text.replace(/\s/g, '');
}

/** What the progress line writes on a terminal besides its text: hide/show the cursor, erase the line, move to column 1 or up. */
const PROGRESS_CONTROLS = /\u001b\[(?:\?25[lh]|\d*[GKAJ])/g;

describe('wli unit <id>', () => {
  it('at 80 columns on a real terminal: every character of every form of a 300-character source and target, every line within 80 cells', async (ctx) => {
    const { code, output } = await onPty(ctx, ['unit', '901', '--url', fake.url], { cols: 80 }).exit;
    expect(code).toBe(0);
    const lines = output
      .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+$/, ''))
      .filter((l) => l !== '');
    for (const l of lines) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
    expect(valueOf(lines, 'source.0')).toBe(LONG_SOURCE.replace(/\s/g, ''));
    expect(valueOf(lines, 'source.1')).toBe(`${LONG_SOURCE}plural`.replace(/\s/g, ''));
    expect(valueOf(lines, 'target.0')).toBe(LONG_TARGET.replace(/\s/g, ''));
    expect(lines).toContain('target.1');
    expect(valueOf(lines, 'target.2')).toBe('thirdform');
    expect(valueOf(lines, 'translation')).toBe('demo/android/cs');
    expect(valueOf(lines, 'state')).toBe('needsediting');
    expect(valueOf(lines, 'position')).toBe('33');
    expect(valueOf(lines, 'context')).toBe('long_text');
    expect(valueOf(lines, 'note')).toBe('Anotefortranslators.');
    expect(valueOf(lines, 'flags')).toBe('max-length:400');
    expect(lines.at(-1)).toMatch(/^web_url +http:\/\/127\.0\.0\.1:\d+\/translate\/demo\/android\/cs\/\?checksum=abc$/);
    expect(output).not.toContain('…');
  });

  it('-f json: the unit as sent, hashes exact, with its identity first and the lists after it', async () => {
    const r = await wli(['unit', '901', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"id_hash": -9223372036854775807');
    expect(r.stdout).toContain('"content_hash": 9007199254740993');
    const unit = parseJson(r.stdout) as Record<string, unknown>;
    const server = parseJson(longBody) as Record<string, unknown>;
    expect(Object.keys(unit)).toEqual([
      'wli_target',
      'wli_project',
      'wli_component',
      'wli_language',
      ...Object.keys(server),
      'wli_suggestions',
      'wli_comments',
      'wli_screenshots',
    ]);
    expect(unit).toMatchObject({
      wli_target: 'demo/android/cs',
      wli_project: 'demo',
      wli_component: 'android',
      wli_language: 'cs',
      wli_suggestions: [],
      wli_comments: [],
      wli_screenshots: [],
    });
  });

  it('its suggestions (text, author, votes) and screenshots, asked only as units --with asks them', async () => {
    const before = fake.requests.length;
    const r = await wli(['unit', '44'], { env: { ...env, COLUMNS: '120' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^suggestion 1 +Opravdu chcete smazat „%1\$s“\? \(admin, 0 votes, /m);
    expect(r.stdout).toMatch(/^suggestion 2 +Chcete opravdu smazat "%1\$s"\? \(admin, 1 vote, /m);
    expect(r.stdout).toMatch(/^screenshot +Delete dialog \(screenshots\/delete-dialog\.png, wli download --screenshot 2\)$/m);
    expect(r.stdout).toMatch(/^state +empty$/m);
    // No comments asked: the unit says it has none.
    expect(since(before).sort()).toEqual(['/api/components/demo/android/screenshots/', '/api/units/44/', '/api/units/44/suggestions/']);
  });

  it('its comments, the server text escaped on a terminal', async (ctx) => {
    const { code, output } = await onPty(ctx, ['unit', '51', '--no-color', '--url', fake.url], { cols: 80 }).exit;
    expect(code).toBe(0);
    expect(output).toMatch(/comment +Does every launcher draw the \\e\[1m/);
    // A slow answer (a loaded machine) may draw the progress line first: its cursor and erase controls
    // are wli's own; any other control would be the server's text let through.
    expect(output.replace(PROGRESS_CONTROLS, '')).not.toContain('\u001b');
  });

  it('jsonl, csv and markdown', async () => {
    const jl = await wli(['unit', '44', '-f', 'jsonl'], { env });
    expect(jl.code).toBe(0);
    expect(jl.stdout.trim().split('\n')).toHaveLength(1);
    expect((parseJson(jl.stdout) as { wli_suggestions: unknown[] }).wli_suggestions).toHaveLength(2);
    const csv = await wli(['unit', '901', '-f', 'csv'], { env });
    expect(csv.code).toBe(0);
    const rows = csvObjects(csv.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ wli_target: 'demo/android/cs', id: '901', id_hash: '-9223372036854775807' });
    const md = await wli(['unit', '44', '-f', 'markdown'], { env });
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('| suggestion 1 | Opravdu chcete smazat „%1$s“? (admin, 0 votes, ');
    expect(md.stdout).toContain('| translation | demo/android/cs |');
  });

  it('a unit id that is no number: exit 2 before any request', async () => {
    const before = fake.requests.length;
    for (const id of ['abc', '-1', '4.5', '']) {
      const r = await wli(['unit', id], { env });
      expect(r.code, id).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a unit that does not exist: exit 5, saying what to try', async () => {
    const r = await wli(['unit', '99999999'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no unit 99999999');
    expect(r.stderr).toContain('wli units');
  });

  it('a server too old to serve a unit suggestions: said on stderr, the rest shown', async () => {
    const old = await startFakeWeblate({ suggestionsApi: false });
    try {
      const r = await wli(['unit', '44'], { env: { WLI_URL: old.url } });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/suggestions not shown: .*404/);
      expect(r.stdout).toMatch(/^context +confirm_delete$/m);
      expect(r.stdout).not.toContain('suggestion 1');
    } finally {
      await old.close();
    }
  });
});
