// --jq: the JSON output filtered in process through jq, as `gh api --jq` (no jq needed on PATH).
//
// The engine is jq-web: jq 1.7 itself compiled to WebAssembly (docs/performance.md, --jq). jq 1.7 keeps
// a number's literal as it was read while the filter does not compute with it, so a 64-bit hash goes
// in and comes out digit for digit; the pure-JavaScript jq implementations make every number a double
// (2^63 - 1 comes out as 9223372036854776000: test/jq.test.ts holds the engine to this). It is loaded
// only when --jq is given (its 2.7 MB of WebAssembly cost a run that does not filter nothing), and
// it reads text: the server's own text of each item goes in, so nothing is parsed by JavaScript first.
import type { Page } from '../core/page.js';
import { UsageError } from '../core/errors.js';
import { msg, outside } from '../core/text.js';
import { stringifyEach } from '../codec/json.js';
import type { Sink } from './sink.js';

interface JqEngine {
  /** jq's standard output for these inputs (JSON texts, one after another), its last newline removed; undefined when there is none. */
  raw(input: string, filter: string, flags?: string[]): string | undefined;
}

/** What jq-web throws when jq ends with a status: 3 for an expression jq cannot compile, 5 for an error while it runs. */
/** What jq-web throws when jq fails: its exit status and standard error; undefined for anything else. */
function jqFailure(e: unknown): { exitCode: number; stderr: string } | undefined {
  if (typeof e !== 'object' || e === null || !('exitCode' in e) || !('stderr' in e)) return undefined;
  const { exitCode, stderr } = e;
  return typeof exitCode === 'number' && typeof stderr === 'string' ? { exitCode, stderr } : undefined;
}

let engine: Promise<JqEngine> | undefined;

/**
 * The engine, instantiated once a run (a dynamic import: the lazy boundary test/bundle.test.ts names).
 * The bundle's module is what runs (tests spawn it); vitest's own module runner, which runs src/ in
 * process, makes a thenable of a module that is a promise, so --jq is tested through the bundle.
 */
function jq(): Promise<JqEngine> {
  // jq-web's own module is the promise; the bundle's is { engine } (scripts/bundle.ts says why).
  engine ??= import('jq-web').then(({ default: exported }) => ('engine' in exported ? exported.engine : exported));
  return engine;
}

/** jq's own words of a failure on one line (its count of compile errors left out), as outside text: an expression may hold anything. */
function failure(e: unknown, what: 'compile' | 'run'): UsageError | undefined {
  const f = jqFailure(e);
  if (f === undefined || (what === 'compile' && f.exitCode !== 3)) return undefined;
  return jqError(f.stderr, what);
}

function jqError(stderr: string, what: 'compile' | 'run'): UsageError {
  const words = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^jq: \d+ compile errors?$/.test(l))
    .join(' ');
  return what === 'compile'
    ? new UsageError(msg`--jq: ${outside(words)}`, msg`see jq's manual (jq 1.7) for the expression's syntax`)
    : new UsageError(msg`--jq: the expression failed on the data: ${outside(words)}`, msg`try it on -f jsonl output, or guard it (.a? // empty)`);
}

/**
 * The expression compiled before any request: one jq cannot compile is a usage error with jq's message.
 * It is run once on null (-n) to be compiled; an error while it runs there says nothing of the data.
 */
export async function checkJq(filter: string): Promise<void> {
  const engine = await jq();
  try {
    engine.raw('null', filter, ['-n', '-c']);
  } catch (e) {
    const usage = failure(e, 'compile');
    if (usage) throw usage;
  }
}

/** jq -c's lines as gh writes them: a string as its text (jq -r), any other value as its compact JSON. */
function shown(out: string | undefined): string {
  if (out === undefined || out === '') return '';
  let text = '';
  for (const line of out.split('\n')) {
    const value: unknown = line.startsWith('"') ? JSON.parse(line) : line;
    text += (typeof value === 'string' ? value : line) + '\n';
  }
  return text;
}

/**
 * One run of jq over these inputs. jq's exit status tells only of its last input (an error on an earlier
 * one ends with 0), and on 0 jq-web hands jq's standard error to console's warn: it is taken from there
 * for that call (synchronous), so an error on any item fails the run, and nothing reaches stderr but
 * through wli's own streams (jq's `debug` and `stderr` lines are said as notes).
 */
function run(engine: JqEngine, input: string, filter: string, note: (text: string) => void): string {
  // console's warn (what jq-web calls) taken for the call: what it would print is kept here, and said through wli's streams.
  const warn: unknown = Reflect.get(console, 'warn');
  let said = '';
  Reflect.set(console, 'warn', (...args: unknown[]) => {
    const last = args.at(-1);
    said += typeof last === 'string' ? last : '';
  });
  let out: string | undefined;
  try {
    out = engine.raw(input, filter, ['-c']);
  } catch (e) {
    throw failure(e, 'run') ?? e;
  } finally {
    Reflect.set(console, 'warn', warn);
  }
  if (/^jq: error/m.test(said)) throw jqError(said, 'run');
  if (said !== '') note(said);
  return shown(out);
}

const line = (json: string) => json + '\n';
const decoder = new TextDecoder('utf-8');

/** A page's items as JSON texts, one a line: the server's own text where the page has it (exact by construction). */
function textOf(page: Page): string {
  if (page.lines)
    return (
      page
        .lines()
        .map((piece) => decoder.decode(piece, { stream: true }))
        .join('') + decoder.decode()
    );
  const texts = page.texts?.();
  return texts ? texts.join('\n') : stringifyEach(page.items(), undefined, line);
}

/** -f jsonl --jq: the expression applied to each item, a page at a time as pages arrive (memory flat). */
export async function writeJqLines(out: Sink, pages: AsyncIterable<Page>, filter: string, note: (text: string) => void): Promise<void> {
  const engine = await jq();
  for await (const page of pages) {
    if (page.size === 0) continue;
    const text = run(engine, textOf(page), filter, note);
    if (text !== '') await out.write(text);
  }
}

/** -f json --jq: the expression applied to the whole array, as gh applies it to the whole answer (the list held as text). */
export async function writeJqList(out: Sink, pages: AsyncIterable<Page>, filter: string, note: (text: string) => void): Promise<void> {
  const engine = await jq();
  const texts: string[] = [];
  for await (const page of pages) if (page.size > 0) texts.push(textOf(page).replace(/\n+$/, '').split('\n').join(','));
  const text = run(engine, '[' + texts.join(',') + ']', filter, note);
  if (text !== '') await out.write(text);
}

/** A record (-f json or jsonl) through the expression: the object as the server sent it. */
export async function writeJqRecord(out: Sink, json: string, filter: string, note: (text: string) => void): Promise<void> {
  const text = run(await jq(), json, filter, note);
  if (text !== '') await out.write(text);
}
