// wli on a real pseudo-terminal (util-linux `script`), the way a person sees it: the progress line
// appears on a slow fetch and is gone before the data, colour follows the documented rule, and
// nothing of the sort reaches a pipe. Synchronisation is by output and exit events only: a gate in
// front of the fake server holds a page until the spinner is on the screen.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { BIN, EMPTY_HOME, baseEnv, testContext, wli, wliIn } from './support/run.js';
import { IOStreams } from '../src/io/streams.js';
import { NO_PROGRESS } from '../src/io/progress.js';

const SGR = /\u001b\[[0-9;]*m/;
const SPINNER_TEXT = /(units|translation|language|stats) (…|\d)/;

// ---------------------------------------------------------------------------------------------
// a pseudo-terminal

interface Pty {
  /** Everything the terminal received so far (stdout and stderr of wli, unless redirected). */
  readonly output: string;
  /** Resolves when the output matches. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Keys typed at the terminal ("\x03" is Ctrl-C). */
  type(keys: string): void;
  exit: Promise<{ code: number; output: string }>;
}

/** `script` processes still running: a test that timed out (wli hung) leaves none behind. */
const running = new Set<ChildProcessWithoutNullStreams>();
afterAll(() => {
  for (const child of running) child.kill('SIGTERM'); // script hangs up its terminal: wli ends too
});

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `node bin/wli.js <args>` on a fresh pty sized cols×40 (0 leaves the size unset, as for a pty
 * nobody resized). `redirect` is appended to the shell command, e.g. `> file`.
 */
function onPty(args: string[], opts: { env?: Record<string, string | undefined>; cols?: number; redirect?: string } = {}): Pty {
  const cols = opts.cols ?? 100;
  const size = cols > 0 ? `stty cols ${cols} rows 40 && ` : '';
  const command = `${size}exec ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')} ${opts.redirect ?? ''}`;
  const child: ChildProcessWithoutNullStreams = spawn('script', ['-qec', command, '/dev/null'], {
    env: baseEnv({ TERM: 'xterm-256color', ...opts.env }),
    cwd: EMPTY_HOME,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const check = () => {
    waiters = waiters.filter((w) => (w.pattern.test(output) ? (w.resolve(), false) : true));
  };
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    output += d;
    check();
  });
  let diagnostics = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (diagnostics += d));
  const exit = new Promise<{ code: number; output: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      child.stdin.destroy();
      if (diagnostics) reject(new Error(`script: ${diagnostics}`));
      else resolve({ code: code ?? -1, output });
      for (const w of waiters) w.resolve(); // the test fails on what is (not) in the output
    });
  });
  return {
    get output() {
      return output;
    },
    waitFor: (pattern) =>
      new Promise<void>((resolve) => {
        waiters.push({ pattern, resolve });
        check();
      }),
    type: (keys) => child.stdin.write(keys),
    exit,
  };
}

/**
 * What the terminal shows at the end: a minimal VT interpreter for what wli, ora and a pty emit
 * (CR, LF, cursor column/up/down/left/right, erase in line; colours and modes ignored).
 */
function screen(raw: string): string[] {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  const token = /\u001b\[([?]?)([0-9;]*)([A-Za-z])|\r|\n|[^\u001b\r\n]/gu;
  for (const m of raw.matchAll(token)) {
    const t = m[0];
    if (m[3]) {
      const n = Number(m[2] || (m[3] === 'K' ? 0 : 1));
      if (m[1]) continue; // private modes (?2026h, ?25l)
      const line = (lines[row] ??= []);
      switch (m[3]) {
        case 'G':
          col = Math.max(0, n - 1);
          break;
        case 'C':
          col += n;
          break;
        case 'D':
          col = Math.max(0, col - n);
          break;
        case 'A':
          row = Math.max(0, row - n);
          break;
        case 'B':
          row += n;
          break;
        case 'K':
          if (n === 0) line.length = Math.min(line.length, col);
          else if (n === 1) for (let i = 0; i <= col && i < line.length; i++) line[i] = ' ';
          else line.length = 0;
          break;
        default: // m (colours) and anything else: no effect on the text
      }
    } else if (t === '\r') col = 0;
    else if (t === '\n') row++;
    else {
      const line = (lines[row] ??= []);
      while (line.length < col) line.push(' ');
      line[col++] = t;
    }
  }
  const out = Array.from({ length: lines.length }, (_, i) => (lines[i] ?? []).join('').replace(/\s+$/, ''));
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

// ---------------------------------------------------------------------------------------------
// a gate in front of the fake server: holds matching requests until released

interface Gate {
  url: string;
  release(): void;
  close(): Promise<void>;
}

async function startGate(fake: FakeWeblate, hold: (pathAndQuery: string) => boolean): Promise<Gate> {
  let open = false;
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const forward = () => {
      const up = http.request(fake.origin + req.url, { headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end();
    };
    if (!open && hold(req.url ?? '')) held.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    release() {
      open = true;
      for (const f of held.splice(0)) f();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------

let fake: FakeWeblate;
let slow: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
  // Slow by construction: ≥ 8 sequential pages of 100 ms each with --concurrency 1.
  slow = await startFakeWeblate({ latencyMs: 100 });
});
afterAll(async () => {
  await fake.close();
  await slow.close();
});

const LIST = ['units', 'big/strings/xx', '--page-size', '100', '-L', '300'];

describe('progress on a terminal', () => {
  it('shows a slow list as "units n/total" and clears it before the table', async () => {
    const gate = await startGate(fake, (u) => /[?&]page=2\b/.test(u));
    try {
      const pty = onPty([...LIST, '--url', gate.url]);
      await pty.waitFor(/units 100\/300/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);

      // Nothing of the progress line is left between or inside the table lines.
      const quiet = await onPty([...LIST, '--url', fake.url, '--quiet']).exit;
      expect(SPINNER_TEXT.test(quiet.output)).toBe(false);
      expect(screen(output)).toEqual(screen(quiet.output));
      expect(screen(output)).toHaveLength(301);

      // The line is erased before the first byte of the table, and never drawn again after it.
      const header = output.indexOf('\u001b[1mID');
      const frames = [...output.matchAll(/units \d[\d,]*\/300/g)];
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

  it('a warning mid-list gets its own line; the progress line comes back below it', async () => {
    const growing = await startFakeWeblate();
    growing.growAfterFirstPage({ translation: 'big/strings/xx', kind: 'units', n: 5 });
    const gate = await startGate(growing, (u) => /[?&]page=2\b/.test(u));
    try {
      const pty = onPty([...LIST, '--url', gate.url]);
      await pty.waitFor(/units 100\/300/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      const warning = output.indexOf('wli: warning: the list changed');
      expect(warning).toBeGreaterThan(-1);
      expect(/units \d[\d,]*\/300/.test(output.slice(warning))).toBe(true); // drawn again
      const shown = screen(output);
      expect(shown[0]).toMatch(/^wli: warning: the list changed while it was being read \(count 2000 → 2005\)/);
      expect(shown[1]).toMatch(/^wli: warning: the list changed while it was being read: 5 item\(s\) appeared twice/);
      expect(shown[2]).toMatch(/^\s*ID\s+STATE\s+CONTEXT/);
      expect(shown).toHaveLength(303);
      expect(shown.filter((l) => SPINNER_TEXT.test(l))).toEqual([]);
    } finally {
      await gate.close();
      await growing.close();
    }
  });

  it('shows "<command> …" while a single request waits', async () => {
    const gate = await startGate(fake, (u) => u.startsWith('/api/translations/'));
    try {
      const pty = onPty(['translation', 'demo/android/cs', '--url', gate.url]);
      await pty.waitFor(/translation …/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      const quiet = await onPty(['translation', 'demo/android/cs', '--url', fake.url]).exit;
      expect(screen(output)).toEqual(screen(quiet.output));
      expect(screen(output)[0]).toMatch(/^Project\s+Demo/);
    } finally {
      await gate.close();
    }
  });

  it('with stdout redirected, shows progress on the terminal and writes plain data to the file', async () => {
    const gate = await startGate(fake, (u) => /[?&]page=2\b/.test(u));
    const dir = mkdtempSync(join(tmpdir(), 'wli-pty-'));
    const file = join(dir, 'out.txt');
    try {
      const pty = onPty([...LIST, '--url', gate.url], { redirect: `> ${quote(file)}` });
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

  it('survives a terminal whose size was never set (0 columns)', async () => {
    // ora sized the lines to erase by the width: 0 columns made it erase lines forever.
    const gate = await startGate(fake, (u) => /[?&]page=2\b/.test(u));
    try {
      const pty = onPty([...LIST, '--url', gate.url], { cols: 0 });
      await pty.waitFor(/units 100\/300/);
      gate.release();
      const { code, output } = await pty.exit;
      expect(code).toBe(0);
      expect(screen(output)).toHaveLength(301);
      expect(output.length).toBeLessThan(200_000);
    } finally {
      await gate.close();
    }
  });

  it('Ctrl-C while the spinner is up: exit 130, the line erased, "interrupted" shown', async () => {
    const gate = await startGate(fake, (u) => /[?&]page=2\b/.test(u));
    try {
      const pty = onPty([...LIST, '--url', gate.url]);
      await pty.waitFor(/units 100\/300/);
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

  // The same slow list (about a second) with and without each switch. A table, because it is
  // written at the end: streamed formats (jsonl, csv) end the progress line with their first row.
  const SLOW = ['units', 'big/strings/xx', '--page-size', '100', '-L', '800', '--concurrency', '1'];

  it('control: the slow list shows a spinner', async () => {
    const { code, output } = await onPty([...SLOW, '--url', slow.url]).exit;
    expect(code).toBe(0);
    expect(/units \d[\d,]*\/800/.test(output)).toBe(true);
    expect(screen(output)).toHaveLength(801);
  });

  // One run on the terminal for "off"; every way of turning it off is the same decision, tested below.
  it('--quiet: no spinner on the slow list', async () => {
    const { code, output } = await onPty([...SLOW, '--quiet', '--url', slow.url]).exit;
    expect(code).toBe(0);
    expect(SPINNER_TEXT.test(output)).toBe(false);
    expect(/\u001b\[[0-9]*[GK]/.test(output)).toBe(false);
    expect(screen(output)).toHaveLength(801);
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

  it('not on a terminal: no spinner on stderr, no escapes on stdout', async () => {
    const r = await wli([...SLOW, '--url', slow.url]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(801);
  });
});

describe('colour on a terminal (per cli.md: --no-color > NO_COLOR > FORCE_COLOR > TERM=dumb > is-a-terminal)', () => {
  const UNITS = ['units', 'demo/android/cs', '-L', '3'];

  // On the terminal: one run with colour, one without; every rule of the decision runs in-process
  // below, with stdout a terminal, through the same code path from argv to bytes.
  it.concurrent.each([
    ['a terminal', [], {}, true],
    ['--no-color', ['--no-color'], {}, false],
  ])('%s', async (_name, flags, env, colour) => {
    const { code, output } = await onPty([...UNITS, ...flags, '--url', fake.url], { env }).exit;
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

  it('json on a terminal is never coloured', async () => {
    const { output } = await onPty(['language', 'cs', '-f', 'json', '--url', fake.url]).exit;
    expect(output).not.toContain('\u001b');
  });

  it('into a pipe: plain unless FORCE_COLOR is non-zero', async () => {
    expect((await wli([...UNITS, '--url', fake.url])).stdout).not.toContain('\u001b');
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '0' } })).stdout).not.toContain('\u001b');
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(SGR);
    expect((await wli([...UNITS, '--url', fake.url], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } })).stdout).not.toContain('\u001b');
  });
});
