// `wli unit` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (unit.ts, beside this file) receives typed. A leaf: it imports no run module.
import { UNIT_COMMENTS_SINCE, UNIT_SUGGESTIONS_SINCE } from '../../weblate/versions.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'unit',
  summary: 'one string whole: its forms, context, state, suggestions, comments and screenshots',
  description: [
    `Shows one unit (string) by its id (the ID column of wli units) from /api/units/ID/, as \`gh issue view\` shows an issue: its translation (wli_target), id, state by name, position, context, note, flags, every plural form of its source and target (labelled as --fields names them: source.0, source.1), then its suggestions (text, author, votes) and comments (text, author, time) where it has any (has_suggestion, has_comment: the lists \`units --with\` reads, Weblate ${UNIT_SUGGESTIONS_SINCE} and ${UNIT_COMMENTS_SINCE}), the screenshots it is on (its component's list of screenshots), and its web page.`,
    `Long texts wrap at the terminal's width under their label; nothing is cut. -f json, jsonl and csv write the unit as the server sent it (hashes exact) with wli_target, wli_project, wli_component and wli_language first and wli_suggestions, wli_comments and wli_screenshots after it (a server field of one of those names kept as server_<name>).`,
    `A server too old to serve a unit's suggestions or comments, or its component's screenshots, is said on stderr and that list left out.`,
  ].join(' '),
  args: [{ name: 'id', description: 'the unit id, a number (the ID column of wli units)', required: true }],
  options: [],
  examples: [
    ['wli unit 44', 'one string: every form of its source and target, its suggestions, comments and screenshots'],
    ['wli units demo/android/cs -q has:suggestion', 'find the ids of the strings with suggestions first'],
    ['wli unit 44 -f json | jq .wli_suggestions', "a string's suggestions, for a script"],
  ],
} as const satisfies CommandSpec;
