// A run's workspace: the temporary files its pending files write into and the directories it made
// for them, held by one object made per run (main.ts, or a test's run) and passed down to every
// write, so nothing of one run is shared with another in the same process. What ends the run cleans
// it up: the end of the run itself (cli/program.ts), a signal that leaves no time for the discards in
// flight, and a run that never settles (main.ts, exit 70). The old files stay as they were; the
// directories made go when empty.
//
// A directory a run writes into is listed once, at its first file, to remove the temporary files a
// wli killed outright (SIGKILL, a crash of the machine) left there: those whose pid no longer runs.
import { readdirSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { makeDirectories } from './disk.js';
import { errnoCode } from '../core/errors.js';

/** The pid in a temporary name of ours (`.NAME.wli-<pid>-…tmp` or `.wli-<pid>-…tmp`); undefined for any other name. */
export function temporaryPid(name: string): number | undefined {
  const pid = Number(/^(?:\..*)?\.wli-(\d{1,10})-\d+-[0-9a-z]*\.tmp$/s.exec(name)?.[1]);
  return pid > 0 && pid < 2 ** 31 ? pid : undefined;
}

/** Whether a process `pid` is running: one we may not signal (EPERM) is running too. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) !== 'ESRCH';
  }
}

export class Workspace {
  /** The temporary files of the pending files not kept or discarded yet. */
  private readonly live = new Set<string>();
  /**
   * The directories this run made for its files, and how many pending files lie in or below each.
   * A directory made for one file may also hold another file, or the directory made for it: it goes
   * when the last file in or below it is discarded, whichever file made it, and only while it is empty.
   */
  private readonly made = new Map<string, number>();
  /** The directories already looked through for what a killed wli left. */
  private readonly swept = new Set<string>();

  /**
   * `mkdir -p` of `dir`, the directories made held for one pending file (deepest first): removed again
   * unless a file is kept in them (release).
   */
  hold(dir: string): string[] {
    for (const d of makeDirectories(dir)) this.made.set(d, this.made.get(d) ?? 0);
    const held: string[] = [];
    for (let at = resolve(dir); this.made.has(at); at = dirname(at)) {
      this.made.set(at, (this.made.get(at) ?? 0) + 1);
      held.push(at);
      if (dirname(at) === at) break;
    }
    return held;
  }

  /**
   * Lets them go. `remove` (no file was written): each one no other pending file holds is removed
   * when empty, deepest first; one that is not stops it, as its parents are not empty either.
   */
  release(held: readonly string[], remove: boolean): void {
    for (const d of held) this.made.set(d, (this.made.get(d) ?? 0) - 1);
    if (!remove) return;
    for (const d of held) {
      if (this.made.get(d) !== 0) return;
      try {
        rmdirSync(d);
      } catch {
        return;
      }
      this.made.delete(d);
    }
  }

  /**
   * A directory files will be written into (pull's DIR), made and held until the returned release:
   * the directories made for it go then when no file was written in them.
   */
  holdDirectory(dir: string): () => void {
    const held = this.hold(dir);
    return () => this.release(held, true);
  }

  /** A temporary file being written: removed by removeAll unless let go first. */
  track(tmp: string): void {
    this.live.add(tmp);
  }

  /** Renamed into place or removed: no longer ours to clean up. */
  untrack(tmp: string): void {
    this.live.delete(tmp);
  }

  /**
   * The first time this run writes into `dir`: the temporary files a killed wli left there (its pid no
   * longer running). Never ours, never those of a process still running (it may be a wli writing them
   * now). Best effort: what cannot be listed or removed stays.
   */
  sweep(dir: string): void {
    const at = resolve(dir);
    if (this.swept.has(at)) return;
    this.swept.add(at);
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const pid = temporaryPid(name);
      if (pid === undefined || pid === process.pid || running(pid)) continue;
      try {
        rmSync(join(at, name), { force: true });
      } catch {
        // Not ours to remove after all (permissions): it stays, as it was.
      }
    }
  }

  /**
   * Everything removed at once, synchronously: the run ends now (its end, a second signal, exit 70),
   * with no time left for the discards in flight. The temporary files go; the directories made go
   * when empty, deepest first.
   */
  removeAll(): void {
    for (const tmp of this.live) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // Nothing more can be done now; a later run removes it (sweep).
      }
    }
    this.live.clear();
    for (const d of [...this.made.keys()].sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(d);
      } catch {
        // Not empty: a file was written there.
      }
    }
    this.made.clear();
  }
}
