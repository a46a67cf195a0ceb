// The release (issue 31): .github/workflows/release.yml, on a version tag, builds the standalone
// binaries exactly as `npm run build:binaries` does, attaches every one and SHA256SUMS to the GitHub
// release, and publishes the npm package with provenance; README's Install section offers both.
// GitHub runs the workflow, not this machine: this file holds it to the build and to the docs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS, fileName, type Target } from '../scripts/build-binary.js';
import { ROOT } from './support/run.js';

// js-yaml, a devDependency for this test only (it ships no types of its own).
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const text = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
const workflow = load(text) as Workflow;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; files: string[] };
const NAMES = (Object.keys(TARGETS) as Target[]).map(fileName);

/** The shell commands of a job's run steps, one per line, continuations joined. */
const commands = (job: Job): string[] =>
  job.steps
    .flatMap((s) => (s.run ?? '').replace(/\\\n\s*/g, ' ').split('\n'))
    .map((l) => l.trim())
    .filter(Boolean);

describe('.github/workflows/release.yml', () => {
  it('parses, and runs on a version tag only, reading the repository by default', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*'] } });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(Object.keys(workflow.jobs).sort()).toEqual(['binaries', 'npm']);
  });

  it('builds the binaries as `npm run build:binaries` does: a clean install, then that script', () => {
    const run = commands(workflow.jobs.binaries!);
    const install = run.indexOf('npm ci');
    const build = run.indexOf('npm run build:binaries');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(build).toBeGreaterThan(install);
    // No other compile step beside it: the script is the one way to build them.
    expect(run.filter((c) => /\bbun\b|build-binary|--compile/.test(c))).toEqual([]);
    expect(pkg.scripts['build:binaries']).toMatch(/scripts\/build-binary\.ts --all$/);
  });

  it('attaches every target and SHA256SUMS to the release, and checks the sums first', () => {
    const binaries = workflow.jobs.binaries!;
    expect(binaries.permissions).toEqual({ contents: 'write' });
    const upload = commands(binaries).find((c) => c.startsWith('gh release upload'))!;
    expect(upload).toBeDefined();
    const files = upload.split(/\s+/).filter((w) => !w.startsWith('-') && !w.startsWith('"') && !['gh', 'release', 'upload'].includes(w));
    expect(files).toEqual([...NAMES, 'SHA256SUMS']);
    const run = commands(binaries);
    expect(run.indexOf('sha256sum -c SHA256SUMS')).toBeGreaterThanOrEqual(0);
    expect(run.indexOf('sha256sum -c SHA256SUMS')).toBeLessThan(run.findIndex((c) => c.startsWith('gh release upload')));
    expect(run).toContain('test "$GITHUB_REF_NAME" = "v$(node -p \'require("./package.json").version\')"');
  });

  it('publishes the npm package after the binaries, with provenance, through trusted publishing (OIDC)', () => {
    const npm = workflow.jobs.npm!;
    expect(npm.needs).toBe('binaries');
    expect(npm.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    const run = commands(npm);
    expect(run).toContain('npm ci');
    expect(run).toContain('npm publish --provenance --access public');
    expect(npm.steps.find((s) => s.run === 'npm publish --provenance --access public')?.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    // The first publish cannot be trusted yet: the file says that it needs the owner's token.
    expect(text).toMatch(/FIRST publish therefore needs the owner's token/);
  });

  it('the npm package holds no binary', () => {
    expect(pkg.files.some((f) => f.startsWith('dist/binaries') || f === 'dist/' || f === 'dist')).toBe(false);
  });
});

describe("README's Install section offers the binary beside npm", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Install\n');
  const install = readme.slice(start, readme.indexOf('\n## ', start + 1));

  it('names every binary, and how to verify it, make it executable and put it on PATH', () => {
    for (const name of NAMES) expect(install).toContain(name);
    expect(install).toMatch(/^sha256sum -c --ignore-missing SHA256SUMS\b/m);
    expect(install).toMatch(/^chmod \+x wli-linux-x64$/m);
    expect(install).toMatch(/~\/\.local\/bin\/wli/);
    expect(install).toContain('`npm ci && npm run build:binary`');
  });

  it('says that the first npm publish needs the owner token, in CONTRIBUTING.md', () => {
    const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    expect(contributing).toMatch(/NPM_TOKEN/);
    expect(contributing).toMatch(/release\.yml/);
  });
});
