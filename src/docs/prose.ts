// The prose of the reference, shared by the man page and docs/commands.md: plain text with `code`
// spans, which each backend renders its own way. What belongs to one option is its note in the spec
// (src/spec/spec.ts); figures come from the constants that enforce them.
import { MAX_OUTSIDE_CHARS } from '../core/text.js';
import { GITHUB_ANNOTATIONS_PER_STEP, GITHUB_STEP_SUMMARY_TEXT } from '../core/limits.js';

export const TARGETS: Array<[string, string]> = [
  ['/', 'the whole server (`ls`, `changes`, `units`)'],
  ['project', 'a project; in `stats` and `language` a word without a slash is a language code instead (`cs`, `pt_BR`), and projects are `stats --project`'],
  [
    'project/category',
    'a category of a project (any depth: `project/docs/api`), standing for its components wherever a project does; Weblate keeps no history or zip of a category itself',
  ],
  ['project/component', 'a component'],
  ['project/component/language', 'one translation'],
  [
    'project/category/component[/language]',
    'a component inside categories (any number of them), or its translation; sent to the server as `category%2Fcomponent`',
  ],
  ['project/-/language', 'a language across a project: that language in every component (the row `stats --project` prints)'],
  ['language', 'in `stats` and `language`, a word without a slash: a language code (`cs`, `pt_BR`)'],
];

export const OUTPUT: Array<[string, string[]]> = [
  [
    'table',
    [
      'The default, for people: the columns each command chooses; a single resource is shown as key/value lines. The layout may change between versions; do not parse it.',
      'Lists stream: column widths are planned when the first page arrives, grown when a later page is wider, and each page is written as it comes. On a terminal no line is wider than the terminal, in display cells (wide characters and emoji 2, combining marks 0); otherwise `COLUMNS` when set, else no limit. The column that tells rows apart (a target, a translation, a code, an id) is never cut, nor are states, counts, percentages and times; free text shrinks and ends with `…`, a column empty in most rows first; before free text gets less room than most of its values need and the cells a short form would free, the other columns take their short form (short state words such as `transl.`, `changes` actions such as `repo: added`, headers abbreviated to the width of their values) and free text gets those cells, then on narrow terminals the least needed columns are left out (a URL column rather than cut a URL). Long values of a single resource wrap between words; a URL or a file path is never split, a long one runs past the edge of the line. Times are shown as `2026-11-21 13:02` in UTC. Plural forms are separated by the symbol for the record separator (U+241E), an empty form among filled ones is the empty-set sign (U+2205), and a literal one of either in a text is shown escaped. A table with no rows writes one line on standard error and nothing on standard output.',
      'Colour is decided per stream: `--no-color`, then `NO_COLOR` (any non-empty value turns it off), then `FORCE_COLOR` (non-zero forces colour even into a pipe, `0` turns it off), then `TERM=dumb`, then whether the stream is a terminal. Control, bidirectional and invisible characters in server text (a zero-width space, a soft hyphen) are shown escaped, never emitted raw.',
      `The same holds for everything on standard error: text from the server, a configuration file or the environment is shown with control, bidirectional and invisible characters escaped, the token and proxy credentials replaced by \`<redacted>\`, credentials in URLs by \`<credentials>\`, and each piece cut at ${MAX_OUTSIDE_CHARS} characters.`,
    ],
  ],
  [
    'json',
    [
      'A single resource is the object exactly as the server sent it: every field, unknown ones too, integers exact. A list is one JSON array of all items of all pages (the items, not the page wrapper). Indented, with a trailing newline; an empty list is `[]`.',
      '`stats` with one translation, language or project/-/language target prints that object; with several targets, or a component, category or project target, an array of rows in argument order.',
      "Rows that name a target (`stats` rows, `ls` items, changes and units above a translation, `pull` records) start with `wli_target`, `wli_project`, `wli_component` and `wli_language`, made by wli from what it asked for, in every format. A server field with the name of a field wli writes is kept under `server_` and its name (`server_wli_target`; `server_server_wli_target` when that is taken too), never replacing wli's.",
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
  [
    'csv-excel',
    [
      "CSV for a spreadsheet (Excel, LibreOffice Calc), opt-in: the rows of `csv`, with a UTF-8 byte order mark first (without it Excel reads the file in the legacy code page), every cell quoted, and a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return prefixed with `'`, as OWASP advises against CSV injection, so no server text becomes a formula when the file is opened. The price: such a cell is text in the sheet, so a negative number such as an `id_hash` of `-123` is no longer a number there (its digits are kept). Use `csv` for scripts: its values are exact.",
    ],
  ],
  ['markdown', ['A GitHub-flavoured table with the same columns as `table`, for pull-request comments; `|` and line breaks in cells are escaped.']],
  [
    'github',
    [
      `For GitHub Actions (\`stats\`): workflow commands on standard output, one \`::error\` annotation per failing row, \`::error file=<the translation's repository filename>,title=<target below N%>::<why>\`, so GitHub shows it on that file; rows that pass print nothing, and a row without a file (a language, a project, a component without filename) is annotated without \`file=\`. GitHub shows at most ${GITHUB_ANNOTATIONS_PER_STEP} error annotations of a step: after ${GITHUB_ANNOTATIONS_PER_STEP}, one \`::notice\` says how many more failed. Text is escaped as the runner reads it (\`%\`, CR and LF as \`%25\`, \`%0D\`, \`%0A\`; in properties also \`:\` and \`,\`; other control characters shown as visible escapes), so server text never ends a command or starts another.`,
      `When \`GITHUB_STEP_SUMMARY\` names a file, the Markdown table of the rows (as \`markdown\` writes it) and the verdict's line (\`N of M judged rows passed\`, naming the rows not judged) are appended to it, whatever happens to standard output (never truncated); a table that would take the summary past the ${GITHUB_STEP_SUMMARY_TEXT} GitHub shows of a step is cut, saying how many rows were left out. The filenames come from each component's translations list, asked only when a translation row fails (one request per component of such rows). The exit status is the gate's.`,
      "`pull --check` writes it too: one `::error file=<path>,title=<target> differs from the server::<why>` (or `<target> missing`) per file that is not the server's, its path in the repository (relative to `GITHUB_WORKSPACE` when the file is inside it), and the table of every translation with the verdict in the job summary.",
    ],
  ],
  [
    'junit',
    [
      'A JUnit XML report (`stats`), as GitLab (`artifacts:reports:junit`), Jenkins and test reporters read it: `<testsuites>` holding one `<testsuite name="wli stats">` with its `tests`, `failures` and `skipped` counts (those of the verdict, as stderr gives them), one `<testcase>` per row named by its `wli_target` (its `classname` the component, the project, or `languages`), passing rows too, a `<failure>` with the reasons in each failing one, and `<skipped/>` in each row no gate judged (no threshold for its language; every row without a gate). Server text is escaped as XML; a character XML 1.0 cannot hold is shown as a `\\uXXXX` escape. For `pull --check`: one `<testsuite name="wli pull --check">`, one `<testcase>` per translation, its `<failure>` of type `differs`, `missing` or `not-checked`, `<skipped/>` for a skipped translation.',
    ],
  ],
  [
    'codequality',
    [
      "GitLab's Code Quality report (`stats`; `artifacts:reports:codequality`): a JSON array with one issue per failure (a row below its threshold and dropped is two): `description` (why), `check_name` (`wli/fail-under`, `wli/fail-on-drop`), `fingerprint` (the SHA-256 of the check and the row's `wli_target` only, so a row failing again is the same issue whatever the threshold or its value, and one failure clearing leaves the other's as it was), `severity` (`major`) and `location` (`path`: the translation's repository filename; for a row without one, the project file wli read when it names a translation (`.weblate`, at the repository's root), else the component's first file, else `.weblate`; `lines.begin` 1). `[]` when nothing fails. Filenames are asked as for `github`. For `pull --check`: one issue per file that is not the server's (`wli/differs`, `wli/missing`, `wli/not-checked`), at its path in the repository (relative to `CI_PROJECT_DIR` when the file is inside it).",
    ],
  ],
  [
    'openmetrics',
    [
      "OpenMetrics text (`stats`), for Prometheus' textfile collector and GitLab's metrics reports (`artifacts:reports:metrics`): gauges per row, labelled `project`, `component`, `language` and `target` (empty where a row has none): the shares `wli_translated_ratio`, `wli_approved_ratio`, `wli_fuzzy_ratio`, `wli_failing_checks_ratio` and `wli_translated_words_ratio` (the server's percentages over 100, 0 to 1) and the counts `wli_strings`, `wli_translated_strings`, `wli_approved_strings`, `wli_fuzzy_strings`, `wli_failing_checks`, `wli_words` and `wli_translated_words`. Each family has its `# TYPE`, `# UNIT` (ratios) and `# HELP` and its samples together; label values are escaped (`\\\\`, `\\\"`, `\\n`); `# EOF` ends the text. A row that lacks a field has no sample in that family; a target named twice is counted once.",
    ],
  ],
];

export const DESCRIPTION = [
  '`wli` reads the REST API of a Weblate server and prints what it finds: one translation, every string of it, its history, statistics across translations, components, languages and projects, and languages. It only reads. It is made for translators at a terminal, CI jobs that gate releases, and scripts that pipe JSON into `jq`.',
  'Data goes to standard output; progress, warnings and errors go to standard error. Options may come before or after the command. Settings are taken from flags, then the environment, then the project configuration file, then the user configuration file (see FILES).',
];

export const TARGETS_NOTE =
  "Three or more segments are read as a translation first and, only when the server answers 404, as a component inside categories (`ls` reads them as a component at once). A target that does not exist is explained from its parent list (one page per level above the miss, at most three requests): `no component 'androd' in project 'demo'`, with the closest names. A command that takes a target and is given none uses the `translation` of the `[weblate]` section of the configuration. A malformed target (too few segments, an empty segment, `.` or `..`) is a usage error that shows the expected form.";

export const FORMATS_NOTE =
  '`-f`, `--format` chooses the format. JSON, JSON Lines and CSV are stable for scripts; the table layout is for people; CSV for a spreadsheet is `csv-excel`. On a terminal, server text never drives it, in any format: JSON and JSON Lines show control, DEL, C1, bidirectional, zero-width and other invisible characters as `\\uXXXX` escapes (still valid JSON, the same values), CSV shows them as a table does (`\\e`, `\\n`, `\\u200b`), and `wli api` shows its body as JSON is shown and ends it with a newline. Into a pipe or a file every byte is what the server sent.';

export const FIELDS_NOTE =
  'Fields: `json`, `jsonl` and `csv` rows carry every top-level field in server order; `table` and `markdown` show the columns the command chooses. `--fields` applies to every format and names field paths, with dots reaching into nested objects (`language.code`, `source.0`); in `json` and `jsonl` it gives flat objects keyed by the paths as written.';

export const FILES_NOTE =
  "Both use the INI format of Weblate's `wlc`, so an existing setup works unchanged. If both `weblate` and `weblate.ini` exist in a directory, `weblate` is read. Tokens are read only from the `[keys]` section of the user file (matched by server URL), from `--token` or from the environment, never from a project file, so a checked-out repository cannot redirect a token. For example:";

export const CONFIG_EXAMPLE = [
  '[weblate]',
  'url = https://hosted.weblate.org/api/',
  '# default target when a command is given none',
  'translation = project/component/language',
  '',
  '[keys]',
  'https://hosted.weblate.org/api/ = wlu_xxxxxxxx',
];
