// Files a user keeps (caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure the old file stays as it was and no temporary
// file remains. (Downloads stream through the same rule in commands/download.ts.)
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, data, { mode });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
