// `npm run bench`: how fast wli is, measured (never asserted by tests). Starts the sample server
// in its own process with a chosen size and latency, runs each scenario several times, and prints
// medians of wall time, CPU time and peak RSS next to the bound each is compared with.
//   BENCH_RUNS=5 npm run bench            (default 5 runs per scenario)
//   BENCH_ONLY=pages,memory npm run bench (a subset: pages, pagesize, memory, startup, wlc, json, table)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, ROOT } from './run.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',');
const SERVER = fileURLToPath(new URL('./fake-weblate/main.js', import.meta.url));
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
function runOnce(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const out = join(tmp, 'time.txt');
    const [file, argv] = TIME ? [TIME, ['-f', '%U %S %M', '-o', out, cmd, ...args]] : [cmd, args];
    const started = process.hrtime.bigint();
    const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(0, 400)}`));
      if (!TIME) return resolve({ wall, cpu: NaN, rssMB: NaN });
      const [u, s, m] = readFileSync(out, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      resolve({ wall, cpu: u! + s!, rssMB: m! / 1024 });
    });
  });
}

async function measure(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, runs = RUNS): Promise<Sample> {
  if (runs > 1) await runOnce(cmd, args, env); // warm-up: file cache, server JIT
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await runOnce(cmd, args, env));
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
  const latency = 25;
  const server = await startServer(['--big-units', '10000', '--page-size', '50', '--ignore-page-size', '--latency', String(latency)]);
  const sequential = 200 * latency / 1000;
  const startup = (await measure(...wli(['--version']))).wall;
  for (const concurrency of [4]) {
    const bound = ((1 + Math.ceil(199 / concurrency)) * latency) / 1000;
    const s = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--concurrency', String(concurrency), '--url', server.url]));
    const ok = s.wall <= 1.5 * bound + startup && s.wall < 0.3 * sequential;
    report(`10,000 units, 200 pages of 50 (page_size ignored), ${latency} ms latency, --concurrency ${concurrency}`, s, `concurrent bound ${f(bound)} s, sequential ${f(sequential)} s`, ok ? 'meets target' : 'MISSES target');
  }
  await server.stop();
  const honoured = await startServer(['--big-units', '10000', '--page-size', '50', '--latency', String(latency)]);
  const s = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '--url', honoured.url]));
  report(`10,000 units, page_size honoured (default --page-size), ${latency} ms latency`, s, `sequential at 50/page ${f(sequential)} s`);
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

if (want('memory')) {
  const server = await startServer(['--big-units', '100000']);
  const small = await measure(...wli(['units', 'big/strings/xx', '-f', 'jsonl', '-L', '10000', '--url', server.url]));
  report('10,000 units to jsonl, no latency', small, `${f(10000 / small.wall, 0)} units/s`);
  for (const format of ['jsonl', 'json', 'csv']) {
    const big = await measure(...wli(['units', 'big/strings/xx', '-f', format, '--url', server.url]));
    const rate = 100000 / big.wall;
    const flat = big.rssMB < 150 && big.rssMB <= 1.25 * small.rssMB;
    report(`100,000 units to ${format}, no latency`, big, `${f(rate, 0)} units/s; RSS ${f(big.rssMB / small.rssMB)}× the 10,000-unit run`, format === 'jsonl' ? (flat && rate >= 50000 ? 'meets target' : 'MISSES target') : '');
  }
  await server.stop();
}

if (want('startup')) {
  const node = await measure(process.execPath, ['-e', '0']);
  report('node -e 0', node, '');
  const version = await measure(...wli(['--version']));
  report('wli --version', version, `${f(version.wall / node.wall)}× node -e 0 (target ≤ 1.3×)`, version.wall <= 1.3 * node.wall ? 'meets target' : 'MISSES target');
  const server = await startServer([]);
  const bare = join(tmp, 'bare.mjs');
  // What any Node program needs for the same answer: import undici, one request, print the body.
  const undici = join(ROOT, 'node_modules', 'undici', 'index.js');
  (await import('node:fs')).writeFileSync(bare, `import { request } from ${JSON.stringify(undici)};\nconst r = await request(process.argv[2]);\nprocess.stdout.write(await r.body.text());\n`);
  const floor = await measure(process.execPath, [bare, `${server.url}languages/cs/`]);
  report('node + undici, one request (floor)', floor, '');
  const one = await measure(...wli(['language', 'cs', '-f', 'json', '--url', server.url]));
  report('wli language cs -f json', one, `${f(one.wall / floor.wall)}× the floor (target ≤ 1.2×)`, one.wall <= 1.2 * floor.wall ? 'meets target' : 'MISSES target');
  await server.stop();
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
  // fast path src/api/json.ts uses) against the serializer alone. CPU time per page, median.
  const script = fileURLToPath(new URL('./bench-json.js', import.meta.url));
  const out = spawnSync(process.execPath, [script, '1000', '2', '^parseJson \\+'], { encoding: 'utf8' }).stdout;
  const msPerPage = (name: string) => Number(new RegExp(`^${name.replace(/[+]/g, '\\+')}\\s.*?([\\d.]+) ms/page`, 'm').exec(out)?.[1]);
  for (const [label, indent] of [['compact (jsonl fallback, csv cells)', ''], ['indent 2 (-f json)', ' indent 2']] as const) {
    const fast = msPerPage(`parseJson + stringifyJson${indent}`);
    const pure = msPerPage(`parseJson + stringifyJsonPure${indent}`);
    rows.push([`parse + write a 1000-unit page, ${label}: fast path`, `${f(fast)} ms`, '', '', `serializer alone ${f(pure)} ms (${f(pure / fast)}×)`, fast <= pure ? 'fast path kept' : 'serializer faster']);
    console.error(`  json ${label}: fast path ${f(fast)} ms/page, serializer ${f(pure)} ms/page`);
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log('| scenario | wall (median) | CPU | peak RSS | compared with | |');
console.log('|---|---:|---:|---:|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
