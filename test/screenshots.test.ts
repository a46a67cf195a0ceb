// Issue 39, part 3: screenshots. wli screenshots lists a component's with the strings each shows (two
// lists, never a request per string); download --screenshot saves the image by the one save path,
// byte for byte, never onto a terminal; units --with screenshots names a string's screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeScreenshotPng, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn } from './support/run.js';
import { parseJson, stringifyJson } from '../src/codec/json.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  fake = await startFakeWeblate({});
  env = { WLI_URL: fake.url, XDG_CACHE_HOME: join(tmpdir(), 'wli-shots-cache') };
  dir = mkdtempSync(join(tmpdir(), 'wli-shots-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const paths = (since: number) => fake.requests.slice(since).map((r) => r.url);

describe('wli screenshots', () => {
  it('a project alone: says what screenshots takes and points at wli ls, never "too few segments" (issue 49.13)', async () => {
    const before = fake.requests.length;
    const r = await wli(['screenshots', 'demo'], { env, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/too few segments/);
    expect(r.stderr).toMatch(/invalid target 'demo': a project alone; this command takes project\/component/);
    expect(r.stderr).toMatch(/hint: wli ls demo lists the project's components/);
    expect(fake.requests.length).toBe(before);
  });

  it("lists a component's screenshots with the strings each shows, from two lists", async () => {
    const before = fake.requests.length;
    const r = await wli(['screenshots', 'demo/android', '-f', 'json'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const shots = parseJson(r.stdout) as Record<string, unknown>[];
    expect(shots.map((s) => [s.id, s.name, s.repository_filename])).toEqual([
      [1, 'Main menu', 'screenshots/main-menu.png'],
      [2, 'Delete dialog', 'screenshots/delete-dialog.png'],
    ]);
    expect((shots[0]!.wli_strings as Record<string, unknown>[]).map((u) => u.context)).toEqual(['action_settings', 'action_about', 'action_share']);
    expect((shots[1]!.wli_strings as Record<string, unknown>[]).map((u) => u.source)).toEqual([['Delete'], ['Cancel'], [HOSTILE_QUOTES]]);
    expect(paths(before)).toEqual([
      '/api/components/demo/android/screenshots/?page_size=250',
      '/api/translations/demo/android/en/units/?q=has%3Ascreenshot&page_size=250',
    ]);
  });

  it('the table names the strings by context', async () => {
    const r = await wli(['screenshots', 'demo/android'], { env });
    expect(r.stdout).toMatch(/Main menu\s+screenshots\/main-menu\.png\s+action_settings, action_about, action_share/);
  });

  it.each([
    [['screenshots', 'demo/glossary'], 0, /demo\/glossary has no screenshots/],
    [['screenshots', 'demo/androd'], 5, /did you mean: android/],
    [['screenshots', 'demo/android/cs'], 2, /is a translation[\s\S]*wli screenshots demo\/android/],
  ])('%j exits %i', async (args, code, err) => {
    const r = await wli(args, { env });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(err);
  });
});

const HOSTILE_QUOTES = 'Do you really want to delete "%1$s"?';

describe('wli download --screenshot', () => {
  it('saves the image byte for byte under the name Weblate gives it; again: unchanged, the same file', async () => {
    const r = await wli(['download', '--screenshot', '1', '-o', 'shots/'], { env, cwd: dir });
    expect(r.stderr).toBe('wli: saved shots/main-menu.png (122 bytes)\n');
    expect(r.code).toBe(0);
    const file = join(dir, 'shots', 'main-menu.png');
    expect(readFileSync(file).equals(fakeScreenshotPng(1))).toBe(true);
    const inode = statSync(file).ino;
    const again = await wli(['download', '--screenshot', '1', '-o', 'shots/'], { env, cwd: dir });
    expect(again.stderr).toBe('wli: shots/main-menu.png: unchanged\n');
    expect(statSync(file).ino).toBe(inode);
    expect(readdirSync(join(dir, 'shots'))).toEqual(['main-menu.png']);
  });

  it('-o FILE, and into a pipe the bytes themselves', async () => {
    const r = await wli(['download', '--screenshot', '2', '-o', 'dialog.png'], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'dialog.png')).equals(fakeScreenshotPng(2))).toBe(true);
    const piped = await wliIn(['download', '--screenshot', '2'], { env, cwd: dir });
    expect(piped.code).toBe(0);
    expect(Buffer.from(piped.stdout, 'latin1').length).toBeGreaterThan(0);
  });

  it('never onto a terminal: saved in the current directory instead', async () => {
    const here = mkdtempSync(join(dir, 'tty-'));
    const r = await wliIn(['download', '--screenshot', '2'], { env, cwd: here, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(here, 'delete-dialog.png')).equals(fakeScreenshotPng(2))).toBe(true);
    const dash = await wliIn(['download', '--screenshot', '2', '-o', '-'], { env, cwd: here, tty: true });
    expect(dash.code).toBe(2);
  });

  it("never replaces a file the server names that wli did not save there (issue 34's rule, one save path)", async () => {
    const here = mkdtempSync(join(dir, 'theirs-'));
    writeFileSync(join(here, 'delete-dialog.png'), "the user's own file");
    const r = await wli(['download', '--screenshot', '2', '-o', `${here}/`], { env, cwd: dir });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/delete-dialog\.png exists and is not screenshot 2/);
    expect(readFileSync(join(here, 'delete-dialog.png'), 'utf8')).toBe("the user's own file");
    expect(readdirSync(here)).toEqual(['delete-dialog.png']);
  });

  it.each([
    [['download', '--screenshot', '9', '-o', 'x/'], 5, /no screenshot 9[\s\S]*wli screenshots/],
    [['download', 'demo/android', '--screenshot', '1'], 2, /--screenshot names what to download by itself/],
    [['download', '--screenshot', '1', '--convert', 'po'], 2, /no target, --convert or -q/],
    [['download', '--screenshot', 'one'], 2, /invalid --screenshot 'one'/],
  ])('%j exits %i', async (args, code, err) => {
    const r = await wli(args, { env, cwd: dir });
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(err);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

// Issue 45.4: a string the search did not answer was named by Number(its id): a double beyond 2^53.
describe('ids beyond 2^53 stay exact', () => {
  it('a screenshot id and the id of a string it shows come out exact in json, csv and the table', async () => {
    const s = await startFakeWeblate({});
    try {
      const path = '/api/components/demo/android/screenshots/?page_size=250';
      const list = parseJson(s.expected(path).body) as { results: Record<string, unknown>[] };
      const shot = list.results[0]!;
      shot.id = parseJson('9007199254740995');
      shot.units = [...(shot.units as string[]), String(shot.units && (shot.units as string[])[0]).replace(/\/units\/\d+\/$/, '/units/9007199254740993/')];
      s.fault('/components/demo/android/screenshots/', { kind: 'rawBody', body: stringifyJson(list) }, Infinity);
      const e = { WLI_URL: s.url, XDG_CACHE_HOME: env.XDG_CACHE_HOME! };
      const json = await wliIn(['screenshots', 'demo/android', '-f', 'json'], { env: e });
      expect(json.code, json.stderr).toBe(0);
      const shots = parseJson(json.stdout) as Record<string, unknown>[];
      expect(stringifyJson(shots[0]!.id)).toBe('9007199254740995');
      expect(stringifyJson((shots[0]!.wli_strings as Record<string, unknown>[]).at(-1))).toBe('{"id":9007199254740993,"context":null,"source":null}');
      const csv = await wliIn(['screenshots', 'demo/android', '-f', 'csv', '--fields', 'id,wli_strings'], { env: e });
      expect(csv.stdout).toMatch(/^9007199254740995,".*\{""id"":9007199254740993,""context"":null,""source"":null\}\]"\r?$/m);
      const table = await wliIn(['screenshots', 'demo/android'], { env: e });
      expect(table.stdout).toMatch(/^9007199254740995 .*action_share, unit 9007199254740993$/m);
    } finally {
      await s.close();
    }
  });
});

describe('units --with screenshots', () => {
  it("names each string's screenshots, from its component's one list", async () => {
    const before = fake.requests.length;
    const r = await wli(['units', 'demo/android/cs', '-q', 'has:screenshot', '--with', 'screenshots', '-f', 'json', '--fields', 'context,wli_screenshots'], {
      env,
    });
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as { context: string; wli_screenshots: { id: number; name: string }[] }[];
    expect(rows.map((x) => [x.context, x.wli_screenshots.map((s) => s.name)])).toEqual([
      ['action_settings', ['Main menu']],
      ['action_about', ['Main menu']],
      ['action_share', ['Main menu']],
      ['action_delete', ['Delete dialog']],
      ['action_cancel', ['Delete dialog']],
      ['confirm_delete', ['Delete dialog']],
    ]);
    expect(paths(before).filter((p) => p.includes('screenshots'))).toEqual(['/api/components/demo/android/screenshots/?page_size=250']);
  });

  it('a string on none has an empty list', async () => {
    const r = await wli(['units', 'demo/android/de', '-L', '1', '--with', 'screenshots', '-f', 'jsonl', '--fields', 'context,wli_screenshots'], { env });
    expect(r.stdout).toBe('{"context":"app_name","wli_screenshots":[]}\n');
  });
});

// Issue 46, item 8: a localized screenshot (one of the cs translation, showing cs strings) is a cs
// string's screenshot too, and no other language's; before, only screenshots of source strings were found.
describe('units --with screenshots: localized screenshots', () => {
  let local: FakeWeblate;
  beforeAll(async () => {
    local = await startFakeWeblate({ localizedScreenshots: true });
  });
  afterAll(() => local.close());
  const shots = async (translation: string) => {
    const r = await wli(['units', translation, '-q', 'context:action_settings', '--with', 'screenshots', '-f', 'json', '--fields', 'context,wli_screenshots'], {
      env: { WLI_URL: local.url },
    });
    expect([r.code, r.stderr]).toEqual([0, '']);
    return (parseJson(r.stdout) as { wli_screenshots: { name: string }[] }[]).map((x) => x.wli_screenshots.map((s) => s.name));
  };
  it('a cs string is on the source screenshot and on the cs one; a de string only on the source one', async () => {
    expect(await shots('demo/android/cs')).toEqual([['Main menu', 'Hlavní nabídka']]);
    expect(await shots('demo/android/de')).toEqual([['Main menu']]);
    expect(await shots('demo/android/en')).toEqual([['Main menu']]);
  });
});

describe('a category (issue 49.8: it was "no component \'docs\'", exit 5)', () => {
  it("lists the screenshots of every component inside it, asking each component's list", async () => {
    const before = fake.requests.length;
    const r = await wli(['screenshots', 'demo/docs', '-f', 'json'], { env });
    expect([r.code, r.stderr, r.stdout]).toEqual([0, '', '[]\n']);
    const asked = paths(before).filter((u) => u.includes('/screenshots/'));
    // demo/docs read as a component first (404), then each component inside the category.
    expect(asked).toHaveLength(3);
    expect(asked.filter((u) => /docs(%2F|\/)(guide|api(%2F|\/)reference)\/screenshots\//.test(u))).toHaveLength(2);
  });
});
