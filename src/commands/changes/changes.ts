// wli changes: the history of a translation, component, project or the server, in the order the
// server lists it; with --follow, then every new change as it appears (commands/changes/follow.ts).
//
// Weblate keeps no history of a category (no /api/categories/<id>/changes/, as of 5.x) and no
// filter by language on a history: a category's is its components' lists merged newest first
// (commands/changes/merge.ts: each list read only as far as the merge needs, one page of each at a time); a
// language's across a project (p/-/l) is the project's list kept to the changes of translations in
// that language (each change names its translation): one list, in the server's order, against one
// list per component (Weblate lists no project's translations of one language: finding them costs a
// request per component before the first change). --follow polls one list whatever the target: for
// a category, the project's, kept to the category's components (one request a poll, not one per
// component).
import { refusedByServer } from '../../api/errors.js';
import { UsageError } from '../../core/errors.js';
import { msg } from '../../core/text.js';
import { instantOf } from '../../spec/option-values.js';
import { FOLLOW_DEFAULTS } from '../../spec/spec.js';
import { formsText, username } from '../../output/readable.js';
import type { Column, ListResult } from '../../output/result.js';
import { cellText } from '../../output/cells.js';
import { truncateCells } from '../../output/width.js';
import { SHORT_ACTION_WIDTH, shortAction } from '../../weblate/actions.js';
import { CHANGE_FIELDS, changeIn } from '../../weblate/changes.js';
import { changeView } from '../../weblate/views/change.js';
import { columnsOver } from '../../output/view-columns.js';
import { IDENTITY_FIELDS, changeIdentity, identifyPage, identityOfRow } from '../../weblate/identity.js';
import { idFromUrl } from '../../weblate/objects.js';
import { changesOf } from '../../weblate/paths.js';
import type { Target } from '../../weblate/target.js';
import { filterPage, type Page } from '../../core/page.js';
import type { CommandInput } from '../../remote/run.js';
import { limited, mapErrors, type Weblate } from '../../remote/weblate.js';
import { follow, type ChangesAt } from './follow.js';
import { newestFirst } from './merge.js';

export const CHANGE_COLUMNS: Column[] = columnsOver(changeView, [
  { header: 'id', field: 'id', value: (c) => c.id, kind: 'id' },
  // What a change was says more than when: on a narrow terminal TIME leaves after UNIT and USER, before ACTION.
  { header: 'time', field: 'timestamp', value: (c) => c.timestamp, kind: 'time', drop: 1 },
  // Never cut: on a narrow terminal each action takes its short name (weblate/actions.ts), so that
  // "Translation added", "changed" and "approved" do not all read "Translat…".
  {
    header: 'action',
    field: 'action_name',
    value: (c) => c.actionName ?? c.action,
    kind: 'state',
    short: { text: (v, c) => shortAction(c.action) ?? truncateCells(cellText(v), SHORT_ACTION_WIDTH) },
  },
  // On a narrow terminal UNIT leaves first, then USER; a short name (up to 12 cells) is never cut.
  { header: 'user', field: 'user', value: (c) => c.who, text: username, drop: 2, keep: 12 },
  { header: 'unit', field: 'unit', value: (c) => c.unit, text: idFromUrl, kind: 'id', drop: 3 },
  // Plural forms travel joined by two record separators.
  { header: 'target', field: 'target', value: (c) => c.target, text: formsText },
]);

/** Above a translation each row also says which translation the change is in (its wli_target). */
export const SCOPED_CHANGE_COLUMNS: Column[] = [
  ...CHANGE_COLUMNS.slice(0, 1),
  { header: 'translation', field: 'wli_target', value: (c) => identityOfRow(c)?.target, kind: 'key' },
  ...CHANGE_COLUMNS.slice(1),
];

/**
 * Above a translation a change names the translation it is in (or its component, or its project):
 * wli_target and its parts first. A translation's own changes are left as the server sent them.
 */
function marker(t: Target): (page: Page) => Page {
  if (t.kind === 'translation') return (page) => page;
  const project = t.kind === 'server' || t.kind === 'language' ? undefined : t.project;
  return (page) => identifyPage(page, (c) => changeIdentity(c, project));
}

async function* mapPages(pages: AsyncIterable<Page>, map: (page: Page) => Page): AsyncGenerator<Page> {
  for await (const page of pages) yield map(page);
}

/** How other change fields look when --fields names them in a table. */
const CHANGE_FIELD_COLUMNS: Column[] = columnsOver(changeView, [
  { header: 'author', field: 'author', value: (c) => c.author, text: username },
  { header: 'action', field: 'action', value: (c) => c.action, kind: 'id' },
  { header: 'old', field: 'old', value: (c) => c.old, text: formsText },
]);

/** The filters given, as typed, for "no changes match …". */
function filtersText(opts: CommandInput<'changes'>['opts'], since: string | undefined, until: string | undefined): string {
  const parts: string[] = [];
  if (since !== undefined) parts.push(`--since ${since}`);
  if (until !== undefined) parts.push(`--until ${until}`);
  for (const a of opts.action ?? []) parts.push(`--action ${String(a)}`);
  if (opts.user !== undefined) parts.push(`--user ${String(opts.user)}`);
  return parts.join(' ');
}

/** A 400 for a filter is the user's to fix: exit 2 with the server's words. */
const filterRejected = (e: unknown) =>
  refusedByServer(e, {
    said: msg`the server rejected the filters`,
    hint: msg`check --action (an older server may not know a newer action), --user, --since and --until`,
  });

/** The server's filters: timestamp_after/before (UTC instants), action (repeated), user. */
function filterQuery(opts: CommandInput<'changes'>['opts'], since: string | undefined, until: string | undefined): URLSearchParams {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('timestamp_after', since);
  if (until !== undefined) query.set('timestamp_before', until);
  for (const a of opts.action ?? []) query.append('action', String(a));
  if (opts.user !== undefined) query.set('user', opts.user);
  return query;
}

/** A project's own history: a category's and a language's across the project are kept from it. */
const projectChanges = (project: string): string => changesOf({ kind: 'project', text: project, project });

/** The one list of a reading's changes (what --follow polls): a category's and a project language's are the project's, kept to them. */
async function changesAt(weblate: Weblate, t: Target): Promise<ChangesAt> {
  switch (t.kind) {
    case 'category': {
      const components = (await weblate.categoryComponents(await weblate.categoryOf(t))).map((c) => c.target.component.join('/'));
      return { path: projectChanges(t.project), keep: (c) => changeIn(c, { project: t.project, components }) };
    }
    case 'projectLanguage':
      await weblate.projectLanguageOf(t);
      return { path: projectChanges(t.project), keep: (c) => changeIn(c, t) };
    case 'language':
      throw new UsageError(msg`a language has no history of its own`);
    default:
      return { path: changesOf(t) };
  }
}

/** A reading's changes listed (not followed): a category's merged from its components' lists. */
async function* changesOfReading(weblate: Weblate, t: Target, query: URLSearchParams, limit: number | undefined): AsyncGenerator<Page> {
  if (t.kind === 'category') {
    const components = await weblate.categoryComponents(await weblate.categoryOf(t));
    // One page of each list at a time (no pages asked ahead), each list read no further than the limit.
    const lists = components.map((c) => weblate.pagesOf({ path: changesOf(c.target), query, limit, label: 'changes', concurrency: 1, quiet: true }));
    yield* limited(newestFirst(lists, weblate.pageSize), limit);
    return;
  }
  if (t.kind !== 'projectLanguage') {
    yield* weblate.pagesOf({ path: (await changesAt(weblate, t)).path, query, limit, label: 'changes' });
    return;
  }
  // The project's language asked for alongside page 1 of the project's history: a typo is explained, not "no changes".
  const exists = weblate.projectLanguageOf(t);
  exists.catch(() => {});
  let proven = false;
  for await (const page of weblate.pagesOf({ path: projectChanges(t.project), query, label: 'changes' })) {
    if (!proven) proven = !!(await exists);
    const kept = filterPage(page, (c) => changeIn(c, t));
    if (kept) yield kept;
  }
  if (!proven) await exists;
}

export async function run({ args, opts, weblate, report, shown, ctx }: CommandInput<'changes'>): Promise<ListResult> {
  // An option that cannot apply is refused, never silently ignored.
  if (opts.interval !== undefined && !opts.follow)
    throw new UsageError(
      msg`--interval applies only with --follow: it is the time between polls`,
      msg`add --follow to watch for new changes, or drop --interval`,
    );
  const readings = weblate.targetReadings(args[0], ['server', 'project', 'component', 'category', 'translation', 'projectLanguage']);
  const now = ctx.now();
  const since = opts.since === undefined ? undefined : instantOf(opts.since, now, '--since');
  const until = opts.until === undefined ? undefined : instantOf(opts.until, now, '--until');
  if (since !== undefined && until !== undefined && Date.parse(since) > Date.parse(until)) {
    throw new UsageError(msg`--since ${since} is later than --until ${until}`, msg`no change can be in that window; swap them?`);
  }
  const query = filterQuery(opts, since, until);
  const filters = filtersText(opts, since, until);
  // Which reading answered decides the columns and fields (p/x/y: a translation, or a component in a category).
  let answered: Target | undefined;
  const above = () => (answered ?? readings[0])?.kind !== 'translation';
  const mark = (t: Target) => {
    answered = t;
    return marker(t);
  };
  const listing = {
    columns: () => (above() ? SCOPED_CHANGE_COLUMNS : CHANGE_COLUMNS),
    fieldColumns: CHANGE_FIELD_COLUMNS,
    knownFields: () => (above() ? [...IDENTITY_FIELDS, ...CHANGE_FIELDS] : CHANGE_FIELDS),
    empty: filters ? msg`no changes match ${filters}` : msg`no changes`,
  };
  if (opts.follow) {
    if (shown.format === 'json')
      throw new UsageError(msg`-f json cannot be followed: a JSON array never ends`, msg`use -f jsonl (one change per line) or the table`);
    if (until !== undefined) throw new UsageError(msg`--until cannot be followed: new changes come after it`, msg`drop --until, or drop --follow`);
    if (shown.sort)
      throw new UsageError(msg`--sort cannot be followed: it waits for the last change, and a followed history has none`, msg`drop --sort, or drop --follow`);
    const pages = follow(weblate, report, {
      readings,
      at: (t) => changesAt(weblate, t),
      query,
      recent: opts.limit ?? FOLLOW_DEFAULTS.recent,
      intervalMs: (opts.interval ?? FOLLOW_DEFAULTS.intervalSeconds) * 1000,
      mark,
      now: ctx.now,
      signal: ctx.signal,
    });
    return { kind: 'list', pages: mapErrors(pages, filterRejected), live: true, ...listing };
  }
  const pages = weblate.firstFoundPages(readings, (t) => mapPages(changesOfReading(weblate, t, query, opts.limit), mark(t)));
  return { kind: 'list', pages: mapErrors(limited(pages, opts.limit), filterRejected), ...listing };
}
