// The list layout (src/codec/list-layout.ts): one pass over a list answer's bytes that proves the
// whole answer JSON and finds its items and their ids without building them. Table tests on plain
// values, then seeded documents and their mutations held to JSON.parse: an answer it lays out must be
// JSON, and what it finds must be what JSON.parse reads.
import { describe, expect, it } from 'vitest';
import { copyCompact, listLayout } from '../src/codec/list-layout.js';
import { compactText, parseJson, parseJsonKnown, parseJsonKnownEach, stringifyJson } from '../src/codec/json.js';
import { generator } from './support/json-model.js';
import { seededRandom } from './support/random.js';

/** What a layout finds, as text: each item's bytes, each id's bytes (null: none), and the flags. */
function found(json: string | Buffer) {
  const bytes = typeof json === 'string' ? Buffer.from(json) : json;
  const l = listLayout(bytes, 'results', 'id');
  if (!l) return undefined;
  const n = l.spans.length / 2;
  const text = (a: number, b: number) => bytes.toString('utf8', a, b);
  return {
    bare: l.bare,
    array: text(l.arrayStart, l.arrayEnd),
    items: Array.from({ length: n }, (_, k) => text(l.spans[2 * k]!, l.spans[2 * k + 1]!)),
    ids: Array.from({ length: n }, (_, k) => (l.ids[2 * k]! < 0 ? null : text(l.ids[2 * k]!, l.ids[2 * k + 1]!))),
    compact: l.compact,
  };
}

describe('a list answer laid out', () => {
  it.each([
    ['an envelope', '{"count":2,"next":null,"results":[{"id":1,"a":"x"},{"id":2}]}', ['{"id":1,"a":"x"}', '{"id":2}'], ['1', '2']],
    ['the items key anywhere among the members', '{"results":[{"id":1}],"count":1,"next":"http://x/?page=2"}', ['{"id":1}'], ['1']],
    ['an empty page', '{"count":0,"results":[]}', [], []],
    ['a bare array', '[{"id":"a"},{"id":{"x":[1]}}]', ['{"id":"a"}', '{"id":{"x":[1]}}'], ['"a"', '{"x":[1]}']],
    ['an empty bare array', ' [ ] ', [], []],
    [
      'ids: none, null, the last of two (as JSON.parse keeps)',
      '{"results":[{"a":1},{"id":null},{"id":1,"id":2}]}',
      ['{"a":1}', '{"id":null}', '{"id":1,"id":2}'],
      [null, 'null', '2'],
    ],
    ['keys spelled with escapes, read as JSON.parse reads them', '{"re\\u0073ults":[{"\\u0069d":7,"i\\u0064x":1}]}', ['{"\\u0069d":7,"i\\u0064x":1}'], ['7']],
    ['an id member inside a nested object is not the item’s', '{"results":[{"x":{"id":9},"y":[{"id":8}]}]}', ['{"x":{"id":9},"y":[{"id":8}]}'], [null]],
    ['a results member inside an item is not the items', '{"results":[{"results":[1],"id":3}]}', ['{"results":[1],"id":3}'], ['3']],
    [
      'every number form, escapes, UTF-8',
      '{"results":[{"id":-0.5e+10,"s":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\ude00 ř 😀"}]}',
      ['{"id":-0.5e+10,"s":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\ude00 ř 😀"}'],
      ['-0.5e+10'],
    ],
  ])('%s', (_name, json, items, ids) => {
    const l = found(json);
    expect(l?.items).toEqual(items);
    expect(l?.ids).toEqual(ids);
    expect(l?.compact).toBe(true);
    expect(JSON.parse(l!.array)).toEqual(json.trim().startsWith('[') ? JSON.parse(json) : JSON.parse(json).results);
  });

  it('whitespace inside an item makes the page not compact; between items and around the array it does not', () => {
    expect(found(' { "results" : [ {"id":1} , {"id":2} ] , "next" : null } ')?.compact).toBe(true);
    expect(found('{"results":[{"id": 1}]}')?.compact).toBe(false);
    expect(found('{"results":[{"a":[1, 2]}]}')?.compact).toBe(false);
    expect(found('{"results":[{"a":"x y, z: w"}]}')?.compact).toBe(true);
    expect(compactText(found('{"results":[{"a" : [1 ,\n2]}]}')!.items[0]!)).toBe('{"a":[1,2]}');
  });

  it.each([
    ['not JSON: a trailing comma', '{"results":[{"a":1,}]}'],
    ['not JSON: a bad escape', '{"results":[{"a":"\\x"}]}'],
    ['not JSON: a short \\u escape', '{"results":[{"a":"\\u12"}]}'],
    ['not JSON: a control character in a string', '{"results":[{"a":"\u0001"}]}'],
    ['not JSON: a raw newline in a string', '{"results":[{"a":"x\ny"}]}'],
    ['not JSON: a leading zero', '{"results":[{"a":01}]}'],
    ['not JSON: a bare dot', '{"results":[{"a":1.}]}'],
    ['not JSON: a half word', '{"results":[{"a":tru}]}'],
    ['not JSON: text after the answer', '{"results":[]} x'],
    ['not JSON: two answers', '{"results":[]}{"results":[]}'],
    ['not JSON: cut short', '{"results":[{"a":"b'],
    ['not JSON: an unclosed array', '{"results":[{"a":1}'],
    ['not JSON: a missing colon', '{"results" [{"a":1}]}'],
    ['not JSON: a single quote', "{'results':[]}"],
    ['not JSON: a byte order mark', '\ufeff{"results":[]}'],
    ['not a list: no items key', '{"count":1}'],
    ['not a list: the items key is not an array', '{"results":{}}'],
    ['not a list: a number', '1'],
    ['not a list: a string', '"results"'],
    ['read whole: an item that is not an object', '{"results":[{"a":1},2]}'],
    ['read whole: an item that is an array', '[[1]]'],
    ['read whole: the items key twice (JSON.parse keeps the last)', '{"results":[{"a":1}],"results":[]}'],
  ])('%s: no layout', (_name, json) => {
    expect(found(json)).toBeUndefined();
  });

  it('bytes that are not UTF-8 are not laid out (the whole answer is decoded as before)', () => {
    const bad = Buffer.concat([Buffer.from('{"results":[{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]);
    expect(found(bad)).toBeUndefined();
    expect(found(Buffer.from('{"results":[{"a":"\ud800"}]}'))).toBeDefined(); // encoded as U+FFFD: valid UTF-8
  });

  it('nesting far deeper than any answer is read without recursion', () => {
    const deep = '{"results":[{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}]}';
    expect(found(deep)?.items.length).toBe(1);
    expect(found(deep.slice(0, -4) + '}}]}')).toBeUndefined(); // a bracket closed by a brace
  });
});

describe('seeded documents', () => {
  const pages = (seed: number, count: number) => {
    const gen = generator(seed);
    const r = seededRandom(seed + 1);
    return Array.from({ length: count }, () => {
      const items = Array.from({ length: Math.floor(r() * 5) }, () => gen.value(1)).map((m) =>
        m.t === 'obj' ? m : { t: 'obj' as const, entries: [['v', m] as [string, typeof m]] },
      );
      const text = gen.emit({
        t: 'obj',
        entries: [
          ['count', { t: 'num', lit: String(items.length) }],
          ['results', { t: 'arr', items }],
          ['next', { t: 'lit', v: null }],
        ],
      });
      return text;
    });
  };

  it('400 pages: each item found is the item JSON.parse reads, its id the id it reads', () => {
    let laid = 0;
    for (const [i, text] of pages(0x1a7, 400).entries()) {
      const bytes = Buffer.from(text);
      const l = found(bytes);
      const parsed = JSON.parse(bytes.toString()) as { results: Array<Record<string, unknown>> };
      expect(l, `#${i}`).toBeDefined();
      if (!l) continue;
      laid++;
      expect(
        l.items.map((t) => JSON.parse(t)),
        `#${i}`,
      ).toEqual(parsed.results);
      expect(
        l.ids.map((t) => (t === null ? undefined : JSON.parse(t))),
        `#${i}`,
      ).toEqual(parsed.results.map((item) => (Object.prototype.hasOwnProperty.call(item, 'id') ? item.id : undefined)));
    }
    expect(laid).toBe(400);
  });

  it('the items parsed with what the pass found of their numbers are the items parseJson reads, every literal exact', () => {
    let unsure = 0;
    for (const [i, text] of pages(0x7e57, 400).entries()) {
      const bytes = Buffer.from(text);
      const l = listLayout(bytes, 'results', 'id')!;
      const array = bytes.toString('utf8', l.arrayStart, l.arrayEnd);
      const literals = Array.from({ length: l.unsure.length / 3 }, (_, k) => ({
        ordinal: l.unsure[3 * k]!,
        raw: bytes.toString('latin1', l.unsure[3 * k + 1], l.unsure[3 * k + 2]),
      }));
      unsure += literals.length;
      const known = parseJsonKnown(array, { numbers: l.numbers, members: l.members, unsure: literals });
      expect(stringifyJson(known), `#${i}`).toBe(stringifyJson(parseJson(array)));
    }
    expect(unsure).toBeGreaterThan(200);
    // Counts that do not match the text (a wrong pass) are caught by the walk, and the text read whole.
    expect(stringifyJson(parseJsonKnown('[{"a":1.0}]', { numbers: 2, members: 1, unsure: [{ ordinal: 0, raw: '1.0' }] }))).toBe('[{"a":1.0}]');
  });

  it('the same items read from their own texts (parseJsonKnownEach: no string of the whole array), every literal exact', () => {
    for (const [i, text] of pages(0xeac4, 300).entries()) {
      const bytes = Buffer.from(text);
      const l = listLayout(bytes, 'results', 'id')!;
      const literals = Array.from({ length: l.unsure.length / 3 }, (_, k) => ({
        ordinal: l.unsure[3 * k]!,
        raw: bytes.toString('latin1', l.unsure[3 * k + 1], l.unsure[3 * k + 2]),
      }));
      const texts = Array.from({ length: l.spans.length / 2 }, (_, k) => bytes.toString('utf8', l.spans[2 * k], l.spans[2 * k + 1]));
      const each = parseJsonKnownEach(texts, { numbers: l.numbers, members: l.members, unsure: literals });
      expect(stringifyJson(each), `#${i}`).toBe(stringifyJson(parseJson(bytes.toString('utf8', l.arrayStart, l.arrayEnd))));
    }
    // Counts that do not match the texts are caught by the walk, and the items read whole; none is none.
    const wrong = { numbers: 3, members: 2, unsure: [{ ordinal: 0, raw: '1.0' }] };
    expect(stringifyJson(parseJsonKnownEach(['{"a":1.0}', '{"b":12345678901234567890}'], wrong))).toBe('[{"a":1.0},{"b":12345678901234567890}]');
    expect(parseJsonKnownEach([], { numbers: 0, members: 0, unsure: [] })).toEqual([]);
  });

  it('each item copied compact is the compact text the codec makes of it (strings, escapes and all)', () => {
    let spaced = 0;
    for (const text of pages(0xc0c0, 300)) {
      const bytes = Buffer.from(text);
      const l = listLayout(bytes, 'results', 'id')!;
      if (!l.compact) spaced++;
      for (let k = 0; k < l.spans.length / 2; k++) {
        const [a, b] = [l.spans[2 * k]!, l.spans[2 * k + 1]!];
        const out = Buffer.alloc(b - a);
        const end = copyCompact(bytes, a, b, out, 0);
        expect(out.toString('utf8', 0, end)).toBe(compactText(bytes.toString('utf8', a, b)));
      }
    }
    expect(spaced).toBeGreaterThan(100);
  });

  it('4,000 mutations of those pages (a byte changed, dropped or doubled; cut short): never laid out unless JSON', () => {
    const r = seededRandom(0xbad);
    const docs = pages(0x5ca7, 200).map((t) => Buffer.from(t));
    const BYTES = [0x22, 0x5c, 0x2c, 0x3a, 0x7b, 0x7d, 0x5b, 0x5d, 0x20, 0x0a, 0x00, 0x1f, 0x30, 0x2d, 0x2e, 0x65, 0x75, 0x74, 0x6e, 0xff, 0xc3];
    let valid = 0;
    let invalid = 0;
    for (let i = 0; i < 4000; i++) {
      const doc = docs[i % docs.length]!;
      const at = Math.floor(r() * doc.length);
      let m: Buffer;
      switch (i % 4) {
        case 0:
          m = Buffer.from(doc);
          m[at] = BYTES[Math.floor(r() * BYTES.length)]!;
          break;
        case 1:
          m = Buffer.concat([doc.subarray(0, at), doc.subarray(at + 1)]);
          break;
        case 2:
          m = Buffer.concat([doc.subarray(0, at + 1), doc.subarray(at)]);
          break;
        default:
          m = doc.subarray(0, at);
      }
      let json = true;
      try {
        JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(m));
      } catch {
        json = false;
      }
      const l = listLayout(m, 'results', 'id');
      if (l) expect(json, `mutation ${i}: ${m.toString()}`).toBe(true);
      if (json) valid++;
      else invalid++;
    }
    expect(invalid).toBeGreaterThan(2000);
    expect(valid).toBeGreaterThan(100);
  });
});
