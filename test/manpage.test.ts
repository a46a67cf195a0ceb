// The man page: generated from src/spec/spec.ts, committed as man/wli.1, clean for groff, and complete.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { manPage } from '../src/docs/manpage.js';
import { commandsMarkdown } from '../src/docs/markdown.js';
import { ENVIRONMENT, EXIT_CODES, FORMATS, GLOBAL_OPTIONS, METRICS, STATE_NAMES, type OptionSpec } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';
import { ROOT } from './support/run.js';

const FILE = join(ROOT, 'man/wli.1');
const page = readFileSync(FILE, 'utf8');

function groff(args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync('groff', ['-man', ...args, FILE], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' } });
  expect(r.error).toBeUndefined();
  expect(r.status).toBe(0);
  return r;
}

/** The page as a reader sees it: no bold/underline, one long line per paragraph, ASCII dashes. */
let rendered = '';

describe('man/wli.1', () => {
  // Rendered in a hook, not at import time: a failing groff is a failing test with its message.
  beforeAll(() => {
    const { stdout } = groff(['-Tutf8', '-rLL=400n', '-P-cbou']);
    rendered = stdout.replace(/[\u2010\u2212]/g, '-');
  });

  it('is up to date', () => {
    expect(page === manPage(), 'man/wli.1 differs from the generator output: run `npm run docs` and commit the result').toBe(true);
  });

  it('sets every example command on a line of its own, apart from what it does', () => {
    const lines = new Set(rendered.split('\n').map((l) => l.trim()));
    const missing = COMMANDS.flatMap((c) => c.examples.map(([cmd]) => cmd)).filter((cmd) => !lines.has(cmd));
    expect(missing).toEqual([]);
  });

  it('has no groff warnings', () => {
    expect(groff(['-ww', '-z']).stderr).toBe('');
    expect(groff(['-ww', '-z', '-Tutf8']).stderr).toBe('');
  });

  it('uses only plain -man requests, and escapes text that would look like one', () => {
    const requests = page.split('\n').filter((l) => /^[.']/.test(l));
    for (const r of requests) expect(r, r).toMatch(/^\.(\\"|TH|SH|SS|TP|PP|IP|RS|RE|nf|fi|br|sp|nh|ad|BR) ?/);
    expect(page).toMatch(/^\.TH WLI 1 /m);
    expect(page).not.toMatch(/[^\x00-\x7f]/);
  });

  it('has every section', () => {
    const sections = [...page.matchAll(/^\.SH (.*)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([
      'NAME',
      'SYNOPSIS',
      'DESCRIPTION',
      'COMMANDS',
      'OPTIONS',
      'OUTPUT FORMATS',
      'EXIT STATUS',
      'ENVIRONMENT',
      'FILES',
      'EXAMPLES',
      'SEE ALSO',
    ]);
  });

  it('renders every command with its options and examples', () => {
    for (const c of COMMANDS) {
      expect(rendered).toContain(`wli ${c.name}`);
      for (const o of c.options) for (const name of o.flags.match(/--?[\w-]+/g)!) expect(rendered, `${c.name} ${name}`).toContain(name);
      for (const [example] of c.examples) expect(rendered).toContain(example);
    }
  });

  it('renders every global option, with defaults and environment variables', () => {
    const globals: readonly OptionSpec[] = GLOBAL_OPTIONS;
    for (const o of globals) {
      // The entry's tag: '-f, --format <fmt>' shows as '-f, --format fmt'.
      const tag = o.flags.replace(/[<>]/g, '');
      expect(
        rendered.split('\n').map((l) => l.trim()),
        tag,
      ).toContain(tag);
      if (o.defaultText) expect(rendered).toContain(`Default: ${o.defaultText}.`);
      if (o.env) expect(rendered).toContain(`Environment: ${o.env}.`);
    }
    expect(rendered).toContain('-h, --help');
    expect(rendered).toContain('-V, --version');
  });

  it('renders the values, exit codes and environment of the spec', () => {
    for (const v of [...FORMATS, ...STATE_NAMES, ...METRICS]) expect(rendered).toContain(v);
    for (const [code] of EXIT_CODES) expect(rendered).toMatch(new RegExp(`^ +${code} +[A-Z]`, 'm'));
    for (const [name] of ENVIRONMENT) expect(rendered).toContain(name);
    expect(rendered).toContain('wlc(1), jq(1)');
  });

  it('writes options so that they copy as ASCII hyphen-minus', () => {
    expect(page).toContain('\\fB\\-\\-allow\\-insecure\\-http\\fR');
    expect(page).toContain('\\fBwli units demo/android/cs \\-\\-state needs\\-editing,empty \\-L 20\\fR');
    expect(page).not.toMatch(/(^|\s)--?[a-z]/m);
  });
});

describe('docs/commands.md', () => {
  const doc = () => readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
  it('is up to date (generated from spec.ts like the man page: npm run docs)', () => {
    expect(doc() === commandsMarkdown(), 'docs/commands.md differs from the generator output: run `npm run docs` and commit the result').toBe(true);
  });
  it('has every command, option, example and exit code', () => {
    const text = doc();
    for (const c of COMMANDS) {
      expect(text).toContain(`### wli ${c.name}\n`);
      for (const o of c.options) for (const name of o.flags.match(/--?[\w-]+/g)!) expect(text, `${c.name} ${name}`).toContain(`\`${name}\``);
      for (const [example] of c.examples) expect(text).toContain(example);
    }
    for (const o of GLOBAL_OPTIONS) expect(text).toContain(`\`${/--[\w-]+/.exec(o.flags)![0]}\``);
    for (const [code] of EXIT_CODES) expect(text).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
  });
  it("shows each option's note in that option's row", () => {
    const rows = doc().split('\n');
    const options: Array<[string, OptionSpec]> = [
      ...GLOBAL_OPTIONS.map((o): [string, OptionSpec] => ['', o]),
      ...COMMANDS.flatMap((c) => c.options.map((o): [string, OptionSpec] => [c.name, o])),
    ];
    const noted = options.filter(([, o]) => o.note);
    expect(noted.length).toBeGreaterThan(5);
    for (const [command, o] of noted) {
      const long = /--[\w-]+/.exec(o.flags)![0];
      const section = command ? doc().split(`### wli ${command}\n`)[1]!.split('\n### ')[0]! : doc().split('## Global options\n')[1]!;
      const row = section.split('\n').find((l) => l.startsWith(`| \``) && l.includes(`\`${long}\``));
      expect(row, `${command} ${long}`).toBeDefined();
      expect(row!.endsWith(` ${o.note!.replace(/\|/g, '\\|')} |`), `${command} ${long}: ${row}`).toBe(true);
      expect(rows).toContain(row);
    }
  });
});
