// `npm run docs`: regenerates the two files that name every command's folder (src/spec/declared.ts,
// src/cli/modules.ts: scripts/command-index.ts), completions/, man/wli.1 and docs/commands.md from the
// specs, and the sample blocks of README.md and docs/*.md from real runs against the sample server
// (test/support/doc-samples.ts). test/structure.test.ts, test/completion.test.ts,
// test/manpage.test.ts and test/docs.test.ts fail when they drift.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { commandIndexFiles } from './command-index.js';
import { ROOT } from './paths.js';

function write(path: string, text: string): void {
  const file = join(ROOT, path);
  let old: string | undefined;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // new file
  }
  if (old === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${path}`);
}

// First the command index: the docs read every spec through it, so they are imported after it is written
// (a name just added to the list has its spec read at once).
for (const [path, text] of await commandIndexFiles()) write(path, text);
const { generatedFiles } = await import('../src/docs/generated.js');
const { filledDocuments } = await import('../test/support/doc-samples.js');
for (const [path, text] of [...generatedFiles(), ...(await filledDocuments())]) write(path, text);
