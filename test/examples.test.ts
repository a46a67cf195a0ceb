// Issue 24, item 20: every `wli …` example that `--help` shows (src/spec/spec.ts) and that the guide
// gives (docs/guide.md) works against the sample server as written: run in a temp dir (examples that
// read or write files), in order (the baseline one reads what an earlier one wrote). None may fail
// (a 404 or any other error): exit 0, a gate's 3 where the example gates, nothing on stderr but what
// wli says when all went well. Issue 29.9: the README's examples too, and a file an example saves holds
// what its name says (no Android XML in cs.po).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/spec/commands.js';
import { EXIT } from '../src/core/errors.js';
import { SAMPLE_OPTIONS, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, baseEnv, wliCommand } from './support/run.js';
import { unzip } from './support/unzip.js';

interface Example {
  /** where it is shown */
  where: string;
  /** the line as written */
  line: string;
  /** the words after `wli`, quotes removed */
  args: string[];
  /** `> file` or `>> file`: stdout goes to the file's name in the temp dir */
  redirect?: { file: string; append: boolean };
  /** `| consumer` (jq): what it needs is JSON on stdout */
  pipe?: string;
}

/** One example line as a POSIX shell splits it: words in '…' or "…", `# comment`, `| …`, `>`/`>>` file. */
function parse(where: string, line: string): Example {
  const words: string[] = [];
  let word: string | undefined;
  let pipe: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unclosed quote in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else if (c === '|' && word === undefined) {
      pipe = line.slice(i + 1).trim();
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  expect(words[0], line).toBe('wli');
  const at = words.findIndex((w) => w === '>' || w === '>>');
  const redirect = at < 0 ? undefined : { file: basename(words[at + 1]!), append: words[at] === '>>' };
  return { where, line, args: at < 0 ? words.slice(1) : [...words.slice(1, at), ...words.slice(at + 2)], redirect, pipe };
}

const HELP: Example[] = COMMANDS.flatMap((c) => c.examples.map(([line]) => parse(`wli ${c.name} --help`, line)));

/** The runnable lines of a document: `wli …` in its sh blocks (a synopsis block has no language). */
const runnable = (file: string): Example[] =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap(([, block]) =>
    block!
      .split('\n')
      .filter((l) => l.startsWith('wli '))
      .map((l) => parse(file, l)),
  );
const GUIDE = runnable('docs/guide.md');
const README = runnable('README.md');

let fake: FakeWeblate;
let home: string;
beforeAll(async () => {
  fake = await startFakeWeblate(SAMPLE_OPTIONS);
  home = mkdtempSync(join(tmpdir(), 'wli-examples-'));
});
afterAll(async () => {
  await fake?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs an example in `dir`. A --follow one runs with --verbose until its first list of changes was
 * answered and read (wli writes the request line then), and is ended as Ctrl-C ends it.
 */
function run(ex: Example, dir: string): Promise<Ran> {
  const follow = ex.args.includes('--follow');
  return new Promise((resolve, reject) => {
    const child = spawn(...wliCommand([...ex.args, ...(follow ? ['--verbose'] : [])]), {
      cwd: dir,
      // wli memory answers only with a token (its help says so): the examples assume WLI_TOKEN is set.
      env: baseEnv({
        WLI_URL: fake.url,
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        GITHUB_STEP_SUMMARY: undefined,
        WLI_TOKEN: ex.args[0] === 'memory' ? 'wlu_examples' : undefined,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (follow && /^wli: GET \S+changes\/\S* \d{3} /m.test(stderr)) child.kill('SIGINT');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === 'SIGINT' ? 130 : -1), stdout: Buffer.concat(out), stderr }));
  });
}

/** Every file under a directory, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}

describe.each([
  ['--help', HELP, 20],
  ['docs/guide.md', GUIDE, 20],
  ['README.md', README, 10],
] as const)('every example of %s, against the sample server', (_where, examples, least) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(home, 'cwd-'));
    // As in a project: a .weblate naming the default target, for the examples that give none. The
    // download examples write into locale/, which is not there: wli makes it (issue 24, item 1).
    writeFileSync(join(dir, '.weblate'), '[weblate]\ntranslation = demo/android/cs\n');
  });

  it('there are examples to run, each starting with wli', () => {
    expect(examples.length).toBeGreaterThan(least);
  });

  it.each(examples.map((ex) => [ex.line, ex] as const))('%s', async (_line, ex) => {
    const r = await run(ex, dir);
    const said = r.stderr.split('\n').filter((l) => l !== '' && !/^wli: GET \S+ 200 /.test(l));
    const context = `${ex.where}: ${ex.line}\n${r.stderr}`;

    // Nothing but what wli says on success: files saved or unchanged, gate results (never an error or a hint).
    for (const l of said) expect(l, context).not.toMatch(/error|not found|\b404\b|usage|invalid|unknown|did you mean|hint:|refused|cannot/i);
    const gate =
      ex.args.includes('--fail-under') ||
      ex.args.includes('--fail-on-drop') ||
      ex.args.includes('--check') ||
      ex.args.includes('--fail-if') ||
      ex.args.includes('--fail-over');
    const expected = ex.args.includes('--follow') ? [EXIT.interrupted] : gate ? [0, EXIT.gate] : [0];
    expect(expected, context).toContain(r.code);

    if (ex.redirect) writeFileSync(join(dir, ex.redirect.file), r.stdout, { flag: ex.redirect.append ? 'a' : 'w' });
    if (ex.pipe?.startsWith('jq')) {
      // What jq reads: one JSON value, or one per line.
      const text = r.stdout.toString('utf8');
      expect(text, context).not.toBe('');
      // JSON Lines: -f jsonl, or wli api --paginate without -f (its default format).
      const lines = ex.args.includes('jsonl') || (ex.args.includes('api') && ex.args.includes('--paginate') && !ex.args.includes('-f'));
      const values = lines ? text.trimEnd().split('\n') : [text];
      for (const v of values) expect(() => JSON.parse(v) as unknown, context).not.toThrow();
    }
    // A zip it saved is a zip file.
    for (const f of filesUnder(dir).filter((f) => f.endsWith('.zip')))
      await expect(unzip(readFileSync(join(dir, f))), `${context}\n${f}`).resolves.toBeDefined();
  });
});

it('the examples that save files leave them where they say, and the zip holds the translations', async () => {
  const dirs = readdirSync(home).filter((d) => d.startsWith('cwd-'));
  const saved = dirs.flatMap((d) => filesUnder(join(home, d)));
  expect(saved).toEqual(expect.arrayContaining(['locale/cs.xml', 'locale/cs.po', 'locale/demo-android.zip', 'cs.xml', 'cs.po', 'baseline.json']));
  // Each file holds what its name says: PO in .po, XML in .xml, JSON in .json (issue 29.9).
  const looks: Record<string, RegExp> = { '.po': /^(#.*\n)*msgid /m, '.xml': /^<\?xml /, '.json': /^[[{]/ };
  for (const d of dirs) {
    for (const f of filesUnder(join(home, d))) {
      const ext = Object.keys(looks).find((e) => f.endsWith(e));
      if (ext) expect(readFileSync(join(home, d, f), 'utf8'), `${d}/${f}`).toMatch(looks[ext]!);
    }
  }
  // Each zip example writes demo-android.zip: as stored (the repository's paths), or converted
  // (--convert po: Weblate's exporter names), whichever ran last where it was saved.
  const zips = dirs.map((d) => join(home, d, 'locale', 'demo-android.zip')).filter((f) => existsSync(f));
  expect(zips.length).toBeGreaterThan(0);
  for (const zip of zips) {
    expect((await unzip(readFileSync(zip))).map((e) => e.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(demo\/android\/app\/src\/main\/res\/values-cs\/strings\.xml|demo-android-cs\.po)$/)]),
    );
  }
});
