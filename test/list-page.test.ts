// A page as the page reader hands it out (src/api/list-page.ts): the answer's bytes, made into items
// only where they are used. Its items, texts and JSON Lines against what parsing the answer whole
// gives; JSON Lines of a compact page are the answer's own bytes (no copy), and the items are still
// right after; an answer the layout does not read is read whole, with the same result.
import { describe, expect, it } from 'vitest';
import { ScanBuffer, readListAnswer } from '../src/api/list-page.js';
import type { JsonText } from '../src/api/client.js';
import { UnexpectedAnswerError } from '../src/api/errors.js';
import { isLosslessNumber, parseJson, stringifyJson } from '../src/codec/json.js';
import { ours } from '../src/core/text.js';
import { Writer } from '../src/io/writer.js';
import { render } from '../src/output/render.js';
import type { ListResult } from '../src/output/result.js';

/** An answer as it arrived: in chunks of `size` bytes (one chunk when not given). */
const answer = (json: string, size?: number): JsonText => {
  const bytes = Buffer.from(json);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size ?? bytes.length) parts.push(Buffer.from(bytes.subarray(at, at + (size ?? bytes.length))));
  return { url: new URL('http://x/api/units/'), status: 200, headers: {}, body: { parts, length: bytes.length } };
};
const read = (json: string) => readListAnswer(answer(json), ours('GET http://x/api/units/'), new ScanBuffer());
const exact = (v: unknown) => stringifyJson(v);

const PAGE = '{"count":3,"next":null,"results":[{"id":1,"h":9223372036854775807,"s":"a\\nb"},{"id":"two","x":1.0},{"id":3,"ř":["😀"]}]}';

describe('a page read from its bytes', () => {
  it('says what the envelope says, and each id as sent (exact)', () => {
    const a = read('{"count":7,"next":"http://x/api/units/?page=2","results":[{"id":1},{"id":"a\\"b"},{"id":12345678901234567890},{}]}')!;
    expect([a.count, a.next, a.bare]).toEqual([7, 'http://x/api/units/?page=2', false]);
    expect(a.ids.slice(0, 2)).toEqual([1, 'a"b']);
    expect(isLosslessNumber(a.ids[2]) && a.ids[2].raw).toBe('12345678901234567890');
    expect(a.ids[3]).toBeUndefined();
    const bare = read('[{"id":1},{"id":2}]')!;
    expect([bare.count, bare.bare, bare.ids]).toEqual([2, true, [1, 2]]);
  });

  it('its items are the answer’s, exact, made anew at each call', () => {
    const page = read(PAGE)!.page();
    expect(page.size).toBe(3);
    expect(exact(page.items())).toBe(exact((parseJson(PAGE) as { results: unknown[] }).results));
    expect(page.items()[0]).not.toBe(page.items()[0]);
  });

  it.each([[undefined], [1], [7], [64]])(
    'JSON Lines of a compact page are the chunks it arrived in (of %s bytes), each separator made a newline; the items stay right',
    (size) => {
      const a = answer(PAGE, size);
      const page = readListAnswer(a, ours('GET'), new ScanBuffer())!.page();
      const before = exact(page.items());
      const texts = page.texts!()!;
      const lines = page.lines!();
      expect(Buffer.concat(lines).toString()).toBe(texts.join('\n') + '\n');
      // views of the answer's own chunks, copied nowhere
      for (const piece of lines) expect(a.body.parts.some((part) => part.buffer === piece.buffer)).toBe(true);
      expect(exact(page.items())).toBe(before);
      expect(page.texts!()).toEqual(texts);
      expect(page.lines!()).toBe(lines);
    },
  );

  it('an answer in many chunks reads as in one: envelope, ids, items, texts', () => {
    const one = read(PAGE)!;
    for (const size of [1, 2, 3, 5, 11, 100]) {
      const a = readListAnswer(answer(PAGE, size), ours('GET'), new ScanBuffer())!;
      expect([a.count, a.next, a.bare]).toEqual([one.count, one.next, one.bare]);
      expect(exact(a.ids)).toBe(exact(one.ids));
      expect(exact(a.page().items())).toBe(exact(one.page().items()));
      expect(a.page([1, 2]).texts!()).toEqual(one.page([1, 2]).texts!());
    }
  });

  it('answers read one after another through one scan buffer each keep their own bytes', () => {
    const scan = new ScanBuffer();
    const other = PAGE.replace(/"id":1/g, '"id":7').replace('a\\nb', 'zz\\nzz');
    const first = readListAnswer(answer(PAGE, 5), ours('GET'), scan)!;
    const second = readListAnswer(answer(other, 5), ours('GET'), scan)!;
    expect(first.ids[0]).toBe(1);
    expect(second.ids[0]).toBe(7);
    expect(exact(first.page().items())).toBe(exact((parseJson(PAGE) as { results: unknown[] }).results));
    expect(exact(second.page().items())).toBe(exact((parseJson(other) as { results: unknown[] }).results));
    expect(Buffer.concat(first.page().lines!()).toString()).toContain('"s":"a\\nb"');
  });

  it('the items picked (a duplicate dropped, the limit) are copied out, in order', () => {
    const a = read(PAGE)!;
    const picked = a.page([2, 0]);
    expect(picked.size).toBe(2);
    expect(picked.items().map((i) => i.id)).toEqual([3, 1]);
    expect(Buffer.concat(picked.lines!()).toString()).toBe('{"id":3,"ř":["😀"]}\n{"id":1,"h":9223372036854775807,"s":"a\\nb"}\n');
    // the whole page, after the picked one was written, is still the answer
    expect(exact(a.page().items())).toBe(exact((parseJson(PAGE) as { results: unknown[] }).results));
  });

  it('a server that writes ", " separators: lines and texts are the compact text', () => {
    const spaced = '{"count": 2, "results": [{"id": 1, "s": "x, y: z"}, {"id": 2, "a": [1, 2]}]}';
    const page = read(spaced)!.page();
    expect(page.texts!()).toEqual(['{"id":1,"s":"x, y: z"}', '{"id":2,"a":[1,2]}']);
    expect(Buffer.concat(page.lines!()).toString()).toBe('{"id":1,"s":"x, y: z"}\n{"id":2,"a":[1,2]}\n');
  });

  it('an answer the layout does not read is read whole: the same envelope, ids and items', () => {
    const twice = '{"results":[{"id":9}],"count":1,"results":[{"id":1},{"id":2}]}'; // JSON.parse keeps the last
    const a = read(twice)!;
    expect([a.count, a.ids]).toEqual([1, [1, 2]]);
    expect(a.page().items()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(a.page([1]).items()).toEqual([{ id: 2 }]);
  });

  it('not a list: undefined; an item that is not an object: the error names the request', () => {
    expect(read('{"detail":"x"}')).toBeUndefined();
    expect(read('"results"')).toBeUndefined();
    expect(() => read('{"results":[{"id":1},2]}')).toThrow(UnexpectedAnswerError);
    expect(() => read('{"results":[{"id":1},2]}')).toThrow('GET http://x/api/units/: a list item is not an object');
  });
});

describe('JSON Lines from the chunks an answer arrived in, through the output layer', () => {
  // A page of items with characters of two, three and four bytes and a control character, cut into
  // chunks of every size from 1 byte: a chunk often ends inside a character.
  const TEXT = '{"count":2,"results":[{"id":1,"s":"ř 日 😀 \\u001b[31m"},{"id":2,"s":"\u202eevil"}]}';
  const run = async (size: number, terminal: boolean) => {
    const page = readListAnswer(answer(TEXT, size), ours('GET'), new ScanBuffer())!.page();
    const written: Buffer[] = [];
    const stream = {
      write: (chunk: string | Uint8Array, cb?: () => void) => {
        written.push(Buffer.from(chunk));
        cb?.();
        return true;
      },
      once: () => stream,
      on: () => stream,
      removeListener: () => stream,
    };
    const result: ListResult = {
      kind: 'list',
      pages: (async function* () {
        yield page;
      })(),
      columns: [],
      empty: ours('none'),
    };
    await render(result, new Writer(stream), { format: 'jsonl', color: false, width: 80, terminal, warn: () => {}, note: () => {}, env: {}, cwd: '/' });
    return Buffer.concat(written).toString('utf8');
  };

  it.each([1, 2, 3, 5, 7, 1000])('in chunks of %s bytes: piped, the bytes as sent; on a terminal, escaped, no character broken', async (size) => {
    expect(await run(size, false)).toBe('{"id":1,"s":"ř 日 😀 \\u001b[31m"}\n{"id":2,"s":"\u202eevil"}\n');
    const shown = await run(size, true);
    expect(shown).toBe('{"id":1,"s":"ř 日 😀 \\u001b[31m"}\n{"id":2,"s":"\\u202eevil"}\n');
    expect(shown).not.toContain('\ufffd');
  });
});
