// Issue 36.8: the generated reference renders every template and lists every target form. A note in
// src/spec/spec.ts written `\${EXIT.usage}` (escaped) reached the man page and docs/commands.md
// literally; the Targets list lacked project/category and project/-/language.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/run.js';
import { TARGETS } from '../src/docs/prose.js';
import { manPage } from '../src/docs/manpage.js';
import { commandsMarkdown } from '../src/docs/markdown.js';

/** A JavaScript template expression left unrendered: `${NAME}` or `${A.B}` (not the shell's `${fpath[1]}`). */
const TEMPLATE = /\$\{[A-Za-z_$][\w$]*(?:\.[\w$]+)*\}/g;

describe('36.8: generated docs hold no template left unrendered', () => {
  it.each(['man/wli.1', 'docs/commands.md', 'completions/wli.bash', 'completions/_wli', 'completions/wli.fish', 'README.md'])('%s', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8').match(TEMPLATE) ?? []).toEqual([]);
  });

  it('the pattern finds what it must (a template left), and passes the shell’s own ${fpath[1]}', () => {
    expect('exit (exit ${EXIT.usage}) and ${name}'.match(TEMPLATE)).toEqual(['${EXIT.usage}', '${name}']);
    expect('wli completion zsh > "${fpath[1]}/_wli"'.match(TEMPLATE)).toBeNull();
  });

  it('as generated now, too (the committed files may lag: test/docs.test.ts holds them equal)', () => {
    expect(manPage().match(TEMPLATE) ?? []).toEqual([]);
    expect(commandsMarkdown().match(TEMPLATE) ?? []).toEqual([]);
  });
});

describe('36.8: the Targets list has every form', () => {
  it.each([
    '/',
    'project',
    'project/category',
    'project/component',
    'project/component/language',
    'project/category/component[/language]',
    'project/-/language',
    'language',
  ])('%s', (form) => {
    expect(TARGETS.map(([f]) => f)).toContain(form);
    expect(readFileSync(join(ROOT, 'docs/commands.md'), 'utf8')).toContain(`| \`${form}\` |`);
  });
});

describe('36.8: the README says what the package holds', () => {
  it('each entry of package.json files is named where the README lists the package', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const said = /The package holds ([^;]*);/.exec(readme.replace(/\n/g, ' '))?.[1] ?? '';
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    for (const f of pkg.files) expect(said, f).toContain(f === 'man/' ? 'man/wli.1' : f === 'README.md' ? 'README' : f);
    expect(said).not.toMatch(/\bonly\b/);
  });
});
