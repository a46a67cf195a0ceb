// node --import ./trace-imports.mjs …: appends every module the process loads to $WLI_TRACE_FILE:
// ES modules through a loader hook, CommonJS ones (require, createRequire) through Module._load.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const file = process.env.WLI_TRACE_FILE;
register(new URL('./trace-hooks.mjs', import.meta.url), { data: { file } });
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const out = load.apply(this, arguments);
  try {
    if (file) appendFileSync(file, Module._resolveFilename(request, parent, isMain) + '\n');
  } catch {
    // a built-in or an unresolvable name: nothing to record
  }
  return out;
};
