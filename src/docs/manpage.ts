// The man page, wli(1), in roff with the -man macros, generated from the spec (see model.ts).
// man/wli.1 holds the same text (test/support/generate-docs.ts).
import { ENVIRONMENT, EXIT_CODES, FILES } from '../spec/spec.js';
import { commands, globalFlags, HELP, names, VERSION, type Command, type Flag, type ValueKind } from './model.js';

// ---------------------------------------------------------------- roff text

const NON_ASCII: Record<string, string> = { '—': '\\(em', '–': '\\(en', '…': '...', '≥': '\\(>=', '≤': '\\(<=', '→': '\\(->' };

/** Plain text safe in roff: backslashes, non-ASCII, a leading control character. */
function esc(s: string): string {
  const out = s.replace(/\\/g, '\\e').replace(/[^\x20-\x7e]/g, (c) => {
    const r = NON_ASCII[c];
    if (r === undefined) throw new Error(`docs: no roff spelling for ${JSON.stringify(c)} in ${JSON.stringify(s)}`);
    return r;
  });
  return /^[.']/.test(out) ? `\\&${out}` : out;
}

/** Something to type (an option, a value, a command line): every '-' is a minus, so it copies as '-'. */
const code = (s: string) => esc(s).replace(/-/g, '\\-');

/** Prose: hyphens stay hyphens except in words that start with one (options such as --verbose). */
const prose = (s: string) => esc(s).replace(/(^|[\s(["'/=,])(-{1,2}[A-Za-z0-9][\w-]*)/g, (_, pre: string, word: string) => pre + word.replace(/-/g, '\\-'));

/** Prose with `code` spans, shown in bold. */
const md = (s: string) =>
  s
    .split('`')
    .map((part, i) => (i % 2 ? bold(part) : prose(part)))
    .join('');

const bold = (s: string) => `\\fB${code(s)}\\fR`;
const italic = (s: string) => `\\fI${code(s)}\\fR`;

/** A fragment of the spec as a sentence: full stop, and a capital first letter unless it starts with a name or value. */
const sentence = (s: string, capital = true) => {
  const t = capital ? s.charAt(0).toUpperCase() + s.slice(1) : s;
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

const tp = (tag: string, ...body: string[]) => ['.TP', tag, ...body];

// ---------------------------------------------------------------- pieces from the spec

function flagTag(f: Flag): string {
  return names(f).map(bold).join(', ') + (f.value ? ` ${italic(f.value)}` : '');
}

function valuesText(v: ValueKind | undefined): string[] {
  if (v?.kind !== 'choices') return [];
  return [`${v.list ? 'Any of' : 'One of'}: ${v.choices.map(bold).join(', ')}.`];
}

/** Facts about an option that its one-line description leaves out (from shared/cli.md). */
const NOTES: Record<string, string> = {
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

function flagItem(f: Flag, command?: Command): string[] {
  const spec = f.spec;
  const body = [prose(sentence(f.description)), ...valuesText(f.values)];
  if (spec?.defaultText) body.push(`Default: ${bold(spec.defaultText)}.`);
  if (spec?.env) body.push(`Environment: ${bold(spec.env)}.`);
  const note = NOTES[command ? `${command.name} ${f.long}` : f.long];
  if (note) body.push(md(note));
  return tp(flagTag(f), body.join(' '));
}

function usage(c: Command): string {
  const args = c.args.map(({ spec, values }) => {
    const shown = values.kind === 'choices' ? values.choices.map(bold).join('|') : italic(spec.name);
    const one = spec.variadic ? `${shown} ...` : shown;
    return spec.required ? one : `[${one}]`;
  });
  return [bold(`wli ${c.name}`), ...args, `[${italic('options')}]`].join(' ');
}

function example([cmd, what]: readonly [string, string]): string[] {
  // .br: a command shorter than the indent would otherwise run into its description.
  return tp(bold(cmd), '.br', prose(what));
}

function commandSection(c: Command): string[] {
  const out = ['.SS ' + c.name, usage(c), '.PP', prose(c.spec.description)];
  const args = c.args.filter((a) => a.values.kind !== 'choices');
  if (args.length) {
    out.push('.PP', 'Arguments:');
    for (const a of args) out.push(...tp(italic(a.spec.name), prose(sentence(a.spec.description, false))));
  }
  if (c.options.length) {
    out.push('.PP', 'Options:');
    for (const f of c.options) out.push(...flagItem(f, c));
  }
  if (c.spec.examples.length) {
    out.push('.PP', 'Examples:');
    for (const e of c.spec.examples) out.push(...example(e));
  }
  if (c.spec.more) out.push('.PP', `${prose(c.spec.more[0])}:`, prose(c.spec.more[1]));
  return out;
}

// ---------------------------------------------------------------- prose (shared/cli.md)

const TARGETS: Array<[string, string]> = [
  ['/', 'the whole server (`ls`, `changes`, `units`)'],
  ['project', 'a project; in `stats` and `language` a word without a slash is a language code instead (`cs`, `pt_BR`), and projects are `stats --project`'],
  ['project/component', 'a component'],
  ['project/component/language', 'one translation'],
  ['project/category/component[/language]', 'a component inside categories (any number of them), or its translation; sent to the server as `category%2Fcomponent`'],
];

const OUTPUT: Array<[string, string[]]> = [
  [
    'table',
    [
      'The default, for people: the columns each command chooses; a single resource is shown as key/value lines. The layout may change between versions; do not parse it.',
      'Lists stream: column widths are decided when the first page arrives and each page is written as it comes. On a terminal no line is wider than the terminal, in display cells (wide characters and emoji 2, combining marks 0); otherwise `COLUMNS` when set, else no limit. Free text shrinks and ends with `…`; ids, states, counts, percentages and times are never cut; on narrow terminals the least needed columns are left out. Times are shown as `2026-11-21 13:02` in UTC. Plural forms are separated by the symbol for the record separator (U+241E), an empty form among filled ones is the empty-set sign (U+2205), and a literal one of either in a text is shown escaped. A table with no rows writes one line on standard error and nothing on standard output.',
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

const DESCRIPTION = [
  '`wli` reads the REST API of a Weblate server and prints what it finds: one translation, every string of it, its history, statistics across translations, components, languages and projects, and languages. It only reads. It is made for translators at a terminal, CI jobs that gate releases, and scripts that pipe JSON into `jq`.',
  'Data goes to standard output; progress, warnings and errors go to standard error. Options may come before or after the command. Settings are taken from flags, then the environment, then the project configuration file, then the user configuration file (see FILES).',
];

// ---------------------------------------------------------------- the page

export function manPage(): string {
  const lines: string[] = [
    '.\\" wli(1). Generated from src/spec/spec.ts by test/support/generate-docs.ts; do not edit.',
    '.TH WLI 1 "" "weblate-inspect" "User Commands"',
    '.nh',
    '.ad l',
    '.SH NAME',
    'wli \\- inspect translations on a Weblate server',
    '.SH SYNOPSIS',
    `${bold('wli')} [${italic('options')}] ${italic('command')} [${italic('arguments')}]`,
    '.PP',
    ...commands.flatMap((c) => [usage(c), '.br']),
    `${bold('wli')} ${bold('--help')} | ${bold('--version')}`,
    '.SH DESCRIPTION',
    ...DESCRIPTION.flatMap((p, i) => (i ? ['.PP', md(p)] : [md(p)])),
    '.PP',
    'A target names what to read:',
    ...TARGETS.flatMap(([form, what]) => tp(italic(form), md(sentence(what)))),
    '.PP',
    md('Three or more segments are read as a translation first and, only when the server answers 404, as a component inside categories (`ls` reads them as a component at once). A target that does not exist is explained from its parent list (one page per level above the miss, at most three requests): `no component \'androd\' in project \'demo\'`, with the closest names. A command that takes a target and is given none uses the `translation` of the `[weblate]` section of the configuration. A malformed target (too few segments, an empty segment, `.` or `..`) is a usage error that shows the expected form.'),
    '.SH COMMANDS',
    ...commands.flatMap(commandSection),
    '.SH OPTIONS',
    md('These options are accepted before or after any command.'),
    ...globalFlags.flatMap((f) => flagItem(f)),
    ...flagItem(HELP),
    ...flagItem(VERSION),
    '.SH OUTPUT FORMATS',
    md('`-f`, `--format` chooses the format. JSON, JSON Lines and CSV are stable for scripts; the table layout is for people.'),
    ...OUTPUT.flatMap(([name, paras]) => tp(bold(name), ...paras.map(md).flatMap((p, i) => (i ? ['.IP', p] : [p])))),
    '.PP',
    md('Fields: `json`, `jsonl` and `csv` rows carry every top-level field in server order; `table` and `markdown` show the columns the command chooses. `--fields` applies to every format and names field paths, with dots reaching into nested objects (`language.code`, `source.0`); in `json` and `jsonl` it gives flat objects keyed by the paths as written.'),
    '.SH EXIT STATUS',
    ...EXIT_CODES.flatMap(([n, what]) => tp(bold(String(n)), prose(sentence(what)))),
    '.SH ENVIRONMENT',
    ...ENVIRONMENT.flatMap(([name, what]) => tp(bold(name), prose(sentence(what, false)))),
    '.SH FILES',
    ...FILES.flatMap(([path, what]) => tp(italic(path), prose(sentence(what)))),
    '.PP',
    md("Both use the INI format of Weblate's `wlc`, so an existing setup works unchanged. If both `weblate` and `weblate.ini` exist in a directory, `weblate` is read. Tokens are read only from the `[keys]` section of the user file (matched by server URL), from `--token` or from the environment, never from a project file, so a checked-out repository cannot redirect a token. For example:"),
    '.PP',
    '.RS 4',
    '.nf',
    ...['[weblate]', 'url = https://hosted.weblate.org/api/', '# default target when a command is given none', 'translation = project/component/language', '', '[keys]', 'https://hosted.weblate.org/api/ = wlu_xxxxxxxx'].map(
      (l) => (l ? code(l) : '.sp'),
    ),
    '.fi',
    '.RE',
    '.SH EXAMPLES',
    ...example(['export WLI_URL=https://hosted.weblate.org/', 'use this server from now on (or put url in a configuration file)']),
    ...commands.flatMap((c) => example(c.spec.examples[0]!)),
    '.SH SEE ALSO',
    '.BR wlc (1),',
    '.BR jq (1)',
    '.PP',
    'Weblate REST API: https://docs.weblate.org/en/latest/api.html',
  ];
  return lines.join('\n') + '\n';
}
