// The standalone binary (issue 31): `bun build --compile` of the same bundle, dist/wli.cjs. Every test
// file that runs wli as a process runs again against it in CI (.ci/run: WLI_TEST_BINARY, the seam of
// test/support/run.ts); this file holds what only a binary can get wrong, and "the same program"
// checks that run both ways and compare the bytes. Without WLI_TEST_BINARY it compiles this
// machine's binary into a temporary folder, as `npm run build:binary` does (about a second).
import { execFile, execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { COMPILE_FLAGS, TARGETS, compile, fileName, hostTarget, writeSums } from '../scripts/build-binary.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { startTlsFront, type TlsFront } from './support/proxy.js';
import { BIN, ROOT, WLI_BINARY, baseEnv, type RunResult } from './support/run.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  files: string[];
  devDependencies: Record<string, string>;
};
const host = hostTarget();
const work = mkdtempSync(join(tmpdir(), 'wli-binary-'));
let binary: string;
let fake: FakeWeblate;

beforeAll(() => {
  if (WLI_BINARY) binary = WLI_BINARY;
  else {
    binary = join(work, 'build', fileName(host!));
    compile(host!, binary);
  }
}, 120_000);
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(async () => {
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The two ways wli ships: each "same program" test runs on both. */
const RUNTIMES = { node: () => [process.execPath, BIN], binary: () => [binary] };
type Runtime = keyof typeof RUNTIMES;

function run(runtime: Runtime, args: string[], opts: SpawnOptions = {}): Promise<RunResult> {
  const [file, ...pre] = RUNTIMES[runtime]();
  return new Promise((resolve, reject) => {
    const child = spawn(file!, [...pre, ...args], { env: baseEnv(), cwd: work, ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function killOnFinish(): AbortSignal {
  const stop = new AbortController();
  onTestFinished(() => stop.abort());
  return stop.signal;
}

describe('the same program: node bin/wli.cjs and the binary give the same bytes and exit code', () => {
  let front: TlsFront;
  beforeAll(async () => {
    front = await startTlsFront(Number(new URL(fake.origin).port));
  });
  afterAll(() => front.close());

  /** Runs each way after the same set-up (a fault counts its requests); both results must be equal. */
  async function both(args: string[], setup: () => void = () => {}, env: Record<string, string> = {}): Promise<RunResult> {
    const results: RunResult[] = [];
    for (const runtime of ['node', 'binary'] as const) {
      setup();
      results.push(await run(runtime, args, { env: baseEnv({ WLI_URL: fake.url, ...env }) }));
    }
    expect(results[1], `node: ${JSON.stringify(results[0])}`).toEqual(results[0]);
    return results[0]!;
  }

  it('exact integers beyond 2^53 and literals as sent, in JSON and CSV', async () => {
    const body = '{"id":123456789012345678901234567890,"code":"cs","name":"Czech","direction":"ltr","population":1.50e400,"plural":{"id":-9007199254740993}}';
    const json = await both(['language', 'cs', '-f', 'json'], () => fake.fault('/languages/cs/', { kind: 'rawBody', body }, 1));
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('123456789012345678901234567890');
    expect(json.stdout).toContain('-9007199254740993');
    const csv = await both(['language', 'cs', '-f', 'csv', '--fields', 'id,population'], () => fake.fault('/languages/cs/', { kind: 'rawBody', body }, 1));
    expect(csv.stdout).toBe('id,population\r\n123456789012345678901234567890,1.50e400\r\n');
  });

  it('exit codes: not found 5, auth 4, rate limited 6, server 1, usage 2', async () => {
    expect((await both(['language', 'xx-no'])).code).toBe(5);
    expect(
      (await both(['language', 'cs'], () => fake.fault('/languages/cs/', { kind: 'status', status: 401, body: '{"detail":"Invalid token."}' }, 1))).code,
    ).toBe(4);
    const limited = { kind: 'status', status: 429, body: '{"detail":"Slow down."}', headers: { 'Retry-After': '1' } } as const;
    expect((await both(['language', 'cs', '--retries', '0'], () => fake.fault('/languages/cs/', limited, 1))).code).toBe(6);
    expect((await both(['language', 'cs', '--retries', '0'], () => fake.fault('/languages/cs/', { kind: 'status', status: 500 }, 1))).code).toBe(1);
    expect((await both(['units', 'a//b'])).code).toBe(2);
  });

  it("a server's terminal escapes are shown escaped, on stderr and in a table", async () => {
    const evil = 'Cz\u001b[2J\u001b]0;pwned\u0007ech\u009b1m';
    const err = await both(['language', 'cs'], () => fake.fault('/languages/cs/', { kind: 'status', status: 404, body: JSON.stringify({ detail: evil }) }, 1));
    expect(err.code).toBe(5);
    expect(err.stderr).not.toMatch(/[\u001b\u0007\u009b]/);
    const body = JSON.stringify({ code: 'cs', name: evil, direction: 'ltr', population: 1 });
    const table = await both(['language', 'cs', '-f', 'table'], () => fake.fault('/languages/cs/', { kind: 'rawBody', body }, 1));
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
  });

  it('a redirect within the server is followed; one to another origin is refused, and gets no token', async () => {
    const followed = await both(['language', 'cz', '-f', 'csv', '--fields', 'code'], () =>
      fake.fault('/languages/cz/', { kind: 'redirect', location: '/api/languages/cs/', status: 301 }, 1),
    );
    expect([followed.code, followed.stdout]).toEqual([0, 'code\r\ncs\r\n']);
    const other = await startFakeWeblate();
    try {
      const refused = await both(['language', 'cs', '--token', 'tok-redirect-1'], () =>
        fake.fault('/languages/cs/', { kind: 'redirect', location: `${other.url}languages/cs/`, status: 302 }, 1),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`was redirected to another origin (${other.origin}); wli does not follow it`);
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('TLS: a certificate nobody vouches for is refused the same way; NODE_EXTRA_CA_CERTS makes it trusted', async () => {
    const https = `${front.origin}/api/`;
    const refused = await both(['language', 'cs', '--url', https, '--retries', '0']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/TLS failure \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\)/);
    const trusted = await both(['language', 'cs', '-f', 'csv', '--fields', 'code', '--url', https], undefined, { NODE_EXTRA_CA_CERTS: front.certFile });
    expect([trusted.code, trusted.stdout, trusted.stderr]).toEqual([0, 'code\r\ncs\r\n', '']);
  });

  // The one TLS difference, said in docs/configuration.md: Bun's TLS library reads SSL_CERT_FILE at
  // start, before any of wli's code runs (deleting it from process.env changes nothing), so the binary
  // trusts the certificates it names, as gh and curl do; Node reads it only under --use-openssl-ca.
  it('TLS: SSL_CERT_FILE is trusted by the binary only (documented); NODE_EXTRA_CA_CERTS by both', async () => {
    const args = ['language', 'cs', '-f', 'csv', '--fields', 'code', '--url', `${front.origin}/api/`, '--retries', '0'];
    const env = { env: baseEnv({ SSL_CERT_FILE: front.certFile }) };
    const [node, binary] = [await run('node', args, env), await run('binary', args, env)];
    expect([node.code, node.stderr]).toEqual([1, expect.stringMatching(/TLS failure/)]);
    expect([binary.code, binary.stdout, binary.stderr]).toEqual([0, 'code\r\ncs\r\n', '']);
    expect(readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8')).toMatch(/standalone binary also\s+trusts the certificates in `SSL_CERT_FILE`/);
  });

  it('--version is the bare version, --help and a completion script are the same text', async () => {
    expect(await both(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect((await both(['--help'])).code).toBe(0);
    expect((await both(['completion', 'zsh'])).stdout).toBe(readFileSync(join(ROOT, 'completions/_wli'), 'utf8'));
  });
});

describe.each(Object.keys(RUNTIMES) as Runtime[])('the same program, %s', (runtime) => {
  it.each([
    ['SIGINT', 130, 'wli: interrupted\n'],
    ['SIGTERM', 143, 'wli: interrupted (SIGTERM)\n'],
    ['SIGHUP', 129, 'wli: interrupted (SIGHUP)\n'],
  ] as const)('%s while a large write waits for a reader that does not read: exit %i at once', { timeout: 30_000 }, async (signal, code, said) => {
    const s = await startFakeWeblate({ bigUnits: 20_000 });
    try {
      const [file, ...pre] = RUNTIMES[runtime]();
      // Pages of 1000 units (about 750 kB each): far more than a pipe holds, so wli waits on stdout
      // with most of the first page unwritten.
      const child = spawn(file!, [...pre, 'units', 'big/strings/xx', '-f', 'jsonl', '--page-size', '1000'], {
        env: baseEnv({ WLI_URL: s.url }),
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: killOnFinish(),
      });
      child.on('error', () => {});
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      // 'exit', not 'close': stdout is never read to its end, so it never closes on our side.
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? -1 : null))));
      // The first bytes arrive: wli is writing the first page. Then nobody reads stdout again.
      await new Promise((resolve) => child.stdout.once('data', resolve));
      child.stdout.pause();
      child.kill(signal);
      // A wli that waits for the reader never exits: the test's timeout is the failure.
      expect(await exited, stderr).toBe(code);
      expect(stderr).toBe(said);
    } finally {
      await s.close();
    }
  });

  it('wli config says which runtime runs it; --version stays the bare version', async () => {
    const r = await run(runtime, ['config', '-f', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const expected = runtime === 'node' ? `node ${process.version}` : `standalone binary (bun ${pkg.devDependencies.bun})`;
    expect((JSON.parse(r.stdout) as { runtime: string }).runtime).toBe(expected);
    const table = await run(runtime, ['config']);
    expect(table.stdout).toMatch(new RegExp(`^Runtime +${expected.replace(/[().]/g, '\\$&')}$`, 'm'));
  });

  it("reads no .env, bunfig.toml or package.json of the directory it runs in (a checkout's files never set the server or the token)", async () => {
    const dir = join(work, `checkout-${runtime}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.env'), `WLI_URL=${fake.url}\nWLI_TOKEN=wlu_from_dotenv\nNODE_EXTRA_CA_CERTS=/nonexistent\n`);
    writeFileSync(join(dir, '.env.local'), `WLI_URL=${fake.url}\n`);
    writeFileSync(join(dir, 'bunfig.toml'), 'preload = ["./preload.js"]\n');
    writeFileSync(join(dir, 'preload.js'), "require('fs').writeFileSync(__dirname + '/preloaded', 'x');\n");
    writeFileSync(join(dir, 'package.json'), '{"name":"weblate-inspect","version":"6.6.6"}\n');
    const r = await run(runtime, ['config', '-f', 'json'], { cwd: dir });
    const c = JSON.parse(r.stdout) as { url: { value: unknown }; token: { value: unknown } };
    expect([r.code, c.url.value, c.token.value, r.stderr]).toEqual([0, null, null, '']);
    expect((await run(runtime, ['--version'], { cwd: dir })).stdout).toBe(`${pkg.version}\n`);
    expect(existsSync(join(dir, 'preloaded'))).toBe(false);
  });
});

describe('the binary alone', () => {
  it('copied into an empty folder, with no Node on PATH and run from elsewhere: its version, a request, a completion script', async () => {
    const bin = join(work, 'alone', 'bin');
    const elsewhere = join(work, 'alone', 'elsewhere');
    mkdirSync(bin, { recursive: true });
    mkdirSync(elsewhere, { recursive: true });
    copyFileSync(binary, join(bin, 'wli'));
    execFileSync('chmod', ['+x', join(bin, 'wli')]);
    const env = baseEnv({ PATH: bin });
    const go = (args: string[]) =>
      new Promise<RunResult>((resolve, reject) => {
        const child = spawn('wli', args, { env, cwd: elsewhere, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      });
    expect(await go(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    const language = await go(['language', 'cs', '-f', 'csv', '--fields', 'code,name', '--url', fake.url]);
    expect(language).toEqual({ code: 0, stdout: 'code,name\r\ncs,Czech\r\n', stderr: '' });
    expect((await go(['completion', 'bash'])).stdout).toBe(readFileSync(join(ROOT, 'completions/wli.bash'), 'utf8'));
  });

  it('reads nothing of the checkout it was built in: built in a folder that is gone when it runs, it knows its version', async () => {
    // Bun fixes __filename at the path the bundle had when compiled: a package.json there (another
    // version, here) or none at all must not change what the binary says.
    const checkout = join(work, 'gone');
    mkdirSync(join(checkout, 'dist'), { recursive: true });
    copyFileSync(join(ROOT, 'dist', 'wli.cjs'), join(checkout, 'dist', 'wli.cjs'));
    copyFileSync(join(ROOT, 'dist', 'jq.wasm'), join(checkout, 'dist', 'jq.wasm')); // embedded by the compile (--jq)
    writeFileSync(join(checkout, 'package.json'), '{"name":"weblate-inspect","version":"6.6.6-build-folder"}\n');
    const built = join(work, 'built-elsewhere', fileName(host!));
    compile(host!, built, join(checkout, 'dist', 'wli.cjs'));
    const version = () => new Promise<string>((resolve) => execFile(built, ['--version'], { env: baseEnv(), cwd: work }, (_e, out) => resolve(out)));
    expect(await version()).toBe(`${pkg.version}\n`);
    rmSync(checkout, { recursive: true, force: true });
    expect(await version()).toBe(`${pkg.version}\n`);
  }, 60_000);
});

describe('npm run build:binary / build:binaries (scripts/build-binary.ts)', () => {
  it('build seven targets, named wli-<os>-<arch>[-musl][.exe], and this machine is one of them', () => {
    expect(Object.keys(TARGETS).map((t) => fileName(t as keyof typeof TARGETS))).toEqual([
      'wli-linux-x64',
      'wli-linux-arm64',
      'wli-linux-x64-musl',
      'wli-linux-arm64-musl',
      'wli-darwin-x64',
      'wli-darwin-arm64',
      'wli-windows-x64.exe',
    ]);
    expect(host).toBeDefined();
    expect(pkg.scripts['build:binary']).toBe('npm run build && node --import ./scripts/ts.mjs scripts/build-binary.ts');
    expect(pkg.scripts['build:binaries']).toBe('npm run build && node --import ./scripts/ts.mjs scripts/build-binary.ts --all');
  });

  it('compile from the bundle with no .env or bunfig.toml read at start', () => {
    expect(COMPILE_FLAGS).toEqual(expect.arrayContaining(['--compile', '--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig']));
  });

  it('the compiler is the bun devDependency, pinned exactly, the version the lock file installs and the binary runs', async () => {
    const pinned = pkg.devDependencies.bun!;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    expect(lock.packages['node_modules/bun']?.version).toBe(pinned);
    expect((await run('binary', ['config', '-f', 'json'])).stdout).toContain(`"standalone binary (bun ${pinned})"`);
  });

  it("write SHA256SUMS in sha256sum's format, which `sha256sum -c` accepts", () => {
    const dir = join(work, 'sums');
    mkdirSync(dir);
    const files = ['wli-linux-x64', 'wli-windows-x64.exe', 'wli-darwin-arm64'].map((name, i) => {
      writeFileSync(join(dir, name), `binary ${i}\n`);
      return join(dir, name);
    });
    writeSums(files, join(dir, 'SHA256SUMS'));
    const sums = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
    expect(sums).toMatch(/^([0-9a-f]{64} {2}wli-[a-z0-9-]+(\.exe)?\n){3}$/);
    expect(sums.split('\n').map((l) => l.slice(66))).toEqual(['wli-darwin-arm64', 'wli-linux-x64', 'wli-windows-x64.exe', '']);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' })).toBe(
      'wli-darwin-arm64: OK\nwli-linux-x64: OK\nwli-windows-x64.exe: OK\n',
    );
  });

  it('dist/binaries is never part of the npm package or the repository', () => {
    // The bundle and the jq engine beside it (--jq, scripts/bundle.ts JQ_WASM); never dist/binaries.
    expect(pkg.files.filter((f) => f.startsWith('dist'))).toEqual(['dist/wli.cjs', 'dist/jq.wasm']);
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('dist/');
  });
});

describe('every test that runs wli as a process can run it as the binary', () => {
  // The seam is test/support/run.ts (WLI_COMMAND, wliCommand, WLI_EXECUTABLE, wli(), onPty, and
  // through them test/support/spawn.ts's start() and test/support/shell.ts's `wli` on PATH): a test
  // that spawned `node bin/wli.cjs` itself would test Node only when .ci/run sets WLI_TEST_BINARY.
  // Two files test what only Node's start has: the bundle's code cache and V8 flag, and undici's
  // build. Nothing else names BIN, the path of bin/wli.cjs.
  const NODE_ONLY = ['bundle.test.ts', 'undici.test.ts'];
  const SEAM = ['support/run.ts', 'binary.test.ts'];
  const files = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !NODE_ONLY.includes(f) && !SEAM.includes(f),
  );

  it('no test or test helper reaches bin/wli.cjs (BIN) but through the seam', () => {
    const own = files.filter((f) => /\bBIN\b/.test(readFileSync(join(ROOT, 'test', f), 'utf8')));
    expect(own).toEqual([]);
  });

  it(".ci/run builds the binary and runs the files that spawn wli again against it, in CI's sum", () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/node --import \.\/scripts\/ts\.mjs scripts\/build-binary\.ts/);
    expect(ci).toMatch(/WLI_TEST_BINARY=/);
    expect(ci).toMatch(/"binary"/);
    const selected = execFileSync('bash', ['-c', ci.match(/^\s*files=\$\((.*)\)$/m)![1]!], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    const expected = ['terminal', 'local-writes', 'pull', 'pull-work', 'download', 'completion', 'examples', 'hostile', 'resilience', 'proxy'];
    expected.push('big-integers-docs', 'signals', 'fault-matrix', 'ci-formats', 'ci-recipes', 'pull-check', 'targets', 'config');
    for (const f of expected) {
      expect(selected).toContain(`test/${f}.test.ts`);
    }
    expect(selected).not.toContain('test/binary.test.ts');
  });

  it('.ci/run in tiers (issue 36.5): Node 22 and 24 run the runtime-sensitive files, each of which exists; the file readers run once', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const list = /^RUNTIME=\(([^)]*)\)$/m.exec(ci)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
    for (const f of list) expect(existsSync(join(ROOT, 'test', `${f}.test.ts`)), f).toBe(true);
    // signals, pipes, TLS, the HTTP client, the codec, pull, download, terminals.
    const runtime = ['signals', 'hangup', 'local-writes', 'pull-work', 'resilience', 'proxy', 'api/client', 'undici', 'json', 'pull', 'download', 'terminal'];
    expect(list).toEqual(expect.arrayContaining(runtime));
    const once = ['structure', 'citations', 'docs', 'manpage', 'release', 'install', 'bundle', 'examples', 'pre-commit'];
    for (const f of once) expect(list).not.toContain(f);
    expect(ci).toMatch(/"\$\{runtime_files\[@\]\}"/);
    // One build: npm ci's prepare; npm test without its pretest build.
    expect(ci).toMatch(/^npm test --ignore-scripts /m);
    expect(ci).not.toMatch(/^[^#]*npm run build:binary/m);
  });
});
