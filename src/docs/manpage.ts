// The man page, wli(1), in roff with the -man macros, generated from the spec (see model.ts).
// man/wli.1 holds the same text (scripts/generate-docs.ts).
import { ENVIRONMENT, EXIT_CODES, FILES } from '../spec/spec.js';
import { CONFIG_EXAMPLE, DESCRIPTION, FIELDS_NOTE, FILES_NOTE, FORMATS_NOTE, OUTPUT, TARGETS, TARGETS_NOTE } from './prose.js';
import { commands, globalFlags, HELP, names, VERSION, type Command, type Flag, type ValueKind } from './model.js';

// ---------------------------------------------------------------- roff text

const NON_ASCII: Record<string, string> = { '—': '\\(em', '–': '\\(en', '…': '...', '≥': '\\(>=', '≤': '\\(<=', '→': '\\(->', '×': '\\(mu', '\u2011': '-' };

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

function flagItem(f: Flag): string[] {
  const spec = f.spec;
  const body = [prose(sentence(f.description)), ...valuesText(f.values)];
  if (spec?.defaultText) body.push(`Default: ${bold(spec.defaultText)}.`);
  if (spec?.env) body.push(`Environment: ${bold(spec.env)}.`);
  if (f.note) body.push(md(f.note));
  // An option's tag stands on its own line, however short (--wrap fits .TP's indent).
  return tp(flagTag(f), '.br', body.join(' '));
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
    for (const f of c.options) out.push(...flagItem(f));
  }
  out.push('.PP', c.formats.length ? `Formats (${bold('-f')}): ${c.formats.map(bold).join(', ')}.` : `${bold('-f')} does not apply.`);
  if (c.spec.examples.length) {
    out.push('.PP', 'Examples:');
    for (const e of c.spec.examples) out.push(...example(e));
  }
  if (c.spec.more) out.push('.PP', `${prose(c.spec.more[0])}:`, prose(c.spec.more[1]));
  return out;
}

// ---------------------------------------------------------------- the page

export function manPage(): string {
  const lines: string[] = [
    '.\\" wli(1). Generated from src/spec/spec.ts by scripts/generate-docs.ts; do not edit.',
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
    md(TARGETS_NOTE),
    '.SH COMMANDS',
    ...commands.flatMap(commandSection),
    '.SH OPTIONS',
    md('These options are accepted before or after any command.'),
    ...globalFlags.flatMap((f) => flagItem(f)),
    ...flagItem(HELP),
    ...flagItem(VERSION),
    '.SH OUTPUT FORMATS',
    md(FORMATS_NOTE),
    ...OUTPUT.flatMap(([name, paras]) => tp(bold(name), ...paras.map(md).flatMap((p, i) => (i ? ['.IP', p] : [p])))),
    '.PP',
    md(FIELDS_NOTE),
    '.SH EXIT STATUS',
    ...EXIT_CODES.flatMap(([n, what]) => tp(bold(String(n)), md(sentence(what)))),
    '.SH ENVIRONMENT',
    ...ENVIRONMENT.flatMap(([name, what]) => tp(bold(name), prose(sentence(what, false)))),
    '.SH FILES',
    ...FILES.flatMap(([path, what]) => tp(italic(path), prose(sentence(what)))),
    '.PP',
    md(FILES_NOTE),
    '.PP',
    '.RS 4',
    '.nf',
    ...CONFIG_EXAMPLE.map((l) => (l ? code(l) : '.sp')),
    '.fi',
    '.RE',
    '.SH EXAMPLES',
    ...example(['export WLI_URL=https://hosted.weblate.org/', 'use this server from now on (or put url in a configuration file)']),
    ...commands.flatMap((c) => c.spec.examples.slice(0, 1).flatMap((e) => example(e))),
    '.SH SEE ALSO',
    '.BR wlc (1),',
    '.BR jq (1)',
    '.PP',
    'Weblate REST API: https://docs.weblate.org/en/latest/api.html',
  ];
  return lines.join('\n') + '\n';
}
