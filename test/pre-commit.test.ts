// Issue 36.3: the wli-pull-check hook (.pre-commit-hooks.yaml) as its users get it: pre-commit (Debian's
// package, or any on PATH) installs it from a repository and runs it. `repo:` is a local git
// repository holding this working tree, so nothing comes from the network: pre-commit's node support
// runs npm install there (offline, from npm's cache), npm pack (whose stdout it reads as the tarball's
// name: .npmrc keeps the prepare script's banner off it) and a global install of the tarball into its
// own environment. Where pre-commit is missing the test is skipped and says why, unless
// WLI_REQUIRE_PRECOMMIT=1 (.ci/run) says it must run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, baseEnv } from './support/run.js';

const REQUIRED = process.env.WLI_REQUIRE_PRECOMMIT === '1';
const HAS_PRECOMMIT = spawnSync('pre-commit', ['--version'], { stdio: 'ignore' }).status === 0;
const NO_PRECOMMIT = 'pre-commit is not on PATH (Debian: apt-get install pre-commit)';
if (!HAS_PRECOMMIT && !REQUIRED) console.warn(`skipped: the pre-commit hook installed by pre-commit: ${NO_PRECOMMIT}`);

/** npm's cache as this user has it: the offline install takes the packages `npm ci` put there. */
const NPM_CACHE = process.env.npm_config_cache ?? join(homedir(), '.npm');
const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', ...args], { cwd, encoding: 'utf8' });

let fake: FakeWeblate;
let dir: string;
beforeAll(async () => {
  fake = await startFakeWeblate();
  dir = mkdtempSync(join(tmpdir(), 'wli-pre-commit-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fake.close();
});

/** A command, its status and what it printed (asynchronous: the fake server answers in this process). */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: baseEnv(env) });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe.runIf(HAS_PRECOMMIT || REQUIRED)('36.3: the wli-pull-check hook, installed and run by pre-commit', () => {
  it('pre-commit is installed (CI: a skipped test would prove nothing)', () => {
    expect(HAS_PRECOMMIT, NO_PRECOMMIT).toBe(true);
  });

  it('installs from a repository (npm install, npm pack, a global install); exits 0 on a clean checkout, 1 with the hook’s exit 3 on a drifted one', async () => {
    // The hook's repository: this working tree as git has it (tracked and new files, not what .gitignore leaves out).
    const source = join(dir, 'wli');
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const f of files) {
      mkdirSync(join(source, dirname(f)), { recursive: true });
      cpSync(join(ROOT, f), join(source, f), { verbatimSymlinks: true });
    }
    git(source, 'init', '-q');
    git(source, 'add', '-A');
    git(source, 'commit', '-qm', 'wli');
    const rev = git(source, 'rev-parse', 'HEAD').trim();

    // The repository that keeps the translations, its files pulled from the server and committed.
    const project = join(dir, 'project');
    mkdirSync(project);
    git(project, 'init', '-q');
    const env = {
      WLI_URL: fake.url,
      XDG_CACHE_HOME: join(dir, 'cache'),
      PRE_COMMIT_HOME: join(dir, 'pre-commit-home'),
      npm_config_cache: NPM_CACHE,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
    };
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${source}\n    rev: ${rev}\n    hooks:\n      - id: wli-pull-check\n        args: [demo/android]\n`,
    );
    // What a user runs first (or the first `git commit` does): pre-commit installs the hook's environment.
    const install = await run('pre-commit', ['install-hooks'], project, env);
    expect(install.status, install.out).toBe(0);
    expect(install.out).not.toMatch(/An unexpected error|ENOENT/);

    // The files as the server has them: the same wli that pre-commit installed fetches them.
    const installed = execFileSync('sh', ['-c', 'ls "$PRE_COMMIT_HOME"/repo*/node_env-*/bin/wli'], { env: baseEnv(env), encoding: 'utf8' }).trim();
    const pull = await run(installed, ['pull', 'demo/android', '--quiet'], project, env);
    expect(pull.status, pull.out).toBe(0);
    git(project, 'add', '-A');
    git(project, 'commit', '-qm', 'translations');

    const clean = await run('pre-commit', ['run', '--all-files'], project, env);
    expect(clean.status, clean.out).toBe(0);
    expect(clean.out).toMatch(/wli pull --check\)\.+Passed/);

    appendFileSync(join(project, ANDROID('cs')), 'edited by hand\n');
    const drifted = await run('pre-commit', ['run', '--all-files'], project, env);
    // pre-commit ends 1 when a hook fails (3 is its own "unexpected error", as an install that fails):
    // the hook's own status, wli's 3 for a file that differs, is in its report.
    expect(drifted.status, drifted.out).toBe(1);
    expect(drifted.out).toMatch(/\.+Failed\n- hook id: wli-pull-check\n- exit code: 3\n/);
    expect(drifted.out).toContain(`wli: differs: ${ANDROID('cs')} (demo/android/cs)\n`);
  }, 600_000);
});
