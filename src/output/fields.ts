// --fields: which values a row carries, reached by dotted paths ("language.code", "source.0").
import { UsageError } from '../api/errors.js';
import type { Item } from '../api/paginate.js';

export type { Item };

export function parseFields(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0 || fields.some((f) => f.split('.').some((p) => p === ''))) {
    throw new UsageError(`invalid --fields '${text}'`, 'expected comma-separated field paths, e.g. --fields id,context,language.code');
  }
  return fields;
}

export function getPath(item: unknown, path: string): unknown {
  let v: unknown = item;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    if (Array.isArray(v)) {
      if (!/^\d+$/.test(part)) return undefined;
      v = v[Number(part)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(v, part)) return undefined;
      v = (v as Item)[part];
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
