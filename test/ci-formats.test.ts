// Issue 30 (items 1–4, 6, 8): the formats CI systems read, each parsed by a real parser of its format:
// GitHub workflow commands by the runner's own rules (support/workflow-commands.ts), JUnit XML by
// libxml2 (xmllint-wasm) against a JUnit schema and read back by fast-xml-parser, Code Quality by ajv
// against a JSON schema of GitLab's format, OpenMetrics by prometheus_client's strict parser (Debian's
// python3-prometheus-client; .ci/run installs it): the parsers are in support/ci-reports.ts. And a
// format a command cannot write is exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_STEP_SUMMARY_BYTES } from '../src/core/limits.js';
import type { CheckReport } from '../src/output/result.js';
import { workflowCommand } from '../src/output/github.js';
import { writeJunit } from '../src/output/junit.js';
import { writeOpenMetrics, type MetricFamily } from '../src/output/openmetrics.js';
import { DATA_FORMATS } from '../src/spec/spec.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn } from './support/run.js';
import { parseWorkflowCommand, parseWorkflowCommands } from './support/workflow-commands.js';
import {
  HAS_OPENMETRICS_PARSER as HAS_PARSER,
  REQUIRE_PARSERS as REQUIRED,
  readCodeQuality,
  readJunit as junit,
  readOpenMetrics as openMetrics,
} from './support/ci-reports.js';

let fake: FakeWeblate;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'wli-ci-formats-'));
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => fake.filenames(null));

const ANDROID = (lang: string) => `app/src/main/res/values-${lang}/strings.xml`;

/** A run in-process and the API paths it asked. */
async function run(args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}) {
  const before = fake.requests.length;
  const r = await wliIn(args, { env: { ...env, ...opts.env }, cwd: opts.cwd });
  return { ...r, asked: fake.requests.slice(before).map((q) => q.path.replace(/^\/api\//, '')) };
}

/** Text as a sink collects it (the writers' unit tests). */
async function written(write: (out: { write(chunk: string | Uint8Array): Promise<void> }) => Promise<void>): Promise<string> {
  let text = '';
  await write({ write: async (c) => void (text += String(c)) });
  return text;
}

// Server text that would break each format if written raw: a workflow command (%, :, ,, CR, LF, ::),
// XML (<, &, quotes, a control character), OpenMetrics (\, ", LF).
const HOSTILE = 'a%25b:c,d\r\ne::f <g>&"h\' \\i';

/**
 * A component whose one statistics row carries `code` as given (a hostile server); with `filename`, its
 * translations list too (asked only by the formats that name files: each fault answers once).
 */
function hostileComponent(code: string, filename?: string): void {
  const page = (results: unknown[]) => JSON.stringify({ count: results.length, next: null, previous: null, results });
  const row = { code, name: 'Hostile', total: 10, translated: 1, translated_percent: 10, approved: 0, approved_percent: 0, fuzzy: 0, fuzzy_percent: 0 };
  fake.fault('/components/demo/android/statistics/', { kind: 'rawBody', body: page([row]), contentType: 'application/json' });
  if (filename === undefined) return;
  fake.fault('/components/demo/android/translations/', {
    kind: 'rawBody',
    body: page([{ language: { code }, language_code: code, filename }]),
    contentType: 'application/json',
  });
}

describe('-f github: workflow commands, as the runner reads them', () => {
  it('one ::error per failing row, on its repository file; passing rows print nothing; exit 3 as the gate says', async () => {
    const r = await run(['stats', 'demo/android', '--skip-source', '--fail-under', '75', '-f', 'github']);
    expect(r.code).toBe(3);
    const commands = parseWorkflowCommands(r.stdout);
    expect(commands).toEqual([
      {
        command: 'error',
        properties: { file: ANDROID('ar'), title: 'demo/android/ar below 75%' },
        message: 'demo/android/ar: 59.3% translated, below 75%',
      },
      {
        command: 'error',
        properties: { file: ANDROID('de'), title: 'demo/android/de below 75%' },
        message: 'demo/android/de: 62.5% translated, below 75%',
      },
    ]);
    // stderr still names the failing rows; the filenames came from the component's translations list, once.
    expect(r.stderr).toContain('2 of 4 row(s) below 75% translated');
    expect(r.asked.filter((p) => p === 'components/demo/android/translations/')).toHaveLength(1);
  });

  it('rows without a file carry no file= (a language, a project, a component without filename); filenames asked once per failing component', async () => {
    const r = await run(['stats', 'demo/glossary', 'cs', 'demo/android/cs', '--project', 'demo', '--fail-under', '99', '-f', 'github']);
    expect(r.code).toBe(3);
    const byTitle = new Map(parseWorkflowCommands(r.stdout).map((c) => [c!.properties.title, c!]));
    expect(byTitle.get('demo/android/cs below 99%')?.properties.file).toBe(ANDROID('cs'));
    for (const title of ['cs below 99%', 'demo/-/cs below 99%', 'demo/- below 99%']) {
      expect(byTitle.get(title), title).toBeDefined();
      expect(byTitle.get(title)!.properties).not.toHaveProperty('file');
    }
    // The glossary passes (100%): its list is not asked; android's is asked once for its failing row.
    expect(r.asked.filter((p) => p.endsWith('/translations/'))).toEqual(['components/demo/android/translations/']);
  });

  it('without a failing row (no gate, or all pass) stdout is empty and no filename is asked', async () => {
    for (const [args, stderr] of [
      [[], ''],
      // demo/android/ja has no strings: it passes as Weblate's 100 %, and stderr says so.
      [['--fail-under', '10'], 'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n'],
    ] as const) {
      const r = await run(['stats', 'demo/android', ...args, '-f', 'github']);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, '', stderr]);
      expect(r.asked).toEqual(['components/demo/android/statistics/']);
    }
  });

  it('server text with %, :, ,, CR, LF and :: cannot break a command: every field round-trips through the runner', async () => {
    hostileComponent(HOSTILE, `dir:a,b/${HOSTILE}.po`);
    const r = await run(['stats', 'demo/android', '--fail-under', '50', '-f', 'github']);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n')).toHaveLength(2); // one line and its newline
    const [c] = parseWorkflowCommands(r.stdout);
    expect(c).toEqual({
      command: 'error',
      properties: { file: `dir:a,b/${HOSTILE}.po`, title: `demo/android/${HOSTILE} below 50%` },
      message: `demo/android/${HOSTILE}: 10% translated, below 50%`,
    });
  });

  it('the escaping is actions/toolkit’s: a title and a message of any text round-trip; other controls are shown, never sent', () => {
    for (const text of [HOSTILE, '%0A%3A%2C%25', '::error::x', 'line\nline\r\nline\rline', 'ends:', ',']) {
      const line = workflowCommand('error', { file: text, title: text }, text);
      expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n') && !line.includes('\r'), line).toBe(true);
      expect(parseWorkflowCommand(line.slice(0, -1))).toEqual({ command: 'error', properties: { file: text, title: text }, message: text });
    }
    const c = parseWorkflowCommand(workflowCommand('error', {}, 'a\u001b]0;x\u0007b\u202ec').slice(0, -1));
    expect(c?.message).toBe('a\\e]0;x\\x07b\\u202ec');
  });

  it('at most 10 annotations, then one notice saying how many more failed', async () => {
    // 18 rows, 11 of them below 100%: each a subject of its own.
    const targets = ['demo/android', 'demo/glossary', 'demo/docs/guide', 'ar', 'cs', 'de', '--project', 'demo'];
    const r = await run(['stats', ...targets, '--fail-under', '100', '-f', 'github']);
    expect(r.code).toBe(3);
    const commands = parseWorkflowCommands(r.stdout);
    expect(commands.map((c) => c?.command)).toEqual([...Array<string>(10).fill('error'), 'notice']);
    expect(commands[10]!.message).toMatch(/^1 more row failed: GitHub shows at most 10 error annotations per step; the log names every one$/);
    expect(r.stderr).toContain('11 of 18 row(s) below 100% translated');
  });

  it('a row that several targets name is judged once: one annotation, one count (issue 35.6)', async () => {
    // Each run of demo/android has 3 rows below 99% (ar, cs, de): five times the same target.
    const r = await run(['stats', ...Array.from({ length: 5 }, () => 'demo/android'), 'demo/android/cs', '--fail-under', '99', '-f', 'github']);
    expect(r.code).toBe(3);
    expect(parseWorkflowCommands(r.stdout).map((c) => c?.properties.title)).toEqual([
      'demo/android/ar below 99%',
      'demo/android/cs below 99%',
      'demo/android/de below 99%',
    ]);
    expect(r.stderr).toContain('3 of 5 row(s) below 99% translated');
  });

  describe('$GITHUB_STEP_SUMMARY', () => {
    it('the table and a verdict are appended to it (what it held is kept); stdout stays workflow commands only', async () => {
      const summary = join(dir, 'summary-append.md');
      writeFileSync(summary, '# earlier step\n');
      const r = await run(['stats', 'demo/android', '--skip-source', '--fail-under', '75', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      expect(r.code).toBe(3);
      expect(parseWorkflowCommands(r.stdout).every((c) => c?.command === 'error')).toBe(true);
      const markdown = (await wliIn(['stats', 'demo/android', '--skip-source', '--fail-under', '75', '-f', 'markdown'], { env })).stdout;
      expect(readFileSync(summary, 'utf8')).toBe(`# earlier step\n\n${markdown}\n**❌ wli stats: 2 of 4 judged rows passed, 2 failed**\n`);
    });

    it('a passing gate says so; no gate says that nothing was gated', async () => {
      const summary = join(dir, 'summary-verdicts.md');
      await run(['stats', 'demo/android/cs', '--fail-under', '50', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      await run(['stats', 'demo/android/cs', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      const verdicts = readFileSync(summary, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('**'));
      expect(verdicts).toEqual([
        '**✅ wli stats: 1 of 1 judged row passed**',
        '**wli stats: nothing judged: 1 row, no gate (--fail-under or --fail-on-drop gates them)**',
      ]);
    });

    it('never past the 1 MiB GitHub shows of a step: the table is cut, saying how many rows were left out', async () => {
      const summary = join(dir, 'summary-full.md');
      // Room for the header and about two rows: an earlier step left the summary nearly full.
      writeFileSync(summary, 'x'.repeat(GITHUB_STEP_SUMMARY_BYTES - 450));
      const r = await run(['stats', 'demo/android', '--fail-under', '75', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      expect(r.code).toBe(3);
      const text = readFileSync(summary, 'utf8');
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(GITHUB_STEP_SUMMARY_BYTES);
      const added = text.slice(GITHUB_STEP_SUMMARY_BYTES - 450);
      expect(added).toMatch(/\n_\d more rows? not shown: a job summary holds at most 1 MiB\._\n\n\*\*❌ wli stats: 3 of 5 judged rows passed, 2 failed\*\*\n$/);
      expect(added).toContain('| target |');

      // Full: nothing appended, said on stderr; the annotations are still written.
      writeFileSync(summary, 'x'.repeat(GITHUB_STEP_SUMMARY_BYTES - 10));
      const full = await run(['stats', 'demo/android', '--fail-under', '75', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } });
      expect(full.code).toBe(3);
      expect(full.stderr).toContain('already holds the 1 MiB GitHub shows of a step: nothing appended');
      expect(readFileSync(summary, 'utf8')).toHaveLength(GITHUB_STEP_SUMMARY_BYTES - 10);
      expect(parseWorkflowCommands(full.stdout)).toHaveLength(2);
    });

    it('a summary that cannot be written is exit 7, naming it', async () => {
      const r = await run(['stats', 'demo/android', '--fail-under', '75', '-f', 'github'], { env: { GITHUB_STEP_SUMMARY: join(dir, 'no-such-dir', 's.md') } });
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(/cannot append to the job summary .*no-such-dir\/s\.md \(\$GITHUB_STEP_SUMMARY\): no such directory/);
    });
  });
});

describe('-f junit: valid JUnit XML', () => {
  it('one testcase per row (passing ones too), a failure with the reason for each failing row, counts right', async () => {
    const r = await run(['stats', 'demo/android', 'cs', '--project', 'demo', '--fail-under', '75', '-f', 'junit']);
    expect(r.code).toBe(3);
    const { testsuites } = await junit(r.stdout);
    const suite = testsuites.testsuite;
    const json = JSON.parse((await wliIn(['stats', 'demo/android', 'cs', '--project', 'demo', '-f', 'json'], { env })).stdout) as Array<{
      wli_target: string;
    }>;
    expect(suite.testcase.map((t) => t.name)).toEqual(json.map((row) => row.wli_target));
    const failed = suite.testcase.filter((t) => t.failure);
    expect([suite.name, suite.tests, suite.failures]).toEqual(['wli stats', String(json.length), String(failed.length)]);
    expect(failed.map((t) => t.name)).toEqual(['demo/android/ar', 'demo/android/de', 'cs', 'demo/-/ar', 'demo/-/cs', 'demo/-/de']);
    expect(failed[0]!.failure).toMatchObject({ message: 'demo/android/ar: 59.3% translated, below 75%', type: 'fail-under' });
    expect(new Set(suite.testcase.map((t) => t.classname))).toEqual(new Set(['demo/android', 'languages', 'demo']));
    // No filenames are needed for JUnit: nothing but the statistics was asked.
    expect(r.asked.some((p) => p.endsWith('/translations/'))).toBe(false);
  });

  it('server text is escaped: it parses back as sent, and what XML 1.0 cannot hold is a visible escape', async () => {
    hostileComponent(`${HOSTILE}\u0001\t\ud800`);
    const r = await run(['stats', 'demo/android', '--fail-under', '50', '-f', 'junit']);
    expect(r.code).toBe(3);
    const [testcase] = (await junit(r.stdout)).testsuites.testsuite.testcase;
    expect(testcase!.name).toBe(`demo/android/${HOSTILE}\\u0001\t\\ud800`);
    expect(testcase!.failure!.message).toBe(`demo/android/${HOSTILE}\\u0001\t\\ud800: 10% translated, below 50%`);
  });

  it('a report of no rows and of passing rows is valid too', async () => {
    const report: CheckReport = { verdict: { suite: 'wli stats', noun: 'row', subjects: [], gated: true, exitCode: 3, messages: [] } };
    await junit(await written((out) => writeJunit(out, report)));
    const r = await run(['stats', 'demo/android', '-f', 'junit']);
    expect(r.code).toBe(0);
    expect((await junit(r.stdout)).testsuites.testsuite.failures).toBe('0');
  });
});

describe('-f codequality: GitLab Code Quality JSON', () => {
  const report = readCodeQuality;

  it('one issue per failing row at its repository file; fingerprints stable across runs and unique', async () => {
    const args = ['stats', 'demo/android', 'demo/android', '--skip-source', '--fail-under', '75', '-f', 'codequality'];
    const first = await run(args);
    expect(first.code).toBe(3);
    const issues = report(first.stdout);
    // A target named twice is one issue each.
    expect(issues.map((i) => [i.location.path, i.check_name, i.description])).toEqual([
      [ANDROID('ar'), 'wli/fail-under', 'demo/android/ar: 59.3% translated, below 75%'],
      [ANDROID('de'), 'wli/fail-under', 'demo/android/de: 62.5% translated, below 75%'],
    ]);
    const again = report((await run(['stats', 'demo/android', '--fail-under', '70', '-f', 'codequality'])).stdout);
    expect(again.map((i) => i.fingerprint)).toEqual(issues.map((i) => i.fingerprint));
  });

  it('a row without a file points at the project file, else the component’s first file, else .weblate', async () => {
    // Approved strings: the glossary's rows and Czech are below 50%.
    const args = ['stats', 'demo/glossary', 'cs', '--metric', 'approved', '--fail-under', '50', '-f', 'codequality'];
    // No project file: the glossary's rows have no filename; its first file is the source's here.
    fake.filenames({ 'demo/glossary/en': 'glossary/en.tbx' });
    const paths = (stdout: string) => Object.fromEntries(report(stdout).map((i) => [i.description.split(':')[0], i.location.path]));
    expect(paths((await run(args)).stdout)).toEqual({ 'demo/glossary/en': 'glossary/en.tbx', 'demo/glossary/cs': 'glossary/en.tbx', cs: '.weblate' });
    // A project file that names a translation: at the repository's root, so its name is its path.
    const repo = mkdtempSync(join(dir, 'repo-'));
    writeFileSync(join(repo, '.weblate.ini'), '[weblate]\ntranslation = demo/glossary/cs\n');
    expect(paths((await run(args, { cwd: repo })).stdout)).toEqual({
      'demo/glossary/en': 'glossary/en.tbx',
      'demo/glossary/cs': '.weblate.ini',
      cs: '.weblate.ini',
    });
  });

  it('nothing failing is an empty array', async () => {
    const r = await run(['stats', 'demo/android', '-f', 'codequality']);
    expect([r.code, r.stdout]).toEqual([0, '[]\n']);
    expect(report(r.stdout)).toEqual([]);
  });

  it('a drop since the baseline is an issue of its own check', async () => {
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify([{ wli_target: 'demo/android/de', translated_percent: 63.5 }]));
    const r = await run(['stats', 'demo/android', '--baseline', baseline, '--fail-on-drop', '-f', 'codequality']);
    expect(r.code).toBe(3);
    expect(report(r.stdout).map((i) => [i.check_name, i.description])).toEqual([
      ['wli/fail-on-drop', 'demo/android/de: translated dropped from 63.5% to 62.5% (-1.0 points) since the baseline'],
    ]);
  });
});

// ------------------------------------------------------------------------------------ OpenMetrics

describe.runIf(REQUIRED)('the OpenMetrics parser', () => {
  it('is installed (python3-prometheus-client), as .ci/run makes sure', () => expect(HAS_PARSER).toBe(true));
});

describe.skipIf(!HAS_PARSER)(
  HAS_PARSER ? '-f openmetrics, read by prometheus_client' : '-f openmetrics: SKIPPED, no OpenMetrics parser (apt-get install python3-prometheus-client)',
  () => {
    it('gauges of shares and counts per row, labelled by identity, each family whole, # EOF last', async () => {
      const r = await run(['stats', 'demo/android', 'cs', '--project', 'demo', '-f', 'openmetrics']);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout.endsWith('\n# EOF\n')).toBe(true);
      const families = openMetrics(r.stdout);
      const rows = JSON.parse((await wliIn(['stats', 'demo/android', 'cs', '--project', 'demo', '-f', 'json'], { env })).stdout) as Array<
        Record<string, unknown>
      >;
      const translated = families.find((f) => f.name === 'wli_translated_ratio')!;
      expect([translated.type, translated.unit]).toEqual(['gauge', 'ratio']);
      expect(translated.samples).toHaveLength(rows.length);
      for (const [i, row] of rows.entries()) {
        const sample = translated.samples[i]!;
        expect(sample.labels).toEqual({
          project: row.wli_project ?? '',
          component: row.wli_component ?? '',
          language: row.wli_language ?? '',
          target: row.wli_target,
        });
        expect(sample.value).toBeCloseTo((row.translated_percent as number) / 100, 12);
      }
      const counts = families.find((f) => f.name === 'wli_translated_strings')!;
      expect(counts.samples.map((s) => s.value)).toEqual(rows.map((row) => row.translated));
      expect(families.map((f) => f.name)).toEqual(
        expect.arrayContaining(['wli_approved_ratio', 'wli_fuzzy_ratio', 'wli_failing_checks_ratio', 'wli_strings', 'wli_fuzzy_strings', 'wli_failing_checks']),
      );
      // The numbers are the server's percentages over 100, as written.
      expect(r.stdout).toContain('wli_translated_ratio{project="demo",component="android",language="cs",target="demo/android/cs"} 0.781\n');
    });

    it('label values from the server are escaped: they parse back as sent', async () => {
      hostileComponent(HOSTILE);
      const r = await run(['stats', 'demo/android', '-f', 'openmetrics']);
      expect(r.code).toBe(0);
      const sample = openMetrics(r.stdout).find((f) => f.name === 'wli_translated_ratio')!.samples[0]!;
      expect(sample.labels).toEqual({ project: 'demo', component: 'android', language: HOSTILE, target: `demo/android/${HOSTILE}` });
      expect(sample.value).toBe(0.1);
    });

    it('the writer: help escaped, a family without samples still declared, no rows still ends with # EOF', async () => {
      const families: MetricFamily[] = [
        { name: 'wli_x_ratio', type: 'gauge', unit: 'ratio', help: 'a "help" \\ with\nlines', samples: [] },
        { name: 'wli_y', type: 'gauge', help: 'y', samples: [{ labels: { target: 'a"b\\c\nd' }, value: 3 }] },
      ];
      const parsed = openMetrics(await written((out) => writeOpenMetrics(out, families)));
      expect(parsed.map((f) => [f.name, f.help, f.samples.map((s) => s.labels.target)])).toEqual([
        ['wli_x_ratio', 'a "help" \\ with\nlines', []],
        ['wli_y', 'y', ['a"b\\c\nd']],
      ]);
      expect(openMetrics(await written((out) => writeOpenMetrics(out, [])))).toEqual([]);
    });
  },
);

describe('on a terminal', () => {
  it('server text drives nothing in any CI format: controls and bidirectional marks are shown escaped', async () => {
    for (const format of ['github', 'junit', 'codequality', 'openmetrics']) {
      hostileComponent('x\u001b[31m\u202ey', format === 'github' || format === 'codequality' ? 'f\u001b]0;t\u0007.po' : undefined);
      const r = await wliIn(['stats', 'demo/android', '--fail-under', '50', '-f', format], { env, tty: true });
      expect(r.code, format).toBe(3);
      expect(r.stdout, format).toContain('x\\');
      expect(r.stdout, format).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });
});

describe('a command given a format it cannot write (issue 30.6)', () => {
  it('is exit 2 naming the formats it writes, before any request', async () => {
    for (const [command, format] of [
      ['ls', 'github'],
      ['units', 'junit'],
      ['pull', 'openmetrics'],
      ['changes', 'openmetrics'],
    ] as const) {
      const r = await run([command, 'demo', '-f', format]);
      // pull writes three CI reports with --check (test/pull-check.test.ts).
      const writes = command === 'pull' ? [...DATA_FORMATS, 'github', 'junit', 'codequality'] : DATA_FORMATS;
      expect([r.code, r.stdout, r.stderr], `${command} -f ${format}`).toEqual([
        2,
        '',
        `wli: ${command} cannot write -f ${format}; it writes ${writes.join(', ')}\n`,
      ]);
      expect(r.asked).toEqual([]);
    }
  });

  it('--fields with a CI report is a usage error too', async () => {
    const r = await run(['stats', 'demo/android', '-f', 'junit', '--fields', 'code']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^wli: --fields does not apply to -f junit, a report with fields of its own\n/);
    expect(r.asked).toEqual([]);
  });

  it('each command’s help lists the formats it writes', async () => {
    const help = async (command: string) => (await wli([command, '--help'])).stdout.replace(/\s+/g, ' ');
    expect(await help('stats')).toContain(
      '-f, --format <fmt> output format (table, json, jsonl, csv, csv-excel, markdown, github, junit, codequality, openmetrics)',
    );
    expect(await help('ls')).toContain('-f, --format <fmt> output format (table, json, jsonl, csv, csv-excel, markdown) [default: table]');
    expect(await help('download')).toContain('-f, --format <fmt> does not apply: download writes no format');
  });
});
