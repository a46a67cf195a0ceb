// Issue 16, item 20: the README promises exact hashes, and jq before 1.7 rounds them. Its section on
// big integers says which jq keeps them, and the commands it offers for an older jq really print the
// server's digits: they are run here as written, against the sample server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHES, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, baseEnv, WLI_EXECUTABLE } from './support/run.js';

const exec = promisify(execFile);
const readme = readFileSync(join(ROOT, 'docs/output.md'), 'utf8');
const start = readme.indexOf('\n## Big integers and jq\n');
const rest = start < 0 ? '' : readme.slice(start + 1);
const end = rest.slice(1).search(/\n##+ /);
const section = end < 0 ? rest : rest.slice(0, end + 1);
/** The section's shell commands, each starting with `wli` (a command may go on over more lines). */
const commands = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '').split(/\n(?=wli )/).filter((c) => c.trim());
const jqVersion = await exec('sh', ['-c', 'jq --version'], { env: baseEnv() }).then(
  ({ stdout }) => /(\d+)\.(\d+)/.exec(stdout)?.slice(1, 3).map(Number),
  () => undefined,
);
const hasPython = await exec('sh', ['-c', 'python3 --version'], { env: baseEnv() }).then(
  () => true,
  () => false,
);

let fake: FakeWeblate;
let bin: string;
beforeAll(async () => {
  fake = await startFakeWeblate();
  // `wli` on PATH, as after an install.
  bin = mkdtempSync(join(tmpdir(), 'wli-bin-'));
  symlinkSync(WLI_EXECUTABLE, join(bin, 'wli'));
});
afterAll(async () => {
  await fake.close();
  rmSync(bin, { recursive: true, force: true });
});

/** A shell script run with wli on PATH and the sample server configured. */
const sh = (script: string) =>
  exec('sh', ['-c', script], { env: baseEnv({ PATH: `${bin}:${process.env.PATH}`, WLI_URL: fake.url }), maxBuffer: 16 * 1024 * 1024 });

describe('docs/output.md: big integers and jq', () => {
  it('says which jq keeps big integers and which rounds them', () => {
    expect(section).toMatch(/jq 1\.7 and later\*\* keep/);
    expect(section).toMatch(/jq 1\.6 and earlier\*\*.*9223372036854776000/s);
  });

  it('its CSV command prints the exact hashes', async () => {
    const csv = commands.find((c) => /-f csv/.test(c));
    expect(csv, 'a CSV command in the section').toBeDefined();
    const { stdout, stderr } = await sh(csv!);
    expect(stderr).toBe('');
    expect(stdout).toContain(`app_name,${HASHES.max},${HASHES.min}\r\n`);
    expect(stdout).toContain(`action_settings,${HASHES.twoPow53Plus1},${HASHES.negTwoPow53Plus1}\r\n`);
  });

  it.skipIf(!hasPython)('its JSON Lines command read by Python prints the exact hashes', async () => {
    const py = commands.find((c) => /python3/.test(c));
    expect(py, 'a Python command in the section').toBeDefined();
    const { stdout, stderr } = await sh(py!);
    expect(stderr).toBe('');
    expect(stdout).toMatch(new RegExp(`^app_name ${HASHES.max}$`, 'm'));
    expect(stdout).toMatch(new RegExp(`^action_settings ${HASHES.twoPow53Plus1}$`, 'm'));
    expect(stdout).not.toContain('9223372036854776000');
  });

  it.skipIf(!jqVersion)('the jq installed here does what the section says of its version', async () => {
    const { stdout } = await sh(`wli units demo/android/cs -q context:app_name -f jsonl | jq .id_hash`);
    const [major, minor] = jqVersion!;
    const keeps = major! > 1 || (major === 1 && minor! >= 7);
    expect(stdout.trim()).toBe(keeps ? String(HASHES.max) : '9223372036854776000');
  });
});
