import { describe, expect, it } from 'vitest';
import {
  JsonSyntaxError,
  LosslessNumber,
  isLosslessNumber,
  numberText,
  parseJson,
  parseJsonPure,
  stringifyEach,
  stringifyJson,
  stringifyJsonPure,
  compactText,
} from '../src/codec/json.js';

import { canonical, generator, type Model } from './support/json-model.js';
import { listLayout } from '../src/codec/list-layout.js';
import { numberOf as numberValue } from '../src/core/values.js';
// ------------------------------------------------------------------------------------------------
// Recorded Weblate 5.4.2 bodies (copied from /work/shared/examples/weblate-5.4.2/*.http).
// ------------------------------------------------------------------------------------------------

/** GET /api/translations/demo/android/cs/units/?page_size=5 */
const UNITS_BODY =
  '{"count":32,"next":"http://127.0.0.1:8765/api/translations/demo/android/cs/units/?page=2&page_size=5","previous":null,"results":[{"translation":"http://127.0.0.1:8765/api/translations/demo/android/cs/","source":["Demo App"],"previous_source":"","target":["Demo aplikace"],"id_hash":7290622678552713746,"content_hash":3973695350178511336,"location":"","context":"app_name","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":1,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":2,"source_unit":"http://127.0.0.1:8765/api/units/1/","priority":100,"id":33,"web_url":"http://127.0.0.1:8765/translate/demo/android/cs/?checksum=e52d7eb2e28a9a12","url":"http://127.0.0.1:8765/api/units/33/","explanation":"","extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.199704Z"},{"translation":"http://127.0.0.1:8765/api/translations/demo/android/cs/","source":["Settings"],"previous_source":"","target":["Nastavení"],"id_hash":5887218324600740055,"content_hash":-8325833789281144268,"location":"","context":"action_settings","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":2,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,"source_unit":"http://127.0.0.1:8765/api/units/2/","priority":100,"id":34,"web_url":"http://127.0.0.1:8765/translate/demo/android/cs/?checksum=d1b399dfd8ff58d7","url":"http://127.0.0.1:8765/api/units/34/","explanation":"","extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.203046Z"},{"translation":"http://127.0.0.1:8765/api/translations/demo/android/cs/","source":["About"],"previous_source":"","target":["O aplikaci"],"id_hash":-7428165689673726320,"content_hash":-958609833595954399,"location":"","context":"action_about","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":3,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,"source_unit":"http://127.0.0.1:8765/api/units/3/","priority":100,"id":35,"web_url":"http://127.0.0.1:8765/translate/demo/android/cs/?checksum=18e9daa94e40c690","url":"http://127.0.0.1:8765/api/units/35/","explanation":"","extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.205055Z"},{"translation":"http://127.0.0.1:8765/api/translations/demo/android/cs/","source":["Share"],"previous_source":"","target":["Sdílet"],"id_hash":-5454520710923911697,"content_hash":-1801517820962694594,"location":"","context":"action_share","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":4,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,"source_unit":"http://127.0.0.1:8765/api/units/4/","priority":100,"id":36,"web_url":"http://127.0.0.1:8765/translate/demo/android/cs/?checksum=344da6500d5e7def","url":"http://127.0.0.1:8765/api/units/36/","explanation":"","extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.206726Z"},{"translation":"http://127.0.0.1:8765/api/translations/demo/android/cs/","source":["Delete"],"previous_source":"","target":["Smazat"],"id_hash":4918797620742810122,"content_hash":-6981266022217784896,"location":"","context":"action_delete","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":5,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,"source_unit":"http://127.0.0.1:8765/api/units/5/","priority":100,"id":37,"web_url":"http://127.0.0.1:8765/translate/demo/android/cs/?checksum=c44314600a696a0a","url":"http://127.0.0.1:8765/api/units/37/","explanation":"","extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.208305Z"}]}';
/** GET /api/translations/demo/glossary/cs/units/ (id_hash === content_hash) */
const GLOSSARY_BODY =
  '{"count":2,"next":null,"previous":null,"results":[{"translation":"http://127.0.0.1:8765/api/translations/demo/glossary/cs/","source":["Settings"],"previous_source":"","target":["Nastavení"],"id_hash":-8113810605908949413,"content_hash":-8113810605908949413,"location":"","context":"","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":1,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":1,"source_unit":"http://127.0.0.1:8765/api/units/97/","priority":100,"id":98,"web_url":"http://127.0.0.1:8765/translate/demo/glossary/cs/?checksum=0f65f43e2400065b","url":"http://127.0.0.1:8765/api/units/98/","explanation":"","extra_flags":"","pending":true,"timestamp":"2026-11-21T13:02:08.346041Z"},{"translation":"http://127.0.0.1:8765/api/translations/demo/glossary/cs/","source":["Log in"],"previous_source":"","target":["Přihlásit se"],"id_hash":-2911554867822098110,"content_hash":-2911554867822098110,"location":"","context":"","note":"","flags":"","labels":[],"state":20,"fuzzy":false,"translated":true,"approved":false,"position":2,"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":2,"source_unit":"http://127.0.0.1:8765/api/units/99/","priority":100,"id":100,"web_url":"http://127.0.0.1:8765/translate/demo/glossary/cs/?checksum=5798144617678942","url":"http://127.0.0.1:8765/api/units/100/","explanation":"","extra_flags":"","pending":true,"timestamp":"2026-11-21T13:02:16.979945Z"}]}';
/** GET /api/translations/demo/android/cs/statistics/ (percentages like 0.0) */
const STATS_BODY =
  '{"total":32,"total_words":78,"total_chars":437,"last_change":"2026-11-21T13:02:48.391692Z","recent_changes":3,"translated":22,"translated_words":44,"translated_percent":68.7,"translated_words_percent":56.4,"translated_chars":237,"translated_chars_percent":54.2,"fuzzy":1,"fuzzy_percent":3.1,"fuzzy_words":6,"fuzzy_words_percent":7.6,"fuzzy_chars":33,"fuzzy_chars_percent":7.5,"failing":0,"failing_percent":0.0,"approved":0,"approved_percent":0.0,"approved_words":0,"approved_words_percent":0.0,"approved_chars":0,"approved_chars_percent":0.0,"readonly":0,"readonly_percent":0.0,"readonly_words":0,"readonly_words_percent":0.0,"readonly_chars":0,"readonly_chars_percent":0.0,"suggestions":0,"comments":0,"code":"cs","name":"Czech","url":"http://127.0.0.1:8765/projects/demo/android/cs/","translate_url":"http://127.0.0.1:8765/translate/demo/android/cs/"}';
/** GET /api/languages/cs/ */
const LANGUAGE_BODY =
  '{"id":131,"code":"cs","name":"Czech","plural":{"id":131,"source":0,"number":3,"formula":"(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2","type":22},"aliases":["cs_cs","cz","csy","ces","cze"],"direction":"ltr","population":13045532,"web_url":"http://127.0.0.1:8765/languages/cs/","url":"http://127.0.0.1:8765/api/languages/cs/","statistics_url":"http://127.0.0.1:8765/api/languages/cs/statistics/"}';

const HASH_RE = /"(id_hash|content_hash)":(-?\d+)/g;

type Parser = (text: string) => unknown;
const PARSERS: [string, Parser][] = [
  ['parseJson', parseJson],
  ['parseJsonPure', parseJsonPure],
];
const STRINGIFIERS: [string, (v: unknown, indent?: number) => string][] = [
  ['stringifyJson', stringifyJson],
  ['stringifyJsonPure', stringifyJsonPure],
];

/** Strict structural equality: prototypes, own key order, LosslessNumber raw, Object.is for numbers. */
function same(a: unknown, b: unknown, path = '$'): void {
  if (a instanceof LosslessNumber || b instanceof LosslessNumber) {
    expect(isLosslessNumber(a) && isLosslessNumber(b), `${path}: LosslessNumber vs ${String(a)}/${String(b)}`).toBe(true);
    expect((a as LosslessNumber).raw, path).toBe((b as LosslessNumber).raw);
    return;
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    expect(Object.is(a, b), `${path}: ${String(a)} vs ${String(b)}`).toBe(true);
    return;
  }
  expect(Object.getPrototypeOf(a), `${path}: prototype`).toBe(Object.getPrototypeOf(b));
  const ka = Object.keys(a);
  expect(ka, `${path}: keys`).toEqual(Object.keys(b));
  for (const k of ka) same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
}

function hashes(body: string): string[] {
  return [...body.matchAll(HASH_RE)].map((m) => m[2] as string);
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

// ------------------------------------------------------------------------------------------------
// Rule 1: number classification, one rule by value
// ------------------------------------------------------------------------------------------------

const PLAIN_NUMBERS = [
  '0',
  '42',
  '-7',
  '68.7',
  '0.5',
  '-0.25',
  '1e+21',
  '1e-7',
  '5e-324',
  '9007199254740991',
  '-9007199254740991',
  '13045532',
  '123456789012345',
  '1.7976931348623157e+308',
  '0.1',
  '100',
  '10000000000000000',
  '10000000000000000000',
  '-10000000000000000000',
  '100000000000000000000',
  '9223372036854776000',
];
const LOSSLESS_NUMBERS = [
  '9007199254740993',
  '9223372036854775807',
  '-9223372036854775808',
  '9223372036854775808',
  '7290622678552713746',
  '100.0',
  '0.0',
  '1E5',
  '1e5',
  '1e21',
  '-0',
  '-0.0',
  '0e0',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '0.1000000000000000055511151231257827021181583404541015625',
  '0.12345678901234567890',
  '1.50',
  '1E+2',
  '1e-07',
  '18446744073709551616',
  '340282366920938463463374607431768211457',
  '10000000000000000001',
  '1000000000000000000000',
  '123456789012345678000',
  '-9223372036854775800',
];

describe.each(PARSERS)('%s numbers', (_name, parse) => {
  it.each(PLAIN_NUMBERS)('%s → plain number', (lit) => {
    for (const text of [lit, `[${lit}]`, `{"n":${lit}}`, ` ${lit} `]) {
      const v = parse(text);
      const n = typeof v === 'number' ? v : Array.isArray(v) ? v[0] : (v as Record<string, unknown>).n;
      expect(typeof n).toBe('number');
      expect(String(n)).toBe(lit);
    }
  });

  it.each(LOSSLESS_NUMBERS)('%s → LosslessNumber with the exact literal', (lit) => {
    for (const text of [lit, `[${lit}]`, `{"n":${lit}}`, `\n${lit}\t`]) {
      const v = parse(text);
      const n = isLosslessNumber(v) ? v : Array.isArray(v) ? v[0] : (v as Record<string, unknown>).n;
      expect(isLosslessNumber(n)).toBe(true);
      expect((n as LosslessNumber).raw).toBe(lit);
      expect(numberValue(n)).toBe(Number(lit));
      expect(stringifyJson(v)).toBe(text.trim());
    }
  });
});

describe('LosslessNumber and helpers', () => {
  it('behaves like its number for arithmetic and like its literal for text', () => {
    const ln = new LosslessNumber('9223372036854775807');
    expect(ln.raw).toBe('9223372036854775807');
    expect(ln.valueOf()).toBe(2 ** 63); // 9223372036854775807 as a double
    expect(+ln).toBe(Number('9223372036854775807'));
    expect(ln.toString()).toBe('9223372036854775807');
    // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- what a template does with one is the point
    expect(`${ln}`).toBe('9223372036854775807');
    expect(ln.toJSON()).toBe('9223372036854775807');
    expect(JSON.stringify({ h: ln })).toBe('{"h":"9223372036854775807"}'); // accidental native use: sane, quoted
    expect(new LosslessNumber('100.0') > new LosslessNumber('99.5')).toBe(true);
  });

  it('rejects text that is not one JSON number literal', () => {
    for (const bad of ['', ' 1', '1 ', '01', '1.', '.5', '+1', 'NaN', 'Infinity', '0x10', '1e', '--1', '1_000', 'abc']) {
      expect(() => new LosslessNumber(bad), JSON.stringify(bad)).toThrow(TypeError);
    }
  });

  it('numberValue / numberText / isLosslessNumber', () => {
    expect(numberValue(42)).toBe(42);
    expect(numberValue(new LosslessNumber('1e400'))).toBe(Infinity);
    expect(Object.is(numberValue(new LosslessNumber('-0')), -0)).toBe(true);
    expect(numberValue(12n)).toBe(12);
    expect(numberValue(2n ** 64n)).toBe(18446744073709551616);
    // The one number extractor (core/values.ts) also reads numeric text; a look-alike object is no number.
    expect(numberValue('12.5')).toBe(12.5);
    for (const x of ['x', '', null, undefined, true, {}, [], { raw: '1' }, { raw: '1', 'wli.exact-number': true }]) expect(numberValue(x)).toBeUndefined();
    expect(numberText(68.7)).toBe('68.7');
    expect(numberText(new LosslessNumber('100.0'))).toBe('100.0');
    expect(numberText(-9223372036854775808n)).toBe('-9223372036854775808');
    expect(isLosslessNumber(new LosslessNumber('1'))).toBe(true);
    expect(isLosslessNumber({ raw: '1' })).toBe(false);
    expect(isLosslessNumber(1)).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------------
// Recorded server bodies
// ------------------------------------------------------------------------------------------------

describe.each(PARSERS)('%s on recorded Weblate bodies', (_name, parse) => {
  it('keeps every id_hash / content_hash exact (units page)', () => {
    const body = parse(UNITS_BODY) as { count: number; results: Record<string, unknown>[] };
    expect(body.count).toBe(32);
    const expected = hashes(UNITS_BODY);
    expect(expected).toHaveLength(10);
    const got = body.results.flatMap((u) => [u.id_hash, u.content_hash]);
    expect(got.map((h) => numberText(h as LosslessNumber))).toEqual(expected);
    for (const h of got) expect(isLosslessNumber(h)).toBe(true); // all are beyond 2^53
    expect((body.results[0]?.id_hash as LosslessNumber).raw).toBe('7290622678552713746');
    expect((body.results[1]?.content_hash as LosslessNumber).raw).toBe('-8325833789281144268');
    expect(body.results[0]?.target).toEqual(['Demo aplikace']);
    expect(body.results[3]?.target).toEqual(['Sdílet']);
    expect(body.results[4]?.priority).toBe(100);
  });

  it('keeps identical hashes identical (glossary)', () => {
    const body = parse(GLOSSARY_BODY) as { results: Record<string, LosslessNumber>[] };
    expect(body.results.map((u) => u.id_hash?.raw)).toEqual(['-8113810605908949413', '-2911554867822098110']);
    expect(body.results.map((u) => u.content_hash?.raw)).toEqual(body.results.map((u) => u.id_hash?.raw));
  });

  it('statistics: 68.7 is a number, 0.0 keeps its text', () => {
    const s = parse(STATS_BODY) as Record<string, unknown>;
    expect(s.translated_percent).toBe(68.7);
    expect(s.total).toBe(32);
    expect(isLosslessNumber(s.failing_percent)).toBe(true);
    expect(numberText(s.failing_percent as LosslessNumber)).toBe('0.0');
    expect(numberValue(s.failing_percent)).toBe(0);
  });

  it('language population is a plain number', () => {
    const l = parse(LANGUAGE_BODY) as { population: number; plural: { formula: string } };
    expect(l.population).toBe(13045532);
    expect(l.plural.formula).toBe('(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2');
  });

  it.each([
    ['units', UNITS_BODY],
    ['glossary', GLOSSARY_BODY],
    ['statistics', STATS_BODY],
    ['language', LANGUAGE_BODY],
  ])('%s body round-trips byte for byte, compact and indented', (_n, text) => {
    const v = parse(text);
    for (const [, stringify] of STRINGIFIERS) {
      expect(stringify(v)).toBe(text);
      // indented layout = JSON.stringify's, with the literal digits in place
      const quoted = text.replace(HASH_RE, '"$1":"H$2"').replace(/:(-?\d+\.\d*0)([,}])/g, ':"F$1"$2');
      const expected = JSON.stringify(JSON.parse(quoted), null, 2).replace(/"[HF](-?[\d.]+)"/g, '$1');
      expect(stringify(v, 2)).toBe(expected);
    }
  });

  it('extreme signed 64-bit hashes', () => {
    const text = '{"id_hash":9223372036854775807,"content_hash":-9223372036854775808,"x":[-9223372036854775807,9223372036854775806]}';
    const v = parse(text) as Record<string, unknown>;
    expect((v.id_hash as LosslessNumber).raw).toBe('9223372036854775807');
    expect((v.content_hash as LosslessNumber).raw).toBe('-9223372036854775808');
    expect(stringifyJson(v)).toBe(text);
    expect(BigInt(numberText(v.content_hash as LosslessNumber))).toBe(-(2n ** 63n));
  });
});

// ------------------------------------------------------------------------------------------------
// Rule 2: grammar and error positions
// ------------------------------------------------------------------------------------------------

const REJECT: [string, number, RegExp][] = [
  ['', 0, /^Unexpected end of JSON input at position 0$/],
  ['   ', 3, /^Unexpected end of JSON input/],
  ['[1,]', 3, /^Unexpected token \] at position 3$/],
  ['{"a":1,}', 7, /^Unexpected token } at position 7$/],
  ['[1,,2]', 3, /^Unexpected token ,/],
  ["'a'", 0, /^Unexpected token '/],
  ["{'a':1}", 1, /^Unexpected token '/],
  ['01', 1, /^Unexpected token 1 at position 1$/],
  ['[01]', 2, /^Unexpected token 1/],
  ['-01', 2, /^Unexpected token 1/],
  ['NaN', 0, /^Unexpected token N/],
  ['Infinity', 0, /^Unexpected token I/],
  ['-Infinity', 1, /^Unexpected token I/],
  ['-', 1, /^Unexpected end of JSON input at position 1$/],
  ['-x', 1, /^Unexpected token x/],
  ['+1', 0, /^Unexpected token \+/],
  ['.5', 0, /^Unexpected token \./],
  ['1.', 2, /^Unexpected end of JSON input/],
  ['1.e5', 2, /^Unexpected token e/],
  ['1e', 2, /^Unexpected end of JSON input/],
  ['1e+', 3, /^Unexpected end of JSON input/],
  ['[1e400,1.0', 10, /^Unexpected end of JSON input at position 10$/],
  ['{"a":1e400,}', 11, /^Unexpected token }/],
  ['{9007199254740993:1}', 1, /^Unexpected token 9/],
  ['[9007199254740993 "x"]', 18, /^Unexpected token "/],
  ['"a\u0001b"', 2, /^Bad control character in string literal at position 2$/],
  ['"tab\there"', 4, /^Bad control character/],
  ['"line\nbreak"', 5, /^Bad control character/],
  ['"\\x"', 2, /^Bad escaped character at position 2$/],
  ['"\\u12g4"', 5, /^Bad Unicode escape at position 5$/],
  ['"\\u12', 5, /^Unexpected end of JSON input/],
  ['"\\', 2, /^Unexpected end of JSON input/],
  ['"abc', 4, /^Unexpected end of JSON input at position 4$/],
  ['[', 1, /^Unexpected end of JSON input/],
  ['{', 1, /^Unexpected end of JSON input/],
  ['{"a"', 4, /^Unexpected end of JSON input/],
  ['{"a":', 5, /^Unexpected end of JSON input/],
  ['{"a":1', 6, /^Unexpected end of JSON input/],
  ['{"a" 1}', 5, /^Unexpected token 1/],
  ['{1:2}', 1, /^Unexpected token 1/],
  ['[1 2]', 3, /^Unexpected token 2/],
  ['1 2', 2, /^Unexpected token 2/],
  ['[1] x', 4, /^Unexpected token x at position 4$/],
  ['{}{}', 2, /^Unexpected token \{/],
  ['{"a":1}garbage', 7, /^Unexpected token g/],
  ['tru', 3, /^Unexpected end of JSON input/],
  ['trux', 3, /^Unexpected token x/],
  ['True', 0, /^Unexpected token T/],
  ['nul', 3, /^Unexpected end/],
  ['\uFEFF1', 0, /^Unexpected token \\ufeff/],
  ['\u000b1', 0, /^Unexpected token \\u000b/],
  ['\u00a01', 0, /^Unexpected token /],
  ['[1,\u0000]', 3, /^Unexpected token \\u0000/],
  ['{"a":"\\u0000","b":1e400,}', 24, /^Unexpected token }/],
];

describe.each(PARSERS)('%s rejects invalid JSON with the position', (_name, parse) => {
  it.each(REJECT)('%j at %i', (text, position, message) => {
    const e = thrown(() => parse(text));
    expect(e).toBeInstanceOf(JsonSyntaxError);
    expect(e).toBeInstanceOf(Error);
    expect((e as JsonSyntaxError).position).toBe(position);
    expect((e as JsonSyntaxError).message).toMatch(message);
    expect((e as JsonSyntaxError).message).toMatch(new RegExp(` at position ${position}$`));
    expect(() => JSON.parse(text)).toThrow(SyntaxError); // sanity: native agrees it is invalid
  });

  it('accepts all RFC 8259 whitespace, escapes, surrogates and lone surrogates like JSON.parse', () => {
    const texts = [
      ' \t\r\n{ \t\r\n"a" \t\r\n: \t\r\n[ 1 , 2 ] \t\r\n} \t\r\n',
      '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20AC"',
      '"\\ud83d\\ude00 😀 \\uD83D \\uDE00 \ud800 x\udfff"',
      '["\u2028\u2029", "\u007f", ""]',
      '{"":"","a":{"b":{"c":[[],{},[{}]]}}}',
      'true',
      'false',
      'null',
      '"plain"',
    ];
    for (const t of texts) same(parse(t), JSON.parse(t));
  });
});

describe.each(PARSERS)('%s deep nesting', (_name, parse) => {
  const N = 100_000;
  it('truncated deep input is a JsonSyntaxError, not a RangeError', () => {
    const e = thrown(() => parse('['.repeat(N)));
    expect(e).toBeInstanceOf(JsonSyntaxError);
    expect((e as JsonSyntaxError).message).toBe(`Unexpected end of JSON input at position ${N}`);
  });

  it('valid deep input parses (also when lossless numbers sit at the bottom)', () => {
    for (const leaf of ['1', '1e400']) {
      let v = parse('['.repeat(N) + leaf + ']'.repeat(N));
      let depth = 0;
      while (Array.isArray(v)) {
        v = v[0];
        depth++;
      }
      expect(depth).toBe(N);
      expect(numberText(v as number)).toBe(leaf);
    }
    let o = parse('{"a":'.repeat(N) + '9007199254740993' + '}'.repeat(N));
    for (let i = 0; i < N; i++) o = (o as Record<string, unknown>).a;
    expect((o as LosslessNumber).raw).toBe('9007199254740993');
  });
});

// ------------------------------------------------------------------------------------------------
// Rule 4: objects, __proto__ and friends
// ------------------------------------------------------------------------------------------------

describe.each(PARSERS)('%s object safety', (_name, parse) => {
  it.each([
    '{"__proto__":{"polluted":1}}',
    '{"__proto__":{"polluted":1.0},"x":1e400}', // forces the placeholder walk in the hybrid path
    '{"\\u005f_proto__":{"polluted":1}}',
    '[{"__proto__":{"polluted":1}},{"a":{"__proto__":[]}}]',
  ])('%s: __proto__ is an own data property, no prototype changes', (text) => {
    const v = parse(text);
    const objs: object[] = Array.isArray(v) ? [v[0] as object] : [v as object];
    for (const o of objs) {
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      expect(Object.keys(o)[0]).toBe('__proto__');
      const d = Object.getOwnPropertyDescriptor(o, '__proto__');
      expect(d).toMatchObject({ writable: true, enumerable: true, configurable: true });
      expect(Object.getPrototypeOf(d?.value)).toBe(Object.prototype);
      expect((o as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(stringifyJson(v)).toBe(stringifyJson(parse(stringifyJson(v))));
    if (!text.includes('\\u005f')) expect(stringifyJson(v)).toBe(text);
    same(parse(text.replace(/1\.0|1e400/g, '1')), JSON.parse(text.replace(/1\.0|1e400/g, '1')));
  });

  it('__proto__ holding a lossless number, null or a scalar', () => {
    const v = parse('{"__proto__":1.0,"b":{"__proto__":null},"c":{"__proto__":"x"}}') as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect((Object.getOwnPropertyDescriptor(v, '__proto__')?.value as LosslessNumber).raw).toBe('1.0');
    expect(Object.getPrototypeOf(v.b)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(v.b, '__proto__')?.value).toBe(null);
    expect(Object.getOwnPropertyDescriptor(v.c, '__proto__')?.value).toBe('x');
    expect(stringifyJson(v)).toBe('{"__proto__":1.0,"b":{"__proto__":null},"c":{"__proto__":"x"}}');
  });

  it('constructor / toString / hasOwnProperty / valueOf are ordinary data', () => {
    const text = '{"constructor":{"prototype":{"polluted":1}},"toString":1,"hasOwnProperty":"x","valueOf":9007199254740993}';
    const v = parse(text) as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['constructor', 'toString', 'hasOwnProperty', 'valueOf']);
    // eslint-disable-next-line @typescript-eslint/unbound-method -- a parsed key named toString is data, not a method
    expect(v.toString).toBe(1);
    expect(Object.prototype.hasOwnProperty.call(v, 'hasOwnProperty')).toBe(true);
    expect((v.valueOf as unknown as LosslessNumber).raw).toBe('9007199254740993');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof {}.toString).toBe('function');
    expect(stringifyJson(v)).toBe(text);
  });

  it('duplicate keys: last value wins at the first position, like JSON.parse', () => {
    for (const text of ['{"a":1,"b":2,"a":3}', '{"__proto__":1,"x":0,"__proto__":2}', '{"a":1.0,"b":2,"a":{"c":1e400}}']) {
      const v = parse(text);
      const safe = text.replace(/1\.0/g, '1').replace(/1e400/g, '7');
      expect(Object.keys(v as object)).toEqual(Object.keys(JSON.parse(safe) as object));
    }
    expect((parse('{"a":1.0,"b":2,"a":{"c":1e400}}') as { a: { c: LosslessNumber } }).a.c.raw).toBe('1e400');
  });

  it('many distinct, escaped and look-alike keys (key memoisation must never mix them up)', () => {
    const keys: string[] = [];
    for (let i = 0; i < 1500; i++) keys.push(`k${i}`, `${i}k`, `key_${i % 7}_${i}`);
    keys.push('ab', 'ba', 'a\\u0062', 'a"b', '\\u00e9', 'é', 'aa', 'a');
    const text =
      '[' + [0, 1].map((n) => '{' + keys.map((k, i) => `"${k.replace(/"/g, '\\"')}":${i + n}`).join(',') + '}').join(',') + ',{"aa":1},{"a":2},{"ab":3}]';
    const v = parse(text) as Record<string, number>[];
    expect(JSON.stringify(v)).toBe(JSON.stringify(JSON.parse(text)));
    expect(v.map((o) => Object.keys(o).length)).toEqual([4500 + 6, 4500 + 6, 1, 1, 1]); // 'a\u0062' = 'ab', '\u00e9' = 'é'
  });

  it('duplicate keys never shift lossless numbers onto the wrong member', () => {
    // JSON.parse keeps "a" at its first position with the last value: document order != object order
    const v = parse('{"a":"x","b":1.0,"a":1}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['a', 'b']);
    expect(v.a).toBe(1);
    expect((v.b as LosslessNumber).raw).toBe('1.0');
    const w = parse('[{"a":{"n":2.0},"b":[1e400],"a":{"n":2}},3.0]') as [{ a: { n: unknown }; b: LosslessNumber[] }, LosslessNumber];
    expect(w[0].a.n).toBe(2);
    expect(w[0].b[0]?.raw).toBe('1e400');
    expect(w[1].raw).toBe('3.0');
  });

  it('an enumerable property on Object.prototype (polluted elsewhere) does not mislead the parser', () => {
    Object.defineProperty(Object.prototype, 'injected', { value: 'p', enumerable: true, configurable: true, writable: true });
    try {
      const v = parse('{"a":"x","b":1.0,"a":1}') as Record<string, unknown>;
      expect(Object.keys(v)).toEqual(['a', 'b']);
      expect(v.a).toBe(1);
      expect((v.b as LosslessNumber).raw).toBe('1.0');
    } finally {
      delete (Object.prototype as Record<string, unknown>).injected;
    }
  });

  it('keys starting with digits', () => {
    const v = parse('{"2x":1.0,"b":[{"10":1e400,"9":5}],"0":-0}') as Record<string, unknown>;
    same(v, { 0: new LosslessNumber('-0'), '2x': new LosslessNumber('1.0'), b: [{ 9: 5, 10: new LosslessNumber('1e400') }] });
    // "1" is enumerated before "b" although it comes later in the text; equal values must not fool us
    same(parse('{"b":1.0,"1":1}'), { 1: 1, b: new LosslessNumber('1.0') });
  });

  it('integer-like keys follow JavaScript object order (same as JSON.parse)', () => {
    same(parse('{"b":1,"2":2,"1":3,"a":9007199254740993}'), { 1: 3, 2: 2, b: 1, a: new LosslessNumber('9007199254740993') });
  });

  it('a real "\\u0000" string next to lossless numbers is not confused with a placeholder', () => {
    const v = parse('{"a":"\\u0000","b":"\\u00000","c":1e400,"\\u00001":1.0,"d":["\\u00000",1E5]}') as Record<string, unknown>;
    same(v, { a: '\u0000', b: '\u00000', c: new LosslessNumber('1e400'), '\u00001': new LosslessNumber('1.0'), d: ['\u00000', new LosslessNumber('1E5')] });
  });
});

// ------------------------------------------------------------------------------------------------
// Rule 5: stringify
// ------------------------------------------------------------------------------------------------

const SAFE_FIXTURES: unknown[] = [
  null,
  true,
  0,
  -0,
  'x',
  '',
  [],
  {},
  [[], {}, [[]], { a: {} }],
  { a: 1, b: [1, 2, { c: null }], d: { e: { f: [] } }, g: 'h' },
  { u: undefined, f: () => 1, s: Symbol('s'), ok: 1 },
  [undefined, () => 1, Symbol('s'), 1],
  { n: [NaN, Infinity, -Infinity, -0, 1e21, 1e-7, 5e-324, 0.1 + 0.2] },
  { s: ['"quoted"', 'back\\slash', '\u0000\u001f\u007f', '\b\f\n\r\t', '\ud800', 'x\udc00y', '😀', '\u2028\u2029', 'Nastavení', '日本語'] },
  { date: new Date(Date.UTC(2026, 10, 21, 13, 1, 57, 199)), obj: { toJSON: (k: string) => `key=${k}` } },
  JSON.parse('{"__proto__":{"a":1},"constructor":2,"\\"k\\"":3,"é":4}'),
  { nested: [[[[[{ deep: [1, [2, [3]]] }]]]]] },
  [new Number(5), new String('s'), new Boolean(false)],
  Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }),
];

describe.each(STRINGIFIERS)('%s layout', (_name, stringify) => {
  it.each([undefined, 0, 1, 2, 4, 10, 12, -1])('equals JSON.stringify for safe data at indent %s', (indent) => {
    for (const v of SAFE_FIXTURES) {
      const expected = indent === undefined ? JSON.stringify(v) : JSON.stringify(v, null, indent);
      expect(stringify(v, indent)).toBe(expected);
    }
  });

  it('writes LosslessNumber raw and bigint as digits', () => {
    const v = { a: new LosslessNumber('1e400'), b: 12n, c: [-9223372036854775808n, new LosslessNumber('100.0')], d: {} };
    expect(stringify(v)).toBe('{"a":1e400,"b":12,"c":[-9223372036854775808,100.0],"d":{}}');
    expect(stringify(v, 2)).toBe('{\n  "a": 1e400,\n  "b": 12,\n  "c": [\n    -9223372036854775808,\n    100.0\n  ],\n  "d": {}\n}');
    expect(stringify(new LosslessNumber('-0'))).toBe('-0');
    expect(stringify(2n ** 100n)).toBe('1267650600228229401496703205376');
  });

  it('throws on cycles and on values with no JSON form', () => {
    const cyc: Record<string, unknown> = { a: 1 };
    cyc.self = cyc;
    expect(() => stringify(cyc)).toThrow(TypeError);
    expect(() => stringify(undefined)).toThrow(TypeError);
    expect(() => stringify(() => 1)).toThrow(TypeError);
  });
});

describe('stringifyJson fast path robustness', () => {
  it('a toJSON that forwards the key into LosslessNumber.toJSON is handled by the fallback serializer', () => {
    const ln = new LosslessNumber('1e400');
    const v = { a: { toJSON: (k: string) => 'x' + ln.toJSON(k) }, b: ln };
    expect(stringifyJson(v)).toBe('{"a":"x1e400","b":1e400}');
    expect(stringifyJson(v, 2)).toBe(stringifyJsonPure(v, 2));
  });

  it('data that happens to contain the internal capture token is still written as a string', () => {
    const ln = new LosslessNumber('1.0');
    let token = '';
    // the first (native, capturing) call hands out the token; the fallback's second call gets raw
    stringifyJson({ spy: { toJSON: (k: string) => ((token ||= ln.toJSON(k)), 0) } });
    expect(token).not.toBe('1.0'); // we really obtained the token
    const v = { s: token, n: ln, t: [token] };
    expect(stringifyJson(v)).toBe(`{"s":${JSON.stringify(token)},"n":1.0,"t":[${JSON.stringify(token)}]}`);
  });

  it('a wrapper whose toJSON returns ln.toJSON() is a string, as with JSON.stringify', () => {
    const ln = new LosslessNumber('1e400');
    const v = { w: { toJSON: () => ln.toJSON() }, n: ln };
    expect(stringifyJson(v)).toBe('{"w":"1e400","n":1e400}');
    expect(stringifyJsonPure(v)).toBe('{"w":"1e400","n":1e400}');
  });

  it('a nested stringifyJson call inside toJSON does not disturb the outer one', () => {
    const v = { a: new LosslessNumber('1.0'), b: { toJSON: () => stringifyJson([new LosslessNumber('2.0')]) }, c: new LosslessNumber('3.0') };
    expect(stringifyJson(v)).toBe('{"a":1.0,"b":"[2.0]","c":3.0}');
  });
});

describe('stringifyEach: a page of items, either way', () => {
  // Items holding exact numbers go to the serializer (faster there), others to native stringify: the
  // text is the same either way, compact and indented, at the top level and inside an array.
  const exact = (parseJson(UNITS_BODY) as { results: unknown[] }).results;
  const plain = [JSON.parse(LANGUAGE_BODY), JSON.parse(STATS_BODY), [], {}, 'x', 1.5, null];
  const byItem = (items: unknown[], indent: number | undefined, inside: number) =>
    items.map((it) => '  ' + stringifyJsonPure(it, indent).replace(/\n/g, '\n' + ' '.repeat((indent ?? 0) * inside)) + ',\n').join('');
  it.each([
    ['units (exact numbers)', exact],
    ['no exact number', plain],
    ['mixed', [...plain, ...exact]],
  ])('%s', (_, items) => {
    const wrap = (j: string) => '  ' + j + ',\n';
    for (const indent of [undefined, 2]) for (const inside of [0, 1]) expect(stringifyEach(items, indent, wrap, inside)).toBe(byItem(items, indent, inside));
    expect(stringifyEach(exact, 2, (j) => j)).toContain('"id_hash": 7290622678552713746');
  });
});

describe('stringifyJson at any depth', () => {
  it.each(STRINGIFIERS)('%s writes any depth exactly, without a stack overflow (a hostile server can nest 100,000 levels)', (_name, stringify) => {
    for (const depth of [63, 64, 65, 5_000, 100_000]) {
      const text = '{"a":'.repeat(depth) + '[1e400,{"b":[]},null]' + '}'.repeat(depth);
      const v = parseJson(text);
      expect(stringify(v)).toBe(text);
      // Indented: the value is the same; deep subtrees are compact, so the size stays linear.
      const indented = stringify(v, 2);
      expect(stringify(parseJson(indented))).toBe(text);
      if (depth > 5_000) expect(indented.length).toBeLessThan(text.length + 64 * 64 * 4);
    }
  });

  it('up to 64 levels the serializer indents exactly as JSON.stringify does', () => {
    const v = JSON.parse('['.repeat(63) + '{"k":1}' + ']'.repeat(63));
    expect(stringifyJsonPure(v, 2)).toBe(JSON.stringify(v, null, 2));
  });

  it('still refuses cycles where it turns iterative', () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 100; i++) node = (node.x = {}) as Record<string, unknown>;
    node.loop = root;
    expect(() => stringifyJsonPure(root)).toThrow(/circular/);
    const inner: Record<string, unknown> = {};
    node.loop = inner;
    inner.back = inner;
    expect(() => stringifyJsonPure(root)).toThrow(/circular/);
  });
});

// ------------------------------------------------------------------------------------------------
// Randomized round trips (seeded)
// ------------------------------------------------------------------------------------------------

function allSafe(m: Model): boolean {
  switch (m.t) {
    case 'num':
      return String(Number(m.lit)) === m.lit;
    case 'arr':
      return m.items.every(allSafe);
    case 'obj':
      return m.entries.every(([, x]) => allSafe(x));
    default:
      return true;
  }
}

/** Checks every value against the model: numbers by rule 1, strings exact, keys in order. */
function matches(m: Model, v: unknown, path: string): void {
  switch (m.t) {
    case 'num':
      if (String(Number(m.lit)) === m.lit) expect(v, path).toBe(Number(m.lit));
      else {
        expect(isLosslessNumber(v), `${path} ${m.lit}`).toBe(true);
        expect((v as LosslessNumber).raw, path).toBe(m.lit);
      }
      return;
    case 'str':
      expect(v, path).toBe(m.s);
      return;
    case 'lit':
      expect(v, path).toBe(m.v);
      return;
    case 'arr':
      expect(Array.isArray(v), path).toBe(true);
      expect((v as unknown[]).length, path).toBe(m.items.length);
      m.items.forEach((x, i) => matches(x, (v as unknown[])[i], `${path}[${i}]`));
      return;
    case 'obj':
      expect(Object.getPrototypeOf(v), path).toBe(Object.prototype);
      expect(Object.keys(v as object), path).toEqual(m.entries.map(([k]) => k));
      for (const [k, x] of m.entries) matches(x, Object.getOwnPropertyDescriptor(v, k)?.value, `${path}.${k}`);
  }
}

describe('randomized round trips', () => {
  it('400 seeded documents: both parsers agree with the model, stringify restores canonical text', () => {
    const gen = generator(0x5eed);
    let lossy = 0;
    for (let i = 0; i < 400; i++) {
      const model = gen.value(0);
      const text = gen.emit(model);
      const expected = canonical(model);
      const v = parseJson(text);
      const vp = parseJsonPure(text);
      matches(model, v, `#${i}`);
      same(v, vp, `#${i}`);
      expect(stringifyJson(v), text).toBe(expected);
      expect(stringifyJsonPure(vp), text).toBe(expected);
      expect(stringifyJson(v, 2)).toBe(stringifyJsonPure(v, 2));
      same(parseJson(stringifyJson(v, 2)), v);
      if (allSafe(model)) {
        same(v, JSON.parse(text));
        expect(stringifyJson(v)).toBe(JSON.stringify(JSON.parse(text)));
        expect(stringifyJson(v, 2)).toBe(JSON.stringify(JSON.parse(text), null, 2));
      } else {
        lossy++;
      }
    }
    expect(lossy).toBeGreaterThan(50); // the generator really exercises lossless numbers
    expect(lossy).toBeLessThan(350);
  });
});

describe('pages from a server that writes ", " separators', () => {
  it("each result's text is its compact text, exactly what a compact server sends", () => {
    const compact = UNITS_BODY;
    const spaced = compact.replace(/("(?:[^"\\]|\\.)*")|([,:])/g, (m, str) => str ?? `${m} `);
    expect(spaced).not.toBe(compact);
    const texts = (json: string) => {
      const bytes = Buffer.from(json);
      const l = listLayout(bytes, 'results', 'id')!;
      const all = Array.from({ length: l.spans.length / 2 }, (_, k) => bytes.toString('utf8', l.spans[2 * k], l.spans[2 * k + 1]));
      return { compact: l.compact, texts: l.compact ? all : all.map(compactText) };
    };
    const [a, b] = [texts(compact), texts(spaced)];
    expect([a.compact, b.compact]).toEqual([true, false]);
    expect(b.texts).toEqual(a.texts);
    expect(b.texts.every((t) => !/[,:] /.test(t.replace(/"(?:[^"\\]|\\.)*"/g, '')))).toBe(true);
    // Strings keep their spaces and escapes.
    expect(compactText('{"a" : "x , y \\" : z" , "b" :\n[1 , 2]}')).toBe('{"a":"x , y \\" : z","b":[1,2]}');
  });
});
