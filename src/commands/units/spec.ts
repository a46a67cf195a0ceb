// `wli units` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (units.ts, beside this file) receives typed. A leaf: it imports no run module.
import { STATE_MEANINGS, STATE_NAMES } from '../../weblate/units.js';
import { UNIT_COMMENTS_SINCE, UNIT_SUGGESTIONS_SINCE, UNITS_SEARCH_SINCE } from '../../weblate/versions.js';
import { WITH_LISTS } from '../../weblate/discussion.js';
import { EXIT } from '../../core/errors.js';
import { ANY_SCOPE, LIMIT, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'units',
  summary: 'the strings of a translation, or search them anywhere',
  description: [
    `Lists the units (strings) of a translation in server order, reading every page; filters are applied by the server.`,
    `Above a translation (a component, a category: its components, a language across a project: project/-/language, a project, or / for the whole server) the strings are searched through /api/units/ with Weblate's scope terms (project:, component:, language:) joined to the query; every unit's translation link is checked against the scope, and a server that ignores the search (Weblate before ${UNITS_SEARCH_SINCE}) is an error rather than a wrong list.`,
    `Each unit listed above a translation names its translation: the table's TRANSLATION column, and in JSON, JSON Lines and CSV the fields wli_target, wli_project, wli_component and wli_language first (a target wli takes back), then the server's fields as sent (one with the name of wli's kept as server_<name>).`,
  ].join(' '),
  args: [ANY_SCOPE],
  options: [
    {
      flags: '--state <names>',
      description: 'only units in these states (repeatable or comma-separated)',
      note: [
        `Each name means what Weblate's statistics count (wli stats): ${STATE_NAMES.map((n) => `\`${n}\`: ${STATE_MEANINGS[n]}`).join('; ')}.`,
        `So \`translated\` and \`untranslated\` together are every string, as the statistics' translated and its remainder are.`,
      ].join(' '),
      value: { type: 'choice', choices: STATE_NAMES },
      repeatable: true,
    },
    {
      flags: '-q, --query <search>',
      description: "Weblate search query, sent as q (e.g. 'has:check', 'context:menu')",
      note: [
        `With \`--state\` as well, a unit must match both.`,
        `A query the server rejects is a usage error (exit ${EXIT.usage}) that shows its message.`,
        `Above a translation the search goes to /api/units/ with the scope's exact terms joined to it (\`project:\`, \`language:\`, a component's or category's \`path:\`; a server before Weblate 5.8 answers 400 to \`path:\`, and the search is asked again with \`component:=SLUG\`, said under --verbose); units outside the scope are never shown, and a server that ignores the search (Weblate before ${UNITS_SEARCH_SINCE}) is an error.`,
      ].join(' '),
      value: { type: 'text' },
      complete: 'none',
    },
    {
      flags: '--with <lists>',
      description: "also each string's suggestions, comments or screenshots (comma-separated or repeatable)",
      note: [
        `Added after the unit's fields as \`wli_suggestions\` and \`wli_comments\` (lists of the server's objects as sent: a suggestion's id, unit, target, user, timestamp, votes; a comment's comment, timestamp, id, user), in every format; the table shows their texts.`,
        `Asked only for the strings that say they have any (\`has_suggestion\`, \`has_comment\`): one request per such string and list, --concurrency at a time, and none for a string without; a string without has an empty list.`,
        `To list only the strings that have them, add \`-q has:suggestion\` or \`-q has:comment\`.`,
        `Suggestions are served by Weblate ${UNIT_SUGGESTIONS_SINCE} and later, comments by ${UNIT_COMMENTS_SINCE} and later: an older server's 404 is an error that says so.`,
        `Resolved comments: the API lists a string's comments resolved or not, with nothing that tells them apart, while \`has_comment\` (and \`-q has:comment\`) counts only unresolved ones; so a string whose comments are all resolved has none here, and one with an open comment lists its resolved ones beside it. \`screenshots\` adds \`wli_screenshots\`: the screenshots the string is on, its source string's and those of its own translation (localized screenshots) (each one's id, name, repository_filename and file_url; the image: \`wli download --screenshot ID\`), from its component's one list of screenshots, asked once a component; \`-q has:screenshot\` keeps the strings on any.`,
      ].join(' '),
      value: { type: 'choice', choices: WITH_LISTS },
      repeatable: true,
    },
    LIMIT,
  ],
  examples: [
    ['wli units demo/android/cs --state untranslated', 'what is left to translate'],
    ['wli units demo/android/cs -q has:suggestion --with suggestions', 'the strings with suggestions, and the suggestions'],
    ['wli units demo -q "has:comment" --with comments -f jsonl', 'every commented string of a project with its comments, for a script'],
    ['wli units demo/android/cs -q has:screenshot --with screenshots', 'the strings on a screenshot, and which screenshots show them'],
    ['wli units demo/android/cs -q "has:check" -f jsonl | jq -r .context', 'keys of strings with failing checks'],
    ['wli units demo/android/cs --state needs-editing,empty -L 20', 'the first twenty strings needing work'],
    ['wli units demo -q "source:Save"', 'every string of a project whose source contains Save'],
    ['wli units / --state untranslated -q "language:cs"', 'what is left to translate into Czech, on the whole server'],
    ['wli units demo/-/cs --state untranslated', 'what is left to translate into Czech, in every component of a project'],
    ['wli units demo/docs --state untranslated', 'what is left in the components of the category "docs"'],
  ],
} as const satisfies CommandSpec;
