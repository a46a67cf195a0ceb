# bash completion for wli. Generated from src/spec.ts by test/support/generate-docs.ts; do not edit.
# Install: wli completion bash > ~/.local/share/bash-completion/completions/wli

_wli() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  # bash splits --opt=value into --opt, = and value.
  [[ $cur == = ]] && cur=
  [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD-2]}

  # The command is the first word that is neither an option nor an option's value.
  local i cmd= nargs=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      --config|--url|--token|-f|--format|--fields|--timeout|--retries|--concurrency|--page-size|--state|-q|--query|-L|--limit|--since|--until|--action|--user|--project|--fail-under|--metric)
        [[ ${COMP_WORDS[i+1]} == = ]] && ((i++))
        ((i++)) ;;
      -* | =) ;;
      *) if [[ -z $cmd ]]; then cmd=${COMP_WORDS[i]}; else ((nargs++)); fi ;;
    esac
  done

  case $prev in
    --config) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    -f|--format) COMPREPLY=($(compgen -W 'table json jsonl csv markdown' -- "$cur")); return ;;
    --state) # comma-separated: complete the item after the last comma
      local done=; [[ $cur == *,* ]] && done=${cur%,*},
      COMPREPLY=($(compgen -P "$done" -W 'empty needs-editing fuzzy translated approved read-only untranslated' -- "${cur##*,}")); return ;;
    --metric) COMPREPLY=($(compgen -W 'translated approved translated_words' -- "$cur")); return ;;
    --url|--token|--fields|--timeout|--retries|--concurrency|--page-size|-q|--query|-L|--limit|--since|--until|--action|--user|--project|--fail-under) return ;; # a value, nothing to offer
  esac

  if [[ $cur == -* ]]; then
    local opts='--config --url --token -f --format --fields --timeout --retries --concurrency --page-size --allow-insecure-http --no-color --quiet --verbose --debug -h --help'
    case $cmd in
      '') opts+=' -V --version' ;;
      units) opts+=' --state -q --query -L --limit' ;;
      changes) opts+=' --since --until --action --user -L --limit' ;;
      stats) opts+=' --project --fail-under --metric --skip-source' ;;
      language) opts+=' -L --limit' ;;
      ls) opts+=' -L --limit' ;;
    esac
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi

  case $cmd in
    '') COMPREPLY=($(compgen -W 'translation units changes stats language ls show config completion' -- "$cur")) ;;
    completion) ((nargs == 0)) && COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
    translation) ((nargs == 0)) && _wli_targets translation ;;
    units) ((nargs == 0)) && _wli_targets units ;;
    changes) ((nargs == 0)) && _wli_targets changes ;;
    stats) _wli_targets stats ;;
    language) ((nargs == 0)) && _wli_targets language ;;
    ls) ((nargs == 0)) && _wli_targets ls ;;
    show) ((nargs == 0)) && _wli_targets show ;;
  esac
}

# Targets from the configured server: `wli __complete <command> <word>` (cached, about a second at most,
# silent on failure). A name ending in / is a project or component to go on from: no space after it.
_wli_targets() {
  local IFS=$'
' name
  COMPREPLY=($("${COMP_WORDS[0]}" __complete "$1" "$cur" 2>/dev/null))
  for name in "${COMPREPLY[@]}"; do
    [[ $name == */ ]] && { compopt -o nospace 2>/dev/null; break; }
  done
}

complete -F _wli wli
