// `wli memory` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (memory.ts, beside this file) receives typed. A leaf: it imports no run module.
import { MEMORY_BATCH, MEMORY_MAX_CHARS } from '../../weblate/memory.js';
import { MEMORY_API_SINCE, MEMORY_EXACT_SINCE, MEMORY_LOOKUP_SINCE } from '../../weblate/versions.js';
import { EXIT } from '../../core/errors.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'memory',
  summary: "the translation memory's best match for each string (a POST that changes nothing; needs a token)",
  description: [
    `Looks each string up in Weblate's translation memory (Weblate 5.17 or newer) and prints one row per string, in the order given, with its best match: query, then match (null when the memory has none) with id, source, target, origin, exact and quality, as the server sent them.`,
    `The strings are the arguments, or else one a line on standard input (empty lines left out; a terminal is refused: pipe or redirect it).`,
    `They are asked ${MEMORY_BATCH} at a time (the most one lookup takes), one batch after another, each printed as it is answered, so a long list streams in bounded memory.`,
    `This is the one request wli sends that is not a GET: Weblate takes the strings in the body of a POST to /api/memory/lookup/, which changes nothing on the server.`,
    `It answers only a signed-in user: without a token (WLI_TOKEN, --token, or [keys] of the user configuration file) it is a usage error (exit ${EXIT.usage}) before any request.`,
    `The languages are --from and --to; --for project/component/language gives both (its component's source language, its language) and the project; --project keeps the lookup to that project's memory.`,
  ].join(' '),
  args: [
    {
      name: 'strings',
      description: `source strings to look up (at most ${MEMORY_MAX_CHARS} characters each); none: one a line on standard input`,
      required: false,
      variadic: true,
    },
  ],
  options: [
    { flags: '--from <code>', description: 'the language of the strings (source_language)', value: { type: 'language' }, complete: 'none' },
    { flags: '--to <code>', description: 'the language of the translations (target_language)', value: { type: 'language' }, complete: 'none' },
    {
      flags: '--for <target>',
      description:
        "project/component/language: its component's source language, its language and its project, where --from, --to and --project leave them open",
      note: [
        'Without it, the default target of the configuration (`translation =` of a project file) serves the same way.',
        'A component (project/component) gives the source language only: `--to` is then needed.',
        'Its object is read once (one GET) to learn the languages.',
      ].join(' '),
      value: { type: 'text' },
      complete: 'none',
    },
    {
      flags: '--project <project>',
      description: "only that project's memory",
      note: [
        `A project that does not exist, or that the token may not see, is a 404 from Weblate: wli then asks the project's object (one GET) and, missing there too, says so (exit ${EXIT.notFound}), never that the server is too old.`,
        `A server before ${MEMORY_LOOKUP_SINCE} has no lookup: HTTP 404 without a memory API (before ${MEMORY_API_SINCE}), 405 with one (${MEMORY_API_SINCE} to 5.16), exit ${EXIT.notFound} naming the release.`,
      ].join(' '),
      value: { type: 'slug' },
      hint: 'expected a project slug, e.g. --project weblate',
      complete: 'none',
    },
    {
      flags: '--exact',
      description: 'only matches of exactly the same source text',
      note: `Sent as exact=true, which Weblate honours since ${MEMORY_EXACT_SINCE}; an older server ignores it and answers fuzzy matches (exact false): wli leaves those out (match null) and says so once on stderr.`,
    },
  ],
  examples: [
    ['wli memory "Save" "Open file" --from en --to cs', 'the best Czech match of two strings'],
    ['wli memory "Settings" --for demo/android/cs', "the languages and project of a translation: its component's source language, Czech, demo"],
    ['wli memory "Open" "Close" "Quit" --from en --to de -f jsonl', 'one JSON line per string, in the order given (from standard input: one a line)'],
    ['wli memory "Delete" --from en --to cs --exact -f json', 'only a match of exactly that text'],
  ],
} as const satisfies CommandSpec;
