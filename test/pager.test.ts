// Issue 48.6: the pager (as git and gh). On a real pty: WLI_PAGER, else PAGER, else less with
// LESS=FRX; what the pager gets is what the terminal would have shown (colour, width); --no-pager and
// a stdout that is no terminal never page; quitting the pager early is a normal end, the exit status
// wli's; Ctrl-C while paging is the pager's; a pager that cannot start leaves the data on the terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { onPty } from './support/pty.js';
import { wli, wliIn } from './support/run.js';
import { pagerCommand, pagerEnv } from '../src/io/pager.js';

let fake: FakeWeblate;
let env: Record<string, string>;
let dir: string;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
  dir = mkdtempSync(join(tmpdir(), 'wli-pager-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A pager that records what it got and its environment: its files. */
function recorder(): { command: string; got: string; env: string } {
  const base = join(dir, `rec${++n}`);
  return { command: `sh -c 'cat > ${base}.out; env > ${base}.env'`, got: `${base}.out`, env: `${base}.env` };
}
const crlf = (s: string) => s.replace(/\r\n/g, '\n');

describe('which pager (table)', () => {
  it.each([
    [{}, 'less'],
    [{ PAGER: 'more' }, 'more'],
    [{ WLI_PAGER: 'most', PAGER: 'more' }, 'most'],
    [{ WLI_PAGER: '', PAGER: 'more' }, undefined],
    [{ PAGER: '' }, undefined],
    [{ PAGER: 'cat' }, undefined],
    [{ WLI_PAGER: ' cat ' }, undefined],
    [{ PAGER: 'less -S' }, 'less -S'],
  ])('%j → %s', (e, command) => {
    expect(pagerCommand(e)).toBe(command);
  });
  it("git's LESS=FRX and LV=-c only where unset", () => {
    expect(pagerEnv({})).toMatchObject({ LESS: 'FRX', LV: '-c' });
    expect(pagerEnv({ LESS: 'R', LV: '' })).toMatchObject({ LESS: 'R', LV: '' });
  });
});

describe('on a terminal', () => {
  it('the data goes through WLI_PAGER: as the terminal would show it (colour, width), LESS=FRX, exit status wli’s', async (ctx) => {
    const rec = recorder();
    const args = ['stats', 'demo/android', '--fail-under', '60'];
    const paged = await onPty(ctx, args, { cols: 80, env: { ...env, WLI_PAGER: rec.command } }).exit;
    expect(paged.code).toBe(3);
    const got = readFileSync(rec.got, 'utf8');
    // The same bytes the terminal gets without a pager: bold headers, gate colours, bars, fitted to 80.
    const direct = await onPty(ctx, [...args, '--no-pager'], { cols: 80, env }).exit;
    expect(direct.code).toBe(3);
    expect(got).toContain('\u001b[1mTARGET');
    expect(got).toContain('\u001b[31m');
    expect(crlf(direct.output)).toContain(got);
    // The gate's summary is wli's own, on the terminal, not in the pager.
    expect(got).not.toContain('below 60%');
    expect(paged.output).toContain('below 60%');
    expect(readFileSync(rec.env, 'utf8')).toMatch(/^LESS=FRX$/m);
  });

  it('PAGER when WLI_PAGER is unset; WLI_PAGER wins', async (ctx) => {
    const a = recorder();
    const b = recorder();
    expect((await onPty(ctx, ['ls'], { env: { ...env, WLI_PAGER: undefined, PAGER: a.command } }).exit).code).toBe(0);
    expect(readFileSync(a.got, 'utf8')).toContain('demo');
    expect((await onPty(ctx, ['ls'], { env: { ...env, WLI_PAGER: b.command, PAGER: a.command.replace('rec', 'never') } }).exit).code).toBe(0);
    expect(readFileSync(b.got, 'utf8')).toContain('demo');
  });

  it('--no-pager, an empty WLI_PAGER and cat never start it', async (ctx) => {
    for (const [extra, pagerEnv] of [
      [['--no-pager'], {}],
      [[], { WLI_PAGER: 'cat' }],
    ] as const) {
      const rec = recorder();
      const r = await onPty(ctx, ['ls', ...extra], { env: { ...env, PAGER: rec.command, ...pagerEnv } }).exit;
      expect(r.code).toBe(0);
      expect(r.output).toContain('demo');
      expect(existsSync(rec.got)).toBe(false);
    }
  });

  it('a pager that cannot be started: the data on the terminal, with a warning', async (ctx) => {
    const r = await onPty(ctx, ['ls'], { env: { ...env, WLI_PAGER: '/nonexistent/pager -x' } }).exit;
    expect(r.code).toBe(0);
    expect(r.output).toContain("cannot start the pager '/nonexistent/pager -x' (ENOENT)");
    expect(r.output).toMatch(/demo\b/);
  });

  it('a pager that quits early (EPIPE) is a normal end: exit 0, nothing said', async (ctx) => {
    const r = await onPty(ctx, ['units', 'demo/android/cs', '-f', 'json', '--quiet'], { env: { ...env, WLI_PAGER: 'head -c 10' } }).exit;
    expect(r.code).toBe(0);
    expect(r.output).not.toMatch(/wli:|error|EPIPE/i);
  });

  it('less by default: a long list waits in less, q ends the run with exit 0', async (ctx) => {
    const pty = onPty(ctx, ['units', 'demo/android/cs', '-f', 'json'], { env: { ...env, WLI_PAGER: undefined, PAGER: undefined } });
    // less's prompt: it reads keys now.
    await pty.waitFor(/\n:\u001b\[K/);
    pty.type('G');
    await pty.waitFor(/\(END\)/);
    pty.type('q');
    const r = await pty.exit;
    expect(r.code).toBe(0);
  });

  it('Ctrl-C while paging is the pager’s: wli goes on and ends with its own status', async (ctx) => {
    const rec = recorder();
    // A pager that ignores SIGINT (as less does) and waits for a line typed at the terminal.
    const pager = `sh -c 'trap "" INT; printf PAGER-READY; read line < /dev/tty; cat > ${rec.got}'`;
    const pty = onPty(ctx, ['stats', 'demo/android', '--fail-under', '60'], { env: { ...env, WLI_PAGER: pager } });
    await pty.waitFor(/PAGER-READY/);
    pty.type('\x03');
    pty.type('\n');
    const r = await pty.exit;
    expect(r.code).toBe(3);
    expect(r.output).not.toContain('interrupted');
    expect(readFileSync(rec.got, 'utf8')).toContain('demo/android/cs');
  });

  it('less -F: output that fits one screen is printed and the run ends by itself', async (ctx) => {
    const r = await onPty(ctx, ['stats', 'demo/android'], { env: { ...env, WLI_PAGER: undefined, PAGER: undefined } }).exit;
    expect(r.code).toBe(0);
    expect(r.output).toContain('demo/android/cs');
  });

  it('changes --follow is never paged', async (ctx) => {
    const rec = recorder();
    const pty = onPty(ctx, ['changes', 'demo', '--follow', '--interval', '1', '--quiet'], { env: { ...env, WLI_PAGER: rec.command } });
    await pty.waitFor(/demo\//);
    pty.type('\x03');
    const r = await pty.exit;
    expect(r.code).toBe(130);
    expect(existsSync(rec.got)).toBe(false);
  });
});

describe('not a terminal', () => {
  it('a pipe never pages (spawned), nor an injected stream (in process)', async () => {
    const rec = recorder();
    const r = await wli(['ls'], { env: { ...env, WLI_PAGER: rec.command } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('demo');
    const i = await wliIn(['ls'], { env: { ...env, WLI_PAGER: rec.command } });
    expect(i.stdout).toBe(r.stdout);
    expect(existsSync(rec.got)).toBe(false);
  });

  it('--no-pager takes no value', async () => {
    const r = await wliIn(['ls', '--no-pager=yes'], { env });
    expect(r.code).toBe(2);
  });
});
