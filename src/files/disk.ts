// The small file-system steps every write of wli is made of: `mkdir -p` that says which directories it made, a small file written whole or not at all
// (caches, records), text appended to a file another program keeps, hashing, and where a write through
// a symbolic link lands.
import { lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errnoCode, localFailure } from '../core/errors.js';
import { ours, type Msg } from '../core/text.js';

/**
 * `mkdir -p`: each missing directory of `path` made in turn, from the nearest one that exists; returns
 * those it made, deepest first. Not mkdirSync's { recursive: true }: on a file system that refuses a new
 * directory with ENOENT (under /proc), Node's recursive mkdir makes the parent (it exists) and tries
 * again, forever.
 */
export function makeDirectories(path: string, mode = 0o777): string[] {
  const missing: string[] = [];
  for (let at = resolve(path); ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      throw Object.assign(new Error(`not a directory: ${at}`), { code: 'ENOTDIR' });
    } catch (e) {
      if (errnoCode(e) !== 'ENOENT' || dirname(at) === at) throw e;
      missing.push(at);
    }
  }
  const made: string[] = [];
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, mode);
      made.unshift(dir);
    } catch (e) {
      // Made meanwhile (another file of the same run): fine.
      if (errnoCode(e) !== 'EEXIST' || !statSync(dir).isDirectory()) {
        removeDirectories(made);
        throw e;
      }
    }
  }
  return made;
}

/** Each directory removed while empty, deepest first; the first that is not (or cannot go) stops it. */
function removeDirectories(made: readonly string[]): void {
  for (const d of made) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

/**
 * The temporary file a write goes through: beside the destination (same file system), hidden, unique,
 * `.NAME.wli-<pid>-<time>-<random>.tmp`; in `dir` for a file whose name is not known yet,
 * `.wli-<pid>-<time>-<random>.tmp`. The pid tells whose it is after a SIGKILL, when nothing could
 * clean up (files/workspace.ts removes what a killed wli left).
 */
export function temporaryFor(where: { dir: string; file?: string }): string {
  const suffix = `.wli-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.tmp`;
  return where.file === undefined ? join(where.dir, suffix) : join(dirname(where.file), `.${basename(where.file)}${suffix}`);
}

/** A small file (a cache, a record) written whole or not at all: a temporary file beside it, renamed into place. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = temporaryFor({ dir: dirname(path), file: path });
  try {
    writeFileSync(tmp, data, { mode, flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Text added at the end of a file another program keeps and reads (a CI runner's job summary): never
 * truncated nor replaced, made when missing. A failure is the user's situation (exit 7), naming `shown`.
 */
export async function appendText(path: string, text: string, shown: Msg): Promise<void> {
  try {
    await appendFile(path, text, { flag: 'a' });
  } catch (e) {
    throw localFailure(e, shown, ours('append to'));
  }
}

/** The size of a regular file; 0 when there is none (or it is a device such as /dev/null). */
export function fileSize(path: string): number {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}

/**
 * A SHA-256 hasher. node:crypto is loaded on first use, not at every start (docs/performance.md,
 * start-up); process.getBuiltinModule, as for node:zlib in api/request.ts (a vm script on Node 20).
 */
export function sha256Hasher(): { update(data: Uint8Array): unknown; digest(encoding: 'hex'): string } {
  return process.getBuiltinModule('node:crypto').createHash('sha256');
}

/**
 * Where a write to `path` lands: through a symbolic link there, the file it names (a dangling link:
 * the file it would create), as open(2) follows it for curl -o and wget -O; `path` itself otherwise.
 * Replacing that file, not the link, keeps the link.
 */
export function throughLinks(path: string): string {
  let at = path;
  // As the system's own limit on links followed (ELOOP): a loop ends here and fails where it is written.
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) return at;
      target = readlinkSync(at);
    } catch {
      return at;
    }
    at = resolve(dirname(at), target);
  }
  return at;
}

export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Whether anything is at `path` itself (a dangling link included). */
export function occupied(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
