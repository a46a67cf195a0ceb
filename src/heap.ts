// Memory that stays flat however long the list. What wli holds is bounded (a few pages), but the
// text of each page read and the objects parsed from it are large objects that V8 frees only in a
// full collection, and V8 lets them pile up: 100,000 units to JSON Lines peaked at ~160 MB against
// ~90 MB for 10,000. So, after every few megabytes read, a full collection is asked for; and the young
// generation is kept from growing (--semi-space-growth-factor=1), which keeps short-lived page
// objects from being copied around a larger space. Measured in npm run bench (memory rows): 100,000
// units peak within 1.15x the 10,000-unit run, for a few per cent of time.
//
// The flags are set only once a run has read that much: a V8 flag set at start-up slows every
// module load after it (Node rejects its code cache), and short runs never need them.
import v8 from 'node:v8';
import vm from 'node:vm';

/** Bytes read between two full collections. */
const EVERY = 2 * 1024 * 1024;

let sinceLast = 0;
let collect: (() => void) | undefined;
let armed = false;

/** Whether this run set the V8 flags of long runs (the code cache must not be written under them). */
export function v8FlagsForLongRuns(): boolean {
  return armed;
}

/** Called with the size of every response read. */
export function noteRead(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < EVERY) return;
  sinceLast = 0;
  if (!armed) {
    armed = true;
    v8.setFlagsFromString('--expose-gc');
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    // Where the flag did not take (another embedder, a flag refused), memory is only less flat.
    const gc: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
    collect = typeof gc === 'function' ? (gc as () => void) : undefined;
  }
  collect?.();
}
