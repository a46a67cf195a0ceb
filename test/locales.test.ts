// Issue 39, part 4: language lists for build configurations (wli locales), against the fake's apps
// project (fr, pt_BR, sr_Latn, zh_Hant; apps/mobile's files in Android's codes), and the code forms
// as a table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { DEAD_URL, ROOT, wli } from './support/run.js';
import { runShell, shimDir } from './support/shell.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { androidCode, appleCode, bcp47Code, localeList, posixCode } from '../src/weblate/locales.js';
import { parseJson } from '../src/codec/json.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ apps: true });
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

describe('code forms (Weblate weblate/formats/base.py rules)', () => {
  it.each([
    // code, bcp47, posix, android, apple
    ['cs', 'cs', 'cs', 'cs', 'cs.lproj'],
    ['pt_BR', 'pt-BR', 'pt_BR', 'pt-rBR', 'pt-BR.lproj'],
    ['sr_Latn', 'sr-Latn', 'sr_Latn', 'b+sr+Latn', 'sr-Latn.lproj'],
    ['sr@latin', 'sr-Latn', 'sr@latin', 'b+sr+Latn', 'sr-Latn.lproj'],
    ['zh_Hant', 'zh-Hant', 'zh_Hant', 'zh-rTW', 'zh-Hant.lproj'],
    ['zh_Hans', 'zh-Hans', 'zh_Hans', 'zh-rCN', 'zh-Hans.lproj'],
    ['zh_Hant_HK', 'zh-Hant-HK', 'zh_Hant_HK', 'zh-rHK', 'zh-Hant-HK.lproj'],
    ['sr_Latn_RS', 'sr-Latn-RS', 'sr_Latn_RS', 'b+sr+Latn+RS', 'sr-Latn-RS.lproj'],
    ['he', 'he', 'he', 'iw', 'he.lproj'],
    ['id', 'id', 'id', 'in', 'id.lproj'],
    ['en-GB', 'en-GB', 'en_GB', 'en-rGB', 'en-GB.lproj'],
    ['es_419', 'es-419', 'es_419', 'b+es+419', 'es-419.lproj'],
  ])('%s', (code, bcp, posix, android, apple) => {
    expect(bcp47Code(code)).toBe(bcp);
    expect(posixCode(code)).toBe(posix);
    expect(androidCode(code)).toBe(android);
    expect(appleCode(code)).toBe(apple);
  });

  it('json is one array of BCP 47 tags; an empty list is []', () => {
    expect(localeList([{ code: 'sr_Latn', fileCode: 'b+sr+Latn' }], 'json')).toBe('[\n  "sr-Latn"\n]\n');
    expect(localeList([], 'json')).toBe('[]\n');
    expect(localeList([], 'linguas')).toBe('');
  });
});

describe('wli locales', () => {
  it.each([
    ['bcp47', 'fr\npt-BR\nsr-Latn\nzh-Hant\n'],
    ['posix', 'fr\npt_BR\nsr_Latn\nzh_Hant\n'],
    ['android', 'values-fr\nvalues-pt-rBR\nvalues-b+sr+Latn\nvalues-zh-rTW\n'],
    ['apple', 'fr.lproj\npt-BR.lproj\nsr-Latn.lproj\nzh-Hant.lproj\n'],
    // The code its files use: the component's language_code_style (android) applied by the server.
    ['linguas', 'fr\npt-rBR\nb+sr+Latn\nzh-rTW\n'],
    ['json', '[\n  "fr",\n  "pt-BR",\n  "sr-Latn",\n  "zh-Hant"\n]\n'],
  ])('--as %s prints each language of the component in that form, sorted by code, the source left out', async (form, out) => {
    const before = fake.requests.length;
    const r = await wli(['locales', 'apps/mobile', '--as', form], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(out);
    // One list: the component's translations.
    expect(fake.requests.slice(before).map((q) => q.path)).toEqual(['/api/components/apps/mobile/translations/']);
  });

  it('--as linguas of a gettext component is its catalogues, po/<code>.po, at or above --min-percent', async () => {
    const r = await wli(['locales', 'apps/desktop', '--as', 'linguas', '--min-percent', '50'], { env });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('fr\npt_BR\nsr_Latn\n');
    const all = await wli(['locales', 'apps/desktop', '--as', 'linguas', '--min-percent', '75%'], { env });
    expect(all.stdout).toBe('fr\nsr_Latn\n');
  });

  it("a language with no strings is kept by --min-percent as Weblate's 100 %, said on stderr; --empty-incomplete leaves it out (issue 49.11)", async () => {
    const kept = await wli(['locales', 'demo/android', '--as', 'bcp47', '--min-percent', '80'], { env });
    expect([kept.code, kept.stdout, kept.stderr]).toEqual([
      0,
      'ja\n',
      'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n',
    ]);
    const left = await wli(['locales', 'demo/android', '--as', 'bcp47', '--min-percent', '80', '--empty-incomplete'], { env });
    expect([left.code, left.stdout, left.stderr]).toEqual([0, '', 'wli: warning: no language is at least 80% translated\n']);
  });

  it('--source adds the source language', async () => {
    const r = await wli(['locales', 'apps/mobile', '--as', 'bcp47', '--source', '--min-percent', '100'], { env });
    expect(r.stdout).toBe('en\nfr\n');
  });

  it('a project: its languages, the source of every component left out', async () => {
    const r = await wli(['locales', 'apps', '--as', 'android', '--min-percent', '50'], { env });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('values-fr\nvalues-pt-rBR\nvalues-b+sr+Latn\n');
  });

  it('without --as: one row per language with every form, in any data format', async () => {
    const r = await wli(['locales', 'apps/mobile', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Record<string, unknown>[];
    expect(rows.map((x) => x.wli_target)).toEqual(['apps/mobile/fr', 'apps/mobile/pt_BR', 'apps/mobile/sr_Latn', 'apps/mobile/zh_Hant']);
    expect(rows[2]).toMatchObject({
      code: 'sr_Latn',
      file_code: 'b+sr+Latn',
      bcp47: 'sr-Latn',
      posix: 'sr_Latn',
      android: 'values-b+sr+Latn',
      apple: 'sr-Latn.lproj',
    });
    const table = await wli(['locales', 'apps/mobile'], { env });
    expect(table.stdout).toContain('values-b+sr+Latn');
    const csv = await wli(['locales', 'apps/mobile', '--min-percent', '100', '-f', 'csv', '--fields', 'code,android'], { env });
    expect(csv.stdout).toBe('code,android\r\nfr,values-fr\r\n');
  });

  it('an empty list prints nothing (json: []) and says why, exit 0', async () => {
    const r = await wli(['locales', 'demo/android', '--min-percent', '100', '--as', 'linguas'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ja\n');
    const none = await wli(['locales', 'demo/docs/guide', '--min-percent', '100', '--as', 'json'], { env });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('[]\n');
    expect(none.stderr).toContain('no language is at least 100% translated');
  });

  it.each([
    [['locales', 'apps/mobile', '--as', 'andriod'], 2, /did you mean: android/],
    [['locales', 'apps/mobile', '--as', 'linguas', '-f', 'json'], 2, /-f\/--format and --fields do not apply/],
    [['locales', 'apps/mobile', '--min-percent', '101'], 2, /percentage from 0 to 100/],
    [['locales', 'apps/mobil'], 5, /did you mean: mobile/],
    [['locales', 'apps/mobile/fr'], 2, /is a translation.*\n.*wli locales apps\/mobile/],
  ])('%j exits %i', async (args, code, err) => {
    const r = await wli(args, { env });
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(err);
  });
});

describe("a translation's language is language.code, not the file's language_code", () => {
  it('pull and ls of a component whose files use other codes name translations wli takes back', async () => {
    // pull read language_code first: apps/mobile/b+sr+Latn, a target no URL takes.
    const pull = await wli(['pull', 'apps/mobile', '--dry-run', '--dir', 'unused', '-f', 'jsonl', '--fields', 'wli_target'], { env });
    expect(pull.code).toBe(0);
    expect(pull.stdout).toContain('{"wli_target":"apps/mobile/sr_Latn"}');
    expect(pull.stdout).not.toContain('b+sr+Latn');
    const r = await wli(['ls', 'apps/mobile', '-f', 'jsonl', '--fields', 'wli_target,language_code'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('{"wli_target":"apps/mobile/sr_Latn","language_code":"b+sr+Latn"}');
    const back = await wli(['translation', 'apps/mobile/sr_Latn', '-f', 'json', '--fields', 'language_code'], { env });
    expect(back.code).toBe(0);
  });
});

describe("docs/ci.md's recipe: a LINGUAS file and an Android locales_config.xml", () => {
  const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Language lists for the build'));
  const scripts = [...section.slice(0, section.indexOf('\n## ')).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const asRun = (script: string) =>
    script.replaceAll('my/desktop', 'apps/desktop').replaceAll('my/android', 'apps/mobile').replaceAll('--min-percent 80', '--min-percent 50');

  it('writes both files as the build reads them, and leaves LINGUAS as it was when the server fails', async () => {
    expect(scripts).toHaveLength(2);
    const bin = shimDir();
    const checkout = mkdtempSync(join(tmpdir(), 'wli-locales-recipe-'));
    try {
      writeFileSync(join(checkout, 'placeholder'), '');
      const run = (script: string, url = fake.url) => runShell(asRun(script), { cwd: checkout, env: { WLI_URL: url }, bin: bin.dir });
      await run('mkdir -p po');
      const linguas = await run(scripts[0]!);
      expect(linguas.stderr).toBe('');
      expect(linguas.status).toBe(0);
      expect(readFileSync(join(checkout, 'po/LINGUAS'), 'utf8')).toBe('fr\npt_BR\nsr_Latn\n');
      const android = await run(scripts[1]!);
      expect(android.status).toBe(0);
      expect(readFileSync(join(checkout, 'app/src/main/res/xml/locales_config.xml'), 'utf8')).toBe(
        [
          '<?xml version="1.0" encoding="utf-8"?>',
          '<locale-config xmlns:android="http://schemas.android.com/apk/res/android">',
          '    <locale android:name="en"/>',
          '    <locale android:name="fr"/>',
          '    <locale android:name="pt-BR"/>',
          '    <locale android:name="sr-Latn"/>',
          '</locale-config>',
          '',
        ].join('\n'),
      );
      const failed = await run(scripts[0]!, DEAD_URL);
      expect(failed.status).not.toBe(0);
      expect(readFileSync(join(checkout, 'po/LINGUAS'), 'utf8')).toBe('fr\npt_BR\nsr_Latn\n');
    } finally {
      bin.remove();
      rmSync(checkout, { recursive: true, force: true });
    }
  });
});

describe('a category (issue 49.8: it was "no component \'docs\'", exit 5)', () => {
  it('lists the languages of the components inside it, each once, their counts summed', async () => {
    const before = fake.requests.length;
    const r = await wli(['locales', 'demo/docs', '--source', '-f', 'json'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = parseJson(r.stdout) as Record<string, unknown>[];
    expect(rows.map((x) => [x.code, x.is_source, x.wli_target])).toEqual([
      ['cs', false, 'demo/docs'],
      ['en', true, 'demo/docs'],
    ]);
    const asked = fake.requests.slice(before).map((q) => decodeURIComponent(q.url));
    expect(asked.some((u) => u.includes('/components/demo/docs%2Fguide/translations/') || u.includes('/components/demo/docs/guide/translations/'))).toBe(true);
    expect((await wli(['locales', 'demo/docs', '--as', 'posix'], { env })).stdout).toBe('cs\n');
  });
});
