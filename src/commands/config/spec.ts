// `wli config` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (config.ts, beside this file) receives typed. A leaf: it imports no run module.
import { EXIT } from '../../core/errors.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'config',
  summary: 'the effective configuration and where each value came from (token redacted)',
  description: [
    `Shows the server URL, token (redacted) and default target wli would use here, each with the flag, environment variable or file it came from, the configuration files it read, and what runs wli: Node and its version (the npm package) or the standalone binary and the version of Bun inside it.`,
    `Files use wlc's INI format: the user file $XDG_CONFIG_HOME/weblate (or weblate.ini) and the nearest .weblate, .weblate.ini or weblate.ini in this directory or a parent.`,
    `A combination the other commands refuse (a token from the environment or --token for a server that only a project file names, a URL that cannot be used, a token that cannot be sent) is shown all the same, followed on stderr by the reason, and exits ${EXIT.usage}, as those commands would.`,
  ].join(' '),
  args: [],
  options: [
    {
      flags: '--check',
      description: 'ask the server: reachable, token accepted (authenticated, anonymous, rejected), version, rate limit',
      note: [
        `One request, as \`gh auth status\`: with a token, Weblate's metrics endpoint (/api/metrics/, for signed-in users only: it gives the server's version unless the server hides it; a server without it is asked its API root); without one, the API root.`,
        `Access is \`authenticated\`, \`anonymous\` (no token) or \`rejected\` (HTTP 401: exit ${EXIT.auth}, after the record); the rate limit is what the answer's X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers state.`,
        `A server that cannot be reached is exit ${EXIT.server}; no server configured is exit ${EXIT.usage}.`,
        `A combination the other commands refuse is not sent.`,
      ].join(' '),
    },
  ],
  examples: [
    ['wli config', 'which server and token would be used from here'],
    ['wli config -f json', 'the same as JSON, for a script'],
    ['wli config --check', 'does the server answer, and does it accept the token?'],
  ],
} as const satisfies CommandSpec;
