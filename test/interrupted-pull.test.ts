// Issue 36.2: a pull ended by a signal reports every file it renamed into place before it ends: on
// stderr and as -f records, in order. The files that finished while an earlier one was still arriving
// waited for their turn in the report; the signal must not drop them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeFileBytes, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { INTERRUPTED, filesIn, start, whenNames, writing } from './support/spawn.js';

let fake: FakeWeblate;
let dir: string;
beforeAll(async () => {
  fake = await startFakeWeblate({ fileGzip: false });
});
afterAll(() => fake.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-interrupted-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const RES = 'app/src/main/res';
const ANDROID = (l: string) => `${RES}/values-${l}/strings.xml`;

/** Resolves once `path` (under dir) exists: watched through its directories' change events. */
async function exists(path: string): Promise<void> {
  const parts = path.split('/');
  for (let k = 1; k <= parts.length; k++) {
    const parent = join(dir, ...parts.slice(0, k - 1));
    await whenNames(parent, (names) => names.includes(parts[k - 1]!));
  }
}

describe.runIf(process.platform !== 'win32')('36.2: an interrupted pull reports every file it wrote', () => {
  it.for(['SIGTERM', 'SIGINT'] as const)('%s while cs arrives, de and ja already in place: stderr and -f jsonl name ar, de and ja', async (signal) => {
    mkdirSync(join(dir, RES, 'values-cs'), { recursive: true });
    writeFileSync(join(dir, ANDROID('cs')), 'previous');
    fake.fault('/api/translations/demo/android/cs/file/', { kind: 'stallBody' });
    const run = start(['pull', 'demo/android', '-f', 'jsonl'], { env: { WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, '.cache') }, cwd: dir });
    await writing(join(dir, RES, 'values-cs'));
    for (const l of ['ar', 'de', 'ja']) await exists(ANDROID(l));
    run.child.kill(signal);
    const r = await run.ended;
    expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
    const written = ['ar', 'de', 'ja'];
    for (const l of written) expect(readFileSync(join(dir, ANDROID(l))).equals(fakeFileBytes(`demo/android/${l}`, false, null)), l).toBe(true);
    expect(readFileSync(join(dir, ANDROID('cs')), 'utf8')).toBe('previous');
    expect(filesIn(dir)).toEqual(['ar', 'cs', 'de', 'ja'].map(ANDROID));
    // stderr: one line per file written, in order, then the interruption.
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('wli: created'));
    expect(lines.map((l) => /values-(\w+)\//.exec(l)?.[1])).toEqual(written);
    expect(r.stderr.endsWith(`${INTERRUPTED[signal]}\n`), r.stderr).toBe(true);
    // -f jsonl: a record for each of them, in order.
    const records = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { wli_language: string; status: string; path: string });
    expect(records.filter((x) => x.status === 'created').map((x) => x.wli_language)).toEqual(written);
    for (const x of records.filter((x) => x.status === 'created')) expect(existsSync(join(dir, x.path)), x.path).toBe(true);
  });
});
