// Issue 35.1: the verdict, the one judgement of a run (src/gate/), as a table test on plain rows and
// outcomes: no server, no CLI. What the formats write is its rendering (test/one-verdict.test.ts).
import { describe, expect, it } from 'vitest';
import type { Item } from '../src/core/page.js';
import { judgeFiles, type FileOutcome } from '../src/gate/pull.js';
import { goneRows, judgeRows, type Gate } from '../src/gate/stats.js';
import { countsOf, verdictLine, type Verdict } from '../src/gate/verdict.js';
import { fingerprintOf } from '../src/output/codequality.js';
import { baselineKey, type Identified } from '../src/weblate/identity.js';

/** A stats row as rows.ts makes it: the server's fields beside the identity wli made. */
const row = (
  target: string,
  project: string | null,
  component: string | null,
  language: string | null,
  translated?: number,
  server: Item = {},
): Identified => ({
  id: { target, project, component, language },
  item: { ...server, ...(translated === undefined ? {} : { translated_percent: translated }) },
});
const cs = row('demo/android/cs', 'demo', 'android', 'cs', 78.1);
const de = row('demo/android/de', 'demo', 'android', 'de', 62.5);
const en = row('demo/android/en', 'demo', 'android', 'en', 100);
const total = row('demo/-', 'demo', null, null, 76);
const noMetric = row('demo/android/ja', 'demo', 'android', 'ja');

const gate = (g: Partial<Gate>): Gate => ({ metric: 'translated', byLanguage: new Map(), failOnDrop: false, ...g });
const summary = (v: Verdict) => v.subjects.map((s) => `${s.id} ${s.judgement}${s.failures.length ? ` ${s.failures.map((f) => f.check).join('+')}` : ''}`);

describe('judgeRows: each row once, pass | fail | not judged, every failure with its check', () => {
  it.each<[string, Partial<Gate>, Identified[], string[], number]>([
    ['no gate: nothing judged, exit 0', {}, [cs, en], ['demo/android/cs not judged', 'demo/android/en not judged'], 0],
    [
      'a bare threshold judges every row; a row without the metric fails',
      { fallback: 80 },
      [cs, en, noMetric, total],
      ['demo/android/cs fail fail-under', 'demo/android/en pass', 'demo/android/ja fail fail-under', 'demo/- fail fail-under'],
      3,
    ],
    [
      'a language threshold judges only its rows',
      { byLanguage: new Map([['cs', 70]]) },
      [cs, de, total],
      ['demo/android/cs pass', 'demo/android/de not judged', 'demo/- not judged'],
      0,
    ],
    [
      'under the threshold and dropped: one subject, two failures',
      { fallback: 80, baseline: new Map([['demo/android/cs', 80]]), failOnDrop: true },
      [cs, en],
      ['demo/android/cs fail fail-under+fail-on-drop', 'demo/android/en pass'],
      3,
    ],
    ['a row named twice (two targets) is one subject', { fallback: 70 }, [de, cs, de], ['demo/android/de fail fail-under', 'demo/android/cs pass'], 3],
    [
      'two rows of one identity (a server listing a language twice): a failing copy is never hidden behind a passing one',
      { fallback: 70 },
      [en, row('demo/android/en', 'demo', 'android', 'en', 10)],
      ['demo/android/en fail fail-under'],
      3,
    ],
    [
      "rows whose server fields are equal are as many subjects as wli's identities",
      { fallback: 70 },
      [
        row('demo/android/cs', 'demo', 'android', 'cs', 100, { wli_target: 'demo/android/cs', code: 'cs' }),
        row('demo/android/de', 'demo', 'android', 'de', 100, { wli_target: 'demo/android/cs', code: 'cs' }),
      ],
      ['demo/android/cs pass', 'demo/android/de pass'],
      0,
    ],
    [
      "a server's wli_target and wli_language are not the row's: each row judged by wli's identity",
      { byLanguage: new Map([['cs', 95]]) },
      [
        row('demo/android/cs', 'demo', 'android', 'cs', 80, { wli_target: 'demo/android/de', wli_language: 'de' }),
        row('demo/android/de', 'demo', 'android', 'de', 100, { wli_target: 'demo/android/cs', wli_language: 'cs' }),
      ],
      ['demo/android/cs fail fail-under', 'demo/android/de not judged'],
      3,
    ],
    [
      '--fail-on-drop alone: a row the baseline lacks is not judged',
      { baseline: new Map([['demo/android/cs', 70]]), failOnDrop: true },
      [cs, de],
      ['demo/android/cs pass', 'demo/android/de not judged'],
      0,
    ],
    ['a gate with no rows: exit 3', { fallback: 90 }, [], [], 3],
    ['a gate with no rows, --allow-empty: exit 0', { fallback: 90, allowEmpty: true }, [], [], 0],
    ['a gate that applies to no row: exit 3', { byLanguage: new Map([['fr', 90]]) }, [cs], ['demo/android/cs not judged'], 3],
  ])('%s', (_, g, rows, subjects, exitCode) => {
    const v = judgeRows(gate(g), rows);
    expect(summary(v)).toEqual(subjects);
    expect(v.exitCode).toBe(exitCode);
  });

  it('baseline rows gone: with --fail-on-drop a failure each (a drop to 0), else only named', () => {
    const baseline = new Map([
      ['demo/android/cs', 78.1],
      ['demo/android/fr', 81.3],
      ['demo/glossary/fr', 50],
    ]);
    const covered = (id: string) => id.startsWith('demo/android/');
    expect(goneRows(gate({ baseline }), [cs], covered)).toEqual(['demo/android/fr']);
    const failing = judgeRows(gate({ baseline, failOnDrop: true }), [cs], ['demo/android/fr']);
    expect(summary(failing)).toEqual(['demo/android/cs pass', 'demo/android/fr fail fail-on-drop']);
    expect(failing.exitCode).toBe(3);
    const named = judgeRows(gate({ baseline }), [cs], ['demo/android/fr']);
    expect([named.exitCode, named.messages.map(String)]).toEqual([
      0,
      ['1 row(s) of the baseline gone (no row now): demo/android/fr; with --fail-on-drop they fail as a drop to 0'],
    ]);
  });

  it('the counts and the line every report says agree', () => {
    const v = judgeRows(gate({ byLanguage: new Map([['cs', 95]]) }), [en, cs, de]);
    expect(countsOf(v)).toEqual({ total: 3, judged: 1, passed: 0, failed: 1, notJudged: 2 });
    expect(verdictLine(v)).toBe('wli stats: 0 of 1 judged row passed, 1 failed; 2 not judged: demo/android/en, demo/android/de');
    expect(v.messages.map(String).at(-1)).toBe(verdictLine(v, false));
    expect(verdictLine(judgeRows(gate({}), [en, cs]))).toBe('wli stats: nothing judged: 2 rows, no gate (--fail-under or --fail-on-drop gates them)');
  });
});

describe('identity: unique, and the earlier form of a total read back', () => {
  it('a project whose slug is a language code: its language row, its language of itself and its total are three identities', () => {
    const rows = [row('cs', null, null, 'cs', 74.4), row('cs/-/cs', 'cs', null, 'cs', 50), row('cs/-', 'cs', null, null, 60)];
    expect(new Set(rows.map((r) => r.id.target)).size).toBe(3);
    expect(summary(judgeRows(gate({ fallback: 55 }), rows))).toEqual(['cs pass', 'cs/-/cs fail fail-under', 'cs/- pass']);
  });

  it('a baseline total written by an earlier wli (wli_target "demo") is demo/-; a language row stays as it is', () => {
    const written = (wli_target: string, wli_project: string | null, wli_component: string | null, wli_language: string | null) => ({
      wli_target,
      wli_project,
      wli_component,
      wli_language,
    });
    expect(baselineKey(written('demo', 'demo', null, null))).toBe('demo/-');
    expect(baselineKey(written('demo', null, null, 'demo'))).toBe('demo');
    expect(baselineKey({ wli_target: 'demo' })).toBe('demo');
  });

  it('fingerprints: the check and the identity, nothing else', () => {
    const at = (threshold: number) => judgeRows(gate({ fallback: threshold }), [cs]).subjects[0]!;
    expect(at(80).failures[0]!.message).not.toBe(at(90).failures[0]!.message);
    expect(fingerprintOf('fail-under', at(80).id)).toBe(fingerprintOf('fail-under', at(90).id));
    expect(fingerprintOf('fail-under', 'demo/android/cs')).not.toBe(fingerprintOf('fail-on-drop', 'demo/android/cs'));
  });
});

describe('judgeFiles: pull --check', () => {
  const file = (id: string, status: FileOutcome['status'], extra: Partial<FileOutcome> = {}): FileOutcome => ({
    id,
    group: 'demo/android',
    path: `${id.split('/').pop()}.po`,
    status,
    ...extra,
  });

  it.each<[string, FileOutcome[], string[], number]>([
    ['every file the server’s', [file('demo/android/cs', 'same')], ['demo/android/cs pass'], 0],
    [
      'a file differs, one missing, the source skipped',
      [file('demo/android/en', 'skipped', { reason: 'source' }), file('demo/android/cs', 'differs'), file('demo/android/de', 'missing')],
      ['demo/android/en not judged', 'demo/android/cs fail differs', 'demo/android/de fail missing'],
      3,
    ],
    [
      'a file not checked: its own exit status wins over the gate’s',
      [file('demo/android/cs', 'differs'), file('demo/android/de', 'failed', { exitCode: 5, reason: 'HTTP 404' })],
      ['demo/android/cs fail differs', 'demo/android/de fail not-checked'],
      5,
    ],
    ['no translations: nothing compared, exit 3', [], [], 3],
    ['every translation skipped: nothing compared, exit 3', [file('demo/android/en', 'skipped')], ['demo/android/en not judged'], 3],
  ])('%s', (_, outcomes, subjects, exitCode) => {
    const v = judgeFiles('check', outcomes);
    expect(summary(v)).toEqual(subjects);
    expect(v.exitCode).toBe(exitCode);
  });

  it('--allow-empty lets nothing compared pass; pull without --check judges nothing but keeps a failure’s exit status', () => {
    expect(judgeFiles('check', [], true).exitCode).toBe(0);
    expect(judgeFiles('pull', []).exitCode).toBe(0);
    const pulled = judgeFiles('pull', [file('demo/android/cs', 'created'), file('demo/android/de', 'failed', { exitCode: 7 })]);
    expect([pulled.gated, pulled.exitCode, pulled.messages.map(String)]).toEqual([
      false,
      7,
      ['2 translations: 1 created, 0 updated, 0 unchanged, 0 skipped, 1 failed'],
    ]);
  });

  it('a layout record that could not be written is the verdict’s exit status, unless a file failed first', () => {
    expect(judgeFiles('pull', [file('demo/android/cs', 'created')], false, 7).exitCode).toBe(7);
    expect(judgeFiles('pull', [file('demo/android/cs', 'failed', { exitCode: 5 })], false, 7).exitCode).toBe(5);
    expect(judgeFiles('pull', [file('demo/android/cs', 'created')]).exitCode).toBe(0);
  });
});
