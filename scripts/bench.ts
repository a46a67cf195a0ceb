// `npm run bench`: how fast wli is, measured (never asserted by tests). Starts the sample server
// in its own process with a chosen size and latency, runs each scenario several times, and prints
// medians of wall time, CPU time and peak RSS next to the bound each is compared with.
//   BENCH_RUNS=5 npm run bench            (default 5 runs per scenario)
//   BENCH_ONLY=pages,memory npm run bench (a subset: pages, pagesize, memory, flags, startup, wlc, json, table, width)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, ROOT } from '../test/support/run.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SERVER = fileURLToPath(new URL('../test/support/fake-weblate/main.js', import.meta.url));
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
  const child = spawn(process.execPath, [SERVER, '--cache', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  const codec = join(ROOT, 'dist', 'src', 'api', 'json.js');
  writeFileSync(
    bare,
    `import { request } from ${JSON.stringify(undici)};\nimport { parseJsonDocument } from ${JSON.stringify(codec)};\n` +
      `const base = process.argv[2] + 'translations/big/strings/xx/units/';\n` +
      `const get = async (n) => { const r = await request(base + (n > 1 ? '?page=' + n : '')); return parseJsonDocument(await r.body.text()); };\n` +
      `const first = await get(1); const pages = Math.ceil(first.value.count / first.value.results.length);\n` +
      `let next = 2; const worker = async () => { while (next <= pages) await get(next++); };\n` +
      `await Promise.all([worker(), worker(), worker(), worker()]);\n`,
  );
  const floor = await measure(process.execPath, [bare, server.url]);
  report('bare undici script: 200 pages of 50, 4 at a time, parsed, 25 ms latency', floor, '');
  const s = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--concurrency', '4', '--url', server.url]));
  report('wli units: the same 200 pages to jsonl, --concurrency 4', s, `${f(s.wall / floor.wall)}× the bare script (target ≤ 1.1×)`, s.wall <= 1.1 * floor.wall ? 'meets target' : 'MISSES target');
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

if (want('memory') || want('flags')) {
  // Peak RSS of 100,000 units against 10,000, and throughput, from a compact-JSON server and from one
  // that writes ", " separators (legal; some proxies and old servers do).
  const server = await startServer(['--big-units', '100000']);
  const spaced = await startServer(['--big-units', '100000', '--spaced-json']);
  if (want('memory')) {
    for (const format of ['jsonl', 'json', 'csv']) {
      const small = await measure(...wli(['units', 'big/strings/xx', '-f', format, '-L', '10000', '--url', server.url]));
      report(`10,000 units to ${format}`, small, `${f(10000 / small.wall, 0)} units/s`);
      const big = await measure(...wli(['units', 'big/strings/xx', '-f', format, '--url', server.url]));
      const ratio = big.rssMB / small.rssMB;
      const ok = big.rssMB <= 110 && ratio <= 1.15;
      report(`100,000 units to ${format}`, big, `${f(100000 / big.wall, 0)} units/s; RSS ${f(ratio)}× the 10,000-unit run (target ≤ 110 MB and ≤ 1.15×)`, ok ? 'meets target' : 'MISSES target');
      if (format === 'jsonl') {
        const rate = 100000 / big.wall;
        rows.push([`100,000 units to jsonl from a compact-JSON server: throughput`, `${f(rate, 0)} units/s`, '', '', 'target ≥ 80,000 units/s', rate >= 80000 ? 'meets target' : 'MISSES target']);
      }
    }
    const sp = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', spaced.url]));
    const rate = 100000 / sp.wall;
    report('100,000 units to jsonl from a server writing ", " separators', sp, `${f(rate, 0)} units/s (target ≥ 50,000 units/s)`, rate >= 50000 ? 'meets target' : 'MISSES target');
  }
  if (want('flags')) {
    // The V8 flags wli sets at run time, against the same run with them turned off (a preload that
    // makes v8.setFlagsFromString do nothing): one request, and 100,000 units.
    const noFlags = join(tmp, 'no-v8-flags.mjs');
    writeFileSync(noFlags, "import v8 from 'node:v8';\nv8.setFlagsFromString = () => {};\n");
    const pair = async (name: string, args: string[]) => {
      const on = await measure(...wli(args));
      const off = await measure(process.execPath, ['--import', noFlags, BIN, ...args]);
      report(`${name}, V8 flags set`, on, '');
      const time = on.wall / off.wall - 1;
      const saved = off.rssMB - on.rssMB;
      // They pay when they save time, or memory for at most 15 % of time.
      const verdict = time <= 0 && saved >= 0 ? 'flags pay: faster and smaller' : saved > 0 && time <= 0.15 ? `flags pay: ${f(saved, 0)} MB less for ${f(time * 100, 0)} % time` : 'flags do not pay';
      report(`${name}, no V8 flags`, off, `with the flags: ${f(on.wall - off.wall)} s, ${f(-saved, 0)} MB`, verdict);
    };
    await pair('one request (language cs -f json)', ['language', 'cs', '-f', 'json', '--url', server.url]);
    await pair('100,000 units to jsonl', ['units', 'big/strings/xx', '-f', 'jsonl', '--url', server.url]);
  }
  await server.stop();
  await spaced.stop();
}

if (want('startup')) {
  const node = await measure(process.execPath, ['-e', '0']);
  report('node -e 0', node, '');
  for (const args of [['--version'], ['--help']]) {
    const s = await measure(...wli(args));
    report(`wli ${args[0]}`, s, `${f(s.wall / node.wall)}× node -e 0 (target ≤ 1.3×)`, s.wall <= 1.3 * node.wall ? 'meets target' : 'MISSES target');
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

if (want('wlc')) {
  const wlc = spawnSync('sh', ['-c', 'command -v wlc'], { encoding: 'utf8' }).stdout.trim();
  if (!wlc) {
    console.error('  wlc not installed (apt-get install -y wlc): skipping the side-by-side runs');
  } else {
    const latency = 40;
    const server = await startServer(['--big-changes', '2000', '--big-units', '2000', '--latency', String(latency), '--ignore-page-size', '--page-size', '100']);
    // As measured in weblate-facts.md: 20 pages of 100, page_size ignored.
    const cfg = join(tmp, 'wlc.ini');
    (await import('node:fs')).writeFileSync(cfg, `[weblate]\nurl = ${server.url}\n`);
    // One request at loopback, side by side (issue 13: ≤ 1.0× wlc, stretch 0.85×, peak RSS ≤ 60 MB).
    const local = await startServer([]);
    const lcfg = join(tmp, 'wlc-local.ini');
    (await import('node:fs')).writeFileSync(lcfg, `[weblate]\nurl = ${local.url}\n`);
    const w0 = await measure(wlc, ['--config', lcfg, 'show', 'demo/android/cs']);
    report('wlc show demo/android/cs (one translation, loopback)', w0, '');
    const l0 = await measure(...wli(['translation', 'demo/android/cs', '-f', 'json', '--url', local.url]));
    const r0 = l0.wall / w0.wall;
    report('wli translation demo/android/cs -f json (loopback)', l0, `${f(r0)}× wlc (target ≤ 1.0×, stretch 0.85×); peak RSS target ≤ 60 MB`, r0 <= 1 && l0.rssMB <= 60 ? (r0 <= 0.85 ? 'meets target and stretch' : 'meets target') : 'MISSES target');
    await local.stop();
    const w1 = await measure(wlc, ['--config', cfg, 'show', 'demo/android/cs']);
    report('wlc show demo/android/cs (one translation)', w1, `${latency} ms latency`);
    const l1 = await measure(...wli(['translation', 'demo/android/cs', '-f', 'json', '--url', server.url]));
    report('wli translation demo/android/cs -f json', l1, `${latency} ms latency; ${f(w1.wall / l1.wall, 1)}× faster than wlc`);
    // One run: wlc needs two requests per change here (over two minutes at this latency).
    const w2 = await measure(wlc, ['--config', cfg, '--format', 'json', 'changes', 'big/strings/xx'], {}, 1);
    report('wlc changes big/strings/xx (2,000 changes, 20 pages; one run)', w2, `${latency} ms latency`);
    const l2 = await measure(...wli(['changes', 'big/strings/xx', '-f', 'json', '--url', server.url]));
    report('wli changes big/strings/xx -f json', l2, `${latency} ms latency; ${f(w2.wall / l2.wall, 1)}× faster than wlc`);
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
  for (const [name, env] of [['piped, no width limit', {}], ['COLUMNS=80', { COLUMNS: '80' }]] as const) {
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
  rows.push(['first table row of the 20,000-unit list (100 ms latency)', `${f(first)} s`, '', '', `${f(first / page1)}× fetching page 1 (target ≤ 1.2×)`, first <= 1.2 * page1 ? 'meets target' : 'MISSES target']);
  console.error(`  first table row: ${f(first)} s, page 1 fetched ${f(page1)} s`);
  await slow.stop();
}

if (want('json')) {
  // How a freshly parsed page is written: native JSON.stringify plus a number substitution (the
  // fast path src/codec/json.ts uses) against the serializer alone. CPU time per page, median.
  const script = fileURLToPath(new URL('./bench-json.js', import.meta.url));
  const out = spawnSync(process.execPath, [script, '1000', '2', '^parseJson \\+'], { encoding: 'utf8' }).stdout;
  const msPerPage = (name: string) => Number(new RegExp(`^${name.replace(/[+]/g, '\\+')}\\s.*?([\\d.]+) ms/page`, 'm').exec(out)?.[1]);
  for (const [label, indent] of [['compact (jsonl fallback, csv cells)', ''], ['indent 2 (-f json)', ' indent 2']] as const) {
    const fast = msPerPage(`parseJson + stringifyJson${indent}`);
    const pure = msPerPage(`parseJson + stringifyJsonPure${indent}`);
    rows.push([`parse + write a 1000-unit page, ${label}: fast path`, `${f(fast)} ms`, '', '', `serializer alone ${f(pure)} ms (${f(pure / fast)}×)`, fast <= pure ? 'fast path kept' : 'serializer faster']);
    console.error(`  json ${label}: fast path ${f(fast)} ms/page, serializer ${f(pure)} ms/page`);
  }
  // The libraries not chosen (src/codec/json.ts says why): speed on the same page, and exactness.
  const libs = spawnSync(process.execPath, [script, '1000', '2', '^(parseJson \\+ stringifyJson|json-bigint|lossless-json)'], { encoding: 'utf8' }).stdout;
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
  const out = spawnSync(process.execPath, [fileURLToPath(new URL('./bench-width.js', import.meta.url))], { encoding: 'utf8' }).stdout;
  const ours = Number(/^wli width\+truncate ([\d.]+) ms/m.exec(out)?.[1]);
  for (const [lib, re] of [['string-width 9', /^string-width width ([\d.]+) ms; differs on (\d+)/m], ['fast-string-width', /^fast-string-width width ([\d.]+) ms; differs on (\d+)/m]] as const) {
    const m = re.exec(out);
    const t = Number(m?.[1]);
    rows.push([`display width of 60,000 table cells, ${lib} (width only)`, `${f(t)} ms`, '', '', `${f(t / ours)}× wli's width and truncation (${f(ours)} ms); differs on ${m?.[2] ?? '?'} cells`, 'ours kept']);
    console.error(`  width: ${lib} ${f(t)} ms vs ours ${f(ours)} ms, differs on ${m?.[2]} cells`);
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log('| scenario | wall (median) | CPU | peak RSS | compared with | |');
console.log('|---|---:|---:|---:|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
