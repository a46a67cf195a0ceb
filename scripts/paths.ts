// Where the project is, for the build, the scripts and the tests: no side effect, nothing imported
// but Node's own, so the build (scripts/bundle.ts) loads no test code (test/bundle.test.ts checks).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What users run: bin/wli.cjs, which loads the bundle. */
export const BIN = join(ROOT, 'bin', 'wli.cjs');

/** `node …nodeTs(file)`: runs a TypeScript file of the project (the fake server, a script) from source. */
export const nodeTs = (file: string, ...args: string[]): string[] => ['--import', pathToFileURL(join(ROOT, 'scripts/ts.mjs')).href, file, ...args];
