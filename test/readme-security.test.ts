// Issue 45, "Done when": README's security paragraph is true word for word, with a test per sentence
// where a test can hold it. The paragraph is read sentence by sentence; each sentence is listed here
// with the tests that hold it (file and test name). A sentence changed or added without its tests, or a
// test renamed or removed from under a sentence, fails here: the claim and its proof stay together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/paths.js';

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The "Safe output" bullet of README.md, as one line of text, split into its sentences. */
function safeOutputSentences(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('- **Safe output.**');
  const end = readme.indexOf('\n- **', start + 1);
  const text = readme
    .slice(start, end)
    .replace(/^- \*\*Safe output\.\*\* /, '')
    .replace(/\s+/g, ' ')
    .trim();
  // A sentence ends at ". " before a capital (not inside the backticks of `.git/`).
  return text.split(/(?<=\.) (?=[A-Z])/);
}

/** Each sentence, word for word, and the tests that hold it: [file under test/, a test's name as written there]. */
const HELD: Array<[sentence: string, tests: Array<[file: string, name: string]>]> = [
  [
    "Server text cannot inject terminal escapes into a table, nor into any format written to a terminal; into a pipe or a file every byte is the server's.",
    [
      ['terminal-output.test.ts', '24.5: on a terminal, server text is escaped in every format; piped, it is exact'],
      ['terminal-output.test.ts', 'field names from the server are escaped too'],
    ],
  ],
  [
    'A token never reaches another host than the one configured, nor any log line.',
    [
      ['resilience.test.ts', 'a redirect to another origin is refused with an explanation, and gets no token'],
      ['resilience.test.ts', '--verbose and --debug never show the token'],
      ['resilience.test.ts', 'an error message that echoes the token is masked'],
      ['resilience.test.ts', '45.4: a name under .localhost, localhost. and an IPv4-mapped address are not loopback'],
    ],
  ],
  [
    "A server cannot make `pull` or `download` write into `.git/`, a hidden folder or over a file wli did not predict: `pull` writes only Weblate's own name for each file, in the layout `wli-layout.json` records.",
    [
      ['hostile.test.ts', '15: .git/config, .GIT/hooks/pre-commit, .git./x, GIT~1/config'],
      ['hostile.test.ts', '15: .github/workflows/cs.yml, inside the filemask: refused by default'],
      ['hostile.test.ts', '15: names an existing file it did not predict: refused (exit 7), the file kept'],
      ['pull.test.ts', 'a link of the checkout into a hidden folder, or to a hidden file'],
      ['pull-layout.test.ts', 'Weblate’s rule, end to end'],
    ],
  ],
  [
    "The first pull trusts the server's layout (review and commit that file, as a lock file); after it, a server cannot move where files go.",
    [
      ['pull-layout.test.ts', 'the first pull records each component it writes a file of, in wli-layout.json in DIR'],
      ['pull-layout.test.ts', 'is refused: exit 1, the component and both layouts named, nothing of it written or asked for'],
      ['pull-layout.test.ts', '--check reports it as drift (exit 3)'],
    ],
  ],
  [
    "Nor can a server rename a row to pass a gate: `wli_target` is wli's own, and a server's field of that name is kept as `server_wli_target`.",
    [
      ['identity.test.ts', 'the table: exit 3, both targets printed, the German row named as itself'],
      ['identity.test.ts', "json, jsonl, csv: wli's identity first, the server's wli_target kept as server_wli_target"],
      ['identity.test.ts', 'junit: 2 judged, 1 failed, each row its own test case'],
    ],
  ],
];

describe("README's security paragraph, sentence by sentence", () => {
  it('is exactly the sentences listed here, in order', () => {
    expect(safeOutputSentences()).toEqual(HELD.map(([sentence]) => sentence));
  });
  it.each(HELD.flatMap(([sentence, tests]) => tests.map(([file, name]) => [sentence.slice(0, 40), file, name] as const)))(
    '"%s…" is held by %s: %s',
    (_sentence, file, name) => {
      expect(read(join('test', file))).toContain(name);
    },
  );
});
