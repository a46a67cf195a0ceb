// `wli pull` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (pull.ts, beside this file) receives typed. A leaf: it imports no run module.
import { EXIT } from '../../core/errors.js';
import { LAYOUT_FILE } from '../../core/xdg.js';
import { DATA_FORMATS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'pull',
  summary: 'every translation file of a component or project, where the repository keeps it',
  description: [
    `Writes the file of each translation of the targets (a project: all its components; a category: the components inside it; a component; a translation; a language across a project, project/-/language: that language in every component) at DIR/<filename>, where filename is the translation's path in its repository, as Weblate names it: no mapping to configure.`,
    `The bytes are exactly the server's file as stored (the …/file/ of each translation).`,
    `Missing directories are made (and removed again, with DIR itself, when no file is written into them: a failed run leaves no empty directory behind); each file goes to a temporary file beside it and is renamed into place, so a failure leaves it as it was; a file whose bytes are already the server's is left untouched (same inode, same time).`,
    `A request is made conditional (If-Modified-Since) only when the file on disk is proven, by the digest recorded when wli saved it ($XDG_CACHE_HOME/wli/saved), to be exactly those bytes, and the translation's revision listed now is the one recorded with them (Weblate's Last-Modified is the translation's last change, not its file's): a fresh checkout, an edited file, another branch's file or an upstream change is always brought to the server's bytes.`,
    `A file replaced keeps its permissions and gets the time of now; a symbolic link inside DIR is written through.`,
    `A file is retried whole on a timeout, a reset, 429 or 5xx, also after its first byte.`,
    `A server chooses every filename, so each is placed by one rule: it is written only when it stays inside DIR (not absolute, no .., no symbolic link that leads out), no part of it (nor of where a symbolic link inside DIR leads it) is a version-control folder (.git, .hg, .svn, .bzr, CVS, _darcs, in any case or spelling a file system reads as one: .GIT, .git., GIT~1), no part is hidden (starts with a dot) unless --allow-hidden, it holds no character a terminal or a file list would not show as itself (a control character, the null character, bidirectional or invisible formatting), and it is the translation's own file by Weblate's rule: its component's filemask with the * replaced by the translation's language code (a code Weblate writes: letters and digits with -, _, @ or + between them), never a filemask whose file name is a bare * (any file at all), and the component's template, intermediate or new_base only for the source translation; nor is it ${LAYOUT_FILE}.`,
    `The layout those names are judged by (the server, filemask, template, intermediate, new_base, source language of each component) is recorded in ${LAYOUT_FILE} in DIR at the component's first pull, to commit as a lock file: the first pull trusts the server's layout, and a later server that names another one is refused until --accept-layout.`,
    `A file refused is named with the rule it broke and counted as failed, the others are still written, and the run exits 1; --check and --dry-run apply the same rule.`,
    `A named pipe, socket, device or folder at a file's place is never opened or replaced: that file is not written (exit 7, a local write); two translations that would write the same file (components of different repositories, or names that differ only by case or Unicode normalisation: one file on macOS and Windows) write neither.`,
    `Without targets and --dir, the paths are relative to the directory of the project file that names the translation (the repository's root), wherever in it wli runs; the report says them from the current directory.`,
    `The source translation (unless named as itself: pull demo/android/en), translations without a filename and those filtered out by --lang or --min-percent are skipped, each said once with its reason. stderr has one line per translation (created, updated, unchanged, skipped; a file not written says "not written: PATH (TARGET): why", whatever the reason) and a summary; with --quiet only the files not written, warnings and the summary. stdout carries nothing unless -f (or --fields) asks for one record per translation: wli_target, wli_project, wli_component, wli_language (the translation, as a target wli takes back), target, language, path, status (created, updated, unchanged, skipped, failed; with --dry-run would-fetch or would-check; with --check same, differs, missing), bytes, reason.`,
    `Files are fetched --concurrency at a time; a failed file does not stop the others.`,
    `With --check nothing is written: each file here is compared with the server's, a drift gate for CI and pre-commit (exit ${EXIT.gate} when any differs or is missing).`,
  ].join(' '),
  args: [
    {
      name: 'targets',
      description:
        'project, project/category, project/component, project/component/language or project/-/language (default: translation = of the project file)',
      required: false,
      variadic: true,
      targets: ['project', 'component', 'category', 'translation', 'projectLanguage'],
    },
  ],
  options: [
    {
      flags: '--dir <dir>',
      description: 'write under this directory instead of the current one',
      note:
        "Without it and without targets, the project file's own target (translation = of .weblate) is written under the project file's directory: the repository's root, wherever in it wli runs. Made when missing. Every file stays inside it: a filename that is absolute, contains `..`, or resolves through a symbolic link (a file or a directory on the way) to a place outside it is refused, as is one inside a version-control folder or (without --allow-hidden) a hidden one, by its name or through a link of DIR (values-cs -> .github/workflows), or one that is not the translation's own file by Weblate's rule (its filemask with * as its language code; the template, intermediate or new_base only for the source translation). DIR holds " +
        LAYOUT_FILE +
        ", the record of each component's layout (see --accept-layout).",
      value: { type: 'file' },
    },
    { flags: '--source', description: "also the source translation (the developers' own file; skipped by default)" },
    {
      flags: '--allow-hidden',
      description: [
        'also write filenames with a hidden part (.github/…); refused by default, as hidden folders hold code that runs unread: CI workflows, hooks, editor tasks, .envrc.',
        'Never a version-control folder',
      ].join(' '),
      note: [
        'Hidden folders hold code that runs without anyone reading it: CI workflows (.github/workflows, .gitlab-ci.yml), hooks, editor tasks (.vscode/tasks.json), direnv (.envrc).',
        'A server that names such a path as a translation file could change what the next push or checkout runs, so pull refuses it unless this option says the component keeps its translations there.',
        "The filename must still be the translation's own file by Weblate's rule (its filemask with * as its language code; the template, intermediate or new_base only for the source translation).",
        'A version-control folder (.git, .hg, .svn, .bzr, CVS, _darcs, in any spelling) is refused even with this option.',
      ].join(' '),
    },
    {
      flags: '--lang <codes>',
      description: 'only these languages (comma-separated or repeatable)',
      note: [
        `Codes as the server names them (\`cs\`, \`pt_BR\`); case and \`-\`/\`_\` do not matter.`,
        `A code that no translation of the targets has is a usage error (exit ${EXIT.usage}) before any file is fetched.`,
      ].join(' '),
      value: { type: 'language' },
      repeatable: true,
      complete: 'none',
    },
    {
      flags: '--min-percent <n>',
      description: 'skip translations less than n % translated (translated_percent; 0 to 100): 80 or 80%',
      value: { type: 'percent' },
      hint: 'expected a percentage from 0 to 100, e.g. --min-percent 80 or --min-percent 80%',
      complete: 'none',
    },
    {
      flags: '--empty-incomplete',
      description: 'with --min-percent: a translation with no strings is below it, not complete',
      note: [
        'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default --min-percent keeps it (an empty language shipped); stderr then says so in a note naming it.',
        'With --empty-incomplete it is skipped as below --min-percent; without --min-percent it would change nothing, so that is a usage error (exit 2).',
      ].join(' '),
    },
    {
      flags: '--dry-run',
      description: 'list each file it would fetch or check and why others are skipped; no file requests, nothing written',
      note: [
        "A file the record of saved files proves current (its bytes what wli saved from that URL, its translation's revision the recorded one: checked on disk, no request) is one it would check (`would-check`: asked for only if changed, answered 304 when not); any other, one it would fetch (`would-fetch`).",
        'The summary counts each.',
      ].join(' '),
    },
    { flags: '--force', description: 'fetch every file whole, without conditional requests' },
    {
      flags: '--accept-layout',
      description: `take a component layout that differs from the one recorded in DIR (${LAYOUT_FILE}), and record it`,
      note: [
        `The first pull of a component into DIR records its layout in ${LAYOUT_FILE} in DIR (the server, filemask, template, intermediate, new_base and source language): commit it, and review a change to it as you would a lock file.`,
        `A later server that names another layout for a recorded component is refused: its files are not written (exit ${EXIT.server}), each naming the component and both layouts; --check reports it as drift (exit ${EXIT.gate}).`,
        `Once you have checked the new layout (the component was moved in Weblate, or the server's address changed), pull with --accept-layout to write its files and record it.`,
        `Not with --check (a check writes nothing).`,
      ].join(' '),
    },
    {
      flags: '--check',
      description: `compare each file here with the server's, writing nothing: exit ${EXIT.gate} when any differs or is missing`,
      note: [
        `A gate with no file to judge (no translations, or every one skipped) does not pass: stderr says so and the exit status is ${EXIT.gate}, unless --allow-empty.`,
        `A drift gate: nothing is written (no file, directory, temporary file or record of saved files).`,
        `A file the record of saved files proves (the bytes wli saved from that URL, the translation's revision the recorded one: pull's own proof) is asked for conditionally, and a 304 means it is the server's, with no body; any other file is downloaded and hashed as it arrives, never kept; a file not here is \`missing\`, with no request. stderr names each file that is not the server's (\`differs: PATH (TARGET)\`, \`missing: PATH (TARGET)\`; with --quiet only those, failures and the summary); records (-f json, jsonl, csv) say \`same\`, \`differs\` or \`missing\`; \`-f github\` annotates each such file, \`-f junit\` has one test case per file, \`-f codequality\` one issue per such file.`,
        `Skips and refusals are pull's.`,
        `A file that could not be checked (a server failure, a refused filename) ends the run with its own exit status, not ${EXIT.gate}: the check was not done.`,
        `Not with --dry-run (a check already writes nothing) or --force (a check writes nothing for --force to fetch whole).`,
      ].join(' '),
    },
    { flags: '--allow-empty', description: `with --check: no file to check passes (without it: exit ${EXIT.gate})` },
  ],
  formats: [...DATA_FORMATS, 'github', 'junit', 'codequality'],
  more: [
    'Exit status (that of the first failure in the report)',
    [
      `${EXIT.ok} every file written or already the server's (skips are not failures)`,
      `${EXIT.server} a server or network failure`,
      `or a filename refused by the placement rule (outside DIR, in a version-control or hidden folder, a character not shown as itself, not the translation's own file by Weblate's rule)`,
      `or a component whose layout is not the one recorded in ${LAYOUT_FILE}, until --accept-layout takes it`,
      `${EXIT.usage} two translations writing one file (pull each component with its own --dir)`,
      `${EXIT.gate} with --check: a file differs from the server's or is missing, a component's layout is not the recorded one, or there was no file to check (unless --allow-empty)`,
      `${EXIT.auth} authentication or permission refused`,
      `${EXIT.notFound} a file the server does not have, or a target that does not exist (then before any file)`,
      `${EXIT.rateLimited} rate limited after the retries (no further file is asked for)`,
      `${EXIT.local} a file that could not be written here`,
      `${EXIT.hangup}, ${EXIT.interrupted}, ${EXIT.terminated} ended by SIGHUP, SIGINT (Ctrl-C) or SIGTERM (each file left old or new, no temporary file)`,
    ].join(', '),
  ],
  examples: [
    ['wli pull demo', 'every translation of every component of a project, into the repository layout here'],
    ['wli pull demo --check', `a drift gate: exit ${EXIT.gate} when a file here is not the server's, naming it; nothing written`],
    ['wli pull demo --check -f github', 'the same gate in GitHub Actions: an annotation on each such file, a table in the job summary'],
    ['wli pull demo/android --min-percent 80 --dir app-checkout', 'the languages at least 80 % translated, under another directory'],
    ['wli pull demo/android --lang cs,de --dry-run', 'what would be fetched, and why each other translation is skipped'],
    ['wli pull demo -f jsonl | jq -r \'select(.status == "updated") | .path\'', 'the files that changed, for a script'],
    ['wli pull demo/docs --dry-run', 'the files of the components inside the category "docs"'],
    ['wli pull demo/-/cs --dry-run', 'every Czech file of the project'],
  ],
} as const satisfies CommandSpec;
