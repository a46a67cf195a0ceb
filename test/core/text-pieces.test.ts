// core/text-pieces.ts: a page's text in pieces that end between rows, each short of V8's large objects.
import { describe, expect, it } from 'vitest';
import { PIECE_CHARS, TextPieces } from '../../src/core/text-pieces.js';
import { stringifyEach } from '../../src/codec/json.js';

const piecesOf = (rows: string[]) => {
  const t = new TextPieces();
  for (const r of rows) t.add(r);
  return t.end();
};

describe('TextPieces', () => {
  it.each([
    ['nothing', [], []],
    ['one short row', ['a\n'], ['a\n']],
    ['rows under a piece', ['a\n', 'b\n'], ['a\nb\n']],
    ['a row of exactly a piece ends it', ['x'.repeat(PIECE_CHARS), 'b\n'], ['x'.repeat(PIECE_CHARS), 'b\n']],
    ['a row longer than a piece is a piece of its own', ['a', 'y'.repeat(2 * PIECE_CHARS), 'b'], ['a' + 'y'.repeat(2 * PIECE_CHARS), 'b']],
  ])('%s', (_, rows, pieces) => expect(piecesOf(rows)).toEqual(pieces));

  it('a page of rows: the pieces are the text, each ends with a whole row and is under 128 KB as UTF-16', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `row ${i} ${'é€'.repeat(i % 97)}\n`);
    const pieces = piecesOf(rows);
    expect(pieces.join('')).toBe(rows.join(''));
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) {
      expect(p.endsWith('\n')).toBe(true);
      expect(p.length * 2).toBeLessThan(128 * 1024);
    }
  });

  it('stringifyEach ends its pieces between items, both ways of writing them', () => {
    const plain = Array.from({ length: 2000 }, (_, i) => ({ id: i, text: 'x'.repeat(i % 50) }));
    const exact = plain.map((p) => ({ ...p, big: 12345678901234567890n }));
    for (const items of [plain, exact]) {
      const pieces = stringifyEach(items, undefined, (j) => j + '\n');
      expect(pieces.length).toBeGreaterThan(1);
      expect(
        pieces
          .join('')
          .split('\n')
          .slice(0, -1)
          .map((l) => JSON.parse(l).id),
      ).toEqual(plain.map((p) => p.id));
      for (const p of pieces) expect(p.endsWith('}\n')).toBe(true);
    }
  });
});
