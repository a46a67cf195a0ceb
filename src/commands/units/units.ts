// wli units: the strings of a translation, or of anything above it searched through /api/units/ with
// Weblate's scope terms, filtered by the server.
//
// Above a translation the server's search does the scoping (the scope's exact terms: project:,
// language:, a component's or category's path:; the run's unit search, weblate.search, asks a server before
// Weblate 5.8 again with component:=SLUG), and wli checks it: every unit's `translation` link must lie inside the asked scope, or the unit is left out; a
// server that ignores the search (Weblate before 4.14.1 lists every unit whatever q says) is found by
// a probe asked alongside page 1 (a search that can match nothing) and stops the run with an error
// instead of listing the wrong units.
import { refusedByServer } from '../../api/errors.js';
import { madeOnce, pick, type Item, type Page } from '../../core/page.js';
import { msg, ours } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column, ListResult, Style } from '../../output/result.js';
import { formsText } from '../../output/readable.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import type { CommandInput } from '../../remote/run.js';
import { IDENTITY_FIELDS, identifyPage, unitIdentity } from '../../weblate/identity.js';
import { targetOfUrl, type Target } from '../../weblate/target.js';
import { UNITS_SEARCH, objectPath, unitsOf } from '../../weblate/paths.js';
import { STATE_LABELS, STATE_SHORT, UNIT_FIELDS, stateKind, unitQuery, type StateKind } from '../../weblate/units.js';
import { inScope, type Scope } from '../../weblate/scope.js';
import { unitRow, withColumns, withField, withLists } from './with.js';
import { unitView, type UnitView } from '../../weblate/views/unit.js';
import { columnsOver } from '../../output/view-columns.js';

const STATE_STYLE: Record<StateKind, Style> = { empty: 'red', fuzzy: 'yellow', translated: 'green', approved: 'cyan', 'read-only': 'gray' };

const stateLabel = (v: unknown): string => {
  const label = typeof v === 'number' ? STATE_LABELS[v] : undefined;
  return label ?? (v === undefined || v === null ? '' : plainText(v));
};

/** The state words a narrow terminal shows (layout.ts: fixed columns yield first). */
const stateShort = (v: unknown): string => (typeof v === 'number' ? STATE_SHORT[v] : undefined) ?? stateLabel(v);

const stateStyle = (u: UnitView) => {
  const kind = stateKind(u.state);
  return kind && STATE_STYLE[kind];
};

const ID: Column<UnitView> = { header: 'id', field: 'id', value: (u) => u.id, kind: 'id' };

/** Above a translation each row also says which translation the string belongs to. */
const TRANSLATION: Column<UnitView> = {
  header: 'translation',
  field: 'translation',
  value: (u) => targetOfUrl(u.translation) ?? u.translation,
  kind: 'key',
};

const TEXTS: Column<UnitView>[] = [
  // Room for "needs editing" even when page 1 holds only translated strings.
  {
    header: 'state',
    field: 'state',
    value: (u) => u.state,
    text: stateLabel,
    kind: 'state',
    style: stateStyle,
    minWidth: 13,
    short: { text: stateShort, minWidth: 7 },
  },
  { header: 'context', field: 'context', value: (u) => u.context },
  { header: 'source', field: 'source', value: (u) => u.source, text: formsText },
  { header: 'target', field: 'target', value: (u) => u.target, text: formsText },
];

/** How other unit fields look when --fields names them in a table. */
const FIELDS: Column<UnitView>[] = [
  { header: 'previous_source', field: 'previous_source', value: (u) => u.previousSource, text: formsText },
  { header: 'timestamp', field: 'timestamp', value: (u) => u.timestamp, kind: 'time' },
  { header: 'position', field: 'position', value: (u) => u.position, kind: 'count' },
  { header: 'num_words', field: 'num_words', value: (u) => u.numWords, kind: 'count' },
  { header: 'priority', field: 'priority', value: (u) => u.priority, kind: 'count' },
];

/** A unit list's columns: a translation's, those above one (with the translation), and those --fields may name. */
interface UnitColumns {
  plain: Column[];
  scoped: Column[];
  fields: Column[];
}

/**
 * The columns of a list of units over one view of each row, made once a row whichever of them a table
 * shows (output/view-columns.ts); `after` follows the texts (units --with).
 */
function unitColumns<V extends UnitView>(view: (raw: Item) => V, after: Column<V>[] = []): UnitColumns {
  const all = columnsOver<V>(view, [ID, TRANSLATION, ...TEXTS, ...after, ...FIELDS]);
  const shown = all.slice(0, all.length - FIELDS.length);
  return { plain: shown.filter((_, i) => i !== 1), scoped: shown, fields: all.slice(shown.length) };
}

const COLUMNS = unitColumns(unitView);
export const UNIT_COLUMNS: Column[] = COLUMNS.plain;
export const SCOPED_UNIT_COLUMNS: Column[] = COLUMNS.scoped;

/** A search above one translation, asked: its scope, and the checks asked alongside its page 1. */
interface Search {
  scope: Scope;
  /** Proves the target exists: a search answers an empty list for a project or component that does not. */
  exists?: Promise<unknown>;
  /** Whether the server answers a search that can match nothing with units (it ignores q). */
  ignoresQ: Promise<boolean>;
}

/**
 * Where a reading above a translation searches, and what proves it exists, asked alongside page 1 so
 * a typo is a 404 (explained) and not "no units". A category is resolved first (its components make
 * the search); undefined when it has none (nothing to search).
 */
async function searchOf(weblate: Weblate, t: Target, ignoresQ: () => Promise<boolean>): Promise<Search | undefined> {
  let scope: Scope = {};
  let exists: Promise<unknown> | undefined;
  if (t.kind === 'project' || t.kind === 'component') exists = weblate.getObject(objectPath(t));
  if (t.kind === 'projectLanguage') exists = weblate.projectLanguageOf(t);
  if (t.kind === 'project' || t.kind === 'projectLanguage') scope = { project: t.project, language: t.kind === 'projectLanguage' ? t.language : undefined };
  if (t.kind === 'component') scope = { project: t.project, components: [t.component.join('/')] };
  if (t.kind === 'category') {
    const components = await weblate.categoryComponents(await weblate.categoryOf(t));
    if (components.length === 0) return undefined;
    scope = { project: t.project, category: t.category.join('/'), components: components.map((c) => c.target.component.join('/')) };
  }
  exists?.catch(() => {});
  return { scope, exists, ignoresQ: ignoresQ() };
}

/** The probe (the Weblate object's searchIgnored): asked once a run, whichever reading searches first. */
function probeOnce(weblate: Weblate): () => Promise<boolean> {
  let probe: Promise<boolean> | undefined;
  return () => {
    probe ??= weblate.searchIgnored();
    probe.catch(() => {});
    return probe;
  };
}

const OUTSIDE: unique symbol = Symbol('a unit of another project');

/**
 * The units of a page in the scope (made into objects here, and handed on for their next use: core/page.ts madeOnce);
 * OUTSIDE for a unit of another project. A unit whose translation link names no translation is left
 * out, said.
 */
function keptInScope(report: Report, page: Page, scope: Scope): Page | undefined | typeof OUTSIDE {
  const units = page.items();
  const keep = units.map((u) => inScope(u, scope));
  // A view only of a unit left out (the common page, all inside, makes none).
  const projectOf = (u: Item) => targetOfUrl(unitView(u).translation)?.split('/')[0];
  if (keep.some((k) => k === false) && units.some((u, i) => keep[i] === false && projectOf(u) !== scope.project)) return OUTSIDE;
  if (keep.every((k) => k === true)) return madeOnce(page, units);
  units.forEach((u, i) => {
    if (keep[i] !== undefined) return;
    const unit = unitView(u);
    report.warn(
      msg`unit ${plainText(unit.id)} left out: its translation link ${ours("'")}${plainText(unit.translation)}${ours("'")} is not a translation of this server`,
    );
  });
  const inside = keep.flatMap((k, i) => (k === true ? [i] : []));
  return inside.length ? pick(madeOnce(page, units), inside) : undefined;
}

/**
 * Units above a translation, checked against the scope. A unit of another project, or a probe search
 * that matches something, means the server ignored the search: an error, never a wrong list.
 */
async function* checkedScope(weblate: Weblate, report: Report, pages: AsyncGenerator<Page>, search: () => Search | undefined): AsyncGenerator<Page> {
  const ignored = (project: string | undefined) =>
    weblate.searchIgnoredError(
      'searching',
      msg`search one translation at a time: wli units project/component/language -q …`,
      msg`it lists units outside ${project !== undefined ? msg`project '${project}'` : ours('the search')}`,
    );
  let checked = false;
  const check = async () => {
    checked = true;
    const s = search();
    await s?.exists;
    if (s && (await s.ignoresQ)) throw ignored(s.scope.project);
  };
  for await (const page of pages) {
    if (!checked) await check();
    // Pages come only from a search that was found (run's list): there is one.
    const s = search();
    if (s === undefined) throw new Error('wli units: a page of no search');
    const { scope } = s;
    const kept = keptInScope(report, page, scope);
    if (kept === OUTSIDE) throw ignored(scope.project);
    if (kept) yield kept;
  }
  if (!checked) await check();
}

export function run({ args, opts, weblate, report }: CommandInput<'units'>): ListResult {
  const readings = weblate.targetReadings(args[0], ['server', 'project', 'component', 'category', 'translation', 'projectLanguage']);
  const q = unitQuery(opts.state ?? [], opts.query);
  const search = weblate.search;
  // Each reading's search, once asked (list), for its scope check (pipe).
  const searches = new Map<Target, Search | undefined>();
  const ignoresQ = probeOnce(weblate);
  const list = async (t: Target) => {
    if (t.kind === 'translation') return { path: unitsOf(t), query: search.query({ path: unitsOf(t) }, q) };
    const found = await searchOf(weblate, t, ignoresQ);
    searches.set(t, found);
    if (!found) return undefined;
    const at = { path: UNITS_SEARCH, scope: found.scope };
    return { path: UNITS_SEARCH, read: (ask: { limit?: number; label: string }) => search.pages(at, q, ask) };
  };
  // Which reading answered decides the columns (p/x/y: a translation, or a component in a category).
  let answered: Target | undefined;
  const above = () => (answered ?? readings[0])?.kind !== 'translation';
  // Above a translation each unit names its translation: wli_target and its parts first.
  async function* noting(pages: AsyncGenerator<Page>, t: Target): AsyncGenerator<Page> {
    answered = t;
    for await (const page of pages) yield t.kind === 'translation' ? page : identifyPage(page, unitIdentity);
  }
  const lists = opts.with ?? [];
  const shown = lists.length === 0 ? COLUMNS : unitColumns(unitRow, withColumns(lists));
  const columns = () => (above() ? shown.scoped : shown.plain);
  const known = () => (above() ? [...IDENTITY_FIELDS, ...UNIT_FIELDS] : UNIT_FIELDS);
  const result = weblate.listOf({
    readings,
    list,
    pipe: (pages, t) => noting(t.kind === 'translation' ? pages : checkedScope(weblate, report, pages, () => searches.get(t)), t),
    filters: (t) => t.kind !== 'translation',
    limit: opts.limit,
    label: 'units',
    columns,
    fieldColumns: shown.fields,
    knownFields: known,
    empty: q ? msg`no units match '${q}'` : msg`no units`,
    // A query the server cannot parse is the user's to fix: exit 2 with the server's words.
    onStatus: (e) =>
      refusedByServer(e, {
        said: msg`the server rejected the search query '${q}'`,
        hint: msg`see Weblate's search syntax: https://docs.weblate.org/en/latest/user/search.html`,
      }),
  });
  if (lists.length === 0) return result;
  return {
    ...result,
    pages: withLists(weblate, result.pages, lists),
    knownFields: () => [...known(), ...lists.map(withField)],
  };
}
