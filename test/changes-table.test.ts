// Issue 36.6: the changes table on a real terminal (a pty at 40, 80 and 200 columns). On a narrow one
// each action takes its short name (weblate/actions.ts) rather than being cut, UNIT leaves before
// USER and TIME before ACTION, and a short user name is never cut: at 80 columns no two actions read
// alike and `admin` reads `admin`; at 40 the table still says what changed.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { onPty, screen } from './support/pty.js';
import { wliIn } from './support/run.js';
import { ACTIONS, SHORT_ACTION_NAMES, SHORT_ACTION_WIDTH } from '../src/weblate/actions.js';
import { cellWidth } from '../src/output/width.js';

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
});
afterAll(() => fake.close());

/** The table as the terminal shows it: the header's column names, and each row's cell under each. */
async function table(ctx: TestContext, target: string, cols: number) {
  const { code, output } = await onPty(ctx, ['changes', target, '--url', fake.url], { cols }).exit;
  expect(code).toBe(0);
  const lines = screen(output);
  for (const l of lines) expect(cellWidth(l), l).toBeLessThanOrEqual(cols);
  const header = lines[0]!;
  const starts = [...header.matchAll(/\S+/g)].map((m) => ({ name: m[0], at: m.index }));
  // A cell runs from where its header starts to where the next one does (the ids, right-aligned, end
  // under their header's end: within the same span).
  const cell = (line: string, k: number) => {
    const from = k === 0 ? 0 : starts[k]!.at;
    const to = k + 1 < starts.length ? starts[k + 1]!.at : undefined;
    return [...line].slice(from, to).join('').trim();
  };
  const rows = lines.slice(1).map((l) => Object.fromEntries(starts.map((s, k) => [s.name, cell(l, k)])));
  return { names: starts.map((s) => s.name), rows };
}

/** The changes as JSON, in the table's order: each row's action code and name, and its user. */
async function changes(target: string) {
  const r = await wliIn(['changes', target, '-f', 'json', '--url', fake.url]);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { action: number; action_name: string; user: string | null }[]).map((c) => ({
    action: c.action,
    name: c.action_name,
    user: c.user ?? '',
  }));
}

describe('36.6: the changes table reads at 80 columns, and says something at 40', () => {
  it.for(['demo/android/cs', 'demo/android', 'demo'])(
    '%s at 80 columns: each action whole or by its short name, no two alike; short user names whole',
    async (target, ctx) => {
      const { names, rows } = await table(ctx, target, 80);
      const json = await changes(target);
      expect(rows).toHaveLength(json.length);
      expect(names).toContain('ACTION');
      expect(names).toContain('USER');
      const read = new Map<string, number>();
      rows.forEach((row, i) => {
        const { action, name, user } = json[i]!;
        expect([name, SHORT_ACTION_NAMES.get(action)]).toContain(row.ACTION);
        expect(row.ACTION).not.toMatch(/…/);
        // One text, one action.
        expect(read.get(row.ACTION!) ?? action, `${row.ACTION} reads as two actions`).toBe(action);
        read.set(row.ACTION!, action);
        if (user.length <= 12) expect(row.USER).toBe(user);
      });
      expect(new Set(json.map((c) => c.action)).size).toBeGreaterThan(2);
    },
  );

  // Issue 49.13: the short action names made room that TARGET was not given (held to its typical
  // width, 12 cells: a 63-cell table at 80 columns, while `-L 5`, with a wider typical, filled 80).
  it.for(['demo/android/cs', 'demo/android', 'demo'])('%s at 80 columns: a cut TARGET runs to the edge, as with -L 5', async (target, ctx) => {
    for (const limit of [[], ['-L', '5']]) {
      const { code, output } = await onPty(ctx, ['changes', target, ...limit, '--url', fake.url], { cols: 80 }).exit;
      expect(code).toBe(0);
      const cut = screen(output).filter((l) => l.endsWith('…'));
      expect(cut.length, limit.join(' ')).toBeGreaterThan(0);
      // A wide character may leave the last cell free.
      for (const l of cut) expect(cellWidth(l), `${limit.join(' ')}: ${l}`).toBeGreaterThanOrEqual(79);
    }
  });

  it('at 200 columns: every column, each action by its full name', async (ctx) => {
    const { names, rows } = await table(ctx, 'demo/android/cs', 200);
    expect(names).toEqual(['ID', 'TIME', 'ACTION', 'USER', 'UNIT', 'TARGET']);
    const json = await changes('demo/android/cs');
    expect(rows.map((r) => r.ACTION)).toEqual(json.map((c) => c.name));
  });

  it.for(['demo/android/cs', 'demo/android'])('%s at 40 columns: ID, the action (short) and what it changed, within the width', async (target, ctx) => {
    const { names, rows } = await table(ctx, target, 40);
    expect(names).toEqual(expect.arrayContaining(['ID', 'ACTION', 'TARGET']));
    const json = await changes(target);
    rows.forEach((row, i) => expect(row.ACTION).toBe(SHORT_ACTION_NAMES.get(json[i]!.action)));
  });
});

describe('36.6: the short action names', () => {
  it('every action Weblate lists has one, no longer than SHORT_ACTION_WIDTH, no two alike', () => {
    const shorts = ACTIONS.map(([code]) => SHORT_ACTION_NAMES.get(code));
    expect(shorts.filter((s) => s === undefined)).toEqual([]);
    for (const s of shorts) expect(cellWidth(s!), s).toBeLessThanOrEqual(SHORT_ACTION_WIDTH);
    expect(new Set(shorts).size).toBe(ACTIONS.length);
    expect([...SHORT_ACTION_NAMES.keys()].sort((a, b) => a - b)).toEqual(ACTIONS.map(([c]) => c));
  });
});
