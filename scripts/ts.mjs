// node --import ./scripts/ts.mjs <file>.ts: runs the project's TypeScript (scripts, the fake server)
// without a compile step. Type checking is tsc's job (npm run build: tsc --noEmit); this only strips
// the types, with the esbuild the build already uses. `./x.js` imports find `./x.ts`, as tsc's do.
import { register } from 'node:module';

register(new URL('./ts-hooks.mjs', import.meta.url));
