// `wli language` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (language.ts, beside this file) receives typed. A leaf: it imports no run module.
import { LIMIT, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'language',
  summary: 'one language, or every language of the server',
  description: 'Shows one language of the server: name, direction, plural rule, aliases, population. Without a code, lists every language.',
  args: [{ name: 'code', description: 'language code, e.g. cs or pt_BR', required: false, targets: ['language'] }],
  options: [LIMIT],
  examples: [
    ['wli language cs', 'the Czech language and its plural rule'],
    ['wli language ar -f json | jq .direction', 'text direction for a script'],
    ['wli language -f csv --fields code,name', 'every language code and name'],
  ],
} as const satisfies CommandSpec;
