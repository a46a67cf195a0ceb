// Regenerates completions/ and man/wli.1 from src/spec/spec.ts: node dist/test/support/generate-docs.js
// (after npx tsc -p tsconfig.json). test/completion.test.ts and test/manpage.test.ts fail when they drift.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../../src/docs/generated.js';

// test/support/ in the source tree, dist/test/support/ when compiled.
const up = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = up.endsWith('/dist/') ? up.slice(0, -'dist/'.length) : up;

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
