// `wli api` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (api.ts, beside this file) receives typed. A leaf: it imports no run module.
import { EXIT } from '../../core/errors.js';
import { LIMIT, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'api',
  summary: 'GET any API address: the body byte for byte, or every item of a list',
  description: [
    `Reads any address of the Weblate API with the configured server, token, proxy, timeouts and retries, and prints the response body byte for byte, whatever its type.`,
    `The path is relative to the API root (/projects/ or projects/demo/; Weblate's addresses end with a slash) or an absolute URL on the configured server; an address outside the API root (another origin, ../admin/, %2e%2e/) is refused before connecting (exit ${EXIT.usage}), so the token goes nowhere else.`,
    `With -f or --fields, a JSON object is shown as one record in that format, as gh api's --jq works on one object (a list needs --paginate; a body that is not JSON is refused).`,
    `With --paginate, the next links are followed and the items of results are printed as JSON Lines (one item a line, as the server sent it, so | jq .slug reads each) or in the format -f chooses (json: one array, csv, table), integers exact, streaming; on an answer that is not a list it is refused. -L needs --paginate.`,
    `Read-only: there is no method option.`,
  ].join(' '),
  args: [{ name: 'path', description: 'API path (/projects/, projects/demo/) or URL on the configured server', required: true }],
  options: [
    {
      flags: '--paginate',
      description: 'follow next links and print the items of results, one JSON line each (or as -f says)',
      note: [
        `Its default format is \`jsonl\`, not the table (\`-f json\` gives one array, \`-f table\` the table).`,
        `Without it the answer is printed byte for byte, or with \`-f\`/\`--fields\` as one record when it is a JSON object.`,
        `An option that cannot apply is a usage error (exit ${EXIT.usage}): \`--paginate\` on an answer that is not a list, \`-L\` without \`--paginate\`, \`-f\` or \`--fields\` on a list without \`--paginate\` or on a body that is not JSON.`,
      ].join(' '),
    },
    LIMIT,
  ],
  examples: [
    ['wli api /projects/demo/', 'one API object, exactly as the server sent it'],
    ['wli api /projects/demo/ -f csv --fields slug,name', 'the same object, two of its fields as CSV'],
    ['wli api /projects/ --paginate | jq -r .slug', 'every project, one JSON line each'],
    ['wli api /users/ --paginate -f csv --fields username,full_name', 'an endpoint wli has no command for, as CSV'],
  ],
} as const satisfies CommandSpec;
