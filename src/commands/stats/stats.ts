// wli stats: statistics rows for translations, components, languages and projects, in argument
// order, and the --fail-under gate that CI uses.
//
// Where the rows come from:
// - project/component/language → /translations/<p>/<c>/<l>/statistics/ (one row)
// - language code              → /languages/<code>/statistics/ (one row)
// - project/-/language         → the language's row of /projects/<p>/languages/, as --project prints it
// - project/category           → each component of the category (the project's components list),
//                                as project/component gives it, in list order
// - project/component          → /components/<p>/<c>/statistics/ (paginated, one row per translation).
//   Chosen over /components/<p>/<c>/translations/ because only Statistics objects carry every
//   percentage a --metric checks (approved_percent, translated_words_percent; Translation objects
//   have neither) and they are far smaller. They do not say which row is the source language, so
//   --skip-source also reads the component (/components/<p>/<c>/, one request made alongside the
//   list) for source_language.code. A server without the statistics list (404) falls back to the
//   translations list, whose rows say is_source themselves; a gate on a metric those rows lack
//   fails closed and says so.
// - project/-                  → /projects/<p>/statistics/: the project's total row, wli_target p/-
// - --project <p>              → /projects/<p>/languages/ (a plain array on 5.4, paginated elsewhere),
//   one row per language, then /projects/<p>/statistics/ as a total row (p/-). The gate checks the
//   total row too: a project's overall percentage below the threshold is a failure worth naming.
// The gate is judged once, on every row the targets gave (src/gate/stats.ts), before anything is
// written: the exit status and stderr's summary are that verdict's, and every format renders it.
// - --fail-under LANG=PCT for a language no row is in → /languages/ (every page), to tell a typo
//   (exit 2) from a real language the targets lack (a warning); not asked otherwise.
import { UsageError } from '../../core/errors.js';
import { allInOrder } from '../../core/pool.js';
import type { Item } from '../../core/page.js';
import { pageOf } from '../../core/page.js';
import { identified } from '../../weblate/identity.js';
import { msg, ours } from '../../core/text.js';
import { forCi, type ListResult, type RecordResult } from '../../output/result.js';
import type { CommandInput } from '../../remote/run.js';
import { formsOf, readTarget, type ProjectTarget, type Target, type TargetKind } from '../../weblate/target.js';
import { goneRows, judgeRows, rowLabel } from '../../gate/stats.js';
import { byId } from '../../gate/verdict.js';
import { FIELD_COLUMNS, judgedBy, listColumns, recordRows } from './columns.js';
import { checkLanguagesGated, gateOf, languagesWithoutRows, readBaseline, type Row } from './gate.js';
import type { Metric } from '../../weblate/statistics.js';
import { languageOrProject, projectRows, rowsOf, serverLanguages } from './rows.js';
import { statsChecks } from './checks.js';
import { statsMetrics } from './metrics.js';
import { projectBreakdown, skipSourceTotal } from './project.js';

/**
 * stats takes translations, components, categories, a project's languages (p/-/l) and its total (p/-,
 * read as the project by readTarget), and languages; a bare word is a language (all of a project: --project).
 */
const ACCEPTS: TargetKind[] = ['translation', 'component', 'category', 'projectLanguage', 'language'];

export async function run({ args, opts, weblate, report, shown, ctx }: CommandInput<'stats'>): Promise<RecordResult | ListResult> {
  // Everything the user typed is checked before the first request (option values by spec/option-values.ts).
  const metric: Metric = opts.metric ?? 'translated';
  const project: ProjectTarget | undefined = opts.project === undefined ? undefined : { kind: 'project', text: opts.project, project: opts.project };
  const skipSource = opts.skipSource === true;
  const by = opts.by ?? 'language';
  if (opts.by !== undefined && !project)
    throw new UsageError(msg`--by ${opts.by} breaks down a project`, msg`give the project with --project <project> (--by ${opts.by} --project <project>)`);
  const texts = args.length || project ? args : weblate.defaultTarget ? [weblate.defaultTarget.value] : [];
  if (texts.length === 0 && !project)
    throw new UsageError(msg`missing target`, msg`expected one or more of: ${ours(formsOf(ACCEPTS))}; or --project <project>`);
  // Each target's readings (p/x/y: a translation, else a component in a category), project rows last.
  const inputs: Array<Target[] | ProjectTarget> = texts.map((t) => readTarget(t, ACCEPTS));
  if (project) inputs.push(project);
  const baseline = opts.baseline === undefined ? undefined : readBaseline(opts.baseline, ctx.cwd, metric);
  const gate = gateOf(metric, opts.failUnder, baseline, opts.failOnDrop === true, opts.allowEmpty === true, opts.emptyIncomplete === true);

  // Each job's rows, and what it read whole (a component's translations, a project's languages): the
  // baseline rows it would have listed and did not are gone.
  const jobs = inputs.map((input) => async (): Promise<{ kind: string; rows: Row[]; covers: string[] }> => {
    // Through firstFound so a missing project is explained like any target (and a wrong --url named).
    if (!Array.isArray(input)) {
      // A breakdown is rows whatever their number (an empty project still prints an array).
      if (by !== 'language') {
        const rows = (await weblate.firstFound([input], () => projectBreakdown(weblate, report, input, by, skipSource))).value;
        const covers = by === 'component' ? [componentsOfProject(input.project)] : rows.map((r) => containerOf(rowLabel(r))).filter((c) => c !== undefined);
        return { kind: 'projectRows', rows, covers };
      }
      const sourceless = (listed: Promise<Item[]>) => skipSourceTotal(weblate, report, input, listed);
      const rows = (await weblate.firstFound([input], () => projectRows(weblate, input, skipSource, sourceless))).value;
      return { kind: 'project', rows, covers: [`${input.project}/-`] };
    }
    const { target, value } = await languageOrProject(weblate, input, () =>
      weblate.firstFound(input, (t) =>
        // p/- with --skip-source: the total of the translations it keeps (skipSourceTotal).
        t.kind === 'project' && skipSource ? skipSourceTotal(weblate, report, t).then((r) => [r]) : rowsOf(weblate, t, skipSource),
      ),
    );
    const covers =
      target.kind === 'component'
        ? [`${target.project}/${target.component.join('/')}`]
        : target.kind === 'category'
          ? value.map((r) => containerOf(rowLabel(r))).filter((c) => c !== undefined)
          : [];
    return { kind: target.kind, rows: value, covers };
  });
  const resolved = (await allInOrder(jobs, weblate.concurrency)).map((r) => ({
    ...r,
    rows: r.rows.filter((row) => !row.leftOut),
    left: r.rows.filter((row) => row.leftOut),
  }));
  const rows = resolved.flatMap((r) => r.rows);
  const leftOut = new Set(resolved.flatMap((r) => r.left.map(rowLabel)));
  if (baseline && !rows.some((r) => baseline.has(rowLabel(r)))) {
    throw new UsageError(
      msg`--baseline ${opts.baseline} matches no row: its rows are of other targets`,
      msg`compare with a baseline of the same targets (wli_target: ${[...baseline.keys()].slice(0, 3).join(', ')}…)`,
    );
  }
  // The server's languages tell a typo from a language no row has; asked only when some gated one is missing.
  const known = languagesWithoutRows(gate, rows).length ? await serverLanguages(weblate) : [];
  for (const warning of checkLanguagesGated(gate, rows, skipSource, known)) report.warn(warning);
  // The one judgement of the run, before anything is written: the exit status and stderr are its.
  const covered = new Set(resolved.flatMap((r) => r.covers));
  const verdict = judgeRows(
    gate,
    rows,
    goneRows(gate, rows, (id) => covered.has(containerOf(id) ?? '') && !leftOut.has(id)),
  );
  const finish = () => ({ exitCode: verdict.exitCode, messages: verdict.messages });
  const judged = judgedBy(byId(verdict));
  // What the CI format the run writes needs, asked now: rendering asks nothing.
  const ci = await forCi(shown.format, { checks: ({ files }) => statsChecks(weblate, verdict, gate, files), metrics: () => statsMetrics(rows) });
  const only = resolved.length === 1 ? resolved[0] : undefined;
  const single = rows.length === 1 ? rows[0] : undefined;
  // One row is shown as a record to people (table, markdown); the data formats keep a list a list
  // whatever the number of targets, so a script's `jq '.[]'` holds for one row too (issue 49.7).
  const forPeople = shown.format === 'table' || shown.format === 'markdown';
  if (single && forPeople && (only?.kind === 'translation' || only?.kind === 'language' || only?.kind === 'projectLanguage' || only?.kind === 'project')) {
    return { kind: 'record', record: identified(single.item, single.id), rows: recordRows(gate, judged, single), fieldColumns: FIELD_COLUMNS, finish, ...ci };
  }
  return {
    kind: 'list',
    // Every target was read before anything is written: a failure leaves stdout empty (no
    // half report in a CI summary), and rows come out in argument order.
    pages: (async function* () {
      // Each row as written: wli's identity first, then the server's fields (weblate/identity.ts).
      if (rows.length) yield pageOf(rows.map((r) => identified(r.item, r.id)));
    })(),
    columns: listColumns(gate, judged),
    fieldColumns: FIELD_COLUMNS,
    empty: msg`no statistics rows`,
    finish,
    ...ci,
  };
}

/** What lists a component's row (p/c/-): the project's components, read whole by --by component (a key no target has). */
const componentsOfProject = (project: string): string => `${project}/-/-`;

/**
 * What lists a row: p/c for a translation p/c/l, the project's components for a component's p/c/-, p/- for a project's language p/-/l; nothing for a
 * language or a project's total (no target lists those but their own).
 */
function containerOf(id: string): string | undefined {
  const s = id.split('/');
  const [project] = s;
  if (project !== undefined && s.length >= 3 && s.at(-1) === '-' && s[1] !== '-') return componentsOfProject(project);
  if (s.length < 2 || s.at(-1) === '-') return undefined;
  return s.length === 3 && s[1] === '-' ? `${s[0]}/-` : s.slice(0, -1).join('/');
}
