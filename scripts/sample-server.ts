// `npm run sample-server`: the bundled sample Weblate server (the one `npm run demo` tours), on its
// own, for trying wli by hand with no server of your own and no network. Prints the line to paste
// into another shell and serves until Ctrl-C (SIGINT) or SIGTERM, then exits 0.
//   npm run sample-server [-- --port N]
// Everything it prints to stdout is valid shell (the export line, the rest comments).
import { SAMPLE_OPTIONS, startFakeWeblate } from '../test/support/fake-weblate/index.js';

function portArg(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg.startsWith('--port=') ? arg.slice('--port='.length) : arg === '--port' ? argv[++i] : undefined;
    if (value === undefined) {
      process.stderr.write(`sample-server: unknown option ${arg} (usage: npm run sample-server [-- --port N])\n`);
      process.exit(2);
    }
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      process.stderr.write(`sample-server: --port needs a port number (0 to 65535), not '${value}'\n`);
      process.exit(2);
    }
    return port;
  }
  return undefined;
}

const server = await startFakeWeblate({ ...SAMPLE_OPTIONS, port: portArg(process.argv.slice(2)) });
process.stdout.write(
  [
    `# Sample Weblate server (projects demo and big; any token also shows the private project secret).`,
    `# In another shell:`,
    `export WLI_URL=${server.url}`,
    `# then try: wli ls demo; wli units demo/android/cs --state untranslated; wli changes demo --follow`,
    `# Ctrl-C stops the server.`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void server.close().then(() => process.stderr.write('sample server stopped\n'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
