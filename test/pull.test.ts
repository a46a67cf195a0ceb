// Issue 25, wli pull end to end: every translation file of a component or project at DIR/<its
// repository filename>, byte for byte; skips said once with their reason; never outside DIR; files
// written whole and left untouched when equal; never stale (a conditional request only on a file
// proven by the record of saved files); --dry-run; the report on stderr and the records with -f;
// failures of one file leave the others; the exit status of the first failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_LAST_MODIFIED, fakeFileBytes, startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { execFileSync } from 'node:child_process';
import { Agent, type Dispatcher } from 'undici';
import { ROOT, wli, wliIn } from './support/run.js';
import { onPty } from './support/pty.js';
import { runShell, shimDir } from './support/shell.js';

let fake: FakeWeblate;
let dir: string;
let cache: string;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({});
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-pull-'));
  cache = mkdtempSync(join(tmpdir(), 'wli-pull-cache-'));
  env = { WLI_URL: fake.url, XDG_CACHE_HOME: cache };
  fake.filenames(null);
  fake.rateLimit(null);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  };
});

const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
const bytesOf = (key: string) => fakeFileBytes(key, false, null);

/**
 * Every file under `root` (hidden ones too: a temporary file left behind shows) but the record of
 * layouts at its top (test/pull-layout.test.ts holds it), relative, sorted.
 */
function filesIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .filter((f) => f !== 'wli-layout.json')
    .sort();
}

/** The requests a run made, from the request count before it. */
const since = (n: number) => fake.requests.slice(n);
const files = (rs: RecordedRequest[]) => rs.filter((r) => r.path.endsWith('/file/'));

const pull = (args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) =>
  wliIn(['pull', ...args], { env: { ...env, ...opts.env }, cwd: opts.cwd ?? dir });

describe('targets', () => {
  it('a component: every translation but the source, at its repository path, byte for byte; the list read at page_size 1000', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        'wli: skipped demo/android/en: the source translation (--source pulls it)',
        ...['ar', 'cs', 'de', 'ja'].map((l) => `wli: created ${ANDROID(l)} (${bytesOf(`demo/android/${l}`).length} bytes)`),
        'wli: 5 translations: 4 created, 0 updated, 0 unchanged, 1 skipped, 0 failed',
        '',
      ].join('\n'),
    );
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
    for (const l of ['ar', 'cs', 'de', 'ja']) expect(readFileSync(join(dir, ANDROID(l))).equals(bytesOf(`demo/android/${l}`))).toBe(true);
    const asked = since(n);
    // The list, and beside it the component's object (its filemask places the files: Weblate's list of a
    // component's translations leaves the component out): one request for the component, not one a file.
    expect(
      asked
        .slice(0, 2)
        .map((q) => q.url)
        .sort(),
    ).toEqual(['/api/components/demo/android/', '/api/components/demo/android/translations/?page_size=1000']);
    // Asked --concurrency at a time: the order they arrive in is the network's.
    expect(
      files(asked)
        .map((q) => q.path)
        .sort(),
    ).toEqual(['ar', 'cs', 'de', 'ja'].map((l) => `/api/translations/demo/android/${l}/file/`));
  });

  it('a project: each component (categories too), its translations list, every file; the glossary without a filename is skipped', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo']);
    expect(r.code).toBe(0);
    expect(filesIn(dir)).toEqual([...['ar', 'cs', 'de', 'ja'].map(ANDROID), 'docs/cs/api/reference.md', 'docs/cs/guide.md']);
    expect(readFileSync(join(dir, 'docs/cs/guide.md')).equals(bytesOf('demo/docs/guide/cs'))).toBe(true);
    expect(r.stderr).toContain('wli: skipped demo/glossary/cs: no file in the repository (empty filename)\n');
    expect(r.stderr).toMatch(/wli: 11 translations: 6 created, 0 updated, 0 unchanged, 5 skipped, 0 failed\n$/);
    const lists = since(n)
      .filter((q) => !q.path.endsWith('/file/'))
      .map((q) => q.url);
    expect(lists).toEqual([
      '/api/projects/demo/components/?page_size=1000',
      '/api/components/demo/android/translations/?page_size=1000',
      '/api/components/demo/glossary/translations/?page_size=1000',
      '/api/components/demo/docs%2Fguide/translations/?page_size=1000',
      '/api/components/demo/docs%2Fapi%2Freference/translations/?page_size=1000',
    ]);
  });

  it('a translation, a component inside a category, several targets; a translation named twice is pulled once', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android/cs', 'demo/docs/guide', 'demo/android']);
    expect(r.code).toBe(0);
    expect(filesIn(dir)).toEqual([...['ar', 'cs', 'de', 'ja'].map(ANDROID), 'docs/cs/guide.md']);
    expect(files(since(n)).filter((q) => q.path === '/api/translations/demo/android/cs/file/')).toHaveLength(1);
    expect(r.stderr.split('\n')[0]).toBe(`wli: created ${ANDROID('cs')} (${bytesOf('demo/android/cs').length} bytes)`);
  });

  it("no target: the project file's default (translation = …)", async () => {
    writeFileSync(join(dir, '.weblate'), '[weblate]\ntranslation = demo/android/de\n');
    const r = await pull([]);
    expect([r.code, filesIn(dir)]).toEqual([0, ['.weblate', ANDROID('de')]]);
  });

  it('a target that does not exist: did you mean, exit 5, no file asked for, nothing written', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android', 'demo/androd']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no component 'androd' in project 'demo' .*\nhint: did you mean: android\?/);
    expect(files(since(n))).toEqual([]);
    expect(filesIn(dir)).toEqual([]);
  });
});

describe('the sample server', () => {
  it("serves the file of every translation it lists, in its component's format, named by its repository file's extension", async () => {
    const list = (await (await fetch(`${fake.url}translations/?page_size=1000`, { headers: { authorization: 'Token any' } })).json()) as {
      results: Array<{ file_url: string; filename: string; component: { file_format: string } }>;
    };
    expect(list.results.length).toBeGreaterThan(10);
    for (const t of list.results) {
      const res = await fetch(t.file_url, { headers: { authorization: 'Token any' } });
      expect(res.status, t.file_url).toBe(200);
      const body = await res.text();
      const ext = /\.(\w+)$/.exec(t.filename)?.[1];
      if (ext) expect(res.headers.get('content-disposition'), t.file_url).toMatch(new RegExp(`\\.${ext}$`));
      if (t.component.file_format === 'aresource') expect(body).toMatch(/^<\?xml[\s\S]*<resources>/);
      if (t.component.file_format === 'markdown') expect(body).toMatch(/^<!-- .* -->\n# /);
    }
  });
});

describe('where files go', () => {
  it('--dir: made when missing, the paths said as the user named them', async () => {
    const r = await pull(['demo/android/cs', '--dir', 'out/nested']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`wli: created out/nested/${ANDROID('cs')} (`);
    // The record of layouts is DIR's (the --dir given), beside the files it places.
    expect(filesIn(dir)).toEqual([`out/nested/${ANDROID('cs')}`, 'out/nested/wli-layout.json']);
  });

  it('--dir that is a file: exit 7 before any request', async () => {
    writeFileSync(join(dir, 'plain'), 'x');
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--dir', 'plain/sub']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^wli: cannot write into plain\/sub: a part of the path is a file, not a directory \(ENOTDIR\)\n/);
    expect(since(n)).toEqual([]);
  });

  it.runIf(existsSync('/proc/self'))('--dir under /proc (mkdir refused with ENOENT): exit 7 at once, no file asked for', async () => {
    const n = fake.requests.length;
    // In-process: the run itself, not bin/wli.cjs's cache (which has the same trap: see the report).
    const r = await pull(['demo/android', '--dir', '/proc/wli-nope/x'], { env: { XDG_CACHE_HOME: '/proc/wli-nope' } });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe('wli: cannot create the directory /proc/wli-nope/x: no such directory (ENOENT)\nhint: check the path\n');
    expect(files(since(n))).toEqual([]);
  });

  it('two translations of one run, one file (components of different repositories): neither written, said, exit 2', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android', 'secret/android'], { env: { WLI_TOKEN: 'any' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `wli: not written: ${ANDROID('cs')} (demo/android/cs): also the file of secret/android/cs; neither is written (components of different repositories: pull each with its own --dir)\n`,
    );
    expect(r.stderr).toContain(`wli: not written: ${ANDROID('cs')} (secret/android/cs): also the file of demo/android/cs;`);
    expect(filesIn(dir)).toEqual(['ar', 'de', 'ja'].map(ANDROID));
    expect(files(since(n)).map((q) => q.path)).not.toContain('/api/translations/demo/android/cs/file/');
    // Each with its own --dir, as the warning says: no collision.
    const a = await pull(['demo/android', '--dir', 'demo']);
    const b = await pull(['secret/android', '--dir', 'secret'], { env: { WLI_TOKEN: 'any' } });
    expect([a.code, b.code]).toEqual([0, 0]);
  });
});

describe('what is skipped, each said once with its reason', () => {
  it('--source pulls the source translation too', async () => {
    const r = await pull(['demo/android', '--source']);
    expect(r.code).toBe(0);
    expect(filesIn(dir)).toContain('app/src/main/res/values/strings.xml');
  });

  it('--lang (comma-separated, any case) and --min-percent (the percentage as the server sent it)', async () => {
    const r = await pull(['demo', '--lang', 'CS,ja', '--min-percent', '60']);
    expect(r.code).toBe(0);
    expect(filesIn(dir)).toEqual(['cs', 'ja'].map(ANDROID));
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toContain('wli: skipped demo/android/ar: language not in --lang CS,ja');
    expect(lines).toContain('wli: skipped demo/docs/guide/cs: 50.0% translated, below --min-percent 60');
    // One line per translation, each once.
    expect(lines.filter((l) => l.includes('demo/android/de'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('wli: 11 translations: 2 created, 0 updated, 0 unchanged, 9 skipped, 0 failed');
  });

  it('an old server without is_source: the component names its source language (one request more)', async () => {
    const s = await startFakeWeblate();
    try {
      s.oldShapes(true);
      const n = s.requests.length;
      const r = await pull(['demo/android'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('wli: skipped demo/android/en: the source translation (--source pulls it)\n');
      expect(s.requests.slice(n).map((q) => q.path)).toContain('/api/components/demo/android/');
      expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
    } finally {
      await s.close();
    }
  });

  it('a --lang code that no translation has is a usage error with the closest codes, before any file request', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--lang', 'cs,cz']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('wli: --lang cz: no translation of the targets has this language\nhint: did you mean: cs? (the targets have: en, ar, cs, de, ja)\n');
    expect(files(since(n))).toEqual([]);
  });
});

describe('never outside DIR', () => {
  it('absolute, .., and symbolic links out of DIR are refused (named, escaped); the others are written; exit 1', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'wli-outside-'));
    try {
      const root = join(dir, 'checkout');
      // Names inside the filemask, through the checkout's own links.
      const res = join(root, 'app', 'src', 'main', 'res');
      mkdirSync(join(res, 'values-ja'), { recursive: true });
      symlinkSync(outside, join(res, 'values-de')); // a directory on the way, to outside
      symlinkSync(join(outside, 'victim'), join(root, ANDROID('ja'))); // the file itself, to outside
      mkdirSync(join(root, 'real', 'cs'), { recursive: true });
      symlinkSync(join(root, 'real'), join(root, 'docs')); // a link that stays inside: followed
      fake.filenames({
        'demo/android/ar': '../../\u001b]0;pwned\u0007ar.xml',
        'demo/android/cs': join(outside, 'cs.xml'),
      });
      const n = fake.requests.length;
      const r = await pull(['demo/android', 'demo/docs/guide', '--dir', 'checkout']);
      expect(r.code).toBe(1);
      expect(r.stderr).not.toContain('\u001b');
      expect(r.stderr).toContain("wli: not written: ../../\\e]0;pwned\\x07ar.xml (demo/android/ar): the server's filename climbs out of checkout (..)\n");
      expect(r.stderr).toContain(
        `wli: not written: ${join(outside, 'cs.xml')} (demo/android/cs): the server's filename is an absolute path, outside checkout\n`,
      );
      // A link in the checkout is the checkout's, not the server's: named as the cause, with where it leads.
      expect(r.stderr).toContain(
        `wli: not written: checkout/${ANDROID('de')} (demo/android/de): checkout/app/src/main/res/values-de leads outside checkout (a symbolic link to ${outside})\n`,
      );
      expect(r.stderr).toContain(
        `wli: not written: checkout/${ANDROID('ja')} (demo/android/ja): checkout/${ANDROID('ja')} is a symbolic link that leads nowhere\n`,
      );
      expect(r.stderr).not.toMatch(/warning|failed demo/);
      expect(r.stderr).toContain('wli: created checkout/docs/cs/guide.md (');
      expect(readdirSync(outside)).toEqual([]);
      expect(readFileSync(join(root, 'real', 'cs', 'guide.md')).equals(bytesOf('demo/docs/guide/cs'))).toBe(true);
      // Refused names are never asked for.
      expect(files(since(n)).map((q) => q.path)).toEqual(['/api/translations/demo/docs%2Fguide/cs/file/']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('never into a hidden folder through a link', () => {
  it("a link of the checkout into a hidden folder, or to a hidden file, is refused as the server's name would be (exit 1); --allow-hidden writes through it", async () => {
    const root = join(dir, 'linked');
    const res = join(root, 'app', 'src', 'main', 'res');
    mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
    mkdirSync(join(res, 'values-de'), { recursive: true });
    writeFileSync(join(root, '.envrc'), 'export KEPT=1\n');
    symlinkSync(join(root, '.github', 'workflows'), join(res, 'values-cs')); // a directory on the way
    symlinkSync(join(root, '.envrc'), join(root, ANDROID('de'))); // the file itself
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--dir', 'linked']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'wli: not written: linked/app/src/main/res/values-cs/strings.xml (demo/android/cs): linked/app/src/main/res/values-cs is a symbolic link into a hidden folder or file (.github)',
    );
    expect(r.stderr).toContain(
      `wli: not written: linked/${ANDROID('de')} (demo/android/de): linked/${ANDROID('de')} is a symbolic link into a hidden folder or file (.envrc)`,
    );
    expect(readdirSync(join(root, '.github', 'workflows'))).toEqual([]);
    expect(readFileSync(join(root, '.envrc'), 'utf8')).toBe('export KEPT=1\n');
    expect(files(since(n)).map((q) => q.path)).not.toContain('/api/translations/demo/android/cs/file/');
    const allowed = await pull(['demo/android', '--dir', 'linked', '--allow-hidden']);
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(root, '.github', 'workflows', 'strings.xml')).equals(bytesOf('demo/android/cs'))).toBe(true);
  });
});

describe('never a name shown as another', () => {
  it('a filename with a control, bidirectional or invisible character is refused (named, escaped): nothing written, nothing asked; exit 1', async () => {
    // Each is inside the filemask (its star matches any character): found by hand, a file named with an escape written to disk.
    fake.filenames({
      'demo/android/ar': 'app/src/main/res/values-ar\u001b]0;pwned\u0007/strings.xml',
      'demo/android/cs': 'app/src/main/res/values-cs\u202elmx./strings.xml',
      'demo/android/de': 'app/src/main/res/values-de\u0000/strings.xml',
    });
    const root = join(dir, 'named');
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--dir', 'named']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(r.stderr).toContain(
      "wli: not written: named/app/src/main/res/values-ar\\e]0;pwned\\x07/strings.xml (demo/android/ar): the server's filename holds a control or invisible character (U+001B), which a terminal or a file list would not show as itself\n",
    );
    expect(r.stderr).toMatch(/wli: not written: \S+ \(demo\/android\/cs\): the server's filename holds a control or invisible character \(U\+202E\)/);
    expect(r.stderr).toMatch(/wli: not written: \S+ \(demo\/android\/de\): the server's filename holds a control or invisible character \(U\+0000\)/);
    expect(r.stderr).toContain('wli: 5 translations: 1 created, 0 updated, 0 unchanged, 1 skipped, 3 failed\n');
    expect(filesIn(root)).toEqual([ANDROID('ja')]);
    expect(files(since(n)).map((q) => q.path)).toEqual(['/api/translations/demo/android/ja/file/']);
  });
});

describe('atomic, and untouched when equal', () => {
  it('the second run: every request conditional, answered 304, every file untouched (same inode, same time)', async () => {
    await pull(['demo/android']);
    const before = ['ar', 'cs', 'de', 'ja'].map((l) => statSync(join(dir, ANDROID(l))));
    const n = fake.requests.length;
    const r = await pull(['demo/android']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /wli: unchanged app\/src\/main\/res\/values-cs\/strings.xml\n[\s\S]*wli: 5 translations: 0 created, 0 updated, 4 unchanged, 1 skipped, 0 failed\n$/,
    );
    expect(files(since(n)).map((q) => q.headers['if-modified-since'])).toEqual(Array(4).fill(FILE_LAST_MODIFIED));
    const after = ['ar', 'cs', 'de', 'ja'].map((l) => statSync(join(dir, ANDROID(l))));
    expect(after.map((s) => [s.ino, s.mtimeMs])).toEqual(before.map((s) => [s.ino, s.mtimeMs]));
  });

  it('--force: every request whole (no condition); equal bytes still leave the files untouched', async () => {
    await pull(['demo/android/cs']);
    const before = statSync(join(dir, ANDROID('cs')));
    const n = fake.requests.length;
    const r = await pull(['demo/android/cs', '--force']);
    expect(r.stderr).toContain(`wli: unchanged ${ANDROID('cs')}\n`);
    expect(files(since(n))[0]!.headers['if-modified-since']).toBeUndefined();
    const after = statSync(join(dir, ANDROID('cs')));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('Ctrl-C while files arrive: each file old or new, no temporary file, exit 130', async () => {
    mkdirSync(join(dir, 'app/src/main/res/values-cs'), { recursive: true });
    writeFileSync(join(dir, ANDROID('cs')), 'previous');
    fake.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const stop = new AbortController();
    const n = fake.requests.length;
    const run = wliIn(['pull', 'demo/android'], { env, cwd: dir, signal: stop.signal });
    await fake.whenRequests((rs) => rs.slice(n).some((q) => q.path === '/api/translations/demo/android/cs/file/'));
    stop.abort();
    const r = await run;
    expect(r.code).toBe(130);
    expect(readFileSync(join(dir, ANDROID('cs')), 'utf8')).toBe('previous');
    for (const f of filesIn(dir)) expect(f).not.toMatch(/\.tmp$/);
  });

  it('a timeout half-way: that file stays as it was and fails, the others are written; no temporary file', async () => {
    mkdirSync(join(dir, 'app/src/main/res/values-de'), { recursive: true });
    writeFileSync(join(dir, ANDROID('de')), 'previous');
    fake.fault((q) => q.path === '/api/translations/demo/android/de/file/', { kind: 'stallBody' });
    const r = await pull(['demo/android', '--retries', '0', '--timeout', '0.5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\nwli: not written: app\/src\/main\/res\/values-de\/strings\.xml \(demo\/android\/de\): .*\n/);
    expect(readFileSync(join(dir, ANDROID('de')), 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
  });

  it('a connection cut half-way: that file stays as it was and fails, the others are written; no temporary file', async () => {
    mkdirSync(join(dir, 'app/src/main/res/values-cs'), { recursive: true });
    writeFileSync(join(dir, ANDROID('cs')), 'previous');
    fake.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'truncate' });
    const r = await pull(['demo/android', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\nwli: not written: app\/src\/main\/res\/values-cs\/strings\.xml \(demo\/android\/cs\): .*\n/);
    expect(readFileSync(join(dir, ANDROID('cs')), 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
  });
});

describe('never stale: a request is conditional only on a file proven to be the bytes wli saved', () => {
  it('an edited file (its time newer than the server’s) is fetched whole and restored', async () => {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('cs')), 'my local edit');
    const n = fake.requests.length;
    const r = await pull(['demo/android']);
    expect(r.stderr).toContain(`wli: updated ${ANDROID('cs')} (`);
    const cs = files(since(n)).find((q) => q.path.includes('/cs/'))!;
    expect(cs.headers['if-modified-since']).toBeUndefined();
    expect(readFileSync(join(dir, ANDROID('cs'))).equals(bytesOf('demo/android/cs'))).toBe(true);
  });

  it('a fresh checkout holding the server’s bytes and no record: fetched whole, found equal, left untouched', async () => {
    await pull(['demo/android']);
    const before = statSync(join(dir, ANDROID('de')));
    const n = fake.requests.length;
    const r = await pull(['demo/android'], { env: { XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'wli-pull-cache-')) } });
    expect(r.stderr).toMatch(/4 unchanged/);
    expect(files(since(n)).every((q) => q.headers['if-modified-since'] === undefined)).toBe(true);
    expect(statSync(join(dir, ANDROID('de'))).ino).toBe(before.ino);
  });

  it('a file another branch put there (other bytes, a time after the server’s) is brought to the server’s bytes', async () => {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('de')), 'the other branch');
    utimesSync(join(dir, ANDROID('de')), new Date(), new Date(Date.parse(FILE_LAST_MODIFIED) + 86_400_000));
    const r = await pull(['demo/android']);
    expect(r.stderr).toContain(`wli: updated ${ANDROID('de')} (`);
    expect(readFileSync(join(dir, ANDROID('de'))).equals(bytesOf('demo/android/de'))).toBe(true);
  });

  it('a corrupt record costs a whole request, never correctness', async () => {
    await pull(['demo/android/cs']);
    const saved = join(cache, 'wli', 'saved');
    for (const f of readdirSync(saved)) writeFileSync(join(saved, f), '{not json');
    writeFileSync(join(dir, ANDROID('cs')), 'stale');
    const n = fake.requests.length;
    const r = await pull(['demo/android/cs']);
    expect(r.stderr).toContain(`wli: updated ${ANDROID('cs')} (`);
    expect(files(since(n))[0]!.headers['if-modified-since']).toBeUndefined();
  });
});

describe('--dry-run', () => {
  it('lists every file it would fetch and every skip with its reason; no file request, nothing written', async () => {
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--dry-run', '--min-percent', '60', '--dir', 'out']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      [
        'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)',
        'wli: skipped demo/android/en: the source translation (--source pulls it)',
        'wli: skipped demo/android/ar: 59.3% translated, below --min-percent 60',
        `wli: would fetch out/${ANDROID('cs')} (demo/android/cs)`,
        `wli: would fetch out/${ANDROID('de')} (demo/android/de)`,
        `wli: would fetch out/${ANDROID('ja')} (demo/android/ja)`,
        'wli: dry run, nothing written. 5 translations: 3 to fetch, 0 to check, 2 skipped, 0 failed',
        '',
      ].join('\n'),
    );
    expect(files(since(n))).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(cache, 'wli'))).toBe(false);
  });
});

describe('a translation with no strings and --min-percent (issue 49.11: an empty language was shipped without a word)', () => {
  it("is kept as Weblate's 100 % with a note on stderr; --empty-incomplete skips it as below --min-percent", async () => {
    const kept = await pull(['demo/android/ja', '--dry-run', '--min-percent', '80', '--dir', 'out']);
    expect(kept.code).toBe(0);
    expect(kept.stderr).toBe(
      [
        'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)',
        `wli: would fetch out/${ANDROID('ja')} (demo/android/ja)`,
        'wli: dry run, nothing written. 1 translation: 1 to fetch, 0 to check, 0 skipped, 0 failed',
        '',
      ].join('\n'),
    );
    const skipped = await pull(['demo/android/ja', '--dry-run', '--min-percent', '80', '--empty-incomplete', '--dir', 'out']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toBe(
      [
        'wli: skipped demo/android/ja: no strings, incomplete by --empty-incomplete: below --min-percent 80',
        'wli: dry run, nothing written. 1 translation: 0 to fetch, 0 to check, 1 skipped, 0 failed',
        '',
      ].join('\n'),
    );
    // Without --min-percent nothing is judged, so nothing is said.
    expect((await pull(['demo/android/ja', '--dry-run', '--dir', 'out'])).stderr).not.toContain('no strings');
  });
});

describe('issue 29: --dry-run tells a file it would check from one it would fetch; --quiet means quiet', () => {
  it('a file the record proves current is "would check" (would-check), any other "would fetch"; counted apart; no request, the record untouched', async () => {
    const s = await startFakeWeblate();
    try {
      const e = { WLI_URL: s.url };
      await pull(['demo/android'], { env: e });
      s.changeFile('demo/android/cs'); // a new revision: the record no longer proves cs
      writeFileSync(join(dir, ANDROID('de')), 'edited here'); // other bytes: nothing proves de
      const saved = join(cache, 'wli', 'saved');
      const times = () => readdirSync(saved).map((f) => [f, statSync(join(saved, f)).mtimeMs]);
      const before = times();
      const n = s.requests.length;
      const r = await pull(['demo/android', '--dry-run', '-f', 'jsonl', '--fields', 'wli_target,status'], { env: e });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(
        [
          'wli: skipped demo/android/en: the source translation (--source pulls it)',
          `wli: would check ${ANDROID('ar')} (demo/android/ar): saved copy on record, asked for only if changed`,
          `wli: would fetch ${ANDROID('cs')} (demo/android/cs)`,
          `wli: would fetch ${ANDROID('de')} (demo/android/de)`,
          `wli: would check ${ANDROID('ja')} (demo/android/ja): saved copy on record, asked for only if changed`,
          'wli: dry run, nothing written. 5 translations: 2 to fetch, 2 to check, 1 skipped, 0 failed',
          '',
        ].join('\n'),
      );
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as unknown),
      ).toEqual([
        { wli_target: 'demo/android/en', status: 'skipped' },
        { wli_target: 'demo/android/ar', status: 'would-check' },
        { wli_target: 'demo/android/cs', status: 'would-fetch' },
        { wli_target: 'demo/android/de', status: 'would-fetch' },
        { wli_target: 'demo/android/ja', status: 'would-check' },
      ]);
      expect(files(s.requests.slice(n))).toEqual([]);
      expect(times()).toEqual(before);
      // --force asks for every file whole: nothing to check.
      const forced = await pull(['demo/android', '--dry-run', '--force'], { env: e });
      expect(forced.stderr).toMatch(/4 to fetch, 0 to check, 1 skipped, 0 failed\n$/);
    } finally {
      await s.close();
    }
  });

  it('--quiet: the files not written and the summary only (no line per file done); the records on stdout unchanged', async () => {
    fake.fault((q) => q.path === '/api/translations/demo/android/de/file/', { kind: 'status', status: 404, body: '{"detail":"Not found."}' });
    const r = await pull(['demo/android', '--quiet', '-f', 'jsonl', '--fields', 'wli_target,status']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      new RegExp(
        `^wli: not written: ${ANDROID('de')} \\(demo/android/de\\): GET \\S+/de/file/ failed: HTTP 404 Not Found: Not found\\.\nwli: 5 translations: 3 created, 0 updated, 0 unchanged, 1 skipped, 1 failed\n$`,
      ),
    );
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(5);
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'ja'].map(ANDROID));
    // A dry run is as quiet: its summary only.
    const dry = await pull(['demo/android', '--quiet', '--dry-run']);
    expect(dry.stderr).toBe('wli: dry run, nothing written. 5 translations: 1 to fetch, 3 to check, 1 skipped, 0 failed\n');
  });

  it('--quiet keeps warnings (the rate limit running low)', async () => {
    fake.rateLimit({ limit: 100, remaining: 2, reset: 60 });
    const r = await pull(['demo/android', '--quiet', '--concurrency', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^wli: warning: the server's rate limit is running low: /);
    expect(r.stderr).toMatch(/\nwli: 5 translations: 4 created, 0 updated, 0 unchanged, 1 skipped, 0 failed\n/);
    expect(r.stderr).not.toMatch(/created app|skipped demo/);
  });
});

describe('the report', () => {
  it('-f json: one record per translation (its identity, then target, language, path, status, bytes, reason), stderr the same lines', async () => {
    const r = await pull(['demo/android', '--lang', 'cs', '-f', 'json']);
    expect(r.code).toBe(0);
    const records = JSON.parse(r.stdout) as Record<string, unknown>[];
    // The four wli_ fields first, as every listed row carries them.
    for (const record of records) expect(Object.keys(record).slice(0, 4)).toEqual(['wli_target', 'wli_project', 'wli_component', 'wli_language']);
    expect(records.map((x) => [x.wli_target, x.wli_project, x.wli_component, x.wli_language])).toEqual(
      ['en', 'ar', 'cs', 'de', 'ja'].map((l) => [`demo/android/${l}`, 'demo', 'android', l]),
    );
    expect(records.map(({ wli_target: _t, wli_project: _p, wli_component: _c, wli_language: _l, ...rest }) => rest)).toEqual([
      {
        target: 'demo/android/en',
        language: 'en',
        path: 'app/src/main/res/values/strings.xml',
        status: 'skipped',
        bytes: null,
        reason: 'the source translation (--source pulls it)',
      },
      { target: 'demo/android/ar', language: 'ar', path: ANDROID('ar'), status: 'skipped', bytes: null, reason: 'language not in --lang cs' },
      { target: 'demo/android/cs', language: 'cs', path: ANDROID('cs'), status: 'created', bytes: bytesOf('demo/android/cs').length, reason: null },
      { target: 'demo/android/de', language: 'de', path: ANDROID('de'), status: 'skipped', bytes: null, reason: 'language not in --lang cs' },
      { target: 'demo/android/ja', language: 'ja', path: ANDROID('ja'), status: 'skipped', bytes: null, reason: 'language not in --lang cs' },
    ]);
    expect(r.stderr).toContain(`wli: created ${ANDROID('cs')} (`);
  });

  it('-f csv and jsonl carry the same records; a table its columns', async () => {
    await pull(['demo/android/cs']);
    const csv = await pull(['demo/android/cs', '-f', 'csv']);
    expect(csv.stdout).toBe(
      `wli_target,wli_project,wli_component,wli_language,target,language,path,status,bytes,reason\r\ndemo/android/cs,demo,android,cs,demo/android/cs,cs,${ANDROID('cs')},unchanged,${bytesOf('demo/android/cs').length},\r\n`,
    );
    const jsonl = await pull(['demo/android/cs', '-f', 'jsonl', '--fields', 'path,status']);
    expect(jsonl.stdout).toBe(`{"path":"${ANDROID('cs')}","status":"unchanged"}\n`);
    const table = await pull(['demo/android/cs', '-f', 'table']);
    expect(table.stdout.split('\n')[0]).toMatch(/^TARGET\s+LANGUAGE\s+PATH\s+STATUS\s+BYTES\s+REASON$/);
  });

  it('the man page and docs/commands.md name the exit status of each failure; --help points there', async () => {
    const r = await wli(['pull', '--help']);
    expect(r.stdout).toContain('More: man wli, or docs/commands.md#wli-pull');
    const doc = readFileSync(join(ROOT, 'docs', 'commands.md'), 'utf8');
    expect(doc).toMatch(
      /Exit status \(that of the first failure in the report\):\*\* [^\n]*1 a server or network failure, or a filename refused by the placement rule/,
    );
    const man = readFileSync(join(ROOT, 'man', 'wli.1'), 'utf8');
    expect(man).toContain('Exit status (that of the first failure in the report):');
  });
});

describe('failures', () => {
  it('a failed file does not stop the others; the exit status is the first failure’s in the report', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'status', status: 404, body: '{"detail":"Not found."}' });
      s.fault((q) => q.path === '/api/translations/demo/android/de/file/', { kind: 'status', status: 500, body: 'boom', contentType: 'text/plain' });
      const r = await pull(['demo/android', '--retries', '0'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/\nwli: not written: \S+ \(demo\/android\/cs\): GET \S+\/cs\/file\/ failed: HTTP 404 Not Found: Not found\.\n/);
      expect(r.stderr).toMatch(/\nwli: not written: \S+ \(demo\/android\/de\): GET \S+\/de\/file\/ failed: HTTP 500/);
      expect(filesIn(dir)).toEqual(['ar', 'ja'].map(ANDROID));
      expect(r.stderr).toMatch(/2 created, 0 updated, 0 unchanged, 1 skipped, 2 failed\n$/);
    } finally {
      await s.close();
    }
  });

  it('a file that cannot be written here is exit 7, naming the path; the others are written', async () => {
    mkdirSync(join(dir, ANDROID('cs')), { recursive: true }); // a directory where the file goes
    const r = await pull(['demo/android']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(new RegExp(`\\nwli: not written: ${ANDROID('cs')} \\(demo/android/cs\\): cannot write ${ANDROID('cs')}: .*\\(E[A-Z]+\\)\\n`));
    expect(filesIn(dir)).toEqual(['ar', 'de', 'ja'].map(ANDROID));
  });

  it('a 429 after the retries: no further file is asked for, exit 6', async () => {
    const s = await startFakeWeblate();
    try {
      s.fault(
        (q) => q.path.endsWith('/file/'),
        { kind: 'status', status: 429, body: '{"detail":"Request was throttled."}', headers: { 'Retry-After': '0' } },
        Infinity,
      );
      const n = s.requests.length;
      const r = await pull(['demo/android', '--retries', '0', '--concurrency', '1'], { env: { WLI_URL: s.url } });
      expect(r.code).toBe(6);
      expect(files(s.requests.slice(n))).toHaveLength(1);
      expect(r.stderr).toContain(`wli: not written: ${ANDROID('cs')} (demo/android/cs): not asked for: the rate limit was exhausted (HTTP 429)\n`);
    } finally {
      await s.close();
    }
  });
});

describe('fast and polite', () => {
  it('files are fetched --concurrency at a time, no more, no fewer', async () => {
    // The server holds every file's answer until two are asked for (or the last one is); the client's
    // own dispatcher counts the file requests it sent that have no answer released yet.
    const held: Array<() => void> = [];
    const count = { sent: 0, released: 0, most: 0, asked: 0 };
    const release = () => {
      count.released++;
      held.shift()!();
    };
    const server: { fake?: FakeWeblate } = {};
    const s = await startFakeWeblate({
      latencyMs: 1,
      // Called as each request arrives, after it is recorded: file answers are held, others go at once.
      setTimer: (run) => {
        if (!server.fake!.requests.at(-1)!.path.endsWith('/file/')) queueMicrotask(run);
        else {
          held.push(run);
          count.asked++;
          // Two out: one may answer. The last one: all may.
          if (count.asked === 4) queueMicrotask(() => held.slice().forEach(release));
          else if (held.length === 2) queueMicrotask(release);
        }
        return () => {};
      },
    });
    server.fake = s;
    class Counting extends Agent {
      override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        if (opts.path.endsWith('/file/')) count.most = Math.max(count.most, ++count.sent - count.released);
        return super.dispatch(opts, handler);
      }
    }
    const dispatcher = new Counting();
    try {
      const r = await wliIn(['pull', 'demo/android', '--concurrency', '2'], { env: { ...env, WLI_URL: s.url }, cwd: dir, ctx: { dispatcher } });
      expect(r.code).toBe(0);
      expect([count.sent, count.most]).toEqual([4, 2]);
      expect(filesIn(dir)).toHaveLength(4);
    } finally {
      await dispatcher.close();
      await s.close();
    }
  });

  it('on a terminal, a progress line counts the files; Ctrl-C there leaves no temporary file (exit 130)', async (ctx) => {
    const s = await startFakeWeblate();
    try {
      s.fault((q) => q.path === '/api/translations/demo/android/ja/file/', { kind: 'stallBody' });
      const pty = onPty(ctx, ['pull', 'demo/android', '--url', s.url], { cwd: dir, env: { XDG_CACHE_HOME: cache }, cols: 80 });
      await pty.waitFor(/files 3\/4/);
      await s.whenRequests((rs) => rs.some((q) => q.path === '/api/translations/demo/android/ja/file/'));
      pty.type('\x03');
      const end = await pty.exit;
      expect(end.code).toBe(130);
      expect(end.output).toContain('wli: interrupted');
      expect(filesIn(dir)).toEqual(['ar', 'cs', 'de'].map(ANDROID));
    } finally {
      await s.close();
    }
  });

  it('says so before the rate limit runs out for the files still to fetch', async () => {
    // Two requests before the files: the component's list of translations and its object.
    const s = await startFakeWeblate({ rateLimit: { remaining: 4 } });
    try {
      const r = await pull(['demo/android'], { env: { WLI_URL: s.url } });
      expect(r.stderr.split('\n')[0]).toBe(
        "wli: warning: the server's rate limit is running low: 2 API requests left (X-RateLimit-Remaining) for 4 of 4 files still to fetch; the window resets in 86352 s; anonymous clients get few: use a token (--token or WLI_TOKEN)",
      );
    } finally {
      await s.close();
    }
  });
});

describe('issue 28: saved the one way, never stale, paths as the repository means them', () => {
  it('never stale: a file changed upstream (a new revision, Last-Modified as it was) arrives, where Last-Modified alone answered 304', async () => {
    const s = await startFakeWeblate();
    try {
      const e = { WLI_URL: s.url };
      await pull(['demo/android'], { env: e });
      const changed = s.changeFile('demo/android/cs')!;
      const n = s.requests.length;
      const r = await pull(['demo/android'], { env: e });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`wli: updated ${ANDROID('cs')} (${changed.length} bytes)\n`);
      expect(readFileSync(join(dir, ANDROID('cs'))).equals(changed)).toBe(true);
      // Only the changed file is asked for whole; the others are proven by their unchanged revisions.
      // Asked for side by side: in any order.
      const asked = files(s.requests.slice(n))
        .map((q) => [q.path.split('/')[5], q.headers['if-modified-since']])
        .sort();
      expect(asked).toEqual([
        ['ar', FILE_LAST_MODIFIED],
        ['cs', undefined],
        ['de', FILE_LAST_MODIFIED],
        ['ja', FILE_LAST_MODIFIED],
      ]);
      expect(r.stderr).toMatch(/0 created, 1 updated, 3 unchanged, 1 skipped, 0 failed\n$/);
    } finally {
      await s.close();
    }
  });

  it('a body that stalls after its first byte is asked for again and written whole', async () => {
    fake.fault((q) => q.path === '/api/translations/demo/android/de/file/', { kind: 'stallBody' });
    const n = fake.requests.length;
    const r = await pull(['demo/android', '--timeout', '1', '--retries', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`wli: created ${ANDROID('de')} (`);
    expect(readFileSync(join(dir, ANDROID('de'))).equals(bytesOf('demo/android/de'))).toBe(true);
    expect(files(since(n)).filter((q) => q.path.includes('/de/'))).toHaveLength(2);
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
  });

  it('a failed file leaves no empty directory made for it', async () => {
    fake.fault((q) => q.path === '/api/translations/demo/android/cs/file/', { kind: 'status', status: 500, body: 'boom', contentType: 'text/plain' });
    const r = await pull(['demo/android', '--retries', '0']);
    expect(r.code).toBe(1);
    expect(filesIn(dir)).toEqual(['ar', 'de', 'ja'].map(ANDROID));
    expect(existsSync(join(dir, 'app/src/main/res/values-cs'))).toBe(false);
  });

  it('a symbolic link at the file (inside DIR) is written through; a replaced file keeps its mode and gets the time of now', async () => {
    mkdirSync(join(dir, 'app/src/main/res/values-cs'), { recursive: true });
    mkdirSync(join(dir, 'shared'));
    writeFileSync(join(dir, 'shared', 'cs.xml'), 'old');
    chmodSync(join(dir, 'shared', 'cs.xml'), 0o755);
    utimesSync(join(dir, 'shared', 'cs.xml'), new Date(0), new Date(0));
    symlinkSync(join(dir, 'shared', 'cs.xml'), join(dir, ANDROID('cs')));
    writeFileSync(join(dir, 'before'), '');
    const r = await pull(['demo/android/cs']);
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([0, `wli: updated ${ANDROID('cs')} (${bytesOf('demo/android/cs').length} bytes)`]);
    expect(lstatSync(join(dir, ANDROID('cs'))).isSymbolicLink()).toBe(true);
    const st = statSync(join(dir, 'shared', 'cs.xml'));
    expect(readFileSync(join(dir, 'shared', 'cs.xml')).equals(bytesOf('demo/android/cs'))).toBe(true);
    expect(st.mode & 0o777).toBe(0o755);
    expect(st.mtimeMs).toBeGreaterThanOrEqual(statSync(join(dir, 'before')).mtimeMs);
  });

  it.runIf(process.platform !== 'win32')(
    'a named pipe at a translation’s path is refused (never opened): that file fails, exit 7; the others are written',
    async () => {
      mkdirSync(join(dir, 'app/src/main/res/values-cs'), { recursive: true });
      execFileSync('mkfifo', [join(dir, ANDROID('cs'))]);
      const n = fake.requests.length;
      const r = await pull(['demo/android']);
      expect(r.code).toBe(7);
      expect(r.stderr).toContain(
        `wli: not written: ${ANDROID('cs')} (demo/android/cs): cannot write ${ANDROID('cs')}: it is a named pipe (FIFO), not a regular file\n`,
      );
      expect(files(since(n)).map((q) => q.path)).not.toContain('/api/translations/demo/android/cs/file/');
      expect(lstatSync(join(dir, ANDROID('cs'))).isFIFO()).toBe(true);
      for (const l of ['ar', 'de', 'ja']) expect(existsSync(join(dir, ANDROID(l)))).toBe(true);
    },
  );

  it("the project file's target, run in a subdirectory: paths from the project file's directory, said from the current one", async () => {
    writeFileSync(join(dir, '.weblate'), '[weblate]\ntranslation = demo/android/de\n');
    mkdirSync(join(dir, 'app'));
    const r = await pull([], { cwd: join(dir, 'app') });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([0, `wli: created src/main/res/values-de/strings.xml (${bytesOf('demo/android/de').length} bytes)`]);
    expect(filesIn(dir)).toEqual(['.weblate', ANDROID('de')]);
    // A target given on the command line (or --dir) is the current directory's, as before.
    const given = await pull(['demo/android/de', '--dry-run'], { cwd: join(dir, 'app') });
    expect(given.stderr.split('\n')[0]).toBe(`wli: would fetch ${ANDROID('de')} (demo/android/de)`);
  });

  it('a source translation named as itself is pulled (named in a component too)', async () => {
    const r = await pull(['demo/android/en']);
    expect([r.code, r.stderr]).toEqual([
      0,
      `wli: created app/src/main/res/values/strings.xml (${bytesOf('demo/android/en').length} bytes)\nwli: 1 translation: 1 created, 0 updated, 0 unchanged, 0 skipped, 0 failed\n`,
    ]);
    const both = await pull(['demo/android', 'demo/android/en', '--dry-run']);
    // Just pulled: its saved copy is on record, so a run would only check it.
    expect(both.stderr.split('\n')[0]).toBe(
      'wli: would check app/src/main/res/values/strings.xml (demo/android/en): saved copy on record, asked for only if changed',
    );
  });

  it('paths that differ only by case or Unicode normalisation are one file (macOS, Windows): neither is written, exit 2', async () => {
    // Two components whose masks differ only so (a translation's file is its mask with its code: issue 45).
    const e = 'é';
    for (const [a, b] of [
      ['l10n', 'L10N'],
      [e.normalize('NFC'), e.normalize('NFD')],
    ] as const) {
      fake.componentFiles({ 'demo/android': { filemask: `${a}/*.xml`, template: '' }, 'demo/docs/guide': { filemask: `${b}/*.xml`, template: '' } });
      fake.filenames({ 'demo/android/cs': `${a}/cs.xml`, 'demo/docs/guide/cs': `${b}/cs.xml` });
      const n = fake.requests.length;
      const r = await pull(['demo/android/cs', 'demo/docs/guide/cs']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        `wli: not written: ${a}/cs.xml (demo/android/cs): one file with ${b}/cs.xml (demo/docs/guide/cs) on macOS and Windows, where names differing only by case or Unicode normalisation are one file; neither is written\n`,
      );
      expect(files(since(n))).toEqual([]);
      expect(filesIn(dir)).toEqual([]);
    }
    fake.componentFiles(null);
  });

  it('the record folder stays bounded: a record unused for 90 days is removed by the next run', async () => {
    await pull(['demo/android/cs']);
    const saved = join(cache, 'wli', 'saved');
    const old = new Date(Date.now() - 91 * 86_400_000);
    const stale = join(saved, `${'0'.repeat(40)}.json`);
    writeFileSync(stale, '{}');
    utimesSync(stale, old, old);
    rmSync(join(saved, '.pruned'));
    const r = await pull(['demo/android/cs']);
    expect(r.stderr).toContain(`wli: unchanged ${ANDROID('cs')}\n`);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(saved).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });
});

describe("docs/ci.md's recipe", () => {
  it('fresh, again (all unchanged, no file bytes downloaded), and on a copy whose files hold old bytes (all restored)', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const recipe = /## Fetching translations into the build[\s\S]*?```sh\n([\s\S]*?)```/.exec(doc)![1]!;
    expect(recipe).toContain('wli pull my/app --min-percent 80');
    // The recipe as a shell runs it, against the sample server's project, at a threshold its languages straddle.
    const script = recipe.replace('my/app', 'demo').replace('--min-percent 80', '--min-percent 60');
    const bin = shimDir();
    const run = (cwd: string) => runShell(script, { cwd, env, bin: bin.dir });
    const pulled = ['cs', 'de', 'ja'].map(ANDROID);
    const copy = mkdtempSync(join(tmpdir(), 'wli-pull-copy-'));
    try {
      const first = await run(dir);
      expect(first.status, first.stderr).toBe(0);
      expect(filesIn(dir)).toEqual(pulled);
      expect(first.stderr).toMatch(/3 created, 0 updated, 0 unchanged, 8 skipped, 0 failed\n$/);

      const n = fake.requests.length;
      const again = await run(dir);
      expect(again.stderr).toMatch(/0 created, 0 updated, 3 unchanged, 8 skipped, 0 failed\n$/);
      // No file bytes: every file request was conditional, and the server answered 304.
      expect(files(since(n)).map((q) => q.headers['if-modified-since'])).toEqual(Array(3).fill(FILE_LAST_MODIFIED));

      cpSync(dir, copy, { recursive: true });
      for (const f of pulled) writeFileSync(join(copy, f), 'old bytes from the last release');
      const restored = await run(copy);
      expect(restored.stderr).toMatch(/0 created, 3 updated, 0 unchanged, 8 skipped, 0 failed\n$/);
      for (const l of ['cs', 'de', 'ja']) expect(readFileSync(join(copy, ANDROID(l))).equals(bytesOf(`demo/android/${l}`))).toBe(true);
      // In place too, where the record is: the old bytes disprove it.
      for (const f of pulled) writeFileSync(join(dir, f), 'old bytes from the last release');
      const inPlace = await run(dir);
      expect(inPlace.stderr).toMatch(/0 created, 3 updated, 0 unchanged/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
      bin.remove();
    }
  });
});
