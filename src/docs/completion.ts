// Shell completion scripts for bash, zsh and fish, generated from the spec (see model.ts).
// `wli completion <shell>` prints them; completions/ holds the same text (scripts/generate-docs.ts).
import type { SHELLS } from '../spec/spec.js';
import { commands, FORMAT_FLAG, globalFlags, HELP, names, valuedFlags, VERSION, type Flag, type ValueKind } from './model.js';
import { DATA_FORMATS, FORMATS, HELP_COMMAND } from '../spec/spec.js';

export type Shell = (typeof SHELLS)[number];

const HEADER = (shell: string) => `# ${shell} completion for wli. Generated from src/spec/spec.ts by scripts/generate-docs.ts; do not edit.\n`;

export function completionScript(shell: Shell): string {
  switch (shell) {
    case 'bash':
      return bash();
    case 'zsh':
      return zsh();
    case 'fish':
      return fish();
  }
}

/**
 * The commands by the formats they write, for the shells' case statements: '' (no command yet) with
 * every format, the data formats as the default ('*'), and a list of its own for each other set.
 */
function formatGroups(): Array<{ names: string[]; formats: readonly string[] }> {
  const groups = new Map<string, { names: string[]; formats: readonly string[] }>([[FORMATS.join(' '), { names: [''], formats: FORMATS }]]);
  for (const c of commands) {
    if (c.formats.join(' ') === DATA_FORMATS.join(' ')) continue;
    const key = c.formats.join(' ');
    const group = groups.get(key) ?? { names: [], formats: c.formats };
    group.names.push(c.name);
    groups.set(key, group);
  }
  return [...groups.values(), { names: ['*'], formats: DATA_FORMATS }];
}

// ---------------------------------------------------------------- bash

/** -f's value: the formats of the command typed so far. */
function bashFormats(): string {
  const cases = formatGroups().map(({ names: ns, formats }) => {
    const pattern = ns.map((n) => (n === '' ? "''" : n)).join('|');
    return `        ${pattern})${formats.length ? ` COMPREPLY=($(compgen -W '${formats.join(' ')}' -- "$cur"))` : ''} ;;`;
  });
  return `    ${names(FORMAT_FLAG).join('|')}) # the formats of the command typed so far\n      case $cmd in\n${cases.join('\n')}\n      esac; return ;;`;
}

function bash(): string {
  const words = (flags: Flag[]) => flags.flatMap(names).join(' ');
  const valued = valuedFlags();
  const silent = valued.filter((f) => f.values.kind === 'none').flatMap(names);
  const valueCases = valued
    .filter((f) => f.values.kind !== 'none')
    .map((f) => (f === FORMAT_FLAG ? bashFormats() : `    ${names(f).join('|')})${bashValue(f.values)} ;;`));
  if (silent.length) valueCases.push(`    ${silent.join('|')}) return ;; # a value, nothing to offer`);
  const optionCases = commands.filter((c) => c.options.length > 0).map((c) => `      ${c.name}) opts+=' ${words(c.options)}' ;;`);
  const argCases = [
    ...commands.flatMap(({ name, args: [a] }) =>
      a?.values.kind === 'choices' ? [`    ${name}) ((nargs == 0)) && COMPREPLY=($(compgen -W '${choicesOf(a.values).join(' ')}' -- "$cur")) ;;`] : [],
    ),
    ...commands.flatMap(({ name, args: [a] }) =>
      a?.values.kind === 'targets' ? [`    ${name}) ${a.spec.variadic ? '' : '((nargs == 0)) && '}_wli_targets ${name} ;;`] : [],
    ),
  ];
  return `${HEADER('bash')}# Install: wli completion bash > ~/.local/share/bash-completion/completions/wli

_wli() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  # bash splits --opt=value into --opt, = and value.
  [[ $cur == = ]] && cur=
  [[ $prev == = ]] && prev=\${COMP_WORDS[COMP_CWORD-2]}

  # The command is the first word that is neither an option nor an option's value.
  local i cmd= nargs=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    case \${COMP_WORDS[i]} in
      ${valued.flatMap(names).join('|')})
        [[ \${COMP_WORDS[i+1]} == = ]] && ((i++))
        ((i++)) ;;
      -* | =) ;;
      *) if [[ -z $cmd ]]; then cmd=\${COMP_WORDS[i]}; else ((nargs++)); fi ;;
    esac
  done

  case $prev in
${valueCases.join('\n')}
  esac

  if [[ $cur == -* ]]; then
    local opts='${words(globalFlags)} ${words([HELP])}'
    case $cmd in
      '') opts+=' ${words([VERSION])}' ;;
${optionCases.join('\n')}
    esac
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi

  case $cmd in
    '') COMPREPLY=($(compgen -W '${[...commands.map((c) => c.name), HELP_COMMAND.name].join(' ')}' -- "$cur")) ;;
    ${HELP_COMMAND.name}) ((nargs == 0)) && COMPREPLY=($(compgen -W '${commands.map((c) => c.name).join(' ')}' -- "$cur")) ;;
${argCases.join('\n')}
  esac
}

# Targets from the configured server: \`wli __complete <command> <word>\` (cached per server and token, about a second at most,
# silent on failure). A name ending in / is a project or component to go on from: no space after it.
_wli_targets() {
  local IFS=$'\n' name
  COMPREPLY=($("\${COMP_WORDS[0]}" __complete "$1" "$cur" 2>/dev/null))
  for name in "\${COMPREPLY[@]}"; do
    [[ $name == */ ]] && { compopt -o nospace 2>/dev/null; break; }
  done
}

complete -F _wli wli
`;
}

function bashValue(v: ValueKind): string {
  switch (v.kind) {
    case 'file':
      return ' COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return';
    case 'none':
    case 'targets':
      return ' return';
    case 'choices':
      if (!v.list) return ` COMPREPLY=($(compgen -W '${v.choices.join(' ')}' -- "$cur")); return`;
      return (
        ' # comma-separated: complete the item after the last comma' +
        `\n      local done=; [[ $cur == *,* ]] && done=\${cur%,*},` +
        `\n      COMPREPLY=($(compgen -P "$done" -W '${v.choices.join(' ')}' -- "\${cur##*,}")); return`
      );
  }
}

const choicesOf = (v: ValueKind): readonly string[] => (v.kind === 'choices' ? v.choices : []);

// ---------------------------------------------------------------- zsh

/** A zsh word in single quotes. */
const zq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Text inside an _arguments [explanation]. */
const zdesc = (s: string) => s.replace(/\\/g, '\\\\').replace(/[[\]]/g, '\\$&');

function zshFlag(f: Flag): string[] {
  const exclusive = f.short && !f.repeatable ? `(${f.short} ${f.long})` : f.repeatable ? '*' : '';
  let action = '';
  if (f.values) {
    const v = f.values;
    const what =
      v.kind === 'file' ? '_files' : v.kind !== 'choices' ? ' ' : v.list ? `_values -s , ${f.value} ${v.choices.join(' ')}` : `(${v.choices.join(' ')})`;
    action = `:${f.value}:${what}`;
  }
  return names(f).map((n) => {
    const suffix = !f.values ? '' : n === f.short ? '+' : '=';
    return zq(`${exclusive}${n}${suffix}[${zdesc(f.description)}]${action}`);
  });
}

/** -h/--help and -V/--version: nothing else makes sense with them. */
const zshAlone = (f: Flag) => `'(- *)'{${names(f).join(',')}}${zq(`[${zdesc(f.description)}]`)}`;

function zsh(): string {
  const indent = (lines: string[], n: number) => lines.map((l) => ' '.repeat(n) + l).join('\n');
  const continued = (lines: string[], n: number) => lines.map((l) => ' \\\n' + ' '.repeat(n) + l).join('');
  const commandList = [...commands.map((c) => zq(`${c.name}:${c.spec.summary}`)), zq(`${HELP_COMMAND.name}:${HELP_COMMAND.summary}`)];
  const cases = commands.map((c) => {
    const specs = [
      ...c.options.flatMap(zshFlag),
      ...c.args.map((a) => {
        const v = a.values;
        const action = v.kind === 'choices' ? `(${v.choices.join(' ')})` : v.kind === 'targets' ? `{__wli_targets ${c.name}}` : ' ';
        const pos = a.spec.variadic ? '*' : `${c.args.indexOf(a) + 1}${a.spec.required ? '' : ':'}`;
        return zq(`${pos}:${a.spec.name}:${action}`);
      }),
    ];
    return `        ${c.name}) _arguments -s $globals $help${continued([...zshFlag(c.formatFlag), ...specs], 10)} && ret=0 ;;`;
  });
  cases.push(`        ${HELP_COMMAND.name}) _arguments -s $globals $help $format ${zq(`1:command:(${commands.map((c) => c.name).join(' ')})`)} && ret=0 ;;`);
  return `#compdef wli
${HEADER('zsh')}# Install: wli completion zsh > "\${fpath[1]}/_wli"

# Targets from the configured server: \`wli __complete <command> <word>\` (cached per server and token, about a second at most,
# silent on failure). A name ending in / is a project or component to go on from: no space after it.
__wli_targets() {
  local -a names
  names=(\${(f)"$(_call_program targets $__wli_self __complete $1 $PREFIX 2>/dev/null)"})
  compadd -Q -S '' -- \${(M)names:#*/}
  compadd -Q -- \${names:#*/}
}

_wli() {
  local __wli_self=$words[1]
  local curcontext=$curcontext state state_descr line ret=1
  typeset -A opt_args
  local -a globals format help commands
  # -f is each command's own (the formats it writes); before the command, every format.
  globals=(
${indent(globalFlags.filter((f) => f !== FORMAT_FLAG).flatMap(zshFlag), 4)}
  )
  format=(${zshFlag(FORMAT_FLAG).join(' ')})
  help=(${zshAlone(HELP)})
  commands=(
${indent(commandList, 4)}
  )

  # -A: options after the command are the command's (its -f offers its own formats).
  _arguments -C -s -A '-*' $globals $format $help ${zshAlone(VERSION)} \\
    '1:command:->command' \\
    '*::argument:->argument' && ret=0

  case $state in
    command) _describe -t commands 'wli command' commands && ret=0 ;;
    argument)
      curcontext=\${curcontext%:*:*}:wli-$words[1]:
      case $words[1] in
${cases.join('\n')}
      esac ;;
  esac
  return ret
}

# Autoloaded from $fpath, or sourced: source <(wli completion zsh)
if [[ $funcstack[1] == _wli ]]; then
  _wli "$@"
else
  compdef _wli wli
fi
`;
}

// ---------------------------------------------------------------- fish

/** A fish word in single quotes. */
const fq = (s: string) => `'${s.replace(/[\\']/g, '\\$&')}'`;

function fishFlag(f: Flag, condition?: string): string {
  const parts = ['complete -c wli'];
  if (condition) parts.push(`-n ${condition}`);
  if (f.short) parts.push(`-s ${f.short.slice(1)}`);
  parts.push(`-l ${f.long.slice(2)}`);
  const v = f.values;
  if (v?.kind === 'file') parts.push('-r -F');
  else if (v?.kind === 'none' || v?.kind === 'targets') parts.push('-x');
  else if (v?.kind === 'choices') parts.push('-x', `-a ${fq(v.list ? `(__wli_list ${v.choices.join(' ')})` : v.choices.join(' '))}`);
  parts.push(`-d ${fq(f.description)}`);
  return parts.join(' ');
}

function fish(): string {
  const noCommand = '__wli_at';
  const perCommand = commands.flatMap((c) => {
    const lines = [c.formatFlag, ...c.options].map((f) => fishFlag(f, fq(`__wli_in ${c.name}`)));
    const arg = c.args[0];
    if (arg?.values.kind === 'choices') lines.push(`complete -c wli -n ${fq(`__wli_at ${c.name}`)} -a ${fq(arg.values.choices.join(' '))}`);
    if (arg?.values.kind === 'targets')
      lines.push(`complete -c wli -n ${fq(arg.spec.variadic ? `__wli_in ${c.name}` : `__wli_at ${c.name}`)} -a ${fq(`(__wli_targets ${c.name})`)}`);
    return lines.length ? [`# ${c.name}`, ...lines] : [];
  });
  return `${HEADER('fish')}# Install: wli completion fish > ~/.config/fish/completions/wli.fish

# The words that are neither options nor option values: the command, then its arguments.
function __wli_words
    set -l words (commandline -opc)
    set -e words[1]
    while set -q words[1]
        switch $words[1]
            case ${valuedFlags().flatMap(names).join(' ')}
                set -e words[1]
            case '-*'
            case '*'
                echo $words[1]
        end
        set -e words[1]
    end
end

# True when those words are exactly the arguments: "__wli_at" before the command.
function __wli_at
    set -l words (__wli_words)
    test "$words" = "$argv"
end

# True when the command is the argument.
function __wli_in
    set -l words (__wli_words)
    test "$words[1]" = "$argv[1]"
end

# Targets from the configured server: \`wli __complete <command> <word>\` (cached per server and
# token, about a second at most, silent on failure).
function __wli_targets
    set -l self (commandline -opc)[1]
    command -q $self; or return
    $self __complete $argv[1] (commandline -ct) 2>/dev/null
end

# One item of a comma-separated list: keep what comes before the last comma.
function __wli_list
    set -l done (commandline -ct | string replace -r -- '^--?[^=]*=' '' | string replace -r -- '[^,]*$' '')
    printf '%s\\n' $done$argv
end

complete -c wli -f
${commands.map((c) => `complete -c wli -n ${noCommand} -a ${c.name} -d ${fq(c.spec.summary)}`).join('\n')}
complete -c wli -n ${noCommand} -a ${HELP_COMMAND.name} -d ${fq(HELP_COMMAND.summary)}
complete -c wli -n ${fq(`__wli_at ${HELP_COMMAND.name}`)} -a ${fq(commands.map((c) => c.name).join(' '))}

# Options before or after the command (-f before it: every format; after it, the command's own)
${globalFlags.map((f) => fishFlag(f, f === FORMAT_FLAG ? noCommand : undefined)).join('\n')}
${fishFlag(HELP)}
${fishFlag(VERSION, noCommand)}

${perCommand.join('\n')}
`;
}
