// Files a user keeps (downloads, caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure the old file stays as it was and no temporary file
// remains.
import { mkdirSync, promises, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { LocalError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';

/** What a failed write of the file system means, in words, and what to do. */
const WHY: Record<string, [why: string, hint: string]> = {
  EACCES: ['permission denied', 'check the permissions of the file and its directory, or write elsewhere'],
  EPERM: ['operation not permitted', 'check the permissions of the file and its directory, or write elsewhere'],
  ENOSPC: ['no space left on the device', 'free some space, or write elsewhere'],
  EDQUOT: ['disk quota exceeded', 'free some space, or write elsewhere'],
  EROFS: ['read-only file system', 'write to a writable directory'],
  EISDIR: ['it is a directory', 'name a file, or end the path with / to write into the directory'],
  ENOTDIR: ['a part of the path is a file, not a directory', 'check the path'],
  ENOENT: ['no such directory', 'check the path'],
  EEXIST: ['a file is in the way', 'check the path'],
  ENAMETOOLONG: ['the name is too long', 'choose a shorter path'],
  EIO: ['an input/output error', 'check the disk'],
  EBADF: ['it is closed', 'run without closing it (>&-)'],
  EPIPE: ['the reader went away', ''],
};

/**
 * A failure to write `shown` (the path as the user gave it, never the temporary file) as the
 * user's situation: exit 7, what failed and why. Anything else is passed on as it is.
 */
export function localFailure(e: unknown, shown: Msg, action = ours('write')): unknown {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return e;
  const [why, hint] = WHY[code] ?? [code, ''];
  return new LocalError(msg`cannot ${action} ${shown}: ${ours(why)} (${ours(code)})`, hint ? ours(hint) : undefined, { cause: e });
}

/**
 * `mkdir -p`: each missing directory of `path` made in turn, from the nearest one that exists. Not
 * mkdirSync's { recursive: true }: on a file system that refuses a new directory with ENOENT (under
 * /proc), Node's recursive mkdir makes the parent (it exists) and tries again, forever.
 */
export function makeDirectories(path: string, mode = 0o777): void {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      throw Object.assign(new Error(`not a directory: ${at}`), { code: 'ENOTDIR' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw e;
      missing.push(at);
    }
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, mode);
    } catch (e) {
      // Made meanwhile (another file of the same run): fine.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) throw e;
    }
  }
}

/** The temporary file a write goes through: beside the destination (same file system), hidden, unique. */
export function temporaryFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.wli-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.tmp`);
}

export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = temporaryFor(path);
  try {
    writeFileSync(tmp, data, { mode, flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * A SHA-256 hasher. node:crypto is loaded on first use, not at every start (docs/performance.md,
 * start-up); process.getBuiltinModule, as for node:zlib in api/request.ts (a vm script on Node 20).
 */
export function sha256Hasher(): { update(data: Uint8Array): unknown; digest(encoding: 'hex'): string } {
  return process.getBuiltinModule('node:crypto').createHash('sha256');
}

/** What a streamed write did: the bytes and their SHA-256 (hex), and whether the file was replaced. */
export interface StreamedFile {
  bytes: number;
  sha256: string;
  /** False when `replace` kept the file there as it was (the temporary file was thrown away). */
  replaced: boolean;
}

export interface StreamOptions {
  onBytes?: (bytes: number) => void;
  /** The new file's permissions (before the umask). */
  mode?: number;
  /**
   * Asked once every byte is in the temporary file, before the rename: false keeps the file there
   * untouched (same inode, same time), as when its bytes are already these.
   */
  replace?: (written: { bytes: number; sha256: string }) => boolean | Promise<boolean>;
}

/**
 * Streams chunks into `path` through a temporary file, hashing them on the way, synced before the
 * rename (a file left as it was is not synced): a cut connection, a timeout or Ctrl-C (the chunks
 * throw) leaves the old file as it was, and no temporary file remains whatever happens. The writes
 * and the sync go through the thread pool (fs.promises), so files written side by side (pull) wait
 * for the disk together, not one after another, and answers keep arriving meanwhile.
 */
export async function streamToFile(path: string, chunks: AsyncIterable<Uint8Array>, o: StreamOptions = {}): Promise<StreamedFile> {
  const tmp = temporaryFor(path);
  const file = await promises.open(tmp, 'wx', o.mode ?? 0o644);
  const hash = sha256Hasher();
  let open = true;
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      await file.write(chunk);
      hash.update(chunk);
      bytes += chunk.length;
      o.onBytes?.(bytes);
    }
    const sha256 = hash.digest('hex');
    const replaced = o.replace ? await o.replace({ bytes, sha256 }) : true;
    // Synced only when it replaces the file: a file left as it was costs no flush to the disk.
    if (replaced) await file.sync();
    open = false;
    await file.close();
    if (replaced) await promises.rename(tmp, path);
    return { bytes, sha256, replaced };
  } finally {
    if (open) await file.close().catch(() => {});
    await promises.rm(tmp, { force: true });
  }
}

/**
 * Streams chunks into `path` through a temporary file (streamToFile): a cut connection, a timeout or
 * Ctrl-C leaves the old file as it was. Returns the bytes written.
 */
export async function writeStreamAtomic(path: string, chunks: AsyncIterable<Uint8Array>, onBytes?: (bytes: number) => void, mode = 0o644): Promise<number> {
  return (await streamToFile(path, chunks, { onBytes, mode })).bytes;
}
