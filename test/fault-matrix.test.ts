// Issue 28.12: the fault matrix. pull and download, the built CLI against the fake server, each under
// the faults a CI job meets every day: SIGTERM (`timeout`, `docker stop`), SIGHUP (a closed terminal),
// SIGINT (Ctrl-C), a write failing mid-stream (a file size limit, a full disk), the reader leaving, a
// stalled file, a 5xx mid-list. Every cell is held to the same invariants by one checker (check):
//
// (a) exit 0 only when every file asked for is whole on disk (the server's bytes); otherwise the
//     documented code (143/129/130 for the signals, 7 for a write, 1 for the server), and every file
//     either as it was (old bytes, or absent) or whole, never half; nothing else on disk changed;
// (b) no temporary file (`.NAME.wli-*.tmp`, `.wli-*.tmp`) anywhere under the directory;
// (c) no empty directory wli made: a directory that is new holds a file written whole;
// (d) a summary on stderr: pull's `N translations: …` or the error that ended it, `wli: interrupted…`
//     for a signal; download's `saved …` or its error.
//
// What a leaving reader means: pull's records on stdout are a report (`-f jsonl | head -1`), so the
// work completes, exit 0; a download to stdout whose reader leaves (`| head -c 10`) has ended normally,
// exit 0, nothing written to disk and nothing said (the bytes are its report, and stdout cannot be
// retried); `download -o FILE` has no reader on stdout, so there the reader that leaves is stderr's (a
// log that stops reading): the file is still saved whole, exit 0, its summary lost with its reader. pull
// gets the same stderr cell. The "5xx mid-list" of download, which reads no list, is its one file
// answering 503.
//
// Faults are produced for real: signals sent once the fake saw the file request and its temporary
// file has bytes (fault stallBody, watched through the directory's change events), a file size limit
// (`ulimit -f`: Node ignores SIGXFSZ, so the write fails with EFBIG), a 64 KiB tmpfs (ENOSPC; needs
// root to mount, skipped otherwise, failed when WLI_REQUIRE_TMPFS=1 says it must run), bash pipes into head, the fake's stall, stallBody, hold and 503.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fakeFileBytes, startFakeWeblate, type Fault, type FakeOptions, type FakeWeblate, type RecordedRequest } from './support/fake-weblate/index.js';
import { INTERRUPTED, held, start, writing, type Started } from './support/spawn.js';

const posix = process.platform !== 'win32';
const REQUIRE_TMPFS = process.env.WLI_REQUIRE_TMPFS === '1';

let fake: FakeWeblate | undefined;
let dir: string;
let cache: string;
/** A tmpfs mounted for the cell, unmounted before its directory goes. */
let mounted: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-faults-'));
  cache = mkdtempSync(join(tmpdir(), 'wli-faults-cache-'));
});
afterEach(async () => {
  await fake?.close();
  if (mounted) spawnSync('umount', [mounted]);
  mounted = undefined;
  rmSync(dir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});

// ----- what the runs ask for

const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
const CS = ANDROID('cs');
const CS_FILE = '/api/translations/demo/android/cs/file/';
const GUIDE_FILE = '/api/translations/demo/docs%2Fguide/cs/file/';
const REFERENCE_FILE = '/api/translations/demo/docs%2Fapi%2Freference/cs/file/';
/** The second component's list of translations in the project's list of components. */
const GLOSSARY_LIST = '/api/components/demo/glossary/translations/';

/** pull demo: each file it writes, and the translation whose file it is. */
const PULLED: Readonly<Record<string, string>> = {
  [ANDROID('ar')]: 'demo/android/ar',
  [CS]: 'demo/android/cs',
  [ANDROID('de')]: 'demo/android/de',
  [ANDROID('ja')]: 'demo/android/ja',
  'docs/cs/guide.md': 'demo/docs/guide/cs',
  'docs/cs/api/reference.md': 'demo/docs/api/reference/cs',
};
const PULL_FILES = Object.fromEntries(Object.entries(PULLED).map(([path, key]) => [path, fakeFileBytes(key, false, null)]));
/** Two files there before the run, with old bytes (their directories too; docs/ is new). */
const PULL_SEED = { [CS]: 'old cs\n', [ANDROID('de')]: 'old de\n' };
const others = (...not: string[]) => Object.keys(PULLED).filter((p) => !not.includes(p));
/** A checkout's own files a hostile server would replace: its git configuration and hook, its package.json. */
const CHECKOUT = { '.git/config': '[core]\n', '.git/hooks/pre-commit': '#!/bin/sh\nexit 0\n', 'package.json': '{"name":"app"}\n' };

const CS_BYTES = fakeFileBytes('demo/android/cs', false, null);
/** pull's record of layouts in DIR (src/files/layout.ts). */
const LAYOUT_FILE = 'wli-layout.json';
/** big/strings/xx: 320 KiB, more than the file size limit and the tmpfs take. */
const BIG_BYTES = fakeFileBytes('big/strings/xx', false, null);

// ----- how the faults are made

const saw = (f: FakeWeblate, path: string) => f.whenRequests((rs: readonly RecordedRequest[]) => rs.some((q) => q.path === path));

/** What a cell does while the run is on, with the run's server and directory. */
type Act = (run: Started, at: { fake: FakeWeblate; root: string }) => Promise<void>;

/** The file's body stalls half-way; once its temporary file in `folder` has bytes, the signal. */
const signalMidBody =
  (signal: NodeJS.Signals, folder: string): Act =>
  async (run, { fake, root }) => {
    await saw(fake, CS_FILE);
    await writing(join(root, folder));
    run.child.kill(signal);
  };

/** Once the fake saw the request for `path`, the signal. */
const signalAt =
  (signal: NodeJS.Signals, path: string): Act =>
  async (run, { fake }) => {
    await saw(fake, path);
    run.child.kill(signal);
  };

/** Resolves once wli's stderr says `what`, as it says it. */
function said(run: Started, what: RegExp): Promise<void> {
  let text = '';
  return new Promise((resolve) => {
    const on = (d: Buffer | string) => {
      text += d.toString();
      if (!what.test(text)) return;
      run.child.stderr!.off('data', on);
      resolve();
    };
    run.child.stderr!.on('data', on);
  });
}

/** The cs file is held until stdout's reader has read a line and left (head exits after its line). */
function readerLeaves(): { arrange: (f: FakeWeblate) => void; act: Act } {
  const slow = held();
  return {
    arrange: (f) => f.fault((q) => q.path === CS_FILE, { kind: 'hold', until: slow.until }),
    act: async (run) => {
      await new Promise<void>((resolve) => run.child.stdout!.once('data', () => resolve()));
      slow.release();
    },
  };
}

/** The cs file is held; meanwhile stderr's reader leaves (its end of the pipe closed); then the file comes. */
function stderrLeaves(): { arrange: (f: FakeWeblate) => void; act: Act } {
  const slow = held();
  return {
    arrange: (f) => f.fault((q) => q.path === CS_FILE, { kind: 'hold', until: slow.until }),
    act: async (run, { fake }) => {
      await saw(fake, CS_FILE);
      run.child.stderr!.destroy();
      slow.release();
    },
  };
}

const on = (path: string, fault: Fault, times: number) => (f: FakeWeblate) => f.fault((q) => q.path === path, fault, times);
const stall = (times: number) => on(CS_FILE, { kind: 'stall' }, times);
const stallBody = (times: number) => on(CS_FILE, { kind: 'stallBody' }, times);
const status503 = (path: string, times: number) => on(path, { kind: 'status', status: 503 }, times);

/** A file of 512 KiB in place of cs, a file answer as Weblate sends it. */
const BIG_CS = Buffer.from('x'.repeat(512 * 1024));
const bigCs = on(
  CS_FILE,
  {
    kind: 'status',
    status: 200,
    body: BIG_CS.toString(),
    contentType: 'application/xml',
    headers: { 'Content-Disposition': 'attachment; filename=demo-android-cs.xml' },
  },
  Infinity,
);

/** A file size limit of 64 KiB (bash's ulimit -f counts KiB). */
const ULIMIT = 'ulimit -f 64';
/** Short waits: a stalled request gives up after half a second, once more after a backoff. */
const QUICK = ['--timeout', '0.5', '--retries', '1'];

// ----- the cells

interface Cell {
  /** The fault, as the matrix's column names it. */
  fault: string;
  /** The command's arguments. */
  args: string[];
  /** Each file the run is asked to write, with the server's bytes for it. */
  files: Record<string, Buffer>;
  /** Files there before the run, with their old bytes. */
  seed?: Record<string, string>;
  /** The fake server's options beyond the matrix's own. */
  server?: FakeOptions;
  /** The directory is a tmpfs of 64 KiB: a full disk. */
  tmpfs?: boolean;
  /** Shell commands before wli, in its process (ulimit). */
  shell?: string;
  /** stdout piped into this command. */
  pipe?: string;
  /** The fault set up on the fake before the run. */
  arrange?: (f: FakeWeblate) => void;
  /** What happens while the run is on (a signal, a reader that leaves, an answer released). */
  act?: Act;
  /** The exit code. */
  code: number;
  /** stderr's last lines; null: stderr's reader left before them. */
  summary: RegExp[] | null;
  /** A line stderr has before them (pull's line of a failed file). */
  says?: RegExp;
  /** Files that must be whole though the run failed: the others of a failed file. */
  whole?: string[];
  /** Files that must be as they were: the one that failed. */
  old?: string[];
  /** How many times the cs file was asked for (retries). */
  asked?: number;
  /** What stdout's reader got. */
  stdout?: string;
}

const CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;
const interrupted = (signal: keyof typeof CODES) => [new RegExp(`^${INTERRUPTED[signal]!.replace(/[()]/g, '\\$&')}$`)];
const pulled = (summary: string) => [new RegExp(`^wli: 11 translations: ${summary}$`)];
const ALL_WRITTEN = pulled('4 created, 2 updated, 0 unchanged, 5 skipped, 0 failed');
const CS_FAILED = pulled('4 created, 1 updated, 0 unchanged, 5 skipped, 1 failed');
const failedCs = (why: string) => new RegExp(`^wli: not written: app/src/main/res/values-cs/strings\\.xml \\(demo/android/cs\\): ${why}$`, 'm');
const SERVER_FAILED = /^hint: the server failed; retry later or ask its administrators$/;
const TIMED_OUT = [/^wli: GET http:\S+\/cs\/file\/: timed out after 0\.5s$/, /^hint: the server is slow or unreachable; raise --timeout or retry later$/];
/** The same after the retry (--retries 1): the time taken is the attempts', so the line says how many. */
const TIMED_OUT_TWICE = [/^wli: GET http:\S+\/cs\/file\/: timed out after 0\.5s; 2 attempts$/, TIMED_OUT[1]!];

const PULL: Cell[] = [
  ...(['SIGTERM', 'SIGHUP', 'SIGINT'] as const).map((signal): Cell => ({
    fault: signal,
    args: ['demo'],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: stallBody(1),
    act: signalMidBody(signal, dirname(CS)),
    code: CODES[signal],
    summary: interrupted(signal),
    old: [CS],
  })),
  {
    // Deterministic where the plain signal cells are not: a file failed (its directories made, then
    // left) while its neighbour, in a directory below, was still arriving.
    fault: 'SIGTERM, after one file failed beside another arriving',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: (f) => {
      status503(GUIDE_FILE, Infinity)(f);
      on(REFERENCE_FILE, { kind: 'hold', until: new Promise(() => {}) }, 1)(f);
    },
    act: async (run, { fake }) => {
      await saw(fake, REFERENCE_FILE);
      await said(run, /^wli: not written: docs\/cs\/guide\.md \(demo\/docs\/guide\/cs\): /m);
      run.child.kill('SIGTERM');
    },
    code: 143,
    summary: interrupted('SIGTERM'),
    old: ['docs/cs/guide.md', 'docs/cs/api/reference.md'],
  },
  {
    fault: 'SIGTERM while the lists are read',
    args: ['demo'],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: on(GLOSSARY_LIST, { kind: 'stall' }, 1),
    act: signalAt('SIGTERM', GLOSSARY_LIST),
    code: 143,
    summary: interrupted('SIGTERM'),
    old: Object.keys(PULLED),
  },
  {
    fault: 'a write failing mid-stream (ulimit -f)',
    args: ['demo'],
    files: { ...PULL_FILES, [CS]: BIG_CS },
    seed: PULL_SEED,
    shell: ULIMIT,
    arrange: bigCs,
    code: 7,
    says: failedCs(
      'cannot write app/src/main/res/values-cs/strings.xml: file too large for the file size limit \\(ulimit -f\\) or the file system \\(EFBIG\\)',
    ),
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
  },
  {
    fault: 'a write failing mid-stream (a full disk)',
    args: ['demo'],
    files: { ...PULL_FILES, [CS]: BIG_CS },
    seed: PULL_SEED,
    tmpfs: true,
    arrange: bigCs,
    code: 7,
    says: failedCs('cannot write app/src/main/res/values-cs/strings.xml: no space left on the device \\(ENOSPC\\)'),
    summary: pulled('\\d created, \\d updated, 0 unchanged, 5 skipped, \\d failed'),
    old: [CS],
  },
  {
    fault: 'the reader leaving (-f jsonl | head -1)',
    args: ['demo', '-f', 'jsonl', '--concurrency', '1'],
    files: PULL_FILES,
    seed: PULL_SEED,
    pipe: 'head -1',
    ...readerLeaves(),
    code: 0,
    summary: ALL_WRITTEN,
    stdout: `${JSON.stringify({
      wli_target: 'demo/android/en',
      wli_project: 'demo',
      wli_component: 'android',
      wli_language: 'en',
      target: 'demo/android/en',
      language: 'en',
      path: 'app/src/main/res/values/strings.xml',
      status: 'skipped',
      bytes: null,
      reason: 'the source translation (--source pulls it)',
    })}\n`,
  },
  {
    fault: "the reader leaving (stderr's)",
    args: ['demo'],
    files: PULL_FILES,
    seed: PULL_SEED,
    ...stderrLeaves(),
    code: 0,
    summary: null,
  },
  {
    fault: 'a stalled file (no answer)',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: stall(Infinity),
    code: 1,
    says: failedCs('GET http:\\S+/cs/file/: timed out after 0\\.5s; 2 attempts'),
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 2,
  },
  {
    fault: 'a stalled file (its body)',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: stallBody(Infinity),
    code: 1,
    says: failedCs('GET http:\\S+/cs/file/: timed out after 0\\.5s; 2 attempts'),
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 2,
  },
  {
    fault: 'a stalled file, once (retried)',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: stall(1),
    code: 0,
    summary: ALL_WRITTEN,
    asked: 2,
  },
  {
    fault: "a 5xx mid-list (the second component's translations)",
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: status503(GLOSSARY_LIST, Infinity),
    code: 1,
    summary: [
      /^wli: GET http:\S+\/api\/components\/demo\/glossary\/translations\/\?page_size=1000 failed: HTTP 503 Service Unavailable: 503 Server Error; 2 attempts$/,
      SERVER_FAILED,
    ],
    old: Object.keys(PULLED),
  },
  {
    fault: 'a 5xx mid-list (its second page)',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    // A server that pages by 2 whatever is asked: android's five translations come in three pages.
    server: { honourPageSize: false, defaultPageSize: 2 },
    arrange: (f) =>
      f.fault((q) => q.path === '/api/components/demo/android/translations/' && q.query.get('page') === '2', { kind: 'status', status: 503 }, Infinity),
    code: 1,
    summary: [
      /^wli: GET http:\S+\/api\/components\/demo\/android\/translations\/\?page_size=1000&page=2 failed: HTTP 503 Service Unavailable: 503 Server Error; 2 attempts$/,
      SERVER_FAILED,
    ],
    old: Object.keys(PULLED),
  },
  {
    fault: 'a 5xx on one file',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: status503(CS_FILE, Infinity),
    code: 1,
    says: failedCs('GET http:\\S+/cs/file/ failed: HTTP 503 Service Unavailable: 503 Server Error; 2 attempts'),
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 2,
  },
  {
    fault: 'a 5xx on every file, into a --dir it made',
    args: ['demo', '--dir', 'out/l10n', ...QUICK],
    files: Object.fromEntries(Object.entries(PULL_FILES).map(([path, bytes]) => [`out/l10n/${path}`, bytes])),
    arrange: (f) => f.fault((q) => q.path.endsWith('/file/'), { kind: 'status', status: 503 }, Infinity),
    code: 1,
    summary: pulled('0 created, 0 updated, 0 unchanged, 5 skipped, 6 failed'),
    old: Object.keys(PULLED).map((path) => `out/l10n/${path}`),
  },
  {
    fault: 'a 5xx on one file, once (retried)',
    args: ['demo', ...QUICK],
    files: PULL_FILES,
    seed: PULL_SEED,
    arrange: status503(CS_FILE, 1),
    code: 0,
    summary: ALL_WRITTEN,
    asked: 2,
  }, // Issue 34: a hostile server names the file (cs's filename): the checkout's .git and its other files
  // stay as they were, the other translations are written whole, the refused one is never asked for.
  ...(
    [
      ['.git/config', 'inside a version-control folder \\(\\.git\\)'],
      ['.GIT/hooks/pre-commit', 'inside a version-control folder \\(\\.GIT\\)'],
      ['.git./x', 'inside a version-control folder \\(\\.git\\.\\)'],
      ['GIT~1/config', 'inside a version-control folder \\(GIT~1\\)'],
      ['.github/workflows/x.yml', 'in a hidden folder or file \\(\\.github\\)'],
      ['package.json', "not the one Weblate's rule gives this translation"],
      // Issue 45: inside the filemask, but another language's file (values-fr for cs).
      [ANDROID('fr'), "not the one Weblate's rule gives this translation"],
    ] as const
  ).map(([name, why]): Cell => ({
    fault: `a hostile filename: ${name}`,
    args: ['demo'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path !== CS)),
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => f.filenames({ 'demo/android/cs': name }),
    code: 1,
    says: new RegExp(`^wli: not written: ${name.replace(/[.~]/g, '\\$&')} \\(demo/android/cs\\): the server's filename is ${why}`, 'm'),
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 0,
  })),
  {
    fault: 'a hostile filemask that points into .git/ (with --allow-hidden)',
    args: ['demo', '--allow-hidden'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path !== CS)),
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => {
      f.componentFiles({ 'demo/android': { filemask: '.git/*/config', template: '' } });
      f.filenames({
        'demo/android/cs': '.git/cs/config',
        'demo/android/ar': '.git/ar/config',
        'demo/android/de': '.git/de/config',
        'demo/android/ja': '.git/ja/config',
      });
    },
    code: 1,
    says: /^wli: not written: \.git\/cs\/config \(demo\/android\/cs\): the server's filename is inside a version-control folder \(\.git\)/m,
    summary: pulled('2 created, 0 updated, 0 unchanged, 5 skipped, 4 failed'),
    whole: ['docs/cs/guide.md', 'docs/cs/api/reference.md'],
    old: [CS, ANDROID('de')],
    asked: 0,
  },
  {
    fault: 'a hidden filename inside its filemask, with --allow-hidden: written',
    args: ['demo', '--allow-hidden'],
    files: {
      ...Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path.startsWith('docs/'))),
      ...Object.fromEntries(['ar', 'cs', 'de', 'ja'].map((l) => [`.github/workflows/${l}.yml`, fakeFileBytes(`demo/android/${l}`, false, null)])),
    },
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => {
      f.componentFiles({ 'demo/android': { filemask: '.github/workflows/*.yml', template: '' } });
      f.filenames(Object.fromEntries(['ar', 'cs', 'de', 'ja'].map((l) => [`demo/android/${l}`, `.github/workflows/${l}.yml`])));
    },
    code: 0,
    summary: pulled('6 created, 0 updated, 0 unchanged, 5 skipped, 0 failed'),
  },
  {
    // Issue 45: the template is the source translation's file; another language's never lands there.
    fault: "a filename that is the component's template: refused",
    args: ['demo'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path !== CS)),
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => f.filenames({ 'demo/android/cs': 'app/src/main/res/values/strings.xml' }),
    code: 1,
    says: /^wli: not written: app\/src\/main\/res\/values\/strings\.xml \(demo\/android\/cs\): the server's filename is its component's template, the source translation's own file: never written for another language$/m,
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 0,
  },
  {
    // Issue 45: package.json as the template and cs's filename: Android XML over package.json, exit 0.
    fault: "package.json as the component's template and cs's filename: refused",
    args: ['demo'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path !== CS)),
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => {
      f.componentFiles({ 'demo/android': { filemask: 'app/src/main/res/values-*/strings.xml', template: 'package.json' } });
      f.filenames({ 'demo/android/cs': 'package.json' });
    },
    code: 1,
    says: /^wli: not written: package\.json \(demo\/android\/cs\): the server's filename is its component's template, the source translation's own file/m,
    summary: CS_FAILED,
    whole: others(CS),
    old: [CS],
    asked: 0,
  },
  {
    // Issue 45: a filemask of a bare * and a language code gradlew: gradlew replaced, its executable bit kept.
    fault: 'a filemask "*" and the language code gradlew: refused, gradlew kept',
    args: ['demo'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path.startsWith('docs/'))),
    seed: { ...PULL_SEED, ...CHECKOUT, gradlew: '#!/bin/sh\nexec java -jar gradle/wrapper/gradle-wrapper.jar "$@"\n' },
    arrange: (f) => {
      f.componentFiles({ 'demo/android': { filemask: '*', template: '' } });
      f.languageCodes({ 'demo/android/cs': 'gradlew' });
      f.filenames({ 'demo/android/cs': 'gradlew' });
    },
    code: 1,
    says: /^wli: not written: gradlew \(demo\/android\/cs\): its component's filemask \(\*\) names any file of its folder \(a bare \*\): no file of it is written$/m,
    summary: pulled('2 created, 0 updated, 0 unchanged, 5 skipped, 4 failed'),
    old: [CS, ANDROID('de')],
    asked: 0,
  },
  {
    // Issue 45: the record of layouts is never a translation's file, whatever the mask and code.
    fault: 'a filename that is the record of layouts (wli-layout.json): refused',
    args: ['demo'],
    files: Object.fromEntries(Object.entries(PULL_FILES).filter(([path]) => path.startsWith('docs/'))),
    seed: { ...PULL_SEED, ...CHECKOUT },
    arrange: (f) => {
      f.componentFiles({ 'demo/android': { filemask: 'wli-layout.*', template: '' } });
      f.languageCodes({ 'demo/android/cs': 'json' });
      f.filenames({ 'demo/android/cs': 'wli-layout.json' });
    },
    code: 1,
    says: /^wli: not written: wli-layout\.json \(demo\/android\/cs\): the server's filename is wli's record of the component layouts \(wli-layout\.json\), which no server's filename may replace$/m,
    summary: pulled('2 created, 0 updated, 0 unchanged, 5 skipped, 4 failed'),
    old: [CS, ANDROID('de')],
    asked: 0,
  },
];

const SAVED_CS = [new RegExp(`^wli: saved cs\\.xml \\(${CS_BYTES.length} bytes\\)$`)];
const TO_CS = ['demo/android/cs', '-o', 'cs.xml'];
const CS_XML = { 'cs.xml': CS_BYTES };
const OLD_CS_XML = { 'cs.xml': 'old cs\n' };

const DOWNLOAD: Cell[] = [
  ...(['SIGTERM', 'SIGHUP', 'SIGINT'] as const).map((signal): Cell => ({
    fault: signal,
    args: TO_CS,
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: stallBody(1),
    act: signalMidBody(signal, '.'),
    code: CODES[signal],
    summary: interrupted(signal),
    old: ['cs.xml'],
  })),
  {
    fault: 'SIGTERM, into directories it made',
    args: ['demo/android/cs', '-o', 'new/deep/cs.xml'],
    files: { 'new/deep/cs.xml': CS_BYTES },
    arrange: stallBody(1),
    act: signalMidBody('SIGTERM', 'new/deep'),
    code: 143,
    summary: interrupted('SIGTERM'),
    old: ['new/deep/cs.xml'],
  },
  {
    fault: 'SIGTERM, into -o DIR/ it made (a file not named yet)',
    args: ['demo/android/cs', '-o', 'out/'],
    files: { 'out/demo-android-cs.xml': CS_BYTES },
    arrange: stallBody(1),
    act: signalMidBody('SIGTERM', 'out'),
    code: 143,
    summary: interrupted('SIGTERM'),
    old: ['out/demo-android-cs.xml'],
  },
  {
    fault: 'SIGTERM before the first byte',
    args: TO_CS,
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: stall(1),
    act: signalAt('SIGTERM', CS_FILE),
    code: 143,
    summary: interrupted('SIGTERM'),
    old: ['cs.xml'],
  },
  {
    fault: 'a write failing mid-stream (ulimit -f)',
    args: ['big/strings/xx', '-o', 'xx.po'],
    files: { 'xx.po': BIG_BYTES },
    seed: { 'xx.po': 'old xx\n' },
    shell: ULIMIT,
    code: 7,
    summary: [
      /^wli: cannot write xx\.po: file too large for the file size limit \(ulimit -f\) or the file system \(EFBIG\)$/,
      /^hint: raise the limit, or write elsewhere$/,
    ],
    old: ['xx.po'],
  },
  {
    fault: 'a write failing mid-stream (a full disk)',
    args: ['big/strings/xx', '-o', 'new/xx.po'],
    files: { 'new/xx.po': BIG_BYTES },
    tmpfs: true,
    code: 7,
    summary: [/^wli: cannot write new\/xx\.po: no space left on the device \(ENOSPC\)$/, /^hint: free some space, or write elsewhere$/],
    old: ['new/xx.po'],
  },
  {
    fault: 'the reader leaving (stdout | head -c 10)',
    args: ['big/strings/xx'],
    files: {},
    pipe: 'head -c 10',
    code: 0,
    summary: [/^$/],
    stdout: BIG_BYTES.subarray(0, 10).toString(),
  },
  {
    fault: "the reader leaving (-o FILE: stderr's)",
    args: TO_CS,
    files: CS_XML,
    seed: OLD_CS_XML,
    ...stderrLeaves(),
    code: 0,
    summary: null,
  },
  {
    fault: 'a stalled file (no answer)',
    args: [...TO_CS, ...QUICK],
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: stall(Infinity),
    code: 1,
    summary: TIMED_OUT_TWICE,
    old: ['cs.xml'],
    asked: 2,
  },
  {
    fault: 'a stalled file (its body)',
    args: [...TO_CS, ...QUICK],
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: stallBody(Infinity),
    code: 1,
    summary: TIMED_OUT_TWICE,
    old: ['cs.xml'],
    asked: 2,
  },
  {
    fault: 'a stalled file (its body, to stdout: not retried)',
    args: ['demo/android/cs', ...QUICK],
    files: {},
    arrange: stallBody(Infinity),
    code: 1,
    // What reached stdout is said to be incomplete, with its size: a script's redirect holds half a file.
    summary: [
      new RegExp(
        `^wli: GET http:\\S+\\/cs\\/file\\/: timed out after 0\\.5s: stdout holds an incomplete file \\(${Math.floor(CS_BYTES.length / 2)} bytes written\\)$`,
      ),
      /^hint: the server is slow or unreachable; raise --timeout or retry later; with -o FILE a download is written whole or not at all$/,
    ],
    asked: 1,
    stdout: CS_BYTES.subarray(0, Math.floor(CS_BYTES.length / 2)).toString(),
  },
  {
    fault: 'a stalled file, once (retried)',
    args: [...TO_CS, ...QUICK],
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: stall(1),
    code: 0,
    summary: SAVED_CS,
    asked: 2,
  },
  {
    fault: 'a 5xx (its one file)',
    args: [...TO_CS, ...QUICK],
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: status503(CS_FILE, Infinity),
    code: 1,
    summary: [/^wli: GET http:\S+\/cs\/file\/ failed: HTTP 503 Service Unavailable: 503 Server Error; 2 attempts$/, SERVER_FAILED],
    old: ['cs.xml'],
    asked: 2,
  },
  {
    fault: 'a 5xx, once (retried)',
    args: [...TO_CS, ...QUICK],
    files: CS_XML,
    seed: OLD_CS_XML,
    arrange: status503(CS_FILE, 1),
    code: 0,
    summary: SAVED_CS,
    asked: 2,
  },
  {
    // Issue 34: the name the server gives (-o DIR/) replaces only the file wli predicts.
    fault: 'a Content-Disposition naming an existing file (package.json)',
    args: ['demo/android/cs', '-o', './'],
    files: {},
    seed: CHECKOUT,
    arrange: on(
      CS_FILE,
      { kind: 'status', status: 200, body: 'x', contentType: 'application/xml', headers: { 'Content-Disposition': 'attachment; filename="package.json"' } },
      1,
    ),
    code: 7,
    summary: [/^wli: \.\/package\.json exists and is not this translation's file: /, /^hint: to replace it, name it yourself: -o \.\/package\.json; /],
  },
  {
    fault: 'a Content-Disposition naming the predicted file (demo-android-cs.xml): replaced',
    args: ['demo/android/cs', '-o', './'],
    files: { 'demo-android-cs.xml': CS_BYTES },
    seed: { ...CHECKOUT, 'demo-android-cs.xml': 'old cs\n' },
    code: 0,
    summary: [new RegExp(`^wli: saved \\./demo-android-cs\\.xml \\(${CS_BYTES.length} bytes\\)$`)],
  },
];

// ----- the invariants

/** Every directory and file under `root`, relative. */
interface Tree {
  dirs: Set<string>;
  files: Map<string, Buffer>;
}

function treeOf(root: string): Tree {
  const tree: Tree = { dirs: new Set(), files: new Map() };
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name).slice(root.length + 1);
    if (e.isDirectory()) tree.dirs.add(path);
    else tree.files.set(path, readFileSync(join(root, path)));
  }
  return tree;
}

/** Whatever the fault, the same four things hold. */
function check(cell: Cell, before: Tree, after: Tree, r: { code: number; stdout: string; stderr: string }, requests: readonly RecordedRequest[]): void {
  const why = `stderr:\n${r.stderr}`;
  // (a) The exit code; exit 0 only when every file asked for is whole; otherwise each file old or whole, never half.
  expect(r.code, why).toBe(cell.code);
  const wholeAt = (path: string) => after.files.get(path)?.equals(cell.files[path]!) === true;
  const oldAt = (path: string) => after.files.get(path)?.toString() === before.files.get(path)?.toString();
  for (const path of Object.keys(cell.files)) {
    if (cell.code === 0 || cell.whole?.includes(path)) expect(wholeAt(path), `${path} whole; ${why}`).toBe(true);
    else if (cell.old?.includes(path)) expect(oldAt(path), `${path} as it was; ${why}`).toBe(true);
    else expect(wholeAt(path) || oldAt(path), `${path} whole or as it was; ${why}`).toBe(true);
  }
  // Nothing else written, nothing else changed (but pull's record of layouts, (e)).
  const rest = (t: Tree) => [...t.files].filter(([path]) => !(path in cell.files) && basename(path) !== LAYOUT_FILE).sort(([a], [b]) => (a < b ? -1 : 1));
  expect(rest(after), why).toEqual(rest(before));
  // (b) No temporary file anywhere.
  expect([...after.files.keys()].filter((f) => /\.wli-[^/]*\.tmp$/.test(basename(f)))).toEqual([]);
  // (c) A directory wli made holds a file it wrote whole.
  const written = Object.keys(cell.files).filter(wholeAt);
  // (e) pull's record of layouts (issue 45): written with the first file kept, whole (JSON) or not at all,
  // and only where a file was: a run that wrote nothing leaves none.
  for (const [path, bytes] of after.files) {
    if (basename(path) !== LAYOUT_FILE || before.files.has(path)) continue;
    expect(() => JSON.parse(bytes.toString()) as unknown, `${path} whole; ${why}`).not.toThrow();
    expect(written.length, `${path} with no file written; ${why}`).toBeGreaterThan(0);
  }
  const empty = [...after.dirs].filter((d) => !before.dirs.has(d) && !written.some((f) => f.startsWith(`${d}/`)));
  expect(empty, why).toEqual([]);
  // (d) The summary: stderr's last lines (none when its reader left before them).
  if (cell.summary) {
    const last = r.stderr.replace(/\n$/, '').split('\n').slice(-cell.summary.length);
    expect(last, why).toEqual(cell.summary.map((line) => expect.stringMatching(line)));
  }
  if (cell.says) expect(r.stderr, why).toMatch(cell.says);
  // What the cell itself adds: the retries made, what stdout's reader got.
  if (cell.asked !== undefined) expect(requests.filter((q) => q.path === CS_FILE)).toHaveLength(cell.asked);
  if (cell.stdout !== undefined) expect(r.stdout).toBe(cell.stdout);
}

// ----- the matrix

/** A tmpfs of 64 KiB at `at`, or the reason it cannot be had. */
function mountTmpfs(at: string): string | undefined {
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', at], { encoding: 'utf8' });
  return r.status === 0 ? undefined : `a tmpfs cannot be mounted here (root only): ${(r.stderr || String(r.error)).trim()}`;
}

describe.runIf(posix).each([
  ['pull', PULL],
  ['download', DOWNLOAD],
] as const)('%s under faults: exit 0 only with every file whole, no temporary file, no empty directory, a summary', (command, cells) => {
  it.for(cells)('$fault: exit $code', { timeout: 15_000 }, async (cell, ctx) => {
    let root = dir;
    if (cell.tmpfs) {
      if (process.platform !== 'linux') ctx.skip('a tmpfs is Linux’s');
      root = join(dir, 'tmpfs');
      mkdirSync(root);
      const refused = mountTmpfs(root);
      // CI (.ci/run) runs as root and sets WLI_REQUIRE_TMPFS=1: there a full disk is a cell that must run.
      if (refused && REQUIRE_TMPFS) throw new Error(`${refused} (WLI_REQUIRE_TMPFS=1: the full-disk cells must run)`);
      if (refused) {
        console.warn(`skipped: ${ctx.task.fullName}: ${refused}`);
        ctx.skip(refused);
      }
      mounted = root;
    }
    for (const [path, bytes] of Object.entries(cell.seed ?? {})) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), bytes);
    }
    const before = treeOf(root);
    // A fake of its own per cell: faults that last (every retry) never reach the next cell. Files sent
    // as they are (no gzip), so the first half of a stalled body is bytes in the temporary file.
    fake = await startFakeWeblate({ fileGzip: false, ...cell.server });
    cell.arrange?.(fake);
    const run = start([command, ...cell.args], { env: { WLI_URL: fake.url, XDG_CACHE_HOME: cache }, cwd: root, shell: cell.shell, pipe: cell.pipe });
    await cell.act?.(run, { fake, root });
    const r = await run.ended;
    check(cell, before, treeOf(root), r, fake.requests);
  });
});
