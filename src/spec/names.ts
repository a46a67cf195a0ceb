// Every command's name, once, in the order help lists them: the one list a new command joins (its
// folder, src/commands/<name>/, holds the rest). Derived from it: the files `npm run docs` generates
// (spec/declared.ts, each command's spec; cli/modules.ts, each run module), so the commander program
// (cli/program.ts, through COMMANDS), the lazy registry (cli/registry.ts, keyed by CommandName) and
// test/bundle.test.ts's LAZY list; a spec whose name is not its list entry does not compile.
export const COMMAND_NAMES = [
  'translation',
  'units',
  'unit',
  'changes',
  'stats',
  'language',
  'locales',
  'memory',
  'screenshots',
  'checks',
  'status',
  'ls',
  'show',
  'download',
  'pull',
  'api',
  'config',
  'completion',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

export const isCommandName = (word: string): word is CommandName => COMMAND_NAMES.some((n) => n === word);
