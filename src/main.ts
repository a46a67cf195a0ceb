// Process entry: wires the real world into the CLI, sets the exit code, and never calls
// process.exit() while output may still be in flight.
import { processContext } from './core/context.js';
import { ENDING_SIGNALS, InterruptedError, type EndingSignal } from './core/errors.js';
import { runCli } from './cli/program.js';
import { whenUnsettled } from './cli/unsettled.js';
import { Workspace } from './files/workspace.js';
import { closeHungUp, terminalsAtStart } from './io/hangup.js';
import { IOStreams } from './io/streams.js';
import { fileStdout } from './io/writer.js';
import { isPaging } from './io/pager.js';

// For bin/wli.cjs, which writes its code cache with the same whole-or-nothing write as every cache.
export { writeFileAtomic } from './files/disk.js';

// SIGINT (Ctrl-C), SIGTERM (`timeout`, `docker stop`, a cancelled CI job) and SIGHUP (a closed terminal)
// end a run alike: the run's signal is aborted with the InterruptedError naming it as its reason, so the
// work in flight stops, temporary files are removed, and the run ends with 128 + the signal's number.
const interrupt = new AbortController();
// The run's temporary files and the directories made for them: what a second signal and a run that
// never settles remove here, and the end of the run itself (cli/program.ts) otherwise.
const workspace = new Workspace();
const isEndingSignal = (name: string): name is EndingSignal => Object.hasOwn(ENDING_SIGNALS, name);
for (const name of Object.keys(ENDING_SIGNALS).filter(isEndingSignal)) {
  process.on(name, () => {
    // Ctrl-C reaches the pager too, which is where it is meant (less stops a search): as git, wli
    // ignores it while a pager runs (io/pager.ts); quitting the pager ends the run.
    if (name === 'SIGINT' && isPaging()) return;
    // A second one, of any of them, means now: no time for the discards in flight, so the temporary files go here.
    if (interrupt.signal.aborted) {
      workspace.removeAll();
      process.exit(ENDING_SIGNALS[name]);
    }
    interrupt.abort(new InterruptedError(name));
  });
}
// A terminal that hung up is closed as the process exits, so Node 20 does not abort restoring it
// (io/hangup.ts): a closed terminal ends a run with 129, and a later signal with its own code.
const terminals = terminalsAtStart();
process.on('exit', () => closeHungUp(terminals));
// A reader that went away (`| head`, a closed stderr) is a normal end; the I/O layer notices it too.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

const ctx = processContext(interrupt.signal);
// wli decides colour from its own copy of the environment (NO_COLOR wins: docs/configuration.md, Colour and progress). Node itself, when
// both are set and a dependency loads node:assert on a terminal, prints "Warning: The 'NO_COLOR' env
// is ignored due to the 'FORCE_COLOR' env being set": take the variables Node reacts to away from it.
ctx.env = { ...process.env };
if (process.env.FORCE_COLOR !== undefined) {
  delete process.env.NO_COLOR;
  delete process.env.NODE_DISABLE_COLORS;
}
// `> FILE`: every byte down, or the failure said (io/writer.ts fileStdout).
if (ctx.stdoutKind === 'file') ctx.stdout = fileStdout(1);

const run = runCli(process.argv.slice(2), ctx, workspace).then(
  (code) => {
    process.exitCode = code;
    // Interrupted while a reader had stopped reading (a paused pager, a full pipe): Node would keep
    // the process alive until that reader drains what is queued, maybe never. Drop it instead; the
    // run has already said "interrupted" and writes nothing more. Bun (the standalone binary) queues
    // out of JavaScript's sight (writableLength stays 0 while a write waits): there, every
    // interrupted run ends here (test/binary.test.ts).
    if (interrupt.signal.aborted && (process.stdout.writableLength > 0 || process.versions.bun !== undefined)) process.exit(code);
  },
  // runCli reports its own failures; this is the last resort, through the same I/O layer.
  (err) => {
    workspace.removeAll();
    process.exitCode = new IOStreams(ctx).error(err);
  },
);
// Nothing left to wait for, and the run still pending: a bug, said as one (exit 70), never a silent 0.
// The work it stopped in holds its temporary files and the directories made for them: they go too.
whenUnsettled(run, process, () => {
  workspace.removeAll();
  process.exitCode = new IOStreams(ctx).error(new Error('the run stopped before it finished'));
});
