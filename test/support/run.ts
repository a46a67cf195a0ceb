// Running wli the two ways tests need: the built CLI as a child process (end to end), and the
// real program in-process with captured streams (fast, same code path from argv to bytes).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { EventEmitter } from 'node:events';
import { chmodSync, copyFileSync, linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Context, OutStream } from '../../src/core/context.js';
import { sleep } from '../../src/core/context.js';
import { runCli } from '../../src/cli/program.js';
import { BIN, ROOT } from '../../scripts/paths.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  /** In-process only: pretend stdout/stderr are terminals. */
  tty?: boolean;
  columns?: number;
  signal?: AbortSignal;
}

// Where things are (shared with the build, which must load nothing of test/).
export { BIN, ROOT, nodeTs } from '../../scripts/paths.js';

/**
 * The one seam between the two ways wli ships: `node bin/wli.cjs` (the npm package), or the standalone
 * binary when WLI_TEST_BINARY names one (`.ci/run` builds it and runs the process tests again with it;
 * test/binary.test.ts lists those files). Every test that runs wli as a process spawns WLI_COMMAND.
 */
export const WLI_BINARY: string | undefined = process.env.WLI_TEST_BINARY ? resolve(ROOT, process.env.WLI_TEST_BINARY) : undefined;
export const WLI_COMMAND: readonly [string, ...string[]] = WLI_BINARY ? [WLI_BINARY] : [process.execPath, BIN];
/** `spawn(...wliCommand(args), options)`: the program and its arguments. */
export const wliCommand = (args: readonly string[]): [string, string[]] => [WLI_COMMAND[0], [...WLI_COMMAND.slice(1), ...args]];
/**
 * WLI_COMMAND copied into `into` (made readable by every user): bin/wli.cjs and dist/wli.cjs, or the
 * binary (a hard link where the file system allows one). For a test that runs wli as another user
 * who may not reach the checkout (a clone under a 0700 folder): test/support/nobody.ts.
 */
export function copiedCommand(into: string): [string, ...string[]] {
  const place = (from: string, to: string) => {
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    chmodSync(to, 0o755);
  };
  for (const d of [into, join(into, 'bin'), join(into, 'dist')]) {
    mkdirSync(d, { recursive: true });
    chmodSync(d, 0o755);
  }
  if (WLI_BINARY) {
    place(WLI_BINARY, join(into, 'wli'));
    return [join(into, 'wli')];
  }
  place(BIN, join(into, 'bin', 'wli.cjs'));
  place(join(ROOT, 'dist', 'wli.cjs'), join(into, 'dist', 'wli.cjs'));
  return [process.execPath, join(into, 'bin', 'wli.cjs')];
}
/** A file that runs wli when executed or symlinked onto PATH as `wli`: bin/wli.cjs (its #! line) or the binary. */
export const WLI_EXECUTABLE: string = WLI_BINARY ?? BIN;

/** A loopback address where nothing listens: a port the OS just handed out and took back. */
export const DEAD_URL: string = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(`http://127.0.0.1:${port}/`));
  });
});

/** A HOME with no configuration, so the developer's own wlc setup never leaks into a test. */
export const EMPTY_HOME = mkdtempSync(join(tmpdir(), 'wli-home-'));
process.once('exit', () => rmSync(EMPTY_HOME, { recursive: true, force: true }));

export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: EMPTY_HOME,
    XDG_CONFIG_HOME: join(EMPTY_HOME, '.config'),
    LANG: 'C.UTF-8',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** The built CLI, end to end: `node bin/wli.cjs …` (or the binary: WLI_COMMAND). */
export function wli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(...wliCommand(args), {
      env: baseEnv(opts.env),
      cwd: opts.cwd ?? EMPTY_HOME,
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: opts.signal,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, sig) => resolve({ code: code ?? (sig === 'SIGINT' ? 130 : -1), stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

export class CaptureStream extends EventEmitter implements OutStream {
  chunks: string[] = [];
  constructor(
    public isTTY = false,
    public columns?: number,
  ) {
    super();
  }
  write(chunk: string, cb?: (err?: Error | null) => void): boolean {
    this.chunks.push(chunk);
    this.emit('written');
    if (cb) queueMicrotask(() => cb());
    return true;
  }
  get text(): string {
    return this.chunks.join('');
  }
  /** Resolves with all the text so far once it matches: checked now and on each write, never on a timer. */
  waitFor(pattern: RegExp): Promise<string> {
    return new Promise((resolve) => {
      const check = () => {
        if (!pattern.test(this.text)) return;
        this.off('written', check);
        resolve(this.text);
      };
      this.on('written', check);
      check();
    });
  }
}

export function testContext(opts: RunOptions = {}): Context & { stdout: CaptureStream; stderr: CaptureStream } {
  return {
    stdout: new CaptureStream(!!opts.tty, opts.columns),
    stderr: new CaptureStream(!!opts.tty, opts.columns),
    env: baseEnv(opts.env),
    cwd: opts.cwd ?? EMPTY_HOME,
    homedir: EMPTY_HOME,
    signal: opts.signal ?? new AbortController().signal,
    now: Date.now,
    random: Math.random,
    sleep,
  };
}

/** The same program in-process: argv in, bytes and exit code out. */
export async function wliIn(args: string[], opts: RunOptions & { ctx?: Partial<Context> } = {}): Promise<RunResult> {
  const ctx = { ...testContext(opts), ...opts.ctx } as Context & { stdout: CaptureStream; stderr: CaptureStream };
  const code = await runCli(args, ctx);
  return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
}
