// Issue 30.5 and 30.8, wli pull --check end to end: a drift gate that writes nothing (no file, no
// directory, no temporary file, no record of saved files, not even a record's time); exit 0 when every
// file here is the server's bytes, 3 when any differs or is missing, each named; the record's proof
// (the bytes wli saved and the translation's revision) spares the bodies of files it proves, and
// nothing else does; a failure talking to the server is its own exit status; each format it writes
// read back by a real parser of that format.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../src/core/errors.js';
import { FILE_LAST_MODIFIED, fakeFileBytes, startFakeWeblate, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import yaml from 'js-yaml';
import { ROOT, wli, wliIn } from './support/run.js';
import { runShell, shimDir } from './support/shell.js';
import { parseWorkflowCommands } from './support/workflow-commands.js';
import { readCodeQuality, readJunit } from './support/ci-reports.js';
import { parseCsv } from './support/csv-parse.js';

let fake: FakeWeblate;
let dir: string;
let cache: string;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({});
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-check-'));
  cache = mkdtempSync(join(tmpdir(), 'wli-check-cache-'));
  env = { WLI_URL: fake.url, XDG_CACHE_HOME: cache };
  fake.filenames(null);
  fake.changeFile(null);
  fake.rateLimit(null);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  };
});

const LANGS = ['ar', 'cs', 'de', 'ja'];
const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
const FILE = (l: string) => `/api/translations/demo/android/${l}/file/`;
const since = (n: number) => fake.requests.slice(n);
const files = (rs: RecordedRequest[]) => rs.filter((r) => r.path.endsWith('/file/'));

const pull = (args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) =>
  wliIn(['pull', ...args], { env: { ...env, ...opts.env }, cwd: opts.cwd ?? dir });

/** A run and the file requests it made. */
async function check(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const n = fake.requests.length;
  const r = await pull(['--check', ...args], opts);
  return { ...r, asked: files(since(n)) };
}

/**
 * Every entry under `root` (directories, files, links; hidden ones too) with what it holds and its
 * modification time: a check must leave it byte for byte and time for time.
 */
function snapshot(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    const st = statSync(path, { throwIfNoEntry: false });
    const what = e.isDirectory() ? 'dir' : e.isSymbolicLink() ? 'link' : readFileSync(path).toString('base64');
    out[path.slice(root.length + 1)] = `${what} ${st?.mtimeMs ?? '-'}`;
  }
  return out;
}

const savedDir = () => join(cache, 'wli', 'saved');

describe('the gate', () => {
  it('every file the server’s, proven by the record: exit 0, only conditional requests (304, no body), nothing written', async () => {
    expect((await pull(['demo/android'])).code).toBe(0);
    const before = [snapshot(dir), snapshot(savedDir())];
    const r = await check(['demo/android']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        'wli: skipped demo/android/en: the source translation (--source pulls it)',
        ...LANGS.map((l) => `wli: same: ${ANDROID(l)} (demo/android/${l})`),
        'wli: check, nothing written. 5 translations: 4 same, 0 differ, 0 missing, 1 skipped, 0 failed',
        '',
      ].join('\n'),
    );
    // Every file asked for conditionally, with the date the record kept: the server answers 304, no body.
    expect(r.asked.map((q) => q.path).sort()).toEqual(LANGS.map(FILE));
    expect(r.asked.map((q) => q.headers['if-modified-since'])).toEqual(Array(4).fill(FILE_LAST_MODIFIED));
    // Nothing written: the tree and the record folder byte for byte, time for time (no record marked used).
    expect([snapshot(dir), snapshot(savedDir())]).toEqual(before);
  });

  it('without a record (a fresh CI machine): each file downloaded whole and compared in memory: exit 0; still nothing written', async () => {
    expect((await pull(['demo/android'])).code).toBe(0);
    rmSync(cache, { recursive: true, force: true });
    const before = snapshot(dir);
    const r = await check(['demo/android']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/4 same, 0 differ, 0 missing, 1 skipped, 0 failed\n$/);
    expect(r.asked.every((q) => q.headers['if-modified-since'] === undefined && q.headers['if-none-match'] === undefined)).toBe(true);
    expect(snapshot(dir)).toEqual(before);
    // No record written, nor its folder made.
    expect(existsSync(cache)).toBe(false);
  });

  it('a file edited here: exit 3, named; it alone is asked for whole (its bytes disprove the record)', async () => {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('cs')), 'edited by hand\n');
    const before = [snapshot(dir), snapshot(savedDir())];
    const r = await check(['demo/android']);
    expect(r.code).toBe(EXIT.gate);
    expect(r.stderr).toContain(`wli: differs: ${ANDROID('cs')} (demo/android/cs)\n`);
    expect(r.stderr).toMatch(
      /wli: check, nothing written\. 5 translations: 3 same, 1 differ, 0 missing, 1 skipped, 0 failed\nwli: 1 file is not the server's: the same wli pull without --check brings them to its bytes\n$/,
    );
    const cs = r.asked.find((q) => q.path === FILE('cs'))!;
    expect(cs.headers['if-modified-since']).toBeUndefined();
    expect(r.asked.filter((q) => q.path !== FILE('cs')).every((q) => q.headers['if-modified-since'] === FILE_LAST_MODIFIED)).toBe(true);
    expect([snapshot(dir), snapshot(savedDir())]).toEqual(before);
  });

  it('a file missing here: exit 3, named, not asked for; DIR itself missing: every file missing, DIR not made', async () => {
    await pull(['demo/android']);
    rmSync(join(dir, ANDROID('de')));
    const r = await check(['demo/android']);
    expect(r.code).toBe(EXIT.gate);
    expect(r.stderr).toContain(`wli: missing: ${ANDROID('de')} (demo/android/de)\n`);
    expect(r.stderr).toContain('3 same, 0 differ, 1 missing, 1 skipped, 0 failed\n');
    expect(r.asked.map((q) => q.path)).not.toContain(FILE('de'));

    const none = await check(['demo/android', '--dir', 'not/there']);
    expect(none.code).toBe(EXIT.gate);
    expect(none.stderr).toContain(`wli: missing: not/there/${ANDROID('cs')} (demo/android/cs)\n`);
    expect(none.stderr).toContain('0 same, 0 differ, 4 missing, 1 skipped, 0 failed\n');
    expect(none.asked).toEqual([]);
    expect(existsSync(join(dir, 'not'))).toBe(false);
  });

  it('an upstream change with the same Last-Modified: the new revision disproves the record, the file is downloaded and differs: exit 3', async () => {
    await pull(['demo/android']);
    fake.changeFile('demo/android/cs');
    const r = await check(['demo/android']);
    expect(r.code).toBe(EXIT.gate);
    expect(r.stderr).toContain(`wli: differs: ${ANDROID('cs')} (demo/android/cs)\n`);
    // Asked whole: If-Modified-Since alone would have been answered 304, the old bytes kept as current.
    expect(r.asked.find((q) => q.path === FILE('cs'))!.headers['if-modified-since']).toBeUndefined();
    // And pull then brings it; the check passes again.
    expect((await pull(['demo/android'])).stderr).toContain(`wli: updated ${ANDROID('cs')}`);
    expect((await check(['demo/android'])).code).toBe(0);
  });

  it('--quiet keeps the files that are not the server’s, the failures and the summary', async () => {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('ar')), 'x');
    rmSync(join(dir, ANDROID('ja')));
    const r = await check(['demo/android', '--quiet']);
    expect(r.code).toBe(EXIT.gate);
    expect(r.stderr).toBe(
      [
        `wli: differs: ${ANDROID('ar')} (demo/android/ar)`,
        `wli: missing: ${ANDROID('ja')} (demo/android/ja)`,
        'wli: check, nothing written. 5 translations: 2 same, 1 differ, 1 missing, 1 skipped, 0 failed',
        "wli: 2 files are not the server's: the same wli pull without --check brings them to its bytes",
        '',
      ].join('\n'),
    );
  });

  it('a body far larger than the file here is read no further than the file’s size, never kept (bounded memory)', async () => {
    await pull(['demo/android/cs']);
    rmSync(cache, { recursive: true, force: true });
    fake.fault((q) => q.path === FILE('cs'), {
      kind: 'endless',
      contentType: 'application/xml',
      headers: { 'Content-Disposition': 'attachment; filename=strings.xml' },
      prefix: '<?xml version="1.0"?>',
      limitBytes: 256 * 1024 * 1024,
    });
    const streamed = fake.streams.length;
    const r = await check(['demo/android/cs']);
    expect(r.code).toBe(EXIT.gate);
    expect(r.stderr).toContain(`wli: differs: ${ANDROID('cs')} (demo/android/cs)\n`);
    const body = fake.streams[streamed]!;
    // wli hung up, long before the server's guard: it read a few chunks past the file's 165 bytes.
    expect(await body.done).toBe('client');
    expect(body.bytes).toBeLessThan(16 * 1024 * 1024);
  });

  it('end to end (the built CLI): exit 0, then 3 after an edit, the record folder untouched', async () => {
    await pull(['demo/android']);
    const before = snapshot(savedDir());
    const ok = await wli(['pull', 'demo/android', '--check'], { env, cwd: dir });
    expect([ok.code, ok.stdout]).toEqual([0, '']);
    writeFileSync(join(dir, ANDROID('de')), 'x');
    const bad = await wli(['pull', 'demo/android', '--check'], { env, cwd: dir });
    expect(bad.code).toBe(EXIT.gate);
    expect(bad.stderr).toContain(`wli: differs: ${ANDROID('de')} (demo/android/de)\n`);
    expect(snapshot(savedDir())).toEqual(before);
  });
});

describe('skips, refusals and failures, as in pull', () => {
  it('the source, --lang, --min-percent and no filename are skipped with their reasons; a name leaving DIR is refused (exit 1)', async () => {
    await pull(['demo']);
    const r = await check(['demo', '--lang', 'cs,ar', '--min-percent', '55']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('wli: skipped demo/android/en: the source translation (--source pulls it)\n');
    expect(r.stderr).toContain('wli: skipped demo/android/de: language not in --lang cs,ar\n');
    expect(r.stderr).toContain('wli: skipped demo/docs/guide/cs: 50.0% translated, below --min-percent 55\n');
    expect(r.stderr).toMatch(/2 same, 0 differ, 0 missing, \d+ skipped, 0 failed\n$/);

    fake.filenames({ 'demo/android/cs': '../outside.xml' });
    const refused = await check(['demo/android']);
    expect(refused.code).toBe(EXIT.server);
    expect(refused.stderr).toContain("wli: not checked: ../outside.xml (demo/android/cs): the server's filename climbs out of . (..)\n");
    expect(refused.asked.map((q) => q.path)).not.toContain(FILE('cs'));
  });

  it('a symbolic link out of DIR is refused as pull refuses it; one inside DIR is compared through', async () => {
    await pull(['demo/android/cs', 'demo/android/de']);
    const outside = mkdtempSync(join(tmpdir(), 'wli-check-outside-'));
    try {
      rmSync(join(dir, 'app/src/main/res/values-de'), { recursive: true });
      symlinkSync(outside, join(dir, 'app/src/main/res/values-de'));
      const r = await check(['demo/android/cs', 'demo/android/de']);
      expect(r.code).toBe(EXIT.server);
      expect(r.stderr).toMatch(
        /wli: not checked: app\/src\/main\/res\/values-de\/strings\.xml \(demo\/android\/de\): .* leads outside \. \(a symbolic link to /,
      );
      expect(r.stderr).toContain(`wli: same: ${ANDROID('cs')} (demo/android/cs)\n`);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a server failure mid-check is its own exit status, winning over 3: the check was not done', async () => {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('ar')), 'x');
    fake.fault((q) => q.path === FILE('de'), { kind: 'status', status: 500, body: 'boom', contentType: 'text/plain' });
    const r = await check(['demo/android', '--retries', '0']);
    expect(r.code).toBe(EXIT.server);
    expect(r.stderr).toMatch(
      /wli: not checked: app\/src\/main\/res\/values-de\/strings\.xml \(demo\/android\/de\): GET \S+\/file\/ failed: HTTP 500 Internal Server Error: boom\n/,
    );
    // The other files were still checked, and named.
    expect(r.stderr).toContain(`wli: differs: ${ANDROID('ar')} (demo/android/ar)\n`);
    expect(r.stderr).toMatch(/wli: check, nothing written\. 5 translations: 2 same, 1 differ, 0 missing, 1 skipped, 1 failed\n$/);

    fake.fault((q) => q.path === FILE('de'), { kind: 'status', status: 404, body: '{"detail":"Not found."}' });
    expect((await check(['demo/android'])).code).toBe(EXIT.notFound);
  });

  it('a directory where a file belongs cannot be checked: exit 7, named', async () => {
    mkdirSync(join(dir, ANDROID('cs')), { recursive: true });
    const r = await check(['demo/android/cs']);
    expect(r.code).toBe(EXIT.local);
    expect(r.stderr).toContain(`wli: not checked: ${ANDROID('cs')} (demo/android/cs): cannot check ${ANDROID('cs')}: it is a directory, not a regular file\n`);
    expect(r.asked).toEqual([]);
  });
});

describe('usage', () => {
  it('--check with --dry-run or --force is a usage error that says why, before any request', async () => {
    for (const [flag, why] of [
      ['--dry-run', 'wli: --check and --dry-run do not go together: a check already writes nothing\n'],
      ['--force', 'wli: --check and --force do not go together: --force fetches every file whole to write it, and a check writes nothing\n'],
    ]) {
      const n = fake.requests.length;
      const r = await pull(['demo/android', '--check', flag!]);
      expect([r.code, r.stdout], flag).toEqual([2, '']);
      expect(r.stderr.startsWith(why!), r.stderr).toBe(true);
      expect(since(n)).toEqual([]);
    }
  });

  it('a CI report without --check is a usage error naming --check, before any request', async () => {
    for (const format of ['github', 'junit', 'codequality']) {
      const n = fake.requests.length;
      const r = await pull(['demo/android', '-f', format]);
      expect([r.code, r.stdout], format).toEqual([2, '']);
      expect(r.stderr).toBe(
        `wli: pull writes -f ${format} only with --check: a report of the files that differ from the server's\nhint: add --check, or use -f json, jsonl or csv for pull's records\n`,
      );
      expect(since(n)).toEqual([]);
    }
    const r = await pull(['demo/android', '--check', '-f', 'openmetrics']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^wli: pull cannot write -f openmetrics; it writes table, json, jsonl, csv, csv-excel, markdown, github, junit, codequality\n/);
  });
});

describe('formats', () => {
  /** The android files pulled, then cs edited and de removed. */
  async function drifted(): Promise<void> {
    await pull(['demo/android']);
    writeFileSync(join(dir, ANDROID('cs')), 'edited');
    rmSync(join(dir, ANDROID('de')));
  }

  it('-f json, jsonl and csv: one record per translation, status same, differs, missing or skipped; stderr as without -f', async () => {
    await drifted();
    const json = await check(['demo/android', '-f', 'json']);
    expect(json.code).toBe(EXIT.gate);
    const records = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(records.map((r) => [r.wli_target, r.path, r.status, r.bytes])).toEqual([
      ['demo/android/en', 'app/src/main/res/values/strings.xml', 'skipped', null],
      ['demo/android/ar', ANDROID('ar'), 'same', fakeFileBytes('demo/android/ar', false, null).length],
      ['demo/android/cs', ANDROID('cs'), 'differs', 'edited'.length],
      ['demo/android/de', ANDROID('de'), 'missing', null],
      ['demo/android/ja', ANDROID('ja'), 'same', fakeFileBytes('demo/android/ja', false, null).length],
    ]);
    expect(Object.keys(records[0]!).slice(0, 4)).toEqual(['wli_target', 'wli_project', 'wli_component', 'wli_language']);
    expect(json.stderr).toContain(`wli: differs: ${ANDROID('cs')} (demo/android/cs)\n`);
    const jsonl = await check(['demo/android', '-f', 'jsonl']);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { status: string }).status),
    ).toEqual(['skipped', 'same', 'differs', 'missing', 'same']);
    const csv = parseCsv((await check(['demo/android', '-f', 'csv'])).stdout);
    expect(csv[0]!.slice(0, 4)).toEqual(['wli_target', 'wli_project', 'wli_component', 'wli_language']);
    expect(csv.slice(1).map((row) => row[csv[0]!.indexOf('status')])).toEqual(['skipped', 'same', 'differs', 'missing', 'same']);
  });

  it('-f github: one ::error per file not the server’s, on that file; the job summary gets the table and the verdict', async () => {
    await drifted();
    const summary = join(dir, '..', `${dir.split('/').pop()}-summary.md`);
    try {
      const r = await check(['demo/android', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: 'true' } });
      expect(r.code).toBe(EXIT.gate);
      expect(parseWorkflowCommands(r.stdout)).toEqual([
        {
          command: 'error',
          properties: { file: ANDROID('cs'), title: 'demo/android/cs differs from the server' },
          message: `${ANDROID('cs')} is not the server's file of demo/android/cs: wli pull brings it to the server's bytes`,
        },
        {
          command: 'error',
          properties: { file: ANDROID('de'), title: 'demo/android/de missing' },
          message: `${ANDROID('de')}, the server's file of demo/android/de, is not here: wli pull fetches it`,
        },
      ]);
      const markdown = (await pull(['demo/android', '--check', '-f', 'markdown'])).stdout;
      expect(readFileSync(summary, 'utf8')).toBe(`${markdown}\n**❌ wli pull --check: 2 of 4 judged files passed, 2 failed; 1 not judged: demo/android/en**\n`);
      // All the server's: nothing on stdout, the verdict says so.
      await pull(['demo/android']);
      const ok = await check(['demo/android', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      expect([ok.code, ok.stdout]).toEqual([0, '']);
      expect(readFileSync(summary, 'utf8')).toMatch(/\n\*\*✅ wli pull --check: 4 of 4 judged files passed; 1 not judged: demo\/android\/en\*\*\n$/);
    } finally {
      rmSync(summary, { force: true });
    }
  });

  it('-f github in a subdirectory of the workspace: file= is the path in the repository (GITHUB_WORKSPACE), as the runner reads it', async () => {
    await drifted();
    mkdirSync(join(dir, 'tools'));
    const r = await check(['demo/android', '--dir', '..', '-f', 'github'], { cwd: join(dir, 'tools'), env: { GITHUB_WORKSPACE: dir } });
    expect(r.code).toBe(EXIT.gate);
    expect(parseWorkflowCommands(r.stdout).map((c) => c?.properties.file)).toEqual([ANDROID('cs'), ANDROID('de')]);
    // Outside a runner: the path as said, from the current directory.
    const local = await check(['demo/android', '--dir', '..', '-f', 'github'], { cwd: join(dir, 'tools') });
    expect(parseWorkflowCommands(local.stdout).map((c) => c?.properties.file)).toEqual([`../${ANDROID('cs')}`, `../${ANDROID('de')}`]);
  });

  it('-f junit: valid JUnit XML, one testcase per translation, a failure for each file not the server’s, skipped for one not judged', async () => {
    await drifted();
    const r = await check(['demo/android', '-f', 'junit']);
    expect(r.code).toBe(EXIT.gate);
    const suite = (await readJunit(r.stdout)).testsuites.testsuite;
    // The source translation is skipped (no file compared): a test case skipped, as stderr counts it.
    expect([suite.name, suite.tests, suite.failures, suite.skipped]).toEqual(['wli pull --check', '5', '2', '1']);
    expect(r.stderr).toMatch(/5 translations: 2 same, 1 differ, 1 missing, 1 skipped, 0 failed/);
    expect(suite.testcase.map((t) => [t.name, t.classname, t.failure?.type])).toEqual([
      ['demo/android/en', 'demo/android', undefined],
      ['demo/android/ar', 'demo/android', undefined],
      ['demo/android/cs', 'demo/android', 'differs'],
      ['demo/android/de', 'demo/android', 'missing'],
      ['demo/android/ja', 'demo/android', undefined],
    ]);
    expect(suite.testcase[2]!.failure!['#text']).toBe(
      `${ANDROID('cs')} is not the server's file of demo/android/cs: wli pull brings it to the server's bytes\nfile: ${ANDROID('cs')}`,
    );
  });

  it('-f codequality: one issue per file not the server’s at its path, fingerprints stable; [] when every file is', async () => {
    await drifted();
    const r = await check(['demo/android', '-f', 'codequality'], { env: { CI_PROJECT_DIR: dir, GITLAB_CI: 'true' } });
    expect(r.code).toBe(EXIT.gate);
    const issues = readCodeQuality(r.stdout);
    expect(issues.map((i) => [i.location.path, i.check_name])).toEqual([
      [ANDROID('cs'), 'wli/differs'],
      [ANDROID('de'), 'wli/missing'],
    ]);
    const again = readCodeQuality((await check(['demo/android', '-f', 'codequality'])).stdout);
    expect(again.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
    await pull(['demo/android']);
    const ok = await check(['demo/android', '-f', 'codequality']);
    expect([ok.code, ok.stdout]).toEqual([0, '[]\n']);
    expect(readCodeQuality(ok.stdout)).toEqual([]);
  });

  it('a failure mid-check is in the report too (not-checked), and the exit status is its own', async () => {
    await pull(['demo/android']);
    fake.fault((q) => q.path === FILE('ja'), { kind: 'status', status: 404, body: '{"detail":"Not found."}' });
    const r = await check(['demo/android', '-f', 'junit']);
    expect(r.code).toBe(EXIT.notFound);
    const failed = (await readJunit(r.stdout)).testsuites.testsuite.testcase.filter((t) => t.failure);
    expect(failed.map((t) => [t.name, t.failure!.type])).toEqual([['demo/android/ja', 'not-checked']]);
  });
});

describe('the pre-commit hook (.pre-commit-hooks.yaml)', () => {
  interface Hook {
    id: string;
    name: string;
    entry: string;
    language: string;
    pass_filenames?: boolean;
    always_run?: boolean;
    [key: string]: unknown;
  }
  const hooks = yaml.load(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
  // pre-commit's manifest keys (https://pre-commit.com/#new-hooks): another is a typo it would refuse.
  const KEYS = [
    'id',
    'name',
    'entry',
    'language',
    'files',
    'exclude',
    'types',
    'types_or',
    'exclude_types',
    'always_run',
    'fail_fast',
    'verbose',
    'pass_filenames',
    'require_serial',
    'description',
    'language_version',
    'minimum_pre_commit_version',
    'args',
    'stages',
  ];

  it('offers wli-pull-check: wli pull --check, run once (no filenames), whatever files the commit touches', () => {
    expect(Array.isArray(hooks)).toBe(true);
    const hook = hooks.find((h) => h.id === 'wli-pull-check')!;
    expect(hook).toMatchObject({ entry: 'wli pull --check', language: 'node', pass_filenames: false, always_run: true });
    expect(typeof hook.name).toBe('string');
    for (const h of hooks) expect(Object.keys(h).filter((k) => !KEYS.includes(k))).toEqual([]);
    // language node: pre-commit runs npm install (prepare builds), npm pack and a global install of this
    // package: its bin must be the entry's command, and the packed files must hold what it runs.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      files: string[];
      scripts: Record<string, string>;
    };
    expect(pkg.bin[hook.entry.split(' ')[0]!]).toBe('bin/wli.cjs');
    expect(pkg.files).toEqual(expect.arrayContaining(['bin/', 'dist/wli.cjs']));
    expect(pkg.scripts.prepare).toBe('npm run build');
  });

  it('its entry, run as pre-commit runs it at a consuming repository’s root (no filenames, PRE_COMMIT=1): 3 before a pull, 0 after, 3 after an edit', async () => {
    const hook = hooks.find((h) => h.id === 'wli-pull-check')!;
    // The consuming repository: its .weblate names the server and the component; no args in its config.
    writeFileSync(join(dir, '.weblate'), `[weblate]\nurl = ${fake.url}\ntranslation = demo/android\n`);
    mkdirSync(join(dir, 'src'));
    const bin = shimDir();
    const hookEnv = { XDG_CACHE_HOME: cache, PRE_COMMIT: '1' };
    const run = () => runShell(hook.entry, { cwd: dir, env: hookEnv, bin: bin.dir });
    try {
      const before = await run();
      expect(before.status, before.stderr).toBe(EXIT.gate);
      expect(before.stderr).toContain(`wli: missing: ${ANDROID('cs')} (demo/android/cs)\n`);
      expect(existsSync(join(dir, 'app'))).toBe(false);

      expect((await runShell('wli pull --quiet', { cwd: join(dir, 'src'), env: hookEnv, bin: bin.dir })).status).toBe(0);
      const after = await run();
      expect([after.status, after.stdout], after.stderr).toEqual([0, '']);

      writeFileSync(join(dir, ANDROID('ja')), 'edited before the commit\n');
      const edited = await run();
      expect(edited.status).toBe(EXIT.gate);
      expect(edited.stderr).toContain(`wli: differs: ${ANDROID('ja')} (demo/android/ja)\n`);
    } finally {
      bin.remove();
    }
  });
});
