# fish completion for wli. Generated from src/spec.ts by test/support/generate-docs.ts; do not edit.
# Install: wli completion fish > ~/.config/fish/completions/wli.fish

# The words that are neither options nor option values: the command, then its arguments.
function __wli_words
    set -l words (commandline -opc)
    set -e words[1]
    while set -q words[1]
        switch $words[1]
            case --config --url --token -f --format --fields --timeout --retries --concurrency --page-size --state -q --query -L --limit --since --until --action --user --project --fail-under --metric
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

# Targets from the configured server: `wli __complete <command> <word>` (cached, about a second at
# most, silent on failure).
function __wli_targets
    set -l self (commandline -opc)[1]
    command -q $self; or return
    $self __complete $argv[1] (commandline -ct) 2>/dev/null
end

# One item of a comma-separated list: keep what comes before the last comma.
function __wli_list
    set -l done (commandline -ct | string replace -r -- '^--?[^=]*=' '' | string replace -r -- '[^,]*$' '')
    printf '%s\n' $done$argv
end

complete -c wli -f
complete -c wli -n __wli_at -a translation -d 'one translation: metadata and counts'
complete -c wli -n __wli_at -a units -d 'the strings of a translation, or search them anywhere'
complete -c wli -n __wli_at -a changes -d 'the history of a translation, component, project or the server, in server order'
complete -c wli -n __wli_at -a stats -d 'statistics of translations, components, languages, projects; one row per target'
complete -c wli -n __wli_at -a language -d 'one language, or every language of the server'
complete -c wli -n __wli_at -a ls -d 'what a target contains: projects, components, translations'
complete -c wli -n __wli_at -a show -d 'a project, component or translation exactly as the server sent it'
complete -c wli -n __wli_at -a config -d 'the effective configuration and where each value came from (token redacted)'
complete -c wli -n __wli_at -a completion -d 'print a shell completion script'

# Options before or after the command
complete -c wli -l config -r -F -d 'read only this wlc-style INI file (instead of the user and project files)'
complete -c wli -l url -x -d 'server address: https://host, https://host/api/ or https://host/sub/path/'
complete -c wli -l token -x -d 'API token, sent as "Authorization: Token <token>" to the configured server only'
complete -c wli -s f -l format -x -a 'table json jsonl csv markdown' -d 'output format'
complete -c wli -l fields -x -d 'comma-separated field paths; dots reach into nested objects (language.code)'
complete -c wli -l timeout -x -d 'per-request timeout; a timed-out request is retried'
complete -c wli -l retries -x -d 'extra attempts on 429, 502, 503, 504, timeouts and dropped connections'
complete -c wli -l concurrency -x -d 'list pages fetched at once'
complete -c wli -l page-size -x -d 'items per page requested (page_size); servers may cap or ignore it'
complete -c wli -l allow-insecure-http -d 'allow sending the token over plain http to a host that is not loopback'
complete -c wli -l no-color -d 'never colour output (also NO_COLOR; FORCE_COLOR forces it)'
complete -c wli -l quiet -d 'no progress display'
complete -c wli -l verbose -d 'one line per HTTP request on stderr (token redacted)'
complete -c wli -l debug -d '--verbose plus request headers and stack traces of errors'
complete -c wli -s h -l help -d 'show help'
complete -c wli -n __wli_at -s V -l version -d 'print the version'

# translation
complete -c wli -n '__wli_at translation' -a '(__wli_targets translation)'
# units
complete -c wli -n '__wli_in units' -l state -x -a '(__wli_list empty needs-editing fuzzy translated approved read-only untranslated)' -d 'only units in these states (repeatable or comma-separated)'
complete -c wli -n '__wli_in units' -s q -l query -x -d 'Weblate search query, sent as q (e.g. \'has:check\', \'context:menu\')'
complete -c wli -n '__wli_in units' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at units' -a '(__wli_targets units)'
# changes
complete -c wli -n '__wli_in changes' -l since -x -d 'changes at or after this time (timestamp_after)'
complete -c wli -n '__wli_in changes' -l until -x -d 'changes before this time (timestamp_before)'
complete -c wli -n '__wli_in changes' -l action -x -d 'only these action codes (repeatable or comma-separated)'
complete -c wli -n '__wli_in changes' -l user -x -d 'only changes by this user'
complete -c wli -n '__wli_in changes' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at changes' -a '(__wli_targets changes)'
# stats
complete -c wli -n '__wli_in stats' -l project -x -d 'one row per language of the project, then a total row (after the other targets)'
complete -c wli -n '__wli_in stats' -l fail-under -x -d 'exit 3 when any row, a total row included, is below this percentage (0-100)'
complete -c wli -n '__wli_in stats' -l metric -x -a 'translated approved translated_words' -d 'the percentage --fail-under checks: translated strings, approved strings or translated words'
complete -c wli -n '__wli_in stats' -l skip-source -d 'leave out the source-language row of each project/component target'
complete -c wli -n '__wli_in stats' -a '(__wli_targets stats)'
# language
complete -c wli -n '__wli_in language' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at language' -a '(__wli_targets language)'
# ls
complete -c wli -n '__wli_in ls' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at ls' -a '(__wli_targets ls)'
# show
complete -c wli -n '__wli_at show' -a '(__wli_targets show)'
# completion
complete -c wli -n '__wli_at completion' -a 'bash zsh fish'
