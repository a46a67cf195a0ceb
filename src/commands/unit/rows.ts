// The lines `wli unit` shows (table and Markdown): what the string is and where, every form of its
// text, what people said of it, its web page. A line for a field the unit leaves empty is left out;
// -f json, jsonl and csv carry every field as sent.
import type { Item } from '../../core/page.js';
import { plainText } from '../../core/values.js';
import type { Column } from '../../output/result.js';
import { formsText, shortTime, username } from '../../output/readable.js';
import { STATE_LABELS } from '../../weblate/units.js';
import { SCREENSHOTS_FIELD, WITH } from '../../weblate/discussion.js';

const empty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === '' || x === null)) || (Array.isArray(v) && v.length === 0);

const list = (v: unknown): Item[] => (Array.isArray(v) ? v.filter((x): x is Item => x !== null && typeof x === 'object') : []);

/** A plain line: a field shown as the cell rule shows it. */
const field = (name: string, header = name): Column => ({ header, field: name, value: (u) => u[name] });

/** Every form of a text, one line each, labelled by its index as --fields names a form (source, then a dot and the index); `source` for one form. */
function forms(u: Item, name: string): Column[] {
  const v = u[name];
  const all = Array.isArray(v) ? v : [v];
  if (all.length <= 1) return [{ header: name, field: name, value: (x) => x[name], text: formsText, breaks: true }];
  return all.map((_, i) => ({
    header: `${name}.${i}`,
    field: `${name}.${i}`,
    value: (x) => {
      const f = x[name];
      const all: unknown[] = Array.isArray(f) ? f : [];
      return all[i];
    },
    text: (f) => (typeof f === 'string' ? f : plainText(f)),
    breaks: true,
  }));
}

/** Lines numbered when there is more than one: `suggestion 1`, `suggestion 2`. */
function entries(items: Item[], label: string, text: (e: Item) => string): Column[] {
  return items.map((e, i) => ({ header: items.length > 1 ? `${label} ${i + 1}` : label, value: () => text(e), breaks: true }));
}

const by = (parts: Array<string | undefined>) => parts.filter((p) => p !== undefined && p !== '').join(', ');

export function unitRows(u: Item): Column[] {
  const suggestions = list(u[WITH.suggestions.field]);
  const comments = list(u[WITH.comments.field]);
  const screenshots = list(u[SCREENSHOTS_FIELD]);
  const votes = (e: Item) => (e.votes === undefined || e.votes === null ? undefined : `${plainText(e.votes)} ${plainText(e.votes) === '1' ? 'vote' : 'votes'}`);
  const when = (e: Item) => (typeof e.timestamp === 'string' ? shortTime(e.timestamp) : undefined);
  return [
    field('wli_target', 'translation'),
    field('id'),
    { header: 'state', field: 'state', value: (x) => x.state, text: (v) => (typeof v === 'number' ? STATE_LABELS[v] : undefined) ?? plainText(v) },
    field('position'),
    ...(['context', 'note', 'explanation'] as const).filter((k) => !empty(u[k])).map((k) => ({ ...field(k), breaks: true })),
    ...(['flags', 'extra_flags', 'labels'] as const).filter((k) => !empty(u[k])).map((k) => field(k)),
    ...forms(u, 'source'),
    ...(empty(u.previous_source) ? [] : forms(u, 'previous_source')),
    ...forms(u, 'target'),
    ...entries(suggestions, 'suggestion', (e) => `${formsText(WITH.suggestions.text(e))} (${by([username(e.user), votes(e), when(e)])})`),
    ...entries(comments, 'comment', (e) => `${plainText(WITH.comments.text(e))} (${by([username(e.user), when(e)])})`),
    ...entries(
      screenshots,
      'screenshot',
      (e) => `${plainText(e.name)} (${by([plainText(e.repository_filename), `wli download --screenshot ${plainText(e.id)}`])})`,
    ),
    { ...field('web_url'), kind: 'url' },
  ];
}
