// Minimal JSON writer for the fake server. Unlike JSON.stringify it can emit
// integers beyond 2^53 (bigint), pre-rendered number text (Raw: "68.7", "100.0",
// "1e400") and keeps the output byte-compatible with Django REST framework's
// JSONRenderer: compact separators, UTF-8 text unescaped, control characters as
// \u00XX (lowercase hex), U+2028/U+2029 escaped.

export class Raw {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | bigint | string | Raw | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json | undefined;
}

/** Fields appended to every object when the `exotic` mode is on. */
export const EXOTIC_FIELDS =
  '"labels_url_x":"https://example.invalid/api/labels/x/",' +
  '"x_extra":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":"not a function","hasOwnProperty":0},' +
  '"x_big_int":123456789012345678901234567890,' +
  '"x_long_decimal":0.1000000000000000055511151231257827021181583404541015625,' +
  '"x_exponent":6.02214076e+23,' +
  '"x_huge_float":1e400';

export function quoteString(s: string): string {
  const q = JSON.stringify(s);
  return q.includes('\u2028') || q.includes('\u2029') ? q.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : q;
}

/** Python-like float with one decimal: 68.7, 100.0, 0.0 */
export function decimal1(x: number): Raw {
  return new Raw(x.toFixed(1));
}

/** `spaced`: Python json.dumps' default separators (", " and ": "), as some proxies and old servers send. */
export function stringify(value: Json, exotic = false, spaced = false): string {
  const comma = spaced ? ', ' : ',';
  const colon = spaced ? ': ' : ':';
  const out: string[] = [];
  const write = (v: Json): void => {
    if (v === null) {
      out.push('null');
    } else if (typeof v === 'string') {
      out.push(quoteString(v));
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`non-finite number in JSON: ${v}`);
      out.push(String(v));
    } else if (typeof v === 'bigint') {
      out.push(v.toString());
    } else if (typeof v === 'boolean') {
      out.push(v ? 'true' : 'false');
    } else if (v instanceof Raw) {
      out.push(v.text);
    } else if (Array.isArray(v)) {
      out.push('[');
      let first = true;
      for (const item of v as readonly Json[]) {
        if (!first) out.push(comma);
        first = false;
        write(item);
      }
      out.push(']');
    } else {
      const obj = v as JsonObject;
      out.push('{');
      let first = true;
      for (const key of Object.keys(obj)) {
        const item = obj[key];
        if (item === undefined) continue;
        if (!first) out.push(comma);
        first = false;
        out.push(quoteString(key), colon);
        write(item);
      }
      if (exotic) {
        if (!first) out.push(comma);
        out.push(EXOTIC_FIELDS);
      }
      out.push('}');
    }
  };
  write(value);
  return out.join('');
}

/** Python's urllib.parse.quote_plus (safe: letters, digits, "_.-~"). */
export function quotePlus(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}
