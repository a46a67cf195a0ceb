// wli pull [TARGET…]: every translation file of the targets, at DIR/<its filename in the repository>,
// byte for byte, never stale. The translations are read first (commands/pull/translations.ts), each one's fate
// decided without a request (commands/pull/plan.ts), then the files fetched (commands/pull/fetch.ts). stderr gets one
// line per translation (with --quiet only the files not written) and a summary; stdout gets one
// record per translation when -f (or --fields) asks for them, and nothing otherwise: a report of the
// work, which never waits for its reader.
//
// --check compares instead of writing (commands/pull/fetch.ts checkOne): each file on disk with the server's,
// nothing written, the exit status the gate's (3) when any differs or is missing, unless a file could
// not be checked at all (then that failure's own code: the check was not done). For the CI formats
// (-f github, junit, codequality) its files are checks (commands/pull/checks.ts).
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { LocalError, UsageError, errnoCode, localFailure } from '../../core/errors.js';
import { feed } from '../../core/feed.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { pageOf, type Item, type Page } from '../../core/page.js';
import { realpathLoose } from '../../files/placement.js';
import { LAYOUT_FILE, readLayouts, writeLayouts } from '../../files/layout.js';
import type { Column, ListResult, Outcome, Result } from '../../output/result.js';
import { asWritten } from '../../output/view-columns.js';
import { emptyNote, minPercentNeeded } from '../../gate/stats.js';
import { judgeFiles, type FileOutcome, type Mode as VerdictMode } from '../../gate/pull.js';
import type { Verdict } from '../../gate/verdict.js';
import { isCiFormat } from '../../spec/spec.js';
import type { CommandInput, Shown } from '../../remote/run.js';
import type { Report } from '../../io/report.js';
import type { Workspace } from '../../files/workspace.js';
import { IDENTITY_FIELDS, identified } from '../../weblate/identity.js';
import { ciWorkspace, outcomeOf, pullChecks, type Where } from './checks.js';
import { fetchAll, type Done } from './fetch.js';
import { plan, type PlanOptions } from './plan.js';
import { listTargets } from './translations.js';

/** Pull's own records (record() below), each field as written. */
const COLUMNS: Column[] = [
  asWritten({ header: 'target', field: 'target', kind: 'key' }),
  asWritten({ header: 'language', field: 'language', kind: 'state', drop: 2 }),
  asWritten({ header: 'path', field: 'path', kind: 'key' }),
  asWritten({ header: 'status', field: 'status', kind: 'state' }),
  asWritten({ header: 'bytes', field: 'bytes', kind: 'count', drop: 1 }),
  asWritten({ header: 'reason', field: 'reason' }),
];

const FIELDS = [...IDENTITY_FIELDS, 'target', 'language', 'path', 'status', 'bytes', 'reason'];

/** One translation's record: the same fields in every format, its identity first (no target without a language). */
function record(d: Done): Item {
  const { listed } = d.entry;
  const component = listed.component.join('/');
  return identified(
    {
      target: listed.target,
      language: listed.language ?? null,
      path: d.entry.path,
      status: d.status,
      bytes: d.bytes ?? null,
      reason: d.reason?.toString() ?? null,
    },
    { target: listed.language === undefined ? null : listed.target, project: listed.project, component, language: listed.language ?? null },
  );
}

/** What a run does with the files: writes them, lists them (--dry-run), or compares them (--check). */
type Mode = VerdictMode;

/**
 * One translation's line on stderr. A file not written (with --check, not checked) says so with one
 * prefix, whatever the reason, and always, as does a file that differs or is missing; the others are
 * lines of work done, which --quiet leaves out.
 */
function say(report: Report, d: Done, mode: Mode): void {
  const { path, listed } = d.entry;
  switch (d.status) {
    case 'created':
    case 'updated':
      return report.tell(msg`${ours(d.status)} ${path} (${ours(String(d.bytes))} bytes)`);
    case 'unchanged':
      return report.tell(msg`unchanged ${path}`);
    case 'would-fetch':
      return report.tell(msg`would fetch ${path} (${listed.target})`);
    case 'would-check':
      return report.tell(msg`would check ${path} (${listed.target}): saved copy on record, asked for only if changed`);
    case 'same':
      return report.tell(msg`same: ${path} (${listed.target})`);
    case 'differs':
    case 'missing': {
      // A component whose layout changed: its reason says which, and what takes it.
      const why = d.reason === undefined ? ours('') : msg`: ${d.reason}`;
      return report.say(msg`${ours(d.status)}: ${path} (${listed.target})${why}`);
    }
    case 'skipped':
      return report.tell(msg`skipped ${listed.target}: ${d.reason ?? ours('')}`);
    case 'failed': {
      const not = ours(mode === 'check' ? 'not checked' : 'not written');
      return report.say(
        path === null ? msg`${not}: ${listed.target}: ${d.reason ?? ours('')}` : msg`${not}: ${path} (${listed.target}): ${d.reason ?? ours('')}`,
      );
    }
  }
}

/**
 * DIR can hold the files, checked before any request: a directory, or a place where one can be made
 * (its nearest existing ancestor a writable directory).
 */
function checkDir(dir: string, shown: Msg): void {
  let at = dir;
  for (;;) {
    try {
      const st = statSync(at);
      if (!st.isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
      if (at !== dir) accessSync(at, constants.W_OK | constants.X_OK);
      return;
    } catch (e) {
      if (errnoCode(e) === 'ENOENT' && dirname(at) !== at) {
        at = dirname(at);
        continue;
      }
      throw localFailure(e, shown, ours('write into'));
    }
  }
}

/**
 * Where the files go: --dir; else, for the project file's own target (`projectFile`: the .weblate
 * the default target was read from), the directory of that file (the repository's root, wherever in it
 * wli runs); else the current directory. Paths are said as from the current directory.
 */
function rootOf(
  args: readonly string[],
  dirGiven: string | undefined,
  cwd: string,
  projectFile: string | undefined,
): { dir: string; dirShown: string; show?: (name: string) => string } {
  if (dirGiven === undefined && args.length === 0 && projectFile !== undefined) {
    const dir = dirname(resolve(cwd, projectFile));
    return { dir, dirShown: relative(cwd, dir), show: (name) => relative(cwd, join(dir, name)) };
  }
  return { dir: resolve(cwd, dirGiven ?? ''), dirShown: dirGiven ?? '' };
}

/** DIR made and held (files/workspace.ts holdDirectory); a DIR that cannot be made is exit 7 before any file is asked for. */
function holdDir(files: Workspace, dir: string, shown: Msg): () => void {
  try {
    return files.holdDirectory(dir);
  } catch (e) {
    throw localFailure(e, shown, ours('create the directory'));
  }
}

/** What --check does not go with, and a CI format without --check: usage errors before any request. */
function modeOf(opts: CommandInput<'pull'>['opts'], format: Shown['format']): Mode {
  if (opts.emptyIncomplete && opts.minPercent === undefined) throw minPercentNeeded('skipped');
  if (opts.check) {
    if (opts.acceptLayout)
      throw new UsageError(
        msg`--check and --accept-layout do not go together: a check writes nothing, the record of layouts included`,
        msg`drop --accept-layout: --check reports a component whose layout is not the recorded one; wli pull --accept-layout records it`,
      );
    if (opts.dryRun)
      throw new UsageError(
        msg`--check and --dry-run do not go together: a check already writes nothing`,
        msg`drop --dry-run: --check compares each file with the server's; --dry-run lists what pull would fetch without asking for any file`,
      );
    if (opts.force)
      throw new UsageError(
        msg`--check and --force do not go together: --force fetches every file whole to write it, and a check writes nothing`,
        msg`drop --force: a check asks for a file whole whenever the record of saved files cannot prove it`,
      );
    return 'check';
  }
  if (opts.allowEmpty) throw new UsageError(msg`--allow-empty applies to --check: a check with no file to compare`, msg`add --check, or drop --allow-empty`);
  if (isCiFormat(format))
    throw new UsageError(
      msg`pull writes -f ${ours(format)} only with --check: a report of the files that differ from the server's`,
      msg`add --check, or use -f json, jsonl or csv for pull's records`,
    );
  return opts.dryRun ? 'dry-run' : 'pull';
}

/** The options plan() decides each translation's fate by: where DIR is, and pull's own. */
function planOptions(opts: CommandInput<'pull'>['opts'], dir: Pick<PlanOptions, 'root' | 'dirShown' | 'show'>, layout: PlanOptions['layout']): PlanOptions {
  return {
    ...dir,
    source: !!opts.source,
    allowHidden: !!opts.allowHidden,
    langs: opts.lang,
    minPercent: opts.minPercent,
    emptyIncomplete: opts.emptyIncomplete === true,
    layout,
  };
}

export async function run({ args, opts, weblate, report, shown, files, ctx }: CommandInput<'pull'>): Promise<Result> {
  const mode = modeOf(opts, shown.format);
  const target = weblate.defaultTarget;
  const projectFile = target?.project ? target.source : undefined;
  const { dir, dirShown, show } = rootOf(args, opts.dir, ctx.cwd, projectFile);
  const writes = mode === 'pull';
  const shownDir = msg`${dirShown || '.'}`;
  if (writes) checkDir(dir, shownDir);
  // The layouts DIR records (files/layout.ts), read before any request: a record that is not one fails first.
  const recordShown = show?.(LAYOUT_FILE) ?? join(dirShown, LAYOUT_FILE);
  const recorded = readLayouts(dir, msg`${recordShown}`);
  const listed = await listTargets(weblate, args);
  const layout = { recorded, server: weblate.base.href, accept: !!opts.acceptLayout, check: mode === 'check', shown: recordShown };
  const { entries, record: layouts, emptyKept } = plan(listed, planOptions(opts, { root: realpathLoose(dir), dirShown, show }, layout));
  if (emptyKept.length) report.say(emptyNote(emptyKept));
  // DIR made now (a place that cannot be made fails at once) and held by the work: a run that wrote
  // no file there leaves no empty DIR behind.
  const release = writes ? holdDir(files, dir, shownDir) : undefined;
  // The layouts this run takes, recorded with the first file it leaves in DIR (a run that writes no
  // file leaves DIR as it was). A record that cannot be written (a full disk) is said at once and makes
  // the run exit 7, but the files go on as a first pull's would and the verdict's summary still comes:
  // without the record the next pull trusts the server's layout again, no more than this one did.
  let unrecorded = writes ? layouts : undefined;
  let unwritten: LocalError | undefined;
  // Every translation's outcome, judged once the work is done (src/gate/pull.ts): the exit status and
  // stderr's summary are that verdict's, and the CI formats render it.
  const outcomes: FileOutcome[] = [];
  const done = fetchAll(weblate, report, entries, {
    saver: weblate.fileSaver(),
    force: !!opts.force,
    dryRun: mode === 'dry-run',
    check: mode === 'check',
    signal: ctx.signal,
  });
  // A CI report is written once the work is done, from every outcome (commands/pull/checks.ts).
  const ci = isCiFormat(shown.format);
  const where: Where = { cwd: ctx.cwd, workspace: ciWorkspace(ctx.env), projectRoot: show !== undefined };
  async function* reported(): AsyncGenerator<Item> {
    for await (const d of done) {
      if (unrecorded && (d.status === 'created' || d.status === 'updated' || d.status === 'unchanged')) {
        try {
          writeLayouts(dir, unrecorded, msg`${recordShown}`);
        } catch (e) {
          if (!(e instanceof LocalError)) throw e;
          unwritten = e;
          report.say(msg`${e.text}: the layouts are not recorded (the next pull trusts the server's layout again)`);
        }
        unrecorded = undefined;
      }
      say(report, d, mode);
      const item = record(d);
      outcomes.push(outcomeOf(where, d, item, ci));
      yield item;
    }
  }
  // Made once, when first asked: by the CI report or by finish, both after the work is done.
  let made: Verdict | undefined;
  const verdict = (): Verdict => (made ??= judgeFiles(mode, outcomes, opts.allowEmpty === true, unwritten?.exitCode));
  const finish = (): Outcome => verdict();
  // Without -f the report is stderr's alone: stdout stays empty.
  const records = !ci && (shown.formatGiven || shown.fields) ? feed<Item>() : undefined;
  // The work runs on its own from here, waited for by cli/execute.ts: the records on stdout are a
  // report of it, fed as files are done, so a reader that is slow or leaves never holds or ends a file.
  const work = (async () => {
    let n = 0;
    for await (const item of reported()) {
      n++;
      records?.push(item);
    }
    if (n === 0 && !records) report.say(ours(mode === 'check' ? 'no translations to check' : 'no translations to pull'));
  })()
    .finally(release)
    .then(
      () => records?.end(),
      (error: unknown) => {
        records?.end({ error });
        throw error;
      },
    );
  // Its failure is the run's, said once execute waits for it; until then no unhandled rejection.
  work.catch(() => {});
  if (ci) {
    const checks = pullChecks(work, verdict, COLUMNS, projectFile);
    // Its failure is the work's, said once (execute waits for the work).
    checks.catch(() => {});
    return { ...listOf(none(), true, finish, work), checks };
  }
  if (!records) return { kind: 'bytes', bytes: new Uint8Array(), finish, done: work };
  return listOf(records.items(), shown.format === 'table' || shown.format === 'markdown', finish, work);
}

/** No records: a CI report is written from the checks. */
async function* none(): AsyncGenerator<Item> {}

/** The records as a list: one page each as they come, or (a table, for people) one page, aligned. */
function listOf(items: AsyncGenerator<Item>, whole: boolean, finish: () => Outcome, done: Promise<void>): ListResult {
  async function* pages(): AsyncGenerator<Page> {
    if (whole) {
      const all: Item[] = [];
      for await (const item of items) all.push(item);
      if (all.length) yield pageOf(all);
      return;
    }
    for await (const item of items) yield pageOf([item]);
  }
  return { kind: 'list', pages: pages(), columns: COLUMNS, knownFields: FIELDS, empty: ours('no translations to pull'), finish, done };
}
