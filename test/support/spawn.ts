// The built CLI as a child process that a test can end from outside (a signal, a reader that leaves,
// a file size limit), and the file system it wrote, watched through its change events, never on a
// timer. Shared by test/signals.test.ts, test/pull-work.test.ts and test/fault-matrix.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { WLI_BINARY, WLI_COMMAND, baseEnv } from './run.js';

export interface Started {
  child: ChildProcess;
  /**
   * The exit code, or 128 + n when the child died of signal n (as a shell shows it); stdout as the
   * reader got it (after `pipe`, what that command printed), stderr as wli wrote it.
   */
  ended: Promise<{ code: number; stdout: string; stderr: string }>;
}

export interface StartOptions {
  env: Record<string, string>;
  cwd: string;
  /** Shell commands run first, in the same process (`ulimit -f 64`): `bash -c 'SHELL; exec node bin/wli.cjs ARGS'` (or the binary). */
  shell?: string;
  /** stdout piped into this command (`head -1`); the exit code is then wli's own (bash's PIPESTATUS). */
  pipe?: string;
  /**
   * A CommonJS file run before wli, to break something on purpose: Node's `--require FILE`, or the
   * standalone binary's `BUN_OPTIONS=--preload FILE` (its runtime reads BUN_OPTIONS as Node reads NODE_OPTIONS).
   */
  preload?: string;
}

export const SIGNAL_NUMBERS: Readonly<Record<string, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** What wli says when a signal ended its run. */
export const INTERRUPTED: Readonly<Record<string, string>> = {
  SIGTERM: 'wli: interrupted (SIGTERM)',
  SIGHUP: 'wli: interrupted (SIGHUP)',
  SIGINT: 'wli: interrupted',
};

/**
 * The built CLI, started as a shell would start it. With `pipe`, its stdout goes through that command
 * and its exit status comes back on a file descriptor of its own (3), apart from stdout and stderr.
 */
export function start(args: string[], o: StartOptions): Started {
  const [program, ...before] = WLI_COMMAND;
  const preload = o.preload && !WLI_BINARY ? ['--require', o.preload] : [];
  const argv = [...preload, ...before, ...args];
  const env = baseEnv(o.preload && WLI_BINARY ? { ...o.env, BUN_OPTIONS: `--preload ${o.preload}` } : o.env);
  const prefix = o.shell ? `${o.shell}; ` : '';
  const child = o.pipe
    ? spawn('bash', ['-c', `${prefix}"$0" "$@" | ${o.pipe}; echo "\${PIPESTATUS[0]}" >&3`, program, ...argv], {
        env,
        cwd: o.cwd,
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      })
    : o.shell
      ? spawn('bash', ['-c', `${prefix}exec "$0" "$@"`, program, ...argv], { env, cwd: o.cwd })
      : spawn(program, argv, { env, cwd: o.cwd });
  let stdout = '';
  let stderr = '';
  let status = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stderr.on('error', () => {});
  const fd3 = child.stdio[3] as NodeJS.ReadableStream | null | undefined;
  fd3?.setEncoding('utf8').on('data', (d: string) => (status += d));
  const ended = new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, sig) => {
      const own = o.pipe ? Number(status.trim()) : (code ?? 128 + (SIGNAL_NUMBERS[sig ?? ''] ?? 0));
      resolve({ code: own, stdout, stderr });
    });
  });
  return { child, ended };
}

/** Resolves once `ready(names)` holds for the names in `where`: checked now and on each change there, never on a timer. */
export function whenNames(where: string, ready: (names: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const watcher = watch(where);
    const check = () => {
      const names = readdirSync(where);
      if (!ready(names)) return;
      watcher.close();
      resolve(names);
    };
    watcher.on('change', check);
    watcher.on('error', reject);
    check();
  });
}

/** One of wli's temporary files: `.NAME.wli-<pid>-<time>-<random>.tmp`, or `.wli-…tmp` for a file not named yet. */
export const temporary = (name: string): boolean => /\.wli-\d+-\d+-[0-9a-z]*\.tmp$/.test(name);

/** A temporary file in `where` with bytes in it: the body is arriving. */
export const writing = (where: string): Promise<string[]> => whenNames(where, (names) => names.some((n) => temporary(n) && statSync(join(where, n)).size > 0));

/** Every file under `root` (hidden ones too) but wli's cache and pull's record of layouts (test/pull-layout.test.ts holds it), relative, sorted. */
export function filesIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .filter((f) => !f.startsWith('.cache/') && f !== 'wli-layout.json')
    .sort();
}

/** A promise the test resolves by hand (the fake's `hold` fault: an answer released by the test). */
export function held(): { until: Promise<void>; release: () => void } {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}
