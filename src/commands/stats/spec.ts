// `wli stats` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (stats.ts, beside this file) receives typed. A leaf: it imports no run module.
import { METRICS, STATS_BY } from '../../weblate/statistics.js';
import { EXIT } from '../../core/errors.js';
import { FORMATS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'stats',
  summary: 'statistics of translations, components, languages, projects; one row per target',
  description: [
    "Shows statistics for each target in argument order: a translation (project/component/language), every translation of a component (project/component: one row per language), every translation of the components of a category (project/category, in the order the project lists them), a language across a project (project/-/language: the row --project prints for it), a project's total (project/-: the last row --project prints), a language (a bare code, never a project), a component across its languages (project/component/-: the row --project --by component prints for it), and with --project one row per language of the project and then a total row, after the other targets (--by translation: a row per component × language instead; --by component: a row per component).",
    "Rows are always a list in the data formats (-f json: an array, one row or many); a table shows a single translation, language, project/-/language, project/- or project/component/- target as one record, its first line the row's wli_target (Target), then the server's name and URL where the row has them (a component's row, a sum, has neither).",
    "Every row carries its identity first: wli_target, wli_project, wli_component, wli_language, made by wli from what it asked for (then the server's fields as sent; one with the name of wli's kept as server_<name>, never read as the row's identity).",
    'With --fail-under it is a CI gate: every row is checked, the total row too; all rows are still printed and stderr names the failing ones by target, as the TARGET column shows them (demo/android/cs, cs, demo/-/cs for a language of a project, demo/android/- for a component, demo/- for its total row): every wli_target is unique in a run and wli stats takes it back as the same row.',
    'A row that several targets name is judged once (rows of one identity are one subject, failing when any of them fails).',
    'One verdict decides the exit status and the summary on stderr before anything is written, whoever reads stdout (a closed pipe, | head, | true change nothing; a stdout that cannot be written, a full disk, is exit 7, its error after the summary); a gate that judged nothing does not pass (see --allow-empty).',
    'With --baseline the rows are matched by identity to an earlier -f json file and the change of the metric is shown; --fail-on-drop fails when a row got worse.',
    "For CI systems, -f github writes an annotation per failing row on the file of the translation (and the table to the job summary), -f junit a test case per row (skipped when no gate judged it: tests, failures and skipped are the counts stderr gives), -f codequality a GitLab Code Quality issue per failure (fingerprinted by the check and the row's identity only), and -f openmetrics the numbers as gauges (see OUTPUT FORMATS).",
    "A table on a terminal draws each row's percentage as a bar too (Unicode blocks, or # and - where the locale is not UTF-8), red below --fail-under and green at or above it; into a pipe or a file, and in every other format, there is no bar.",
  ].join(' '),
  args: [
    {
      name: 'targets',
      description: 'project/component/language, project/component, project/category, project/component/-, project/-/language, project/- or a language code',
      required: false,
      variadic: true,
      targets: ['component', 'category', 'translation', 'projectLanguage', 'language'],
    },
  ],
  options: [
    {
      flags: '--project <project>',
      description: 'one row per language of the project (or per translation, per component: --by), then a total row (after the other targets)',
      value: { type: 'slug' },
      hint: 'expected a project slug, e.g. --project weblate',
      complete: 'none',
    },
    {
      flags: '--by <rows>',
      description:
        "with --project: a row per language (language), per component × language (translation), or per component (component), then the project's total row",
      note: [
        '`--by translation`: every translation of the project, component by component in the order the project lists them (each row wli_target project/component/language, as `wli stats project/component` gives it).',
        '`--by component`: one row per component, wli_target project/component/- (the component across its languages, which `wli stats project/component/-` prints alone): its counts summed over its translations, its percentages from the sums as Weblate rounds them (floored to one decimal, never 0.0 or 100.0 unless exact); with --skip-source the source-language translation is left out of the sums.',
        "On a server with the project metrics endpoint (Weblate 2026.8 and later) both cost one request (beside the project's components list); an older server (404) gives the same rows from each component's statistics (`--verbose` says which).",
        "A component shared into the project from another one (Weblate's component links) is in the metrics but not in the project's components list: its rows are its own target's (other/component/language, as `wli stats` takes them back), found in the server's components list (one more list); an older server's route, which reads the project's components list, cannot see it.",
        "On the metrics route the percentages the endpoint does not send but its counts give (`fuzzy_percent`, `fuzzy_words_percent`, `fuzzy_chars_percent`, `failing_percent`) are Weblate's from the row's counts, added after the server's fields, never in place of one; what no count gives (`last_change`, `recent_changes`, `readonly`, `code`) is absent from JSON and empty in tables (only each component's statistics, the older servers' route, a request per component, carry it).",
        'Components the server keeps from you are left out, never invented.',
      ].join(' '),
      value: { type: 'choice', choices: STATS_BY },
      defaultText: 'language',
    },
    {
      flags: '--fail-under <percent>',
      description: `exit ${EXIT.gate} when any row is below this percentage (0 to 100: 90 or 90%); LANG=PCT for one language (cs=95); repeatable, a bare number is the default for other rows`,
      note: [
        `Every row is still printed; stderr names the rows below their threshold, by target.`,
        `A row that lacks the metric fails the gate. \`--fail-under 80 --fail-under cs=95,de=90\`: Czech rows are held to 95, German to 90, every other row to 80.`,
        `LANG is matched as \`pull --lang\` matches a code: case and \`-\`/\`_\` do not matter (\`CS=95\`, \`pt-br=90\`).`,
        `A LANG=PCT whose language no row has is checked against the server's languages: a code that is no language of the server (cz for cs) is a usage error (exit ${EXIT.usage}) with did-you-mean, before anything is printed; a real language that no row has (removed from a component) is a warning, and the other thresholds still gate.`,
      ].join(' '),
      value: { type: 'threshold' },
      repeatable: true,
      complete: 'none',
    },
    {
      flags: '--metric <name>',
      description: 'the percentage --fail-under checks: translated strings, approved strings or translated words',
      value: { type: 'choice', choices: METRICS },
      defaultText: 'translated',
    },
    {
      flags: '--skip-source',
      description: 'leave out the source-language row of each component target, and with --project the languages that are the source of every component',
      note: [
        "A project's total row (`p/-`, alone or with `--project`) is then recomputed without the source strings: the project's other translations summed as Weblate sums them (their counts added, each percentage from the sums), from the project metrics endpoint (one request; Weblate 2026.8) or each component's statistics on an older server.",
        'A component row (`p/c/-`, `--by component`) sums its translations without the source one alike.',
        "Every other row is the server's own, its percentages never recomputed.",
      ].join(' '),
    },
    {
      flags: '--baseline <file>',
      description: 'a file written earlier by "wli stats … -f json": tables and Markdown show each row\'s change in points of the metric',
      note: [
        'Rows are matched by `wli_target`; the change column shows points of the gated metric (`+2.5`, `-1.0`, `new`).',
        'A file that does not parse, holds no rows, or matches no row is a usage error.',
      ].join(' '),
      value: { type: 'file' },
    },
    {
      flags: '--fail-on-drop',
      description: `with --baseline: exit ${EXIT.gate} when any row's metric dropped, or a row of the baseline is gone`,
      note: 'A baseline row that the targets would list and no longer do (a language removed from a component, read with project/component or --project) is named on stderr either way, and with --fail-on-drop fails as a drop to 0.',
    },
    {
      flags: '--allow-empty',
      description: `with --fail-under or --fail-on-drop: a gate that judges no row passes (without it: exit ${EXIT.gate})`,
      note: [
        `A gate that had nothing to judge (no statistics rows: a component without translations, every row left out by --skip-source; or no row with a threshold or a baseline value) does not pass silently: stderr says so and the exit status is ${EXIT.gate}.`,
        `With --allow-empty it is said and passes.`,
      ].join(' '),
    },
    {
      flags: '--empty-incomplete',
      description: 'with --fail-under: a row with no strings (0 words for --metric translated_words) is 0 %, not complete',
      note: [
        'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default such a row passes any threshold; stderr then says so in a note naming the rows.',
        'With --empty-incomplete it fails the threshold instead; without --fail-under it would change nothing, so that is a usage error (exit 2).',
      ].join(' '),
    },
  ],
  formats: FORMATS,
  examples: [
    ['wli stats demo/android/cs demo/android/de', 'two translations side by side'],
    ['wli stats demo/android --skip-source --fail-under 90', `fail CI (exit ${EXIT.gate}) when a language of the component is below 90 %`],
    [
      'wli stats demo/android --skip-source --fail-under 90 -f markdown >> "$GITHUB_STEP_SUMMARY"',
      'the same gate, with the table in a GitHub Actions job summary',
    ],
    [
      'wli stats demo/android --skip-source --fail-under 90 -f github',
      'the same gate in GitHub Actions: an annotation on each failing file, the table in the job summary',
    ],
    ['wli stats demo/android --skip-source --fail-under 90 -f junit > wli-stats.xml', 'the same gate as a JUnit report, one test case per row'],
    ['wli stats --project demo --metric approved --fail-under 50', 'every language of a project and its total, gated on approved strings'],
    ['wli stats demo/android cs --project demo -f json', 'mixed targets: one JSON array, rows in argument order, project rows last'],
    ['wli stats demo/android --fail-under 80 --fail-under cs=95', 'a default threshold and a stricter one for Czech'],
    ['wli stats demo/docs', 'every translation of the components in the category "docs"'],
    ['wli stats --project demo --by translation', 'every translation of a project, component by component, in one request (Weblate 2026.8)'],
    ['wli stats --project demo --by component --fail-under 80 -f junit', 'one row per component (wli_target demo/android/-), gated, as a JUnit report'],
    ['wli stats demo/-/cs -f json', 'Czech across a project: the row --project prints, wli_target demo/-/cs'],
    ['wli stats demo/- --fail-under 80', "a project's total row alone (wli_target demo/-, the last row --project prints)"],
    ['wli stats demo/android -f json > baseline.json', 'keep the numbers of a release…'],
    ['wli stats demo/android --baseline baseline.json --fail-on-drop -f markdown', '…and later show the change of every row, failing when one got worse'],
  ],
} as const satisfies CommandSpec;
