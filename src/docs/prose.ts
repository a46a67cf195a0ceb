// The prose of the reference (from shared/cli.md), shared by the man page and docs/commands.md:
// plain text with `code` spans, which each backend renders its own way.

/** Facts about an option that its one-line description leaves out (from shared/cli.md). */
export const NOTES: Record<string, string> = {
  'units --state': '`fuzzy` is another name for `needs-editing`; `untranslated` means any state below translated.',
  'units --query': 'With `--state` as well, a unit must match both. A query the server rejects is a usage error (exit 2) that shows its message. Above a translation the search goes to /api/units/ with `project:` (and `component:`) joined to it; units outside the scope are never shown, and a server that ignores the search (Weblate before 4.14.1) is an error.',
  'stats --fail-under': 'Every row is still printed; stderr names the rows below their threshold. A row that lacks the metric fails the gate. `--fail-under 80 --fail-under cs=95,de=90`: Czech rows are held to 95, German to 90, every other row to 80.',
  'stats --baseline': 'Rows are matched by `wli_target`; the change column shows points of the gated metric (`+2.5`, `-1.0`, `new`). A file that does not parse, holds no rows, or matches no row is a usage error.',
  'changes --since': 'An ISO 8601 time, e.g. `2026-11-01`, `2026-11-01T12:00` or `2026-11-01T12:00+01:00`, or a duration back from now: `30m`, `24h`, `7d`, `2w`. A date alone and a date-time without an offset are UTC whatever `TZ` says; the request carries UTC instants. Later than `--until`, or outside the years 1 to 9999, is a usage error.',
  'changes --follow': 'Recent changes first (the last 20, `-L n`, or all since `--since`), oldest first, then each new change once, in order, table or JSON Lines (`-f json` is refused). A --since backlog streams, frozen at its newest change and read from its last page back. Polls slow down when the rate limit runs low and wait out a 429, never longer than an hour (a longer wait is said on stderr). Transient failures (network, timeouts, 429, 5xx) are said once and their end too; permanent ones (401, 403, 404, a body that is not the expected JSON) end the follow with their exit status. Ctrl-C ends it with exit status 130.',
  '--url': 'Also read from `WLC_URL` and the `[weblate]` section of a configuration file.',
  '--timeout': 'At most 2147483 seconds (Node timers hold no more). Each response is read up to 64 MiB; a larger one is an error (exit 1).',
  '--allow-insecure-http': 'Without it, a token is sent over plain http only when every host it passes is this machine: the server, and the proxy if one is used.',
  '--token': 'Also read from `WLC_KEY` and the `[keys]` section of the user configuration file.',
};


export const TARGETS: Array<[string, string]> = [
  ['/', 'the whole server (`ls`, `changes`, `units`)'],
  ['project', 'a project; in `stats` and `language` a word without a slash is a language code instead (`cs`, `pt_BR`), and projects are `stats --project`'],
  ['project/component', 'a component'],
  ['project/component/language', 'one translation'],
  ['project/category/component[/language]', 'a component inside categories (any number of them), or its translation; sent to the server as `category%2Fcomponent`'],
];

export const OUTPUT: Array<[string, string[]]> = [
  [
    'table',
    [
      'The default, for people: the columns each command chooses; a single resource is shown as key/value lines. The layout may change between versions; do not parse it.',
      'Lists stream: column widths are planned when the first page arrives, grown when a later page is wider, and each page is written as it comes. On a terminal no line is wider than the terminal, in display cells (wide characters and emoji 2, combining marks 0); otherwise `COLUMNS` when set, else no limit. The column that tells rows apart (a target, a translation, a code, an id) is never cut, nor are states, counts, percentages and times; free text shrinks and ends with `…`, a column empty in most rows first; on narrow terminals the least needed columns are left out. Long values of a single resource wrap. Times are shown as `2026-11-21 13:02` in UTC. Plural forms are separated by the symbol for the record separator (U+241E), an empty form among filled ones is the empty-set sign (U+2205), and a literal one of either in a text is shown escaped. A table with no rows writes one line on standard error and nothing on standard output.',
      'Colour is decided per stream: `--no-color`, then `NO_COLOR` (any non-empty value turns it off), then `FORCE_COLOR` (non-zero forces colour even into a pipe, `0` turns it off), then `TERM=dumb`, then whether the stream is a terminal. Control characters in server text are shown escaped, never emitted raw.',
      'The same holds for everything on standard error: text from the server, a configuration file or the environment is shown with control characters escaped, the token and proxy credentials replaced by `<redacted>`, credentials in URLs by `<credentials>`, and each piece cut at 500 characters.',
    ],
  ],
  [
    'json',
    [
      'A single resource is the object exactly as the server sent it: every field, unknown ones too, integers exact. A list is one JSON array of all items of all pages (the items, not the page wrapper). Indented, with a trailing newline; an empty list is `[]`.',
      '`stats` with one translation or language target prints that object; with several targets, or a component or project target, an array of rows in argument order.',
      'Arrays are written as pages arrive: if the first page fails nothing is written; if a later page fails the array is left unterminated and the exit status says so.',
    ],
  ],
  ['jsonl', ['One compact JSON object per line, written as pages arrive. An empty list prints nothing.']],
  [
    'csv',
    [
      'RFC 4180: a header row of field names, then one row per item (a single resource is one row). A list holding one string is written as that string; any other list or object as compact JSON. Integers exact. An empty list prints the header only.',
    ],
  ],
  ['markdown', ['A GitHub-flavoured table with the same columns as `table`, for pull-request comments; `|` and line breaks in cells are escaped.']],
];

export const DESCRIPTION = [
  '`wli` reads the REST API of a Weblate server and prints what it finds: one translation, every string of it, its history, statistics across translations, components, languages and projects, and languages. It only reads. It is made for translators at a terminal, CI jobs that gate releases, and scripts that pipe JSON into `jq`.',
  'Data goes to standard output; progress, warnings and errors go to standard error. Options may come before or after the command. Settings are taken from flags, then the environment, then the project configuration file, then the user configuration file (see FILES).',
];

export const TARGETS_NOTE = 'Three or more segments are read as a translation first and, only when the server answers 404, as a component inside categories (`ls` reads them as a component at once). A target that does not exist is explained from its parent list (one page per level above the miss, at most three requests): `no component \'androd\' in project \'demo\'`, with the closest names. A command that takes a target and is given none uses the `translation` of the `[weblate]` section of the configuration. A malformed target (too few segments, an empty segment, `.` or `..`) is a usage error that shows the expected form.';

export const FORMATS_NOTE = '`-f`, `--format` chooses the format. JSON, JSON Lines and CSV are stable for scripts; the table layout is for people.';

export const FIELDS_NOTE = 'Fields: `json`, `jsonl` and `csv` rows carry every top-level field in server order; `table` and `markdown` show the columns the command chooses. `--fields` applies to every format and names field paths, with dots reaching into nested objects (`language.code`, `source.0`); in `json` and `jsonl` it gives flat objects keyed by the paths as written.';

export const FILES_NOTE = "Both use the INI format of Weblate's `wlc`, so an existing setup works unchanged. If both `weblate` and `weblate.ini` exist in a directory, `weblate` is read. Tokens are read only from the `[keys]` section of the user file (matched by server URL), from `--token` or from the environment, never from a project file, so a checked-out repository cannot redirect a token. For example:";

export const CONFIG_EXAMPLE = ['[weblate]', 'url = https://hosted.weblate.org/api/', '# default target when a command is given none', 'translation = project/component/language', '', '[keys]', 'https://hosted.weblate.org/api/ = wlu_xxxxxxxx'];
