// Loader hooks for scripts/ts.mjs: resolve `./x.js` to `./x.ts` when only the TypeScript exists,
// and load .ts files as ES modules with their types stripped (esbuild's transform).
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export async function resolve(specifier, context, next) {
  if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.startsWith('file:')) {
    const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (!existsSync(fileURLToPath(new URL(specifier, context.parentURL))) && existsSync(fileURLToPath(ts))) return next(ts.href, context);
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: fileURLToPath(url), sourcemap: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}
