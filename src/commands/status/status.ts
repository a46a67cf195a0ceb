// wli status: is a component, project or translation ready for a release branch? Its lock, its
// strings Weblate has not committed yet, and (where the token may see it) its repository. Three
// requests side by side, whatever the target: …/lock/ (a translation's is its component's), a
// page_size=1 count of the units searched with pending:true, and …/repository/. A 403 on the
// repository is no error: what may be seen is shown, and one line says what the rest needs.
// --fail-if judges the conditions through the one verdict (src/gate/status.ts). Of a project, what
// Weblate does not sum (weblate/status.ts PER_COMPONENT: its lock is "every component locked", its
// repository leaves the merge failure null) is read of each component, through the one worker pool:
// one list, and each component's lock/ (unless its object says `locked`) and repository/ as asked.
import { HttpError } from '../../api/errors.js';
import { EXIT, UsageError, WliError } from '../../core/errors.js';
import type { Item } from '../../core/page.js';
import { msg, ours } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column, RecordResult } from '../../output/result.js';
import type { MetricFamily } from '../../output/openmetrics.js';
import type { CommandInput } from '../../remote/run.js';
import type { Weblate } from '../../remote/weblate.js';
import { allInOrder } from '../../core/pool.js';
import { judgeStatus } from '../../gate/status.js';
import { identified, identityOf, type Identity } from '../../weblate/identity.js';
import { UNITS_SEARCH, componentsOf, lockOf, repositoryOf, unitsOf } from '../../weblate/paths.js';
import {
  NEEDS_REPOSITORY,
  PENDING_QUERY,
  PER_COMPONENT,
  PROJECT_UNSUMMED,
  REPOSITORY_FIELDS,
  REPOSITORY_PERMISSION,
  conditionHolds,
  lastCommit,
  type StatusCondition,
  type StatusState,
} from '../../weblate/status.js';
import { componentView } from '../../weblate/views/component.js';
import { lockView } from '../../weblate/views/lock.js';
import { repositoryView, type RepositoryField, type RepositoryView } from '../../weblate/views/repository.js';
import { columnsOver } from '../../output/view-columns.js';
import { componentTargetOf, type CategoryTarget, type ComponentTarget, type Target } from '../../weblate/target.js';

/**
 * One target's status as wli writes it: the record and its table lines read this, and it becomes the
 * Item handed to the output (itemOf) only at the end. A record result has one record, so its lines
 * are columns over this one value.
 */
interface StatusRecord {
  identity: Identity;
  /** The lock as read; null where the server did not say it. */
  locked: boolean | null;
  /** The strings changed in Weblate and not committed yet. */
  pending: number;
  /** The repository answer as sent; null when the token may not see it (401/403). */
  repository: RepositoryView | null;
  /** A project's components, read for the --fail-if conditions a project's answers do not say. */
  components?: ComponentRead[];
}

/** One component of a project as read for the conditions a project's answers do not say. */
interface ComponentRead {
  target: ComponentTarget;
  state: StatusState;
  /** The conditions asked that hold of it. */
  holds: StatusCondition[];
  item: Item;
}

/** A repository field as shown: as sent, null where the answer does not carry it (or there is none). */
const shownField = (repo: RepositoryView | null, f: RepositoryField): unknown => (repo?.sent(f) ? repo.repositoryField(f) : null);
/** The upstream branch's head, one line (weblate/status.ts lastCommit); null when not said. */
const upstreamCommit = (repo: RepositoryView | null): string | null => lastCommit(repo?.raw ?? null) ?? null;

const yesNo = (v: unknown): string => (v === true ? 'yes' : v === false ? 'no' : v === null || v === undefined ? '—' : plainText(v));
const isProject = (r: StatusRecord): boolean => r.identity.component === null;
/** A field a project's repository leaves null by design (PROJECT_UNSUMMED): said as such, never as "none". */
const notShown = (r: StatusRecord, v: unknown, field?: string): string =>
  r.repository === null
    ? 'not shown (403)'
    : v === null && field !== undefined && isProject(r) && PROJECT_UNSUMMED.has(field)
      ? 'per component only (--fail-if reads them)'
      : yesNo(v);
/** Weblate's lock of a project is true only when every component is locked. */
const lockText = (v: unknown, r: StatusRecord): string => (isProject(r) && v === false ? 'no (not every component is locked)' : yesNo(v));

/** What holds of each component read (a project's --fail-if), as one line. */
function componentsText(components: ComponentRead[] | undefined): string {
  if (components === undefined) return '—';
  const holding = components.flatMap((c) => (c.holds.length > 0 ? [`${plainText(identityOf(c.target).target)}: ${c.holds.map(plainText).join(', ')}`] : []));
  if (holding.length === 0) return `none holds (${components.length} read)`;
  return holding.join('; ');
}

const ROWS: Column<StatusRecord>[] = [
  { header: 'target', field: 'wli_target', value: (r) => r.identity.target, kind: 'key' },
  { header: 'locked', field: 'locked', value: (r) => r.locked, text: lockText, style: (r) => (r.locked === true ? 'red' : undefined) },
  { header: 'pending strings', field: 'pending', value: (r) => r.pending, kind: 'count', style: (r) => (r.pending > 0 ? 'yellow' : undefined) },
  { header: 'needs commit', field: 'needs_commit', value: (r) => shownField(r.repository, 'needs_commit'), text: (v, r) => notShown(r, v) },
  { header: 'needs merge', field: 'needs_merge', value: (r) => shownField(r.repository, 'needs_merge'), text: (v, r) => notShown(r, v) },
  { header: 'needs push', field: 'needs_push', value: (r) => shownField(r.repository, 'needs_push'), text: (v, r) => notShown(r, v) },
  {
    header: 'merge failure',
    field: 'merge_failure',
    value: (r) => shownField(r.repository, 'merge_failure'),
    text: (v, r) => (v === null && r.repository?.sent('merge_failure') === true && !isProject(r) ? 'none' : notShown(r, v, 'merge_failure')),
  },
  {
    header: 'outgoing commits',
    field: 'outgoing_commits',
    value: (r) => shownField(r.repository, 'outgoing_commits'),
    text: (v, r) => notShown(r, v, 'outgoing_commits'),
  },
  {
    header: 'missing commits',
    field: 'missing_commits',
    value: (r) => shownField(r.repository, 'missing_commits'),
    text: (v, r) => notShown(r, v, 'missing_commits'),
  },
  // remote_commit: the upstream branch's head (Weblate's get_last_remote_commit), not Weblate's own last commit.
  { header: 'upstream commit', field: 'last_commit', value: (r) => upstreamCommit(r.repository), text: (v, r) => notShown(r, v, 'remote_commit') },
];

/** The rows of the repository's state, each "not shown (403)" without the VCS permission. */
const REPOSITORY_ROWS = new Set(['needs_commit', 'needs_merge', 'needs_push', 'merge_failure', 'outgoing_commits', 'missing_commits', 'last_commit']);
/** A record whose repository the server refused: its rows said once, in one line, not seven "not shown (403)". */
const withoutRepository = (rows: Column<StatusRecord>[]): Column<StatusRecord>[] => {
  const at = rows.findIndex((r) => r.field !== undefined && REPOSITORY_ROWS.has(r.field));
  const kept = rows.filter((r) => r.field === undefined || !REPOSITORY_ROWS.has(r.field));
  const row: Column<StatusRecord> = {
    header: 'repository',
    field: 'repository',
    value: (r) => r.repository?.raw ?? null,
    text: () => 'not shown (403): needs a token with the VCS permission',
  };
  return [...kept.slice(0, at), row, ...kept.slice(at)];
};

/** A project's record with its components read: one more line, what holds of each. */
const PROJECT_ROWS: Column<StatusRecord>[] = [
  ...ROWS,
  { header: 'components', field: 'components', value: (r) => r.components?.map((c) => c.item), text: (_v, r) => componentsText(r.components) },
];

/** The record's lines over its one typed record. */
const linesOf = (record: StatusRecord, rows: Column<StatusRecord>[]): Column[] => columnsOver(() => record, rows);

interface Read {
  target: Target & { kind: 'project' | 'component' | 'translation' };
  state: StatusState;
  forbidden?: HttpError;
}

async function readStatus(weblate: Weblate, t: Target): Promise<Read> {
  if (t.kind !== 'project' && t.kind !== 'component' && t.kind !== 'translation')
    throw new UsageError(msg`wli status takes a component, a project or a translation, not ${t.text}`);
  const component = t.kind === 'project' ? undefined : { project: t.project, component: t.component };
  const lock = weblate.getObject(lockOf(component ?? t));
  // The component's exact terms (path:), never component:SLUG, which also counts the components whose slugs or names contain it.
  const pending = weblate.search.count(
    t.kind === 'translation'
      ? { path: unitsOf(t) }
      : { path: UNITS_SEARCH, scope: { project: t.project, components: component && [component.component.join('/')] } },
    PENDING_QUERY,
    'pending strings',
  );
  const repository = weblate.getObject(repositoryOf(t)).then(
    (r) => ({ r }),
    (e: unknown) => {
      if (e instanceof HttpError && (e.status === 403 || e.status === 401)) return { forbidden: e };
      throw e;
    },
  );
  pending.catch(() => {});
  repository.catch(() => {});
  const locked = lockView(await lock).locked;
  const [count, repo] = [await pending, await repository];
  // Above a translation a server that ignores the search (before Weblate 4.14.1) counts every unit:
  // a probe that can match nothing tells, asked only when something is pending.
  if (t.kind !== 'translation' && count > 0 && (await weblate.searchIgnored()))
    throw weblate.searchIgnoredError('counting pending strings', msg`ask one translation at a time: wli status project/component/language`);
  return {
    target: t,
    state: { locked: locked ?? null, pending: count, repository: 'r' in repo ? repo.r : null },
    forbidden: 'forbidden' in repo ? repo.forbidden : undefined,
  };
}

/** The record as handed to the output: wli's identity first, then what was read, the repository answer whole. */
function itemOf(record: StatusRecord): Item {
  const repo = record.repository;
  const fields = Object.fromEntries(REPOSITORY_FIELDS.map((f) => [f, shownField(repo, f)]));
  return identified(
    {
      locked: record.locked,
      pending: record.pending,
      ...fields,
      last_commit: upstreamCommit(repo),
      repository: repo?.raw ?? null,
      ...(record.components ? { components: record.components.map((c) => c.item) } : {}),
    },
    record.identity,
  );
}

/**
 * The components of a project, each read for the conditions asked of it (PER_COMPONENT): its lock (the
 * component object's `locked` where the list carries it, Weblate 5.x and later; else its lock/) and its
 * repository (needs the VCS permission, as the project's did). Through the one worker pool, in order.
 */
async function componentsRead(weblate: Weblate, t: Target & { kind: 'project' }, conditions: readonly StatusCondition[]): Promise<ComponentRead[]> {
  const listed = await weblate.allItems({ path: componentsOf(t), label: 'components' });
  const lock = conditions.includes('locked');
  const repository = conditions.some((c) => NEEDS_REPOSITORY.has(c));
  return allInOrder(
    listed.map((listedItem) => async (): Promise<ComponentRead> => {
      const target = componentTargetOf(t.project, listedItem);
      const ref = { project: target.project, component: target.component };
      const listedLock = componentView(listedItem).locked;
      const [locked, repo] = await Promise.all([
        !lock ? null : listedLock !== undefined ? listedLock : weblate.getObject(lockOf(ref)).then((l) => lockView(l).locked ?? null),
        repository ? weblate.getObject(repositoryOf(target)) : null,
      ]);
      const state: StatusState = { locked, pending: 0, repository: repo };
      const holds = conditions.filter((c) => conditionHolds(c, state) === true);
      const view = repo && repositoryView(repo);
      const fields = view ? Object.fromEntries(REPOSITORY_FIELDS.map((f) => [f, shownField(view, f)])) : {};
      const item = identified(
        {
          ...(lock ? { locked } : {}),
          ...fields,
          ...(view ? { last_commit: upstreamCommit(view), repository: view.raw } : {}),
          holds: holds,
        },
        identityOf(target),
      );
      return { target, state, holds, item };
    }),
    weblate.concurrency,
  );
}

/**
 * A category has no lock, no pending count and no repository of its own in Weblate: once the server
 * says it is one, the run names it and its components (a usage error), never "no component".
 */
async function categoryRefused(weblate: Weblate, t: CategoryTarget): Promise<never> {
  const components = await weblate.categoryComponents(await weblate.categoryOf(t));
  const named = components.map((c) => [c.target.project, ...c.target.component].join('/'));
  throw new UsageError(
    msg`${t.text} is a category: Weblate keeps a lock and a repository per component or project, not per category`,
    msg`ask each of its components: ${ours(named.slice(0, 5).join(', ') + (named.length > 5 ? ', …' : '') || 'it has none')} (wli ls ${t.text}), or the project: wli status ${t.project}`,
  );
}

export async function run({ args, opts, weblate, report }: CommandInput<'status'>): Promise<RecordResult> {
  const conditions = [...new Set(opts.failIf ?? [])];
  const readings = weblate.targetReadings(args[0], ['project', 'component', 'translation', 'category']);
  const { value: read } = await weblate.firstFound(readings, (t) => (t.kind === 'category' ? categoryRefused(weblate, t) : readStatus(weblate, t)));
  const identity = identityOf(read.target);
  const id = String(identity.target);
  // A condition asked for that the token cannot see is refused, never passed silently.
  for (const c of conditions) {
    if (conditionHolds(c, read.state) !== undefined) continue;
    if (NEEDS_REPOSITORY.has(c) && read.state.repository === null) {
      const anonymous = read.forbidden?.anonymous === true;
      // The server refused it (401/403): exit 4 as every refused permission, not a usage error.
      throw new WliError(
        msg`--fail-if ${ours(c)} needs the repository state of ${id}, which ${ours(anonymous ? 'anonymous requests' : 'this token')} may not see (${read.forbidden?.serverMessage ?? 'HTTP 403'})`,
        EXIT.auth,
        msg`${ours(anonymous ? 'give a token (--token or WLI_TOKEN) of a user' : 'a token')} with ${ours(REPOSITORY_PERMISSION)}; or leave ${ours(c)} out of --fail-if`,
        { cause: read.forbidden },
      );
    }
    throw new UsageError(
      msg`--fail-if ${ours(c)}: the server does not say it for ${id}`,
      msg`ask it of the component: wli status ${[read.target.project, ...(read.target.kind === 'project' ? [] : read.target.component)].join('/')}`,
    );
  }
  if (read.forbidden) report.warn(msg`repository state of ${id} not shown: it needs ${ours(REPOSITORY_PERMISSION)}`);
  // Of a project, what Weblate does not sum is judged of each component; the rest of the project.
  const perComponent = read.target.kind === 'project' ? conditions.filter((c) => PER_COMPONENT.has(c)) : [];
  const ofTarget = conditions.filter((c) => !perComponent.includes(c));
  const components = read.target.kind === 'project' && perComponent.length > 0 ? await componentsRead(weblate, read.target, perComponent) : undefined;
  const record: StatusRecord = {
    identity,
    locked: read.state.locked,
    pending: read.state.pending,
    repository: read.state.repository && repositoryView(read.state.repository),
    components,
  };
  const item = itemOf(record);
  const verdict = judgeStatus(conditions, [
    ...(components && ofTarget.length === 0 ? [] : [{ id, group: read.target.project, state: read.state, item, conditions: ofTarget }]),
    ...(components ?? []).map((c) => ({ id: c.target.text, group: read.target.project, state: c.state, item: c.item, conditions: perComponent })),
  ]);
  return {
    kind: 'record',
    record: item,
    rows: linesOf(record, record.repository === null ? withoutRepository(components ? PROJECT_ROWS : ROWS) : components ? PROJECT_ROWS : ROWS),
    finish: () => ({ exitCode: verdict.exitCode, messages: verdict.messages }),
    checks: { verdict, table: { items: [item], columns: linesOf(record, ROWS) } },
    metrics: statusMetrics(record),
  };
}

/** Gauges for -f openmetrics: 1 or 0 for each condition the token may see, and the pending strings. */
function statusMetrics(record: StatusRecord): MetricFamily[] {
  const id = record.identity;
  const repo = record.repository;
  const labels = {
    project: plainText(id.project),
    component: plainText(id.component ?? ''),
    language: plainText(id.language ?? ''),
    target: plainText(id.target),
  };
  const flag = (name: string, v: unknown, help: string): MetricFamily => ({
    name,
    type: 'gauge',
    help,
    samples: typeof v === 'boolean' ? [{ labels, value: v ? 1 : 0 }] : [],
  });
  const count = (name: string, v: unknown, help: string): MetricFamily => ({
    name,
    type: 'gauge',
    help,
    samples: typeof v === 'number' ? [{ labels, value: v }] : [],
  });
  return [
    flag('wli_locked', record.locked, 'Locked in Weblate (1) or not (0)'),
    count('wli_pending_strings', record.pending, 'Strings changed in Weblate and not committed yet'),
    flag('wli_needs_commit', shownField(repo, 'needs_commit'), 'Weblate has changes to commit (1) or not (0)'),
    flag('wli_needs_merge', shownField(repo, 'needs_merge'), 'The repository needs a merge from upstream (1) or not (0)'),
    flag('wli_needs_push', shownField(repo, 'needs_push'), 'Weblate has commits to push (1) or not (0)'),
    {
      name: 'wli_merge_failure',
      type: 'gauge',
      help: 'A merge failed (1) or not (0)',
      // A project's repository leaves merge_failure null by design: no sample, never a false 0.
      samples: repo && !isProject(record) ? [{ labels, value: shownField(repo, 'merge_failure') ? 1 : 0 }] : [],
    },
    count('wli_outgoing_commits', shownField(repo, 'outgoing_commits'), 'Commits Weblate has not pushed'),
    count('wli_missing_commits', shownField(repo, 'missing_commits'), 'Upstream commits Weblate has not merged'),
  ];
}
