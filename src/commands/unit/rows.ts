// The lines `wli unit` shows (table and Markdown): what the string is and where, every form of its
// text, what people said of it, its web page. A line for a field the unit leaves empty is left out;
// -f json, jsonl and csv carry every field as sent.
import type { Item } from '../../core/page.js';
import { plainText } from '../../core/values.js';
import type { Column } from '../../output/result.js';
import { formsText, shortTime, username } from '../../output/readable.js';
import { columnsOver } from '../../output/view-columns.js';
import { STATE_LABELS } from '../../weblate/units.js';
import { WITH } from '../../weblate/discussion.js';
import { commentView } from '../../weblate/views/comment.js';
import { screenshotView } from '../../weblate/views/screenshot.js';
import { suggestionView } from '../../weblate/views/suggestion.js';
import { unitRow, type UnitRow } from '../units/with.js';

const empty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null)) || (Array.isArray(v) && v.length === 0);

/** A field of the unit: its name (as --fields names it) and how the row reads it. */
type Field = [name: string, read: (u: UnitRow) => unknown];

/** A plain line: a field shown as the cell rule shows it. */
const field = ([name, read]: Field, header = name): Column<UnitRow> => ({ header, field: name, value: read });

/** Every form of a text, one line each, labelled by its index as --fields names a form (source, then a dot and the index); `source` for one form. */
function forms(u: UnitRow, [name, read]: Field): Column<UnitRow>[] {
  const v = read(u);
  const all = Array.isArray(v) ? v : [v];
  if (all.length <= 1) return [{ header: name, field: name, value: read, text: formsText, breaks: true }];
  return all.map((_, i) => ({
    header: `${name}.${i}`,
    field: `${name}.${i}`,
    value: (x) => {
      const f = read(x);
      const all: unknown[] = Array.isArray(f) ? f : [];
      return all[i];
    },
    text: (f) => (typeof f === 'string' ? f : plainText(f)),
    breaks: true,
  }));
}

/** Lines numbered when there is more than one: `suggestion 1`, `suggestion 2`. */
function entries(items: Item[], label: string, text: (e: Item) => string): Column<UnitRow>[] {
  return items.map((e, i) => ({ header: items.length > 1 ? `${label} ${i + 1}` : label, value: () => text(e), breaks: true }));
}

const by = (parts: Array<string | undefined>) => parts.filter((p) => p !== undefined && p !== '').join(', ');

const votes = (v: unknown) => (v === undefined || v === null ? undefined : `${plainText(v)} ${plainText(v) === '1' ? 'vote' : 'votes'}`);
const when = (time: string | undefined) => (time === undefined ? undefined : shortTime(time));

const TEXTS: Field[] = [
  ['context', (u) => u.context],
  ['note', (u) => u.note],
  ['explanation', (u) => u.explanation],
];
const LISTS: Field[] = [
  ['flags', (u) => u.flags],
  ['extra_flags', (u) => u.extraFlags],
  ['labels', (u) => u.labels],
];
const SOURCE: Field = ['source', (u) => u.source];
const PREVIOUS_SOURCE: Field = ['previous_source', (u) => u.previousSource];
const TARGET: Field = ['target', (u) => u.target];

/** The lines of a unit as `wli unit` writes it (its identity, the server's fields, the lists wli added). */
export function unitRows(record: Item): Column[] {
  const u = unitRow(record);
  const suggestion = (e: Item) => {
    const s = suggestionView(e);
    return `${formsText(WITH.suggestions.text(e))} (${by([username(s.user), votes(s.votes), when(s.time)])})`;
  };
  const comment = (e: Item) => {
    const c = commentView(e);
    return `${plainText(WITH.comments.text(e))} (${by([username(c.user), when(c.time)])})`;
  };
  const screenshot = (e: Item) => {
    const s = screenshotView(e);
    return `${plainText(s.name)} (${by([plainText(s.repositoryFilename), `wli download --screenshot ${plainText(s.id)}`])})`;
  };
  // The record's one view: the lines read the row they were made for.
  return columnsOver(
    (raw) => (raw === record ? u : unitRow(raw)),
    [
      field(['wli_target', (x) => x.identity?.target], 'translation'),
      field(['id', (x) => x.id]),
      { header: 'state', field: 'state', value: (x) => x.state, text: (v) => (typeof v === 'number' ? STATE_LABELS[v] : undefined) ?? plainText(v) },
      field(['position', (x) => x.position]),
      ...TEXTS.filter(([, read]) => !empty(read(u))).map((f) => ({ ...field(f), breaks: true })),
      ...LISTS.filter(([, read]) => !empty(read(u))).map((f) => field(f)),
      ...forms(u, SOURCE),
      ...(empty(u.previousSource) ? [] : forms(u, PREVIOUS_SOURCE)),
      ...forms(u, TARGET),
      ...entries(u.entries('suggestions'), 'suggestion', suggestion),
      ...entries(u.entries('comments'), 'comment', comment),
      ...entries(u.entries('screenshots'), 'screenshot', screenshot),
      { ...field(['web_url', (x) => x.webUrl]), kind: 'url' },
    ],
  );
}
