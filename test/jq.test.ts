// Issue 48, item 5, end to end through the CLI against the fake: --jq filters the JSON output in
// process (jq-web: jq 1.7 compiled to WebAssembly, inside the bundle), every 64-bit integer exact,
// per item with -f jsonl and on the whole array with -f json (as gh api --jq); strings written as
// their text; an expression jq cannot compile is exit 2 with jq's message before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHES, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { needsPty, onPty } from './support/pty.js';
import { wli } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

const units = (...args: string[]) => wli(['units', 'demo/android/cs', '--page-size', '10', ...args], { env });

describe('--jq', () => {
  it('-f jsonl: applied to each item as it arrives, 64-bit integers beyond 2^53 exact', async () => {
    const r = await units('-f', 'jsonl', '--jq', '.id_hash');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(32);
    expect(lines).toContain(String(HASHES.max));
    expect(lines).toContain(String(HASHES.twoPow53Plus1));
    expect(r.stdout).not.toContain('9223372036854776000');
    const built = await units('-f', 'jsonl', '--jq', 'select(.context == "app_name") | {c: .content_hash, h: .id_hash}');
    expect(built.stdout).toBe(`{"c":${HASHES.min},"h":${HASHES.max}}\n`);
  });

  it('without -f (json): applied to the whole array, as gh api --jq to the whole answer; strings as their text', async () => {
    const count = await units('--jq', 'length');
    expect(count).toMatchObject({ code: 0, stdout: '32\n' });
    const picked = await units('--jq', '.[] | select(.context == "action_settings") | .id_hash, .context');
    expect(picked.stdout).toBe(`${HASHES.twoPow53Plus1}\naction_settings\n`);
    const json = await units('-f', 'json', '--jq', 'map(.id_hash) | max');
    expect(json.stdout).toBe(`${HASHES.max}\n`);
  });

  it('comes after --sort and --fields', async () => {
    const r = await units('-f', 'jsonl', '--sort=-id_hash', '--fields', 'context,id_hash', '--jq', '[.context, .id_hash]');
    expect(r.stdout.split('\n')[0]).toBe(`["app_name",${HASHES.max}]`);
    expect(r.stdout.split('\n')[1]).toBe(`["csv_formula_at",8640189048634438503]`);
  });

  it('filters a single object too (wli show)', async () => {
    const r = await wli(['show', 'demo/android/cs', '--jq', '.language.code'], { env });
    expect(r).toMatchObject({ code: 0, stdout: 'cs\n' });
  });

  it('wli api: applied to the answer as sent, a page of a list too (as gh api --jq); with --paginate to each item', async () => {
    const page = await wli(['api', 'projects/', '--jq', '.results[].slug'], { env });
    expect(page.code).toBe(0);
    expect(page.stdout.split('\n')).toContain('demo');
    const items = await wli(['api', 'projects/', '--paginate', '-f', 'jsonl', '--jq', '.slug'], { env });
    expect(items.stdout).toBe(page.stdout);
  });

  it('an empty list: the array is [], JSON Lines have no item to filter', async () => {
    expect(await units('-q', 'context:nothing_here', '--jq', 'length')).toMatchObject({ code: 0, stdout: '0\n' });
    expect(await units('-q', 'context:nothing_here', '-f', 'jsonl', '--jq', '.id')).toMatchObject({ code: 0, stdout: '' });
  });

  it('an expression jq cannot compile is exit 2 with jq’s message, before any request', async () => {
    for (const bad of ['.[', 'no_such_function', '$undefined_var']) {
      const before = fake.requests.length;
      const r = await units('--jq', bad);
      expect(r.code, bad).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^wli: --jq: jq: error: .*(syntax error|is not defined)/);
      expect(fake.requests.length).toBe(before);
    }
  });

  it('an error while it runs on the data is exit 2 with jq’s message', async () => {
    const r = await units('-f', 'jsonl', '--jq', 'if .context == "app_name" then error("boom") else empty end');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jq: the expression failed on the data: jq: error .*boom/);
  });

  it('does not apply to the formats that are not JSON (exit 2, before any request)', async () => {
    for (const format of ['table', 'csv', 'markdown']) {
      const before = fake.requests.length;
      const r = await units('-f', format, '--jq', '.');
      expect(r.code, format).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--jq filters JSON: it does not apply to -f ${format}`));
      expect(fake.requests.length).toBe(before);
    }
  });

  it('on a terminal, a string it writes as text cannot drive the terminal', async (ctx) => {
    needsPty(ctx);
    const { code, output } = await onPty(ctx, ['units', 'demo/android/cs', '-f', 'jsonl', '--jq', 'select(.context == "ansi_sgr") | .target[0]'], {
      cols: 80,
      env,
    }).exit;
    expect(code).toBe(0);
    expect(output).not.toContain('\u001b[');
    expect(output).toContain('\\u001b');
  });

  it('an error on any item fails the run, not only on the last (jq tells of its last input alone)', async () => {
    const r = await units('-f', 'jsonl', '--jq', 'if .context == "app_name" then error("boom") else .id end');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/boom/);
  });

  it("jq's debug output is said on stderr, the data on stdout", async () => {
    const r = await units('-f', 'jsonl', '-L', '1', '--jq', '.id | debug');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    expect(r.stderr).toMatch(/jq: \["DEBUG:",\d+\]/);
  });
});
