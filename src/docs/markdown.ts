// docs/commands.md: the command reference in Markdown, generated from src/spec/spec.ts beside the man
// page and the completions (src/docs/generated.ts), so the three cannot disagree.
import { ENVIRONMENT, EXIT_CODES, FILES } from '../spec/spec.js';
import { HELP, VERSION, commands, globalFlags, names, type Command, type Flag, type ValueKind } from './model.js';
import { CONFIG_EXAMPLE, DESCRIPTION, FIELDS_NOTE, FILES_NOTE, FORMATS_NOTE, OUTPUT, TARGETS, TARGETS_NOTE } from './prose.js';

/** Text as a Markdown table cell: no line breaks, `|` escaped. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const sentence = (s: string) => {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
};
const flagName = (f: Flag) =>
  names(f)
    .map((n) => `\`${n}\``)
    .join(', ') + (f.value ? ` *${f.value}*` : '');

function valuesText(v: ValueKind | undefined): string {
  if (v?.kind !== 'choices') return '';
  return ` ${v.list ? 'Any of' : 'One of'}: ${v.choices.map((c) => `\`${c}\``).join(', ')}.`;
}

function flagRow(f: Flag): string {
  const spec = f.spec;
  let text = sentence(f.description) + valuesText(f.values);
  if (spec?.defaultText) text += ` Default: \`${spec.defaultText}\`.`;
  if (spec?.env) text += ` Environment: \`${spec.env}\`.`;
  if (f.note) text += ` ${f.note}`;
  return `| ${cell(flagName(f))} | ${cell(text)} |`;
}

function usage(c: Command): string {
  const args = c.args.map(({ spec, values }) => {
    const shown = values.kind === 'choices' ? values.choices.join('|') : spec.name;
    const one = spec.variadic ? `${shown} ...` : shown;
    return spec.required ? `<${one}>` : `[${one}]`;
  });
  return ['wli', c.name, ...args, '[options]'].join(' ');
}

function commandSection(c: Command): string[] {
  const out = [`### wli ${c.name}`, '', '```', usage(c), '```', '', c.spec.description, ''];
  const args = c.args.filter((a) => a.values.kind !== 'choices');
  if (args.length) out.push('| argument | |', '|---|---|', ...args.map((a) => `| *${a.spec.name}* | ${cell(sentence(a.spec.description))} |`), '');
  if (c.options.length) out.push('| option | |', '|---|---|', ...c.options.map((f) => flagRow(f)), '');
  out.push(c.formats.length ? `Formats (\`-f\`): ${c.formats.map((f) => `\`${f}\``).join(', ')}.` : '`-f` does not apply.', '');
  if (c.spec.examples.length) {
    out.push('```sh');
    for (const [cmd, what] of c.spec.examples) out.push(`${cmd}    # ${what}`);
    out.push('```', '');
  }
  if (c.spec.more) out.push(`**${c.spec.more[0]}:** ${c.spec.more[1]}`, '');
  return out;
}

export function commandsMarkdown(): string {
  const lines = [
    '# wli command reference',
    '',
    '<!-- Generated from src/spec/spec.ts by `npm run docs`; do not edit (a test fails when it drifts). -->',
    '',
    '```',
    'wli [options] <command> [arguments]',
    ...commands.map(usage),
    'wli --help | --version',
    '```',
    '',
    ...DESCRIPTION.flatMap((p) => [p, '']),
    '## Targets',
    '',
    '| target | names |',
    '|---|---|',
    ...TARGETS.map(([form, what]) => `| \`${form}\` | ${cell(sentence(what))} |`),
    '',
    TARGETS_NOTE,
    '',
    '## Commands',
    '',
    ...commands.flatMap(commandSection),
    '## Global options',
    '',
    'These options are accepted before or after any command.',
    '',
    '| option | |',
    '|---|---|',
    ...[...globalFlags, HELP, VERSION].map((f) => flagRow(f)),
    '',
    '## Output formats',
    '',
    FORMATS_NOTE,
    '',
    ...OUTPUT.flatMap(([name, paras]) => [`### ${name}`, '', ...paras.flatMap((p) => [p, ''])]),
    FIELDS_NOTE,
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '|---:|---|',
    ...EXIT_CODES.map(([n, what]) => `| ${n} | ${cell(what)} |`),
    '',
    '## Environment',
    '',
    '| variable | |',
    '|---|---|',
    ...ENVIRONMENT.map(([name, what]) => `| \`${name}\` | ${cell(sentence(what))} |`),
    '',
    '## Files',
    '',
    '| file | |',
    '|---|---|',
    ...FILES.map(([path, what]) => `| \`${path}\` | ${cell(sentence(what))} |`),
    '',
    FILES_NOTE,
    '',
    '```ini',
    ...CONFIG_EXAMPLE,
    '```',
  ];
  return lines.join('\n') + '\n';
}
