// The one way to save a file Weblate serves, for download and pull alike: the record of saved files
// (files/saved.ts) decides whether the request may be conditional, the request goes through the one
// request core, and the answer is written whole:
//
// - conditional (If-Modified-Since, answered 304) only when the file on disk is what wli saved there
//   from that URL, byte for byte, and the translation's revision is, as listed now, the one recorded
//   with it; a 304 to a request that was not conditional is the server's error;
// - into a temporary file, retried whole (the temporary file started over) on a timeout, a reset, a
//   429 or a 5xx, also after the first byte; stdout and devices only until their first byte;
// - written through a symbolic link at the destination (the file it names is replaced, the link
//   kept, as curl -o and wget -O do); a replaced file keeps its permissions and gets the time of now
//   (never the server's: `make` must see a new file as new); equal bytes leave the file untouched
//   (same inode, same time);
// - the server's validators and the revision recorded with the bytes; a record that cannot be written
//   said once;
// - a name the answer gives (download into a directory) creates a file, and replaces one only where
//   the asker predicted that name or the record proves wli saved that very file there;
// - or, for pull --check, only compared (FileSaver.compare): the same proof, the body hashed as it
//   arrives and never kept, nothing written, the record neither saved nor marked.
//
// How a file is asked for is the Weblate object's (remote/reads.ts fileSaver): this module is given it.
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { LocalError, errnoCode, localFailure } from '../core/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { ServerError } from '../api/errors.js';
import { firstHeader } from '../api/http.js';
import type { FileBody, StreamAnswer } from '../api/client.js';
import { occupied, sha256Hasher, throughLinks } from './disk.js';
import { PendingFile } from './pending.js';
import { SavedFiles, type Digest, type Proof, type SaveOutcome } from './saved.js';
import type { Workspace } from './workspace.js';

/** How a file Weblate serves is asked for (remote/reads.ts): the one request core, with this run's settings. */
interface FileSource {
  /** As it arrives, or a 304; retried only until its first byte. */
  open(url: string): Promise<StreamAnswer>;
  /** Consumed whole by `consume` once per attempt: a body that fails after its first byte is asked for again. */
  consume<T>(url: string, headers: Record<string, string>, consume: (res: StreamAnswer) => Promise<T>): Promise<T>;
}

/** What a FileSaver is given for its run. */
interface SaverOptions {
  workspace: Workspace;
  source: FileSource;
  /** Where the records of saved files live (files/saved.ts savedFilesDir). */
  records: string;
  /** Said once, when a record cannot be written. */
  warn: (message: Msg) => void;
  now: () => number;
}

/** A file written as it arrives into a device or pipe (download -o /dev/null): nothing to prove, rename or record. */
interface Direct {
  file: PendingFile;
  dest: string;
  shown: Msg;
  onBytes?: (bytes: number, total: number | undefined) => void;
}

/** One file to save. */
interface SaveAsk {
  /** The absolute request URL, its ?format= and ?q= included. */
  url: string;
  /** Made ready before the request (directories made, temporary file created): written, kept or left to the caller to discard. */
  file: PendingFile;
  /**
   * The file the answer goes to: known before the request, or named by the answer (download into a
   * directory). A symbolic link there is written through.
   */
  dest: string | ((answer: StreamAnswer) => string);
  /** The file a record may prove (dest when it is known; the name Weblate will give it, predicted); none: asked whole. */
  proven?: string;
  /**
   * For a name the answer gives: the refusal when a file already there may not be replaced (it is not
   * the name the asker predicted), unless the record proves wli saved that very file there; undefined
   * when it may.
   */
  unpredicted?: (dest: string) => Error | undefined;
  /**
   * The translation's revision as listed now, or how to read it (one request, made only when the
   * answer goes to a file a record can keep it with); none for a zip, which has no revision.
   */
  revision?: string | (() => Promise<string | undefined>);
  /** Asked unconditionally (--force); the answer is still compared and recorded. */
  force?: boolean;
  /** The destination as the user would name it. */
  shown: (dest: string) => Msg;
  /** Bytes written so far, and the whole when the server said it (an uncompressed Content-Length). */
  onBytes?: (bytes: number, total: number | undefined) => void;
}

/** What became of a saved file. */
interface SavedFile {
  outcome: SaveOutcome;
  /** The size of the file now there. */
  bytes: number;
  /** Where it is. */
  dest: string;
}

const isConditional = (proof: Proof): boolean => Object.keys(proof.headers).length > 0;

/** A 304 is the answer to a conditional request only: to any other it is the server's bug. */
function unasked304(url: URL): ServerError {
  return new ServerError(msg`GET ${url.href}: 304 Not Modified to a request that was not conditional`, msg`report it to the server administrators`);
}

/** A 304: the file proven stands as it is, and so does its record. */
function unchanged(res: StreamAnswer, proof: Proof, proven: string | undefined): SavedFile {
  res.body.destroy();
  if (!proof.onDisk || proven === undefined || !isConditional(proof)) throw unasked304(res.url);
  return { outcome: 'unchanged', bytes: proof.onDisk.size, dest: proven };
}

/** Content-Length counts what travels: a compressed body is counted after decoding, so it has no total. */
function totalOf(res: StreamAnswer): number | undefined {
  if (firstHeader(res.headers['content-encoding'])) return undefined;
  return Number(firstHeader(res.headers['content-length'])) || undefined;
}

/** What a FIFO, socket or device is called, for a refusal; undefined for anything else. */
function specialKind(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (st.isFIFO()) return 'a named pipe (FIFO)';
    if (st.isSocket()) return 'a socket';
    if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  } catch {
    /* nothing there yet: a file to create */
  }
  return undefined;
}

/** What a file on disk is to the server's (FileSaver.compare). */
/** A progress callback told the answer's total size too (undefined when it states none). */
const withTotal = (onBytes: ((bytes: number, total: number | undefined) => void) | undefined, total: number | undefined) =>
  onBytes && ((n: number) => onBytes(n, total));

export interface Compared {
  outcome: 'same' | 'differs' | 'missing';
  /** The size of the file on disk (none when missing). */
  bytes?: number;
  /** Asked for conditionally (the record proved the file). */
  conditional?: boolean;
}

/**
 * Whether a file is there to compare: false when nothing is (or a directory on the way is not one);
 * a place that holds something else than a readable regular file is a local failure (exit 7).
 */
function placeHolds(path: string, shown: Msg): boolean {
  let st: Stats;
  try {
    st = statSync(path);
    accessSync(path, constants.R_OK);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw localFailure(e, shown, ours('read'));
  }
  if (st.isFile()) return true;
  const kind = specialKind(path) ?? (st.isDirectory() ? 'a directory' : 'not a file');
  throw new LocalError(
    msg`cannot check ${shown}: it is ${ours(kind)}, not a regular file`,
    ours('wli pull writes a translation only as a regular file: remove what is there'),
  );
}

/** Whether the bytes as they arrive are the file's (its digest), read no further than its size: only hashed, never kept. */
async function sameBytes(chunks: AsyncIterable<Uint8Array>, file: Digest): Promise<boolean> {
  const hash = sha256Hasher();
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > file.size) return false;
    hash.update(chunk);
  }
  return size === file.size && hash.digest('hex') === file.sha256;
}

/** Saves files Weblate serves, for one run: the record's failure said once. */
export class FileSaver {
  private readonly saved: SavedFiles;
  private readonly source: FileSource;
  private readonly workspace: Workspace;

  constructor(o: SaverOptions) {
    this.source = o.source;
    this.workspace = o.workspace;
    this.saved = new SavedFiles(
      o.records,
      (e) => o.warn(msg`cannot keep the record of saved files (${e instanceof Error ? e.message : String(e)}): the next run asks for these files whole`),
      o.now,
    );
  }

  /**
   * Made ready before the request: `where.file` in `where.dir` (or a file named later, in `where.dir`).
   * `regularOnly` (pull: a repository's file) refuses a FIFO, socket or device there; otherwise one is
   * written into as it is (download -o /dev/null).
   */
  async prepare(where: { dir: string; file?: string }, shown: Msg, regularOnly = false): Promise<PendingFile> {
    const special = regularOnly && where.file !== undefined ? specialKind(where.file) : undefined;
    if (special) {
      throw new LocalError(
        msg`cannot write ${shown}: it is ${ours(special)}, not a regular file`,
        ours('wli writes a translation only as a regular file: remove what is there, or write elsewhere (--dir)'),
      );
    }
    return PendingFile.open(this.workspace, where, shown);
  }

  /**
   * Whether save would ask for the file conditionally (the file there proven by the record and the
   * revision): read from the disk alone, no request, the record left as it is (pull --dry-run).
   */
  async provable(ask: Pick<SaveAsk, 'url' | 'proven' | 'revision' | 'force'>): Promise<boolean> {
    if (ask.force || ask.proven === undefined || typeof ask.revision !== 'string') return false;
    return SavedFiles.proves(await this.saved.look(throughLinks(ask.proven), ask.url), ask.revision);
  }

  /**
   * Whether the file at `ask.proven` is, byte for byte, what the server serves at `ask.url` (pull
   * --check), writing nothing, the record included: nothing there is `missing`, no request; a file
   * the record proves (save's proof, the same headers) is asked for conditionally, a 304 `same` with
   * no body; any other is asked for whole and its body hashed as it arrives, never kept, and
   * compared with the file's digest, read no further than the file's size. Retried whole as save is.
   */
  async compare(ask: Pick<SaveAsk, 'url' | 'revision'> & { proven: string; shown: Msg }): Promise<Compared> {
    const dest = throughLinks(ask.proven);
    if (!placeHolds(dest, ask.shown)) return { outcome: 'missing' };
    const looked = await this.saved.look(dest, ask.url);
    const onDisk = looked.onDisk;
    if (!onDisk) throw new LocalError(msg`cannot read ${ask.shown}: it changed or went while it was read`, ours('run the check again'));
    const headers = SavedFiles.conditionFor(looked, typeof ask.revision === 'string' ? ask.revision : undefined);
    return this.source.consume(ask.url, headers ?? {}, async (res): Promise<Compared> => {
      if (res.status === 304) {
        res.body.destroy();
        if (!headers) throw unasked304(res.url);
        return { outcome: 'same', bytes: onDisk.size, conditional: true };
      }
      return { outcome: (await sameBytes(res.body, onDisk)) ? 'same' : 'differs', bytes: onDisk.size, conditional: !!headers };
    });
  }

  /** A file into its prepared place: conditional only on proof, retried whole, written through a link. */
  async save(ask: SaveAsk): Promise<SavedFile> {
    const looked = ask.force || ask.proven === undefined ? undefined : await this.saved.look(throughLinks(ask.proven), ask.url);
    // Read before the file is asked for: a file that changes meanwhile is recorded with the older
    // revision, so it is never proven by a newer one.
    const revision = typeof ask.revision === 'function' ? await ask.revision() : ask.revision;
    const proof: Proof = looked ? this.saved.prove(looked, revision) : { headers: {} };
    return this.source.consume(ask.url, proof.headers, async (res) => {
      if (res.status === 304) return unchanged(res, proof, ask.proven);
      const named = typeof ask.dest === 'string' ? ask.dest : ask.dest(res);
      const dest = throughLinks(named);
      const shown = ask.shown(named);
      if (typeof ask.dest !== 'string') await this.mayReplace(ask, named, dest);
      // Another attempt after a failure half-way: the file starts over.
      await ask.file.reset(shown);
      const total = totalOf(res);
      const validators = { lastModified: firstHeader(res.headers['last-modified']), etag: firstHeader(res.headers.etag) };
      const { outcome, bytes } = await this.saved.save(dest, ask.url, {
        chunks: res.body,
        validators,
        revision,
        file: ask.file,
        shown,
        onBytes: withTotal(ask.onBytes, total),
      });
      return { outcome, bytes, dest: named };
    });
  }

  /**
   * A name the answer gave: a new file, a file the asker predicted, or one the record proves wli saved
   * there from this URL (its bytes those recorded); any other file there is refused, before a byte is
   * written.
   */
  private async mayReplace(ask: SaveAsk, named: string, dest: string): Promise<void> {
    if (!ask.unpredicted || !occupied(named)) return;
    const refusal = ask.unpredicted(named);
    if (refusal && !(await this.saved.look(dest, ask.url)).record) throw refusal;
  }

  /**
   * Asked for unconditionally, retried only until the first byte (what it is written into cannot take
   * back what it was given): the bytes as they arrive, for stdout; or written into a device or named
   * pipe as it is (-o /dev/null, -o /dev/stdout), nothing to prove, rename or record: the bytes written.
   */
  async direct(url: string): Promise<FileBody>;
  async direct(url: string, into: Direct): Promise<number>;
  async direct(url: string, into?: Direct): Promise<FileBody | number> {
    const res = await this.source.open(url);
    if (res.status === 304) {
      res.body.destroy();
      throw unasked304(res.url);
    }
    if (!into) return res.body;
    const total = totalOf(res);
    const { bytes } = await into.file.write(res.body, into.shown, withTotal(into.onBytes, total));
    await into.file.keep(into.dest, into.shown);
    return bytes;
  }
}
