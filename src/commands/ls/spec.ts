// `wli ls` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (ls.ts, beside this file) receives typed. A leaf: it imports no run module.
import { LIMIT, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'ls',
  summary: 'what a target contains: projects, components, translations',
  description: [
    'Lists what a target contains, one usable target per row: with no target or /, the projects of the server; with a project, its components (a component inside categories as project/category/component); with a category (project/category), the components inside it, nested ones too; with a component, its translations (language, translated %, strings, last change).',
    'A translation contains nothing to list: exit 2, pointing to translation and units.',
    'JSON, JSON Lines and CSV give the server objects, exact, each with its target first: wli_target (what the TARGET column shows, taken back by every command), wli_project, wli_component (with its categories) and wli_language, null where they do not apply (a server field of one of these names kept as server_<name>).',
  ].join(' '),
  args: [
    {
      name: 'target',
      description: '/, project, project/category or project/component',
      required: false,
      targets: ['server', 'project', 'component', 'category'],
    },
  ],
  options: [LIMIT],
  examples: [
    ['wli ls', 'the projects of the server'],
    ['wli ls demo', 'the components of a project, as targets'],
    ['wli ls demo/android', 'the translations of a component, with their progress'],
    ['wli ls demo/docs', 'the components inside the category "docs"'],
  ],
} as const satisfies CommandSpec;
