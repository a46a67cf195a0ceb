// --fields: which values a row carries, reached by dotted paths ("language.code", "source.0").
// (The option's value is checked by spec/option-values.ts.)
import { isItem, type Item } from '../core/page.js';

export type { Item };

export function getPath(item: unknown, path: string): unknown {
  let v: unknown = item;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    if (Array.isArray(v)) {
      if (!/^\d+$/.test(part)) return undefined;
      v = v[Number(part)];
    } else {
      if (!isItem(v) || !Object.prototype.hasOwnProperty.call(v, part)) return undefined;
      v = v[part];
    }
  }
  return v;
}

/** A flat row keyed by the paths as written; a path the item lacks is null, so rows line up. */
export function pickFields(item: Item, fields: readonly string[]): Item {
  const out: Item = {};
  for (const f of fields) {
    // defineProperty: a path named "__proto__" stays data.
    Object.defineProperty(out, f, { value: getPath(item, f) ?? null, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
