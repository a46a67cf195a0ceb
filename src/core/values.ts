// Values from a server's JSON turned into text or numbers for people, without calling anything a
// hostile shape could have replaced: String() on {"toString": 1} throws "Cannot convert object to
// primitive value", and so does Number() or a template literal.

/**
 * The brand of the JSON codec's exact numbers (codec/json.ts LosslessNumber): a registered symbol,
 * so this module knows them without loading the codec, and parsed JSON cannot fake one.
 */
export const EXACT_NUMBER: unique symbol = Symbol.for('wli.exact-number') as never;
const isExact = (v: object): v is { raw: string } => EXACT_NUMBER in v && v[EXACT_NUMBER] === true;

/** Any value as text: strings as they are, numbers as JSON writes them, anything else as compact JSON. */
export function plainText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'undefined':
      return String(v);
    case 'symbol':
      return v.description ?? 'symbol';
    case 'function':
      return '[function]';
  }
  if (v === null) return 'null';
  if (v instanceof Error) return typeof v.message === 'string' ? v.message : '[error]';
  if (v instanceof URL) return v.href;
  if (typeof v === 'object' && isExact(v)) return v.raw;
  try {
    return JSON.stringify(v) ?? '[object]';
  } catch {
    return '[object]';
  }
}

/** The one number extractor: a number, an exact big number (as a double), a bigint, or numeric text; undefined otherwise. */
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  if (v !== null && typeof v === 'object' && isExact(v)) return Number(v.raw);
  return undefined;
}
