// Issue 39, part 2: a translation's suggestions and comments (units --with), asked only for the
// strings that say they have them (has_suggestion, has_comment), in every format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { csvObjects } from './support/csv-parse.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 10 });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

type Unit = Record<string, unknown> & { id: number; wli_suggestions?: Record<string, unknown>[]; wli_comments?: Record<string, unknown>[] };
const since = (n: number) => fake.requests.slice(n).map((r) => r.path);

describe('wli units --with suggestions,comments', () => {
  it('asks only the strings that have them: one request per such string and list, none for the others', async () => {
    const before = fake.requests.length;
    const r = await wli(['units', 'demo/android/cs', '--with', 'suggestions,comments', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const units = parseJson(r.stdout) as Unit[];
    expect(units).toHaveLength(32);
    const asked = since(before).filter((p) => p.startsWith('/api/units/'));
    expect(asked.sort()).toEqual(['/api/units/44/suggestions/', '/api/units/51/comments/']);
    const withSuggestions = units.filter((u) => u.wli_suggestions!.length > 0);
    expect(withSuggestions.map((u) => u.context)).toEqual(['confirm_delete']);
    expect(withSuggestions[0]!.wli_suggestions!.map((s) => s.target)).toEqual([['Opravdu chcete smazat „%1$s“?'], ['Chcete opravdu smazat "%1$s"?']]);
    expect(withSuggestions[0]!.wli_suggestions![0]).toMatchObject({ id: 1, votes: 0, unit: `${fake.url}units/44/` });
    const commented = units.filter((u) => u.wli_comments!.length > 0);
    expect(commented.map((u) => u.context)).toEqual(['emoji_party']);
    expect(commented[0]!.wli_comments![0]!.comment).toContain('\u001b[1m');
    // Every other unit has empty lists, and the server's fields as sent, the lists after them.
    expect(units.every((u) => Array.isArray(u.wli_suggestions) && Array.isArray(u.wli_comments))).toBe(true);
    expect(Object.keys(units[0]!).slice(-2)).toEqual(['wli_suggestions', 'wli_comments']);
  });

  it('with -q has:suggestion: only those strings, and only their lists', async () => {
    const before = fake.requests.length;
    const r = await wli(['units', 'demo/android/cs', '-q', 'has:suggestion', '--with', 'suggestions', '-f', 'jsonl'], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect((parseJson(lines[0]!) as Unit).wli_suggestions).toHaveLength(2);
    expect(since(before).filter((p) => p.startsWith('/api/units/'))).toEqual(['/api/units/44/suggestions/']);
  });

  it('above a translation too: the units found, each with its lists', async () => {
    const r = await wli(['units', 'demo', '-q', 'has:comment', '--with', 'comments', '-f', 'json', '--fields', 'wli_target,context,wli_comments'], { env });
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Record<string, unknown>[];
    expect(rows.map((x) => [x.wli_target, x.context])).toEqual([['demo/android/cs', 'emoji_party']]);
    expect((rows[0]!.wli_comments as unknown[]).length).toBe(1);
  });

  it('CSV: each list as compact JSON; the table: the texts, escapes shown escaped', async () => {
    const csv = await wli(['units', 'demo/android/cs', '-q', 'has:comment', '--with', 'comments', '-f', 'csv', '--fields', 'id,wli_comments'], { env });
    expect(csv.code).toBe(0);
    const [row] = csvObjects(csv.stdout);
    expect(JSON.parse(row!.wli_comments!)).toEqual([expect.objectContaining({ id: 1, user: `${fake.url}users/admin/` })]);
    const table = await wli(['units', 'demo/android/cs', '-q', 'has:suggestion OR has:comment', '--with', 'suggestions', '--with', 'comments'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/SUGGESTIONS\s+COMMENTS/);
    expect(table.stdout).toContain('Opravdu chcete smazat „%1$s“? · Chcete opravdu smazat "%1$s"?');
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).toContain('\\e[1m');
  });

  it("a server older than a list's release: its 404 is an error that says so", async () => {
    fake.fault('/api/units/44/suggestions/', { kind: 'status', status: 404, body: '{"detail":"Not found."}', contentType: 'application/json' }, 1);
    const r = await wli(['units', 'demo/android/cs', '-q', 'has:suggestion', '--with', 'suggestions'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/404, though unit 44 says it has suggestions[\s\S]*Weblate 2026\.8 or later/);
  });

  it('a list name misspelt is a usage error with the right one', async () => {
    const r = await wli(['units', 'demo/android/cs', '--with', 'sugestions'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/did you mean: suggestions/);
  });

  it('an empty result asks nothing more', async () => {
    const before = fake.requests.length;
    const r = await wli(['units', 'demo/android/ja', '--with', 'suggestions,comments', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('[]\n');
    expect(since(before).filter((p) => p.startsWith('/api/units/'))).toEqual([]);
  });
});

describe('the fake serves them as Weblate does', () => {
  it('/api/suggestions/, /api/suggestions/<id>/, /api/units/<id>/suggestions/ and …/comments/', async () => {
    const get = async (p: string) => (await fetch(`${fake.url}${p}`)).json() as Promise<Record<string, unknown>>;
    expect((await get('suggestions/')).count).toBe(2);
    expect(await get('suggestions/2/')).toMatchObject({ id: 2, votes: 1, target: ['Chcete opravdu smazat "%1$s"?'] });
    expect((await get('units/45/suggestions/')).count).toBe(0);
    expect((await get('units/51/comments/')).count).toBe(1);
    expect((await fetch(`${fake.url}units/999999/comments/`)).status).toBe(404);
  });
});

// Issue 46, item 8: the API lists resolved comments with nothing that tells them apart, while has_comment
// counts only unresolved ones (weblate/api/views.py UnitViewSet.comments, Unit.has_comment): wli says so
// where --with comments is described, since it cannot tell them apart either.
describe('resolved comments are said', () => {
  it('the reference of --with (docs/commands.md, the man page, from the spec) and the guide say the API cannot tell them apart', () => {
    const read = (f: string) => readFileSync(join(ROOT, f), 'utf8').replace(/\s+/g, ' ');
    expect(read('docs/commands.md')).toContain(
      "Resolved comments: the API lists a string's comments resolved or not, with nothing that tells them apart, while `has_comment` (and `-q has:comment`) counts only unresolved ones",
    );
    expect(read('docs/guide.md')).toContain('Resolved comments cannot be told apart');
  });
});
