// `wli show` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (show.ts, beside this file) receives typed. A leaf: it imports no run module.
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'show',
  summary: 'a project, component or translation exactly as the server sent it',
  description: [
    'Shows the object a target names, every field as the server sent it (in a table, one line per top-level field; a nested object by its name and size, such as "English (en), 10 fields", a long list by its items\' names or size: -f json shows them whole).',
    "A category's is the one its project's category list sends.",
  ].join(' '),
  args: [
    {
      name: 'target',
      description: 'project, project/category, project/component or project/component/language',
      required: false,
      targets: ['project', 'component', 'category', 'translation'],
    },
  ],
  options: [],
  examples: [
    ['wli show demo', 'a project'],
    ['wli show demo/docs/guide -f json', 'a component inside the category "docs", exactly'],
    ['wli show demo/docs', 'the category "docs" itself'],
  ],
} as const satisfies CommandSpec;
