// node --import ./trace-imports.mjs …: appends every module URL the process loads to $WLI_TRACE_FILE.
import { register } from 'node:module';
register(new URL('./trace-hooks.mjs', import.meta.url), { data: { file: process.env.WLI_TRACE_FILE } });
