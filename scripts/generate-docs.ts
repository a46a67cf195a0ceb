// `npm run docs`: regenerates completions/, man/wli.1 and docs/commands.md from src/spec/spec.ts.
// test/completion.test.ts and test/manpage.test.ts fail when they drift.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generatedFiles } from '../src/docs/generated.js';
import { ROOT } from '../test/support/run.js';

for (const [path, text] of generatedFiles()) {
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
