# bash completion for wli. Generated from src/spec/spec.ts by scripts/generate-docs.ts; do not edit.
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
      --config|-s|--config-section|--url|--token|-f|--format|--fields|--sort|--jq|--timeout|--retries|--concurrency|--page-size|--state|-q|--query|--with|-L|--limit|--since|--until|--action|--user|--interval|--project|--by|--fail-under|--metric|--baseline|--min-percent|--as|--from|--to|--for|--check|--fail-over|--fail-if|-o|--output|--convert|--screenshot|--dir|--lang)
        [[ ${COMP_WORDS[i+1]} == = ]] && ((i++))
        ((i++)) ;;
      -* | =) ;;
      *) if [[ -z $cmd ]]; then cmd=${COMP_WORDS[i]}; else ((nargs++)); fi ;;
    esac
  done

  case $prev in
    --config) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    -f|--format) # the formats of the command typed so far
      case $cmd in
        ''|stats|checks|status) COMPREPLY=($(compgen -W 'table json jsonl csv csv-excel markdown github junit codequality openmetrics' -- "$cur")) ;;
        download|completion) ;;
        pull) COMPREPLY=($(compgen -W 'table json jsonl csv csv-excel markdown github junit codequality' -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W 'table json jsonl csv csv-excel markdown' -- "$cur")) ;;
      esac; return ;;
    --state) # comma-separated: complete the item after the last comma
      local done=; [[ $cur == *,* ]] && done=${cur%,*},
      COMPREPLY=($(compgen -P "$done" -W 'empty needs-editing fuzzy translated approved read-only untranslated' -- "${cur##*,}")); return ;;
    --with) # comma-separated: complete the item after the last comma
      local done=; [[ $cur == *,* ]] && done=${cur%,*},
      COMPREPLY=($(compgen -P "$done" -W 'suggestions comments screenshots' -- "${cur##*,}")); return ;;
    --action) # comma-separated: complete the item after the last comma
      local done=; [[ $cur == *,* ]] && done=${cur%,*},
      COMPREPLY=($(compgen -P "$done" -W 'resource-updated translation-completed translation-changed comment-added suggestion-added translation-added automatically-translated suggestion-accepted translation-reverted translation-uploaded source-string-added component-locked component-unlocked changes-committed changes-pushed repository-reset repository-merged repository-rebased repository-merge-failed repository-rebase-failed parsing-failed translation-removed suggestion-removed translation-replaced repository-push-failed suggestion-removed-during-cleanup source-string-changed string-added bulk-status-changed visibility-changed user-added user-removed translation-approved marked-for-edit component-removed project-removed project-renamed component-renamed moved-component contributor-joined announcement-posted alert-triggered language-added language-requested project-created component-created user-invited repository-notification-received translation-replaced-file-by-upload license-changed contributor-license-agreement-changed screenshot-added screenshot-uploaded string-updated-in-the-repository add-on-installed add-on-configuration-changed add-on-uninstalled string-removed comment-removed comment-resolved explanation-updated category-removed category-renamed category-moved saving-string-failed string-added-in-the-repository string-updated-in-the-upload string-added-in-the-upload translation-updated-by-source-upload component-translation-completed applied-enforced-check propagated-change file-uploaded extra-flags-updated font-uploaded font-changed font-removed forced-synchronization-of-translations forced-rescan-of-translations screenshot-removed label-added label-removed repository-cleanup source-string-added-in-the-upload source-string-added-in-the-repository project-backed-up project-restored component-restored user-edit-reverted project-setting-changed component-setting-changed user-access-changed workspace-created workspace-setting-changed project-moved remote-repository-updated remote-repository-update-failed alert-dismissed alert-reopened' -- "${cur##*,}")); return ;;
    --by) COMPREPLY=($(compgen -W 'language translation component' -- "$cur")); return ;;
    --metric) COMPREPLY=($(compgen -W 'translated approved translated_words' -- "$cur")); return ;;
    --baseline) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    --as) COMPREPLY=($(compgen -W 'bcp47 posix android apple linguas json' -- "$cur")); return ;;
    --fail-if) # comma-separated: complete the item after the last comma
      local done=; [[ $cur == *,* ]] && done=${cur%,*},
      COMPREPLY=($(compgen -P "$done" -W 'locked pending needs-commit needs-merge needs-push merge-failure' -- "${cur##*,}")); return ;;
    -o|--output) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    --convert) COMPREPLY=($(compgen -W 'po xliff xliff11 tbx tmx mo csv xlsx json aresource strings json-nested csv-multi' -- "$cur")); return ;;
    --dir) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    -s|--config-section|--url|--token|--fields|--sort|--jq|--timeout|--retries|--concurrency|--page-size|-q|--query|-L|--limit|--since|--until|--user|--interval|--project|--fail-under|--min-percent|--from|--to|--for|--check|--fail-over|--screenshot|--lang) return ;; # a value, nothing to offer
  esac

  if [[ $cur == -* ]]; then
    local opts='--config -s --config-section --url --token -f --format --fields --wrap --sort --no-headers --jq --timeout --retries --concurrency --page-size --allow-insecure-http --no-color --no-pager --quiet --verbose --debug -h --help'
    case $cmd in
      '') opts+=' -V --version' ;;
      units) opts+=' --state -q --query --with -L --limit' ;;
      changes) opts+=' --since --until --action --user --follow --interval -L --limit' ;;
      stats) opts+=' --project --by --fail-under --metric --skip-source --baseline --fail-on-drop --allow-empty --empty-incomplete' ;;
      language) opts+=' -L --limit' ;;
      locales) opts+=' --min-percent --empty-incomplete --as --source' ;;
      memory) opts+=' --from --to --for --project --exact' ;;
      checks) opts+=' --check --dismissed --units --fail-over' ;;
      status) opts+=' --fail-if' ;;
      ls) opts+=' -L --limit' ;;
      download) opts+=' -o --output --convert -q --query --force --screenshot' ;;
      pull) opts+=' --dir --source --allow-hidden --lang --min-percent --empty-incomplete --dry-run --force --accept-layout --check --allow-empty' ;;
      api) opts+=' --paginate -L --limit' ;;
      config) opts+=' --check' ;;
    esac
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    return
  fi

  case $cmd in
    '') COMPREPLY=($(compgen -W 'translation units unit changes stats language locales memory screenshots checks status ls show download pull api config completion help' -- "$cur")) ;;
    help) ((nargs == 0)) && COMPREPLY=($(compgen -W 'translation units unit changes stats language locales memory screenshots checks status ls show download pull api config completion' -- "$cur")) ;;
    completion) ((nargs == 0)) && COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
    translation) ((nargs == 0)) && _wli_targets translation ;;
    units) ((nargs == 0)) && _wli_targets units ;;
    changes) ((nargs == 0)) && _wli_targets changes ;;
    stats) _wli_targets stats ;;
    language) ((nargs == 0)) && _wli_targets language ;;
    locales) ((nargs == 0)) && _wli_targets locales ;;
    screenshots) ((nargs == 0)) && _wli_targets screenshots ;;
    checks) ((nargs == 0)) && _wli_targets checks ;;
    status) ((nargs == 0)) && _wli_targets status ;;
    ls) ((nargs == 0)) && _wli_targets ls ;;
    show) ((nargs == 0)) && _wli_targets show ;;
    download) ((nargs == 0)) && _wli_targets download ;;
    pull) _wli_targets pull ;;
  esac
}

# Targets from the configured server: `wli __complete <command> <word>` (cached per server and token, about a second at most,
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
