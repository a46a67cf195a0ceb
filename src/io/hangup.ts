// A terminal that hung up (its window closed, the ssh connection dropped) while wli ran. Node 20
// restores each standard stream that started on a terminal as the process exits (node::ResetStdio),
// and aborts on the dead one (SIGABRT, exit 134, a native stack trace: nodejs/node#51519 and #42433,
// fixed in Node 22.16 and 24 by nodejs/node#58200). A hung-up terminal is no longer a terminal
// (tcgetattr fails with EIO), and a descriptor that is closed is one ResetStdio passes over: so the
// dead ones are closed as the process exits, the live ones left for Node to restore.
import { closeSync } from 'node:fs';
import { isatty } from 'node:tty';

const STANDARD = [0, 1, 2] as const;

/** The standard descriptors on a terminal now: what `closeHungUp` later looks at. */
export function terminalsAtStart(isTerminal: (fd: number) => boolean = isatty): number[] {
  return STANDARD.filter((fd) => isTerminal(fd));
}

/** Closes each of `terminals` that is no longer a terminal (hung up); returns the ones it closed. */
export function closeHungUp(terminals: readonly number[], isTerminal: (fd: number) => boolean = isatty, close: (fd: number) => void = closeSync): number[] {
  const dead = terminals.filter((fd) => !isTerminal(fd));
  for (const fd of dead) {
    try {
      close(fd);
    } catch {
      // Already closed: ResetStdio passes over it all the same.
    }
  }
  return dead;
}
