// Issue 47: type assertions (`as`) and non-null assertions (`!`) in src/ may only become fewer. Each
// one is a place where the compiler was told instead of shown; eslint forbids both outright in the
// folders that already have none (eslint.config.js), and this ratchet holds the rest, folder by
// folder, to the counts recorded in test/assertion-counts.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/run.js';
import { countIn, countsBySrcFolder, type Counts } from './support/assertions.js';

const RECORD = join(ROOT, 'test/assertion-counts.json');
const now = countsBySrcFolder(join(ROOT, 'src'));
// The ratchet: a folder's count may fall, never rise. WLI_RECORD_ASSERTIONS=1 writes today's counts
// down (after a fall; a rise is for the code to undo, not for the record to absorb).
if (process.env.WLI_RECORD_ASSERTIONS === '1') writeFileSync(RECORD, JSON.stringify(now, null, 2) + '\n');
const recorded = JSON.parse(readFileSync(RECORD, 'utf8')) as Record<string, Counts>;
const KINDS = { casts: '`as` casts', nonNull: '`!` non-null assertions' } as const;

describe('the assertion count', () => {
  it.each([
    ['const x = y as string;', { casts: 1, nonNull: 0 }],
    ['const x = <string>y;', { casts: 1, nonNull: 0 }],
    ['const x = [1] as const;', { casts: 0, nonNull: 0 }],
    ['const x = a!.b + c[0]!;', { casts: 0, nonNull: 2 }],
    ['if (a !== b) x = !y; // z as T and w!', { casts: 0, nonNull: 0 }],
    ["const s = 'p as T, q!';", { casts: 0, nonNull: 0 }],
    ['const x = (y as unknown as T)!;', { casts: 2, nonNull: 1 }],
  ])('counts %s', (text, counts) => {
    expect(countIn(text)).toEqual(counts);
  });

  it.each(Object.keys(now).map((folder) => [folder]))('src/%s has no more casts or non-null assertions than recorded', (folder) => {
    const was = recorded[folder] ?? { casts: 0, nonNull: 0 };
    const is = now[folder]!;
    for (const kind of ['casts', 'nonNull'] as const) {
      expect(
        is[kind],
        `src/${folder} has ${is[kind]} ${KINDS[kind]}, ${was[kind]} recorded: show the compiler instead of telling it (a type guard, a narrowing check, a typed reader)`,
      ).toBeLessThanOrEqual(was[kind]);
    }
  });

  it('the record is today’s count: a fall is written down, so it cannot rise back unseen', () => {
    const stale = Object.entries(recorded).flatMap(([folder, was]) => {
      const is = now[folder] ?? { casts: 0, nonNull: 0 };
      return was.casts > is.casts || was.nonNull > is.nonNull ? [`src/${folder}: recorded ${JSON.stringify(was)}, now ${JSON.stringify(is)}`] : [];
    });
    expect(
      stale,
      'lower test/assertion-counts.json to the counts now (WLI_RECORD_ASSERTIONS=1 npx vitest run --config test/vitest.config.ts test/assertions.test.ts)',
    ).toEqual([]);
  });
});
