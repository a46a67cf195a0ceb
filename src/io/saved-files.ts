// Files wli saved, and the proof that a file on disk is still exactly what it saved. A request may be
// made conditional (If-Modified-Since, If-None-Match) only on that proof: a file's modification time
// proves nothing (a fresh checkout, a local edit, another branch's file all carry new times), its
// bytes do. So each save leaves a record in the user's cache ($XDG_CACHE_HOME/wli/saved/): one small
// JSON file per saved file, named by a hash of the absolute destination and the request URL (its
// ?format=… included, so a converted file never counts as the unconverted one), holding the SHA-256
// and size of the bytes saved and the server's validators. Before a request the file on disk is
// hashed; only when it matches the record is the request conditional. A record lost, corrupt or
// unwritable costs a whole download next time, never a stale file.
//
// For `wli pull` and `wli download` alike:
//   const saved = new SavedFiles(savedFilesDir(ctx.env, ctx.homedir));
//   const proof = await saved.condition(dest, url);   // url: the absolute request URL, ?format=… included
//   const res = await client.openFile(url, { headers: proof.headers });
//   const { outcome, bytes } = await saved.save(dest, url, proof, {
//     notModified: res.status === 304, chunks: res.body, validators: { lastModified, etag } });
//   // outcome: 'created' | 'updated' | 'unchanged' (equal bytes: the file untouched, same inode and time)
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../core/xdg.js';
import { makeDirectories, sha256Hasher, streamToFile, writeFileAtomic, type PendingFile } from './files.js';
import { msg, type Msg } from '../core/text.js';
import { EXIT, WliError } from '../core/errors.js';

/** Where the records live: $XDG_CACHE_HOME/wli/saved (~/.cache/wli/saved). */
export const savedFilesDir = (env: Record<string, string | undefined>, homedir: string): string => join(cacheDir(env, homedir), 'saved');

/** The bytes of a file, as far as equality goes. */
export interface Digest {
  sha256: string;
  size: number;
}

/** What the server said identifies the bytes it sent (Last-Modified, ETag). */
export interface Validators {
  lastModified?: string;
  etag?: string;
}

interface SavedRecord extends Digest, Validators {
  v: 1;
  path: string;
  url: string;
}

/** What to ask: conditional headers only when the file on disk is proven to be the bytes last saved. */
export interface Proof {
  /** If-Modified-Since / If-None-Match, or none. */
  headers: Record<string, string>;
  /** The file on disk when it was looked at; undefined when there is none (or it could not be read). */
  onDisk?: Digest;
}

export type SaveOutcome = 'created' | 'updated' | 'unchanged';

export interface SaveInput {
  /** The server answered 304 Not Modified to the conditional request. */
  notModified: boolean;
  chunks: AsyncIterable<Uint8Array>;
  validators: Validators;
  onBytes?: (bytes: number) => void;
  /** Opened before the request (download: a destination that cannot be written fails first); its permissions are its own. */
  file?: PendingFile;
  /** The destination as the user would name it, for a failure. */
  shown?: Msg;
}

/** The SHA-256 and size of a file; undefined when it is not a regular file that can be read. */
export async function digestOf(path: string): Promise<Digest | undefined> {
  try {
    if (!statSync(path).isFile()) return undefined;
    const hash = sha256Hasher();
    let size = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { sha256: hash.digest('hex'), size };
  } catch {
    return undefined;
  }
}

const same = (a: Digest | undefined, b: Digest | undefined): boolean => !!a && !!b && a.sha256 === b.sha256 && a.size === b.size;

export class SavedFiles {
  /** `dir`: where the records live (savedFilesDir). `onRecordFailure`: told once when a record cannot be written. */
  constructor(
    readonly dir: string,
    private readonly onRecordFailure?: (e: unknown) => void,
  ) {}

  private failed = false;

  /** The record's file: a hash of the absolute destination and the request URL. */
  recordPath(dest: string, url: string): string {
    const hash = sha256Hasher();
    hash.update(Buffer.from(`${dest}\n${url}`, 'utf8'));
    return join(this.dir, `${hash.digest('hex').slice(0, 40)}.json`);
  }

  /** The record of `dest` saved from `url`, if there is a readable one that is about them. */
  private read(dest: string, url: string): SavedRecord | undefined {
    try {
      const r = JSON.parse(readFileSync(this.recordPath(dest, url), 'utf8')) as Partial<SavedRecord> | null;
      if (!r || r.v !== 1 || r.path !== dest || r.url !== url || typeof r.sha256 !== 'string' || typeof r.size !== 'number') return undefined;
      return r as SavedRecord;
    } catch {
      return undefined;
    }
  }

  /**
   * Which conditional headers a request for `url` into `dest` may carry: the record's validators when
   * the file there is, byte for byte, what the record says was saved; none otherwise.
   */
  async condition(dest: string, url: string): Promise<Proof> {
    const onDisk = await digestOf(dest);
    const record = onDisk && this.read(dest, url);
    if (!record || !same(onDisk, record)) return { headers: {}, onDisk };
    const headers: Record<string, string> = {};
    if (record.lastModified) headers['if-modified-since'] = record.lastModified;
    if (record.etag) headers['if-none-match'] = record.etag;
    return { headers, onDisk };
  }

  /**
   * Saves an answer into `dest`: on 304 the file stays (it was proven); otherwise the bytes go to a
   * temporary file beside it, and replace it only when they differ from what is there (so an equal
   * file keeps its inode and time). Then the record. `dest`'s directory must exist.
   */
  async save(dest: string, url: string, proof: Proof, answer: SaveInput): Promise<{ outcome: SaveOutcome; bytes: number }> {
    if (answer.notModified) {
      // Only a request made conditional on a proven file is answered 304; anything else is a server bug.
      if (!proof.onDisk || Object.keys(proof.headers).length === 0) {
        throw new WliError(
          msg`the server answered 304 Not Modified for ${answer.shown ?? msg`${dest}`} to a request that was not conditional`,
          EXIT.server,
          msg`report it to the server administrators`,
        );
      }
      // The record that proved the file stands as it is.
      return { outcome: 'unchanged', bytes: proof.onDisk.size };
    }
    let there: { size: number; mode: number } | undefined;
    try {
      const st = statSync(dest);
      there = { size: st.size, mode: st.mode & 0o7777 };
    } catch {
      there = undefined;
    }
    const result = await streamToFile(dest, answer.chunks, {
      onBytes: answer.onBytes,
      file: answer.file,
      shown: answer.shown,
      // A file replaced keeps its permissions (an executable bit a repository tracks).
      mode: there?.mode,
      // Bytes equal to the file there leave it untouched; it is hashed again now (it may have changed
      // since the proof), and only when its size is the same.
      replace: async (w) => !there || w.bytes !== there.size || !same({ sha256: w.sha256, size: w.bytes }, await digestOf(dest)),
    });
    this.record(dest, url, { sha256: result.sha256, size: result.bytes }, answer.validators);
    return { outcome: result.replaced ? (there ? 'updated' : 'created') : 'unchanged', bytes: result.bytes };
  }

  private record(dest: string, url: string, digest: Digest, validators: Validators): void {
    const record: SavedRecord = { v: 1, path: dest, url, sha256: digest.sha256, size: digest.size, ...validators };
    try {
      makeDirectories(this.dir, 0o700);
      writeFileAtomic(this.recordPath(dest, url), JSON.stringify(record) + '\n');
    } catch (e) {
      if (!this.failed) this.onRecordFailure?.(e);
      this.failed = true;
    }
  }
}
