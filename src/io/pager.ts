// The pager (as git's pager.c and gh's iostreams): on a terminal, a command's data goes through
// WLI_PAGER, else PAGER, else less, started at the first byte of data (so nothing is paged for a run
// that fails before it has data, and the progress line is gone by then). An empty value or `cat` means
// no pager. less gets git's LESS=FRX when LESS is unset (-F: quit when the data fits one screen, so a
// short answer is simply printed; -R: colours; -X: the screen is not cleared), and lv gets LV=-c.
//
// What the data looks like is decided from the real terminal before the pager starts (colour, the
// table's width, escaping: io/streams.ts reads them from stdout itself, never from the pager's pipe).
// The pager's standard input is the one writer's stream (writer.ts): a pager that quits early closes
// that pipe, which is a reader that left, a normal end. The exit status stays wli's; wli waits for
// the pager to end before it says its last words (a gate's summary) and exits.
//
// A plain command (words of letters, digits and ./_-+=:,@%) is started directly, so one that does not
// exist is known: the data then goes to the terminal, with a warning. Anything else is run by
// /bin/sh -c, as git does (WLI_PAGER='less -S', 'sh -c "…"'); the shell says what it cannot run.
//
// Ctrl-C while the pager runs is the pager's (less uses it to stop a search): main.ts ignores SIGINT
// then, as git does while its pager runs; quitting the pager ends the data, and the run.
import { spawn, type ChildProcess } from 'node:child_process';
import type { OutStream } from '../core/context.js';

/** The pager command a run on a terminal uses, or none. */
export function pagerCommand(env: Record<string, string | undefined>): string | undefined {
  const chosen = (env.WLI_PAGER ?? env.PAGER ?? 'less').trim();
  return chosen === '' || chosen === 'cat' ? undefined : chosen;
}

/** The pager's environment: git's defaults for less and lv where the user set none. */
export function pagerEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' };
}

const PLAIN = /^[\w./+=:,@%-]+(?:\s+[\w./+=:,@%-]+)*$/;

let running = 0;

/** A pager is on the terminal now (main.ts leaves Ctrl-C to it). */
export const isPaging = (): boolean => running > 0;

export class Pager {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
  ) {}

  /** Starts the pager; rejects when it cannot be started (a plain command that does not exist). */
  static start(command: string, env: Record<string, string | undefined>): Promise<Pager> {
    const stdio: ['pipe', 'inherit', 'inherit'] = ['pipe', 'inherit', 'inherit'];
    const options = { stdio, env };
    const [program, ...args] = command.split(/\s+/);
    const child = PLAIN.test(command) && program !== undefined ? spawn(program, args, options) : spawn(command, { ...options, shell: true });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => {
        child.removeListener('error', reject);
        running++;
        const exited = new Promise<void>((done) => {
          child.once('exit', () => {
            running--;
            done();
          });
        });
        // A failure of the pipe after this (the pager quit) is the writer's to notice (writer.ts).
        child.on('error', () => {});
        resolve(new Pager(child, exited));
      });
    });
  }

  get stdin(): OutStream {
    // Spawned with stdio 'pipe' first: it has one.
    const { stdin } = this.child;
    if (!stdin) throw new Error('the pager was started without a pipe to it');
    return stdin;
  }

  /** The data ends: waits for the person to leave the pager. Interrupted: the pager is told to go, not waited for. */
  async end(interrupted: boolean): Promise<void> {
    this.child.stdin?.end();
    if (interrupted) {
      this.child.kill('SIGTERM');
      return;
    }
    await this.exited;
  }
}
