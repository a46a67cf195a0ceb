// Commands as a shell, a CI runner or pre-commit runs them (docs/ci.md's recipes, the pre-commit hook),
// with `wli` and `npx wli` on PATH meaning the built CLI: never the registry (npx is a stand-in that
// runs its arguments). Spawned, not spawnSync: the fake server answers from the test's own process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WLI_COMMAND, baseEnv } from './run.js';

/** A directory holding `wli` (the built CLI, or the binary: WLI_COMMAND) and `npx` (runs what follows it), for PATH. */
export function shimDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'wli-bin-'));
  writeFileSync(join(dir, 'wli'), `#!/bin/sh\nexec ${WLI_COMMAND.map((a) => JSON.stringify(a)).join(' ')} "$@"\n`, { mode: 0o755 });
  writeFileSync(join(dir, 'npx'), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface ShellRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `script` run by bash with `flags` (-e, -eo pipefail: as the runner runs it) in `cwd`, with exactly `env` (and PATH led by `bin`). */
export function runShell(script: string, o: { cwd: string; env: Record<string, string | undefined>; bin: string; flags?: string[] }): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [...(o.flags ?? ['-e']), '-c', script], { cwd: o.cwd, env: baseEnv({ ...o.env, PATH: `${o.bin}:${process.env.PATH}` }) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
