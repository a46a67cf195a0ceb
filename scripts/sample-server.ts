// `npm run sample-server`: the bundled sample Weblate server (the one `npm run demo` tours), on its
// own, for trying wli by hand with no server of your own and no network. Prints the line to paste
// into another shell and serves until Ctrl-C (SIGINT) or SIGTERM, then exits 0.
//   npm run sample-server [-- --port N] [-- --older]
// --older: a server before Weblate 2026.8, without the project metrics endpoint (404), so
// `wli stats --project demo --by translation` takes the per-component route.
// Everything it prints to stdout is valid shell (the export line, the rest comments).
//
// A line typed into it, `change p/c/l`, does what an upstream commit (or msgmerge, or a template
// update) does to a translation on a real Weblate: its file gets other bytes and its `revision`
// another commit, while its …/file/'s Last-Modified stays (the translation's last change in Weblate).
// `wli pull` and `wli download` then bring the new bytes, where If-Modified-Since alone would answer 304.
import { createInterface } from 'node:readline';
import { SAMPLE_OPTIONS, startFakeWeblate } from '../test/support/fake-weblate/index.js';

function portArg(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--older') continue;
    const value = arg.startsWith('--port=') ? arg.slice('--port='.length) : arg === '--port' ? argv[++i] : undefined;
    if (value === undefined) {
      process.stderr.write(`sample-server: unknown option ${arg} (usage: npm run sample-server [-- --port N] [--older])\n`);
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

const older = process.argv.slice(2).includes('--older');
/** 'a', 'a and b', 'a, b and c'. */
const listed = (names: string[]): string => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`);

const server = await startFakeWeblate({ ...SAMPLE_OPTIONS, port: portArg(process.argv.slice(2)), projectMetrics: !older });
// The projects as the server lists them, so the banner names every one whatever the sample data holds.
const open = server.projects(false);
const hidden = server.projects(true).filter((p) => !open.includes(p));
const privateNote = hidden.length ? `; any token also shows the private project${hidden.length > 1 ? 's' : ''} ${listed(hidden)}` : '';
process.stdout.write(
  [
    `# Sample Weblate server (project${open.length > 1 ? 's' : ''} ${listed(open)}${privateNote})${older ? ', as a server before Weblate 2026.8 (no project metrics)' : ''}.`,
    `# In another shell:`,
    `export WLI_URL=${server.url}`,
    `# then try: wli ls demo; wli units demo/android/cs --state untranslated; wli changes demo --follow`,
    `#   wli locales apps/mobile --as android; wli memory Settings --for demo/android/cs --token any`,
    `# Type "change demo/android/cs" here (Enter) to change that file upstream: a new revision, the same Last-Modified.`,
    `# Ctrl-C stops the server.`,
    '',
  ].join('\n'),
);

// Not a terminal's line editor (terminal: false): Ctrl-C stays the signal that stops the server.
const lines = createInterface({ input: process.stdin, terminal: false });
lines.on('line', (line) => {
  const [word, translation, ...rest] = line.trim().split(/\s+/);
  if (!word) return;
  if (word !== 'change' || !translation || rest.length) {
    process.stderr.write(`sample-server: type "change PROJECT/COMPONENT/LANGUAGE" (e.g. change demo/android/cs)\n`);
    return;
  }
  try {
    const bytes = server.changeFile(translation)!;
    process.stderr.write(`sample-server: changed the file of ${translation} upstream (now ${bytes.length} bytes) and its revision; Last-Modified stays\n`);
  } catch (e) {
    process.stderr.write(`sample-server: ${e instanceof Error ? e.message : String(e)}\n`);
  }
});

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  lines.close();
  process.stdin.destroy();
  void server.close().then(() => process.stderr.write('sample server stopped\n'));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
