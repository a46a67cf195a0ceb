// Issue 19, wli download end to end: exact bytes (text and zip), files written whole or not at all,
// conditional requests and 304, safe names from hostile servers, usage errors before any request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_LAST_MODIFIED, fakeFileBytes, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn, wliCommand } from './support/run.js';
import { onPty } from './support/pty.js';
import { spawn } from 'node:child_process';
import { baseEnv } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let dir: string;

beforeAll(async () => {
  fake = await startFakeWeblate({});
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-dl-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const fileRequests = () => fake.requests.filter((r) => r.path.endsWith('/file/'));

/** stdout as bytes: run.ts collects text, so the CLI runs here with a Buffer collector. */
function wliBytes(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(...wliCommand(args), { env: baseEnv(env), cwd: dir });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr: err }));
  });
}

describe('wli download', () => {
  it("writes a translation file byte for byte with -o, its time now, never the server's Last-Modified (make must see it new)", async () => {
    // A file written just before the run: the saved file's time is not older (the same clock, the file system's).
    writeFileSync(join(dir, 'before'), '');
    const r = await wli(['download', 'demo/android/cs', '-o', join(dir, 'cs.po')], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/saved .*cs\.po \(\d+ bytes\)/);
    expect(readFileSync(join(dir, 'cs.po')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    const mtime = statSync(join(dir, 'cs.po')).mtimeMs;
    expect(mtime).not.toBe(Date.parse(FILE_LAST_MODIFIED));
    expect(mtime).toBeGreaterThanOrEqual(statSync(join(dir, 'before')).mtimeMs);
    expect(readdirSync(dir).sort()).toEqual(['before', 'cs.po']);
  });

  it('sends the bytes to stdout when it is not a terminal (text and zip, exact)', async () => {
    const t = await wliBytes(['download', 'demo/android/cs']);
    expect(t.code).toBe(0);
    expect(t.stdout.equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    const z = await wliBytes(['download', 'demo/android']);
    expect(z.code).toBe(0);
    expect(z.stdout.equals(fakeFileBytes('demo/android', true, null))).toBe(true);
  });

  it("on a terminal, never shows the bytes: saves under the server's name in the current directory", async () => {
    const r = await wliIn(['download', 'demo/android/cs'], { env, cwd: dir, tty: true, columns: 80 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/saved demo-android-cs.xml \(\d+ bytes\)/);
    expect(readFileSync(join(dir, 'demo-android-cs.xml')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
  });

  it('Ctrl-C half-way leaves the previous file and no temporary file (exit 130)', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    const stop = new AbortController();
    fake.fault('/file/', { kind: 'stallBody' });
    const n = fake.requests.length;
    const run = wliIn(['download', 'demo/android/cs', '-o', f, '--force'], { env, cwd: dir, signal: stop.signal });
    // Abort once the server has the file's request (its body stalls half-way).
    await fake.whenRequests((requests) => requests.slice(n).some((q) => q.path.endsWith('/file/')));
    stop.abort();
    const r = await run;
    expect(r.code).toBe(130);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['cs.po']);
  });

  it("saves a component zip into a directory under the server's name", async () => {
    const r = await wli(['download', 'demo/android', '-o', `${dir}/`], { env, cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'demo-android.zip')).equals(fakeFileBytes('demo/android', true, null))).toBe(true);
  });

  it('asks If-Modified-Since only for a file the record proves, and leaves it untouched on 304 (same inode and mtime)', async () => {
    const f = join(dir, 'cs.po');
    await wli(['download', 'demo/android/cs', '-o', f], { env });
    const before = statSync(f);
    const sentAt = (n: number) => fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!;
    let n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '-o', f], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/cs\.po: unchanged/);
    const after = statSync(f);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(sentAt(n).headers['if-modified-since']).toBe(FILE_LAST_MODIFIED);
    // --force asks unconditionally; bytes equal to the file's leave it untouched all the same.
    n = fake.requests.length;
    const forced = await wli(['download', 'demo/android/cs', '-o', f, '--force'], { env });
    expect([forced.code, forced.stderr]).toEqual([0, `wli: ${f}: unchanged\n`]);
    expect(sentAt(n).headers['if-modified-since']).toBeUndefined();
    expect(statSync(f).ino).toBe(before.ino);
  });

  it('never stale (issue 25): an edited file, or one newer than the server, is not proven: asked for whole and brought back', async () => {
    const f = join(dir, 'cs.po');
    await wli(['download', 'demo/android/cs', '-o', f], { env });
    const good = readFileSync(f);
    // Other bytes, and a modification time after the server's Last-Modified (what an mtime rule trusted).
    writeFileSync(f, 'edited locally\n');
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '-o', f], { env });
    expect([r.code, r.stderr]).toEqual([0, `wli: saved ${f} (${good.length} bytes)\n`]);
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBeUndefined();
    expect(readFileSync(f).equals(good)).toBe(true);
  });

  it('a --convert file never proves the unconverted one (nor the other way round)', async () => {
    const f = join(dir, 'cs.file');
    await wli(['download', 'demo/android/cs', '--convert', 'po', '-o', f], { env });
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '-o', f], { env });
    expect(r.code).toBe(0);
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBeUndefined();
    expect(readFileSync(f).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
  });

  it('asks the server to convert (format=…, zip:… for a component) and passes -q', async () => {
    const n = fake.requests.length;
    await wliBytes(['download', 'demo/android/cs', '--convert', 'xliff', '-q', 'state:translated']);
    await wliBytes(['download', 'demo/android', '--convert', 'po']);
    const qs = fake.requests
      .slice(n)
      .filter((q) => q.path.endsWith('/file/'))
      .map((q) => q.query.toString());
    expect(qs).toEqual(['format=xliff&q=state%3Atranslated', 'format=zip%3Apo']);
  });

  it('a -q download is conditional only on a record of that same query: the file depends on it, not only on Last-Modified', async () => {
    const f = join(dir, 'cs.po');
    await wli(['download', 'demo/android/cs', '--convert', 'po', '-o', f], { env });
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '--convert', 'po', '-q', 'state:translated', '-o', f], { env });
    expect(r.code).toBe(0);
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBeUndefined();
    const again = fake.requests.length;
    await wli(['download', 'demo/android/cs', '--convert', 'po', '-q', 'state:translated', '-o', f], { env });
    expect(fake.requests.slice(again).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBe(FILE_LAST_MODIFIED);
  });

  it('-q without --convert is a usage error before any request', async () => {
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '-q', 'x'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --convert/);
    expect(fake.requests.length).toBe(n);
  });

  it("an unknown conversion is refused before any request (exit 2), naming Weblate's exporters and their releases", async () => {
    const n = fake.requests.length;
    for (const [target, convert] of [
      ['demo/android/cs', 'nope'],
      ['demo/android', 'zip:nope'],
      ['demo/android', 'xlif'],
    ]) {
      const r = await wli(['download', target!, '--convert', convert!, '-o', `${dir}/`], { env });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(new RegExp(`^wli: invalid --convert '${convert}'\\nhint: `));
      expect(r.stderr).toMatch(convert === 'xlif' ? /did you mean: xliff/ : /json-nested \(5\.3\+\), csv-multi \(5\.14\+\)/);
    }
    expect(fake.requests.length).toBe(n);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a connection cut half-way leaves the previous file as it was and no temporary file', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault('/file/', { kind: 'truncate' });
    const r = await wli(['download', 'demo/android/cs', '-o', f, '--force', '--retries', '0'], { env });
    expect(r.code).not.toBe(0);
    expect(readFileSync(f, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['cs.po']);
  });
});

describe('issue 24: -o -, both zip spellings, the default target', () => {
  it('-o - writes to stdout, as in curl and wget: the bytes exact, no file named -', async () => {
    const r = await wliBytes(['download', 'demo/android/cs', '-o', '-']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    const z = await wliBytes(['download', 'demo/android', '-o', '-']);
    expect(z.stdout.equals(fakeFileBytes('demo/android', true, null))).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('-o - on a terminal is refused before the request (exit 2): raw bytes never go to a terminal', async () => {
    const n = fileRequests().length;
    const r = await wliIn(['download', 'demo/android/cs', '-o', '-'], { env, cwd: dir, tty: true, columns: 80 });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      'wli: -o - writes the file to standard output, and standard output is a terminal\nhint: pipe it (| less) or redirect it (> FILE); or name a file or a directory with -o\n',
    );
    expect(fileRequests().length).toBe(n);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a zip converted: --convert po and --convert zip:po both ask format=zip:po (component and project)', async () => {
    const n = fake.requests.length;
    for (const convert of ['po', 'zip:po']) {
      for (const target of ['demo/android', 'demo']) {
        const r = await wliBytes(['download', target, '--convert', convert]);
        expect([target, convert, r.code, r.stderr]).toEqual([target, convert, 0, '']);
        expect(r.stdout.equals(fakeFileBytes(target, true, 'zip:po'))).toBe(true);
      }
    }
    const formats = fake.requests
      .slice(n)
      .filter((q) => q.path.endsWith('/file/'))
      .map((q) => q.query.get('format'));
    expect(formats).toEqual(['zip:po', 'zip:po', 'zip:po', 'zip:po']);
  });

  it('--help says one form for a zip, the format alone', async () => {
    const r = await wli(['download', '--help'], { env });
    expect(r.stdout).toContain('--convert po -o locale/');
    expect(r.stdout).not.toMatch(/zip:FORMAT/);
  });

  it('zip:po for a translation (one file, not a zip): the server refuses it, and the hint says --convert po', async () => {
    const r = await wli(['download', 'demo/android/cs', '--convert', 'zip:po'], { env, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: the server refused the download: .*\nhint: a translation is one file: --convert po/);
  });

  it("uses the project file's default target (.weblate translation =), like every command", async () => {
    writeFileSync(join(dir, '.weblate'), `[weblate]\nurl = ${fake.url}\ntranslation = demo/android/cs\n`);
    const r = await wli(['download', '-o', 'cs.po'], { env: {}, cwd: dir });
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', expect.stringMatching(/^wli: saved cs\.po \(\d+ bytes\)\n$/)]);
    expect(readFileSync(join(dir, 'cs.po')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
    expect(fileRequests().at(-1)!.path).toBe('/api/translations/demo/android/cs/file/');
  });

  it('no target and no default: a usage error that says where a default goes', async () => {
    const r = await wli(['download', '-o', 'cs.po'], { env, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: missing target\nhint: expected .*a default target \(translation = …\)/);
  });
});

describe('hostile Content-Disposition', () => {
  it.each([
    ['attachment; filename="../../x"', 'x'],
    // Node refuses raw control bytes in a header; RFC 5987 encoding carries them just the same.
    ["attachment; filename*=UTF-8''a%1B%5D0%3Bpwned%07b%E2%80%AE.po", 'a]0;pwnedb.po'],
    ['attachment; filename=".."', 'demo-android-cs.txt'],
  ])('%j is reduced to a safe base name', async (disposition, expected) => {
    const h = await startFakeWeblate({ fileDisposition: disposition });
    try {
      const r = await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect(r.code).toBe(0);
      expect(r.stderr).not.toContain('\u001b');
      expect(readdirSync(dir)).toEqual([expected]);
      expect(existsSync(join(dir, '..', 'x'))).toBe(false);
    } finally {
      await h.close();
    }
  });
});

describe('a server that names no usable file', () => {
  // Found by hand: the name then was always p-c-l.txt, beside the p-c-l.xml wli predicts and replaces.
  it("the name wli predicts: the conversion's extension, or the one file of that stem already there; .txt only when neither", async () => {
    const h = await startFakeWeblate({ fileDisposition: 'attachment; filename=".."' });
    try {
      const po = await wli(['download', 'demo/android/cs', '--convert', 'po', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect([po.code, readdirSync(dir)]).toEqual([0, ['demo-android-cs.po']]);
      rmSync(join(dir, 'demo-android-cs.po'));
      writeFileSync(join(dir, 'demo-android-cs.xml'), 'old');
      const kept = await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect([kept.code, readdirSync(dir)]).toEqual([0, ['demo-android-cs.xml']]);
      expect(readFileSync(join(dir, 'demo-android-cs.xml')).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true);
      const zip = await wli(['download', 'demo/android', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect(zip.code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(['demo-android-cs.xml', 'demo-android.zip']);
    } finally {
      await h.close();
    }
  });
});

describe("a file of the target's stem that is not its file", () => {
  // Found reading the change: the stem's one file was taken for the translation's own, so a server naming
  // it (or, since 8269e29, naming nothing) replaced a user's demo-android-cs.notes.txt.
  it.each([
    ['names nothing usable', 'attachment; filename=".."', 0, ['demo-android-cs.notes.txt', 'demo-android-cs.txt']],
    ['names that file', 'attachment; filename="demo-android-cs.notes.txt"', 7, ['demo-android-cs.notes.txt']],
  ])('a server that %s: the file is kept', async (_, disposition, code, after) => {
    const h = await startFakeWeblate({ fileDisposition: disposition });
    try {
      writeFileSync(join(dir, 'demo-android-cs.notes.txt'), 'mine');
      const r = await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect(r.code).toBe(code);
      expect(readFileSync(join(dir, 'demo-android-cs.notes.txt'), 'utf8')).toBe('mine');
      expect(readdirSync(dir).sort()).toEqual(after);
    } finally {
      await h.close();
    }
  });
});

describe("issue 46, item 6: Weblate's names, predicted", () => {
  it('a file as stored of a component in a category is p-<component slug>-l.ext (no category): asked conditionally the second time, unchanged', async () => {
    const first = await wli(['download', 'demo/docs/guide/cs', '-o', `${dir}/`], { env });
    expect([first.code, readdirSync(dir)]).toEqual([0, ['demo-guide-cs.md']]);
    const n = fake.requests.length;
    const again = await wli(['download', 'demo/docs/guide/cs', '-o', `${dir}/`], { env });
    expect([again.code, again.stderr]).toEqual([0, `wli: ${join(dir, 'demo-guide-cs.md')}: unchanged\n`]);
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBe(FILE_LAST_MODIFIED);
  });

  it.each([
    ['demo/docs/guide/cs', 'xliff', 'demo-docs-guide-cs.xlf'],
    ['demo/android/cs', 'xliff11', 'demo-android-cs.xlf'],
    ['demo/android/cs', 'aresource', 'demo-android-cs.xml'],
    ['demo/android/cs', 'json-nested', 'demo-android-cs.json'],
    ['demo/android/cs', 'csv-multi', 'demo-android-cs.csv'],
  ])("%s --convert %s is %s (categories joined, the exporter's extension): its own earlier file is asked for conditionally", async (target, convert, name) => {
    const first = await wli(['download', target, '--convert', convert, '-o', `${dir}/`], { env });
    expect([first.code, readdirSync(dir)]).toEqual([0, [name]]);
    const n = fake.requests.length;
    const again = await wli(['download', target, '--convert', convert, '-o', `${dir}/`], { env });
    expect([again.code, again.stderr]).toEqual([0, `wli: ${join(dir, name)}: unchanged\n`]);
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBe(FILE_LAST_MODIFIED);
  });

  it("a server that names nothing usable: the converted file still gets Weblate's name", async () => {
    const h = await startFakeWeblate({ fileDisposition: 'attachment; filename=".."' });
    try {
      const r = await wli(['download', 'demo/docs/guide/cs', '--convert', 'xliff', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect([r.code, readdirSync(dir)]).toEqual([0, ['demo-docs-guide-cs.xlf']]);
      const zip = await wli(['download', 'demo/docs/guide', '-o', `${dir}/`], { env: { WLI_URL: h.url } });
      expect([zip.code, readdirSync(dir).sort()]).toEqual([0, ['demo-docs-guide-cs.xlf', 'demo-docs-guide.zip']]);
    } finally {
      await h.close();
    }
  });

  it("a zip conversion the server has no exporter for (Weblate before 5.3: json-nested): its 404 'Not found.' is exit 2 naming the release", async () => {
    const old = await startFakeWeblate({
      errorEnvelope: 'modern',
      exporters: ['po', 'xliff', 'xliff11', 'tbx', 'tmx', 'mo', 'csv', 'xlsx', 'json', 'aresource', 'strings'],
    });
    try {
      const r = await wli(['download', 'demo/android', '--convert', 'json-nested', '-o', `${dir}/`], { env: { WLI_URL: old.url } });
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(
        /^wli: the server converts no zip of component 'demo\/android' to json-nested \(GET \S+\/components\/demo\/android\/file\/\?format=zip%3Ajson-nested: HTTP 404\): Weblate added that exporter in 5\.3\nhint: --convert po/,
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await old.close();
    }
  });
});

describe('gzip', () => {
  it.each([true, false])('server gzip %s: the file is the decoded bytes, exactly', async (gzip) => {
    const g = await startFakeWeblate({ fileGzip: gzip });
    try {
      const f = join(dir, 'big.po');
      const r = await wli(['download', 'demo/android', '-o', f], { env: { WLI_URL: g.url } });
      expect(r.code).toBe(0);
      expect(readFileSync(f).equals(fakeFileBytes('demo/android', true, null))).toBe(true);
      expect(g.requests.at(-1)!.headers['accept-encoding']).toBe('gzip');
    } finally {
      await g.close();
    }
  });
});

describe('targets, misses and permissions', () => {
  it('p/category/c downloads the zip of a component inside a category (after p/c/l misses)', async () => {
    const r = await wli(['download', 'demo/docs/guide', '-o', `${dir}/`], { env, cwd: dir });
    expect([r.code, r.stderr.replace(/\n$/, '')]).toEqual([0, expect.stringMatching(/^wli: saved .*\.zip \(\d+ bytes\)$/)]);
    // The translation reading misses on its object (read for its revision), the component's zip is asked for.
    const paths = fake.requests.slice(-2).map((q) => q.path);
    expect(paths).toEqual(['/api/translations/demo/docs/guide/', '/api/components/demo/docs%2Fguide/file/']);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a project download on a server before Weblate 5.5 (404) says which version is needed, exit 5', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault((q) => q.path === '/api/projects/demo/file/', { kind: 'status', status: 404, body: '{"detail":"Not found."}' }, Infinity);
      const r = await wli(['download', 'demo', '-o', `${dir}/`], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(
        /^wli: project 'demo' has no download \(GET \S+\/projects\/demo\/file\/: HTTP 404\): downloading a whole project needs Weblate 5\.5 or later\nhint: download its components one by one/,
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a translation that does not exist is a miss explained like any target, exit 5', async () => {
    const r = await wli(['download', 'demo/android/xx'], { env, cwd: dir });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no translation 'xx' of component 'demo\/android'/);
  });

  it('403: the permission hint and exit 4, nothing written', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault(
        (q) => q.path.endsWith('/file/'),
        { kind: 'status', status: 403, body: '{"detail":"You do not have permission to perform this action."}' },
        Infinity,
      );
      const r = await wli(['download', 'demo/android/cs', '-o', join(dir, 'cs.po')], { env: { WLI_URL: s.url, WLI_TOKEN: 'wlu_x' } });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/HTTP 403 Forbidden: You do not have permission to perform this action\.\nhint: the token is valid but lacks permission/);
      // Without a token the hint speaks of none (issue 49.4).
      const anonymous = await wli(['download', 'demo/android/cs', '-o', join(dir, 'cs.po')], { env: { WLI_URL: s.url } });
      expect(anonymous.code).toBe(4);
      expect(anonymous.stderr).toMatch(/\nhint: no token was sent, and anonymous requests may not see this: give a token of a user with permission/);
      expect(anonymous.stderr).not.toMatch(/the token is valid/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('into a directory, only what changed', () => {
  it('a zip has no revision to prove it by: asked for whole every time, and equal bytes leave it untouched', async () => {
    mkdirSync(join(dir, 'locale'));
    await wli(['download', 'demo/android', '-o', 'locale/'], { env, cwd: dir });
    const before = statSync(join(dir, 'locale', 'demo-android.zip'));
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android', '-o', 'locale/'], { env, cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, 'wli: locale/demo-android.zip: unchanged\n']);
    expect(fake.requests.slice(n).map((q) => [q.path, q.headers['if-modified-since']])).toEqual([['/api/components/demo/android/file/', undefined]]);
    const after = statSync(join(dir, 'locale', 'demo-android.zip'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it("a translation file: the one file Weblate's p-c-l.* names in the directory makes the request conditional", async () => {
    await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env });
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^demo-android-cs\./);
    const before = statSync(join(dir, name!));
    const n = fake.requests.length;
    const r = await wli(['download', 'demo/android/cs', '-o', `${dir}/`], { env });
    expect(fake.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBe(FILE_LAST_MODIFIED);
    expect([r.code, r.stderr]).toEqual([0, `wli: ${join(dir, name!)}: unchanged\n`]);
    const after = statSync(join(dir, name!));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(readdirSync(dir)).toEqual([name]);
  });
});

/** Resolves once `dir` holds a file whose name matches: on the directory's change events, never on a timer. */
function fileIn(dir: string, match: (name: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir);
    const check = () => {
      if (!readdirSync(dir).some(match)) return;
      watcher.close();
      resolve();
    };
    watcher.on('change', check);
    check();
  });
}

describe('a byte counter on a terminal', () => {
  it('counts the bytes on stderr while a download runs (and not when stderr is not a terminal)', async (ctx) => {
    const s = await startFakeWeblate();
    try {
      s.fault((q) => q.path.endsWith('/file/'), { kind: 'stallBody' });
      const pty = onPty(ctx, ['download', 'big/strings/xx', '-o', join(dir, 'xx.po'), '--url', s.url]);
      // Counted after decoding: a gzip-encoded body has no total to show (its Content-Length is compressed).
      await pty.waitFor(/bytes [\d,]+/);
      expect(pty.output).not.toMatch(/bytes [\d,]+\//);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toHaveLength(1);
      pty.type('\x03');
      expect((await pty.exit).code).toBe(130);
      expect(readdirSync(dir)).toEqual([]);
      s.fault((q) => q.path.endsWith('/file/'), { kind: 'stallBody' });
      const child = spawn(...wliCommand(['download', 'big/strings/xx', '-o', join(dir, 'xx.po')]), { env: baseEnv({ WLI_URL: s.url }) });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      await fileIn(dir, (f) => f.endsWith('.tmp'));
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('close', resolve));
      expect(stderr).toBe('wli: interrupted\n');
    } finally {
      await s.close();
    }
  });
});

describe('issue 28: saved the way pull saves', () => {
  const CS = fakeFileBytes('demo/android/cs', false, null);

  it('-o LINK writes the file the link names and keeps the link, as curl -o and wget -O do', async () => {
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'cs.po'), 'old');
    symlinkSync(join('real', 'cs.po'), join(dir, 'cs.po'));
    const r = await wli(['download', 'demo/android/cs', '-o', 'cs.po'], { env, cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, `wli: saved cs.po (${CS.length} bytes)\n`]);
    expect(lstatSync(join(dir, 'cs.po')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'cs.po')).equals(CS)).toBe(true);
    expect(readdirSync(join(dir, 'real'))).toEqual(['cs.po']);
  });

  it('a replaced file keeps its permissions (0755 stays)', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'old');
    chmodSync(f, 0o755);
    const r = await wli(['download', 'demo/android/cs', '-o', f], { env });
    expect(r.code).toBe(0);
    expect(readFileSync(f).equals(CS)).toBe(true);
    expect(statSync(f).mode & 0o777).toBe(0o755);
  });

  it('never stale: a file changed upstream (a new revision, Last-Modified as it was) arrives, though its record proves the old bytes', async () => {
    const s = await startFakeWeblate();
    const cache = mkdtempSync(join(tmpdir(), 'wli-dl-cache-'));
    try {
      const f = join(dir, 'cs.xml');
      const e = { WLI_URL: s.url, XDG_CACHE_HOME: cache };
      expect((await wli(['download', 'demo/android/cs', '-o', f], { env: e })).code).toBe(0);
      // Unchanged: the revision read (one small request), then a conditional request answered 304.
      let n = s.requests.length;
      expect((await wli(['download', 'demo/android/cs', '-o', f], { env: e })).stderr).toBe(`wli: ${f}: unchanged\n`);
      expect(s.requests.slice(n).map((q) => [q.path, q.headers['if-modified-since']])).toEqual([
        ['/api/translations/demo/android/cs/', undefined],
        ['/api/translations/demo/android/cs/file/', FILE_LAST_MODIFIED],
      ]);
      const changed = s.changeFile('demo/android/cs')!;
      n = s.requests.length;
      const r = await wli(['download', 'demo/android/cs', '-o', f], { env: e });
      expect([r.code, r.stderr]).toEqual([0, `wli: saved ${f} (${changed.length} bytes)\n`]);
      expect(readFileSync(f).equals(changed)).toBe(true);
      expect(s.requests.slice(n).find((q) => q.path.endsWith('/file/'))!.headers['if-modified-since']).toBeUndefined();
    } finally {
      await s.close();
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('a body that stalls after its first byte is asked for again and written whole (into a file)', async () => {
    const f = join(dir, 'cs.po');
    writeFileSync(f, 'previous');
    fake.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const n = fileRequests().length;
    const r = await wli(['download', 'demo/android/cs', '-o', f, '--timeout', '1', '--retries', '1'], { env });
    expect([r.code, r.stderr]).toEqual([0, `wli: saved ${f} (${CS.length} bytes)\n`]);
    expect(readFileSync(f).equals(CS)).toBe(true);
    expect(fileRequests().length - n).toBe(2);
    expect(readdirSync(dir)).toEqual(['cs.po']);
  });

  it('to stdout, a body that stalls after its first byte is not asked for again (stdout cannot take bytes back): exit 1', async () => {
    // Half of a large file reaches stdout at once, then the body stalls until --timeout.
    fake.fault((q) => q.path === '/api/translations/big/strings/xx/file/', { kind: 'stallBody' });
    const n = fileRequests().length;
    const r = await wliBytes(['download', 'big/strings/xx', '--retries', '3', '--timeout', '2']);
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeGreaterThan(0);
    // Issue 49.13: it said "timed out" alone, as if nothing had been written.
    expect(r.stderr).toBe(
      `wli: GET ${fake.url}translations/big/strings/xx/file/: timed out after 2s: stdout holds an incomplete file (${r.stdout.length} bytes written)\n` +
        'hint: the server is slow or unreachable; raise --timeout or retry later; with -o FILE a download is written whole or not at all\n',
    );
    expect(fileRequests().length - n).toBe(1);
  });

  it('a 304 to a request that was not conditional is the server’s error, to stdout too (never an empty file, exit 0)', async () => {
    fake.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'status', status: 304, body: '' });
    const r = await wliBytes(['download', 'demo/android/cs']);
    expect([r.code, r.stdout.length]).toEqual([1, 0]);
    expect(r.stderr).toMatch(/^wli: GET \S+\/cs\/file\/: 304 Not Modified to a request that was not conditional\n/);
  });
});
