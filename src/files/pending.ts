// Files a user keeps (downloads, translations) are written whole or not at all: a temporary file beside
// the destination, renamed into place; on any failure or signal the old file stays as it was and no
// temporary file remains. The temporary files and the directories made for them are the run's
// workspace's (files/workspace.ts), which removes them whatever ends the run.
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { LocalError, errnoCode, localFailure } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { sha256Hasher, statOrUndefined, temporaryFor } from './disk.js';
import type { Workspace } from './workspace.js';

/** What was written: the bytes and their SHA-256 (hex). */
interface Written {
  bytes: number;
  sha256: string;
}
/**
 * A file written whole or not at all, made ready before anything is asked of the server: the missing
 * directories are made (as mkdir -p does) and the temporary file is created in the destination's
 * directory, so a destination that cannot be written at all fails first (exit 7, the path named as the
 * user gave it); the temporary files a killed wli left in that directory go then, at the run's first
 * file there (Workspace.sweep).
 * The bytes are hashed as they are written. `keep` syncs and renames it into place, or
 * leaves the file there untouched when its bytes are already these; until then `discard` (always
 * called, in a finally) leaves everything as it was: no temporary file, no directory it made.
 *
 * An existing destination that is not a regular file (/dev/null, /dev/full, a named pipe, /dev/stdout)
 * is written into as it is: renaming over it would replace a device with a file.
 */
export class PendingFile {
  private kept = false;
  private hash = sha256Hasher();
  private bytes = 0;

  private constructor(
    private readonly workspace: Workspace,
    private readonly handle: FileHandle,
    /** The temporary file; undefined when writing straight into a device or pipe. */
    private readonly tmp: string | undefined,
    /** The directories this process made that it lies in, deepest first: removed again unless a file is kept there. */
    private readonly held: string[],
  ) {
    if (tmp !== undefined) workspace.track(tmp);
  }

  /** Writing straight into a device or pipe: no temporary file, nothing to rename, no time to set. */
  get direct(): boolean {
    return this.tmp === undefined;
  }

  /**
   * Ready to write into `dir`, or into `file` (inside `dir`) when its name is known. `shown` names the
   * destination as the user gave it, for a failure here.
   */
  static async open(workspace: Workspace, where: { dir: string; file?: string }, shown: Msg, mode = 0o644): Promise<PendingFile> {
    const { dir, file } = where;
    const existing = file === undefined ? undefined : statOrUndefined(file);
    if (file !== undefined && existing && !existing.isFile() && !existing.isDirectory()) {
      try {
        return new PendingFile(workspace, await open(file, 'w'), undefined, []);
      } catch (e) {
        throw localFailure(e, shown);
      }
    }
    const action = ours(file === undefined ? 'write into' : 'write');
    let held: string[];
    try {
      held = workspace.hold(dir);
    } catch (e) {
      throw localFailure(e, shown, action);
    }
    workspace.sweep(dir);
    const tmp = temporaryFor(where);
    try {
      return new PendingFile(workspace, await open(tmp, 'wx', mode), tmp, held);
    } catch (e) {
      workspace.release(held, true);
      // A directory that is there and still "does not exist" for a new file: /proc, sysfs.
      if (errnoCode(e) === 'ENOENT' && statOrUndefined(dir)?.isDirectory()) {
        throw new LocalError(msg`cannot write ${shown}: its directory takes no new files (ENOENT)`, ours('write to a directory of an ordinary file system'), {
          cause: e,
        });
      }
      throw localFailure(e, shown, action);
    }
  }

  /**
   * Writes the chunks (the writes go through the thread pool, so files written side by side wait for
   * the disk together); a failure to write (disk full) names `shown`. A failure of the chunks
   * themselves (a cut connection, Ctrl-C) is passed on as it is.
   */
  async write(chunks: AsyncIterable<Uint8Array>, shown: Msg, onBytes?: (bytes: number) => void): Promise<Written> {
    for await (const chunk of chunks) {
      try {
        // At its place in the file (a temporary file may have been started over); a pipe has no place.
        for (let at = 0; at < chunk.length;) {
          at += (await this.handle.write(chunk, at, chunk.length - at, this.direct ? null : this.bytes + at)).bytesWritten;
        }
      } catch (e) {
        throw localFailure(e, shown);
      }
      this.hash.update(chunk);
      this.bytes += chunk.length;
      onBytes?.(this.bytes);
    }
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }

  /**
   * Starts the temporary file over, empty (a file asked for again after its body failed half-way). A
   * device or pipe cannot take back what it was given: only before its first byte.
   */
  async reset(shown: Msg): Promise<void> {
    if (this.bytes === 0) return;
    if (this.direct) throw new Error('a device or pipe cannot be written again');
    try {
      await this.handle.truncate(0);
    } catch (e) {
      throw localFailure(e, shown);
    }
    this.hash = sha256Hasher();
    this.bytes = 0;
  }

  /**
   * Synced, closed and renamed to `path` (a device or pipe: closed). A file replaced keeps its
   * permissions (an executable bit a repository tracks). `replace` false leaves the file there as it
   * was (same inode, same time: its bytes are already these): the temporary file is thrown away,
   * unsynced. Returns whether the file was replaced.
   */
  async keep(path: string, shown: Msg, replace = true): Promise<boolean> {
    if (!replace && this.tmp !== undefined) {
      await this.discard();
      return false;
    }
    try {
      if (this.tmp !== undefined) {
        const there = statOrUndefined(path);
        if (there?.isFile()) await this.handle.chmod(there.mode & 0o7777);
        await this.handle.sync();
      }
      await this.handle.close();
      if (this.tmp !== undefined) await rename(this.tmp, path);
      if (this.tmp !== undefined) this.workspace.untrack(this.tmp);
      this.kept = true;
      this.workspace.release(this.held, false);
      return true;
    } catch (e) {
      throw localFailure(e, shown);
    }
  }

  /** Unless kept: the temporary file removed, the directories made for it too (when no other file holds them, and empty). */
  async discard(): Promise<void> {
    if (this.kept) return;
    this.kept = true;
    await this.handle.close().catch(() => {});
    if (this.tmp !== undefined) {
      await rm(this.tmp, { force: true });
      this.workspace.untrack(this.tmp);
    }
    this.workspace.release(this.held, true);
  }
}

interface StreamOptions {
  onBytes?: (bytes: number) => void;
  /** The destination as the user would name it, for a failure. */
  shown: Msg;
  /**
   * Asked once every byte is in the temporary file, before the rename: false keeps the file there
   * untouched (same inode, same time), as when its bytes are already these.
   */
  replace?: (written: Written) => boolean | Promise<boolean>;
}

/** What a streamed write did: the bytes and their SHA-256, and whether the file was replaced. */
interface StreamedFile extends Written {
  /** False when `replace` kept the file there as it was (the temporary file was thrown away). */
  replaced: boolean;
}

/**
 * Streams chunks into `path` through `file` (opened before the request, so that it fails first; its
 * giver discards it, and may start it over and write it again): a cut connection, a timeout or Ctrl-C
 * (the chunks throw) leaves the old file as it was.
 */
export async function streamToFile(file: PendingFile, path: string, chunks: AsyncIterable<Uint8Array>, o: StreamOptions): Promise<StreamedFile> {
  const written = await file.write(chunks, o.shown, o.onBytes);
  const replaced = await file.keep(path, o.shown, o.replace ? await o.replace(written) : true);
  return { ...written, replaced };
}
