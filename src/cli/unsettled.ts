// A run that never settles: Node's event loop empties while the run's promise is still pending (a
// request waiting for a connection nothing will ever free, a write waiting for a 'drain' that never
// comes). Node would then end the process with exit 0, no summary, the work undone; main.ts says so
// instead, as the bug it is (exit 70).

/** What the guard needs of the process: its beforeExit event (process itself, or a stand-in in a test). */
interface ExitEvents {
  on(event: 'beforeExit', listener: () => void): unknown;
  removeListener(event: 'beforeExit', listener: () => void): unknown;
}

/**
 * Calls `unsettled` once if the process is about to end while `run` is still pending; never once `run`
 * has settled. Node emits beforeExit when its event loop has emptied, and not on process.exit() nor on a
 * signal's default action, so a run that ends by itself or by a signal is never taken for one that stopped.
 */
export function whenUnsettled(run: Promise<unknown>, proc: ExitEvents, unsettled: () => void): void {
  const stopped = () => {
    proc.removeListener('beforeExit', stopped);
    unsettled();
  };
  proc.on('beforeExit', stopped);
  const settled = () => void proc.removeListener('beforeExit', stopped);
  run.then(settled, settled);
}
