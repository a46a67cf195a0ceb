// wli on a real pseudo-terminal (util-linux `script`), the way a person sees it: the progress line
// appears on a slow fetch and is gone before the data, colour follows the documented rule, and
// nothing of the sort reaches a pipe. Synchronisation is by output and exit events only: a gate in
// front of the fake server holds a page until the spinner is on the screen. Where `script` is
// missing, the pty tests are skipped and say so (support/pty.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { testContext, wli, wliIn } from './support/run.js';
import { IOStreams } from '../src/io/streams.js';
import { NO_PROGRESS } from '../src/io/progress.js';
import { startGate } from './support/gate.js';
import { needsPty, onPty, quote, screen } from './support/pty.js';

const SGR = /\u001b\[[0-9;]*m/;
const SPINNER_TEXT = /(units|translation|language|stats) (…|\d)/;

// ---------------------------------------------------------------------------------------------

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(async () => {
  await fake.close();
});

const LIST = ['units', 'big/strings/xx', '--page-size', '100', '-L', '300'];

describe('progress on a terminal', () => {
  // Tables stream (issue 10): the progress line shows while page 1 is awaited and is erased for good
  // before the first row, like every streamed format.
  const FIRST_PAGE = (u: string) => u.includes('/units/') && !/[?&]page=\d/.test(u);

  /**
   * A run that must show no spinner, its first page held at a gate, beside a control on a pty
   * started after that page was asked for: once the control's spinner is on the screen, the run
   * under test has waited at least as long (the same program, the same delay). Then both go on.
   * Synchronised on the server's requests and the control's screen, never on time.
   */
  async function heldBesideControl<T>(ctx: TestContext, start: (url: string) => Promise<T>): Promise<T> {
    needsPty(ctx);
    const gate = await startGate(fake, FIRST_PAGE);
    const controlGate = await startGate(fake, FIRST_PAGE);
    try {
      const run = start(gate.url);
      await gate.holding();
      const control = onPty(ctx, [...SLOW, '--url', controlGate.url]);
      await control.waitFor(/units …/);
      gate.release();
      controlGate.release();
      const shown = await control.exit;
      expect(shown.code).toBe(0);
      expect(screen(shown.output)).toHaveLength(101);
      return await run;
    } finally {
      await gate.close();
      await controlGate.close();
    }
  }

  it('shows "units …" while the first page is awaited and erases it before the table', async (ctx) => {
    const gate = await startGate(fake, FIRST_PAGE);
    try {
      const pty = onPty(ctx, [...LIST, '--url', gate.url]);
      await pty.waitFor(/units …/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);

      // Nothing of the progress line is left between or inside the table lines.
      const quiet = await onPty(ctx, [...LIST, '--url', fake.url, '--quiet']).exit;
      expect(SPINNER_TEXT.test(quiet.output)).toBe(false);
      expect(screen(output)).toEqual(screen(quiet.output));
      expect(screen(output)).toHaveLength(301);

      // The line is erased before the first byte of the table, and never drawn again after it.
      const header = output.indexOf('\u001b[1m');
      const frames = [...output.matchAll(/units (…|\d)/g)];
      const lastFrame = frames.at(-1)?.index ?? -1;
      expect(frames.length).toBeGreaterThan(0);
      expect(lastFrame).toBeLessThan(header);
      expect(output.slice(lastFrame, header)).toMatch(/\u001b\[1G\u001b\[0K *$/);
      expect(SPINNER_TEXT.test(output.slice(header))).toBe(false);
      // The cursor was never hidden, so there is nothing to restore.
      expect(output).not.toContain('\u001b[?25l');
    } finally {
      await gate.close();
    }
  });

  it('a warning mid-list gets lines of its own between the rows', async (ctx) => {
    const growing = await startFakeWeblate();
    growing.growAfterFirstPage({ translation: 'big/strings/xx', kind: 'units', n: 5 });
    try {
      const { code, output } = await onPty(ctx, [...LIST, '--url', growing.url]).exit;
      expect(code).toBe(0);
      const shown = screen(output);
      const warnings = shown.filter((l) => l.startsWith('wli: warning: the list changed'));
      expect(warnings).toHaveLength(2);
      expect(shown.filter((l) => /^\s*\d+\s/.test(l))).toHaveLength(300);
      expect(shown.filter((l) => l.includes('wli: ') && !l.startsWith('wli: '))).toEqual([]);
    } finally {
      await growing.close();
    }
  });

  it('shows "<command> …" while a single request waits', async (ctx) => {
    const gate = await startGate(fake, (u) => u.startsWith('/api/translations/'));
    try {
      const pty = onPty(ctx, ['translation', 'demo/android/cs', '--url', gate.url]);
      await pty.waitFor(/translation …/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      const quiet = await onPty(ctx, ['translation', 'demo/android/cs', '--url', fake.url]).exit;
      expect(screen(output)).toEqual(screen(quiet.output));
      expect(screen(output)[0]).toMatch(/^Project\s+Demo/);
    } finally {
      await gate.close();
    }
  });

  // Issue 49.13: a silent server showed "translation …" alone through minutes of retries.
  it('says which attempt is out while a silent server is retried, and erases it with the line', async (ctx) => {
    needsPty(ctx);
    const server = await startFakeWeblate();
    try {
      // The first two attempts stall until --timeout; the third answers.
      server.fault('/translations/demo/android/cs/', { kind: 'stall' }, 2);
      const pty = onPty(ctx, ['translation', 'demo/android/cs', '--timeout', '0.3', '--retries', '4', '--url', server.url]);
      const retrying = /translation … \(attempt [23] of 5, retrying after a timeout\)/;
      await pty.waitFor(retrying);
      const { code, output } = await pty.exit;
      expect(output).toMatch(retrying);
      expect(code).toBe(0);
      expect(server.requests.filter((q) => q.path === '/api/translations/demo/android/cs/')).toHaveLength(3);
      const quiet = await onPty(ctx, ['translation', 'demo/android/cs', '--url', server.url]).exit;
      expect(screen(output)).toEqual(screen(quiet.output));
    } finally {
      await server.close();
    }
  });

  it('with stdout redirected, shows progress on the terminal and writes plain data to the file', async (ctx) => {
    const gate = await startGate(fake, (u) => /[?&]page=2\b/.test(u));
    const dir = mkdtempSync(join(tmpdir(), 'wli-pty-'));
    const file = join(dir, 'out.txt');
    try {
      const pty = onPty(ctx, [...LIST, '--url', gate.url], { redirect: `> ${quote(file)}` });
      await pty.waitFor(/units 100\/300/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      expect(screen(output)).toEqual([]); // the progress line erased itself
      const data = readFileSync(file, 'utf8');
      expect(data).not.toContain('\u001b');
      expect(data).toBe((await wli([...LIST, '--url', fake.url])).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await gate.close();
    }
  });

  it('survives a terminal whose size was never set (0 columns)', async (ctx) => {
    // ora sized the lines to erase by the width: 0 columns made it erase lines forever.
    const gate = await startGate(fake, FIRST_PAGE);
    try {
      const pty = onPty(ctx, [...LIST, '--url', gate.url], { cols: 0 });
      await pty.waitFor(/units …/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      expect(screen(output)).toHaveLength(301);
      expect(output.length).toBeLessThan(200_000);
    } finally {
      await gate.close();
    }
  });

  it('Ctrl-C while the spinner is up: exit 130, the line erased, "interrupted" shown', async (ctx) => {
    const gate = await startGate(fake, FIRST_PAGE);
    try {
      const pty = onPty(ctx, [...LIST, '--url', gate.url]);
      await pty.waitFor(/units …/);
      pty.type('\u0003');
      const { code, output } = await pty.exit;
      expect(code).toBe(130);
      const shown = screen(output).filter((l) => l !== '' && l !== '^C');
      expect(shown).toEqual(['wli: interrupted']);
      expect(output).not.toContain('\u001b[?25l');
    } finally {
      await gate.close();
    }
  });

  // One page held long enough for the spinner, with and without each switch (heldBesideControl).
  const SLOW = ['units', 'big/strings/xx', '--page-size', '100', '-L', '100'];

  // One run on the terminal for "off"; every way of turning it off is the same decision, tested below.
  it('--quiet: no spinner on a held list, where a control run beside it shows one', async (ctx) => {
    const { code, output } = await heldBesideControl(ctx, (url) => onPty(ctx, [...SLOW, '--quiet', '--url', url]).exit);
    expect(code).toBe(0);
    expect(SPINNER_TEXT.test(output)).toBe(false);
    expect(/\u001b\[[0-9]*[GK]/.test(output)).toBe(false);
    expect(screen(output)).toHaveLength(101);
  });

  it.each([
    ['--quiet', { quiet: true }, {}, false],
    ['--verbose', { verbose: true }, {}, false],
    ['--debug', { debug: true }, {}, false],
    ['CI=1', {}, { CI: '1' }, false],
    ['CI=true', {}, { CI: 'true' }, false],
    ['TERM=dumb', {}, { TERM: 'dumb' }, false],
    ['a terminal', {}, {}, true],
    ['NO_COLOR=1 (colour is not progress)', {}, { NO_COLOR: '1' }, true],
  ])('the progress decision: %s', (_name, flags, env, wanted) => {
    const ctx = testContext({ tty: true, env });
    const io = new IOStreams(ctx);
    io.configure(flags);
    expect(io.progress !== NO_PROGRESS).toBe(wanted);
    expect(new IOStreams(testContext({ tty: false, env })).progress).toBe(NO_PROGRESS);
  });

  // Issue 24.6: a reader on the other end of a pipe (less, jq, fzf) draws on the same terminal.
  it('stdout into a pipe (| cat): no spinner on the terminal, where a control run beside it shows one', async (ctx) => {
    const { code, output } = await heldBesideControl(ctx, (url) => onPty(ctx, [...SLOW, '--url', url], { redirect: '| cat' }).exit);
    expect(code).toBe(0);
    expect(SPINNER_TEXT.test(output)).toBe(false);
    expect(/\u001b\[[0-9]*[GK]/.test(output)).toBe(false);
    expect(screen(output)).toHaveLength(101);
  });

  it('stdout to /dev/null: the spinner is drawn while the list is awaited, and erased', async (ctx) => {
    const gate = await startGate(fake, FIRST_PAGE);
    try {
      const pty = onPty(ctx, [...LIST, '--url', gate.url], { redirect: '> /dev/null' });
      await pty.waitFor(/units …/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      expect(screen(output)).toEqual([]);
    } finally {
      await gate.close();
    }
  });

  it('not on a terminal: no spinner on stderr, no escapes on stdout (a held list, beside a control run)', async (ctx) => {
    const r = await heldBesideControl(ctx, (url) => wli([...SLOW, '--url', url]));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(101);
  });
});

describe('colour on a terminal (per cli.md: --no-color > NO_COLOR > FORCE_COLOR > TERM=dumb > is-a-terminal)', () => {
  const UNITS = ['units', 'demo/android/cs', '-L', '3'];

  // On the terminal: one run with colour, one without; every rule of the decision runs in-process
  // below, with stdout a terminal, through the same code path from argv to bytes.
  it.concurrent.for([
    ['a terminal', [], {}, true],
    ['--no-color', ['--no-color'], {}, false],
  ] as const)('%s', async ([, flags, env, colour], ctx) => {
    const { code, output } = await onPty(ctx, [...UNITS, ...flags, '--url', fake.url], { env }).exit;
    expect(code).toBe(0);
    expect(screen(output)[0]).toMatch(/^ID\s+STATE\s+CONTEXT/);
    if (colour) expect(output).toMatch(SGR);
    else expect(output).not.toContain('\u001b');
  });

  it.each([
    ['a terminal', [], {}, true],
    ['--no-color', ['--no-color'], {}, false],
    ['NO_COLOR=1', [], { NO_COLOR: '1' }, false],
    ['NO_COLOR empty (unset)', [], { NO_COLOR: '' }, true],
    ['TERM=dumb', [], { TERM: 'dumb' }, false],
    ['FORCE_COLOR=0', [], { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=1', [], { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=1 TERM=dumb', [], { FORCE_COLOR: '1', TERM: 'dumb' }, true],
    ['NO_COLOR=1 FORCE_COLOR=1', [], { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
    ['--no-color FORCE_COLOR=1', ['--no-color'], { FORCE_COLOR: '1' }, false],
  ])('stdout a terminal, in-process: %s', async (_name, flags, env, colour) => {
    const r = await wliIn([...UNITS, ...flags, '--url', fake.url], { env, tty: true, columns: 100 });
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0]).toMatch(/ID\s+STATE\s+CONTEXT/);
    if (colour) expect(r.stdout).toMatch(SGR);
    else expect(r.stdout).not.toContain('\u001b');
  });

  it('json on a terminal is never coloured', async (ctx) => {
    const { output } = await onPty(ctx, ['language', 'cs', '-f', 'json', '--url', fake.url]).exit;
    expect(output).not.toContain('\u001b');
  });

  it('into a pipe: plain unless FORCE_COLOR is non-zero', async () => {
    expect((await wli([...UNITS, '--url', fake.url])).stdout).not.toContain('\u001b');
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '0' } })).stdout).not.toContain('\u001b');
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(SGR);
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toContain('\u001b');
  });
});

// Issue 24.5 and 24.9 on a real terminal: server text never drives it, in any format; `wli api` ends
// its body with a newline there. (Piped and in-process: test/terminal-output.test.ts.)
describe('server text on a terminal, in every format', () => {
  /** What a terminal acts on: C0 but tab, LF and CR (the pty turns LF into CR LF); DEL; C1; bidi controls. */
  const DRIVES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

  for (const cols of [40, 80, 200]) {
    it.concurrent.for([
      ['csv', ['units', 'demo/android/cs', '-f', 'csv', '--fields', 'context,source,target']],
      ['csv-excel', ['units', 'demo/android/cs', '-f', 'csv-excel', '--fields', 'context,target']],
      ['json', ['units', 'demo/android/cs', '-f', 'json']],
      ['jsonl', ['changes', 'demo/android/cs', '-f', 'jsonl']],
      ['api', ['api', '/translations/demo/android/cs/units/?page_size=100']],
      ['table', ['units', 'demo/android/cs']],
    ] as const)(`at ${cols} columns: %s`, async ([format, args], ctx) => {
      const { code, output } = await onPty(ctx, [...args, '--quiet', '--no-color', '--url', fake.url], { cols }).exit;
      expect(code).toBe(0);
      // csv-excel starts with its byte order mark, which a terminal does not draw; nothing else.
      expect(output.replace(/^\ufeff/, '')).not.toMatch(DRIVES);
      // The escape sequence is there, for the eye (a table cuts it at 40 columns).
      if (format !== 'table') expect(output).toMatch(/\\(e|u001b)\[31m/);
    });
  }

  it('wli api ends with a newline on the terminal', async (ctx) => {
    const body = await (await fetch(new URL('projects/demo/', fake.url))).text();
    const { code, output } = await onPty(ctx, ['api', '/projects/demo/', '--url', fake.url]).exit;
    expect(code).toBe(0);
    expect(output).toBe(body + '\r\n');
  });
});
