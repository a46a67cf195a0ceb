// Issue 16, item 21: after `npm run demo` a newcomer keeps a server to play with. `npm run
// sample-server` prints the line to paste (`export WLI_URL=…`), serves wli until Ctrl-C, then exits
// cleanly; the demo and the README's quick start point at it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, wli, nodeTs } from './support/run.js';

/** npm's own settings, without what `npm test` exported for its own run (prefix, lifecycle, package). */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^npm_(config_(prefix|global|global_prefix|local_prefix|location)$|lifecycle_|package_)/i.test(k)) delete env[k];
  }
  return env;
}

describe('npm run sample-server', () => {
  it('prints export WLI_URL=…, serves wli with no rate limit, and stops cleanly on Ctrl-C', async () => {
    // Its own process group, as a terminal's foreground job: Ctrl-C reaches npm and the server alike.
    const child = spawn('npm', ['run', '--silent', 'sample-server'], { cwd: ROOT, env: npmEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          stdout += d;
          const m = /^export WLI_URL=(\S+)$/m.exec(stdout);
          if (m) resolve(m[1]!);
        });
        void exited.then(({ code }) => reject(new Error(`sample-server exited (${code}) before printing the URL: ${stderr}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);

      const r = await wli(['ls', 'demo'], { env: { WLI_URL: url } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^demo\/android\s/m);

      // Issue 49, item 13: its first line names every project the server lists, and every private one
      // a token shows (it named two of three, apps left out).
      const slugs = async (token: string[]) =>
        (await wli(['ls', '/', '-f', 'jsonl', '--fields', 'slug', ...token], { env: { WLI_URL: url } })).stdout
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { slug: string }).slug);
      const open = await slugs([]);
      const hidden = (await slugs(['--token', 'any'])).filter((p) => !open.includes(p));
      expect(open.length && hidden.length, 'a sample server lists public projects and hides a private one').toBeGreaterThan(0);
      const banner = stdout.split('\n')[0]!;
      const [before, after] = banner.split('; any token also shows');
      for (const p of open) expect(before, p).toMatch(new RegExp(`\\b${p}\\b`));
      for (const p of hidden) expect(after, p).toMatch(new RegExp(`\\b${p}\\b`));
      // The README shows the same line.
      expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\n${banner}\n`);

      // Issue 24, item 20: "no rate limit", as the README says. Past Weblate's anonymous 100 requests a
      // day, no answer claims a limit and wli says nothing about one.
      for (let i = 0; i < 101; i++) {
        const res = await fetch(`${url}languages/cs/`);
        await res.arrayBuffer();
        expect([res.status, [...res.headers.keys()].filter((h) => h.startsWith('x-ratelimit'))]).toEqual([200, []]);
      }
      const later = await wli(['ls', 'demo'], { env: { WLI_URL: url } });
      expect([later.code, later.stderr]).toEqual([0, '']);

      process.kill(-child.pid!, 'SIGINT');
      // npm ends the way a Ctrl-C'd job should (by SIGINT, as a shell expects); the server under it
      // stopped cleanly: its goodbye line and no "npm error" (which a non-zero exit or a crash brings).
      const end = await exited;
      expect(end.signal === 'SIGINT' || end.code === 0 || end.code === 130, JSON.stringify(end)).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    // Everything on stdout can be pasted into a shell: the export line, the rest comments.
    for (const line of stdout.trimEnd().split('\n')) expect(line).toMatch(/^(# |export WLI_URL=)/);
    expect(stdout).toMatch(/Ctrl-C/);
    expect(stderr).toMatch(/sample server stopped/);
    expect(stderr).not.toMatch(/npm error|npm ERR|Error:|\n\s+at /);
  });

  it('the demo ends by pointing at it, not at a public server', async () => {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, nodeTs(join(ROOT, 'scripts/demo.ts')), { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`demo exited ${code}`))));
    });
    const end = out.trimEnd().split('\n').slice(-3).join('\n');
    expect(end).toMatch(/npm run sample-server/);
    expect(end).not.toMatch(/hosted\.weblate\.org/);
  });

  it('"change p/c/l" typed into it changes that file upstream (a new revision, Last-Modified as it was): pull brings the new bytes', async () => {
    const work = mkdtempSync(join(tmpdir(), 'wli-sample-'));
    const child = spawn(process.execPath, nodeTs(join(ROOT, 'scripts/sample-server.ts')), { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const heard = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => pattern.test(stderr) && resolve();
        child.stderr.on('data', check);
        check();
      });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          stdout += d;
          const m = /^export WLI_URL=(\S+)$/m.exec(stdout);
          if (m) resolve(m[1]!);
        });
      });
      expect(stdout).toMatch(/^# Type "change demo\/android\/cs" here/m);
      const env = { WLI_URL: url, XDG_CACHE_HOME: join(work, 'cache') };
      const pull = () => wli(['pull', 'demo/android/cs', '--dir', join(work, 'repo')], { env });
      expect((await pull()).code).toBe(0);
      expect((await pull()).stderr).toMatch(/^wli: unchanged /);
      child.stdin.write('change demo/android/cs\n');
      await heard(/changed the file of demo\/android\/cs upstream/);
      const after = await pull();
      expect([after.code, after.stderr]).toEqual([0, expect.stringMatching(/^wli: updated \S+\/repo\/app\/src\/main\/res\/values-cs\/strings\.xml \(/)]);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('the quick start names it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
    expect(quickStart).toMatch(/npm run sample-server/);
    expect(quickStart).toMatch(/export WLI_URL=/);
  });
});
