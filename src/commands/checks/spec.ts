// `wli checks` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (checks.ts, beside this file) receives typed. A leaf: it imports no run module.
import { UNITS_SEARCH_SINCE } from '../../weblate/versions.js';
import { WEBLATE_CHECKS } from '../../weblate/checks.js';
import { EXIT } from '../../core/errors.js';
import { ANY_SCOPE, FORMATS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'checks',
  summary: 'failing quality checks by name, counted at any scope',
  description: [
    `Counts the strings that fail each of Weblate's quality checks at a scope: a translation, a component, a category, a project, a language across a project (project/-/language) or the whole server (/).`,
    `One row per check that fails there: its id, its name and the strings failing it (with --dismissed also the strings where it is dismissed), most failing first.`,
    `Weblate's statistics do not break checks down; its unit search does (has:check, check:=ID: exactly that check, where check:ID would also count every check whose id contains it, same-plurals under same), so wli counts: one has:check count first (when nothing fails, that answers: one request for a translation or the server, two for a project, component or category, whose search answers 0 for a typo), then one page_size=1 count per check id, --concurrency at a time: at most one request per check id besides the scope's own.`,
    `A component or category is searched by its path (path:, Weblate 5.8 or newer), never by a slug that other components' slugs or names contain; a server before 5.8 answers 400 to path:, and wli then asks with component:=SLUG and leaves out the strings outside the scope (listing them to count them; --verbose says so).`,
    `A server that ignores the search above one translation (Weblate before ${UNITS_SEARCH_SINCE}) is an error, never a wrong count.`,
    `Every row carries wli_target, the scope.`,
    `With --fail-over it is a CI gate, judged once per check; for CI systems each check is split by translation (its strings read page by page and counted per translation): -f github writes an annotation per failing check and translation on the translation's file, -f junit a test case per check and translation, -f codequality an issue per check and translation (fingerprinted by the translation and the check only), -f openmetrics the counts per check as gauges.`,
    `A scope with failing checks costs a request a check id: near the 100 a day Hosted Weblate gives an anonymous caller, so use a token.`,
  ].join(' '),
  args: [ANY_SCOPE],
  options: [
    {
      flags: '--check <id>',
      description: "only these checks (Weblate's ids: end_stop, same, …; custom:ID for a server's own); repeatable or comma-separated",
      note: [
        'A check asked for has its row even when no string fails it.',
        "An id that is not Weblate's is a usage error with did-you-mean; a check of the server's own (its CHECK_LIST setting) is written `custom:ID`.",
      ].join(' '),
      value: { type: 'text' },
      repeatable: true,
      complete: 'none',
    },
    {
      flags: '--dismissed',
      description: 'count the strings where each check is dismissed too (one more request per check id where any is)',
      note: 'Without it the dismissed field is null and a table leaves its column out: dismissed checks are counted only when asked for.',
    },
    {
      flags: '--units',
      description: 'list the failing strings instead, each once with the checks it fails',
      note: "The ids of each failing check's strings are read first (one list per failing check), then the scope's failing strings are written page by page as they arrive.",
    },
    {
      flags: '--fail-over <count>',
      description: `exit ${EXIT.gate} when more strings fail than this: N for the strings failing any check, CHECK=N for one check (end_stop=0); repeatable`,
      note: [
        "A bare N is the scope's strings that fail any check (has:check: a string failing two checks counts once); when it is exceeded every failing check without a threshold of its own is named.",
        '`CHECK=N` holds one check to its own count.',
      ].join(' '),
      value: { type: 'over' },
      repeatable: true,
      complete: 'none',
    },
  ],
  formats: FORMATS,
  more: ["Check ids (Weblate's, weblate/checks/defaults.py)", WEBLATE_CHECKS.map(([id, name]) => `${id} (${name})`).join(', ')],
  examples: [
    ['wli checks demo/android/cs', 'the failing checks of a translation, most failing first'],
    ['wli checks demo --check end_stop --check same', 'two checks across a project'],
    ['wli checks apps/mobile --units', 'the failing strings, each with its checks'],
    ['wli checks apps --fail-over 0 -f junit > checks.xml', `a gate: exit ${EXIT.gate} when any string fails a check, a test case per check`],
    ['wli checks apps --fail-over end_stop=2 -f github', 'one check held to a count, annotated in GitHub Actions'],
  ],
} as const satisfies CommandSpec;
