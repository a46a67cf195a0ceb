// Seeded random JSON documents for the codec's tests (test/json.test.ts, test/list-layout.test.ts): a
// model of each document, its text with random whitespace and escape choices, and its canonical text.
import { seededRandom } from './random.js';

export type Model =
  | { t: 'num'; lit: string }
  | { t: 'str'; s: string }
  | { t: 'lit'; v: true | false | null }
  | { t: 'arr'; items: Model[] }
  | { t: 'obj'; entries: [string, Model][] };

export function generator(seed: number) {
  const r = seededRandom(seed);
  const int = (n: number): number => Math.floor(r() * n);
  const pick = <T>(a: readonly T[]): T => a[int(a.length)] as T;
  const digits = (n: number): string => {
    let s = String(1 + int(9));
    for (let i = 1; i < n; i++) s += String(int(10));
    return s;
  };
  const SPECIAL = [
    '0',
    '-0',
    '0.0',
    '100.0',
    '1E5',
    '1e400',
    '-1e400',
    '1e-400',
    '5e-324',
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '9223372036854775807',
    '-9223372036854775808',
    '0.1000000000000000055511151231257827021181583404541015625',
    '1.5e+300',
  ];
  const number = (): string => {
    switch (int(8)) {
      case 0:
        return String(int(2000001) - 1000000);
      case 1:
        return String((r() - 0.5) * 10 ** int(12));
      case 2:
        return (r() * 1000).toFixed(int(4)); // "12.50" style: sometimes lossless
      case 3:
        return (r() < 0.5 ? '-' : '') + digits(16 + int(25));
      case 4:
        return BigInt.asIntN(64, (BigInt(int(2 ** 32)) << 32n) | BigInt(int(2 ** 32))).toString();
      case 5:
        return `${r() < 0.3 ? '-' : ''}${int(10)}${r() < 0.5 ? '.' + digits(1 + int(3)) : ''}${pick(['e', 'E'])}${pick(['', '+', '-'])}${int(400)}`;
      case 6:
        return pick(SPECIAL);
      default:
        return String(int(100));
    }
  };
  const CHARS = [
    'a',
    'b',
    'Z',
    ' ',
    '"',
    '\\',
    '/',
    '\u0000',
    '\u0001',
    '\n',
    '\t',
    '\u001f',
    '\u007f',
    'é',
    'ř',
    'ů',
    '日',
    '😀',
    '\ud800',
    '\udfff',
    '\u2028',
    '0',
    '-',
  ];
  const string = (): string => {
    let s = '';
    const n = int(4) === 0 ? 0 : int(12);
    for (let i = 0; i < n; i++) s += pick(CHARS);
    return s;
  };
  const KEYS = [
    'a',
    'b',
    'id',
    'id_hash',
    'content_hash',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'é',
    '',
    'x y',
    'k"q',
    'a\\b',
    '日本',
  ];
  const value = (depth: number): Model => {
    const k = depth > 3 ? int(4) : int(7);
    if (k === 0) return { t: 'num', lit: number() };
    if (k === 1) return { t: 'str', s: string() };
    if (k === 2) return { t: 'lit', v: pick([true, false, null] as const) };
    if (k === 3) return { t: 'num', lit: number() };
    if (k === 4 || k === 5) {
      const used = new Set<string>();
      const entries: [string, Model][] = [];
      for (let i = int(6); i > 0; i--) {
        const key = pick(KEYS);
        if (used.has(key)) continue;
        used.add(key);
        entries.push([key, value(depth + 1)]);
      }
      return { t: 'obj', entries };
    }
    const items: Model[] = [];
    for (let i = int(6); i > 0; i--) items.push(value(depth + 1));
    return { t: 'arr', items };
  };
  const ws = (): string => (int(3) === 0 ? pick([' ', '\n', '\t', '\r\n  ', '']) : '');
  /** JSON text with random whitespace and random (valid) escape choices. */
  const encodeString = (s: string): string => {
    let out = '"';
    for (const ch of s.split('')) {
      const c = ch.charCodeAt(0);
      const mustEscape = c < 0x20 || ch === '"' || ch === '\\';
      const choice = int(4);
      if (!mustEscape && choice > 0) out += ch;
      else if (choice === 1 && ch === '/') out += '\\/';
      else if (choice < 2 && JSON.stringify(ch).length === 4) out += JSON.stringify(ch).slice(1, -1);
      else out += '\\u' + c.toString(16).padStart(4, '0')[int(2) ? 'toUpperCase' : 'toLowerCase']();
    }
    return out + '"';
  };
  const emit = (m: Model): string => {
    switch (m.t) {
      case 'num':
        return m.lit;
      case 'str':
        return encodeString(m.s);
      case 'lit':
        return String(m.v);
      case 'arr':
        return '[' + ws() + m.items.map((x) => ws() + emit(x) + ws()).join(',') + ws() + ']';
      case 'obj':
        return '{' + ws() + m.entries.map(([k, x]) => ws() + encodeString(k) + ws() + ':' + ws() + emit(x) + ws()).join(',') + ws() + '}';
    }
  };
  return { value, emit: (m: Model) => ws() + emit(m) + ws() };
}

export function canonical(m: Model): string {
  switch (m.t) {
    case 'num':
      return m.lit;
    case 'str':
      return JSON.stringify(m.s);
    case 'lit':
      return String(m.v);
    case 'arr':
      return '[' + m.items.map(canonical).join(',') + ']';
    case 'obj':
      return '{' + m.entries.map(([k, x]) => JSON.stringify(k) + ':' + canonical(x)).join(',') + '}';
  }
}
