// Every command's name, once, in the order help lists them: the one list a new command joins. The
// commander program (cli/program.ts, through COMMANDS), the lazy registry (cli/registry.ts, keyed by
// CommandName: a name missing there or one too many does not compile) and test/bundle.test.ts's LAZY
// list are derived from it; spec.ts declares each name's spec and does not compile if the two differ.
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
