// Issue 45: pull writes only what Weblate's own rule would write, in a layout the repository pins. The
// first pull into DIR records each component's layout (server, filemask, template, intermediate,
// new_base, source language) in DIR, in the record of layouts (LAYOUT_FILE); a later server that names another one is refused
// (exit 1, the component and both layouts named, nothing of it written) until --accept-layout, which
// records it; --check reports it as drift (exit 3); a dry run and a check write no record. The rule on
// plain values is test/placement.test.ts's; the hostile names under faults are test/fault-matrix.test.ts's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { wliIn } from './support/run.js';

let fake: FakeWeblate;
let dir: string;
let cache: string;

beforeAll(async () => {
  fake = await startFakeWeblate({});
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-layout-'));
  cache = mkdtempSync(join(tmpdir(), 'wli-layout-cache-'));
  fake.filenames(null);
  fake.componentFiles(null);
  fake.languageCodes(null);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  };
});

const RECORD = 'wli-layout.json';
const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
// A token: the many runs here stay within its rate limit (an anonymous client's is 100 requests).
const pull = (args: string[], server = fake) =>
  wliIn(['pull', ...args], { env: { WLI_URL: server.url, WLI_TOKEN: 'layout-token', XDG_CACHE_HOME: cache }, cwd: dir });
const record = () => readFileSync(join(dir, RECORD), 'utf8');
const since = (n: number, server = fake) => server.requests.slice(n);
const fileRequests = (rs: readonly RecordedRequest[]) => rs.filter((q) => q.path.endsWith('/file/')).map((q) => q.path);
const base = (server: FakeWeblate) => `${server.url.replace(/\/(api\/)?$/, '')}/api/`;

/** The record as pull writes it: keys sorted, two spaces, every field, a final newline. */
function expectedRecord(server: FakeWeblate, template = 'app/src/main/res/values/strings.xml'): string {
  const layout = (filemask: string, tmpl: string) => ({
    filemask,
    intermediate: '',
    new_base: '',
    server: base(server),
    source_language: 'en',
    template: tmpl,
  });
  return `${JSON.stringify(
    {
      about:
        "Where wli pull writes each component's files, recorded at its first pull into this directory. Commit it and review a change as you would a lock file: a server that names another layout is refused until wli pull --accept-layout.",
      components: {
        'demo/android': layout('app/src/main/res/values-*/strings.xml', template),
        'demo/docs/guide': layout('docs/*/guide.md', 'docs/en/guide.md'),
      },
      version: 1,
    },
    null,
    2,
  )}\n`;
}

describe('the record of layouts', () => {
  it('the first pull records each component it writes a file of, in wli-layout.json in DIR (sorted, indented); a dry run and a check record nothing', async () => {
    for (const mode of [['--dry-run'], ['--check']]) {
      const r = await pull(['demo/android', 'demo/docs/guide', ...mode]);
      expect(r.code, r.stderr).toBe(mode[0] === '--check' ? 3 : 0);
      expect(existsSync(join(dir, RECORD)), mode[0]).toBe(false);
    }
    const r = await pull(['demo/android', 'demo/docs/guide']);
    expect(r.code, r.stderr).toBe(0);
    expect(record()).toBe(expectedRecord(fake));
    // A file to commit: readable by all (as the umask lets it), not wli's private 0600.
    expect(statSync(join(dir, RECORD)).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(readdirSync(dir).filter((f) => f.includes('.wli-'))).toEqual([]);
    // The same layout again: the record left as it was (same inode, same bytes).
    const before = statSync(join(dir, RECORD));
    const again = await pull(['demo/android', 'demo/docs/guide']);
    expect(again.code, again.stderr).toBe(0);
    expect(statSync(join(dir, RECORD)).ino).toBe(before.ino);
    expect(record()).toBe(expectedRecord(fake));
  });

  it('a run that writes no file (every one failing) records nothing; a component of no file written is not recorded', async () => {
    // Android's four files, each answered 404 once (not retried).
    fake.fault((q) => q.path.endsWith('/file/'), { kind: 'status', status: 404 }, 4);
    const r = await pull(['demo/android', '--dir', 'out']);
    expect(r.code, r.stderr).toBe(5);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('a record that is not one (a merge conflict) is a usage error before any request; one that cannot be read, exit 7', async () => {
    writeFileSync(join(dir, RECORD), '<<<<<<< HEAD\n{}\n=======\n');
    const n = fake.requests.length;
    const r = await pull(['demo/android']);
    expect([r.code, r.stderr]).toEqual([
      2,
      "wli: wli-layout.json is not wli's record of component layouts (not JSON)\nhint: repair it (a merge conflict?) from version control, or remove it: the next pull records the server's layout again\n",
    ]);
    expect(since(n)).toEqual([]);
    rmSync(join(dir, RECORD));
    mkdirSync(join(dir, RECORD));
    const unreadable = await pull(['demo/android']);
    expect([unreadable.code, unreadable.stderr.split('\n')[0]]).toEqual([7, 'wli: cannot read wli-layout.json: it is a directory (EISDIR)']);
  });

  it('written whole or not at all: a temporary file renamed into place (a hard link to the old record keeps the old bytes)', async () => {
    expect((await pull(['demo/android', 'demo/docs/guide'])).code).toBe(0);
    linkSync(join(dir, RECORD), join(dir, 'old-record.json'));
    fake.componentFiles({ 'demo/android': { template: 'app/src/main/res/values-en/strings.xml' } });
    const r = await pull(['demo/android', 'demo/docs/guide', '--accept-layout']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'old-record.json'), 'utf8')).toBe(expectedRecord(fake));
    expect(record()).toBe(expectedRecord(fake, 'app/src/main/res/values-en/strings.xml'));
    expect(readdirSync(dir).filter((f) => f.includes('.wli-'))).toEqual([]);
  });
});

describe('a server that names another layout', () => {
  const REFUSED =
    'the server names another layout for demo/android than wli-layout.json records: template package.json (recorded: app/src/main/res/values/strings.xml); review it, then --accept-layout takes it';

  it('is refused: exit 1, the component and both layouts named, nothing of it written or asked for; the other components are written', async () => {
    expect((await pull(['demo/android', 'demo/docs/guide'])).code).toBe(0);
    for (const l of ['ar', 'cs', 'de', 'ja']) writeFileSync(join(dir, ANDROID(l)), `kept ${l}\n`);
    rmSync(join(dir, 'docs/cs/guide.md'));
    fake.componentFiles({ 'demo/android': { template: 'package.json' } });
    const n = fake.requests.length;
    const r = await pull(['demo/android', 'demo/docs/guide']);
    expect(r.code, r.stderr).toBe(1);
    for (const l of ['ar', 'cs', 'de', 'ja']) {
      expect(r.stderr).toContain(`wli: not written: ${ANDROID(l)} (demo/android/${l}): ${REFUSED}\n`);
      expect(readFileSync(join(dir, ANDROID(l)), 'utf8')).toBe(`kept ${l}\n`);
    }
    expect(r.stderr).toContain('wli: created docs/cs/guide.md (');
    expect(fileRequests(since(n))).toEqual(['/api/translations/demo/docs%2Fguide/cs/file/']);
    expect(record()).toBe(expectedRecord(fake));
  });

  it('another server (another address) is another layout too', async () => {
    expect((await pull(['demo/android/cs'])).code).toBe(0);
    const other = await startFakeWeblate({});
    try {
      const n = other.requests.length;
      const r = await pull(['demo/android/cs'], other);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `wli: not written: ${ANDROID('cs')} (demo/android/cs): the server names another layout for demo/android than wli-layout.json records: server ${base(other)} (recorded: ${base(fake)}); review it, then --accept-layout takes it\n`,
      );
      expect(fileRequests(since(n, other))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('--check reports it as drift (exit 3), naming both layouts, asking for none of its files; -f github annotates it', async () => {
    expect((await pull(['demo/android', 'demo/docs/guide'])).code).toBe(0);
    fake.componentFiles({ 'demo/android': { template: 'package.json' } });
    const n = fake.requests.length;
    const r = await pull(['demo/android', 'demo/docs/guide', '--check']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      `wli: differs: ${ANDROID('cs')} (demo/android/cs): the server names another layout for demo/android than wli-layout.json records: template package.json (recorded: app/src/main/res/values/strings.xml); wli pull --accept-layout takes it\n`,
    );
    expect(r.stderr).toMatch(
      /wli: check, nothing written\. 7 translations: 1 same, 4 differ, 0 missing, 2 skipped, 0 failed\nwli: 4 files are of a component whose layout is not the recorded one: review it, then wli pull --accept-layout records it\n$/,
    );
    expect(fileRequests(since(n))).toEqual(['/api/translations/demo/docs%2Fguide/cs/file/']);
    const github = await pull(['demo/android/cs', '--check', '-f', 'github']);
    expect(github.code).toBe(3);
    expect(github.stdout).toContain(`::error title=demo/android/cs%3A its component's layout changed::${ANDROID('cs')}: the server names another layout`);
  });

  it('--accept-layout takes it: the files written by the new layout, the record updated; not with --check (exit 2)', async () => {
    expect((await pull(['demo/android', 'demo/docs/guide'])).code).toBe(0);
    fake.componentFiles({ 'demo/android': { filemask: 'res/*.xml', template: 'res/en.xml' } });
    fake.filenames(Object.fromEntries(['ar', 'cs', 'de', 'ja'].map((l) => [`demo/android/${l}`, `res/${l}.xml`])));
    const refused = await pull(['demo/android']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'filemask res/*.xml (recorded: app/src/main/res/values-*/strings.xml), template res/en.xml (recorded: app/src/main/res/values/strings.xml)',
    );
    const check = await pull(['demo/android', '--check', '--accept-layout']);
    expect(check.code).toBe(2);
    expect(check.stderr).toMatch(/^wli: --check and --accept-layout do not go together/);
    const dry = await pull(['demo/android', '--accept-layout', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(record()).toBe(expectedRecord(fake));
    const accepted = await pull(['demo/android', '--accept-layout']);
    expect(accepted.code, accepted.stderr).toBe(0);
    for (const l of ['ar', 'cs', 'de', 'ja']) expect(accepted.stderr).toContain(`wli: created res/${l}.xml (`);
    const taken = JSON.parse(record()) as { components: Record<string, Record<string, string>> };
    expect(taken.components['demo/android']).toEqual({
      filemask: 'res/*.xml',
      intermediate: '',
      new_base: '',
      server: base(fake),
      source_language: 'en',
      template: 'res/en.xml',
    });
    // The other component recorded before stays as it was.
    expect(taken.components['demo/docs/guide']!.filemask).toBe('docs/*/guide.md');
    expect((await pull(['demo/android'])).code).toBe(0);
  });
});

describe('Weblate’s rule, end to end', () => {
  it('a filemask "*" with the language code gradlew: refused, gradlew kept with its bytes and executable bit', async () => {
    writeFileSync(join(dir, 'gradlew'), '#!/bin/sh\nexec java "$@"\n');
    chmodSync(join(dir, 'gradlew'), 0o755);
    fake.componentFiles({ 'demo/android': { filemask: '*', template: '' } });
    fake.languageCodes({ 'demo/android/cs': 'gradlew' });
    fake.filenames({ 'demo/android/cs': 'gradlew' });
    const n = fake.requests.length;
    const r = await pull(['demo/android/cs']);
    expect([r.code, r.stderr]).toEqual([
      1,
      "wli: not written: gradlew (demo/android/cs): its component's filemask (*) names any file of its folder (a bare *): no file of it is written\n" +
        'wli: 1 translation: 0 created, 0 updated, 0 unchanged, 0 skipped, 1 failed\n',
    ]);
    expect(readFileSync(join(dir, 'gradlew'), 'utf8')).toBe('#!/bin/sh\nexec java "$@"\n');
    expect(statSync(join(dir, 'gradlew')).mode & 0o777).toBe(0o755);
    expect(fileRequests(since(n))).toEqual([]);
    expect(existsSync(join(dir, RECORD))).toBe(false);
  });

  it('the filename is the filemask with the language code as the file names it (language_code: pt-rBR, b+sr+Latn), not another', async () => {
    fake.languageCodes({ 'demo/android/cs': 'b+cs+Latn' });
    fake.filenames({ 'demo/android/cs': ANDROID('b+cs+Latn'), 'demo/android/de': ANDROID('fr') });
    const r = await pull(['demo/android/cs', 'demo/android/de']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`wli: created ${ANDROID('b+cs+Latn')} (`);
    expect(r.stderr).toContain(
      `wli: not written: ${ANDROID('fr')} (demo/android/de): the server's filename is not the one Weblate's rule gives this translation (${ANDROID('de')}: filemask app/src/main/res/values-*/strings.xml; template app/src/main/res/values/strings.xml, * as de)\n`,
    );
    fake.languageCodes({ 'demo/android/cs': 'c..s' });
    fake.filenames({ 'demo/android/cs': ANDROID('c..s') });
    const bad = await pull(['demo/android/cs']);
    expect(bad.stderr).toContain(
      `wli: not written: ${ANDROID('c..s')} (demo/android/cs): its language code (c..s) is not one Weblate writes into a file name, so its file has no place\n`,
    );
  });
});
