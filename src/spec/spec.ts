// What a spec is made of: the types a command's spec is written in (its folder's spec.ts,
// src/commands/<name>/spec.ts), the formats, the defaults, the global options and the parts more than
// one command shares. The commands' specs themselves are assembled in src/spec/commands.ts.
import { COMMAND_NAMES, isCommandName, type CommandName } from './names.js';
import { COMPLETION_CACHE_TEXT, MAX_BODY_TEXT, MAX_TIMEOUT_SECONDS, RETRY_STATUSES, SAVED_RECORD_UNUSED_DAYS } from '../core/limits.js';
import type { FlagKey } from './flags.js';
import { EXIT } from '../core/errors.js';

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

/** The target of a command that reads any scope, from one translation to the whole server (units, changes, checks). */
export const ANY_SCOPE = {
  name: 'target',
  description: '/, project, project/category, project/component, project/component/language or project/-/language',
  required: false,
  targets: ['server', 'project', 'component', 'category', 'translation', 'projectLanguage'],
} as const;

/** -L, --limit: the same option wherever a command lists. */
export const LIMIT = {
  flags: '-L, --limit <n>',
  description: 'stop after n items, fetching no page that is not needed',
  value: { type: 'integer', min: 1 },
  complete: 'none',
} as const satisfies OptionSpec;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

/** `wli help <command>`: commander's help command, named once for --help and the completions. */
export const HELP_COMMAND = { name: 'help', usage: 'help [command]', summary: 'show help for a command, as "wli <command> --help" does' } as const;
export { COMMAND_NAMES, isCommandName, type CommandName };

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
