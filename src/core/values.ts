// Values from a server's JSON turned into text or numbers for people, without calling anything a
// hostile shape could have replaced: String() on {"toString": 1} throws "Cannot convert object to
// primitive value", and so does Number() or a template literal.

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
  // The JSON codec's exact numbers (not imported: this module stays free of the codec).
  if (Object.getPrototypeOf(v)?.constructor?.name === 'LosslessNumber') return String((v as { raw: unknown }).raw);
  try {
    return JSON.stringify(v) ?? '[object]';
  } catch {
    return '[object]';
  }
}

/** A number of a server value (a number, an exact big number, or numeric text); undefined otherwise. */
export function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v)?.constructor?.name === 'LosslessNumber') return Number((v as { raw: string }).raw);
  return undefined;
}
