// wli run as the user nobody (uid 65534), for whom permissions apply as they do not for root. A test
// that does so first proves that nobody can run it here: the runtime (a Node under root's 0700 home
// cannot be run by anyone else), and the checkout (a clone under a 0700 folder, `mktemp -d`, cannot be
// read by anyone else: then a copy of the built CLI in a folder every user can read is run instead).
// Where neither holds, the test is skipped and says why; it fails instead where WLI_REQUIRE_NOBODY=1
// (.ci/run, as root) says it must run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, type TestContext } from 'vitest';
import { WLI_BINARY, WLI_COMMAND, baseEnv, copiedCommand } from './run.js';

export const NOBODY = { uid: 65534, gid: 65534 } as const;

function status(command: string, args: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...NOBODY, env: baseEnv(env), cwd: '/', stdio: 'ignore' });
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
}

const copies: string[] = [];
afterAll(() => {
  for (const d of copies.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * The command that runs wli as nobody (WLI_COMMAND, or a copy of it), or the test skipped with the
 * reason nobody cannot. `env` is the environment the probe runs with (a HOME nobody may use).
 */
export async function nobodyCommand(ctx: TestContext, env: Record<string, string>): Promise<readonly [string, ...string[]]> {
  const skip = (why: string): never => {
    if (process.env.WLI_REQUIRE_NOBODY === '1') throw new Error(`${why} (WLI_REQUIRE_NOBODY=1: this test must run)`);
    console.warn(`skipped: ${ctx.task.fullName}: ${why}`);
    ctx.skip(why);
    throw new Error(why); // not reached: ctx.skip throws
  };
  if (process.getuid?.() !== 0) skip('needs root, to run wli as another user (nobody), for whom permissions apply');
  if (!WLI_BINARY && (await status(process.execPath, ['-e', ''], env)) !== 0) {
    skip(`nobody cannot run this Node (${process.execPath}): a folder above it is closed to other users`);
  }
  const [program, ...args] = WLI_COMMAND;
  if ((await status(program, [...args, '--version'], env)) === 0) return WLI_COMMAND;
  // The checkout is closed to nobody: the built CLI, copied where every user can read it.
  const into = mkdtempSync(join(tmpdir(), 'wli-as-nobody-'));
  copies.push(into);
  const copy = copiedCommand(into);
  const [cProgram, ...cArgs] = copy;
  if ((await status(cProgram, [...cArgs, '--version'], env)) === 0) return copy;
  return skip(`nobody can read neither the checkout nor a copy of wli in ${tmpdir()}`);
}
