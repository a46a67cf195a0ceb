// Runnable fake Weblate server for the demo and the benchmark:
//   node --import ./scripts/ts.mjs test/support/fake-weblate/main.ts [--port N] [--latency MS] [--big-units N] [--big-changes N]
//        [--ignore-page-size] [--page-size N] [--token T] [--api-prefix /api/] [--modern-errors] [--changes-asc]
//        [--cache] [--units-page-size N] [--old-units-search] [--rate-limit-remaining N] [--rate-limit-reset S]
//        [--rate-limit-enforce] [--no-rate-limit] [--new-change-every MS] [--many-languages N]
// --many-languages N: a component many/strings with N translations besides its source, each with a file (the pull bench).
// --old-units-search: /api/units/ ignores q (a server older than Weblate 4.14.1).
// --rate-limit-*: X-RateLimit-Remaining/Reset start at N/S for both buckets; --rate-limit-enforce: 429 at 0.
// --no-rate-limit: no rate limit at all (no X-RateLimit-* headers, no 429), as the sample server.
// --new-change-every MS: every MS milliseconds a "Translation changed" by admin appears in
//   demo/android/cs (fake.addChanges), for demonstrating a client that follows the history; each
//   is announced on stderr once it is served ("fake-weblate: new change <id>: Live edit <n>"), so a
//   test waits for that line, not for a time.
// Prints the API URL (e.g. http://127.0.0.1:4711/api/) as one line on stdout, runs until SIGINT/SIGTERM.
import { DATA, startFakeWeblate } from './index.js';
import type { FakeOptions, RateLimitSetting } from './index.js';

let newChangeEveryMs = 0;

function parseArgs(argv: string[]): FakeOptions {
  const opts: FakeOptions = {};
  const rate = (): RateLimitSetting => {
    if (!opts.rateLimit) opts.rateLimit = {};
    return opts.rateLimit;
  };
  const num = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0) {
      process.stderr.write(`fake-weblate: ${name} needs a non-negative integer\n`);
      process.exit(2);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (eq > 0 ? arg.slice(eq + 1) : argv[++i]);
    switch (name) {
      case '--port':
        opts.port = num(name, value());
        break;
      case '--latency':
        opts.latencyMs = num(name, value());
        break;
      case '--big-units':
        opts.bigUnits = num(name, value());
        break;
      case '--big-changes':
        opts.bigChanges = num(name, value());
        break;
      case '--page-size':
        opts.defaultPageSize = Math.max(1, num(name, value()));
        break;
      case '--ignore-page-size':
        opts.honourPageSize = false;
        break;
      case '--token':
        opts.token = value();
        break;
      case '--api-prefix':
        opts.apiPrefix = value();
        break;
      case '--modern-errors':
        opts.errorEnvelope = 'modern';
        break;
      case '--spaced-json':
        opts.spacedJson = true;
        break;
      case '--cache':
        opts.cacheResponses = true;
        break;
      case '--changes-asc':
        opts.changesOrder = 'asc';
        break;
      case '--units-page-size':
        opts.unitsPageSize = Math.max(1, num(name, value()));
        break;
      case '--old-units-search':
        opts.oldUnitsSearch = true;
        break;
      case '--rate-limit-remaining':
        rate().remaining = num(name, value());
        break;
      case '--rate-limit-reset':
        rate().reset = num(name, value());
        break;
      case '--rate-limit-enforce':
        rate().enforce = true;
        break;
      case '--no-rate-limit':
        opts.rateLimit = false;
        break;
      case '--many-languages':
        opts.manyLanguages = num(name, value());
        break;
      case '--new-change-every':
        newChangeEveryMs = Math.max(1, num(name, value()));
        break;
      case '-h':
      case '--help':
        process.stdout.write(
          'usage: main.js [--port N] [--latency MS] [--big-units N] [--big-changes N] [--ignore-page-size] [--page-size N]\n' +
            '               [--token T] [--api-prefix P] [--modern-errors] [--changes-asc] [--cache]\n' +
            '               [--units-page-size N] [--old-units-search] [--rate-limit-remaining N] [--rate-limit-reset S]\n' +
            '               [--rate-limit-enforce] [--no-rate-limit] [--new-change-every MS] [--many-languages N]\n',
        );
        process.exit(0);
        break;
      default:
        process.stderr.write(`fake-weblate: unknown option ${arg}\n`);
        process.exit(2);
    }
  }
  return opts;
}

const fake = await startFakeWeblate(parseArgs(process.argv.slice(2)));
process.stdout.write(fake.url + '\n');
let live: NodeJS.Timeout | undefined;
if (newChangeEveryMs > 0) {
  const units = DATA.units['demo/android/cs'] ?? [];
  let n = 0;
  live = setInterval(() => {
    const u = units[n % units.length];
    n++;
    const [id] = fake.addChanges('demo/android/cs', [{ action: 2, user: 'admin', unit: u?.id ?? null, target: `Live edit ${n}` }]);
    process.stderr.write(`fake-weblate: new change ${id}: Live edit ${n}\n`);
  }, newChangeEveryMs);
}
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  if (live) clearInterval(live);
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
