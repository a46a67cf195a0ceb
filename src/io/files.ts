// Files a user keeps (downloads, caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure the old file stays as it was and no temporary file
// remains.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
 * Streams chunks into `path` through a temporary file, synced before the rename: a cut connection, a
 * timeout or Ctrl-C (the chunks throw) leaves the old file as it was. Returns the bytes written.
 */
export async function writeStreamAtomic(path: string, chunks: AsyncIterable<Uint8Array>, onBytes?: (bytes: number) => void, mode = 0o644): Promise<number> {
  const tmp = temporaryFor(path);
  const fd = openSync(tmp, 'wx', mode);
  let open = true;
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      writeSync(fd, chunk);
      bytes += chunk.length;
      onBytes?.(bytes);
    }
    fsyncSync(fd);
    closeSync(fd);
    open = false;
    renameSync(tmp, path);
    return bytes;
  } finally {
    if (open) closeSync(fd);
    rmSync(tmp, { force: true });
  }
}
