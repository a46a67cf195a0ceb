# fish completion for wli. Generated from src/spec/spec.ts by scripts/generate-docs.ts; do not edit.
# Install: wli completion fish > ~/.config/fish/completions/wli.fish

# The words that are neither options nor option values: the command, then its arguments.
function __wli_words
    set -l words (commandline -opc)
    set -e words[1]
    while set -q words[1]
        switch $words[1]
            case --config -s --config-section --url --token -f --format --fields --sort --jq --timeout --retries --concurrency --page-size --state -q --query --with -L --limit --since --until --action --user --interval --project --by --fail-under --metric --baseline --min-percent --as --from --to --for --check --fail-over --fail-if -o --output --convert --screenshot --dir --lang
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

# Targets from the configured server: `wli __complete <command> <word>` (cached per server and
# token, about a second at most, silent on failure).
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
complete -c wli -n __wli_at -a unit -d 'one string whole: its forms, context, state, suggestions, comments and screenshots'
complete -c wli -n __wli_at -a changes -d 'the history of a translation, component, project or the server, in server order'
complete -c wli -n __wli_at -a stats -d 'statistics of translations, components, languages, projects; one row per target'
complete -c wli -n __wli_at -a language -d 'one language, or every language of the server'
complete -c wli -n __wli_at -a locales -d 'the languages of a component or project for a build configuration: --min-percent, --as android|apple|linguas…'
complete -c wli -n __wli_at -a memory -d 'the translation memory\'s best match for each string (a POST that changes nothing; needs a token)'
complete -c wli -n __wli_at -a screenshots -d 'a component\'s screenshots and the strings each shows'
complete -c wli -n __wli_at -a checks -d 'failing quality checks by name, counted at any scope'
complete -c wli -n __wli_at -a status -d 'is a component, project or translation ready for a release: lock, pending strings, repository'
complete -c wli -n __wli_at -a ls -d 'what a target contains: projects, components, translations'
complete -c wli -n __wli_at -a show -d 'a project, component or translation exactly as the server sent it'
complete -c wli -n __wli_at -a download -d 'a translation\'s file, or a zip of a component\'s or project\'s translations'
complete -c wli -n __wli_at -a pull -d 'every translation file of a component or project, where the repository keeps it'
complete -c wli -n __wli_at -a api -d 'GET any API address: the body byte for byte, or every item of a list'
complete -c wli -n __wli_at -a config -d 'the effective configuration and where each value came from (token redacted)'
complete -c wli -n __wli_at -a completion -d 'print a shell completion script'
complete -c wli -n __wli_at -a help -d 'show help for a command, as "wli <command> --help" does'
complete -c wli -n '__wli_at help' -a 'translation units unit changes stats language locales memory screenshots checks status ls show download pull api config completion'

# Options before or after the command (-f before it: every format; after it, the command's own)
complete -c wli -l config -r -F -d 'read only this wlc-style INI file (instead of the user and project files)'
complete -c wli -s s -l config-section -x -d 'the section of the configuration files to read url, translation and key from (as wlc)'
complete -c wli -l url -x -d 'server address: https://host, https://host/api/ or https://host/sub/path/'
complete -c wli -l token -x -d 'API token, sent as "Authorization: Token <token>" to the configured server only'
complete -c wli -n __wli_at -s f -l format -x -a 'table json jsonl csv csv-excel markdown github junit codequality openmetrics' -d 'output format'
complete -c wli -l fields -x -d 'comma-separated field paths; dots reach into nested objects (language.code); a path none of the items has is named on stderr with the closest field names'
complete -c wli -l wrap -d 'tables: wrap long text onto further lines within the terminal\'s width instead of cutting it'
complete -c wli -l sort -x -d 'order a list by these field paths, comma-separated (-field: descending; dots as in --fields); holds the whole list in memory before writing it'
complete -c wli -l no-headers -d 'leave out the header line of a table and of CSV'
complete -c wli -l jq -x -d 'filter the JSON output through a jq expression, in process (no jq needed); integers stay exact'
complete -c wli -l timeout -x -d 'per-attempt timeout; a timed-out request is retried (the error counts the attempts)'
complete -c wli -l retries -x -d 'extra attempts on 408, 429, 5xx, timeouts and dropped connections'
complete -c wli -l concurrency -x -d 'list pages (and pull\'s files) fetched at once'
complete -c wli -l page-size -x -d 'items per page requested (page_size); servers may cap or ignore it'
complete -c wli -l allow-insecure-http -d 'allow sending the token over plain http to a host that is not loopback'
complete -c wli -l no-color -d 'never colour output (also NO_COLOR; FORCE_COLOR forces it)'
complete -c wli -l no-pager -d 'never page: write to the terminal directly'
complete -c wli -l quiet -d 'stderr keeps failures, warnings and summaries: no progress, no line per file done'
complete -c wli -l verbose -d 'one line per HTTP request on stderr (token redacted)'
complete -c wli -l debug -d '--verbose plus request headers and stack traces of errors'
complete -c wli -s h -l help -d 'show help'
complete -c wli -n __wli_at -s V -l version -d 'print the version'

# translation
complete -c wli -n '__wli_in translation' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_at translation' -a '(__wli_targets translation)'
# units
complete -c wli -n '__wli_in units' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in units' -l state -x -a '(__wli_list empty needs-editing fuzzy translated approved read-only untranslated)' -d 'only units in these states (repeatable or comma-separated)'
complete -c wli -n '__wli_in units' -s q -l query -x -d 'Weblate search query, sent as q (e.g. \'has:check\', \'context:menu\')'
complete -c wli -n '__wli_in units' -l with -x -a '(__wli_list suggestions comments screenshots)' -d 'also each string\'s suggestions, comments or screenshots (comma-separated or repeatable)'
complete -c wli -n '__wli_in units' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at units' -a '(__wli_targets units)'
# unit
complete -c wli -n '__wli_in unit' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
# changes
complete -c wli -n '__wli_in changes' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in changes' -l since -x -d 'changes at or after this time (timestamp_after): ISO 8601 (UTC unless it has an offset), or back from now: 30m, 24h, 7d, 2w'
complete -c wli -n '__wli_in changes' -l until -x -d 'changes before this time (timestamp_before): ISO 8601 (UTC unless it has an offset), or back from now'
complete -c wli -n '__wli_in changes' -l action -x -a '(__wli_list resource-updated translation-completed translation-changed comment-added suggestion-added translation-added automatically-translated suggestion-accepted translation-reverted translation-uploaded source-string-added component-locked component-unlocked changes-committed changes-pushed repository-reset repository-merged repository-rebased repository-merge-failed repository-rebase-failed parsing-failed translation-removed suggestion-removed translation-replaced repository-push-failed suggestion-removed-during-cleanup source-string-changed string-added bulk-status-changed visibility-changed user-added user-removed translation-approved marked-for-edit component-removed project-removed project-renamed component-renamed moved-component contributor-joined announcement-posted alert-triggered language-added language-requested project-created component-created user-invited repository-notification-received translation-replaced-file-by-upload license-changed contributor-license-agreement-changed screenshot-added screenshot-uploaded string-updated-in-the-repository add-on-installed add-on-configuration-changed add-on-uninstalled string-removed comment-removed comment-resolved explanation-updated category-removed category-renamed category-moved saving-string-failed string-added-in-the-repository string-updated-in-the-upload string-added-in-the-upload translation-updated-by-source-upload component-translation-completed applied-enforced-check propagated-change file-uploaded extra-flags-updated font-uploaded font-changed font-removed forced-synchronization-of-translations forced-rescan-of-translations screenshot-removed label-added label-removed repository-cleanup source-string-added-in-the-upload source-string-added-in-the-repository project-backed-up project-restored component-restored user-edit-reverted project-setting-changed component-setting-changed user-access-changed workspace-created workspace-setting-changed project-moved remote-repository-updated remote-repository-update-failed alert-dismissed alert-reopened)' -d 'only these actions: code, name or kebab name (repeatable or comma-separated)'
complete -c wli -n '__wli_in changes' -l user -x -d 'only changes by this user'
complete -c wli -n '__wli_in changes' -l follow -d 'print recent changes, then keep polling and print each new change once, in order, one that commits up to an hour late too (Ctrl-C ends it, exit 130)'
complete -c wli -n '__wli_in changes' -l interval -x -d 'with --follow (refused without it): seconds between polls (slower when the rate limit runs low)'
complete -c wli -n '__wli_in changes' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at changes' -a '(__wli_targets changes)'
# stats
complete -c wli -n '__wli_in stats' -s f -l format -x -a 'table json jsonl csv csv-excel markdown github junit codequality openmetrics' -d 'output format'
complete -c wli -n '__wli_in stats' -l project -x -d 'one row per language of the project (or per translation, per component: --by), then a total row (after the other targets)'
complete -c wli -n '__wli_in stats' -l by -x -a 'language translation component' -d 'with --project: a row per language (language), per component × language (translation), or per component (component), then the project\'s total row'
complete -c wli -n '__wli_in stats' -l fail-under -x -d 'exit 3 when any row is below this percentage (0 to 100: 90 or 90%); LANG=PCT for one language (cs=95); repeatable, a bare number is the default for other rows'
complete -c wli -n '__wli_in stats' -l metric -x -a 'translated approved translated_words' -d 'the percentage --fail-under checks: translated strings, approved strings or translated words'
complete -c wli -n '__wli_in stats' -l skip-source -d 'leave out the source-language row of each component target, and with --project the languages that are the source of every component'
complete -c wli -n '__wli_in stats' -l baseline -r -F -d 'a file written earlier by "wli stats … -f json": tables and Markdown show each row\'s change in points of the metric'
complete -c wli -n '__wli_in stats' -l fail-on-drop -d 'with --baseline: exit 3 when any row\'s metric dropped, or a row of the baseline is gone'
complete -c wli -n '__wli_in stats' -l allow-empty -d 'with --fail-under or --fail-on-drop: a gate that judges no row passes (without it: exit 3)'
complete -c wli -n '__wli_in stats' -l empty-incomplete -d 'with --fail-under: a row with no strings (0 words for --metric translated_words) is 0 %, not complete'
complete -c wli -n '__wli_in stats' -a '(__wli_targets stats)'
# language
complete -c wli -n '__wli_in language' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in language' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at language' -a '(__wli_targets language)'
# locales
complete -c wli -n '__wli_in locales' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in locales' -l min-percent -x -d 'only languages at least n % translated (translated_percent): 80 or 80%'
complete -c wli -n '__wli_in locales' -l empty-incomplete -d 'with --min-percent: a language with no strings is below it, not complete'
complete -c wli -n '__wli_in locales' -l as -x -a 'bcp47 posix android apple linguas json' -d 'print the codes alone, one a line, in this form (json: one array)'
complete -c wli -n '__wli_in locales' -l source -d 'also the source language (left out by default)'
complete -c wli -n '__wli_at locales' -a '(__wli_targets locales)'
# memory
complete -c wli -n '__wli_in memory' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in memory' -l from -x -d 'the language of the strings (source_language)'
complete -c wli -n '__wli_in memory' -l to -x -d 'the language of the translations (target_language)'
complete -c wli -n '__wli_in memory' -l for -x -d 'project/component/language: its component\'s source language, its language and its project, where --from, --to and --project leave them open'
complete -c wli -n '__wli_in memory' -l project -x -d 'only that project\'s memory'
complete -c wli -n '__wli_in memory' -l exact -d 'only matches of exactly the same source text'
# screenshots
complete -c wli -n '__wli_in screenshots' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_at screenshots' -a '(__wli_targets screenshots)'
# checks
complete -c wli -n '__wli_in checks' -s f -l format -x -a 'table json jsonl csv csv-excel markdown github junit codequality openmetrics' -d 'output format'
complete -c wli -n '__wli_in checks' -l check -x -d 'only these checks (Weblate\'s ids: end_stop, same, …; custom:ID for a server\'s own); repeatable or comma-separated'
complete -c wli -n '__wli_in checks' -l dismissed -d 'count the strings where each check is dismissed too (one more request per check id where any is)'
complete -c wli -n '__wli_in checks' -l units -d 'list the failing strings instead, each once with the checks it fails'
complete -c wli -n '__wli_in checks' -l fail-over -x -d 'exit 3 when more strings fail than this: N for the strings failing any check, CHECK=N for one check (end_stop=0); repeatable'
complete -c wli -n '__wli_at checks' -a '(__wli_targets checks)'
# status
complete -c wli -n '__wli_in status' -s f -l format -x -a 'table json jsonl csv csv-excel markdown github junit codequality openmetrics' -d 'output format'
complete -c wli -n '__wli_in status' -l fail-if -x -a '(__wli_list locked pending needs-commit needs-merge needs-push merge-failure)' -d 'exit 3 when any of these holds: locked, pending, needs-commit, needs-merge, needs-push, merge-failure (comma-separated or repeatable)'
complete -c wli -n '__wli_at status' -a '(__wli_targets status)'
# ls
complete -c wli -n '__wli_in ls' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in ls' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
complete -c wli -n '__wli_at ls' -a '(__wli_targets ls)'
# show
complete -c wli -n '__wli_in show' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_at show' -a '(__wli_targets show)'
# download
complete -c wli -n '__wli_in download' -s f -l format -x -d 'output format'
complete -c wli -n '__wli_in download' -s o -l output -r -F -d 'write this file, or into this directory (ending in / or existing) under the server\'s name; - for stdout'
complete -c wli -n '__wli_in download' -l convert -x -a 'po xliff xliff11 tbx tmx mo csv xlsx json aresource strings json-nested csv-multi' -d 'ask the server to convert: po, xliff, csv, json, mo … (for a component or project: each file in the zip)'
complete -c wli -n '__wli_in download' -s q -l query -x -d 'only the units this Weblate search matches (needs --convert)'
complete -c wli -n '__wli_in download' -l force -d 'ask unconditionally, even for a file the record proves unchanged'
complete -c wli -n '__wli_in download' -l screenshot -x -d 'a screenshot\'s image instead (its id, as wli screenshots lists it): no target'
complete -c wli -n '__wli_at download' -a '(__wli_targets download)'
# pull
complete -c wli -n '__wli_in pull' -s f -l format -x -a 'table json jsonl csv csv-excel markdown github junit codequality' -d 'output format'
complete -c wli -n '__wli_in pull' -l dir -r -F -d 'write under this directory instead of the current one'
complete -c wli -n '__wli_in pull' -l source -d 'also the source translation (the developers\' own file; skipped by default)'
complete -c wli -n '__wli_in pull' -l allow-hidden -d 'also write filenames with a hidden part (.github/…); refused by default, as hidden folders hold code that runs unread: CI workflows, hooks, editor tasks, .envrc. Never a version-control folder'
complete -c wli -n '__wli_in pull' -l lang -x -d 'only these languages (comma-separated or repeatable)'
complete -c wli -n '__wli_in pull' -l min-percent -x -d 'skip translations less than n % translated (translated_percent; 0 to 100): 80 or 80%'
complete -c wli -n '__wli_in pull' -l empty-incomplete -d 'with --min-percent: a translation with no strings is below it, not complete'
complete -c wli -n '__wli_in pull' -l dry-run -d 'list each file it would fetch or check and why others are skipped; no file requests, nothing written'
complete -c wli -n '__wli_in pull' -l force -d 'fetch every file whole, without conditional requests'
complete -c wli -n '__wli_in pull' -l accept-layout -d 'take a component layout that differs from the one recorded in DIR (wli-layout.json), and record it'
complete -c wli -n '__wli_in pull' -l check -d 'compare each file here with the server\'s, writing nothing: exit 3 when any differs or is missing'
complete -c wli -n '__wli_in pull' -l allow-empty -d 'with --check: no file to check passes (without it: exit 3)'
complete -c wli -n '__wli_in pull' -a '(__wli_targets pull)'
# api
complete -c wli -n '__wli_in api' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in api' -l paginate -d 'follow next links and print the items of results, one JSON line each (or as -f says)'
complete -c wli -n '__wli_in api' -s L -l limit -x -d 'stop after n items, fetching no page that is not needed'
# config
complete -c wli -n '__wli_in config' -s f -l format -x -a 'table json jsonl csv csv-excel markdown' -d 'output format'
complete -c wli -n '__wli_in config' -l check -d 'ask the server: reachable, token accepted (authenticated, anonymous, rejected), version, rate limit'
# completion
complete -c wli -n '__wli_in completion' -s f -l format -x -d 'output format'
complete -c wli -n '__wli_at completion' -a 'bash zsh fish'
