// Files a user keeps (downloads, caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure the old file stays as it was and no temporary file
// remains.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
