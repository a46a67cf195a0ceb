// Files wli saved, and the proof that a file on disk is still exactly what the server has. A request
// may be made conditional (If-Modified-Since, If-None-Match; answered 304 with no body) only on that
// proof, and it takes two parts:
// - the file on disk is, byte for byte, what wli saved there from that very URL: its modification time
//   proves nothing (a fresh checkout, a local edit, another branch's file all carry new times), its
//   bytes do;
// - the translation's `revision` (the commit of its file in Weblate's repository) is, as listed now,
//   what it was when wli saved the file. Weblate's Last-Modified on …/file/ is the translation's last
//   change in Weblate, not its file's: an upstream commit, msgmerge or a template update changes the
//   file and its revision, never Last-Modified, so a 304 to If-Modified-Since alone can keep old bytes.
//   A missing or empty revision proves nothing; zips (a component's, a project's) have none, so they
//   are always asked for whole.
// Each save leaves a record in the user's cache ($XDG_CACHE_HOME/wli/saved/): one small JSON file per
// saved file, named by a hash of the absolute destination and the request URL (its ?format=… and ?q=…
// included, so a converted file never counts as the unconverted one), holding the SHA-256 and size of
// the bytes saved, the revision and the server's validators. A record lost, corrupt or unwritable
// costs a whole download next time, never a stale file. A record that proves a file is touched; one
// unused for SAVED_RECORD_UNUSED_DAYS is removed (looked for at most once a run, and once a day).
//
// The one user is files/save.ts (download and pull): it looks, asks the server, then saves;
// for pull --check it looks and asks, and neither saves nor marks a record (a check writes nothing).
import { createReadStream, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../core/xdg.js';
import { SAVED_RECORD_PRUNE_EVERY_MS, SAVED_RECORD_UNUSED_MS } from '../core/limits.js';
import { makeDirectories, sha256Hasher, writeFileAtomic } from './disk.js';
import { streamToFile, type PendingFile } from './pending.js';
import type { Msg } from '../core/text.js';
import { isItem } from '../core/page.js';

/** Where the records live: $XDG_CACHE_HOME/wli/saved (~/.cache/wli/saved). */
export const savedFilesDir = (env: Record<string, string | undefined>, homedir: string): string => join(cacheDir(env, homedir), 'saved');

/** The bytes of a file, as far as equality goes. */
export interface Digest {
  sha256: string;
  size: number;
}

/** What the server said identifies the bytes it sent (Last-Modified, ETag). */
interface Validators {
  lastModified?: string;
  etag?: string;
}

interface SavedRecord extends Digest, Validators {
  v: 1;
  path: string;
  url: string;
  /** The translation's revision as listed when the file was saved; none for a zip. */
  revision?: string;
}

/** A record file's JSON read as this version writes it; undefined when it is not one. */
function recordOf(r: unknown): SavedRecord | undefined {
  if (!isItem(r) || r.v !== 1 || typeof r.path !== 'string' || typeof r.url !== 'string' || typeof r.sha256 !== 'string' || typeof r.size !== 'number')
    return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { v: 1, path: r.path, url: r.url, sha256: r.sha256, size: r.size, lastModified: text(r.lastModified), etag: text(r.etag), revision: text(r.revision) };
}

/** The file on disk, and the record it matches byte for byte (if any). */
interface Looked {
  dest: string;
  url: string;
  /** Undefined when there is no regular file that can be read. */
  onDisk?: Digest;
  /** The record of these very bytes from this URL; undefined when none matches. */
  record?: SavedRecord;
}

/** What to ask: conditional headers only when the file on disk is proven to be the server's bytes. */
export interface Proof {
  /** If-Modified-Since / If-None-Match, or none. */
  headers: Record<string, string>;
  /** The file on disk when it was looked at; undefined when there is none (or it could not be read). */
  onDisk?: Digest;
}

export type SaveOutcome = 'created' | 'updated' | 'unchanged';

export interface SaveInput {
  chunks: AsyncIterable<Uint8Array>;
  validators: Validators;
  /** The translation's revision as listed when it was asked for: recorded with the bytes. */
  revision?: string;
  onBytes?: (bytes: number) => void;
  /** Opened before the request: written into, kept or left to its giver to discard. */
  file: PendingFile;
  /** The destination as the user would name it, for a failure. */
  shown: Msg;
}

/** The SHA-256 and size of a file; undefined when it is not a regular file that can be read. */
async function digestOf(path: string): Promise<Digest | undefined> {
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

/** The file that says when the records were last looked over for unused ones. */
const PRUNED_STAMP = '.pruned';

export class SavedFiles {
  /**
   * `dir`: where the records live (savedFilesDir). `onRecordFailure`: told once when a record cannot be
   * written. `now`: the clock a record's use is marked with.
   */
  constructor(
    readonly dir: string,
    private readonly onRecordFailure?: (e: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private failed = false;
  private pruned = false;

  /** The record's file: a hash of the absolute destination and the request URL. */
  recordPath(dest: string, url: string): string {
    const hash = sha256Hasher();
    hash.update(Buffer.from(`${dest}\n${url}`, 'utf8'));
    return join(this.dir, `${hash.digest('hex').slice(0, 40)}.json`);
  }

  /** The record of `dest` saved from `url`, if there is a readable one that is about them. */
  private read(dest: string, url: string): SavedRecord | undefined {
    try {
      const r = recordOf(JSON.parse(readFileSync(this.recordPath(dest, url), 'utf8')));
      return r?.path === dest && r.url === url ? r : undefined;
    } catch {
      return undefined;
    }
  }

  /** The file at `dest` hashed, and the record of `url` it matches byte for byte, if any. */
  async look(dest: string, url: string): Promise<Looked> {
    const onDisk = await digestOf(dest);
    const record = onDisk && this.read(dest, url);
    return { dest, url, onDisk, record: record && same(onDisk, record) ? record : undefined };
  }

  /**
   * Whether a revision could prove this file at all: its bytes match a record that holds one. When not,
   * the request is whole whatever the revision is now (the revision is still read: the new
   * record keeps it, to prove the next run).
   */
  static couldProve(looked: Looked): boolean {
    return !!looked.record?.revision;
  }

  /**
   * Which conditional headers the request may carry: the record's validators when the file there is,
   * byte for byte, what the record says was saved, and the translation's `revision` listed now is the
   * one recorded with it; none otherwise. A record that proves a file is marked as used.
   */
  prove(looked: Looked, revision: string | undefined): Proof {
    const { onDisk } = looked;
    const headers = SavedFiles.conditionFor(looked, revision);
    if (!headers) return { headers: {}, onDisk };
    this.used(looked.dest, looked.url);
    return { headers, onDisk };
  }

  /**
   * prove's headers, the record left as it is (not marked used, nothing pruned): what pull --check
   * asks with, which writes nothing. Undefined when the record does not prove the file.
   */
  static conditionFor(looked: Looked, revision: string | undefined): Record<string, string> | undefined {
    const { record } = looked;
    if (!record || !SavedFiles.proves(looked, revision)) return undefined;
    const headers: Record<string, string> = {};
    if (record.lastModified) headers['if-modified-since'] = record.lastModified;
    if (record.etag) headers['if-none-match'] = record.etag;
    return headers;
  }

  /**
   * Whether the record proves the file (prove would make the request conditional), without marking
   * the record used: what pull --dry-run tells apart ("would check" from "would fetch").
   */
  static proves(looked: Looked, revision: string | undefined): boolean {
    const { record } = looked;
    if (!record || !SavedFiles.couldProve(looked) || !revision || record.revision !== revision) return false;
    return !!(record.lastModified || record.etag);
  }

  /** look, then prove. */
  async condition(dest: string, url: string, revision: string | undefined): Promise<Proof> {
    return this.prove(await this.look(dest, url), revision);
  }

  /**
   * Saves a whole answer into `dest`: the bytes go to a temporary file beside it, and replace it only
   * when they differ from what is there (so an equal file keeps its inode and time; a replaced one
   * gets the time of now, and keeps its permissions). Then the record. `dest`'s directory must exist.
   */
  async save(dest: string, url: string, answer: SaveInput): Promise<{ outcome: SaveOutcome; bytes: number }> {
    let there: number | undefined;
    try {
      there = statSync(dest).size;
    } catch {
      there = undefined;
    }
    const result = await streamToFile(answer.file, dest, answer.chunks, {
      onBytes: answer.onBytes,
      shown: answer.shown,
      // Bytes equal to the file there leave it untouched; it is hashed again now (it may have changed
      // since it was looked at), and only when its size is the same.
      replace: async (w) => there === undefined || w.bytes !== there || !same({ sha256: w.sha256, size: w.bytes }, await digestOf(dest)),
    });
    this.record(dest, url, { sha256: result.sha256, size: result.bytes }, answer.validators, answer.revision);
    return { outcome: result.replaced ? (there !== undefined ? 'updated' : 'created') : 'unchanged', bytes: result.bytes };
  }

  private record(dest: string, url: string, digest: Digest, validators: Validators, revision: string | undefined): void {
    const record: SavedRecord = { v: 1, path: dest, url, sha256: digest.sha256, size: digest.size, ...validators, ...(revision ? { revision } : {}) };
    try {
      makeDirectories(this.dir, 0o700);
      writeFileAtomic(this.recordPath(dest, url), JSON.stringify(record) + '\n');
    } catch (e) {
      if (!this.failed) this.onRecordFailure?.(e);
      this.failed = true;
      return;
    }
    this.prune();
  }

  /** A record that proved a file is marked as used now (its time), so pruning keeps it. */
  private used(dest: string, url: string): void {
    const now = new Date(this.now());
    try {
      utimesSync(this.recordPath(dest, url), now, now);
    } catch {
      /* a record that cannot be marked costs, at worst, one whole download in 90 days */
    }
    this.prune();
  }

  /**
   * Records unused for SAVED_RECORD_UNUSED_MS removed: at most once a run, and only when the last look
   * over them (the stamp's time) is older than SAVED_RECORD_PRUNE_EVERY_MS, so a run pays one stat.
   */
  private prune(): void {
    if (this.pruned) return;
    this.pruned = true;
    const now = this.now();
    const stamp = join(this.dir, PRUNED_STAMP);
    try {
      if (now - statSync(stamp).mtimeMs < SAVED_RECORD_PRUNE_EVERY_MS) return;
    } catch {
      /* never looked over: now */
    }
    try {
      for (const name of readdirSync(this.dir)) {
        if (!name.endsWith('.json')) continue;
        const path = join(this.dir, name);
        try {
          if (now - statSync(path).mtimeMs > SAVED_RECORD_UNUSED_MS) rmSync(path, { force: true });
        } catch {
          /* gone meanwhile (another run) */
        }
      }
      writeFileSync(stamp, '');
      utimesSync(stamp, new Date(now), new Date(now));
    } catch {
      /* a folder that cannot be looked over is looked over next time */
    }
  }
}
