// The documentation a reader follows: a short README, docs/ beside it, links that lead somewhere, and
// nothing that can drift from the program: sample output from real runs, exit codes and figures as declared.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/run.js';
import { fillDocument, filledDocuments } from './support/doc-samples.js';
import { startFakeWeblate } from './support/fake-weblate/index.js';
import { EXIT_CODES } from '../src/core/errors.js';
import { MAX_OUTSIDE_CHARS } from '../src/core/text.js';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  COMPLETION_CACHE_TEXT,
  FIRST_REFUSAL_RETRIES,
  FIRST_REFUSAL_WAIT_MS,
  JSON_INDENT_DEPTH,
  LOW_RATE_NOTE_PERCENT,
  LOW_RATE_REMAINING,
  MAX_BODY_TEXT,
  MAX_FOLLOW_WAIT_TEXT,
  FOLLOW_WINDOW_TEXT,
  MAX_FOLLOW_KEPT_TEXT,
  MAX_REDIRECTS,
  MAX_RETRY_WAIT_MS,
  MAX_TIMEOUT_SECONDS,
  SAVED_RECORD_UNUSED_DAYS,
  PROGRESS_DELAY_MS,
  spokenDuration,
} from '../src/core/limits.js';
import { DEFAULTS, FOLLOW_DEFAULTS } from '../src/spec/spec.js';
import { PROJECT_DOWNLOAD_SINCE, UNITS_SEARCH_SINCE } from '../src/weblate/versions.js';
import { slug } from './support/markdown.js';

const FILES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

const anchors = (text: string) => new Set(text.split('\n').flatMap((l) => (/^#{1,6} /.test(l) ? [slug(l.replace(/^#+ /, ''))] : [])));

describe('documentation', () => {
  it('the README stays short (at most 12 KB); the rest is in docs/', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(12 * 1024);
    for (const f of [
      'docs/commands.md',
      'docs/guide.md',
      'docs/ci.md',
      'docs/configuration.md',
      'docs/output.md',
      'docs/troubleshooting.md',
      'docs/performance.md',
    ])
      expect(FILES).toContain(f);
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

describe('code fences', () => {
  /** Problems with the fenced blocks of a Markdown text: one left open, an empty one (a doubled fence), a fence opened inside a block. */
  function fenceProblems(text: string): string[] {
    const problems: string[] = [];
    let open: { fence: string; line: number } | undefined;
    let empty = false;
    text.split('\n').forEach((l, i) => {
      const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(l);
      if (!open) {
        if (m) [open, empty] = [{ fence: m[1]!, line: i + 1 }, true];
        return;
      }
      if (m && m[1]![0] === open.fence[0] && m[1]!.length >= open.fence.length && m[2]!.trim() === '') {
        if (empty) problems.push(`line ${open.line}: an empty block (a doubled fence?)`);
        open = undefined;
      } else if (m && m[2]!.trim() !== '') problems.push(`line ${i + 1}: a fence with an info string inside the block opened at line ${open.line}`);
      else empty = false;
    });
    if (open) problems.push(`line ${open.line}: a block that is never closed`);
    return problems;
  }

  it.each(FILES)('%s: every fenced block is opened and closed once, and holds something', (f) => {
    expect(fenceProblems(read(f))).toEqual([]);
  });

  it('can fail: a doubled fence, a missing close and an unclosed block are found', () => {
    expect(fenceProblems('```\n```\nwli ls\n```\n```\n')).toEqual(['line 1: an empty block (a doubled fence?)', 'line 4: an empty block (a doubled fence?)']);
    expect(fenceProblems('```sh\nwli ls\n\n```console\n$ wli\n```\n')).toEqual(['line 4: a fence with an info string inside the block opened at line 1']);
    expect(fenceProblems('text\n```sh\nwli ls\n')).toEqual(['line 2: a block that is never closed']);
  });
});

describe('exit codes', () => {
  /** The rows of the table under a heading: [code, meaning]. */
  const tableUnder = (text: string, heading: string) =>
    text
      .split(`\n${heading}\n`)[1]!
      .split('\n## ')[0]!
      .split('\n')
      .flatMap((l) => {
        const m = /^\| (\d+) \| (.*) \|$/.exec(l);
        return m ? [[Number(m[1]), m[2]!] as const] : [];
      });

  it("README's table is the declaration in src/core/errors.ts, code for code and word for word", () => {
    expect(tableUnder(read('README.md'), '## Exit codes')).toEqual(EXIT_CODES);
  });

  it("docs/troubleshooting.md's exit column names only declared codes", () => {
    const declared = new Set(EXIT_CODES.map(([code]) => code));
    const rows = read('docs/troubleshooting.md')
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| situation') && !l.startsWith('|---'));
    expect(rows.length).toBeGreaterThan(20);
    // "6 (1 for 503)": the codes, not the HTTP status they depend on.
    const cited = rows.flatMap((l) =>
      [
        ...l
          .split(' | ')
          .at(-1)!
          .matchAll(/(?<!for )\b\d+\b/g),
      ].map((m) => Number(m[0])),
    );
    expect(cited.filter((c) => !declared.has(c))).toEqual([]);
    expect(cited.length).toBeGreaterThan(20);
  });
});

describe('sample output', () => {
  it('every sample block of README.md and docs/*.md is what a fresh run prints (npm run docs)', async () => {
    const filled = await filledDocuments();
    expect(filled.filter(([, text]) => text.includes('<!-- sample')).map(([path]) => path)).toEqual(
      expect.arrayContaining(['README.md', 'docs/ci.md', 'docs/guide.md']),
    );
    for (const [path, text] of filled)
      expect(read(path) === text, `${path} differs from a fresh run of its samples: run \`npm run docs\` and commit the result`).toBe(true);
  });

  it('fills a stale block from a real run: commands, files, redirects, stderr and the exit code', async () => {
    const server = await startFakeWeblate();
    try {
      const doc = [
        'Before.',
        '<!-- sample',
        'base.json: [{"wli_target": "demo/android/cs", "translated_percent": 80.0}]',
        '$ wli stats demo/android/cs -f json > now.json',
        '$ wli stats demo/android/cs demo/android/de --baseline base.json --fail-on-drop',
        '$ wli stats demo/android/cs demo/android/de --baseline now.json -f markdown',
        '-->',
        '```console',
        'stale',
        '```',
        '<!-- /sample -->',
        '<!-- sample json',
        '$ wli language cs -f json --fields code,direction',
        '-->',
        '<!-- /sample -->',
        'After.',
        '',
      ].join('\n');
      const filled = await fillDocument(doc, 'x.md', server.url);
      expect(filled).toBe(
        [
          'Before.',
          ...doc.split('\n').slice(1, 7),
          '```console',
          '$ wli stats demo/android/cs -f json > now.json',
          '$ wli stats demo/android/cs demo/android/de --baseline base.json --fail-on-drop',
          'TARGET           TRANSLATED  CHANGE  STRINGS  FUZZY  FAILING  APPROVED  LAST CHANGE',
          'demo/android/cs       78.1%    -1.9    25/32      2        1         3  2026-11-21 13:02',
          'demo/android/de       62.5%     new    20/32      1        0         1  2026-11-21 13:03',
          'wli: 1 row(s) dropped since the baseline (translated): demo/android/cs (80.0% → 78.1%, -1.9)',
          // demo/android/de is not in the baseline: no drop to judge it by (issue 35.3).
          'wli: 0 of 1 judged row passed, 1 failed; 1 not judged: demo/android/de',
          '$ echo $?',
          '3',
          '$ wli stats demo/android/cs demo/android/de --baseline now.json -f markdown',
          '| target | translated | change | strings | fuzzy | failing | approved | last change |',
          '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
          '| demo/android/cs | 78.1% | 0.0 | 25/32 | 2 | 1 | 3 | 2026-11-21 13:02 |',
          '| demo/android/de | 62.5% | new | 20/32 | 1 | 0 | 1 | 2026-11-21 13:03 |',
          '```',
          '<!-- /sample -->',
          ...doc.split('\n').slice(11, 14),
          '```json',
          '{',
          '  "code": "cs",',
          '  "direction": "ltr"',
          '}',
          '```',
          '<!-- /sample -->',
          'After.',
          '',
        ].join('\n'),
      );
      await expect(fillDocument('<!-- sample\n$ wli ls\n-->\n```console\n```\n', 'x.md', server.url)).rejects.toThrow(/1 sample marker\(s\), 0 closed/);
      await expect(fillDocument('<!-- sample\nwli ls\n-->\n<!-- /sample -->\n', 'x.md', server.url)).rejects.toThrow(/x\.md:1: a sample marker line is/);
    } finally {
      await server.close();
    }
  });
});

describe('figures stated in the hand-written docs are the constants of the code', () => {
  const [first, ...rest] = String(BACKOFF_FIRST_MS / 1000);
  /** [file, a statement with the figure captured, what the figure must read]. Each statement must be found. */
  const FIGURES: Array<[file: string, statement: RegExp, expected: string]> = [
    ['docs/troubleshooting.md', /asking to wait more than (\d+ s)\b/g, spokenDuration(MAX_RETRY_WAIT_MS)],
    ['docs/troubleshooting.md', /backoff and jitter \((\S+ s), /g, `${[first, ...rest].join('')} s`],
    ['docs/troubleshooting.md', /… up to (\d+ s)\)/g, spokenDuration(BACKOFF_MAX_MS)],
    ['docs/troubleshooting.md', /(one) quick retry \(after \d+ ms\)/g, FIRST_REFUSAL_RETRIES === 1 ? 'one' : String(FIRST_REFUSAL_RETRIES)],
    ['docs/troubleshooting.md', /quick retry \(after (\d+ ms)\)/g, spokenDuration(FIRST_REFUSAL_WAIT_MS)],
    ['docs/troubleshooting.md', /followed \(up to (\d+)\)/g, String(MAX_REDIRECTS)],
    ['docs/troubleshooting.md', /(\d+ MiB)/g, MAX_BODY_TEXT],
    ['docs/troubleshooting.md', /`--timeout` above ([\d,]+) s/g, MAX_TIMEOUT_SECONDS.toLocaleString('en-US')],
    ['docs/troubleshooting.md', /`--timeout` takes seconds above 0 up to ([\d,]+);/g, MAX_TIMEOUT_SECONDS.toLocaleString('en-US')],
    ['docs/troubleshooting.md', /nested deeper than (\d+) levels/g, String(JSON_INDENT_DEPTH)],
    ['docs/troubleshooting.md', /cut at (\d+) characters/g, String(MAX_OUTSIDE_CHARS)],
    ['docs/troubleshooting.md', /timed out after (\d+)s/g, String(DEFAULTS.timeoutSeconds)],
    ['docs/guide.md', /the (\d+) most recent changes/g, String(FOLLOW_DEFAULTS.recent)],
    ['docs/guide.md', /\(the last (\d+), `-L n`/g, String(FOLLOW_DEFAULTS.recent)],
    ['docs/guide.md', /`--interval <seconds>` \(default (\d+),/g, String(FOLLOW_DEFAULTS.intervalSeconds)],
    ['docs/guide.md', /`X-RateLimit-Remaining` falls to (\d+) or below/g, String(LOW_RATE_REMAINING)],
    ['docs/guide.md', /No wait is longer than (an? \w+|\d+ \w+)/g, MAX_FOLLOW_WAIT_TEXT],
    ['docs/guide.md', /each poll asks again from (an? \w+|\d+ \w+) before the newest change shown/g, FOLLOW_WINDOW_TEXT],
    ['docs/guide.md', /at most ([\d,]+) ids are kept/g, MAX_FOLLOW_KEPT_TEXT],
    ['docs/troubleshooting.md', /more than ([\d,]+) changes within/g, MAX_FOLLOW_KEPT_TEXT],
    ['docs/troubleshooting.md', /asks again from (an? \w+|\d+ \w+) before the newest change shown/g, FOLLOW_WINDOW_TEXT],
    ['docs/guide.md', /less than (\d+) % of `X-RateLimit-Limit`/g, String(LOW_RATE_NOTE_PERCENT)],
    ['docs/guide.md', /(?:since|needs Weblate) (\d+\.\d+\.\d+)/g, UNITS_SEARCH_SINCE],
    ['docs/guide.md', /Weblate (\d+\.\d+) or newer/g, PROJECT_DOWNLOAD_SINCE],
    ['docs/configuration.md', /keeps each list for (\S+ \w+) in/g, COMPLETION_CACHE_TEXT],
    ['docs/configuration.md', /longer\s+than (\d+ ms)/g, spokenDuration(PROGRESS_DELAY_MS)],
    ['docs/configuration.md', /records unused for (\d+) days/g, String(SAVED_RECORD_UNUSED_DAYS)],
    ['docs/performance.md', /The default `--page-size` (\d+) was chosen/g, String(DEFAULTS.pageSize)],
    ['README.md', /Needs Node\.js (\S+) or later/g, JSON.parse(read('package.json')).engines.node.replace(/^>=/, '')],
  ];

  it.each(FIGURES)('%s: %s', (file, statement, expected) => {
    const found = [...read(file).matchAll(statement)].map((m) => m[1]);
    expect(found.length, `${file} no longer says ${statement}: update the statement here`).toBeGreaterThan(0);
    expect(found.filter((f) => f !== expected)).toEqual([]);
  });
});
