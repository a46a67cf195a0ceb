// Issue 30.7: docs/ci.md's GitHub Actions and GitLab CI recipes, run as written against the fake:
// the YAML read from the document's fences (js-yaml), each `run:` step or `script:` line run by bash as
// the runner runs it, in a checkout, with the variables the runner sets (GitHub: GITHUB_ACTIONS, CI,
// GITHUB_WORKSPACE, a GITHUB_STEP_SUMMARY per step; GitLab: GITLAB_CI, CI, CI_PROJECT_DIR, CI_JOB_NAME),
// and every report it writes read back by a real parser of its format (support/ci-reports.ts). Only the
// names change: the component my/app is the sample's demo/android, the server the fake, npm ci is
// left out (wli is the built CLI on PATH, npx a stand-in that runs it).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { EXIT } from '../src/core/errors.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { ROOT, wliIn } from './support/run.js';
import { runShell, shimDir } from './support/shell.js';
import { parseWorkflowCommands } from './support/workflow-commands.js';
import { HAS_OPENMETRICS_PARSER, readCodeQuality, readJunit, readOpenMetrics } from './support/ci-reports.js';

const DOC = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');

/** The YAML of the first ```yaml fence under a heading of docs/ci.md. */
function recipe(heading: string): unknown {
  const at = DOC.indexOf(`\n### ${heading}\n`);
  expect(at, heading).toBeGreaterThan(0);
  const fence = /```yaml\n([\s\S]*?)```/.exec(DOC.slice(at))!;
  return yaml.load(fence[1]!);
}

/** A command of a recipe as run here: the sample's component for my/app; undefined for npm ci (wli is already there). */
function asRun(line: string): string | undefined {
  if (line.trim() === 'npm ci') return undefined;
  expect(line).toContain('my/app');
  return line.replaceAll('my/app', 'demo/android');
}

let fake: FakeWeblate;
let bin: ReturnType<typeof shimDir>;
let workspace: string;
let temp: string;
const ANDROID = (l: string) => `app/src/main/res/values-${l}/strings.xml`;

beforeAll(async () => {
  fake = await startFakeWeblate({});
  bin = shimDir();
});
afterAll(async () => {
  await fake.close();
  bin.remove();
});
beforeEach(async () => {
  fake.rateLimit(null);
  // The checkout: the repository keeps the translations, as a pull left them (its record elsewhere:
  // the CI machine is a fresh one).
  workspace = mkdtempSync(join(tmpdir(), 'wli-recipe-workspace-'));
  temp = mkdtempSync(join(tmpdir(), 'wli-recipe-runner-'));
  const pulled = await wliIn(['pull', 'demo/android'], { env: { WLI_URL: fake.url, XDG_CACHE_HOME: join(temp, 'developer-cache') }, cwd: workspace });
  expect(pulled.code).toBe(0);
  return () => {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  };
});

/** The recipe's server as the fake: WLI_URL replaced, the token a secret left unset (the sample project is public). */
function serverEnv(env: Record<string, string>): Record<string, string> {
  const out = { ...env };
  expect(out.WLI_URL).toBe('https://hosted.weblate.org/');
  out.WLI_URL = fake.url;
  if (out.WLI_TOKEN !== undefined) out.WLI_TOKEN = '';
  return out;
}

describe('GitHub Actions: annotations and the job summary', () => {
  interface Step {
    name?: string;
    run?: string;
    uses?: string;
    if?: string;
    env?: Record<string, string>;
  }
  interface Workflow {
    jobs: Record<string, { 'runs-on': string; env?: Record<string, string>; steps: Step[] }>;
  }

  /** The job's steps as the runner runs them: in order, a step after a failure only when its `if` says so. */
  async function runJob() {
    const workflow = recipe('GitHub Actions: annotations and the job summary') as Workflow;
    const [job] = Object.values(workflow.jobs);
    const ran: Array<{ name: string; status: number | null; stdout: string; stderr: string; summary: string }> = [];
    let failed = false;
    for (const [i, step] of job!.steps.entries()) {
      if (step.run === undefined) continue;
      const script = asRun(step.run);
      if (script === undefined) continue;
      if (failed && !/!cancelled\(\)|always\(\)/.test(step.if ?? '')) continue;
      const summary = join(temp, `step_summary_${i}`);
      writeFileSync(summary, '');
      const env = {
        ...serverEnv({ ...job!.env, ...step.env }),
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: workspace,
        GITHUB_STEP_SUMMARY: summary,
        RUNNER_TEMP: temp,
        XDG_CACHE_HOME: join(temp, 'runner-cache'),
      };
      const r = await runShell(script, { cwd: workspace, env, bin: bin.dir, flags: ['-e'] });
      if (r.status !== 0) failed = true;
      ran.push({ name: step.name ?? script, ...r, summary: readFileSync(summary, 'utf8') });
    }
    return ran;
  }

  it('the progress gate annotates each failing translation’s file; the drift gate runs after it, passing; both write the job summary', async () => {
    const [gate, drift, ...more] = await runJob();
    expect(more).toEqual([]);

    expect(gate!.status, gate!.stderr).toBe(EXIT.gate);
    expect(parseWorkflowCommands(gate!.stdout)).toEqual(
      ['ar', 'cs', 'de'].map((l) => ({
        command: 'error',
        properties: { file: ANDROID(l), title: expect.stringMatching(new RegExp(`^demo/android/${l} below 90%$`)) as unknown },
        message: expect.stringMatching(new RegExp(`^demo/android/${l}: [\\d.]+% translated, below 90%$`)) as unknown,
      })),
    );
    expect(gate!.summary).toMatch(
      /^\| target \| translated \|[\s\S]*\| demo\/android\/ja \| 100\.0% \|[\s\S]*\n\*\*❌ wli stats: 1 of 4 judged rows passed, 3 failed\*\*\n$/,
    );

    // Run although the gate failed (if: !cancelled()): every file is the server's.
    expect([drift!.status, drift!.stdout], drift!.stderr).toEqual([0, '']);
    expect(drift!.summary).toMatch(
      /^\| target \| language \| path \| status \|[\s\S]*\n\*\*✅ wli pull --check: 4 of 4 judged files passed; 1 not judged: demo\/android\/en\*\*\n$/,
    );
  });

  it('a file edited in the pull request: the drift gate annotates it, at its path in the repository', async () => {
    writeFileSync(join(workspace, ANDROID('de')), 'edited in the pull request\n');
    const [, drift] = await runJob();
    expect(drift!.status).toBe(EXIT.gate);
    expect(parseWorkflowCommands(drift!.stdout)).toEqual([
      {
        command: 'error',
        properties: { file: ANDROID('de'), title: 'demo/android/de differs from the server' },
        message: `${ANDROID('de')} is not the server's file of demo/android/de: wli pull brings it to the server's bytes`,
      },
    ]);
    expect(drift!.summary).toContain(`| demo/android/de | de | ${ANDROID('de')} | differs |`);
    expect(drift!.summary).toMatch(/\*\*❌ wli pull --check: 3 of 4 judged files passed, 1 failed; 1 not judged: demo\/android\/en\*\*\n$/);
  });
});

describe('Release readiness: checks and status gates', () => {
  interface Step {
    name?: string;
    run?: string;
    if?: string;
  }
  /** The job as the runner runs it, with a token (`token`: the secret's value; '' as an unset secret). */
  async function runJob(token: string) {
    const workflow = recipe('Release readiness: checks and status gates') as { jobs: Record<string, { env: Record<string, string>; steps: Step[] }> };
    const [job] = Object.values(workflow.jobs);
    const ran: Array<{ name: string; status: number | null; stdout: string; stderr: string }> = [];
    let failed = false;
    for (const [i, step] of job!.steps.entries()) {
      const script = step.run === undefined ? undefined : asRun(step.run);
      if (script === undefined) continue;
      if (failed && !/!cancelled\(\)|always\(\)/.test(step.if ?? '')) continue;
      const summary = join(temp, `release_summary_${i}`);
      writeFileSync(summary, '');
      const env = {
        ...serverEnv(job!.env),
        WLI_TOKEN: token,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: workspace,
        GITHUB_STEP_SUMMARY: summary,
        XDG_CACHE_HOME: join(temp, 'runner-cache'),
      };
      const r = await runShell(script, { cwd: workspace, env, bin: bin.dir, flags: ['-e'] });
      if (r.status !== 0) failed = true;
      ran.push({ name: step.name ?? script, ...r });
    }
    return ran;
  }

  it('the checks gate names each failing check; the status gate runs after it and passes', async () => {
    fake.rateLimit(false);
    const [checks, status, ...more] = await runJob('wlu_release');
    expect(more).toEqual([]);
    expect(checks!.status, checks!.stderr).toBe(EXIT.gate);
    const annotations = parseWorkflowCommands(checks!.stdout);
    expect(annotations.map((a) => [a?.command, a?.properties.file, a?.properties.title])).toEqual([
      ['error', ANDROID('cs'), '1 string fails same (Unchanged translation) in demo/android/cs'],
    ]);
    expect([status!.status, status!.stdout], status!.stderr).toEqual([0, '']);
  });

  it('a push Weblate holds back fails the status gate, naming it; without the VCS permission it is refused (exit 4)', async () => {
    fake.rateLimit(false);
    fake.repository('demo/android', { needs_push: true });
    try {
      const [, status] = await runJob('wlu_release');
      expect(status!.status).toBe(EXIT.gate);
      expect(parseWorkflowCommands(status!.stdout).map((a) => a?.properties.title)).toEqual(['demo/android needs a push']);
      const [, refused] = await runJob('');
      expect(refused!.status).toBe(EXIT.auth);
      expect(refused!.stderr).toMatch(/--fail-if needs-commit needs the repository state of demo\/android, which anonymous requests may not see/);
    } finally {
      fake.repository('demo/android', null);
    }
  });
});

describe('GitLab CI: merge request reports', () => {
  interface Job {
    script: string[];
    artifacts?: { reports?: Record<string, string> };
  }

  /** One job as the runner runs it: its script lines in one bash (set -eo pipefail), in CI_PROJECT_DIR; its reports read back. */
  async function runJob(name: string, edit: (line: string) => string = (l) => l) {
    const pipeline = recipe('GitLab CI: merge request reports') as Record<string, unknown> & { variables: Record<string, string>; default: { image: string } };
    expect(pipeline.default.image).toMatch(/^node:(2[0-9])$/);
    const job = pipeline[name] as Job;
    const lines = job.script.map(asRun).filter((l): l is string => l !== undefined);
    const env = {
      ...serverEnv(pipeline.variables),
      CI: 'true',
      GITLAB_CI: 'true',
      CI_PROJECT_DIR: workspace,
      CI_JOB_NAME: name,
      CI_JOB_STAGE: 'test',
      XDG_CACHE_HOME: join(temp, 'runner-cache'),
    };
    const r = await runShell(lines.map(edit).join('\n'), { cwd: workspace, env, bin: bin.dir, flags: ['-eo', 'pipefail'] });
    // artifacts:reports are uploaded whatever the job's status: each must be there, passing or failing.
    const reports = Object.fromEntries(
      Object.entries(job.artifacts?.reports ?? {}).map(([kind, file]) => {
        expect(existsSync(join(workspace, file)), `${name}: ${kind} report ${file}\n${r.stderr}`).toBe(true);
        return [kind, readFileSync(join(workspace, file), 'utf8')];
      }),
    );
    return { ...r, reports };
  }

  it('translation-progress: failing rows fail the job, and still every report is written and parses', async () => {
    const r = await runJob('translation-progress');
    expect(r.status, r.stderr).toBe(EXIT.gate);
    expect(Object.keys(r.reports).sort()).toEqual(['codequality', 'junit', 'metrics']);

    const suite = (await readJunit(r.reports.junit!)).testsuites.testsuite;
    expect([suite.name, suite.tests, suite.failures]).toEqual(['wli stats', '4', '3']);
    expect(readCodeQuality(r.reports.codequality!).map((i) => i.location.path)).toEqual(['ar', 'cs', 'de'].map(ANDROID));
    expect(r.reports.metrics!.endsWith('\n# EOF\n')).toBe(true);
    if (HAS_OPENMETRICS_PARSER) {
      const translated = readOpenMetrics(r.reports.metrics!).find((f) => f.name === 'wli_translated_ratio')!;
      expect(translated.samples.map((s) => s.labels.target)).toEqual(['ar', 'cs', 'de', 'ja'].map((l) => `demo/android/${l}`));
    }
  });

  it('translation-progress with every row passing: exit 0, a JUnit report without failures and Code Quality’s []', async () => {
    const r = await runJob('translation-progress', (l) => l.replaceAll('--fail-under 90', '--fail-under 50'));
    expect(r.status, r.stderr).toBe(0);
    expect((await readJunit(r.reports.junit!)).testsuites.testsuite.failures).toBe('0');
    expect(r.reports.codequality).toBe('[]\n');
    expect(readCodeQuality(r.reports.codequality!)).toEqual([]);
  });

  it('translation-files: the checkout is the server’s (exit 0), then a file missing fails it, named in the JUnit report', async () => {
    const ok = await runJob('translation-files');
    expect(ok.status, ok.stderr).toBe(0);
    const passing = (await readJunit(ok.reports.junit!)).testsuites.testsuite;
    // The source translation is skipped, not judged: in the report as <skipped/>.
    expect([passing.name, passing.tests, passing.failures, passing.skipped]).toEqual(['wli pull --check', '5', '0', '1']);

    rmSync(join(workspace, ANDROID('cs')));
    const bad = await runJob('translation-files');
    expect(bad.status).toBe(EXIT.gate);
    const failed = (await readJunit(bad.reports.junit!)).testsuites.testsuite.testcase.filter((t) => t.failure);
    expect(failed.map((t) => [t.name, t.failure!.type, t.failure!['#text'].split('\n').pop()])).toEqual([
      ['demo/android/cs', 'missing', `file: ${ANDROID('cs')}`],
    ]);
  });
});
