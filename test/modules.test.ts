// The small pure modules, tested directly: targets, server addresses, fields, cells, escaping.
import { describe, expect, it } from 'vitest';
import { readTarget, targetOfUrl, type SlugTarget, type TargetKind, type TranslationTarget } from '../src/weblate/target.js';
import { objectPath, translationPath } from '../src/weblate/paths.js';
import { closest } from '../src/core/closest.js';
import { normalizeApiBase, isLoopbackHost } from '../src/api/base-url.js';
import { getPath, pickFields } from '../src/output/fields.js';
import { cellText } from '../src/output/cells.js';
import { csvField } from '../src/output/csv.js';
import { markdownCell } from '../src/output/markdown.js';
import { escapeControl, firstUnshown } from '../src/core/text.js';
import { jsonForTerminal } from '../src/output/terminal.js';
import { judgeName } from '../src/files/placement.js';
import { compareIds } from '../src/weblate/objects.js';
import { colorEnabled } from '../src/io/streams.js';
import { serverMessage, htmlTitle } from '../src/api/response.js';
import { parseRetryAfter } from '../src/api/retry.js';
import { parseJson } from '../src/codec/json.js';
import { unitQuery, type StateName } from '../src/weblate/units.js';
import { readOptions } from '../src/spec/option-values.js';
import { cellWidth, truncateCells } from '../src/output/width.js';
import { GLOBAL_OPTIONS } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';

const parseFields = (text: string) => readOptions(GLOBAL_OPTIONS, { fields: text }).fields;
const unitOptions = COMMANDS.find((c) => c.name === 'units')!.options;
const stateNames = (state: string[]) => readOptions(unitOptions, { state }).state as StateName[];

describe('targets', () => {
  const T = ['translation'] as const;
  const one = (text: string) => readTarget(text, T)[0]! as TranslationTarget;
  it('maps project/component/language to the translation path', () => {
    expect(translationPath(one('demo/android/cs'))).toBe('translations/demo/android/cs/');
  });
  it('sends components inside categories as category%2Fcomponent', () => {
    expect(translationPath(one('demo/docs/guide/cs'))).toBe('translations/demo/docs%2Fguide/cs/');
    expect(translationPath(one('p/a/b/c/pt_BR'))).toBe('translations/p/a%2Fb%2Fc/pt_BR/');
  });
  it('encodes odd characters in segments', () => {
    expect(translationPath(one('my proj/c?x/sr@latin'))).toBe('translations/my%20proj/c%3Fx/sr%40latin/');
  });
  it('rejects too few or empty segments with the expected form', () => {
    expect(() => readTarget('demo/android', T)).toThrow(/too few segments/);
    expect(() => readTarget('demo//cs', T)).toThrow(/empty segment/);
    expect(() => readTarget('', T)).toThrow(/empty segment/);
  });
  it('reads one grammar for every command: /, p, p/c, p/c/l and categories', () => {
    const ALL = ['server', 'project', 'component', 'translation'] as const;
    const kinds = (text: string, accepts: readonly TargetKind[] = ALL) => readTarget(text, accepts).map((t) => t.kind);
    expect(kinds('/')).toEqual(['server']);
    expect(kinds('demo')).toEqual(['project']);
    expect(kinds('demo/')).toEqual(['project']);
    expect(kinds('demo/android')).toEqual(['component']);
    // Three segments: a translation, else a component inside a category (tried in that order).
    expect(kinds('demo/docs/guide')).toEqual(['translation', 'component']);
    expect(readTarget('demo/docs/guide', ALL).map((t) => objectPath(t as SlugTarget))).toEqual([
      'translations/demo/docs/guide/',
      'components/demo/docs%2Fguide/',
    ]);
    // ls lists children: three segments are a component; stats: a bare word is a language.
    expect(kinds('demo/docs/guide', ['server', 'project', 'component'])).toEqual(['component']);
    expect(kinds('cs', ['translation', 'component', 'language'])).toEqual(['language']);
    expect(() => readTarget('/', ['project', 'component', 'translation'])).toThrow(/does not take the whole server/);
  });
  it('names an object by its own URL', () => {
    expect(targetOfUrl('http://h/api/translations/demo/docs%2Fguide/cs/')).toBe('demo/docs/guide/cs');
    expect(targetOfUrl('http://h/api/components/demo/android/')).toBe('demo/android');
    expect(targetOfUrl('http://h/api/projects/demo/')).toBe('demo');
    expect(targetOfUrl('http://h/api/units/1/')).toBeUndefined();
    expect(targetOfUrl({ toString: 1 })).toBeUndefined();
  });
  it('offers close names first, at most five', () => {
    expect(closest('androd', ['android', 'glossary', 'docs/guide'])).toEqual(['android']);
    expect(closest('cz', ['en', 'ar', 'cs', 'de'])).toEqual(['cs']);
    expect(closest('guide', ['docs/guide', 'docs/api/reference'])).toEqual(['docs/guide']);
    expect(closest('zzzzzz', ['android'])).toEqual([]);
    // A containing name ranks with the farthest close ones: the one edit away first.
    expect(closest('sourc', ['previous_source', 'source_unit', 'source', 'target'])).toEqual(['source', 'previous_source', 'source_unit']);
  });
});

describe('server address', () => {
  it.each([
    ['https://host', 'https://host/api/'],
    ['https://host/', 'https://host/api/'],
    ['https://host/api', 'https://host/api/'],
    ['https://host/api/', 'https://host/api/'],
    ['https://host/weblate/', 'https://host/weblate/api/'],
    ['https://host/weblate/api/', 'https://host/weblate/api/'],
    ['http://127.0.0.1:8000/api/?x=1#y', 'http://127.0.0.1:8000/api/'],
  ])('%s → %s', (input, want) => {
    expect(normalizeApiBase(input).href).toBe(want);
  });
  it('rejects other schemes and credentials', () => {
    expect(() => normalizeApiBase('ftp://host')).toThrow(/only http and https/);
    expect(() => normalizeApiBase('host.example')).toThrow(/invalid server URL/);
    expect(() => normalizeApiBase('https://u:p@host/')).toThrow(/credentials/);
  });
  // Issue 45.4: loopback is localhost, 127.0.0.0/8 and ::1 as WHATWG URL spells a hostname; a name
  // a resolver may send to DNS (a.localhost, localhost.) is not, nor is an IPv4-mapped address.
  it.each([
    ['http://localhost:8000/', true],
    ['http://LocalHost/', true],
    ['http://127.0.0.1/', true],
    ['http://127.1.2.3/', true],
    ['http://127.1/', true],
    ['http://2130706433/', true],
    ['http://0x7f.1/', true],
    ['http://127.0.0.1./', true],
    ['http://[::1]:8000/', true],
    ['http://[0:0:0:0:0:0:0:1]/', true],
    ['http://a.localhost/', false],
    ['http://localhost.localhost/', false],
    ['http://localhost./', false],
    ['http://localhost%2e/', false],
    ['http://127.0.0.1.nip.io/', false],
    ['http://[::ffff:127.0.0.1]/', false],
    ['http://0.0.0.0/', false],
    ['http://[::]/', false],
    ['http://example.org/', false],
    ['http://10.0.0.1/', false],
    ['http://128.0.0.1/', false],
  ])('loopback: %s → %s', (url, want) => {
    expect(isLoopbackHost(new URL(url).hostname)).toBe(want);
  });
});

describe('fields and cells', () => {
  const item = parseJson('{"id":1,"source":["a","b"],"language":{"code":"cs","plural":{"number":3}},"__proto__":{"x":1},"h":-9223372036854775808}') as Record<
    string,
    unknown
  >;
  it('reaches nested values and array elements by dotted paths', () => {
    expect(getPath(item, 'language.code')).toBe('cs');
    expect(getPath(item, 'language.plural.number')).toBe(3);
    expect(getPath(item, 'source.1')).toBe('b');
    expect(getPath(item, 'language.missing')).toBeUndefined();
    expect(getPath(item, 'toString')).toBeUndefined();
  });
  it('keeps "__proto__" as data when picking', () => {
    const picked = pickFields(item, ['__proto__.x', 'id']);
    expect(Object.keys(picked)).toEqual(['__proto__.x', 'id']);
    expect(picked['__proto__.x']).toBe(1);
  });
  it('rejects empty field lists and paths', () => {
    expect(() => parseFields(',')).toThrow(/invalid --fields/);
    expect(() => parseFields('a..b')).toThrow(/invalid --fields/);
    expect(parseFields(' id , language.code ')).toEqual(['id', 'language.code']);
  });
  it('writes cells by the contract', () => {
    expect(cellText(['only'])).toBe('only');
    expect(cellText(['a', 'b'])).toBe('["a","b"]');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(item.h)).toBe('-9223372036854775808');
    expect(cellText(null)).toBe('');
    expect(cellText(false)).toBe('false');
  });
  it('quotes CSV fields only when needed, never prefixes formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('-9223372036854775808')).toBe('-9223372036854775808');
    expect(csvField('=1+1')).toBe('=1+1');
  });
});

describe('ids in order (issue 45.4)', () => {
  it('compares whole-number ids exactly beyond 2^53, then any other by its text', () => {
    const ids = ['9007199254740993', 9007199254740992, parseJson('9007199254740995'), 10, '9', 'abc', 'a', 2, '0010'];
    expect([...ids].sort(compareIds).map((id) => (typeof id === 'string' ? id : String(id)))).toEqual([
      '2',
      '9',
      '10',
      '0010',
      '9007199254740992',
      '9007199254740993',
      '9007199254740995',
      'a',
      'abc',
    ]);
  });
});

describe('escaping server text', () => {
  it('shows every control character visibly', () => {
    expect(escapeControl('a\u001b[31mred\u001b[0m')).toBe('a\\e[31mred\\e[0m');
    expect(escapeControl('x\u009by')).toBe('x\\x9by');
    expect(escapeControl('\u202egnp.exe')).toBe('\\u202egnp.exe');
    expect(escapeControl('tab\there\nnl\u0000\u007f')).toBe('tab\\there\\nnl\\x00\\x7f');
    expect(escapeControl('Přihlásit 👍 مرحبا')).toBe('Přihlásit 👍 مرحبا');
  });
  // Issue 45.4: one set of characters not shown as themselves, escaped by every writer on a terminal
  // and refused by placement. Before it, the writers escaped only controls and bidi: a slug with
  // U+200B, U+00AD or U+2060 was printed as another name.
  it.each([
    ['c\u200bs', 'c\\u200bs'],
    ['values-cs\u00ad', 'values-cs\\xad'],
    ['w\u2060eb', 'w\\u2060eb'],
    ['a\u034fb', 'a\\u034fb'],
    ['ui\u3164', 'ui\\u3164'],
    ['cs\u{e0041}\u{e007f}', 'cs\\u{e0041}\\u{e007f}'],
    // a joiner next to Latin letters, or at an end, joins nothing: escaped
    ['c\u200ds', 'c\\u200ds'],
    ['c\u200cs', 'c\\u200cs'],
    ['\u200d👩', '\\u200d👩'],
    ['👩\u200d', '👩\\u200d'],
    ['👩\u200dx', '👩\\u200dx'],
    // a joiner that joins is seen in what it does: kept
    ['👩\u200d💻 👨\u200d👩\u200d👧 👩🏽\u200d💻 ❤️\u200d🔥', '👩\u200d💻 👨\u200d👩\u200d👧 👩🏽\u200d💻 ❤️\u200d🔥'],
    ['می\u200cخواهم', 'می\u200cخواهم'],
    ['क्\u200dष', 'क्\u200dष'],
    // … but not a zero-width space between those letters
    ['می\u200bخواهم', 'می\\u200bخواهم'],
  ])('escapeControl(%j) → %j', (text, shown) => {
    expect(escapeControl(text)).toBe(shown);
  });
  it('one set: what a terminal escapes is what placement refuses, every code point', () => {
    const differ: string[] = [];
    for (let cp = 0; cp <= 0xe00ff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (cp === 0x30000) cp = 0xe0000; // unassigned planes between
      const c = String.fromCodePoint(cp);
      const unshown = firstUnshown(`a${c}b`) !== undefined;
      const escaped = escapeControl(`a${c}b`) !== `a${c}b`;
      const refused = (() => {
        const j = judgeName(`po/a${c}b.po`, { component: { filemask: 'po/*.po' }, translation: { code: `a${c}b`, source: false }, allowHidden: true });
        return 'refused' in j && j.refused.why === 'unshown';
      })();
      if (unshown !== escaped || unshown !== refused) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });
  it('JSON on a terminal spells a character beyond U+FFFF as its surrogate pair: still the same JSON', () => {
    const text = JSON.stringify({ slug: 'cs\u{e0041}\u200b' });
    expect(jsonForTerminal(text)).toBe('{"slug":"cs\\udb40\\udc41\\u200b"}');
    expect(JSON.parse(jsonForTerminal(text))).toEqual(JSON.parse(text));
  });
  it('keeps markdown cells in one cell and literal', () => {
    expect(markdownCell('a|b')).toBe('a\\|b');
    expect(markdownCell('one\ntwo')).toBe('one<br>two');
    expect(markdownCell('<b>x</b>')).toBe('\\<b\\>x\\</b\\>');
    expect(markdownCell('\u001b[1m')).toBe('\\\\e\\[1m');
  });
});

describe('colour decision', () => {
  const tty = { isTTY: true } as never;
  const pipe = { isTTY: false } as never;
  it('follows --no-color > NO_COLOR > FORCE_COLOR > TERM=dumb > terminal', () => {
    expect(colorEnabled(tty, {}, false)).toBe(true);
    expect(colorEnabled(pipe, {}, false)).toBe(false);
    expect(colorEnabled(tty, {}, true)).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '1' }, false)).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '' }, false)).toBe(true);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' }, false)).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, false)).toBe(false);
    expect(colorEnabled(tty, { TERM: 'dumb' }, false)).toBe(false);
    expect(colorEnabled(pipe, { TERM: 'dumb', FORCE_COLOR: '1' }, false)).toBe(true);
  });
});

describe('server messages', () => {
  it('reads every envelope', () => {
    expect(serverMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(serverMessage({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] })).toBe('Not found.');
    expect(serverMessage({ type: 'validation_error', errors: [{ code: 'invalid', detail: 'Bad.', attr: 'q' }] })).toBe('q: Bad.');
    expect(serverMessage(['Could not parse query string: Unsupported state: bogus'])).toBe('Could not parse query string: Unsupported state: bogus');
    expect(serverMessage({ q: ['Invalid.'] })).toBe('q: Invalid.');
  });
  it('finds an HTML title', () => {
    expect(htmlTitle('<html><head><title>Page not found at /api/x</title>')).toBe('Page not found at /api/x');
  });
  it('parses Retry-After seconds and dates', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('unit state filters', () => {
  it('builds Weblate search queries', () => {
    expect(unitQuery(stateNames(['untranslated']), undefined)).toBe('state:<translated');
    // Issue 46 item 4: fuzzy is Weblate's statistics' fuzzy (10, 11, 12: is:needs-editing), translated theirs (20 and above).
    expect(unitQuery(stateNames(['empty,fuzzy']), undefined)).toBe('(state:empty OR is:needs-editing)');
    expect(unitQuery(stateNames(['fuzzy', 'needs-editing']), 'has:check')).toBe('is:needs-editing AND (has:check)');
    expect(unitQuery(stateNames(['translated']), undefined)).toBe('state:>=translated');
    expect(unitQuery([], 'has:check')).toBe('has:check');
    expect(() => stateNames(['bogus'])).toThrow(/invalid --state 'bogus'/);
  });
});

describe('display width in terminal cells', () => {
  it.each([
    ['abc', 3],
    ['日本語', 6],
    ['ｶﾀｶﾅ', 4], // halfwidth katakana
    ['한국어', 6],
    ['e\u0301', 1], // combining acute
    ['👍', 2],
    ['👨\u200d👩\u200d👧', 2], // one ZWJ family
    ['🇨🇿', 2], // a flag: two regional indicators
    ['\u200b', 0],
    ['सेटिंग्स', 5], // Devanagari conjuncts, as terminals draw them (string-width 8 says 4)
    ['\\e[31m', 6], // escaped text is plain ASCII
  ])('%j is %i cells', (text, cells) => {
    expect(cellWidth(text)).toBe(cells);
  });

  it('truncates by cells, never inside a character, ending with …', () => {
    const samples = ['日本語のテキスト', 'Přihlásit se 👍👍👍', '👨\u200d👩\u200d👧 family', 'e\u0301e\u0301e\u0301e\u0301', 'सेटिंग्स बदलें'];
    for (const s of samples) {
      for (let max = 1; max <= cellWidth(s) + 1; max++) {
        const t = truncateCells(s, max);
        expect(cellWidth(t), `${s} at ${max}`).toBeLessThanOrEqual(max);
        if (cellWidth(s) <= max) expect(t).toBe(s);
        else expect(t.endsWith('…')).toBe(true);
        expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(t), 'no lone high surrogate').toBe(false);
      }
    }
  });
});
