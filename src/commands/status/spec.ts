// `wli status` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (status.ts, beside this file) receives typed. A leaf: it imports no run module.
import { UNITS_SEARCH_SINCE } from '../../weblate/versions.js';
import { STATUS_CONDITIONS } from '../../weblate/status.js';
import { EXIT } from '../../core/errors.js';
import { FORMATS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'status',
  summary: 'is a component, project or translation ready for a release: lock, pending strings, repository',
  description: [
    `Shows whether a component, a project or a translation is locked in Weblate (a translation: its component's lock), how many of its strings were changed in Weblate and not committed yet (units searched with pending:true, one page_size=1 count), and, where the token may see it, its repository state: needs commit, needs merge, needs push, the merge failure, outgoing and missing commits and the upstream branch's last commit (remote_commit; JSON last_commit).`,
    `Three requests side by side (above a translation, when strings are pending, one more proves the server honours the search: one that ignores it, Weblate before ${UNITS_SEARCH_SINCE}, is an error, never a wrong count).`,
    `The repository state needs the VCS permission: without it (HTTP 403) the rest is shown, the repository fields are null (a table says "not shown") and one line on stderr says what they need; that is not an error.`,
    `A translation's repository carries what its component's does.`,
    `A category has no lock or repository of its own: it is refused (exit ${EXIT.usage}) naming its components.`,
    `A project's lock is Weblate's "every component locked", and its repository leaves the merge failure, the outgoing and missing commits and the last commit null by design ("per component only"): --fail-if locked, needs-merge, needs-push or merge-failure of a project reads its components instead (one list, then each component's lock and repository as asked, through the worker pool) and judges each, so the record gains components, each with its target and what holds of it (holds).`,
    `With --fail-if it is a release gate: one verdict decides the exit status (${EXIT.gate} naming each condition that holds) and every format renders it (-f github, junit, codequality; -f openmetrics writes the state as gauges).`,
  ].join(' '),
  args: [
    {
      name: 'target',
      description: 'project, project/component or project/component/language',
      required: false,
      targets: ['project', 'component', 'translation'],
    },
  ],
  options: [
    {
      flags: '--fail-if <conditions>',
      description: `exit ${EXIT.gate} when any of these holds: ${STATUS_CONDITIONS.join(', ')} (comma-separated or repeatable)`,
      note: [
        `\`locked\`: the component (or project) is locked. \`pending\`: strings changed in Weblate and not committed to the repository. \`needs-commit\`, \`needs-merge\`, \`needs-push\`, \`merge-failure\`: as the repository says (\`needs_commit\`, \`needs_merge\`, \`needs_push\`, \`merge_failure\`): these need a token with the VCS permission; asked for without it (the server's 401 or 403), the run is refused as every permission refused is (exit ${EXIT.auth}, naming the permission), never passed silently.`,
        `Of a project, \`locked\`, \`needs-merge\`, \`needs-push\` and \`merge-failure\` are judged of each of its components (Weblate's project lock is true only when every component is locked, and its repository leaves the merge failure null), each component a target of the verdict: \`wli: p/c: locked\`.`,
      ].join(' '),
      value: { type: 'choice', choices: STATUS_CONDITIONS },
      repeatable: true,
    },
  ],
  formats: FORMATS,
  examples: [
    ['wli status demo/android', 'lock, pending strings and repository state of a component'],
    ['wli status demo --fail-if locked,pending', `a release gate: exit ${EXIT.gate} naming what is not ready`],
    ['wli status demo/android -f json | jq .needs_push', 'one value for a script'],
  ],
} as const satisfies CommandSpec;
