// The record of saved files (src/files/saved.ts), through which download and pull save: a request
// is conditional only on a file proven, byte for byte, to be what was saved from that very URL, with
// the translation's revision unchanged; equal bytes leave a file untouched; a failure leaves the old
// file and no temporary file; records unused for 90 days are removed.
import { beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SavedFiles, savedFilesDir, type SaveInput } from '../src/files/saved.js';
import { PendingFile } from '../src/files/pending.js';
import { Workspace } from '../src/files/workspace.js';
import { msg } from '../src/core/text.js';

let dir: string;
let saved: SavedFiles;
const URL_PLAIN = 'https://weblate.example/api/translations/p/c/cs/file/';
const URL_PO = `${URL_PLAIN}?format=po`;
const LM = 'Wed, 21 Oct 2026 07:28:00 GMT';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wli-saved-'));
  saved = new SavedFiles(join(dir, 'cache', 'saved'));
  return () => rmSync(dir, { recursive: true, force: true });
});

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield Buffer.from(p);
}

const REV = 'a1b2c3,d4e5f6';
const answer = (text: string, revision: string | null = REV) => ({
  chunks: chunks(text),
  validators: { lastModified: LM, etag: '"v1"' },
  revision: revision ?? undefined,
});

/** SavedFiles.save as the save path calls it: into a pending file made ready first, discarded after. */
async function saveWith(s: SavedFiles, dest: string, url: string, input: Omit<SaveInput, 'file' | 'shown'>) {
  const file = await PendingFile.open(new Workspace(), { dir: dirname(dest), file: dest }, msg`${dest}`);
  try {
    return await s.save(dest, url, { ...input, file, shown: msg`${dest}` });
  } finally {
    await file.discard();
  }
}

async function saveFresh(dest: string, url: string, text: string) {
  return saveWith(saved, dest, url, answer(text));
}

describe('SavedFiles', () => {
  it('lives in $XDG_CACHE_HOME/wli/saved (~/.cache/wli/saved)', () => {
    expect(savedFilesDir({ XDG_CACHE_HOME: '/c' }, '/home/u')).toBe('/c/wli/saved');
    expect(savedFilesDir({}, '/home/u')).toBe('/home/u/.cache/wli/saved');
  });

  it('created, then unchanged (the file untouched: same inode, same time), then updated', async () => {
    const f = join(dir, 'cs.po');
    expect(await saveFresh(f, URL_PLAIN, 'one')).toEqual({ outcome: 'created', bytes: 3 });
    const before = statSync(f);
    expect(await saveFresh(f, URL_PLAIN, 'one')).toEqual({ outcome: 'unchanged', bytes: 3 });
    const after = statSync(f);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(await saveFresh(f, URL_PLAIN, 'two!')).toEqual({ outcome: 'updated', bytes: 4 });
    expect(readFileSync(f, 'utf8')).toBe('two!');
    expect(readdirSync(dir).sort()).toEqual(['cache', 'cs.po']);
  });

  it('asks conditionally only for the exact bytes it saved from that URL', async () => {
    const f = join(dir, 'cs.po');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({});
    await saveFresh(f, URL_PLAIN, 'server bytes');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({ 'if-modified-since': LM, 'if-none-match': '"v1"' });
    // A converted download of the same translation is another file: never proven by this record.
    expect((await saved.condition(f, URL_PO, REV)).headers).toEqual({});
    // Another path, the same bytes: not proven either.
    writeFileSync(join(dir, 'copy.po'), 'server bytes');
    expect((await saved.condition(join(dir, 'copy.po'), URL_PLAIN, REV)).headers).toEqual({});
    // An edit, whatever its time: no condition.
    writeFileSync(f, 'server byteZ');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({});
    // The old bytes back (another branch's checkout): proven again.
    writeFileSync(f, 'server bytes');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toHaveProperty('if-modified-since', LM);
  });

  it('the revision listed now must be the one recorded: another, none or an empty one proves nothing', async () => {
    const f = join(dir, 'cs.po');
    await saveFresh(f, URL_PLAIN, 'abc');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toHaveProperty('if-modified-since', LM);
    // An upstream commit, msgmerge or a template update: a new revision, Last-Modified as it was.
    expect((await saved.condition(f, URL_PLAIN, 'f00,d4e5f6')).headers).toEqual({});
    expect((await saved.condition(f, URL_PLAIN, undefined)).headers).toEqual({});
    expect((await saved.condition(f, URL_PLAIN, '')).headers).toEqual({});
    // Saved without a revision (a zip): never proven, whatever is listed.
    await saveWith(saved, f, URL_PLAIN, answer('abc', null));
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({});
  });

  it('a record that proves a file is marked as used; records unused for 90 days are removed, at most once a run', async () => {
    const f = join(dir, 'cs.po');
    await saveFresh(f, URL_PLAIN, 'abc');
    const record = saved.recordPath(f, URL_PLAIN);
    const old = new Date(Date.now() - 91 * 86_400_000);
    utimesSync(record, old, old);
    // Another record, unused as long: it goes at the next run's first look over them.
    const stale = join(dir, 'cache', 'saved', '0'.repeat(40) + '.json');
    writeFileSync(stale, '{}');
    utimesSync(stale, old, old);
    rmSync(join(dir, 'cache', 'saved', '.pruned'), { force: true });
    const next = new SavedFiles(join(dir, 'cache', 'saved'));
    expect((await next.condition(f, URL_PLAIN, REV)).headers).toHaveProperty('if-modified-since', LM);
    expect(statSync(record).mtimeMs).toBeGreaterThan(old.getTime() + 86_400_000);
    expect(existsSync(stale)).toBe(false);
    // Looked over once: a record made old afterwards stays until a later run (and a later day).
    writeFileSync(stale, '{}');
    utimesSync(stale, old, old);
    await saveWith(next, join(dir, 'de.po'), URL_PLAIN, answer('x'));
    expect(existsSync(stale)).toBe(true);
    await saveWith(new SavedFiles(join(dir, 'cache', 'saved')), join(dir, 'de.po'), URL_PLAIN, answer('x'));
    expect(existsSync(stale)).toBe(true);
  });

  it('a corrupt or missing record: no condition (a whole request), never a wrong one', async () => {
    const f = join(dir, 'cs.po');
    await saveFresh(f, URL_PLAIN, 'abc');
    writeFileSync(saved.recordPath(f, URL_PLAIN), '{"v":1,"path":');
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({});
    rmSync(join(dir, 'cache'), { recursive: true });
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toEqual({});
  });

  it('bytes that fail half-way leave the old file, no temporary file, and the old record', async () => {
    const f = join(dir, 'cs.po');
    await saveFresh(f, URL_PLAIN, 'old');
    async function* cut(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('ne');
      throw new Error('connection reset');
    }
    await expect(saveWith(saved, f, URL_PLAIN, { chunks: cut(), validators: {} })).rejects.toThrow('connection reset');
    expect(readFileSync(f, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['cache', 'cs.po']);
    expect((await saved.condition(f, URL_PLAIN, REV)).headers).toHaveProperty('if-modified-since', LM);
  });

  it('a replaced file keeps its permissions', async () => {
    const f = join(dir, 'run.sh');
    writeFileSync(f, 'old');
    chmodSync(f, 0o755);
    await saveFresh(f, URL_PLAIN, 'new');
    expect(statSync(f).mode & 0o777).toBe(0o755);
  });

  it.runIf(existsSync('/proc/self'))('a cache under /proc (mkdir refused with ENOENT) is said, not looped on', async () => {
    const failures: unknown[] = [];
    const s = new SavedFiles('/proc/wli-nope/saved', (e) => failures.push(e));
    const f = join(dir, 'a.po');
    expect(await saveWith(s, f, URL_PLAIN, answer('x'))).toEqual({ outcome: 'created', bytes: 1 });
    expect(failures).toHaveLength(1);
  });

  it('a cache that cannot be written is said once, and files are still saved', async () => {
    writeFileSync(join(dir, 'blocker'), 'a file where the cache folder should be');
    const failures: unknown[] = [];
    const s = new SavedFiles(join(dir, 'blocker', 'saved'), (e) => failures.push(e));
    for (const name of ['a.po', 'b.po']) {
      const f = join(dir, name);
      expect(await saveWith(s, f, URL_PLAIN, answer('x'))).toEqual({ outcome: 'created', bytes: 1 });
    }
    expect(failures).toHaveLength(1);
  });
});
