// Issue 35: one verdict per run. A gate is judged once (src/gate/), and the exit status, stderr and
// every CI report tell that judgement: whoever reads stdout, counting only what was judged, one Code
// Quality issue per failure with a fingerprint that stays, each row's identity unique and taken back
// by `wli stats`, a row named twice judged once, a gate with nothing to judge not passing, baseline
// rows that are gone named, and `wli api` against what is not Weblate refused as every command does.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import type { OutStream } from '../src/core/context.js';
import type { Item } from '../src/core/page.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { readCodeQuality, readJunit, HAS_OPENMETRICS_PARSER, readOpenMetrics } from './support/ci-reports.js';
import { WLI_COMMAND, baseEnv, wli, wliIn } from './support/run.js';
import { parseWorkflowCommands } from './support/workflow-commands.js';

let fake: FakeWeblate;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'wli-one-verdict-'));
beforeAll(async () => {
  // No rate limit: this file asks more than Weblate's anonymous allowance, and its notes would be on stderr.
  fake = await startFakeWeblate({ rateLimit: false });
  env = { WLI_URL: fake.url };
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => fake.filenames(null));

let n = 0;
const file = (name: string) => join(dir, `${n++}-${name}`);

/** A list page as the fake's lists send it. */
const page = (results: unknown[]) => JSON.stringify({ count: results.length, next: null, previous: null, results });

/** wli in a shell pipeline into `| reader`: wli's own exit status (PIPESTATUS), its stderr. */
function piped(args: string[], reader: string, extraEnv: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  return shell(args, `"$0" "$@" | ${reader}; exit \${PIPESTATUS[0]}`, extraEnv);
}

/** wli run by a bash `script` ("$0" "$@" is wli and its arguments): the script's exit status, wli's stderr. */
function shell(args: string[], script: string, extraEnv: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  const child = spawn('bash', ['-c', script, ...WLI_COMMAND, ...args], {
    env: baseEnv({ ...env, ...extraEnv }),
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stderr })));
}

/** A stdout whose reader has gone: every write fails with EPIPE (thrown, or as an event). */
class ClosedPipe extends EventEmitter implements OutStream {
  constructor(private readonly how: 'throw' | 'event') {
    super();
  }
  write(_chunk: string | Uint8Array, cb?: (err?: Error | null) => void): boolean {
    const err = Object.assign(new Error('EPIPE: broken pipe'), { code: 'EPIPE' });
    if (this.how === 'throw') throw err;
    process.nextTick(() => {
      cb?.(err);
      this.emit('error', err);
    });
    return true;
  }
}

const FORMATS = ['table', 'json', 'jsonl', 'csv', 'markdown', 'github', 'junit', 'codequality', 'openmetrics'];

describe('35.2: the exit status never depends on who reads stdout', () => {
  it.each(FORMATS)('stats … --fail-under 95 -f %s | true: exit 3, the failing rows named on stderr', async (format) => {
    const summary = file('summary.md');
    const r = await piped(['stats', 'demo/android', '--fail-under', '95', '-f', format], 'true', { GITHUB_STEP_SUMMARY: summary });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('3 of 5 row(s) below 95% translated');
    if (format === 'github') expect(readFileSync(summary, 'utf8')).toMatch(/\*\*❌ wli stats: 2 of 5 judged rows passed, 3 failed\*\*\n$/);
  });

  it.each(['throw', 'event'] as const)('a closed pipe (EPIPE, %s) in every format: exit 3, and -f github still writes the job summary', async (how) => {
    for (const format of FORMATS) {
      const summary = file('summary.md');
      const r = await wliIn(['stats', 'demo/android', '--fail-under', '95', '-f', format], {
        env: { ...env, GITHUB_STEP_SUMMARY: summary },
        ctx: { stdout: new ClosedPipe(how) },
      });
      expect([format, r.code]).toEqual([format, 3]);
      expect(r.stderr).toContain('3 of 5 row(s) below 95% translated');
      if (format === 'github') expect(readFileSync(summary, 'utf8')).toContain('**❌ wli stats: 2 of 5 judged rows passed, 3 failed**');
    }
  });

  it('| head -1 on a failing gate of many rows: exit 3', async () => {
    const r = await piped(['stats', 'demo/android', 'demo/glossary', 'demo/docs/guide', '--project', 'demo', '--fail-under', '95', '-f', 'jsonl'], 'head -1');
    expect(r.code).toBe(3);
  });

  it('wli config | true keeps the exit 2 of a refused setting', async () => {
    const r = await piped(['config'], 'true', { WLI_URL: 'ftp://example.org/' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('this configuration is refused');
    const closed = await wliIn(['config'], { env: { WLI_URL: 'ftp://example.org/' }, ctx: { stdout: new ClosedPipe('event') } });
    expect(closed.code).toBe(2);
  });

  it('a job summary that cannot be written is exit 7 whoever reads stdout', async () => {
    const r = await wliIn(['stats', 'demo/android', '--fail-under', '95', '-f', 'github'], {
      env: { ...env, GITHUB_STEP_SUMMARY: join(dir, 'no-such-dir', 's.md') },
      ctx: { stdout: new ClosedPipe('throw') },
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/cannot append to the job summary/);
  });

  it.runIf(process.platform === 'linux').each(FORMATS)(
    'stats … --fail-under 95 -f %s > /dev/full: the verdict is still said on stderr, then the write that failed (exit 7)',
    async (format) => {
      const r = await shell(['stats', 'demo/android', '--fail-under', '95', '-f', format], '"$0" "$@" > /dev/full');
      expect(r.code).toBe(7);
      expect(r.stderr).toMatch(
        /^wli: 3 of 5 row\(s\) below 95% translated: [^\n]+\nwli: demo\/android\/ja has no strings: [^\n]+\nwli: cannot write to standard output: no space left on the device \(ENOSPC\)\nhint: [^\n]+\n$/,
      );
    },
  );

  it('a passing gate and no gate stay exit 0 into a closed pipe', async () => {
    expect((await wliIn(['stats', 'demo/android', '--fail-under', '50'], { env, ctx: { stdout: new ClosedPipe('event') } })).code).toBe(0);
    expect((await wliIn(['stats', 'demo/android', '-f', 'json'], { env, ctx: { stdout: new ClosedPipe('throw') } })).code).toBe(0);
  });
});

describe('35.3: reports count what was judged', () => {
  it('--fail-under cs=95: JUnit has 1 failure and 4 skipped of 5, as stderr and the job summary say', async () => {
    const args = ['stats', 'demo/android', '--fail-under', 'cs=95'];
    const r = await wliIn([...args, '-f', 'junit'], { env });
    expect(r.code).toBe(3);
    const suite = (await readJunit(r.stdout)).testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.skipped]).toEqual(['5', '1', '4']);
    expect(suite.testcase.filter((t) => t.skipped).map((t) => [t.name, t.skipped!.message])).toEqual(
      ['en', 'ar', 'de', 'ja'].map((l) => [`demo/android/${l}`, `not judged: no --fail-under for language ${l}`]),
    );
    expect(r.stderr).toBe(
      'wli: 1 of 1 row(s) below their threshold (translated): demo/android/cs (78.1% < 95%)\n' +
        'wli: 0 of 1 judged row passed, 1 failed; 4 not judged: demo/android/en, demo/android/ar, demo/android/de, demo/android/ja\n',
    );
    const summary = file('summary.md');
    const g = await wliIn([...args, '-f', 'github'], { env: { ...env, GITHUB_STEP_SUMMARY: summary } });
    expect(g.stderr).toBe(r.stderr);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /\n\*\*❌ wli stats: 0 of 1 judged row passed, 1 failed; 4 not judged: demo\/android\/en, demo\/android\/ar, demo\/android\/de, demo\/android\/ja\*\*\n$/,
    );
  });

  it('without any gate, JUnit and the job summary say that nothing was judged', async () => {
    const r = await wliIn(['stats', 'demo/android', '-f', 'junit'], { env });
    expect(r.code).toBe(0);
    const suite = (await readJunit(r.stdout)).testsuites.testsuite;
    expect([suite.tests, suite.failures, suite.skipped]).toEqual(['5', '0', '5']);
    expect(suite.testcase.every((t) => t.skipped?.message === 'not judged: no gate: --fail-under or --fail-on-drop gates it')).toBe(true);
    const summary = file('summary.md');
    await wliIn(['stats', 'demo/android', '-f', 'github'], { env: { ...env, GITHUB_STEP_SUMMARY: summary } });
    expect(readFileSync(summary, 'utf8')).toMatch(/\n\*\*wli stats: nothing judged: 5 rows, no gate \(--fail-under or --fail-on-drop gates them\)\*\*\n$/);
  });
});

describe('35.4: one Code Quality issue per failure, fingerprinted by (check, identity) only', () => {
  /** A baseline from which demo/android/cs and de dropped a point. */
  function baseline(): string {
    const path = file('baseline.json');
    writeFileSync(
      path,
      JSON.stringify([
        { wli_target: 'demo/android/cs', translated_percent: 79.1 },
        { wli_target: 'demo/android/de', translated_percent: 63.5 },
      ]),
    );
    return path;
  }
  const issues = async (args: string[]) => {
    const r = await wliIn(['stats', 'demo/android', '-f', 'codequality', ...args], { env });
    return readCodeQuality(r.stdout).map((i) => [i.check_name, i.description.split(':')[0], i.fingerprint] as const);
  };

  it('a row below the threshold and dropped is two issues; when one clears, the other keeps its fingerprint', async () => {
    const b = baseline();
    const both = await issues(['--fail-under', '80', '--baseline', b, '--fail-on-drop']);
    expect(both.map(([check, row]) => [check, row])).toEqual([
      ['wli/fail-under', 'demo/android/ar'],
      ['wli/fail-under', 'demo/android/cs'],
      ['wli/fail-on-drop', 'demo/android/cs'],
      ['wli/fail-under', 'demo/android/de'],
      ['wli/fail-on-drop', 'demo/android/de'],
    ]);
    expect(new Set(both.map(([, , f]) => f)).size).toBe(both.length);
    // The threshold moves down: cs no longer fails it; its drop is the same issue as before.
    const lower = await issues(['--fail-under', '70', '--baseline', b, '--fail-on-drop']);
    expect(lower.map(([check, row]) => [check, row])).toEqual([
      ['wli/fail-under', 'demo/android/ar'],
      ['wli/fail-on-drop', 'demo/android/cs'],
      ['wli/fail-under', 'demo/android/de'],
      ['wli/fail-on-drop', 'demo/android/de'],
    ]);
    const fingerprints = new Map(both.map(([check, row, f]) => [`${check} ${row}`, f]));
    for (const [check, row, f] of lower) expect(f).toBe(fingerprints.get(`${check} ${row}`));
    // The drop clears (no --fail-on-drop): the threshold's issue of cs stays as it was.
    const noDrop = await issues(['--fail-under', '80']);
    for (const [check, row, f] of noDrop) expect(f).toBe(fingerprints.get(`${check} ${row}`));
  });
});

describe('35.5: a row’s identity is unique and round-trips through wli stats', () => {
  it('every wli_target stats prints, given back to wli stats, is the same row', async () => {
    const r = await wliIn(['stats', 'demo/android/cs', 'demo/android', 'demo/docs', 'demo/-/cs', 'cs', '--project', 'demo', '-f', 'json'], { env });
    expect(r.code).toBe(0);
    const rows = parseJson(r.stdout) as Item[];
    const targets = rows.map((row) => row.wli_target as string);
    // A translation, a component's, a category's, a project's language, a language, and the total.
    expect(targets).toContain('demo/-');
    expect(targets).toContain('demo/docs/guide/cs');
    for (const row of rows) {
      const back = await wliIn(['stats', row.wli_target as string, '-f', 'json'], { env });
      expect([row.wli_target, back.code]).toEqual([row.wli_target, 0]);
      // A row given back is a list of that row (stats -f json is always an array: issue 49.7), or a component's rows.
      const again = parseJson(back.stdout) as Item[];
      expect(again.find((x) => x.wli_target === row.wli_target) ?? again).toEqual(row);
    }
  });

  it('the total row is demo/- everywhere rows are keyed: the table, OpenMetrics, the gate', async () => {
    const table = await wliIn(['stats', '--project', 'demo', '--fail-under', '77'], { env });
    expect(table.stdout).toMatch(/\ndemo\/-\s+76\.0%/);
    expect(table.stderr).toContain('demo/- (76.0%)');
    if (HAS_OPENMETRICS_PARSER) {
      const m = await wliIn(['stats', 'cs', '--project', 'demo', '-f', 'openmetrics'], { env });
      const ratio = readOpenMetrics(m.stdout).find((f) => f.name === 'wli_translated_ratio')!;
      expect(ratio.samples.map((s) => s.labels.target)).toEqual(['cs', 'demo/-/ar', 'demo/-/cs', 'demo/-/en', 'demo/-/de', 'demo/-/ja', 'demo/-']);
    }
  });

  it('a baseline of the earlier form (the total as a bare "demo") still matches the total row', async () => {
    const path = file('old-baseline.json');
    writeFileSync(path, JSON.stringify([{ wli_target: 'demo', wli_project: 'demo', wli_component: null, wli_language: null, translated_percent: 80 }]));
    const r = await wliIn(['stats', '--project', 'demo', '--baseline', path, '--fail-on-drop'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('1 row(s) dropped since the baseline (translated): demo/- (80.0% → 76.0%, -4.0)');
  });

  it('p/- is the project wherever one is taken (ls, show), and refused where none is', async () => {
    const ls = await wliIn(['ls', 'demo/-', '-f', 'json'], { env });
    expect(ls.code).toBe(0);
    expect(ls.stdout).toEqual((await wliIn(['ls', 'demo', '-f', 'json'], { env })).stdout);
    const download = await wliIn(['translation', 'demo/-'], { env });
    expect(download.code).toBe(2);
  });
});

describe('35.6: a subject is judged once however many targets name it', () => {
  const args = ['stats', 'demo/android', 'demo/android/cs', 'demo/android', '--fail-under', '95'];

  it('stderr, JUnit, annotations, Code Quality and OpenMetrics: demo/android/cs once', async () => {
    const r = await wliIn(args, { env });
    expect(r.stderr).toBe(
      'wli: 3 of 5 row(s) below 95% translated: demo/android/ar (59.3%), demo/android/cs (78.1%), demo/android/de (62.5%)\n' +
        'wli: demo/android/ja has no strings: counted as 100% translated (--empty-incomplete fails it)\n',
    );
    const suite = (await readJunit((await wliIn([...args, '-f', 'junit'], { env })).stdout)).testsuites.testsuite;
    expect([suite.tests, suite.failures]).toEqual(['5', '3']);
    expect(suite.testcase.map((t) => t.name)).toEqual(['en', 'ar', 'cs', 'de', 'ja'].map((l) => `demo/android/${l}`));
    const annotations = parseWorkflowCommands((await wliIn([...args, '-f', 'github'], { env })).stdout);
    expect(annotations.map((a) => a?.properties.title)).toEqual(['demo/android/ar below 95%', 'demo/android/cs below 95%', 'demo/android/de below 95%']);
    expect(readCodeQuality((await wliIn([...args, '-f', 'codequality'], { env })).stdout)).toHaveLength(3);
    // The data keeps one row per target asked (argument order), as before.
    expect((parseJson((await wliIn([...args, '-f', 'json'], { env })).stdout) as Item[]).length).toBe(11);
  });
});

describe('35.7: a gate with nothing to judge does not pass silently', () => {
  const noTranslations = () => fake.fault('/components/demo/android/statistics/', { kind: 'rawBody', body: page([]), contentType: 'application/json' }, 1);

  it('stats --fail-under with no rows: exit 3 saying so; --allow-empty passes, saying so', async () => {
    noTranslations();
    const r = await wliIn(['stats', 'demo/android', '--fail-under', '90', '-f', 'json'], { env });
    expect([r.code, r.stdout]).toEqual([3, '[]\n']);
    expect(r.stderr).toBe('wli: the gate judged nothing (no statistics rows), so it does not pass; --allow-empty lets an empty result pass\n');
    noTranslations();
    const allowed = await wliIn(['stats', 'demo/android', '--fail-under', '90', '--allow-empty'], { env });
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('the gate judged nothing (no statistics rows): --allow-empty lets it pass');
    // JUnit of no rows: valid, nothing judged.
    noTranslations();
    const junit = await wliIn(['stats', 'demo/android', '--fail-under', '90', '-f', 'junit'], { env });
    expect(junit.code).toBe(3);
    expect((await readJunit(junit.stdout)).testsuites.testsuite.tests).toBe('0');
  });

  it('--fail-on-drop with no row the baseline has a value for: exit 3', async () => {
    const path = file('baseline.json');
    writeFileSync(path, JSON.stringify([{ wli_target: 'demo/android/cs' }]));
    const r = await wliIn(['stats', 'demo/android/cs', '--baseline', path, '--fail-on-drop'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the gate judged nothing (no baseline value applies to any of the 1 row(s))');
  });

  it('pull --check with no translations: exit 3 saying so; --allow-empty passes', async () => {
    const none = () => fake.fault('/components/demo/android/translations/', { kind: 'rawBody', body: page([]), contentType: 'application/json' }, 1);
    const where = mkdtempSync(join(dir, 'check-'));
    none();
    const r = await wliIn(['pull', 'demo/android', '--check'], { env, cwd: where });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the check compared no file (no translations), so it does not pass; --allow-empty lets an empty result pass');
    none();
    const allowed = await wliIn(['pull', 'demo/android', '--check', '--allow-empty'], { env, cwd: where });
    expect(allowed.code).toBe(0);
    // Every translation skipped (only the source, which pull skips): nothing compared either.
    const skipped = await wliIn(['pull', 'demo/android', '--check', '--lang', 'en'], { env, cwd: where });
    expect(skipped.code).toBe(3);
    expect(skipped.stderr).toContain('the check compared no file (every translation skipped)');
  });

  it('--allow-empty without a gate is a usage error before any request', async () => {
    const before = fake.requests.length;
    const stats = await wliIn(['stats', 'demo/android', '--allow-empty'], { env });
    expect([stats.code, stats.stderr]).toEqual([
      2,
      'wli: --allow-empty applies to a gate: --fail-under or --fail-on-drop\nhint: add the gate it lets pass when there is nothing to judge, or drop --allow-empty\n',
    ]);
    const pull = await wliIn(['pull', 'demo/android', '--allow-empty'], { env, cwd: mkdtempSync(join(dir, 'pull-')) });
    expect([pull.code, pull.stderr]).toEqual([
      2,
      'wli: --allow-empty applies to --check: a check with no file to compare\nhint: add --check, or drop --allow-empty\n',
    ]);
    expect(fake.requests.length).toBe(before);
  });

  it('--empty-incomplete without the threshold it changes is a usage error before any request', async () => {
    const before = fake.requests.length;
    const stats = await wliIn(['stats', 'demo/android', '--empty-incomplete'], { env });
    expect([stats.code, stats.stderr]).toEqual([
      2,
      'wli: --empty-incomplete applies to --fail-under: it counts a translation with no strings as below the threshold\nhint: add --fail-under, or drop --empty-incomplete\n',
    ]);
    const pull = await wliIn(['pull', 'demo/android', '--empty-incomplete'], { env, cwd: mkdtempSync(join(dir, 'pull-')) });
    expect([pull.code, pull.stderr]).toEqual([
      2,
      'wli: --empty-incomplete applies to --min-percent: a translation with no strings is skipped as below it\nhint: add --min-percent, or drop --empty-incomplete\n',
    ]);
    const locales = await wliIn(['locales', 'demo/android', '--empty-incomplete'], { env });
    expect([locales.code, locales.stderr]).toEqual([
      2,
      'wli: --empty-incomplete applies to --min-percent: a translation with no strings is left out as below it\nhint: add --min-percent, or drop --empty-incomplete\n',
    ]);
    expect(fake.requests.length).toBe(before);
  });

  it('pull without --check with nothing to pull is no gate: exit 0 as before', async () => {
    fake.fault('/components/demo/android/translations/', { kind: 'rawBody', body: page([]), contentType: 'application/json' }, 1);
    const r = await wliIn(['pull', 'demo/android', '--dry-run'], { env, cwd: mkdtempSync(join(dir, 'dry-')) });
    expect(r.code).toBe(0);
  });
});

describe('35.8: baseline rows that are gone', () => {
  /** demo/android's rows as a baseline, with a language the component no longer has. */
  async function withGone(): Promise<string> {
    const rows = parseJson((await wliIn(['stats', 'demo/android', '-f', 'json'], { env })).stdout) as Item[];
    const gone = { ...rows[2]!, wli_target: 'demo/android/fr', wli_language: 'fr', translated_percent: 81.3 };
    const path = file('baseline.json');
    writeFileSync(path, JSON.stringify([...rows, gone, { wli_target: 'demo/glossary/fr', translated_percent: 50 }]));
    return path;
  }

  it('are named on stderr; the run passes without --fail-on-drop', async () => {
    const r = await wliIn(['stats', 'demo/android', '--baseline', await withGone()], { env });
    expect(r.code).toBe(0);
    // demo/glossary was not asked for: its row is not gone, only not compared.
    expect(r.stderr).toBe('wli: 1 row(s) of the baseline gone (no row now): demo/android/fr; with --fail-on-drop they fail as a drop to 0\n');
  });

  it('with --fail-on-drop fail as a drop to 0, in stderr and every report', async () => {
    const path = await withGone();
    const r = await wliIn(['stats', 'demo/android', '--baseline', path, '--fail-on-drop'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('wli: 1 row(s) dropped since the baseline (translated): demo/android/fr (81.3% → gone)\n');
    const suite = (await readJunit((await wliIn(['stats', 'demo/android', '--baseline', path, '--fail-on-drop', '-f', 'junit'], { env })).stdout)).testsuites
      .testsuite;
    expect([suite.tests, suite.failures]).toEqual(['6', '1']);
    expect(suite.testcase.at(-1)).toMatchObject({ name: 'demo/android/fr', failure: { type: 'fail-on-drop' } });
    const cq = readCodeQuality((await wliIn(['stats', 'demo/android', '--baseline', path, '--fail-on-drop', '-f', 'codequality'], { env })).stdout);
    expect(cq.map((i) => [i.check_name, i.description])).toEqual([
      ['wli/fail-on-drop', 'demo/android/fr: gone since the baseline, a drop of translated from 81.3% to 0'],
    ]);
  });

  it('rows --skip-source leaves out are not gone (demo/android/en, demo/-/en)', async () => {
    const path = file('baseline.json');
    // Without the total row: --skip-source recomputes it without the source strings (issue 49.2), another measure.
    const rows = parseJson((await wliIn(['stats', 'demo/android', '--project', 'demo', '-f', 'json'], { env })).stdout) as { wli_target: string }[];
    writeFileSync(path, JSON.stringify(rows.filter((r) => r.wli_target !== 'demo/-')));
    const r = await wliIn(['stats', 'demo/android', '--project', 'demo', '--skip-source', '--baseline', path, '--fail-on-drop'], { env });
    expect([r.code, r.stderr]).toEqual([0, 'wli: 8 of 8 judged rows passed; 1 not judged: demo/-\n']);
  });

  it('a translation target alone does not make its component’s other rows gone', async () => {
    const r = await wliIn(['stats', 'demo/android/cs', '--baseline', await withGone(), '--fail-on-drop'], { env });
    expect([r.code, r.stderr]).toEqual([0, '']);
  });
});

describe('35.9: wli api against something that is not Weblate', () => {
  let html: FakeWeblate;
  let other: FakeWeblate;
  beforeAll(async () => {
    html = await startFakeWeblate();
    html.fault(() => true, { kind: 'rawBody', body: '<!doctype html><title>Sign in</title><p>Sign in', contentType: 'text/html; charset=utf-8' }, Infinity);
    other = await startFakeWeblate();
    other.fault(() => true, { kind: 'rawBody', body: '{"service":"not weblate","version":3}', contentType: 'application/json' }, Infinity);
  });
  afterAll(async () => {
    await html.close();
    await other.close();
  });

  it.each([['/'], ['/projects/'], ['projects/demo/']])('a login page (HTML) at %s: exit 2 with the message ls gives', async (path) => {
    const ls = await wliIn(['ls'], { env: { WLI_URL: html.url } });
    expect(ls.code).toBe(2);
    const r = await wliIn(['api', path], { env: { WLI_URL: html.url } });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^wli: http:\/\/127\.0\.0\.1:\d+\/api\/ does not look like a Weblate API: .*\nhint: check --url/);
    expect(r.stderr.split('\n')[0]!.replace(/:\s.*$/, '')).toBe(ls.stderr.split('\n')[0]!.replace(/:\s.*$/, ''));
  });

  it('JSON of another shape at the API root: exit 2, as ls', async () => {
    const ls = await wliIn(['ls'], { env: { WLI_URL: other.url } });
    const r = await wliIn(['api', '/'], { env: { WLI_URL: other.url } });
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/does not look like a Weblate API: GET \S+\/api\/ answers JSON that lists no Weblate endpoints\nhint: check --url/);
    expect(ls.code).toBe(2);
    expect(r.stderr).toBe(ls.stderr);
  });

  it('Weblate itself: the API root and a web page it serves are printed as they are', async () => {
    const root = await wli(['api', '/'], { env });
    expect(root.code).toBe(0);
    expect(JSON.parse(root.stdout)).toHaveProperty('projects');
  });
});
