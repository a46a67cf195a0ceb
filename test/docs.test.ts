// The documentation a reader follows: a short README, docs/ beside it, and links that lead somewhere.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/run.js';

const FILES = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (text: string) => new Set(text.split('\n').flatMap((l) => (/^#{1,6} /.test(l) ? [slug(l.replace(/^#+ /, ''))] : [])));

describe('documentation', () => {
  it('the README stays short (at most 12 KB); the rest is in docs/', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(12 * 1024);
    for (const f of ['docs/commands.md', 'docs/guide.md', 'docs/ci.md', 'docs/configuration.md', 'docs/output.md', 'docs/troubleshooting.md', 'docs/performance.md']) expect(FILES).toContain(f);
  });

  it('every relative link leads to a file that exists, and to a heading it has', () => {
    const broken: string[] = [];
    for (const f of FILES) {
      const text = read(f).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path ? relative(ROOT, resolve(dirname(join(ROOT, f)), path)) : f;
        if (!FILES.includes(file) && !readdirSync(join(ROOT, dirname(file))).includes(file.split('/').pop()!)) broken.push(`${f}: ${target}`);
        else if (anchor && file.endsWith('.md') && !anchors(read(file)).has(anchor)) broken.push(`${f}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
