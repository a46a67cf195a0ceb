// The two files that name every command's folder, written from the one list of names
// (src/spec/names.ts) by `npm run docs`, so a new command needs its folder and its name in the list and
// no other hand edit: src/spec/declared.ts (each command's spec, for help, the docs and the typed
// options) and src/cli/modules.ts (each command's run module, loaded only when it runs).
// test/structure.test.ts fails when they drift from the list.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { COMMAND_NAMES } from '../src/spec/names.js';
import { ROOT } from './paths.js';

const GENERATED = '// Generated from src/spec/names.ts by `npm run docs`; do not edit (test/structure.test.ts fails when it drifts).';

/** A command's name as an identifier: `locales` → locales, a kebab name → camelCase. */
const identifier = (name: string) => name.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

function declared(names: readonly string[]): string {
  return [
    GENERATED,
    "// Each command's spec, from its folder (src/commands/<name>/spec.ts), in the order of the list.",
    ...names.map((n) => `import { spec as ${identifier(n)} } from '../commands/${n}/spec.js';`),
    '',
    `export const DECLARED = [${names.map(identifier).join(', ')}] as const;`,
    '',
  ].join('\n');
}

function modules(names: readonly string[]): string {
  return [
    GENERATED,
    "// Each command's run module (src/commands/<name>/<name>.ts) behind a literal import(): the literal path",
    '// is what makes the module a lazy chunk of the bundle. src/cli/registry.ts gives them their types.',
    'export const MODULES = {',
    ...names.map((n) => `  ${identifier(n)}: () => import('../commands/${n}/${n}.js'),`),
    '};',
    '',
  ].join('\n');
}

/** The generated source files for these names (the list's own by default), formatted as prettier would. */
export async function commandIndexFiles(names: readonly string[] = COMMAND_NAMES): Promise<Array<[path: string, text: string]>> {
  const files: Array<[string, string]> = [
    ['src/spec/declared.ts', declared(names)],
    ['src/cli/modules.ts', modules(names)],
  ];
  const options = await resolveConfig(join(ROOT, 'src/spec/names.ts'));
  return Promise.all(files.map(async ([path, text]): Promise<[string, string]> => [path, await format(text, { ...options, filepath: join(ROOT, path) })]));
}

/** Whether each generated file on disk is what the list makes. */
export async function commandIndexDrift(): Promise<string[]> {
  const drifted: string[] = [];
  for (const [path, text] of await commandIndexFiles()) if ((await readFile(join(ROOT, path), 'utf8').catch(() => '')) !== text) drifted.push(path);
  return drifted;
}
