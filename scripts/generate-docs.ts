// `npm run docs`: regenerates completions/, man/wli.1 and docs/commands.md from src/spec/spec.ts, and
// the sample blocks of README.md and docs/*.md from real runs against the sample server
// (test/support/doc-samples.ts). test/completion.test.ts, test/manpage.test.ts and test/docs.test.ts
// fail when they drift.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedFiles } from '../src/docs/generated.js';
import { filledDocuments } from '../test/support/doc-samples.js';
import { ROOT } from './paths.js';

for (const [path, text] of [...generatedFiles(), ...(await filledDocuments())]) {
  const file = join(ROOT, path);
  let old: string | undefined;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // new file
  }
  if (old === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${path}`);
}
