// Throughput of the lossless JSON codec on a realistic Weblate units page.
// Run: node --import ./scripts/ts.mjs scripts/bench-json.ts [units=1000] [cpu-seconds-per-case=2] [name-regex]
// `npm run bench` runs the page cases (scenario json): stringifyJson is native JSON.stringify plus a
// number substitution, stringifyJsonPure the serializer alone.
import { parseJson, parseJsonPure, stringifyEach, stringifyJson, stringifyJsonPure } from '../src/codec/json.js';
import { seededRandom } from '../test/support/random.js';
import JSONbig from 'json-bigint';
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';

const UNITS = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 2); // per case, split over ROUNDS interleaved rounds
const ROUNDS = 7;

/** Deterministic, so every run benchmarks the same bytes. */
const prng = seededRandom;

const rnd = prng(20261121);
const WORDS = [
  'Settings',
  'Nastavení',
  'Přihlásit se',
  'soubor',
  'minutami',
  'Demo aplikace',
  'Share',
  'Sdílet',
  'Delete',
  'Smazat',
  'file',
  'Řádek',
  'žluťoučký kůň',
  '日本語',
  'emoji 😀',
  'quote "x"',
  'tab\tand\nnewline',
  'path\\to',
  '%d items',
  'Log in',
];
function words(k: number): string {
  const out: string[] = [];
  for (let i = 0; i < k; i++) out.push(WORDS[Math.floor(rnd() * WORDS.length)] as string);
  return out.join(' ');
}
function hash64(): string {
  // signed 64-bit decimal, as Weblate sends id_hash/content_hash
  const hi = BigInt(Math.floor(rnd() * 2 ** 32));
  const lo = BigInt(Math.floor(rnd() * 2 ** 32));
  return BigInt.asIntN(64, (hi << 32n) | lo).toString();
}
function hex16(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += Math.floor(rnd() * 16).toString(16);
  return s;
}

/** One unit in the exact field order/shape of GET /api/translations/demo/android/cs/units/ (Weblate 5.4.2). */
function unitJson(n: number): string {
  const base = 'http://127.0.0.1:8765';
  const plural = rnd() < 0.2;
  const source = plural ? [words(2), words(3)] : [words(1 + Math.floor(rnd() * 4))];
  const target = plural ? [words(2), words(3), words(3)] : [words(1 + Math.floor(rnd() * 4))];
  const arr = (a: string[]): string => '[' + a.map((s) => JSON.stringify(s)).join(',') + ']';
  return (
    `{"translation":"${base}/api/translations/demo/android/cs/","source":${arr(source)},"previous_source":"",` +
    `"target":${arr(target)},"id_hash":${hash64()},"content_hash":${hash64()},"location":"res/values/strings.xml:${n}",` +
    `"context":"key_${n}_${hex16().slice(0, 6)}","note":${JSON.stringify(rnd() < 0.5 ? words(8) : '')},"flags":"","labels":[],` +
    `"state":${rnd() < 0.8 ? 20 : 10},"fuzzy":false,"translated":true,"approved":false,"position":${n},` +
    `"has_suggestion":false,"has_comment":false,"has_failing_check":false,"num_words":${1 + Math.floor(rnd() * 9)},` +
    `"source_unit":"${base}/api/units/${n}/","priority":100,"id":${n + 32},` +
    `"web_url":"${base}/translate/demo/android/cs/?checksum=${hex16()}","url":"${base}/api/units/${n + 32}/",` +
    `"explanation":${JSON.stringify(rnd() < 0.5 ? words(8) : '')},"extra_flags":"","pending":false,"timestamp":"2026-11-21T13:01:57.${String(100000 + n).slice(1)}Z"}`
  );
}

function page(units: number): string {
  const items: string[] = [];
  for (let i = 1; i <= units; i++) items.push(unitJson(i));
  return (
    `{"count":${units * 7},"next":"http://127.0.0.1:8765/api/translations/demo/android/cs/units/?page=2",` + `"previous":null,"results":[${items.join(',')}]}`
  );
}

const text = page(UNITS);
const bytes = Buffer.byteLength(text, 'utf8');

interface Case {
  name: string;
  fn: () => unknown;
  rates: number[]; // pages per second, one per round
}
const cases: Case[] = [];
const FILTER = process.argv[4] === undefined ? undefined : new RegExp(process.argv[4], 'i');
function bench(name: string, fn: () => unknown): void {
  if (FILTER === undefined || FILTER.test(name)) cases.push({ name, fn, rates: [] });
}

/** Rounds are interleaved across cases so machine noise (GC, neighbours) spreads evenly; we print the median round. */
function run(rounds: number): void {
  for (const c of cases) for (let i = 0; i < 5; i++) c.fn(); // warm-up
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      // CPU time of this process (user + system), not wall time: the requirement is per core, and
      // CPU time is far less disturbed by other processes competing for the machine.
      let iters = 0;
      const t0 = process.cpuUsage();
      let elapsed = 0;
      do {
        c.fn();
        iters++;
        const d = process.cpuUsage(t0);
        elapsed = (d.user + d.system) / 1e6;
      } while (elapsed < SECONDS / rounds);
      c.rates.push(iters / elapsed);
    }
  }
  for (const c of cases) {
    const sorted = [...c.rates].sort((a, b) => a - b);
    const perSec = sorted[Math.floor(sorted.length / 2)] as number;
    const best = sorted[sorted.length - 1] as number;
    const mbs = (bytes * perSec) / 1e6;
    console.log(
      `${c.name.padEnd(36)} ${mbs.toFixed(1).padStart(7)} MB/s ${Math.round(UNITS * perSec)
        .toString()
        .padStart(8)} units/s ` + `${(1000 / perSec).toFixed(2).padStart(6)} ms/page  (best ${((bytes * best) / 1e6).toFixed(1)} MB/s)`,
    );
  }
}

const native = JSON.parse(text) as unknown;
const lossless = parseJson(text);

// Sanity: the codec round-trips this page byte for byte.
if (stringifyJson(lossless) !== text) throw new Error('round trip mismatch (compact)');
if (stringifyJsonPure(parseJsonPure(text)) !== text) throw new Error('round trip mismatch (pure)');

console.log(
  `page: ${UNITS} units, ${bytes} bytes (${Math.round(bytes / UNITS)} B/unit), node ${process.version}; rates per CPU-second, median of ${ROUNDS} rounds`,
);
bench('JSON.parse (native, lossy)', () => JSON.parse(text));
bench('parseJson', () => parseJson(text));
bench('parseJsonPure (scanner only)', () => parseJsonPure(text));
bench('JSON.stringify (native, lossy)', () => JSON.stringify(native));
bench('stringifyJson', () => stringifyJson(lossless));
bench('stringifyJsonPure', () => stringifyJsonPure(lossless));
bench('JSON.stringify indent 2', () => JSON.stringify(native, null, 2));
bench('stringifyJson indent 2', () => stringifyJson(lossless, 2));
bench('stringifyJsonPure indent 2', () => stringifyJsonPure(lossless, 2));
// What wli does with every page: parse it, then write it once. This decides the fast path (json.ts).
bench('parseJson + stringifyJson', () => stringifyJson(parseJson(text)));
bench('parseJson + stringifyJsonPure', () => stringifyJsonPure(parseJson(text)));
bench('parseJson + stringifyJson indent 2', () => stringifyJson(parseJson(text), 2));
bench('parseJson + stringifyJsonPure indent 2', () => stringifyJsonPure(parseJson(text), 2));
// As the writers do it: the page's items, each wrapped (src/output/jsonl.ts, json.ts). Units hold exact
// numbers, so stringifyEach takes the serializer; native stringify with the substitution, item by item,
// is what it would do otherwise (each item wrapped in `{ it }`, which holds no exact number itself, so
// stringifyJson takes the native path; the wrapper's text is cut off again).
const itemsOf = (t: string) => (parseJson(t) as { results: unknown[] }).results;
const line = (j: string) => j + '\n';
const element = (j: string) => '  ' + j + ',\n';
bench('parseJson + stringifyEach', () => stringifyEach(itemsOf(text), undefined, line));
bench('parseJson + native each', () =>
  itemsOf(text)
    .map((it) => line(stringifyJson({ it }).slice(6, -1)))
    .join(''),
);
bench('parseJson + stringifyEach indent 2', () => stringifyEach(itemsOf(text), 2, element, 1));
bench('parseJson + native each indent 2', () =>
  itemsOf(text)
    .map((it) => element(stringifyJson({ it }, 2).slice(10, -2)))
    .join(''),
);
// The libraries we did not choose (src/codec/json.ts says why), on the same page: speed, and whether
// the page comes back exactly as the server wrote it.
const jsonBigint = (JSONbig as unknown as (o: object) => { parse(t: string): unknown; stringify(v: unknown): string })({
  storeAsString: false,
  useNativeBigInt: true,
});
bench('json-bigint parse + stringify', () => jsonBigint.stringify(jsonBigint.parse(text)));
bench('lossless-json parse + stringify', () => losslessStringify(losslessParse(text)));
// Literals a server may write that a CLI must print as sent (json.ts: rules 1 and 5).
const TRICKY = '{"big":9223372036854775807,"huge":1e400,"decimal":100.0,"exp":1E5,"negzero":-0,"long":0.30000000000000004441,"__proto__":{"x":1}}';
const exact = (roundTrip: (t: string) => string, t: string) => {
  try {
    return roundTrip(t) === t ? 'yes' : 'no';
  } catch {
    return 'throws';
  }
};
for (const [name, roundTrip] of [
  ['json-bigint', (t: string) => jsonBigint.stringify(jsonBigint.parse(t))],
  ['lossless-json', (t: string) => losslessStringify(losslessParse(t)) ?? ''],
  ['parseJson + stringifyJson', (t: string) => stringifyJson(parseJson(t))],
] as const) {
  console.log(`exact ${name}: page ${exact(roundTrip, text)}, tricky literals ${exact(roundTrip, TRICKY)}`);
}
run(ROUNDS);
