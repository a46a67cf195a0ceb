// What wli offers, as data: commands, arguments, options, examples. The commander program,
// the shell completions and the man page are all generated from this one description.
import { COMMAND_NAMES, isCommandName, type CommandName } from './names.js';
import { ACTIONS, kebab } from '../weblate/actions.js';
import { STATE_MEANINGS, STATE_NAMES } from '../weblate/units.js';
import { METRICS, STATS_BY } from '../weblate/statistics.js';
import { LOCALE_FORMS } from '../weblate/locales.js';
import { MEMORY_BATCH, MEMORY_MAX_CHARS } from '../weblate/memory.js';
import {
  MEMORY_API_SINCE,
  MEMORY_EXACT_SINCE,
  MEMORY_LOOKUP_SINCE,
  PROJECT_DOWNLOAD_SINCE,
  SCREENSHOTS_SINCE,
  UNIT_COMMENTS_SINCE,
  UNIT_SUGGESTIONS_SINCE,
  UNITS_SEARCH_SINCE,
} from '../weblate/versions.js';
import { WITH_LISTS } from '../weblate/discussion.js';
import { STATUS_CONDITIONS } from '../weblate/status.js';
import { WEBLATE_CHECKS } from '../weblate/checks.js';
import { EXPORTER_LIST } from '../weblate/files.js';
import {
  COMPLETION_CACHE_TEXT,
  FOLLOW_WINDOW_TEXT,
  MAX_BODY_TEXT,
  MAX_FOLLOW_KEPT_TEXT,
  MAX_FOLLOW_WAIT_TEXT,
  MAX_TIMEOUT_SECONDS,
  RETRY_STATUSES,
  SAVED_RECORD_UNUSED_DAYS,
} from '../core/limits.js';
import type { FlagKey } from './flags.js';
import { EXIT } from '../core/errors.js';
import { LAYOUT_FILE } from '../core/xdg.js';

/**
 * What an option's value must be; src/spec/option-values.ts checks every value against it once, right after
 * parsing, and turns a bad one into a usage error (exit 2) with the hint below.
 */
export type ValueSpec =
  | { type: 'text'; emptyMeansUnset?: boolean } // any text but empty (trimmed)
  | { type: 'integer'; min: number; max?: number }
  | { type: 'seconds'; max: number } // a number above 0
  | { type: 'choice'; choices: readonly string[] }
  | { type: 'fields' } // comma-separated field paths → string[]
  | { type: 'sort' } // comma-separated field paths, each with an optional leading - (descending) → SortKey[]
  | { type: 'time' } // ISO 8601, or a duration back from now: 30m, 24h, 7d, 2w
  | { type: 'action' } // a change action: code, name or kebab name (actions.ts)
  | { type: 'threshold' } // 90, 90%, or LANG=PCT
  | { type: 'over' } // N, or ID=N (a count of strings: wli checks --fail-over)
  | { type: 'percent' } // 0–100
  | { type: 'slug' } // one path segment; a trailing slash is tolerated
  | { type: 'language' } // a language code: cs, pt_BR, sr@latin
  | { type: 'conversion' } // a Weblate exporter, zip or zip:EXPORTER (weblate/files.ts conversionOf)
  | { type: 'file' }
  | { type: 'section' }; // an INI section name a server may be described in (not keys or DEFAULT)

export interface OptionSpec {
  /** Commander's syntax, read by flags.ts: '-f, --format <fmt>', '--url <url>', '--quiet'. */
  flags: string;
  /** One line, for --help (and the man page, before the note). */
  description: string;
  /** What the one-line description leaves out, for the man page and docs/commands.md (prose with `code` spans). */
  note?: string;
  /** Absent for a switch. */
  value?: ValueSpec;
  /** Shown after "invalid --x '…'" when the value is refused. */
  hint?: string;
  defaultText?: string;
  env?: string;
  /** May be given several times; with a value list (choices, numbers), each may also be comma-separated. */
  repeatable?: boolean;
  /** What completions offer for a value that is not a choice or a file. */
  complete?: 'url' | 'none';
}

/** Kinds of target (src/weblate/target.ts): what a command's target argument may name. */
export type TargetKindName = 'server' | 'project' | 'component' | 'category' | 'translation' | 'projectLanguage' | 'language';

export interface ArgSpec {
  name: string;
  description: string;
  required: boolean;
  variadic?: boolean;
  /** The only values accepted (and completed). */
  choices?: readonly string[];
  /** Completed from the configured server: these kinds of target (projects/, components/, languages). */
  targets?: readonly TargetKindName[];
}

export interface CommandSpec {
  name: string;
  summary: string;
  description: string;
  /** More reference for the man page and docs/commands.md, after the examples (--help points there): [title, text]. */
  more?: readonly [title: string, text: string];
  args: readonly ArgSpec[];
  options: readonly OptionSpec[];
  examples: ReadonlyArray<readonly [command: string, explanation: string]>;
  /**
   * The -f formats it writes (formatsOf): the data formats when absent; none for a command whose
   * output has no format (a file, a script), which says itself why -f does not apply.
   */
  formats?: readonly Format[];
}

// ---------------------------------------------------------------- the values commands receive
//
// The type of each command's options, derived from its description below, so a command reads
// `opts.limit` as a number without a cast: src/spec/option-values.ts checks every value against the
// same description at run time, and src/cli/execute.ts hands them over as this type.

/** A --since/--until value: an instant (ms since the epoch), or a duration back from now (30m, 24h, 7d, 2w). */
export type When = ({ atMs: number } | { agoMs: number }) & { text: string };

/** A --fail-under value: a percentage for every row, or for one language's rows (cs=95). */
export interface Threshold {
  language?: string;
  percent: number;
}

/** One --sort key: a field path (dotted, as --fields), descending when written with a leading -. */
export interface SortKey {
  path: string;
  descending: boolean;
}

/** A --fail-over value: a count of failing strings in all, or of one check (end_stop=0). */
export interface Over {
  check?: string;
  count: number;
}

/** What readOptions makes of a value of this kind. */
type ValueOf<V> = V extends { type: 'text' | 'slug' | 'file' | 'language' | 'conversion' | 'section' }
  ? string
  : V extends { type: 'integer' | 'seconds' | 'percent' | 'action' }
    ? number
    : V extends { type: 'choice'; choices: readonly (infer C)[] }
      ? C
      : V extends { type: 'fields' }
        ? string[]
        : V extends { type: 'sort' }
          ? SortKey[]
          : V extends { type: 'time' }
            ? When
            : V extends { type: 'threshold' }
              ? Threshold
              : V extends { type: 'over' }
                ? Over
                : never;

type OptionValue<O extends OptionSpec> = O extends { value: infer V } ? (O extends { repeatable: true } ? ValueOf<V>[] : ValueOf<V>) : boolean;

/** The checked values of a list of options, by attribute name; absent when not given. */
export type OptionValues<Os extends readonly OptionSpec[]> = { [O in Os[number] as FlagKey<O['flags']>]?: OptionValue<O> };

/** What every command that lists or shows data writes. */
export const DATA_FORMATS = ['table', 'json', 'jsonl', 'csv', 'csv-excel', 'markdown'] as const;
/**
 * Reports for CI systems, from the verdict a gate made (src/gate/verdict.ts): GitHub workflow commands, JUnit
 * XML, GitLab Code Quality; and OpenMetrics, numbers for a metrics scraper. Only the commands that
 * declare them write them.
 */
export const CI_FORMATS = ['github', 'junit', 'codequality', 'openmetrics'] as const;
export const FORMATS = [...DATA_FORMATS, ...CI_FORMATS] as const;
export type Format = (typeof FORMATS)[number];
export type CiFormat = (typeof CI_FORMATS)[number];

export const isCiFormat = (f: Format): f is CiFormat => CI_FORMATS.some((c) => c === f);

/** The -f formats a command writes (its spec's `formats`, else the data formats). */
export const formatsOf = (command: Pick<CommandSpec, 'formats'>): readonly Format[] => command.formats ?? DATA_FORMATS;

/** --state names and what they mean on the server (Weblate's search language). */
export { STATE_NAMES } from '../weblate/units.js';
export { METRICS } from '../weblate/statistics.js';

export { MAX_TIMEOUT_SECONDS } from '../core/limits.js';

/** Defaults of the global options: settings apply them, help and the man page show them. */
export const DEFAULTS = {
  format: 'table',
  timeoutSeconds: 30,
  retries: 3,
  concurrency: 4,
  // Chosen by measurement (docs/performance.md, the --page-size sweep).
  pageSize: 250,
} as const;

/** Defaults of `changes --follow`: what it shows first without --since, and how often it polls. */
export const FOLLOW_DEFAULTS = {
  recent: 20,
  intervalSeconds: 30,
} as const;

export const GLOBAL_OPTIONS = [
  { flags: '--config <file>', description: 'read only this wlc-style INI file (instead of the user and project files)', value: { type: 'file' } },
  {
    flags: '-s, --config-section <name>',
    description: 'the section of the configuration files to read url, translation and key from (as wlc)',
    note: '[keys] and [DEFAULT] serve every section. A section no file has is not an error (as in wlc): nothing is read from it, with a warning. `wli config` shows the section read.',
    value: { type: 'section' },
    hint: 'expected a section name of the configuration file, e.g. -s staging (not keys or DEFAULT)',
    defaultText: 'weblate',
    complete: 'none',
  },
  {
    flags: '--url <url>',
    description: 'server address: https://host, https://host/api/ or https://host/sub/path/',
    note: 'Also read from `WLC_URL` and the `[weblate]` section of a configuration file.',
    value: { type: 'text' },
    env: 'WLI_URL',
    complete: 'url',
  },
  {
    flags: '--token <token>',
    description: 'API token, sent as "Authorization: Token <token>" to the configured server only',
    note: 'Also read from `WLC_KEY` and the `[keys]` section of the user configuration file.',
    value: { type: 'text', emptyMeansUnset: true },
    env: 'WLI_TOKEN',
    complete: 'none',
  },
  {
    flags: '-f, --format <fmt>',
    description: 'output format',
    note: "`csv-excel` is CSV for a spreadsheet: a UTF-8 byte order mark, every cell quoted, and a cell starting with `=`, `+`, `-`, `@`, a tab or a CR prefixed with `'` so it cannot become a formula (so `-123` is text there). `github` (workflow commands: annotations and the job summary), `junit` (JUnit XML), `codequality` (GitLab Code Quality JSON) and `openmetrics` (OpenMetrics text) are reports for CI systems, written by `stats` (`github`, `junit` and `codequality` also by `pull --check`). Each command's help lists the formats it writes; another is a usage error (exit 2) before any request. On a terminal, server text is shown escaped in every format; into a pipe or a file the bytes are exact.",
    value: { type: 'choice', choices: FORMATS },
    defaultText: DEFAULTS.format,
  },
  {
    flags: '--fields <list>',
    description:
      'comma-separated field paths; dots reach into nested objects (language.code); a path none of the items has is named on stderr with the closest field names',
    value: { type: 'fields' },
    hint: 'expected comma-separated field paths, e.g. --fields id,context,language.code',
  },
  {
    flags: '--wrap',
    description: "tables: wrap long text onto further lines within the terminal's width instead of cutting it",
    note: 'Every character of a free-text cell (a source, a target, a description) is shown, wrapped at spaces (a longer word, such as a URL, is broken) within its column; no line is wider than the terminal, and the columns that identify a row (ids, targets, states, counts) stay whole on its first line. A row of more than one line has a blank line before and after it. Without `--wrap` a table keeps one line a row and cuts long text with `…`. Only for tables: with another `-f` it is a usage error (exit 2), since JSON, JSON Lines, CSV and Markdown never cut anything. A record (`wli show`, `wli unit`) wraps its values with or without it.',
  },
  {
    flags: '--sort <list>',
    description:
      'order a list by these field paths, comma-separated (-field: descending; dots as in --fields); holds the whole list in memory before writing it',
    note: "Applied in every data format, before `--fields` picks the fields (so a list may be sorted by a field it does not show). Numbers compare by value, exactly (64-bit hashes too); strings by Unicode code point, the same whatever the locale (as jq's `sort_by` and `LC_ALL=C sort`); booleans false before true; a field that is null or missing sorts last in either direction; items that compare equal keep the server's order. Sorting waits for the last page and holds every item in memory; without `--sort` a list is written as its pages arrive, in the server's own order. A path that none of the items has is a usage error (exit 2) naming the closest field names; an empty list is not an error. A single object (a record) is written as it is; not with the CI formats nor with `changes --follow`, whose list never ends (exit 2).",
    value: { type: 'sort' },
    hint: 'expected comma-separated field paths, each may start with - for descending, e.g. --sort=-translated_percent,name',
  },
  {
    flags: '--no-headers',
    description: 'leave out the header line of a table and of CSV',
    note: 'For `-f table`, `csv` and `csv-excel` (a table keeps the column widths its headers would have taken; a record has no header line). With `-f markdown` it is a usage error (exit 2): a Markdown table cannot be read without its header row; with the JSON and CI formats too, which have no header line.',
  },
  {
    flags: '--jq <expr>',
    description: 'filter the JSON output through a jq expression, in process (no jq needed); integers stay exact',
    note: "As `gh api --jq`: each result is written on its own line, a string as its text (as `jq -r`), anything else as compact JSON; so `wli … --jq F` writes what `wli … | jq -r -c F` would. With `-f jsonl` the expression is applied to each item as it arrives (streaming, memory flat); with `-f json` (the default with `--jq`) to the whole array, as gh applies it to the whole response, holding the list in memory. Integers pass through exactly (jq 1.7's number literals: 64-bit hashes stay as sent); arithmetic on an integer beyond 2^53 is done in doubles, as in jq. An expression jq cannot compile is a usage error (exit 2) with jq's message, before any request; an error while it runs on the data (`error(\"…\")`, `.a` of a string), on any item, is exit 2 too, with jq's message. A single object (`wli show`; `wli api PATH`, the answer as sent, a page of a list too) is filtered as that object. With `--sort` and `--fields` the list is sorted and the fields picked first. `$ENV` and `env` do not read wli's environment, and `input`, `inputs` and modules are not for use here. The jq engine (jq-web, jq compiled to WebAssembly) is loaded only when the option is given. Only with `-f json` or `jsonl` (exit 2 otherwise).",
    value: { type: 'text' },
    complete: 'none',
  },
  {
    flags: '--timeout <seconds>',
    description: 'per-attempt timeout; a timed-out request is retried (the error counts the attempts)',
    note: `At most ${MAX_TIMEOUT_SECONDS} seconds (Node timers hold no more). Each response is read up to ${MAX_BODY_TEXT}; a larger one is an error (exit ${EXIT.server}).`,
    value: { type: 'seconds', max: MAX_TIMEOUT_SECONDS },
    hint: `expected a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, e.g. --timeout 60`,
    defaultText: String(DEFAULTS.timeoutSeconds),
  },
  {
    flags: '--retries <n>',
    description: `extra attempts on ${RETRY_STATUSES.join(', ')}, timeouts and dropped connections`,
    note: 'A file written to disk (download -o, pull) is asked for again whole, also after its first byte: the bytes written so far are thrown away and the file is written from the start. A file streamed to standard output (or into a pipe or device) is retried only until its first byte: what it was given cannot be taken back.',
    value: { type: 'integer', min: 0, max: 20 },
    defaultText: String(DEFAULTS.retries),
  },
  {
    flags: '--concurrency <n>',
    description: "list pages (and pull's files) fetched at once",
    value: { type: 'integer', min: 1, max: 32 },
    defaultText: String(DEFAULTS.concurrency),
  },
  {
    flags: '--page-size <n>',
    description: 'items per page requested (page_size); servers may cap or ignore it',
    value: { type: 'integer', min: 1, max: 1000 },
    defaultText: String(DEFAULTS.pageSize),
  },
  {
    flags: '--allow-insecure-http',
    description: 'allow sending the token over plain http to a host that is not loopback',
    note: 'Without it, a token is sent over plain http only when every host it passes (the server, and the proxy if one is used) is loopback: `localhost`, an address in 127.0.0.0/8 (127.0.0.1, also written 127.1) or `[::1]`. A name under `.localhost`, `localhost.` with a trailing dot and an IPv4-mapped `[::ffff:127.0.0.1]` are not: a resolver may send a name to DNS.',
  },
  { flags: '--no-color', description: 'never colour output (also NO_COLOR; FORCE_COLOR forces it)' },
  {
    flags: '--no-pager',
    description: 'never page: write to the terminal directly',
    note: "On a terminal, output goes through `WLI_PAGER`, else `PAGER`, else `less` (with `LESS=FRX` when `LESS` is unset, as git: output that fits one screen is printed and less quits at once). An empty value or `cat` means no pager. Into a pipe or a file, and for `changes --follow`, nothing is paged. Quitting the pager early is a normal end; the exit status is wli's. A pager that cannot be started leaves the output on the terminal, with a warning.",
  },
  {
    flags: '--quiet',
    description: 'stderr keeps failures, warnings and summaries: no progress, no line per file done',
    note: "One meaning in every command: what a run did item by item (pull's line per file: created, unchanged, skipped, would fetch) is left out, and so is the progress display; a failure, a warning, a summary and an error still say their line. Progress is drawn on standard error only when it is a terminal and standard output is that terminal, a file or /dev/null: never when standard output is a pipe (a pager or jq draws on the same terminal).",
  },
  { flags: '--verbose', description: 'one line per HTTP request on stderr (token redacted)' },
  { flags: '--debug', description: '--verbose plus request headers and stack traces of errors' },
] as const satisfies readonly OptionSpec[];

/** The global options as the program receives them: checked, typed, absent when not given. */
export type GlobalOptionValues = OptionValues<typeof GLOBAL_OPTIONS>;

const LIMIT = {
  flags: '-L, --limit <n>',
  description: 'stop after n items, fetching no page that is not needed',
  value: { type: 'integer', min: 1 },
  complete: 'none',
} as const satisfies OptionSpec;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** `wli help <command>`: commander's help command, named once for --help and the completions. */
export const HELP_COMMAND = { name: 'help', usage: 'help [command]', summary: 'show help for a command, as "wli <command> --help" does' } as const;

/** Every command, its literal types kept (OptionsOf); everything else reads COMMANDS. */
const DECLARED = [
  {
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
  },
  {
    name: 'units',
    summary: 'the strings of a translation, or search them anywhere',
    description: `Lists the units (strings) of a translation in server order, reading every page; filters are applied by the server. Above a translation (a component, a category: its components, a language across a project: project/-/language, a project, or / for the whole server) the strings are searched through /api/units/ with Weblate's scope terms (project:, component:, language:) joined to the query; every unit's translation link is checked against the scope, and a server that ignores the search (Weblate before ${UNITS_SEARCH_SINCE}) is an error rather than a wrong list. Each unit listed above a translation names its translation: the table's TRANSLATION column, and in JSON, JSON Lines and CSV the fields wli_target, wli_project, wli_component and wli_language first (a target wli takes back), then the server's fields as sent (one with the name of wli's kept as server_<name>).`,
    args: [
      {
        name: 'target',
        description: '/, project, project/category, project/component, project/component/language or project/-/language',
        required: false,
        targets: ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'],
      },
    ],
    options: [
      {
        flags: '--state <names>',
        description: 'only units in these states (repeatable or comma-separated)',
        note: `Each name means what Weblate's statistics count (wli stats): ${STATE_NAMES.map((n) => `\`${n}\`: ${STATE_MEANINGS[n]}`).join('; ')}. So \`translated\` and \`untranslated\` together are every string, as the statistics' translated and its remainder are.`,
        value: { type: 'choice', choices: STATE_NAMES },
        repeatable: true,
      },
      {
        flags: '-q, --query <search>',
        description: "Weblate search query, sent as q (e.g. 'has:check', 'context:menu')",
        note: `With \`--state\` as well, a unit must match both. A query the server rejects is a usage error (exit ${EXIT.usage}) that shows its message. Above a translation the search goes to /api/units/ with the scope's exact terms joined to it (\`project:\`, \`language:\`, a component's or category's \`path:\`; a server before Weblate 5.8 answers 400 to \`path:\`, and the search is asked again with \`component:=SLUG\`, said under --verbose); units outside the scope are never shown, and a server that ignores the search (Weblate before ${UNITS_SEARCH_SINCE}) is an error.`,
        value: { type: 'text' },
        complete: 'none',
      },
      {
        flags: '--with <lists>',
        description: "also each string's suggestions, comments or screenshots (comma-separated or repeatable)",
        note: `Added after the unit's fields as \`wli_suggestions\` and \`wli_comments\` (lists of the server's objects as sent: a suggestion's id, unit, target, user, timestamp, votes; a comment's comment, timestamp, id, user), in every format; the table shows their texts. Asked only for the strings that say they have any (\`has_suggestion\`, \`has_comment\`): one request per such string and list, --concurrency at a time, and none for a string without; a string without has an empty list. To list only the strings that have them, add \`-q has:suggestion\` or \`-q has:comment\`. Suggestions are served by Weblate ${UNIT_SUGGESTIONS_SINCE} and later, comments by ${UNIT_COMMENTS_SINCE} and later: an older server's 404 is an error that says so. Resolved comments: the API lists a string's comments resolved or not, with nothing that tells them apart, while \`has_comment\` (and \`-q has:comment\`) counts only unresolved ones; so a string whose comments are all resolved has none here, and one with an open comment lists its resolved ones beside it. \`screenshots\` adds \`wli_screenshots\`: the screenshots the string is on, its source string's and those of its own translation (localized screenshots) (each one's id, name, repository_filename and file_url; the image: \`wli download --screenshot ID\`), from its component's one list of screenshots, asked once a component; \`-q has:screenshot\` keeps the strings on any.`,
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
  },
  {
    name: 'unit',
    summary: 'one string whole: its forms, context, state, suggestions, comments and screenshots',
    description: `Shows one unit (string) by its id (the ID column of wli units) from /api/units/ID/, as \`gh issue view\` shows an issue: its translation (wli_target), id, state by name, position, context, note, flags, every plural form of its source and target (labelled as --fields names them: source.0, source.1), then its suggestions (text, author, votes) and comments (text, author, time) where it has any (has_suggestion, has_comment: the lists \`units --with\` reads, Weblate ${UNIT_SUGGESTIONS_SINCE} and ${UNIT_COMMENTS_SINCE}), the screenshots it is on (its component's list of screenshots), and its web page. Long texts wrap at the terminal's width under their label; nothing is cut. -f json, jsonl and csv write the unit as the server sent it (hashes exact) with wli_target, wli_project, wli_component and wli_language first and wli_suggestions, wli_comments and wli_screenshots after it (a server field of one of those names kept as server_<name>). A server too old to serve a unit's suggestions or comments, or its component's screenshots, is said on stderr and that list left out.`,
    args: [{ name: 'id', description: 'the unit id, a number (the ID column of wli units)', required: true }],
    options: [],
    examples: [
      ['wli unit 44', 'one string: every form of its source and target, its suggestions, comments and screenshots'],
      ['wli units demo/android/cs -q has:suggestion', 'find the ids of the strings with suggestions first'],
      ['wli unit 44 -f json | jq .wli_suggestions', "a string's suggestions, for a script"],
    ],
  },
  {
    name: 'changes',
    summary: 'the history of a translation, component, project or the server, in server order',
    description:
      "Lists the changes (history) of a translation, a component, a project or (with /) the whole server, in the order the server gives them, reading every page. Weblate keeps no history of a category: a category's is its components' lists merged newest first (by time, then id), each read only as far as needed. A language across a project (project/-/language) is the project's history kept to the changes of its translations in that language. With --follow either polls the project's history, kept to the target: one list a poll. Above a translation each change names the translation it is in (a change of no translation: its component, else its project): the table's TRANSLATION column, and in JSON, JSON Lines and CSV the fields wli_target, wli_project, wli_component and wli_language first (a target wli takes back; null where unknown), then the server's fields as sent (one with the name of wli's kept as server_<name>). A translation's own changes are the server's objects as sent.",
    args: [
      {
        name: 'target',
        description: '/, project, project/category, project/component, project/component/language or project/-/language',
        required: false,
        targets: ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'],
      },
    ],
    options: [
      {
        flags: '--since <time>',
        description: 'changes at or after this time (timestamp_after): ISO 8601 (UTC unless it has an offset), or back from now: 30m, 24h, 7d, 2w',
        note: 'An ISO 8601 time, e.g. `2026-11-01`, `2026-11-01T12:00` or `2026-11-01T12:00+01:00`, or a duration back from now: `30m`, `24h`, `7d`, `2w`. A date alone and a date-time without an offset are UTC whatever `TZ` says; the request carries UTC instants. Later than `--until`, or outside the years 1 to 9999, is a usage error.',
        value: { type: 'time' },
        complete: 'none',
      },
      {
        flags: '--until <time>',
        description: 'changes before this time (timestamp_before): ISO 8601 (UTC unless it has an offset), or back from now',
        value: { type: 'time' },
        complete: 'none',
      },
      {
        flags: '--action <action>',
        description: 'only these actions: code, name or kebab name (repeatable or comma-separated)',
        value: { type: 'action' },
        repeatable: true,
      },
      { flags: '--user <username>', description: 'only changes by this user', value: { type: 'text' }, hint: 'expected a username', complete: 'none' },
      {
        flags: '--follow',
        description: `print recent changes, then keep polling and print each new change once, in order, one that commits up to ${FOLLOW_WINDOW_TEXT} late too (Ctrl-C ends it, exit ${EXIT.interrupted})`,
        note: `Recent changes first (the last ${FOLLOW_DEFAULTS.recent}, \`-L n\`, or all since \`--since\`), oldest first, then each new change once, in order, table or JSON Lines (\`-f json\` is refused). A --since backlog streams, frozen at its newest change and read from its last page back. Each poll asks again from ${FOLLOW_WINDOW_TEXT} before the newest change shown and leaves out the changes already shown: Weblate stamps a change when it creates it but lists it only once its transaction commits, so a change of a long request (an upload, a bulk edit) can appear after changes stamped later; it is shown when it appears. The window is the longest request Weblate's own deployment examples let run. A change that commits more than ${FOLLOW_WINDOW_TEXT} after it was stamped is not shown. At most ${MAX_FOLLOW_KEPT_TEXT} ids are kept: past that the window starts after the oldest ones (said once on stderr), so memory stays bounded whatever the server sends. Polls slow down when the rate limit runs low and wait out a 429, never longer than ${MAX_FOLLOW_WAIT_TEXT} (a longer wait is said on stderr). Transient failures (network, timeouts, 429, 5xx) are said once and their end too; permanent ones (401, 403, 404, a body that is not the expected JSON) end the follow with their exit status. Ctrl-C ends it with exit status ${EXIT.interrupted}. Into a pipe whose reader stops early (\`| head -3\`), the follow ends quietly (exit ${EXIT.ok}) as soon as the reader leaves, between polls too, as \`tail -f\` does; the standalone binary, and systems other than Linux, notice it only when they write the next new change (until then the polls go on: Ctrl-C, or \`timeout\`, ends them).`,
      },
      {
        flags: '--interval <seconds>',
        description: 'with --follow (refused without it): seconds between polls (slower when the rate limit runs low)',
        value: { type: 'integer', min: 1, max: 86400 },
        defaultText: String(FOLLOW_DEFAULTS.intervalSeconds),
        complete: 'none',
      },
      LIMIT,
    ],
    more: ['Actions (--action takes the code, the name in any case, or the kebab name)', ACTIONS.map(([code, name]) => `${kebab(name)} (${code})`).join(', ')],
    examples: [
      ['wli changes demo/android/cs --since 2026-11-01', 'what happened this month'],
      ['wli changes demo/android/cs --action 5 --user admin -f csv', 'translations added by one user, as CSV'],
      ['wli changes demo/android/cs -L 10', 'the ten changes the server lists first'],
      ['wli changes demo --since 2026-11-01', 'what changed in a whole project since the release'],
      ['wli changes demo --action translation-changed,translation-approved --since 7d', 'translations changed or approved in the last week'],
      ['wli changes demo --follow --interval 10 -f jsonl', 'watch a project live, one JSON line per new change'],
      ['wli changes demo/docs -L 10', 'the latest changes of the components of a category, newest first'],
      ['wli changes demo/-/cs --since 7d', 'a week of Czech changes across a project'],
    ],
  },
  {
    name: 'stats',
    summary: 'statistics of translations, components, languages, projects; one row per target',
    description:
      "Shows statistics for each target in argument order: a translation (project/component/language), every translation of a component (project/component: one row per language), every translation of the components of a category (project/category, in the order the project lists them), a language across a project (project/-/language: the row --project prints for it), a project's total (project/-: the last row --project prints), a language (a bare code, never a project), a component across its languages (project/component/-: the row --project --by component prints for it), and with --project one row per language of the project and then a total row, after the other targets (--by translation: a row per component × language instead; --by component: a row per component). Rows are always a list in the data formats (-f json: an array, one row or many); a table shows a single translation, language, project/-/language, project/- or project/component/- target as one record, its first line the row's wli_target (Target), then the server's name and URL where the row has them (a component's row, a sum, has neither). Every row carries its identity first: wli_target, wli_project, wli_component, wli_language, made by wli from what it asked for (then the server's fields as sent; one with the name of wli's kept as server_<name>, never read as the row's identity). With --fail-under it is a CI gate: every row is checked, the total row too; all rows are still printed and stderr names the failing ones by target, as the TARGET column shows them (demo/android/cs, cs, demo/-/cs for a language of a project, demo/android/- for a component, demo/- for its total row): every wli_target is unique in a run and wli stats takes it back as the same row. A row that several targets name is judged once (rows of one identity are one subject, failing when any of them fails). One verdict decides the exit status and the summary on stderr before anything is written, whoever reads stdout (a closed pipe, | head, | true change nothing; a stdout that cannot be written, a full disk, is exit 7, its error after the summary); a gate that judged nothing does not pass (see --allow-empty). With --baseline the rows are matched by identity to an earlier -f json file and the change of the metric is shown; --fail-on-drop fails when a row got worse. For CI systems, -f github writes an annotation per failing row on the file of the translation (and the table to the job summary), -f junit a test case per row (skipped when no gate judged it: tests, failures and skipped are the counts stderr gives), -f codequality a GitLab Code Quality issue per failure (fingerprinted by the check and the row's identity only), and -f openmetrics the numbers as gauges (see OUTPUT FORMATS). A table on a terminal draws each row's percentage as a bar too (Unicode blocks, or # and - where the locale is not UTF-8), red below --fail-under and green at or above it; into a pipe or a file, and in every other format, there is no bar.",
    args: [
      {
        name: 'targets',
        description: 'project/component/language, project/component, project/category, project/component/-, project/-/language, project/- or a language code',
        required: false,
        variadic: true,
        targets: ['component', 'category', 'translation', 'projectLanguage', 'language'],
      },
    ],
    options: [
      {
        flags: '--project <project>',
        description: 'one row per language of the project (or per translation, per component: --by), then a total row (after the other targets)',
        value: { type: 'slug' },
        hint: 'expected a project slug, e.g. --project weblate',
        complete: 'none',
      },
      {
        flags: '--by <rows>',
        description:
          "with --project: a row per language (language), per component × language (translation), or per component (component), then the project's total row",
        note: "`--by translation`: every translation of the project, component by component in the order the project lists them (each row wli_target project/component/language, as `wli stats project/component` gives it). `--by component`: one row per component, wli_target project/component/- (the component across its languages, which `wli stats project/component/-` prints alone): its counts summed over its translations, its percentages from the sums as Weblate rounds them (floored to one decimal, never 0.0 or 100.0 unless exact); with --skip-source the source-language translation is left out of the sums. On a server with the project metrics endpoint (Weblate 2026.8 and later) both cost one request (beside the project's components list); an older server (404) gives the same rows from each component's statistics (`--verbose` says which). A component shared into the project from another one (Weblate's component links) is in the metrics but not in the project's components list: its rows are its own target's (other/component/language, as `wli stats` takes them back), found in the server's components list (one more list); an older server's route, which reads the project's components list, cannot see it. On the metrics route the percentages the endpoint does not send but its counts give (`fuzzy_percent`, `fuzzy_words_percent`, `fuzzy_chars_percent`, `failing_percent`) are Weblate's from the row's counts, added after the server's fields, never in place of one; what no count gives (`last_change`, `recent_changes`, `readonly`, `code`) is absent from JSON and empty in tables (only each component's statistics, the older servers' route, a request per component, carry it). Components the server keeps from you are left out, never invented.",
        value: { type: 'choice', choices: STATS_BY },
        defaultText: 'language',
      },
      {
        flags: '--fail-under <percent>',
        description: `exit ${EXIT.gate} when any row is below this percentage (0 to 100: 90 or 90%); LANG=PCT for one language (cs=95); repeatable, a bare number is the default for other rows`,
        note: `Every row is still printed; stderr names the rows below their threshold, by target. A row that lacks the metric fails the gate. \`--fail-under 80 --fail-under cs=95,de=90\`: Czech rows are held to 95, German to 90, every other row to 80. LANG is matched as \`pull --lang\` matches a code: case and \`-\`/\`_\` do not matter (\`CS=95\`, \`pt-br=90\`). A LANG=PCT whose language no row has is checked against the server's languages: a code that is no language of the server (cz for cs) is a usage error (exit ${EXIT.usage}) with did-you-mean, before anything is printed; a real language that no row has (removed from a component) is a warning, and the other thresholds still gate.`,
        value: { type: 'threshold' },
        repeatable: true,
        complete: 'none',
      },
      {
        flags: '--metric <name>',
        description: 'the percentage --fail-under checks: translated strings, approved strings or translated words',
        value: { type: 'choice', choices: METRICS },
        defaultText: 'translated',
      },
      {
        flags: '--skip-source',
        description: 'leave out the source-language row of each component target, and with --project the languages that are the source of every component',
        note: "A project's total row (`p/-`, alone or with `--project`) is then recomputed without the source strings: the project's other translations summed as Weblate sums them (their counts added, each percentage from the sums), from the project metrics endpoint (one request; Weblate 2026.8) or each component's statistics on an older server. A component row (`p/c/-`, `--by component`) sums its translations without the source one alike. Every other row is the server's own, its percentages never recomputed.",
      },
      {
        flags: '--baseline <file>',
        description: 'a file written earlier by "wli stats … -f json": tables and Markdown show each row\'s change in points of the metric',
        note: 'Rows are matched by `wli_target`; the change column shows points of the gated metric (`+2.5`, `-1.0`, `new`). A file that does not parse, holds no rows, or matches no row is a usage error.',
        value: { type: 'file' },
      },
      {
        flags: '--fail-on-drop',
        description: `with --baseline: exit ${EXIT.gate} when any row's metric dropped, or a row of the baseline is gone`,
        note: 'A baseline row that the targets would list and no longer do (a language removed from a component, read with project/component or --project) is named on stderr either way, and with --fail-on-drop fails as a drop to 0.',
      },
      {
        flags: '--allow-empty',
        description: `with --fail-under or --fail-on-drop: a gate that judges no row passes (without it: exit ${EXIT.gate})`,
        note: `A gate that had nothing to judge (no statistics rows: a component without translations, every row left out by --skip-source; or no row with a threshold or a baseline value) does not pass silently: stderr says so and the exit status is ${EXIT.gate}. With --allow-empty it is said and passes.`,
      },
      {
        flags: '--empty-incomplete',
        description: 'with --fail-under: a row with no strings (0 words for --metric translated_words) is 0 %, not complete',
        note: 'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default such a row passes any threshold; stderr then says so in a note naming the rows. With --empty-incomplete it fails the threshold instead.',
      },
    ],
    formats: FORMATS,
    examples: [
      ['wli stats demo/android/cs demo/android/de', 'two translations side by side'],
      ['wli stats demo/android --skip-source --fail-under 90', `fail CI (exit ${EXIT.gate}) when a language of the component is below 90 %`],
      [
        'wli stats demo/android --skip-source --fail-under 90 -f markdown >> "$GITHUB_STEP_SUMMARY"',
        'the same gate, with the table in a GitHub Actions job summary',
      ],
      [
        'wli stats demo/android --skip-source --fail-under 90 -f github',
        'the same gate in GitHub Actions: an annotation on each failing file, the table in the job summary',
      ],
      ['wli stats demo/android --skip-source --fail-under 90 -f junit > wli-stats.xml', 'the same gate as a JUnit report, one test case per row'],
      ['wli stats --project demo --metric approved --fail-under 50', 'every language of a project and its total, gated on approved strings'],
      ['wli stats demo/android cs --project demo -f json', 'mixed targets: one JSON array, rows in argument order, project rows last'],
      ['wli stats demo/android --fail-under 80 --fail-under cs=95', 'a default threshold and a stricter one for Czech'],
      ['wli stats demo/docs', 'every translation of the components in the category "docs"'],
      ['wli stats --project demo --by translation', 'every translation of a project, component by component, in one request (Weblate 2026.8)'],
      ['wli stats --project demo --by component --fail-under 80 -f junit', 'one row per component (wli_target demo/android/-), gated, as a JUnit report'],
      ['wli stats demo/-/cs -f json', 'Czech across a project: the row --project prints, wli_target demo/-/cs'],
      ['wli stats demo/- --fail-under 80', "a project's total row alone (wli_target demo/-, the last row --project prints)"],
      ['wli stats demo/android -f json > baseline.json', 'keep the numbers of a release…'],
      ['wli stats demo/android --baseline baseline.json --fail-on-drop -f markdown', '…and later show the change of every row, failing when one got worse'],
    ],
  },
  {
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
  },
  {
    name: 'locales',
    summary: 'the languages of a component or project for a build configuration: --min-percent, --as android|apple|linguas…',
    description:
      "Lists the languages of a component (its translations), a category (those of the components inside it, each once, their counts summed) or a project (its languages), at or above --min-percent translated, sorted by code, in the form a build configuration takes: --as bcp47 (sr-Latn, pt-BR), posix (sr_Latn, pt_BR), android (a resource directory by Weblate's android style: values-b+sr+Latn, values-pt-rBR, values-zh-rTW), apple (sr-Latn.lproj), linguas (a gettext LINGUAS file: the code each translation's file uses, Weblate's language_code, so the component's language_code_style is honoured) or json (one JSON array of BCP 47 tags), one code a line. The source language is left out unless --source. Without --as, one row per language with every form side by side (code, name, translated_percent, is_source, file_code, bcp47, posix, android, apple), in any data format. A code that is not one (control characters, spaces) is skipped with a warning, never written into a build file.",
    args: [
      {
        name: 'target',
        description: 'project/component (or project/category/component), project/category, or project',
        required: false,
        targets: ['component', 'category', 'project'],
      },
    ],
    options: [
      {
        flags: '--min-percent <n>',
        description: 'only languages at least n % translated (translated_percent): 80 or 80%',
        value: { type: 'percent' },
        hint: 'expected a percentage from 0 to 100, e.g. --min-percent 80 or --min-percent 80%',
        complete: 'none',
      },
      {
        flags: '--empty-incomplete',
        description: 'with --min-percent: a language with no strings is below it, not complete',
        note: 'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default --min-percent keeps it (an empty language in the build); stderr then says so in a note naming it. With --empty-incomplete it is left out as below --min-percent.',
      },
      {
        flags: '--as <form>',
        description: 'print the codes alone, one a line, in this form (json: one array)',
        note: `\`bcp47\`, \`posix\` and \`apple\` follow the language code; \`android\` is Weblate's android style (legacy codes \`iw\`, \`in\`, \`ji\`; \`zh_Hant\` → \`values-zh-rTW\`; a script → \`values-b+sr+Latn\`); \`linguas\` is the code the translation's file uses (Weblate's \`language_code\`: the component's \`language_code_style\` applied; a project's language code). Not with \`-f\` or \`--fields\` (exit ${EXIT.usage}): without \`--as\` the rows carry every form. An empty list prints nothing (json: \`[]\`) and says why on stderr, exit ${EXIT.ok}.`,
        value: { type: 'choice', choices: LOCALE_FORMS },
      },
      { flags: '--source', description: 'also the source language (left out by default)' },
    ],
    examples: [
      ['wli locales demo/android --min-percent 80', 'the languages a release ships, every form side by side'],
      ['wli locales apps/desktop --min-percent 50 --as linguas > po/LINGUAS', 'a LINGUAS file of the catalogues at least half translated'],
      ['wli locales apps/mobile --as android', 'the Android resource directories (values-b+sr+Latn)'],
      ['wli locales apps/mobile --as bcp47 --source', 'BCP 47 tags for locales_config.xml, the source language too'],
      ['wli locales apps --as json', "a project's languages as one JSON array"],
    ],
  },
  {
    name: 'memory',
    summary: "the translation memory's best match for each string (a POST that changes nothing; needs a token)",
    description: `Looks each string up in Weblate's translation memory (Weblate 5.17 or newer) and prints one row per string, in the order given, with its best match: query, then match (null when the memory has none) with id, source, target, origin, exact and quality, as the server sent them. The strings are the arguments, or else one a line on standard input (empty lines left out; a terminal is refused: pipe or redirect it). They are asked ${MEMORY_BATCH} at a time (the most one lookup takes), one batch after another, each printed as it is answered, so a long list streams in bounded memory. This is the one request wli sends that is not a GET: Weblate takes the strings in the body of a POST to /api/memory/lookup/, which changes nothing on the server. It answers only a signed-in user: without a token (WLI_TOKEN, --token, or [keys] of the user configuration file) it is a usage error (exit ${EXIT.usage}) before any request. The languages are --from and --to; --for project/component/language gives both (its component's source language, its language) and the project; --project keeps the lookup to that project's memory.`,
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
        note: 'Without it, the default target of the configuration (`translation =` of a project file) serves the same way. A component (project/component) gives the source language only: `--to` is then needed. Its object is read once (one GET) to learn the languages.',
        value: { type: 'text' },
        complete: 'none',
      },
      {
        flags: '--project <project>',
        description: "only that project's memory",
        note: `A project that does not exist, or that the token may not see, is a 404 from Weblate: wli then asks the project's object (one GET) and, missing there too, says so (exit ${EXIT.notFound}), never that the server is too old. A server before ${MEMORY_LOOKUP_SINCE} has no lookup: HTTP 404 without a memory API (before ${MEMORY_API_SINCE}), 405 with one (${MEMORY_API_SINCE} to 5.16), exit ${EXIT.notFound} naming the release.`,
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
  },
  {
    name: 'screenshots',
    summary: "a component's screenshots and the strings each shows",
    description: `Lists the screenshots of a component, or of every component inside a category (project/category) (Weblate ${SCREENSHOTS_SINCE} or newer), each as the server sent it (id, name, repository_filename, translation, file_url, units, url) with the strings it shows after its fields as wli_strings (each string's id, context and source). Two lists, whatever the number of screenshots: the component's screenshots, and the strings on any of them (its source translation's units searched with has:screenshot). The image itself: wli download --screenshot ID. A string's screenshots: wli units … --with screenshots.`,
    args: [
      {
        name: 'component',
        description: 'project/component (or project/category/component), or project/category',
        required: false,
        targets: ['component', 'category'],
      },
    ],
    options: [],
    examples: [
      ['wli screenshots demo/android', 'every screenshot of a component and the strings on it'],
      ['wli screenshots demo/android -f jsonl --fields id,name,wli_strings', 'for a script: which strings each shows'],
      ['wli download --screenshot 1 -o shots/', 'one image, saved under the name Weblate gives it'],
    ],
  },
  {
    name: 'checks',
    summary: 'failing quality checks by name, counted at any scope',
    description: `Counts the strings that fail each of Weblate's quality checks at a scope: a translation, a component, a category, a project, a language across a project (project/-/language) or the whole server (/). One row per check that fails there: its id, its name and the strings failing it (with --dismissed also the strings where it is dismissed), most failing first. Weblate's statistics do not break checks down; its unit search does (has:check, check:=ID: exactly that check, where check:ID would also count every check whose id contains it, same-plurals under same), so wli counts: one has:check count first (when nothing fails, that answers: one request for a translation or the server, two for a project, component or category, whose search answers 0 for a typo), then one page_size=1 count per check id, --concurrency at a time: at most one request per check id besides the scope's own. A component or category is searched by its path (path:, Weblate 5.8 or newer), never by a slug that other components' slugs or names contain; a server before 5.8 answers 400 to path:, and wli then asks with component:=SLUG and leaves out the strings outside the scope (listing them to count them; --verbose says so). A server that ignores the search above one translation (Weblate before ${UNITS_SEARCH_SINCE}) is an error, never a wrong count. Every row carries wli_target, the scope. With --fail-over it is a CI gate, judged once per check; for CI systems each check is split by translation (its strings read page by page and counted per translation): -f github writes an annotation per failing check and translation on the translation's file, -f junit a test case per check and translation, -f codequality an issue per check and translation (fingerprinted by the translation and the check only), -f openmetrics the counts per check as gauges. A scope with failing checks costs a request a check id: near the 100 a day Hosted Weblate gives an anonymous caller, so use a token.`,
    args: [
      {
        name: 'target',
        description: '/, project, project/category, project/component, project/component/language or project/-/language',
        required: false,
        targets: ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'],
      },
    ],
    options: [
      {
        flags: '--check <id>',
        description: "only these checks (Weblate's ids: end_stop, same, …; custom:ID for a server's own); repeatable or comma-separated",
        note: "A check asked for has its row even when no string fails it. An id that is not Weblate's is a usage error with did-you-mean; a check of the server's own (its CHECK_LIST setting) is written `custom:ID`.",
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
        note: "A bare N is the scope's strings that fail any check (has:check: a string failing two checks counts once); when it is exceeded every failing check without a threshold of its own is named. `CHECK=N` holds one check to its own count.",
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
  },
  {
    name: 'status',
    summary: 'is a component, project or translation ready for a release: lock, pending strings, repository',
    description: `Shows whether a component, a project or a translation is locked in Weblate (a translation: its component's lock), how many of its strings were changed in Weblate and not committed yet (units searched with pending:true, one page_size=1 count), and, where the token may see it, its repository state: needs commit, needs merge, needs push, the merge failure, outgoing and missing commits and the upstream branch's last commit (remote_commit; JSON last_commit). Three requests side by side (above a translation, when strings are pending, one more proves the server honours the search: one that ignores it, Weblate before ${UNITS_SEARCH_SINCE}, is an error, never a wrong count). The repository state needs the VCS permission: without it (HTTP 403) the rest is shown, the repository fields are null (a table says "not shown") and one line on stderr says what they need; that is not an error. A translation's repository carries what its component's does. A category has no lock or repository of its own: it is refused (exit ${EXIT.usage}) naming its components. A project's lock is Weblate's "every component locked", and its repository leaves the merge failure, the outgoing and missing commits and the last commit null by design ("per component only"): --fail-if locked, needs-merge, needs-push or merge-failure of a project reads its components instead (one list, then each component's lock and repository as asked, through the worker pool) and judges each, so the record gains components, each with its target and what holds of it (holds). With --fail-if it is a release gate: one verdict decides the exit status (${EXIT.gate} naming each condition that holds) and every format renders it (-f github, junit, codequality; -f openmetrics writes the state as gauges).`,
    args: [
      {
        name: 'target',
        description: 'project, project/component or project/component/language',
        required: false,
        targets: ['project', 'component', 'translation'],
      },
    ],
    options: [
      {
        flags: '--fail-if <conditions>',
        description: `exit ${EXIT.gate} when any of these holds: ${STATUS_CONDITIONS.join(', ')} (comma-separated or repeatable)`,
        note: `\`locked\`: the component (or project) is locked. \`pending\`: strings changed in Weblate and not committed to the repository. \`needs-commit\`, \`needs-merge\`, \`needs-push\`, \`merge-failure\`: as the repository says (\`needs_commit\`, \`needs_merge\`, \`needs_push\`, \`merge_failure\`): these need a token with the VCS permission; asked for without it (the server's 401 or 403), the run is refused as every permission refused is (exit ${EXIT.auth}, naming the permission), never passed silently. Of a project, \`locked\`, \`needs-merge\`, \`needs-push\` and \`merge-failure\` are judged of each of its components (Weblate's project lock is true only when every component is locked, and its repository leaves the merge failure null), each component a target of the verdict: \`wli: p/c: locked\`.`,
        value: { type: 'choice', choices: STATUS_CONDITIONS },
        repeatable: true,
      },
    ],
    formats: FORMATS,
    examples: [
      ['wli status demo/android', 'lock, pending strings and repository state of a component'],
      ['wli status demo --fail-if locked,pending', `a release gate: exit ${EXIT.gate} naming what is not ready`],
      ['wli status demo/android -f json | jq .needs_push', 'one value for a script'],
    ],
  },
  {
    name: 'ls',
    summary: 'what a target contains: projects, components, translations',
    description:
      'Lists what a target contains, one usable target per row: with no target or /, the projects of the server; with a project, its components (a component inside categories as project/category/component); with a category (project/category), the components inside it, nested ones too; with a component, its translations (language, translated %, strings, last change). A translation contains nothing to list: exit 2, pointing to translation and units. JSON, JSON Lines and CSV give the server objects, exact, each with its target first: wli_target (what the TARGET column shows, taken back by every command), wli_project, wli_component (with its categories) and wli_language, null where they do not apply (a server field of one of these names kept as server_<name>).',
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
  },
  {
    name: 'show',
    summary: 'a project, component or translation exactly as the server sent it',
    description:
      "Shows the object a target names, every field as the server sent it (in a table, one line per top-level field; a nested object by its name and size, such as \"English (en), 10 fields\", a long list by its items' names or size: -f json shows them whole). A category's is the one its project's category list sends.",
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
  },
  {
    name: 'download',
    summary: "a translation's file, or a zip of a component's or project's translations",
    description: `Downloads what Weblate serves as the file of a translation (project/component/language: the file in its own format), a component (project/component: a zip of every translation) or a project (a zip; Weblate ${PROJECT_DOWNLOAD_SINCE} or newer). Weblate's API serves no zip of a category: project/category is a usage error pointing to pull, which writes every file of its components. The bytes are exactly the server's. With -o FILE the file is written to a temporary file beside it and renamed into place, so a failure (a cut connection, a timeout, Ctrl-C) leaves the previous file as it was, and a file whose bytes are already the server's is left untouched ('unchanged': same inode, same time). A request is conditional (If-Modified-Since, 'unchanged' on 304) only when the file there is proven, by the digest recorded when wli saved it ($XDG_CACHE_HOME/wli/saved), to be exactly what it saved from that same address (a --convert or -q file never proves another), and the translation's revision (read first: one small request) is the one recorded with it; Weblate's Last-Modified is the translation's last change, not its file's, so an upstream commit or a template update is caught by the revision. An edited file, a fresh checkout or another branch's file is always brought to the server's bytes; a zip (a component, a project) has no revision and is always asked for whole. A file replaced keeps its permissions and gets the time of now, never the server's Last-Modified (so make sees it new); -o LINK writes the file the link names and keeps the link, as curl -o does. A file is retried whole on a timeout, a reset, 429 or 5xx, also after its first byte; to stdout only until its first byte, and a failure after it says that stdout holds an incomplete file and how many bytes were written (exit ${EXIT.server}). -o DIR/ saves under the server's file name, reduced to a safe base name (no folders, not hidden): a new file, or one it replaces only when it is the name wli predicts for the target (Weblate's names: a file as stored project-component-language.ext with the component's own slug, no category; a conversion project-category-component-language and the exporter's extension; a zip project-category-component.zip or project.zip) or a file the record of saved files proves wli saved there; any other file of that name is left as it was, exit ${EXIT.local} ("NAME exists and is not this translation's file": -o NAME replaces it, as a name you chose). Without -o the bytes go to stdout when it is not a terminal; on a terminal they are saved in the current directory under the server's name, never shown.`,
    args: [
      {
        name: 'target',
        description: 'project/component/language, project/component or project',
        required: false,
        targets: ['project', 'component', 'translation'],
      },
    ],
    options: [
      {
        flags: '-o, --output <path>',
        description: "write this file, or into this directory (ending in / or existing) under the server's name; - for stdout",
        note: `Missing directories are made, as by \`mkdir -p\`, and removed again when the file is not written. The destination is made ready before anything is asked of the server, so one that cannot be written (permission denied, a read-only file system, a directory that takes no files) fails at once, exit ${EXIT.local}, naming the path as given; so does a write that fails later (a full disk), the previous file left as it was. \`-o -\` writes to stdout, as in curl and wget (refused on a terminal, exit ${EXIT.usage}: pipe or redirect it); into a standard output on /dev/null (or closed at start, \`>&-\`, which Node reopens on /dev/null) the bytes are discarded, exit ${EXIT.ok}. An existing device or named pipe (\`/dev/null\`) is written into as it is.`,
        // A path: the shells complete file names after -o.
        value: { type: 'file' },
      },
      {
        flags: '--convert <format>',
        description: 'ask the server to convert: po, xliff, csv, json, mo … (for a component or project: each file in the zip)',
        note: `Weblate's exporters: ${EXPORTER_LIST}; any other is refused before a request (exit ${EXIT.usage}). For a component or a project Weblate sends a zip: \`--convert po\` asks for a zip of PO files (Weblate spells it \`zip:po\`, also accepted). A converted file is named as Weblate names it, project-category-component-language and the exporter's extension (xliff and xliff11 .xlf, aresource .xml, json-nested .json, csv-multi .csv).`,
        value: { type: 'conversion' },
      },
      { flags: '-q, --query <search>', description: 'only the units this Weblate search matches (needs --convert)', value: { type: 'text' }, complete: 'none' },
      { flags: '--force', description: 'ask unconditionally, even for a file the record proves unchanged' },
      {
        flags: '--screenshot <id>',
        description: "a screenshot's image instead (its id, as wli screenshots lists it): no target",
        note: `The image Weblate keeps (…/screenshots/ID/file/), byte for byte, by the same rules as a translation's file: -o FILE or -o DIR/ (the server's file name, made safe), written whole or not at all, unchanged bytes left untouched; to standard output only when it is not a terminal (an image is never written onto one). Not with a target, --convert or -q (exit ${EXIT.usage}).`,
        value: { type: 'integer', min: 1 },
        complete: 'none',
      },
    ],
    examples: [
      ['wli download demo/android/cs -o locale/cs.xml', 'fetch one translation in its own format (Android XML); next time only if the server has other bytes'],
      ['wli download demo/android/cs --convert po -o locale/cs.po', 'the same translation converted to PO by the server'],
      ['wli download demo/android -o locale/', 'a zip of every language of the component'],
      ['wli download demo/android --convert po -o locale/', 'the same zip, every file converted to PO'],
      ['wli download demo/android/cs --convert po -q state:translated > cs.po', 'converted and filtered, to stdout'],
      ['wli download --screenshot 1 -o shots/', "a screenshot's image, under the name Weblate gives it"],
    ],
    // The server's file as it is: download says itself why -f does not apply (--convert).
    formats: [],
  },
  {
    name: 'pull',
    summary: 'every translation file of a component or project, where the repository keeps it',
    description: `Writes the file of each translation of the targets (a project: all its components; a category: the components inside it; a component; a translation; a language across a project, project/-/language: that language in every component) at DIR/<filename>, where filename is the translation's path in its repository, as Weblate names it: no mapping to configure. The bytes are exactly the server's file as stored (the …/file/ of each translation). Missing directories are made (and removed again, with DIR itself, when no file is written into them: a failed run leaves no empty directory behind); each file goes to a temporary file beside it and is renamed into place, so a failure leaves it as it was; a file whose bytes are already the server's is left untouched (same inode, same time). A request is made conditional (If-Modified-Since) only when the file on disk is proven, by the digest recorded when wli saved it ($XDG_CACHE_HOME/wli/saved), to be exactly those bytes, and the translation's revision listed now is the one recorded with them (Weblate's Last-Modified is the translation's last change, not its file's): a fresh checkout, an edited file, another branch's file or an upstream change is always brought to the server's bytes. A file replaced keeps its permissions and gets the time of now; a symbolic link inside DIR is written through. A file is retried whole on a timeout, a reset, 429 or 5xx, also after its first byte. A server chooses every filename, so each is placed by one rule: it is written only when it stays inside DIR (not absolute, no .., no symbolic link that leads out), no part of it (nor of where a symbolic link inside DIR leads it) is a version-control folder (.git, .hg, .svn, .bzr, CVS, _darcs, in any case or spelling a file system reads as one: .GIT, .git., GIT~1), no part is hidden (starts with a dot) unless --allow-hidden, it holds no character a terminal or a file list would not show as itself (a control character, the null character, bidirectional or invisible formatting), and it is the translation's own file by Weblate's rule: its component's filemask with the * replaced by the translation's language code (a code Weblate writes: letters and digits with -, _, @ or + between them), never a filemask whose file name is a bare * (any file at all), and the component's template, intermediate or new_base only for the source translation; nor is it ${LAYOUT_FILE}. The layout those names are judged by (the server, filemask, template, intermediate, new_base, source language of each component) is recorded in ${LAYOUT_FILE} in DIR at the component's first pull, to commit as a lock file: the first pull trusts the server's layout, and a later server that names another one is refused until --accept-layout. A file refused is named with the rule it broke and counted as failed, the others are still written, and the run exits 1; --check and --dry-run apply the same rule. A named pipe, socket, device or folder at a file's place is never opened or replaced: that file is not written (exit 7, a local write); two translations that would write the same file (components of different repositories, or names that differ only by case or Unicode normalisation: one file on macOS and Windows) write neither. Without targets and --dir, the paths are relative to the directory of the project file that names the translation (the repository's root), wherever in it wli runs; the report says them from the current directory. The source translation (unless named as itself: pull demo/android/en), translations without a filename and those filtered out by --lang or --min-percent are skipped, each said once with its reason. stderr has one line per translation (created, updated, unchanged, skipped; a file not written says "not written: PATH (TARGET): why", whatever the reason) and a summary; with --quiet only the files not written, warnings and the summary. stdout carries nothing unless -f (or --fields) asks for one record per translation: wli_target, wli_project, wli_component, wli_language (the translation, as a target wli takes back), target, language, path, status (created, updated, unchanged, skipped, failed; with --dry-run would-fetch or would-check; with --check same, differs, missing), bytes, reason. Files are fetched --concurrency at a time; a failed file does not stop the others. With --check nothing is written: each file here is compared with the server's, a drift gate for CI and pre-commit (exit ${EXIT.gate} when any differs or is missing).`,
    args: [
      {
        name: 'targets',
        description:
          'project, project/category, project/component, project/component/language or project/-/language (default: translation = of the project file)',
        required: false,
        variadic: true,
        targets: ['project', 'component', 'category', 'translation', 'projectLanguage'],
      },
    ],
    options: [
      {
        flags: '--dir <dir>',
        description: 'write under this directory instead of the current one',
        note:
          "Without it and without targets, the project file's own target (translation = of .weblate) is written under the project file's directory: the repository's root, wherever in it wli runs. Made when missing. Every file stays inside it: a filename that is absolute, contains `..`, or resolves through a symbolic link (a file or a directory on the way) to a place outside it is refused, as is one inside a version-control folder or (without --allow-hidden) a hidden one, by its name or through a link of DIR (values-cs -> .github/workflows), or one that is not the translation's own file by Weblate's rule (its filemask with * as its language code; the template, intermediate or new_base only for the source translation). DIR holds " +
          LAYOUT_FILE +
          ", the record of each component's layout (see --accept-layout).",
        value: { type: 'file' },
      },
      { flags: '--source', description: "also the source translation (the developers' own file; skipped by default)" },
      {
        flags: '--allow-hidden',
        description:
          'also write filenames with a hidden part (.github/…); refused by default, as hidden folders hold code that runs unread: CI workflows, hooks, editor tasks, .envrc. Never a version-control folder',
        note: "Hidden folders hold code that runs without anyone reading it: CI workflows (.github/workflows, .gitlab-ci.yml), hooks, editor tasks (.vscode/tasks.json), direnv (.envrc). A server that names such a path as a translation file could change what the next push or checkout runs, so pull refuses it unless this option says the component keeps its translations there. The filename must still be the translation's own file by Weblate's rule (its filemask with * as its language code; the template, intermediate or new_base only for the source translation). A version-control folder (.git, .hg, .svn, .bzr, CVS, _darcs, in any spelling) is refused even with this option.",
      },
      {
        flags: '--lang <codes>',
        description: 'only these languages (comma-separated or repeatable)',
        note: `Codes as the server names them (\`cs\`, \`pt_BR\`); case and \`-\`/\`_\` do not matter. A code that no translation of the targets has is a usage error (exit ${EXIT.usage}) before any file is fetched.`,
        value: { type: 'language' },
        repeatable: true,
        complete: 'none',
      },
      {
        flags: '--min-percent <n>',
        description: 'skip translations less than n % translated (translated_percent; 0 to 100): 80 or 80%',
        value: { type: 'percent' },
        hint: 'expected a percentage from 0 to 100, e.g. --min-percent 80 or --min-percent 80%',
        complete: 'none',
      },
      {
        flags: '--empty-incomplete',
        description: 'with --min-percent: a translation with no strings is below it, not complete',
        note: 'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default --min-percent keeps it (an empty language shipped); stderr then says so in a note naming it. With --empty-incomplete it is skipped as below --min-percent.',
      },
      {
        flags: '--dry-run',
        description: 'list each file it would fetch or check and why others are skipped; no file requests, nothing written',
        note: "A file the record of saved files proves current (its bytes what wli saved from that URL, its translation's revision the recorded one: checked on disk, no request) is one it would check (`would-check`: asked for only if changed, answered 304 when not); any other, one it would fetch (`would-fetch`). The summary counts each.",
      },
      { flags: '--force', description: 'fetch every file whole, without conditional requests' },
      {
        flags: '--accept-layout',
        description: `take a component layout that differs from the one recorded in DIR (${LAYOUT_FILE}), and record it`,
        note: `The first pull of a component into DIR records its layout in ${LAYOUT_FILE} in DIR (the server, filemask, template, intermediate, new_base and source language): commit it, and review a change to it as you would a lock file. A later server that names another layout for a recorded component is refused: its files are not written (exit ${EXIT.server}), each naming the component and both layouts; --check reports it as drift (exit ${EXIT.gate}). Once you have checked the new layout (the component was moved in Weblate, or the server's address changed), pull with --accept-layout to write its files and record it. Not with --check (a check writes nothing).`,
      },
      {
        flags: '--check',
        description: `compare each file here with the server's, writing nothing: exit ${EXIT.gate} when any differs or is missing`,
        note: `A gate with no file to judge (no translations, or every one skipped) does not pass: stderr says so and the exit status is ${EXIT.gate}, unless --allow-empty. A drift gate: nothing is written (no file, directory, temporary file or record of saved files). A file the record of saved files proves (the bytes wli saved from that URL, the translation's revision the recorded one: pull's own proof) is asked for conditionally, and a 304 means it is the server's, with no body; any other file is downloaded and hashed as it arrives, never kept; a file not here is \`missing\`, with no request. stderr names each file that is not the server's (\`differs: PATH (TARGET)\`, \`missing: PATH (TARGET)\`; with --quiet only those, failures and the summary); records (-f json, jsonl, csv) say \`same\`, \`differs\` or \`missing\`; \`-f github\` annotates each such file, \`-f junit\` has one test case per file, \`-f codequality\` one issue per such file. Skips and refusals are pull's. A file that could not be checked (a server failure, a refused filename) ends the run with its own exit status, not ${EXIT.gate}: the check was not done. Not with --dry-run (a check already writes nothing) or --force (a check writes nothing for --force to fetch whole).`,
      },
      { flags: '--allow-empty', description: `with --check: no file to check passes (without it: exit ${EXIT.gate})` },
    ],
    formats: [...DATA_FORMATS, 'github', 'junit', 'codequality'],
    more: [
      'Exit status (that of the first failure in the report)',
      [
        `${EXIT.ok} every file written or already the server's (skips are not failures)`,
        `${EXIT.server} a server or network failure`,
        `or a filename refused by the placement rule (outside DIR, in a version-control or hidden folder, a character not shown as itself, not the translation's own file by Weblate's rule)`,
        `or a component whose layout is not the one recorded in ${LAYOUT_FILE}, until --accept-layout takes it`,
        `${EXIT.usage} two translations writing one file (pull each component with its own --dir)`,
        `${EXIT.gate} with --check: a file differs from the server's or is missing, a component's layout is not the recorded one, or there was no file to check (unless --allow-empty)`,
        `${EXIT.auth} authentication or permission refused`,
        `${EXIT.notFound} a file the server does not have, or a target that does not exist (then before any file)`,
        `${EXIT.rateLimited} rate limited after the retries (no further file is asked for)`,
        `${EXIT.local} a file that could not be written here`,
        `${EXIT.hangup}, ${EXIT.interrupted}, ${EXIT.terminated} ended by SIGHUP, SIGINT (Ctrl-C) or SIGTERM (each file left old or new, no temporary file)`,
      ].join(', '),
    ],
    examples: [
      ['wli pull demo', 'every translation of every component of a project, into the repository layout here'],
      ['wli pull demo --check', `a drift gate: exit ${EXIT.gate} when a file here is not the server's, naming it; nothing written`],
      ['wli pull demo --check -f github', 'the same gate in GitHub Actions: an annotation on each such file, a table in the job summary'],
      ['wli pull demo/android --min-percent 80 --dir app-checkout', 'the languages at least 80 % translated, under another directory'],
      ['wli pull demo/android --lang cs,de --dry-run', 'what would be fetched, and why each other translation is skipped'],
      ['wli pull demo -f jsonl | jq -r \'select(.status == "updated") | .path\'', 'the files that changed, for a script'],
      ['wli pull demo/docs --dry-run', 'the files of the components inside the category "docs"'],
      ['wli pull demo/-/cs --dry-run', 'every Czech file of the project'],
    ],
  },
  {
    name: 'api',
    summary: 'GET any API address: the body byte for byte, or every item of a list',
    description: `Reads any address of the Weblate API with the configured server, token, proxy, timeouts and retries, and prints the response body byte for byte, whatever its type. The path is relative to the API root (/projects/ or projects/demo/; Weblate's addresses end with a slash) or an absolute URL on the configured server; an address outside the API root (another origin, ../admin/, %2e%2e/) is refused before connecting (exit ${EXIT.usage}), so the token goes nowhere else. With -f or --fields, a JSON object is shown as one record in that format, as gh api's --jq works on one object (a list needs --paginate; a body that is not JSON is refused). With --paginate, the next links are followed and the items of results are printed as JSON Lines (one item a line, as the server sent it, so | jq .slug reads each) or in the format -f chooses (json: one array, csv, table), integers exact, streaming; on an answer that is not a list it is refused. -L needs --paginate. Read-only: there is no method option.`,
    args: [{ name: 'path', description: 'API path (/projects/, projects/demo/) or URL on the configured server', required: true }],
    options: [
      {
        flags: '--paginate',
        description: 'follow next links and print the items of results, one JSON line each (or as -f says)',
        note: `Its default format is \`jsonl\`, not the table (\`-f json\` gives one array, \`-f table\` the table). Without it the answer is printed byte for byte, or with \`-f\`/\`--fields\` as one record when it is a JSON object. An option that cannot apply is a usage error (exit ${EXIT.usage}): \`--paginate\` on an answer that is not a list, \`-L\` without \`--paginate\`, \`-f\` or \`--fields\` on a list without \`--paginate\` or on a body that is not JSON.`,
      },
      LIMIT,
    ],
    examples: [
      ['wli api /projects/demo/', 'one API object, exactly as the server sent it'],
      ['wli api /projects/demo/ -f csv --fields slug,name', 'the same object, two of its fields as CSV'],
      ['wli api /projects/ --paginate | jq -r .slug', 'every project, one JSON line each'],
      ['wli api /users/ --paginate -f csv --fields username,full_name', 'an endpoint wli has no command for, as CSV'],
    ],
  },
  {
    name: 'config',
    summary: 'the effective configuration and where each value came from (token redacted)',
    description: `Shows the server URL, token (redacted) and default target wli would use here, each with the flag, environment variable or file it came from, the configuration files it read, and what runs wli: Node and its version (the npm package) or the standalone binary and the version of Bun inside it. Files use wlc's INI format: the user file $XDG_CONFIG_HOME/weblate (or weblate.ini) and the nearest .weblate, .weblate.ini or weblate.ini in this directory or a parent. A combination the other commands refuse (a token from the environment or --token for a server that only a project file names, a URL that cannot be used, a token that cannot be sent) is shown all the same, followed on stderr by the reason, and exits ${EXIT.usage}, as those commands would.`,
    args: [],
    options: [
      {
        flags: '--check',
        description: 'ask the server: reachable, token accepted (authenticated, anonymous, rejected), version, rate limit',
        note: `One request, as \`gh auth status\`: with a token, Weblate's metrics endpoint (/api/metrics/, for signed-in users only: it gives the server's version unless the server hides it; a server without it is asked its API root); without one, the API root. Access is \`authenticated\`, \`anonymous\` (no token) or \`rejected\` (HTTP 401: exit ${EXIT.auth}, after the record); the rate limit is what the answer's X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers state. A server that cannot be reached is exit ${EXIT.server}; no server configured is exit ${EXIT.usage}. A combination the other commands refuse is not sent.`,
      },
    ],
    examples: [
      ['wli config', 'which server and token would be used from here'],
      ['wli config -f json', 'the same as JSON, for a script'],
      ['wli config --check', 'does the server answer, and does it accept the token?'],
    ],
  },
  {
    name: 'completion',
    summary: 'print a shell completion script',
    description: 'Prints the completion script for bash, zsh or fish. Completes commands, options and option values (formats, states, metrics).',
    args: [{ name: 'shell', description: SHELLS.join(', '), required: true, choices: SHELLS }],
    options: [],
    examples: [
      ['wli completion bash > ~/.local/share/bash-completion/completions/wli', 'install for bash'],
      ['wli completion zsh > "${fpath[1]}/_wli"', 'install for zsh'],
      ['wli completion fish > ~/.config/fish/completions/wli.fish', 'install for fish'],
    ],
    formats: [],
  },
] as const satisfies readonly CommandSpec[];

type DeclaredName = (typeof DECLARED)[number]['name'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Each name of the one list (names.ts) declared above, and nothing declared that it does not name. */
export const DECLARED_AS_NAMED: Same<DeclaredName, CommandName> = true;

/** Every command's spec, in the order of the one list of names (help, completions and docs list them so). */
export const COMMANDS: readonly CommandSpec[] = COMMAND_NAMES.map((name) => {
  const spec = DECLARED.find((c) => c.name === name);
  if (!spec) throw new Error(`no spec declared for the command ${name}`);
  return spec;
});

export { COMMAND_NAMES, isCommandName, type CommandName };
/** The options `wli <name>` receives, checked and typed. */
export type OptionsOf<N extends CommandName> = OptionValues<Extract<(typeof DECLARED)[number], { name: N }>['options']>;

export const FILES: Array<[path: string, meaning: string]> = [
  [
    '$XDG_CONFIG_HOME/weblate, $XDG_CONFIG_HOME/weblate.ini',
    'user configuration (~/.config when XDG_CONFIG_HOME is unset); the only file tokens are read from ([keys])',
  ],
  ['.weblate, .weblate.ini, weblate.ini', 'project configuration: the nearest one in the current directory or a parent ([weblate] url and translation)'],
  [
    '$XDG_CACHE_HOME/wli',
    `names read from the server for shell completion, kept ${COMPLETION_CACHE_TEXT}, one file per server, token and list (named by a hash: another token never reads them); the compiled code of wli (a V8 code cache, code-*.v8) that makes it start faster; and in saved/ a record of each file pull and download saved (its SHA-256, size, the translation's revision and the server's Last-Modified), so a request is conditional only for a file proven unchanged; a record unused for ${SAVED_RECORD_UNUSED_DAYS} days is removed (~/.cache/wli when XDG_CACHE_HOME is unset); no tokens; safe to delete (pull then fetches each file whole once)`,
  ],
];

/** Declared with the errors (src/core/errors.ts); here for the help, the man page and docs/commands.md. */
export { EXIT_CODES } from '../core/errors.js';

export const ENVIRONMENT: Array<[name: string, meaning: string]> = [
  ['WLI_URL', 'server address (WLC_URL is read when unset)'],
  ['WLI_TOKEN', 'API token (WLC_KEY is read when unset)'],
  ['NO_COLOR', 'any non-empty value turns colour off'],
  ['FORCE_COLOR', 'non-zero forces colour even into a pipe; 0 turns it off'],
  ['TERM', 'dumb turns colour and the progress display off'],
  ['CI', 'any non-empty value: no progress display'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy settings (either case)'],
];
