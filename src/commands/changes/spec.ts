// `wli changes` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (changes.ts, beside this file) receives typed. A leaf: it imports no run module.
import { ACTIONS, kebab } from '../../weblate/actions.js';
import { FOLLOW_WINDOW_TEXT, MAX_FOLLOW_KEPT_TEXT, MAX_FOLLOW_WAIT_TEXT } from '../../core/limits.js';
import { EXIT } from '../../core/errors.js';
import { ANY_SCOPE, LIMIT, FOLLOW_DEFAULTS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'changes',
  summary: 'the history of a translation, component, project or the server, in server order',
  description: [
    'Lists the changes (history) of a translation, a component, a project or (with /) the whole server, in the order the server gives them, reading every page.',
    "Weblate keeps no history of a category: a category's is its components' lists merged newest first (by time, then id), each read only as far as needed.",
    "A language across a project (project/-/language) is the project's history kept to the changes of its translations in that language.",
    "With --follow either polls the project's history, kept to the target: one list a poll.",
    "Above a translation each change names the translation it is in (a change of no translation: its component, else its project): the table's TRANSLATION column, and in JSON, JSON Lines and CSV the fields wli_target, wli_project, wli_component and wli_language first (a target wli takes back; null where unknown), then the server's fields as sent (one with the name of wli's kept as server_<name>).",
    "A translation's own changes are the server's objects as sent.",
  ].join(' '),
  args: [ANY_SCOPE],
  options: [
    {
      flags: '--since <time>',
      description: 'changes at or after this time (timestamp_after): ISO 8601 (UTC unless it has an offset), or back from now: 30m, 24h, 7d, 2w',
      note: [
        'An ISO 8601 time, e.g. `2026-11-01`, `2026-11-01T12:00` or `2026-11-01T12:00+01:00`, or a duration back from now: `30m`, `24h`, `7d`, `2w`.',
        'A date alone and a date-time without an offset are UTC whatever `TZ` says; the request carries UTC instants.',
        'Later than `--until`, or outside the years 1 to 9999, is a usage error.',
      ].join(' '),
      value: { type: 'time' },
      complete: 'none',
    },
    {
      flags: '--until <time>',
      description: 'changes before this time (timestamp_before): ISO 8601 (UTC unless it has an offset), or back from now',
      value: { type: 'time' },
      complete: 'none',
    },
    {
      flags: '--action <action>',
      description: 'only these actions: code, name or kebab name (repeatable or comma-separated)',
      value: { type: 'action' },
      repeatable: true,
    },
    { flags: '--user <username>', description: 'only changes by this user', value: { type: 'text' }, hint: 'expected a username', complete: 'none' },
    {
      flags: '--follow',
      description: `print recent changes, then keep polling and print each new change once, in order, one that commits up to ${FOLLOW_WINDOW_TEXT} late too (Ctrl-C ends it, exit ${EXIT.interrupted})`,
      note: [
        `Recent changes first (the last ${FOLLOW_DEFAULTS.recent}, \`-L n\`, or all since \`--since\`), oldest first, then each new change once, in order, table or JSON Lines (\`-f json\` is refused).`,
        `A --since backlog streams, frozen at its newest change and read from its last page back.`,
        `Each poll asks again from ${FOLLOW_WINDOW_TEXT} before the newest change shown and leaves out the changes already shown: Weblate stamps a change when it creates it but lists it only once its transaction commits, so a change of a long request (an upload, a bulk edit) can appear after changes stamped later; it is shown when it appears.`,
        `The window is the longest request Weblate's own deployment examples let run.`,
        `A change that commits more than ${FOLLOW_WINDOW_TEXT} after it was stamped is not shown.`,
        `At most ${MAX_FOLLOW_KEPT_TEXT} ids are kept: past that the window starts after the oldest ones (said once on stderr), so memory stays bounded whatever the server sends.`,
        `Polls slow down when the rate limit runs low and wait out a 429, never longer than ${MAX_FOLLOW_WAIT_TEXT} (a longer wait is said on stderr).`,
        `Transient failures (network, timeouts, 429, 5xx) are said once and their end too; permanent ones (401, 403, 404, a body that is not the expected JSON) end the follow with their exit status.`,
        `Ctrl-C ends it with exit status ${EXIT.interrupted}.`,
        `Into a pipe whose reader stops early (\`| head -3\`), the follow ends quietly (exit ${EXIT.ok}) as soon as the reader leaves, between polls too, as \`tail -f\` does; the standalone binary, and systems other than Linux, notice it only when they write the next new change (until then the polls go on: Ctrl-C, or \`timeout\`, ends them).`,
      ].join(' '),
    },
    {
      flags: '--interval <seconds>',
      description: 'with --follow (refused without it): seconds between polls (slower when the rate limit runs low)',
      value: { type: 'integer', min: 1, max: 86400 },
      defaultText: String(FOLLOW_DEFAULTS.intervalSeconds),
      complete: 'none',
    },
    LIMIT,
  ],
  more: ['Actions (--action takes the code, the name in any case, or the kebab name)', ACTIONS.map(([code, name]) => `${kebab(name)} (${code})`).join(', ')],
  examples: [
    ['wli changes demo/android/cs --since 2026-11-01', 'what happened this month'],
    ['wli changes demo/android/cs --action 5 --user admin -f csv', 'translations added by one user, as CSV'],
    ['wli changes demo/android/cs -L 10', 'the ten changes the server lists first'],
    ['wli changes demo --since 2026-11-01', 'what changed in a whole project since the release'],
    ['wli changes demo --action translation-changed,translation-approved --since 7d', 'translations changed or approved in the last week'],
    ['wli changes demo --follow --interval 10 -f jsonl', 'watch a project live, one JSON line per new change'],
    ['wli changes demo/docs -L 10', 'the latest changes of the components of a category, newest first'],
    ['wli changes demo/-/cs --since 7d', 'a week of Czech changes across a project'],
  ],
} as const satisfies CommandSpec;
