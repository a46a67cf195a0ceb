// wli on a real pseudo-terminal (util-linux `script`), as a person sees it, and a minimal VT
// interpreter to read back what the screen shows. Where `script` is missing, every test that needs
// a pty is skipped and says so, by name (onPty and needsPty take the test's context for that).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, type TestContext } from 'vitest';
import { EMPTY_HOME, WLI_COMMAND, baseEnv } from './run.js';

/** Whether util-linux `script` runs here, with the options onPty uses (looked up on PATH, as onPty does). */
export const HAS_SCRIPT = spawnSync('script', ['-qec', 'exit 0', '/dev/null'], { env: baseEnv(), stdio: 'ignore' }).status === 0;
export const NO_SCRIPT = 'util-linux `script` is not on PATH: no pseudo-terminal to run wli on';

/**
 * Skips the running test where there is no `script`, saying so by name: on stderr, which every
 * reporter shows, and as the skip's note (the verbose and JSON reporters). Call it before a test
 * changes anything it shares (a fault on a shared server); onPty calls it too.
 */
export function needsPty(ctx: TestContext): void {
  if (HAS_SCRIPT) return;
  console.warn(`skipped: ${ctx.task.fullName}: ${NO_SCRIPT}`);
  ctx.skip(NO_SCRIPT);
}

export interface Pty {
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

export const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs `node bin/wli.cjs <args>` (or the binary: WLI_COMMAND) on a fresh pty sized cols×40 (0 leaves the size unset, as for a pty
 * nobody resized). `redirect` is appended to the shell command, e.g. `> file`. Without `script`,
 * the test (`ctx`) is skipped here (needsPty).
 */
export function onPty(
  ctx: TestContext,
  args: string[],
  opts: { env?: Record<string, string | undefined>; cols?: number; redirect?: string; cwd?: string } = {},
): Pty {
  needsPty(ctx);
  const cols = opts.cols ?? 100;
  const size = cols > 0 ? `stty cols ${cols} rows 40 && ` : '';
  const command = `${size}exec ${[...WLI_COMMAND, ...args].map(quote).join(' ')} ${opts.redirect ?? ''}`;
  const child: ChildProcessWithoutNullStreams = spawn('script', ['-qec', command, '/dev/null'], {
    // No pager unless a test asks for one (WLI_PAGER in opts.env): a less waiting for keys would hold the test.
    env: baseEnv({ TERM: 'xterm-256color', WLI_PAGER: '', ...opts.env }),
    cwd: opts.cwd ?? EMPTY_HOME,
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
export function screen(raw: string): string[] {
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
