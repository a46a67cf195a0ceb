// `npm run demo`: starts the bundled sample Weblate server on a free loopback port and runs a
// short tour of wli against it, so a new user sees real output with no server of their own.
import { spawn } from 'node:child_process';
import { BIN } from './paths.js';
import { SAMPLE_OPTIONS, startFakeWeblate } from '../test/support/fake-weblate/index.js';

const server = await startFakeWeblate(SAMPLE_OPTIONS);
const env: NodeJS.ProcessEnv = { ...process.env, WLI_URL: server.url };
delete env.WLI_TOKEN;
delete env.WLC_KEY;

const tour: Array<[string, string[]]> = [
  ['What the server has: projects, then the components of one (categories included)', ['ls', 'demo']],
  ['The translations of a component, with their progress', ['ls', 'demo/android']],
  ['One translation, its metadata and counts', ['translation', 'demo/android/cs']],
  ['Its strings that still need work', ['units', 'demo/android/cs', '--state', 'untranslated']],
  [
    'The first strings as JSON Lines, picked fields (hashes stay exact)',
    ['units', 'demo/android/cs', '-L', '3', '-f', 'jsonl', '--fields', 'id,id_hash,context'],
  ],
  ['Recent history', ['changes', 'demo/android/cs', '-L', '5']],
  [
    'The strings with suggestions or comments, and what they say',
    ['units', 'demo/android/cs', '-q', 'has:suggestion OR has:comment', '--with', 'suggestions,comments'],
  ],
  ['Statistics of two translations and a language', ['stats', 'demo/android/cs', 'demo/android/de', 'cs']],
  ['A CI gate: exit 3 when a translation is below 90 %', ['stats', 'demo/android/cs', '--fail-under', '90']],
  ['Every translation of a component, without the source language', ['stats', 'demo/android', '--skip-source']],
  ['A whole project as a Markdown table, for a pull-request comment', ['stats', '--project', 'demo', '-f', 'markdown']],
  ['A language', ['language', 'cs']],
  ['The screenshots of a component, with the strings each shows', ['screenshots', 'demo/android']],
  ["A build's language list: Android resource directories at least half translated", ['locales', 'apps/mobile', '--min-percent', '50', '--as', 'android']],
  ['Which quality checks fail in a project, by name, and how often', ['checks', 'apps']],
  [
    'A release gate: is the component locked, are changes waiting in Weblate? (the repository needs a token)',
    ['status', 'demo/android', '--fail-if', 'locked,pending,needs-push', '--token', 'sample'],
  ],
  ['Search every string of a project', ['units', 'demo', '-q', 'source:Settings']],
  [
    'The translation memory: the best match of each string (a token is needed; any does here)',
    ['memory', 'Settings', 'Open file', '--for', 'demo/android/cs', '--token', 'sample'],
  ],
  ['What changed in the whole project lately', ['changes', 'demo', '-L', '5']],
  ['A typo is not a dead end', ['units', 'demo/androd/cs']],
];

const bold = (s: string) => (process.stdout.isTTY ? `\u001b[1m${s}\u001b[0m` : s);
console.log(`Sample Weblate server at ${server.url} (WLI_URL is set for the tour)\n`);
for (const [title, args] of tour) {
  console.log(bold(`# ${title}`));
  console.log(bold(`$ wli ${args.map((a) => (/[\s"'$]/.test(a) ? `'${a}'` : a)).join(' ')}`));
  // Asynchronous on purpose: the sample server answers from this same process.
  const status = await new Promise<number | null>((resolve) => spawn(process.execPath, [BIN, ...args], { env, stdio: 'inherit' }).on('close', resolve));
  if (status) console.log(`(exit ${status})`);
  console.log('');
}
console.log('Keep a sample server to play with: npm run sample-server (prints the export WLI_URL=… line; Ctrl-C stops it)');
console.log('Against your own server: wli --url https://weblate.example.org/ ls /');
await server.close();
