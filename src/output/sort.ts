// --sort: one order for every format. Pure: the comparator of two items by the keys given, and the
// list ordered by it. Decisions (docs/output.md): numbers by value, exactly (a 64-bit hash the codec
// keeps as a LosslessNumber compares as the integer it is, never as a rounded double); strings by
// Unicode code point, the same on every machine whatever its locale (as jq's sort_by and LC_ALL=C
// sort); false before true; null or missing last in either direction; equal items keep server order.
import { isLosslessNumber } from '../codec/json.js';
import type { SortKey } from '../spec/spec.js';
import { getPath, type Item } from './fields.js';

/** Kinds in the order they sort in, ascending: values of different kinds compare by kind first. */
const RANK = { boolean: 0, number: 1, string: 2, other: 3 } as const;

type Kind = keyof typeof RANK;

const INTEGER = /^-?\d+$/;

function kindOf(v: unknown): Kind {
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number' || typeof v === 'bigint' || isLosslessNumber(v)) return 'number';
  if (typeof v === 'string') return 'string';
  return 'other';
}

/** An integer as an exact bigint (a LosslessNumber's literal, a safe double), else undefined. */
function exactInteger(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  // A double that is an integer is that integer exactly (what it rounded from, the codec kept as a LosslessNumber).
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : undefined;
  if (isLosslessNumber(v) && INTEGER.test(v.raw)) return BigInt(v.raw);
  return undefined;
}

function compareNumbers(a: unknown, b: unknown): number {
  const x = exactInteger(a);
  const y = exactInteger(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  // A fraction or an exponent: by value as a double (Weblate sends percentages as such).
  const p = Number(a);
  const q = Number(b);
  return p < q ? -1 : p > q ? 1 : 0;
}

/**
 * By code point: JavaScript's < compares UTF-16 code units, which puts U+E000–U+FFFF after the
 * surrogates of astral characters (😀 before ﬁ); the first differing units are moved back into
 * code point order.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Two present values (neither null nor missing), ascending. */
export function compareValues(a: unknown, b: unknown): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return RANK[ka] - RANK[kb];
  switch (ka) {
    case 'boolean':
      return Number(a) - Number(b);
    case 'number':
      return compareNumbers(a, b);
    case 'string':
      return typeof a === 'string' && typeof b === 'string' ? compareCodePoints(a, b) : 0;
    case 'other':
      // A list or an object: by its JSON text, so the order is at least the same every run.
      return compareCodePoints(JSON.stringify(a) ?? '', JSON.stringify(b) ?? '');
  }
}

const absent = (v: unknown): boolean => v === null || v === undefined;

/** The comparator of items by the keys: the first key that tells them apart decides. */
export function comparator(keys: readonly SortKey[]): (a: Item, b: Item) => number {
  return (a, b) => {
    for (const { path, descending } of keys) {
      const x = getPath(a, path);
      const y = getPath(b, path);
      // Null or missing last, whichever the direction.
      if (absent(x) || absent(y)) {
        if (absent(x) && absent(y)) continue;
        return absent(x) ? 1 : -1;
      }
      const c = compareValues(x, y);
      if (c !== 0) return descending ? -c : c;
    }
    return 0;
  };
}

/** The items ordered by the keys (a stable sort: equal items keep the server's order). */
export function sortItems<T extends Item>(items: T[], keys: readonly SortKey[]): T[] {
  return items.sort(comparator(keys));
}
