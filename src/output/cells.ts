// One rule for turning a JSON value into the text of a CSV or table cell.
import { isLosslessNumber, stringifyJson } from '../api/json.js';

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (isLosslessNumber(value)) return value.raw;
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
  return stringifyJson(value);
}
