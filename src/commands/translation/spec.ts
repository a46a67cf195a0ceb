// `wli translation` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (translation.ts, beside this file) receives typed. A leaf: it imports no run module.
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'translation',
  summary: 'one translation: metadata and counts',
  description:
    "Shows one translation of a component: project, component, language, file, revision (the Git blob hash of its file as Weblate last read it; a monolingual format adds its template's), its string and word counts (translated, needing editing, failing checks), suggestions and comments, the last change and its author, and its web page.",
  args: [{ name: 'target', description: 'project/component/language (or project/category/component/language)', required: false, targets: ['translation'] }],
  options: [],
  examples: [
    ['wli translation demo/android/cs', 'metadata and counts of the Czech translation'],
    ['wli translation demo/android/cs -f json | jq .translated_percent', 'one value for a script'],
    ['wli translation demo/docs/guide/cs', 'a component inside the category "docs"'],
  ],
} as const satisfies CommandSpec;
