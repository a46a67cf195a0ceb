// Files a user keeps (downloads, caches) are written whole or not at all: a temporary file beside the
// destination, renamed into place; on any failure or signal the old file stays as it was and no
// temporary file remains. After a SIGKILL, the next run that writes the same file removes what the
// killed one left (removeStale).
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { appendFile, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { LocalError } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';

/** What a failed write of the file system means, in words, and what to do. */
const WHY: Record<string, [why: string, hint: string]> = {
  EACCES: ['permission denied', 'check the permissions of the file and its directory, or write elsewhere'],
  EPERM: ['operation not permitted', 'check the permissions of the file and its directory, or write elsewhere'],
  ENOSPC: ['no space left on the device', 'free some space, or write elsewhere'],
  EDQUOT: ['disk quota exceeded', 'free some space, or write elsewhere'],
  EFBIG: ['file too large for the file size limit (ulimit -f) or the file system', 'raise the limit, or write elsewhere'],
  EROFS: ['read-only file system', 'write to a writable directory'],
  EISDIR: ['it is a directory', 'name a file, or end the path with / to write into the directory'],
  ENOTDIR: ['a part of the path is a file, not a directory', 'check the path'],
  ENOENT: ['no such directory', 'check the path'],
  EEXIST: ['a file is in the way', 'check the path'],
  ENAMETOOLONG: ['the name is too long', 'choose a shorter path'],
  EIO: ['an input/output error', 'check the disk'],
  EBADF: ['a bad file descriptor', ''],
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
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) throw e;
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
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) {
        removeDirectories(made);
        throw e;
      }
    }
  }
  return made;
}

/**
 * The temporary file a write goes through: beside the destination (same file system), hidden, unique,
 * `.NAME.wli-<pid>-<time>-<random>.tmp`. The pid tells whose it is after a SIGKILL, when nothing could
 * clean up: see removeStale.
 */
export function temporaryFor(path: string): string {
  return join(dirname(path), `.${basename(path)}${temporarySuffix()}`);
}

/** A temporary file in `dir` for a file whose name is not known yet: `.wli-<pid>-<time>-<random>.tmp`. */
function temporaryIn(dir: string): string {
  return join(dir, temporarySuffix());
}

const temporarySuffix = () => `.wli-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.tmp`;

/** The pid in a temporary name that follows `prefix` (`.NAME` or nothing), when the name is one of ours. */
function temporaryPid(name: string, prefix: string): number | undefined {
  if (!name.startsWith(`${prefix}.wli-`)) return undefined;
  const pid = Number(/^(\d{1,10})-\d+-[0-9a-z]*\.tmp$/.exec(name.slice(prefix.length + '.wli-'.length))?.[1]);
  return pid > 0 && pid < 2 ** 31 ? pid : undefined;
}

/** Whether a process `pid` is running: one we may not signal (EPERM) is running too. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * The temporary files a wli killed outright (SIGKILL, a crash of the machine) left in `dir`: those of
 * `file` (`.NAME.wli-<pid>-…tmp`), or, for a file whose name is not known yet, the nameless ones
 * (`.wli-<pid>-…tmp`), whose pid is no longer running. Never ours, never those of a process still
 * running (it may be a wli writing them now). Best effort: what cannot be listed or removed stays.
 */
function removeStale(dir: string, file: string | undefined): void {
  const prefix = file === undefined ? '' : `.${basename(file)}`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = temporaryPid(name, prefix);
    if (pid === undefined || pid === process.pid || running(pid)) continue;
    try {
      rmSync(join(dir, name), { force: true });
    } catch {
      // Not ours to remove after all (permissions): it stays, as it was.
    }
  }
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

/** What was written: the bytes and their SHA-256 (hex). */
export interface Written {
  bytes: number;
  sha256: string;
}

/** The temporary files of the PendingFiles not kept or discarded yet. */
const LIVE = new Set<string>();

/**
 * The directories this process made for its files, and how many pending files lie in or below each.
 * A directory made for one file may also hold another file, or the directory made for it: it goes
 * when the last file in or below it is discarded, whichever file made it, and only while it is empty.
 */
const MADE = new Map<string, number>();

/** The directories this process made, from `dir` up (deepest first), held for one pending file. */
function holdDirectories(dir: string, made: readonly string[]): string[] {
  for (const d of made) MADE.set(d, MADE.get(d) ?? 0);
  const held: string[] = [];
  for (let at = resolve(dir); MADE.has(at); at = dirname(at)) {
    MADE.set(at, MADE.get(at)! + 1);
    held.push(at);
    if (dirname(at) === at) break;
  }
  return held;
}

/**
 * Lets them go. `remove` (the file was not written): each one no other pending file holds is removed
 * when empty, deepest first; one that is not stops it, as its parents are not empty either.
 */
function releaseDirectories(held: readonly string[], remove: boolean): void {
  for (const d of held) MADE.set(d, MADE.get(d)! - 1);
  if (!remove) return;
  for (const d of held) {
    if (MADE.get(d) !== 0) return;
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    MADE.delete(d);
  }
}

/**
 * `mkdir -p` of a directory files will be written into (pull's DIR), held until the returned release:
 * the directories made for it go then, when no file was written in them, as a file's own go when it
 * is discarded.
 */
export function holdDirectory(dir: string): () => void {
  const held = holdDirectories(dir, makeDirectories(dir));
  return () => releaseDirectories(held, true);
}

/**
 * Removes them at once: the process ends now (a second Ctrl-C, SIGTERM or SIGHUP), with no time left
 * for the discards in flight. The old files stay as they were; the directories made for the files
 * go when empty.
 */
export function removeTemporaryFiles(): void {
  for (const tmp of LIVE) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing more can be done now; a later run removes it (removeStale).
    }
  }
  LIVE.clear();
  for (const d of [...MADE.keys()].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(d);
    } catch {
      // Not empty: a file was written there.
    }
  }
  MADE.clear();
}

/**
 * A file written whole or not at all, made ready before anything is asked of the server: the missing
 * directories are made (as mkdir -p does) and the temporary file is created in the destination's
 * directory, so a destination that cannot be written at all fails first (exit 7, the path named as the
 * user gave it); the temporary files a killed wli left there for the same file go then (removeStale).
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
    private readonly handle: FileHandle,
    /** The temporary file; undefined when writing straight into a device or pipe. */
    private readonly tmp: string | undefined,
    /** The directories this process made that it lies in, deepest first: removed again unless a file is kept there. */
    private readonly held: string[],
  ) {
    if (tmp !== undefined) LIVE.add(tmp);
  }

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
    const action = ours(file === undefined ? 'write into' : 'write');
    let made: string[] = [];
    try {
      made = makeDirectories(dir);
    } catch (e) {
      throw localFailure(e, shown, action);
    }
    const held = holdDirectories(dir, made);
    removeStale(dir, file);
    const tmp = file === undefined ? temporaryIn(dir) : temporaryFor(file);
    try {
      return new PendingFile(await open(tmp, 'wx', mode), tmp, held);
    } catch (e) {
      releaseDirectories(held, true);
      // A directory that is there and still "does not exist" for a new file: /proc, sysfs.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && statOrUndefined(dir)?.isDirectory()) {
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
      if (this.tmp !== undefined) LIVE.delete(this.tmp);
      this.kept = true;
      releaseDirectories(this.held, false);
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
      LIVE.delete(this.tmp);
    }
    releaseDirectories(this.held, true);
  }
}

export interface StreamOptions {
  onBytes?: (bytes: number) => void;
  /** The new file's permissions (before the umask). */
  mode?: number;
  /** The destination as the user would name it, for a failure; the path itself otherwise. */
  shown?: Msg;
  /** Opened already (before the request, so that it fails first): written into, then kept or discarded. */
  file?: PendingFile;
  /**
   * Asked once every byte is in the temporary file, before the rename: false keeps the file there
   * untouched (same inode, same time), as when its bytes are already these.
   */
  replace?: (written: Written) => boolean | Promise<boolean>;
}

/** What a streamed write did: the bytes and their SHA-256, and whether the file was replaced. */
export interface StreamedFile extends Written {
  /** False when `replace` kept the file there as it was (the temporary file was thrown away). */
  replaced: boolean;
}

/**
 * Streams chunks into `path` through a PendingFile: a cut connection, a timeout or Ctrl-C (the chunks
 * throw) leaves the old file as it was, and no temporary file remains whatever happens.
 */
export async function streamToFile(path: string, chunks: AsyncIterable<Uint8Array>, o: StreamOptions = {}): Promise<StreamedFile> {
  const shown = o.shown ?? msg`${path}`;
  const file = o.file ?? (await PendingFile.open({ dir: dirname(path), file: path }, shown, o.mode));
  try {
    const written = await file.write(chunks, shown, o.onBytes);
    const replaced = await file.keep(path, shown, o.replace ? await o.replace(written) : true);
    return { ...written, replaced };
  } finally {
    // One given is the giver's to discard (it may start it over and write it again).
    if (!o.file) await file.discard();
  }
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

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
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
