// Issue 48, item 3: --sort's comparator on plain objects (the order every format writes).
import { describe, expect, it } from 'vitest';
import { LosslessNumber, parseJson } from '../src/codec/json.js';
import { compareCodePoints, compareValues, sortItems } from '../src/output/sort.js';
import type { SortKey } from '../src/spec/spec.js';

const key = (text: string): SortKey => (text.startsWith('-') ? { path: text.slice(1), descending: true } : { path: text, descending: false });
const order = (items: Array<Record<string, unknown>>, ...keys: string[]) => sortItems([...items], keys.map(key)).map((i) => i.n);

describe('the --sort comparator', () => {
  it('compares 64-bit integers exactly, as the codec keeps them (never as rounded doubles)', () => {
    // 2^53 + 1 and 2^53 are one double: compared as doubles they would be equal.
    expect(compareValues(new LosslessNumber('9007199254740993'), 9007199254740992)).toBeGreaterThan(0);
    expect(compareValues(new LosslessNumber('-9223372036854775808'), new LosslessNumber('-9223372036854775807'))).toBeLessThan(0);
    const items = parseJson(
      '[{"n":"max","h":9223372036854775807},{"n":"a","h":9007199254740993},{"n":"b","h":9007199254740992},{"n":"min","h":-9223372036854775808},{"n":"c","h":-1}]',
    ) as Array<Record<string, unknown>>;
    expect(order(items, 'h')).toEqual(['min', 'c', 'b', 'a', 'max']);
    expect(order(items, '-h')).toEqual(['max', 'a', 'b', 'c', 'min']);
  });

  it('compares fractions by value, not as text', () => {
    const items = [
      { n: 'a', p: 9.5 },
      { n: 'b', p: 100 },
      { n: 'c', p: 10.25 },
      { n: 'd', p: new LosslessNumber('1e400') },
    ];
    expect(order(items, 'p')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('orders strings by code point, whatever the locale (an astral character after U+FFFF, capitals first)', () => {
    expect(compareCodePoints('\u{1F600}', '\uFB01')).toBeGreaterThan(0); // 😀 U+1F600 after ﬁ U+FB01 (UTF-16 units say otherwise)
    expect(compareCodePoints('Zebra', 'apple')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    const items = [{ n: 'é' }, { n: 'z' }, { n: 'E' }, { n: 'e' }, { n: '😀' }, { n: 'ﬁ' }];
    expect(order(items, 'n')).toEqual(['E', 'e', 'z', 'é', 'ﬁ', '😀']);
  });

  it('puts null and missing values last in either direction', () => {
    const items = [{ n: 'null', v: null }, { n: 'two', v: 2 }, { n: 'missing' }, { n: 'one', v: 1 }];
    expect(order(items, 'v')).toEqual(['one', 'two', 'null', 'missing']);
    expect(order(items, '-v')).toEqual(['two', 'one', 'null', 'missing']);
  });

  it('keeps the server order of equal items (stable), and uses later keys to break ties', () => {
    const items = [
      { n: 1, s: 20, c: 'b' },
      { n: 2, s: 30, c: 'a' },
      { n: 3, s: 20, c: 'a' },
      { n: 4, s: 20, c: 'b' },
    ];
    expect(order(items, 's')).toEqual([1, 3, 4, 2]);
    expect(order(items, '-s', 'c')).toEqual([2, 3, 1, 4]);
  });

  it('reaches nested fields and list items by dotted paths, as --fields does', () => {
    const items = [
      { n: 'cs', language: { code: 'cs' }, source: ['b'] },
      { n: 'ar', language: { code: 'ar' }, source: ['c'] },
      { n: 'de', language: { code: 'de' }, source: ['a'] },
    ];
    expect(order(items, 'language.code')).toEqual(['ar', 'cs', 'de']);
    expect(order(items, 'source.0')).toEqual(['de', 'cs', 'ar']);
  });

  it('orders values of different kinds by kind: booleans, numbers, strings, then lists and objects', () => {
    const items = [
      { n: 'obj', v: { a: 1 } },
      { n: 'str', v: '1' },
      { n: 'num', v: 1 },
      { n: 'true', v: true },
      { n: 'false', v: false },
    ];
    expect(order(items, 'v')).toEqual(['false', 'true', 'num', 'str', 'obj']);
  });
});
