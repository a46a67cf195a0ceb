// Issue 48, items 3 and 4, end to end through the CLI against the fake: --sort orders a list across
// its pages in every format (64-bit hashes exactly, nulls last), a typo is exit 2 with did-you-mean;
// --no-headers leaves out the header line of a table and of CSV, and is refused where there is none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHES, startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { parseCsv } from './support/csv-parse.js';
import { wli } from './support/run.js';

let fake: FakeWeblate;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeWeblate();
  env = { WLI_URL: fake.url };
});
afterAll(() => fake.close());

const units = (...args: string[]) => wli(['units', 'demo/android/cs', '--page-size', '10', ...args], { env });

/** The unit lines of -f jsonl as [context, id_hash text] (the hash's digits as sent). */
const contextsAndHashes = (jsonl: string) =>
  jsonl
    .trim()
    .split('\n')
    .map((line) => [/"context":"([^"]*)"/.exec(line)![1]!, /"id_hash":(-?\d+)/.exec(line)![1]!] as const);

describe('--sort', () => {
  it('orders the whole list, read over several pages, by 64-bit hashes exactly, and writes them as sent', async () => {
    const plain = await units('-f', 'jsonl');
    const sorted = await units('-f', 'jsonl', '--sort', 'id_hash');
    expect(sorted.stderr).toBe('');
    expect(sorted.code).toBe(0);
    const expected = contextsAndHashes(plain.stdout).sort(([, a], [, b]) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
    expect(contextsAndHashes(sorted.stdout)).toEqual(expected);
    expect(expected.length).toBe(32);
    // app_name's hash is 2^63 - 1: last ascending, first descending, its digits exact.
    expect(sorted.stdout.trim().split('\n').at(-1)).toContain(`"id_hash":${HASHES.max},`);
    const down = await units('-f', 'jsonl', '--sort=-id_hash', '--fields', 'context,id_hash');
    expect(down.stdout.split('\n')[0]).toBe(`{"context":"app_name","id_hash":${HASHES.max}}`);
  });

  it('is the same order in every format: csv, table and json, sorted by several keys', async () => {
    const csv = await units('-f', 'csv', '--sort=-state,context', '--fields', 'context,state');
    expect(csv.code).toBe(0);
    const rows = parseCsv(csv.stdout).filter((r) => r.length > 1);
    expect(rows[0]).toEqual(['context', 'state']);
    const body = rows.slice(1);
    expect(body.length).toBe(32);
    const want = [...body].sort((a, b) => Number(b[1]) - Number(a[1]) || (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
    expect(body).toEqual(want);
    const json = await units('-f', 'json', '--sort=-state,context', '--fields', 'id,context');
    const listed = JSON.parse(json.stdout) as Array<{ id: number; context: string }>;
    expect(listed.map((u) => u.context)).toEqual(body.map((r) => r[0]));
    // The table by ids (its cells show a tab in a context escaped).
    const table = await units('--sort=-state,context', '--fields', 'id');
    expect(
      table.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => Number(l.trim())),
    ).toEqual(listed.map((u) => u.id));
  });

  it('puts items whose field is null or missing last, in either direction', async () => {
    const items = [
      { id: 1, context: 'none', position: null },
      { id: 2, context: 'two', position: 2 },
      { id: 3, context: 'missing' },
      { id: 4, context: 'one', position: 1 },
    ];
    fake.fault('/translations/demo/android/ja/units/', { kind: 'rawBody', body: JSON.stringify({ count: 4, next: null, previous: null, results: items }) }, 2);
    const up = await wli(['units', 'demo/android/ja', '-f', 'jsonl', '--fields', 'context', '--sort', 'position'], { env });
    const down = await wli(['units', 'demo/android/ja', '-f', 'jsonl', '--fields', 'context', '--sort', '-position'], { env });
    const contexts = (out: string) =>
      out
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { context: string }).context);
    expect(contexts(up.stdout)).toEqual(['one', 'two', 'none', 'missing']);
    expect(contexts(down.stdout)).toEqual(['two', 'one', 'none', 'missing']);
  });

  it('a field none of the items has is exit 2 with the closest names, and nothing on stdout', async () => {
    const r = await units('--sort', 'sourc', '-f', 'json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--sort: field 'sourc' is in none of the items; did you mean source\b/);
  });

  it('a value that is no field path is exit 2 before any request', async () => {
    for (const bad of ['', '-', 'a..b', ',']) {
      const before = fake.requests.length;
      const r = await units(`--sort=${bad}`);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/(invalid|empty) --sort/);
      expect(fake.requests.length).toBe(before);
    }
  });

  it('an empty list is no error: each format writes its empty form', async () => {
    const json = await units('-q', 'context:nothing_here', '--sort', 'id_hash', '-f', 'json');
    expect(json).toMatchObject({ code: 0, stdout: '[]\n' });
    const table = await units('-q', 'context:nothing_here', '--sort', 'nonexistent');
    expect(table.code).toBe(0);
    expect(table.stdout).toBe('');
  });

  it('is refused with changes --follow, whose list never ends (exit 2, before any request)', async () => {
    const before = fake.requests.length;
    const r = await wli(['changes', 'demo', '--follow', '--sort', 'id', '-f', 'jsonl'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sort cannot be followed/);
    expect(fake.requests.length).toBe(before);
  });

  it('does not apply to the CI formats (exit 2)', async () => {
    const r = await wli(['stats', 'demo/android', '--sort', 'translated_percent', '-f', 'github'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sort does not apply to -f github/);
  });
});

describe('--no-headers', () => {
  it('leaves out the header line of a table, its columns where they were', async () => {
    const withHeader = await units('--fields', 'context,state', '-L', '3');
    const without = await units('--fields', 'context,state', '-L', '3', '--no-headers');
    expect(without.code).toBe(0);
    expect(withHeader.stdout.split('\n')[0]).toMatch(/^CONTEXT\s+STATE/);
    expect(without.stdout).toBe(withHeader.stdout.split('\n').slice(1).join('\n'));
  });

  it('leaves out the header line of CSV and csv-excel; an empty list writes nothing', async () => {
    const csv = await units('-f', 'csv', '--fields', 'context,state', '-L', '2', '--no-headers');
    expect(csv.stdout).toMatch(/^[a-z_]+,\d+\r\n[a-z_]+,\d+\r\n$/);
    const excel = await units('-f', 'csv-excel', '--fields', 'context', '-L', '1', '--no-headers');
    expect(excel.stdout).toMatch(/^\ufeff"[a-z_]+"\r\n$/);
    const empty = await units('-f', 'csv', '-q', 'context:nothing_here', '--no-headers');
    expect(empty).toMatchObject({ code: 0, stdout: '' });
  });

  it('is exit 2 with markdown (a table needs its header row) and the formats without a header, before any request', async () => {
    for (const format of ['markdown', 'json', 'jsonl']) {
      const before = fake.requests.length;
      const r = await units('-f', format, '--no-headers');
      expect(r.code, format).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--no-headers does not apply to -f ${format}`));
      expect(fake.requests.length).toBe(before);
    }
  });
});
