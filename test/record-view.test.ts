// RecordView (src/weblate/views/record.ts): an object of any kind read as it came, for wli show. Table
// tests on plain objects as the server sends them (wli's own JSON codec: exact big numbers included):
// every field, unknown ones too, in the server's order, each value the very one sent.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import type { Item } from '../src/core/page.js';
import { recordView } from '../src/weblate/views/record.js';

const item = (json: string): Item => parseJson(json) as Item;

describe('RecordView', () => {
  it.each([
    ['a project', '{"name":"Demo","slug":"demo","id":1,"web_url":"https://w/projects/demo/"}', ['name', 'slug', 'id', 'web_url']],
    ['fields a kind does not know, in server order', '{"zeta":1,"alpha":null,"nested":{"a":1},"list":[1,2]}', ['zeta', 'alpha', 'nested', 'list']],
    ['nothing', '{}', []],
  ])('%s', (_name, json, keys) => {
    const raw = item(json);
    const v = recordView(raw);
    expect(v.fields().map(([k]) => k)).toEqual(keys);
    for (const [k, value] of v.fields()) {
      expect(value).toBe(raw[k]);
      expect(v.value(k)).toBe(raw[k]);
    }
    expect(v.raw).toBe(raw);
  });

  it('an id beyond 2^53 stays exact', () => {
    const v = recordView(item('{"id":9223372036854775807}'));
    expect(String(v.value('id'))).toBe('9223372036854775807');
  });

  it('a field not sent reads undefined', () => {
    expect(recordView(item('{"a":1}')).value('b')).toBeUndefined();
  });
});
