// Files a user keeps (downloads, caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure the old file stays as it was and no temporary file
// remains.
import { mkdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
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
 * A file written whole or not at all, made ready before anything is asked of the server: the missing
 * directories are made (as mkdir -p does) and the temporary file is created in the destination's
 * directory, so a destination that cannot be written at all fails first (exit 7, the path named as the
 * user gave it). `keep` syncs and renames it into place; until then `discard` (always called, in a
 * finally) leaves everything as it was: no temporary file, no directory it made.
 *
 * An existing destination that is not a regular file (/dev/null, /dev/full, a named pipe, /dev/stdout)
 * is written into as it is: renaming over it would replace a device with a file.
 */
export class PendingFile {
  private kept = false;

  private constructor(
    private readonly handle: FileHandle,
    /** The temporary file; undefined when writing straight into a device or pipe. */
    private readonly tmp: string | undefined,
    /** The directories made for it, deepest first: removed again unless the file is kept. */
    private readonly made: string[],
  ) {}

  /** Writing straight into a device or pipe: no temporary file, nothing to rename, no time to set. */
  get direct(): boolean {
    return this.tmp === undefined;
  }

  /**
   * Ready to write into `dir`, or into `file` (inside `dir`) when its name is known. `shown` names the
   * destination as the user gave it, for a failure here.
   */
  static async open(where: { dir: string; file?: string }, shown: Msg, mode = 0o644): Promise<PendingFile> {
    const { dir, file } = where;
    const existing = file === undefined ? undefined : statOrUndefined(file);
    if (file !== undefined && existing && !existing.isFile() && !existing.isDirectory()) {
      try {
        return new PendingFile(await open(file, 'w'), undefined, []);
      } catch (e) {
        throw localFailure(e, shown);
      }
    }
    let made: string[] = [];
    try {
      made = madeDirectories(dir, mkdirSync(dir, { recursive: true }));
    } catch (e) {
      throw localFailure(e, shown, ours(file === undefined ? 'write into' : 'write'));
    }
    const tmp = file === undefined ? temporaryIn(dir) : temporaryFor(file);
    try {
      return new PendingFile(await open(tmp, 'wx', mode), tmp, made);
    } catch (e) {
      removeDirectories(made);
      // A directory that is there and still "does not exist" for a new file: /proc, sysfs.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && statOrUndefined(dir)?.isDirectory()) {
        throw new LocalError(msg`cannot write ${shown}: its directory takes no new files (ENOENT)`, ours('write to a directory of an ordinary file system'), {
          cause: e,
        });
      }
      throw localFailure(e, shown, ours(file === undefined ? 'write into' : 'write'));
    }
  }

  /**
   * Writes the chunks; a failure to write (disk full) names `shown`. A failure of the chunks
   * themselves (a cut connection, Ctrl-C) is passed on as it is. Returns the bytes written.
   */
  async write(chunks: AsyncIterable<Uint8Array>, shown: Msg, onBytes?: (bytes: number) => void): Promise<number> {
    let bytes = 0;
    for await (const chunk of chunks) {
      try {
        for (let at = 0; at < chunk.length;) at += (await this.handle.write(chunk, at, chunk.length - at)).bytesWritten;
      } catch (e) {
        throw localFailure(e, shown);
      }
      bytes += chunk.length;
      onBytes?.(bytes);
    }
    return bytes;
  }

  /** Synced, closed and renamed to `path` (a device or pipe: closed). */
  async keep(path: string, shown: Msg): Promise<void> {
    try {
      if (this.tmp !== undefined) await this.handle.sync();
      await this.handle.close();
      if (this.tmp !== undefined) renameSync(this.tmp, path);
      this.kept = true;
    } catch (e) {
      throw localFailure(e, shown);
    }
  }

  /** Unless kept: the temporary file removed, the directories made for it too (when still empty). */
  async discard(): Promise<void> {
    if (this.kept) return;
    this.kept = true;
    await this.handle.close().catch(() => {});
    if (this.tmp !== undefined) rmSync(this.tmp, { force: true });
    removeDirectories(this.made);
  }
}

/** A temporary file in `dir` for a file whose name is not known yet. */
function temporaryIn(dir: string): string {
  return join(dir, `.wli-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.tmp`);
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** mkdirSync(dir, { recursive }) says the first directory it made: that one and those below it to dir, deepest first. */
function madeDirectories(dir: string, first: string | undefined): string[] {
  if (first === undefined) return [];
  const made: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    made.push(d);
    if (d === resolve(first) || dirname(d) === d) return made;
  }
}

function removeDirectories(made: string[]): void {
  for (const d of made) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}
