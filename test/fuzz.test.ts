// Issue 3: recorded real responses (Weblate 5.4.2), mutated and truncated at random (seeded),
// served to every command. wli must never crash with a stack trace, never hang, and either
// succeed with valid output or fail with exit 1 and a short message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wliIn } from './support/run.js';
import { parseJson } from '../src/codec/json.js';
import { csvObjects } from './support/csv-parse.js';
import { seededRandom } from './support/random.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/weblate-5.4.2/${name}`, import.meta.url), 'utf8');

const CASES: Array<{ file: string; args: string[]; path: RegExp }> = [
  { file: 'GET_api_translations_demo_android_cs.200.json', args: ['translation', 'demo/android/cs'], path: /\/translations\/demo\/android\/cs\/$/ },
  { file: 'GET_api_languages_cs.200.json', args: ['language', 'cs'], path: /\/languages\/cs\/$/ },
  { file: 'GET_api_languages_cs_statistics.200.json', args: ['stats', 'cs'], path: /\/languages\/cs\/statistics\/$/ },
  {
    file: 'GET_api_translations_demo_android_cs_statistics.200.json',
    args: ['stats', 'demo/android/cs', 'de'],
    path: /\/translations\/demo\/android\/cs\/statistics\/$/,
  },
  { file: 'GET_api_translations_demo_android_cs_units__page_size-5.200.json', args: ['units', 'demo/android/cs'], path: /\/units\/\?page_size=\d+$/ },
  {
    file: 'GET_api_translations_demo_android_cs_units__q-state-lt-translated.200.json',
    args: ['units', 'demo/android/cs', '--state', 'untranslated'],
    path: /\/units\/\?/,
  },
  { file: 'GET_api_translations_demo_glossary_cs_units.200.json', args: ['units', 'demo/glossary/cs'], path: /\/glossary\/cs\/units\// },
  { file: 'GET_api_translations_demo_android_cs_changes__page_size-5.200.json', args: ['changes', 'demo/android/cs'], path: /\/changes\/\?page_size=\d+$/ },
  {
    file: 'GET_api_translations_demo_android_cs_changes__page_size-5__page-2.200.json',
    args: ['changes', 'demo/android/cs', '-L', '7'],
    path: /\/changes\/\?page_size=\d+$/,
  },
];
const FORMATS = ['table', 'json', 'jsonl', 'csv', 'markdown'];

const prng = seededRandom;

const NOISE = ['{', '}', '[', ']', '"', ',', ':', '0', '-', '.', 'e', '\\', '\\u', ' ', '\n', 'null', 'true', '\u001b[31m', '\u202e', '\u0000', '😀', 'é'];

function mutate(text: string, rnd: () => number): string {
  const at = () => Math.floor(rnd() * text.length);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  switch (Math.floor(rnd() * 8)) {
    case 0:
      return text.slice(0, at());
    case 1: {
      const i = at();
      return text.slice(0, i) + text.slice(i + 1 + Math.floor(rnd() * 4));
    }
    case 2: {
      const i = at();
      return text.slice(0, i) + pick(NOISE) + text.slice(i + 1);
    }
    case 3: {
      const i = at();
      return text.slice(0, i) + pick(NOISE) + text.slice(i);
    }
    case 4: {
      const i = at();
      const j = Math.min(text.length, i + Math.floor(rnd() * 200));
      return text.slice(0, j) + text.slice(i, j) + text.slice(j);
    }
    case 5: // a number becomes enormous, tiny, or a long decimal
      return text.replace(/-?\d+(\.\d+)?/g, (m) => (rnd() < 0.1 ? pick(['1' + '9'.repeat(400), '-0.' + '1'.repeat(60) + 'e-999', '1e400', '-0', '1.0']) : m));
    case 6: // a string value becomes another type
      return text.replace(/:"([^"\\]*)"/g, (m) =>
        rnd() < 0.15 ? `:${pick(['null', '[]', '{}', '12', '["a","b"]', '{"__proto__":{"polluted":1}}', 'true'])}` : m,
      );
    default: // hostile keys
      return text.replace(/\{/g, (m) => (rnd() < 0.2 ? `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},` : m));
  }
}

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 5 });
});
afterAll(() => fake.close());

describe('fuzzed real responses', () => {
  const seed = Number(process.env.WLI_FUZZ_SEED ?? 20261121);
  const rnd = prng(seed);
  const runs = Array.from({ length: 240 }, (_, n) => {
    const c = CASES[n % CASES.length]!;
    let body = fixture(c.file);
    const rounds = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < rounds; k++) body = mutate(body, rnd);
    return { n, c, body, format: FORMATS[Math.floor(rnd() * FORMATS.length)]! };
  });

  it('never a stack trace, never a hang; exit 0 with valid output or exit 1 with a short message', { timeout: 120_000 }, async () => {
    for (const { n, c, body, format } of runs) {
      fake.fault(c.path, { kind: 'rawBody', body, contentType: 'application/json' }, 1);
      const r = await wliIn([...c.args, '-f', format, '--timeout', '5', '--retries', '0', '--page-size', '5'], { env: { WLI_URL: fake.url } });
      const label = `case ${n} (seed ${seed}) ${c.args.join(' ')} -f ${format}: exit ${r.code}\n${r.stderr}\nbody: ${body.slice(0, 300)}`;
      expect(r.stderr, label).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);
      expect([0, 1], label).toContain(r.code);
      if (r.code === 1) {
        const lines = r.stderr
          .trimEnd()
          .split('\n')
          .filter((l) => !l.startsWith('wli: warning:'));
        expect(lines.length, label).toBeLessThanOrEqual(2);
        expect(lines[0], label).toMatch(/^wli: /);
      } else if (format === 'json') {
        expect(() => parseJson(r.stdout), label).not.toThrow();
      } else if (format === 'jsonl') {
        for (const line of r.stdout.split('\n').filter(Boolean)) expect(() => parseJson(line), label).not.toThrow();
      } else if (format === 'csv' && r.stdout) {
        expect(() => csvObjects(r.stdout), label).not.toThrow();
      } else if (format === 'table' || format === 'markdown') {
        expect(r.stdout, label).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      }
      expect(({} as Record<string, unknown>).polluted, label).toBeUndefined();
    }
  });
});
