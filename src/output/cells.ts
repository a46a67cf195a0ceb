// One rule for turning a JSON value into the text of a cell: CSV writes values as they are, tables
// and Markdown show them for people (short times, plural forms told apart, control characters escaped).
import { isLosslessNumber, stringifyJson } from '../codec/json.js';
import { escapeControl } from '../core/text.js';
import { shortTime } from './readable.js';
import { cellWidth, truncateCells } from './width.js';
import type { Item } from './fields.js';
import { isItem } from '../core/page.js';
import type { Column } from './result.js';

/** A value as CSV writes it: strings as they are, a one-string list as that string, anything else compact JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (isLosslessNumber(value)) return value.raw;
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
  return stringifyJson(value);
}

/** The text of a column's cell for people (tables, Markdown), before escaping. */
export function columnText(col: Column, item: Item): string {
  const v = col.value(item);
  if (col.text) return col.text(v, item);
  const text = cellText(v);
  return col.kind === 'time' && typeof v === 'string' ? shortTime(text) : text;
}

/** The text of a column's cell as a table shows it, control characters escaped. */
export function displayText(col: Column, item: Item): string {
  return escapeControl(columnText(col, item));
}

/** A nested value whose JSON fits in this many cells is shown whole; a longer one is summarised. */
const SUMMARY_CELLS = 60;
/** A nested name longer than this is cut in a summary: the summary stays one short line. */
const SUMMARY_NAME_CELLS = 40;

/** What names an object for people: its name, slug or code ("Android (android)", "English (en)"); '' when none. */
function nameOf(o: Record<string, unknown>): string {
  const text = (k: string) => (typeof o[k] === 'string' && o[k] !== '' ? truncateCells(o[k], SUMMARY_NAME_CELLS) : undefined);
  const name = text('name');
  const id = text('slug') ?? text('code');
  return name && id && name !== id ? `${name} (${id})` : (name ?? id ?? '');
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A nested object or list as a record view (table, Markdown) shows it: whole when its JSON is short,
 * else a summary rather than one line of JSON thousands of characters long. An object by its name and
 * size (`Android (android), 42 fields`, or `{…} 12 fields`); a list by its items' names when they are
 * short (`[Docs, API]`), else by its size (`[3 items]`). -f json, jsonl and csv show the value whole.
 */
export function nestedSummary(value: object): string {
  const json = stringifyJson(value);
  if (cellWidth(json) <= SUMMARY_CELLS) return json;
  if (Array.isArray(value)) {
    const names = value.map((v: unknown) => (isItem(v) && !isLosslessNumber(v) ? nameOf(v) : ''));
    const listed = `[${names.join(', ')}]`;
    const named = names.every((n) => n !== '' && !n.includes(', ')) && cellWidth(listed) <= SUMMARY_CELLS;
    return named ? listed : `[${count(value.length, 'item', 'items')}]`;
  }
  const fields = count(Object.keys(value).length, 'field', 'fields');
  const name = isItem(value) ? nameOf(value) : '';
  return name ? `${name}, ${fields}` : `{…} ${fields}`;
}

/**
 * The text of a record view's value (table, Markdown): a nested object or list by nestedSummary; a
 * one-string list is that string, as in every cell (cellText).
 */
export function recordText(col: Column, item: Item): string {
  const v = col.value(item);
  const oneString = Array.isArray(v) && v.length === 1 && typeof v[0] === 'string';
  if (!col.text && v !== null && typeof v === 'object' && !isLosslessNumber(v) && !oneString) return nestedSummary(v);
  return columnText(col, item);
}
