// Process entry: wires the real world into the CLI, sets the exit code, and never calls
// process.exit() while output may still be in flight.
import { processContext } from './context.js';
import { runCli } from './cli.js';

const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort();
  // A second Ctrl-C means now.
  process.once('SIGINT', () => process.exit(130));
});
// A reader that went away (`| head`) is a normal end; the writer notices it too.
process.stdout.on('error', () => {});

runCli(process.argv.slice(2), processContext(interrupt.signal)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`wli: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
