// One rule for turning a JSON value into the text of a cell: CSV writes values as they are, tables
// and Markdown show them for people (short times, plural forms told apart, control characters escaped).
import { isLosslessNumber, stringifyJson } from '../codec/json.js';
import { escapeControl } from '../core/text.js';
import { shortTime } from './readable.js';
import type { Item } from './fields.js';
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
