// wlc-compatible configuration files, end to end: which files are read, what wins, which token is
// sent where (as the fake server saw it), `wli config` in every format, and that a token is never shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli, wliIn, type RunResult, DEAD_URL } from './support/run.js';
import { spawnSync } from 'node:child_process';
import { parseIni } from '../src/config/ini.js';
import { runtimeText } from '../src/core/runtime.js';
import { metricsVersion } from '../src/weblate/server.js';

/** Distinctive, so any leak into output is found. */
const TOKEN = 'wlu_Cfg7Zq-SECRET-93xkPq';
const OTHER = 'wlu_Other-SECRET-Vv41';

let fake: FakeWeblate;
let origin: string;
const PRIVATE = 'secret/android/cs';

beforeAll(async () => {
  // Refuses any other token with 401; the private project is visible only with TOKEN.
  fake = await startFakeWeblate({ token: TOKEN });
  origin = fake.origin;
});
const roots: string[] = [];
afterAll(async () => {
  await fake.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fresh directory tree: { 'xdg/weblate': '…', 'repo/.weblate': '…' } → its root. */
function tree(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'wli-cfg-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** Runs in-process with XDG_CONFIG_HOME = root/xdg and cwd = root/<cwd>. */
function run(root: string, args: string[], opts: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<RunResult> {
  const cwd = join(root, opts.cwd ?? '.');
  mkdirSync(cwd, { recursive: true });
  return wliIn(args, { cwd, env: { XDG_CONFIG_HOME: join(root, 'xdg'), ...opts.env } });
}

/** The Authorization header of the requests a run made. */
async function authOf(p: Promise<RunResult>): Promise<{ r: RunResult; auth: Array<string | undefined> }> {
  const before = fake.requests.length;
  const r = await p;
  return { r, auth: fake.requests.slice(before).map((q) => q.headers.authorization as string | undefined) };
}

type Shown = { value: string | null; source: string | null };
type ConfigJson = { url: Shown; token: Shown; translation: Shown; files: string[]; section: Shown };
async function configJson(root: string, opts: { cwd?: string; env?: Record<string, string | undefined>; args?: string[] } = {}): Promise<ConfigJson> {
  const r = await run(root, ['config', '-f', 'json', ...(opts.args ?? [])], opts);
  expect(r.stderr + r.stdout).not.toContain('SECRET');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as ConfigJson;
}

const userFile = (url: string, keys: Record<string, string> = {}, extra = '') =>
  `[weblate]\nurl = ${url}\n${extra}\n[keys]\n${Object.entries(keys)
    .map(([k, v]) => `${k} = ${v}\n`)
    .join('')}`;

describe('user file', () => {
  it('supplies the url and the token for it from [keys]', async () => {
    const root = tree({ 'xdg/weblate': userFile(fake.url, { [fake.url]: TOKEN }) });
    const { r, auth } = await authOf(run(root, ['translation', PRIVATE, '-f', 'json']));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).language_code).toBe('cs');
    expect(auth).toEqual([`Token ${TOKEN}`]);
  });

  it('reads "weblate" when both weblate and weblate.ini exist', async () => {
    const root = tree({
      'xdg/weblate': userFile(fake.url, { [fake.url]: TOKEN }),
      'xdg/weblate.ini': userFile('https://ini.invalid/', { 'https://ini.invalid/': OTHER }),
    });
    const { r, auth } = await authOf(run(root, ['translation', PRIVATE]));
    expect(r.code).toBe(0);
    expect(auth).toEqual([`Token ${TOKEN}`]);
    expect((await configJson(root)).files).toEqual([join(root, 'xdg/weblate')]);
  });

  it('reads weblate.ini when it is the only one', async () => {
    const root = tree({ 'xdg/weblate.ini': userFile(fake.url, { [fake.url]: TOKEN }) });
    const c = await configJson(root);
    expect(c.url).toEqual({ value: fake.url, source: join(root, 'xdg/weblate.ini') });
    expect(c.token).toEqual({ value: '<redacted>', source: `${join(root, 'xdg/weblate.ini')} [keys]` });
  });

  it('is ~/.config/weblate when XDG_CONFIG_HOME is unset (spawned: the real home directory lookup)', async () => {
    const root = tree({ 'home/.config/weblate': userFile(fake.url, { [fake.url]: TOKEN }) });
    const before = fake.requests.length;
    const r = await wli(['translation', PRIVATE, '-f', 'json'], { cwd: root, env: { HOME: join(root, 'home'), XDG_CONFIG_HOME: undefined } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(fake.requests.slice(before).map((q) => q.headers.authorization)).toEqual([`Token ${TOKEN}`]);
    const c = await wli(['config', '-f', 'json'], { cwd: root, env: { HOME: join(root, 'home'), XDG_CONFIG_HOME: undefined } });
    expect(JSON.parse(c.stdout).files).toEqual([join(root, 'home/.config/weblate')]);
  });

  it.each([
    ['origin', 'origin/', 'api'],
    ['origin/', 'origin', 'api'],
    ['origin/api/', 'origin', 'bare'],
    ['origin', 'origin/api/', 'api'],
    ['origin/api', 'origin/', 'bare'],
  ])('matches a token across URL forms: url %s, [keys] %s', async (urlForm, keyForm) => {
    const form = (f: string) => f.replace('origin', origin);
    const root = tree({ 'xdg/weblate': userFile(form(urlForm), { [form(keyForm)]: TOKEN }) });
    const { r, auth } = await authOf(run(root, ['translation', PRIVATE]));
    expect(r.code, r.stderr).toBe(0);
    expect(auth).toEqual([`Token ${TOKEN}`]);
  });

  it('looks a --url or WLI_URL server up in [keys] too', async () => {
    const root = tree({ 'xdg/weblate': `[keys]\n${origin}/ = ${TOKEN}\n` });
    const viaEnv = await authOf(run(root, ['translation', PRIVATE], { env: { WLI_URL: fake.url } }));
    expect(viaEnv.auth).toEqual([`Token ${TOKEN}`]);
    const viaFlag = await authOf(run(root, ['translation', PRIVATE, '--url', origin]));
    expect(viaFlag.auth).toEqual([`Token ${TOKEN}`]);
  });

  it('sends no token to a server [keys] does not name', async () => {
    const root = tree({ 'xdg/weblate': userFile(fake.url, { 'https://elsewhere.example/': OTHER }) });
    const { r, auth } = await authOf(run(root, ['translation', 'demo/android/cs']));
    expect(r.code).toBe(0);
    expect(auth).toEqual([undefined]);
  });

  it('reads the INI the way wlc does: case-insensitive keys, comments, spaces around values', async () => {
    const token = 'wlu_Mixed-Case_0123456789abcdefSECRET';
    const plain = await startFakeWeblate({ token });
    try {
      const root = tree({
        'xdg/weblate': `; comment\n# another\n[weblate]\nURL=${plain.url}\n   # indented comment\n\n[keys]\n${plain.url}   =   ${token}   \n`,
      });
      const before = plain.requests.length;
      const r = await run(root, ['translation', PRIVATE]);
      expect(r.code, r.stderr).toBe(0);
      expect(plain.requests.slice(before).map((q) => q.headers.authorization)).toEqual([`Token ${token}`]);
    } finally {
      await plain.close();
    }
  });

  it('accepts the legacy "key" in [weblate] for the url of the same file only', async () => {
    const root = tree({ 'xdg/weblate': `[weblate]\nurl = ${fake.url}\nkey = ${TOKEN}\n` });
    const own = await authOf(run(root, ['translation', PRIVATE]));
    expect(own.r.code).toBe(0);
    expect(own.auth).toEqual([`Token ${TOKEN}`]);
    expect((await configJson(root)).token.source).toBe(`${join(root, 'xdg/weblate')} [weblate] key`);
    // A project file naming another server does not get it.
    const other = await startFakeWeblate();
    try {
      writeFileSync(join(root, '.weblate'), `[weblate]\nurl = ${other.url}\n`);
      const before = other.requests.length;
      const r = await run(root, ['translation', 'demo/android/cs']);
      expect(r.code, r.stderr).toBe(0);
      expect(other.requests.slice(before).map((q) => q.headers.authorization)).toEqual([undefined]);
    } finally {
      await other.close();
    }
  });
});

describe('project file', () => {
  it('is found from a subdirectory, and its translation is the default target of units', async () => {
    const root = tree({ 'repo/.weblate': `[weblate]\nurl = ${fake.url}\ntranslation = demo/android/cs\n` });
    const before = fake.requests.length;
    const r = await run(root, ['units', '-f', 'json', '--limit', '2'], { cwd: 'repo/a/b' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(fake.requests.slice(before).map((q) => q.path)).toEqual([`${new URL(fake.url).pathname}translations/demo/android/cs/units/`]);
    const c = await configJson(root, { cwd: 'repo/a/b' });
    expect(c.translation).toEqual({ value: 'demo/android/cs', source: join(root, 'repo/.weblate') });
    expect(c.files).toEqual([join(root, 'repo/.weblate')]);
  });

  it('ls applies the default target; one a command cannot take names the file it came from (issue 49.10)', async () => {
    const root = tree({ 'repo/.weblate': `[weblate]\nurl = ${fake.url}\ntranslation = demo/android\n` });
    const before = fake.requests.length;
    const ls = await run(root, ['ls', '-f', 'json'], { cwd: 'repo' });
    expect([ls.code, ls.stderr]).toEqual([0, '']);
    expect((JSON.parse(ls.stdout) as Array<{ wli_target: string }>).map((t) => t.wli_target)).toContain('demo/android/cs');
    expect(fake.requests.slice(before).map((q) => q.path)).toEqual([`${new URL(fake.url).pathname}components/demo/android/translations/`]);
    // A translation as the default: ls lists its component's translations.
    const one = tree({ '.weblate': `[weblate]\nurl = ${fake.url}\ntranslation = demo/android/cs\n` });
    const siblings = await run(one, ['ls', '-f', 'json']);
    expect([siblings.code, siblings.stderr]).toEqual([0, '']);
    expect((JSON.parse(siblings.stdout) as Array<{ wli_target: string }>).map((t) => t.wli_target)).toContain('demo/android/de');
    // An argument still wins: / lists the projects.
    expect(JSON.parse((await run(root, ['ls', '/', '-f', 'json'], { cwd: 'repo' })).stdout)).toContainEqual(expect.objectContaining({ wli_target: 'demo' }));
    // translation takes a translation; the component default is refused naming .weblate, not as if typed.
    const bad = await run(root, ['translation'], { cwd: 'repo' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `wli: invalid target 'demo/android': too few segments (the default target: translation = demo/android in ${join(root, 'repo/.weblate')})\n` +
        `hint: give a target as an argument (expected project/component/language (inside categories: project/category/component…)), or change translation in ${join(root, 'repo/.weblate')}\n`,
    );
  });

  it('an explicit target beats the default one', async () => {
    const root = tree({ '.weblate': `[weblate]\nurl = ${fake.url}\ntranslation = demo/android/cs\n` });
    const r = await run(root, ['translation', 'demo/android/de', '-f', 'json']);
    expect(JSON.parse(r.stdout).language_code).toBe('de');
  });

  it.each([
    [['.weblate', '.weblate.ini', 'weblate.ini'], '.weblate'],
    [['.weblate.ini', 'weblate.ini'], '.weblate.ini'],
    [['weblate.ini'], 'weblate.ini'],
  ])('in one directory of %j, %s is read (wlc order)', async (names, want) => {
    const root = tree(Object.fromEntries(names.map((n) => [`repo/${n}`, `[weblate]\ntranslation = p/c/${n}\n`])));
    const c = await configJson(root, { cwd: 'repo/sub' });
    expect(c.files).toEqual([join(root, 'repo', want)]);
    expect(c.translation.value).toBe(`p/c/${want}`);
  });

  it('the nearest directory wins', async () => {
    const root = tree({ 'weblate.ini': '[weblate]\ntranslation = a/b/outer\n', 'repo/.weblate': '[weblate]\ntranslation = a/b/inner\n' });
    expect((await configJson(root, { cwd: 'repo' })).translation.value).toBe('a/b/inner');
    expect((await configJson(root)).translation.value).toBe('a/b/outer');
  });

  it('precedence: flag > env > project file > user file', async () => {
    const root = tree({
      'xdg/weblate': userFile('https://user.example/', {}, 'translation = u/u/u'),
      'repo/.weblate': '[weblate]\nurl = https://project.example/\n',
    });
    const user = await configJson(root);
    expect(user.url).toEqual({ value: 'https://user.example/api/', source: join(root, 'xdg/weblate') });
    const project = await configJson(root, { cwd: 'repo' });
    expect(project.url).toEqual({ value: 'https://project.example/api/', source: join(root, 'repo/.weblate') });
    expect(project.translation).toEqual({ value: 'u/u/u', source: join(root, 'xdg/weblate') });
    expect(project.files).toEqual([join(root, 'xdg/weblate'), join(root, 'repo/.weblate')]);
    const wlcEnv = await configJson(root, { cwd: 'repo', env: { WLC_URL: 'https://wlc.example/' } });
    expect(wlcEnv.url).toEqual({ value: 'https://wlc.example/api/', source: 'WLC_URL' });
    const env = await configJson(root, { cwd: 'repo', env: { WLC_URL: 'https://wlc.example/', WLI_URL: 'https://env.example/' } });
    expect(env.url).toEqual({ value: 'https://env.example/api/', source: 'WLI_URL' });
    const flag = await configJson(root, { cwd: 'repo', env: { WLI_URL: 'https://env.example/' }, args: ['--url', 'https://flag.example'] });
    expect(flag.url).toEqual({ value: 'https://flag.example/api/', source: '--url' });
  });

  it('the winning url is the one requests go to', async () => {
    const root = tree({ 'xdg/weblate': userFile(DEAD_URL), 'repo/.weblate': `[weblate]\nurl = ${fake.url}\n` });
    const { r, auth } = await authOf(run(root, ['language', 'cs'], { cwd: 'repo' }));
    expect(r.code, r.stderr).toBe(0);
    expect(auth).toHaveLength(1);
    const viaEnv = await run(root, ['language', 'cs', '--retries', '0'], { cwd: 'repo', env: { WLI_URL: DEAD_URL } });
    expect(viaEnv.code).toBe(1); // the env url wins: nothing listens there
  });

  it('never supplies a token: [keys] and key = in a project file are ignored, with a warning', async () => {
    const root = tree({ 'repo/.weblate': `[weblate]\nurl = ${fake.url}\nkey = ${TOKEN}\n\n[keys]\n${fake.url} = ${TOKEN}\n${origin} = ${TOKEN}\n` });
    const { r, auth } = await authOf(run(root, ['translation', 'demo/android/cs', '-f', 'json'], { cwd: 'repo' }));
    expect(r.code).toBe(0);
    expect(auth).toEqual([undefined]);
    expect(r.stderr).toMatch(/warning: .*\.weblate: tokens in a project configuration file are ignored/);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    const hidden = await run(root, ['translation', PRIVATE], { cwd: 'repo' });
    expect(hidden.code).toBe(5);
    const c = await configJson(root, { cwd: 'repo' });
    expect(c.token).toEqual({ value: null, source: null });
  });

  it('a token for the project url in the user [keys] is used', async () => {
    const root = tree({ 'xdg/weblate': `[keys]\n${fake.url} = ${TOKEN}\n`, 'repo/.weblate': `[weblate]\nurl = ${origin}\n` });
    const { r, auth } = await authOf(run(root, ['translation', PRIVATE], { cwd: 'repo' }));
    expect(r.code, r.stderr).toBe(0);
    expect(auth).toEqual([`Token ${TOKEN}`]);
  });

  it.each([
    [{ WLI_TOKEN: OTHER }, [], /WLI_TOKEN is not sent to .* project file/],
    [{ WLC_KEY: OTHER }, [], /WLC_KEY is not sent to/],
    [{}, ['--token', OTHER], /--token is not sent to/],
  ])('will not send an env or flag token %j %j to a url only the project file named', async (env, args, message) => {
    const root = tree({ 'repo/.weblate': `[weblate]\nurl = ${fake.url}\n` });
    const { r, auth } = await authOf(run(root, ['translation', 'demo/android/cs', ...args], { cwd: 'repo', env }));
    expect(r.code).toBe(2);
    expect(auth).toEqual([]);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toContain(OTHER);
    // Naming the server explicitly is fine.
    const ok = await authOf(
      run(root, ['translation', PRIVATE, ...args.map((a) => (a === OTHER ? TOKEN : a))], {
        cwd: 'repo',
        env: { ...Object.fromEntries(Object.keys(env).map((k) => [k, TOKEN])), WLI_URL: fake.url },
      }),
    );
    expect(ok.r.code, ok.r.stderr).toBe(0);
    expect(ok.auth).toEqual([`Token ${TOKEN}`]);
  });
});

describe('--config', () => {
  it('reads that file instead of the user and project files', async () => {
    const root = tree({
      'xdg/weblate': userFile('https://user.example/', { 'https://user.example/': OTHER }),
      'repo/.weblate': '[weblate]\nurl = https://project.example/\ntranslation = x/y/z\n',
      'alt.ini': userFile(fake.url, { [fake.url]: TOKEN }, 'translation = secret/android/cs'),
    });
    const { r, auth } = await authOf(run(root, ['--config', '../alt.ini', 'translation', '-f', 'json'], { cwd: 'repo' }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).language_code).toBe('cs');
    expect(auth).toEqual([`Token ${TOKEN}`]);
    const c = await configJson(root, { cwd: 'repo', args: ['--config', join(root, 'alt.ini')] });
    expect(c.files).toEqual([join(root, 'alt.ini')]);
    expect(c.token.source).toBe(`${join(root, 'alt.ini')} [keys]`);
  });

  it('a missing --config file is a usage error naming it', async () => {
    const root = tree();
    const r = await run(root, ['config', '--config', 'nope.ini']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/cannot read --config file 'nope\.ini': no such file/);
    expect(r.stderr).toContain(join(root, 'nope.ini'));
    const spawned = await wli(['units', '--config', join(root, 'missing')], { cwd: root });
    expect(spawned.code).toBe(2);
    expect(spawned.stderr).toContain(join(root, 'missing'));
  });
});

// Issue 48.9: wlc's -s/--config-section (wlc/main.py; wlc/config.py WeblateConfig(section)).
describe('-s, --config-section', () => {
  const twoSections = () =>
    tree({
      'xdg/weblate': `[weblate]\nurl = ${DEAD_URL}\n\n[staging]\nurl = ${fake.url}\ntranslation = ${PRIVATE}\n\n[keys]\n${fake.url} = ${TOKEN}\n`,
    });

  it('reads url and translation from that section, the token still from [keys], in every command', async () => {
    const root = twoSections();
    for (const flag of ['-s', '--config-section']) {
      const { r, auth } = await authOf(run(root, [flag, 'staging', 'translation', '-f', 'json']));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).language_code).toBe('cs');
      expect(auth).toEqual([`Token ${TOKEN}`]);
    }
    // After the command too (a global option).
    const { r, auth } = await authOf(run(root, ['units', '-s', 'staging', '-f', 'jsonl', '-L', '1']));
    expect(r.code, r.stderr).toBe(0);
    expect(auth[0]).toBe(`Token ${TOKEN}`);
  });

  it('without it, [weblate] is read (the other section is not)', async () => {
    const root = twoSections();
    const c = await configJson(root);
    expect(c.url.value).toBe(DEAD_URL + 'api/');
    expect(c.translation.value).toBe(null);
    expect(c.section).toEqual({ value: 'weblate', source: 'default' });
  });

  it('wli config says which section was read, in json and the table', async () => {
    const root = twoSections();
    const c = await configJson(root, { args: ['-s', 'staging'] });
    expect(c.url).toEqual({ value: fake.url, source: join(root, 'xdg/weblate') });
    expect(c.translation.value).toBe(PRIVATE);
    expect(c.section).toEqual({ value: 'staging', source: '--config-section' });
    const t = await run(root, ['config', '-s', 'staging']);
    expect(t.stdout).toMatch(/^Section +\[staging\] +\(from --config-section\)$/m);
    expect((await run(root, ['config'])).stdout).toMatch(/^Section +\[weblate\] +\(the default\)$/m);
  });

  it('reads the same section of a project file, and the legacy key of that section', async () => {
    const root = tree({
      'xdg/weblate': `[staging]\nurl = ${fake.url}\nkey = ${TOKEN}\n`,
      'repo/.weblate': `[weblate]\ntranslation = x/y/z\n[staging]\ntranslation = ${PRIVATE}\n`,
    });
    const { r, auth } = await authOf(run(root, ['-s', 'staging', 'translation', '-f', 'json'], { cwd: 'repo' }));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).language_code).toBe('cs');
    expect(auth).toEqual([`Token ${TOKEN}`]);
  });

  it('a section no file has is no error (as wlc), but is said on stderr', async () => {
    const root = twoSections();
    const r = await run(root, ['config', '-s', 'prod', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).url.value).toBe(null);
    expect(r.stderr).toContain(`no [prod] section in ${join(root, 'xdg/weblate')}`);
    const none = await run(tree(), ['config', '-s', 'prod']);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('no configuration file was read');
  });

  it.each([['keys'], ['DEFAULT'], [''], ['a]b'], ['a\nb']])('refuses %j: exit 2 before any request', async (name) => {
    const root = twoSections();
    const before = fake.requests.length;
    const r = await run(root, ['-s', name, 'translation', PRIVATE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/-s|--config-section/);
    expect(fake.requests.length).toBe(before);
  });
});

// Issue 48.8: wli config --check, as gh auth status.
describe('config --check', () => {
  type Checked = {
    access: string;
    version: string | null;
    rate_limit: { limit: number | null; remaining: number | null; reset_seconds: number | null } | null;
  };
  const checkOf = (r: RunResult) => (JSON.parse(r.stdout) as { check: Checked }).check;

  it('a token the server accepts: authenticated, its version from /api/metrics/, its rate limit; exit 0', async () => {
    const root = tree({ 'xdg/weblate': userFile(fake.url, { [fake.url]: TOKEN }) });
    const before = fake.requests.length;
    const r = await run(root, ['config', '--check', '-f', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const seen = fake.requests.slice(before);
    expect(seen.map((q) => q.path)).toEqual(['/api/metrics/']);
    expect(seen[0]!.headers.authorization).toBe(`Token ${TOKEN}`);
    const c = checkOf(r);
    expect(c.access).toBe('authenticated');
    expect(c.version).toBe('weblate-5.4.2');
    expect(c.rate_limit?.limit).toBe(5000);
    expect(c.rate_limit?.remaining).toEqual(expect.any(Number));
    expect(c.rate_limit?.reset_seconds).toEqual(expect.any(Number));
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    const t = await run(root, ['config', '--check']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^Access +authenticated$/m);
    expect(t.stdout).toMatch(/^Version +weblate-5\.4\.2$/m);
    expect(t.stdout).toMatch(/^Rate limit +\d+ of 5000 requests left, resets in \d+ s$/m);
  });

  it('no token: anonymous, the API root asked, no version; exit 0', async () => {
    const before = fake.requests.length;
    const r = await run(tree(), ['config', '--check', '-f', 'json'], { env: { WLI_URL: fake.url } });
    expect(r.code, r.stderr).toBe(0);
    expect(fake.requests.slice(before).map((q) => [q.path, q.headers.authorization])).toEqual([['/api/', undefined]]);
    expect(checkOf(r)).toMatchObject({ access: 'anonymous', version: null, rate_limit: { limit: 100 } });
    const t = await run(tree(), ['config', '--check'], { env: { WLI_URL: fake.url } });
    expect(t.stdout).toMatch(/^Access +anonymous$/m);
    expect(t.stdout).toMatch(/^Version +\(told only to a signed-in user\)$/m);
  });

  it('a token the server rejects (401): the record says rejected, stderr why and what to do; exit 4', async () => {
    const root = tree({ 'xdg/weblate': userFile(fake.url, { [fake.url]: OTHER }) });
    const r = await run(root, ['config', '--check', '-f', 'json']);
    expect(r.code).toBe(4);
    expect(checkOf(r)).toMatchObject({ access: 'rejected', version: null });
    expect(r.stderr).toContain(`the token from ${join(root, 'xdg/weblate')} [keys] was rejected by ${fake.url} (HTTP 401)`);
    expect(r.stderr).toContain('hint: ');
    expect(r.stdout + r.stderr).not.toContain('SECRET');
    const t = await run(root, ['config', '--check']);
    expect(t.code).toBe(4);
    expect(t.stdout).toMatch(/^Access +rejected$/m);
  });

  it('a server that cannot be reached: exit 1 (spawned)', async () => {
    const root = tree();
    const r = await wli(['config', '--check', '--retries', '0'], {
      cwd: root,
      env: { XDG_CONFIG_HOME: join(root, 'xdg'), WLI_URL: DEAD_URL, WLI_TOKEN: TOKEN },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('a server without the metrics endpoint (404) is asked its root: authenticated, no version', async () => {
    const proxied = await startFakeWeblate({ token: TOKEN, noMetrics: true });
    try {
      const before = proxied.requests.length;
      const ok = await run(tree(), ['config', '--check', '-f', 'json'], { env: { WLI_URL: proxied.url, WLI_TOKEN: TOKEN } });
      expect(ok.code, ok.stderr).toBe(0);
      expect(proxied.requests.slice(before).map((q) => q.path)).toEqual(['/api/metrics/', '/api/']);
      expect(checkOf(ok)).toMatchObject({ access: 'authenticated', version: null });
      expect((await run(tree(), ['config', '--check'], { env: { WLI_URL: proxied.url, WLI_TOKEN: TOKEN } })).stdout).toMatch(
        /^Version +\(not told by the server\)$/m,
      );
      const bad = await run(tree(), ['config', '--check', '-f', 'json'], { env: { WLI_URL: proxied.url, WLI_TOKEN: OTHER } });
      expect(bad.code).toBe(4);
      expect(checkOf(bad).access).toBe('rejected');
    } finally {
      await proxied.close();
    }
  });

  it('no server configured: exit 2, no request', async () => {
    const r = await run(tree(), ['config', '--check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no server|--url/);
  });

  it('a refused combination is shown and not sent (exit 2)', async () => {
    const root = tree({ '.weblate': `[weblate]\nurl = ${fake.url}\n` });
    const before = fake.requests.length;
    const r = await run(root, ['config', '--check'], { env: { WLI_TOKEN: TOKEN } });
    expect(r.code).toBe(2);
    expect(fake.requests.length).toBe(before);
  });

  it('reads the version as MetricsSerializer sends it, absent when VERSION_DISPLAY hides it', () => {
    expect(metricsVersion({ version: 'weblate-2026.9.1-81-g5f28605969' })).toBe('weblate-2026.9.1-81-g5f28605969');
    expect(metricsVersion({ units: 3 })).toBeUndefined();
    expect(metricsVersion({ version: '' })).toBeUndefined();
    expect(metricsVersion({ version: 5 })).toBeUndefined();
    expect(metricsVersion([])).toBeUndefined();
    expect(metricsVersion(null)).toBeUndefined();
  });

  it('takes no value', async () => {
    const r = await run(tree(), ['config', '--check=yes']);
    expect(r.code).toBe(2);
  });
});

describe('broken files', () => {
  it.each([
    ['no "="', '[weblate]\nurl = https://h.example/\njust words\n', 3],
    ['unterminated section', '; c\n[weblate\nurl = https://h.example/\n', 2],
    ['key before any section', 'url = https://h.example/\n', 1],
    ['duplicate option', '[weblate]\nurl = https://a.example/\nURL = https://b.example/\n', 3],
    ['duplicate section', '[keys]\n[weblate]\n[keys]\n', 3],
    ['empty key', '[weblate]\n= x\n', 2],
  ])('%s → exit 2 with file:line', async (_what, text, line) => {
    for (const rel of ['xdg/weblate', 'repo/weblate.ini']) {
      const root = tree({ [rel]: text });
      const r = await run(root, ['config'], { cwd: 'repo' });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`${join(root, rel)}:${line}:`);
    }
  });

  it('does not echo the bad line (it may hold a token)', async () => {
    const root = tree({ 'xdg/weblate': `[keys]\n${fake.url}: ${TOKEN}\n` });
    const r = await run(root, ['config']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(root, 'xdg/weblate')}:2:`);
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('an invalid url in a file is a usage error naming the file', async () => {
    const root = tree({ '.weblate': '[weblate]\nurl =   not a url  \n' });
    const r = await run(root, ['translation', 'a/b/c']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid server URL 'not a url'/);
    expect(r.stderr).toContain(join(root, '.weblate'));
    // Overridden by the environment, it does not matter.
    expect((await run(root, ['config'], { env: { WLI_URL: fake.url } })).code).toBe(0);
  });
});

describe('wli config', () => {
  it('works with nothing configured', async () => {
    const c = await configJson(tree());
    expect(c).toEqual({
      url: { value: null, source: null },
      token: { value: null, source: null },
      translation: { value: null, source: null },
      files: [],
      section: { value: 'weblate', source: 'default' },
      runtime: `node ${process.version}`,
    });
    const t = await run(tree(), ['config']);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/^URL +\(not set\)$/m);
    expect(t.stdout).toMatch(/^Files +\(none\)$/m);
    expect(t.stdout).toMatch(new RegExp(`^Runtime +node ${process.version.replace(/\./g, '\\.')}$`, 'm'));
  });

  // Issue 31: the npm package on Node, or the standalone binary (bun), each with its version.
  it('says which runtime runs wli (test/binary.test.ts runs both)', () => {
    expect(runtimeText({ node: '20.18.1' }, undefined)).toBe('node v20.18.1');
    expect(runtimeText({ node: '26.3.0', bun: '1.4.5' }, '/$bunfs/root/wli-linux-x64')).toBe('standalone binary (bun 1.4.5)');
    expect(runtimeText({ node: '26.3.0', bun: '1.4.5' }, 'B:\\~BUN\\root\\wli-windows-x64.exe')).toBe('standalone binary (bun 1.4.5)');
    expect(runtimeText({ node: '26.3.0', bun: '1.4.5' }, '/home/me/wli/dist/wli.cjs')).toBe('bun 1.4.5');
  });

  it('shows each value with its source in a table, and files read', async () => {
    const root = tree({
      'xdg/weblate': userFile('https://user.example/', { 'https://env.example/api/': TOKEN }),
      'repo/.weblate': '[weblate]\ntranslation = p/c/l\n',
    });
    const r = await run(root, ['config'], { cwd: 'repo', env: { WLI_URL: 'https://env.example' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^URL +https:\/\/env\.example\/api\/ +\(from WLI_URL\)$/m);
    expect(r.stdout).toContain(`<redacted>  (from ${join(root, 'xdg/weblate')} [keys])`);
    expect(r.stdout).toMatch(new RegExp(`^Default target +p/c/l +\\(from ${join(root, 'repo/.weblate').replace(/[.]/g, '\\.')}\\)$`, 'm'));
    expect(r.stdout).toContain(`${join(root, 'xdg/weblate')}, ${join(root, 'repo/.weblate')}`);
    expect(r.stdout).not.toContain(TOKEN);
  });

  it.each(['table', 'json', 'jsonl', 'csv', 'markdown'])('never shows the token in %s, from any source', async (format) => {
    const root = tree({ 'xdg/weblate': userFile(fake.url, { [fake.url]: TOKEN }) });
    for (const env of [{}, { WLI_TOKEN: TOKEN }, { WLC_KEY: TOKEN }]) {
      for (const extra of [[], ['--token', TOKEN], ['--debug'], ['--fields', 'token.value,token']]) {
        const r = await run(root, ['config', '-f', format, ...extra], { env });
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout + r.stderr).not.toContain(TOKEN);
        expect(r.stdout + r.stderr).not.toContain('SECRET');
        expect(r.stdout).toContain('redacted');
      }
    }
  });

  it('json names the token source for flag and environment', async () => {
    const root = tree();
    expect((await configJson(root, { env: { WLC_KEY: TOKEN } })).token).toEqual({ value: '<redacted>', source: 'WLC_KEY' });
    expect((await configJson(root, { env: { WLC_KEY: OTHER, WLI_TOKEN: TOKEN } })).token).toEqual({ value: '<redacted>', source: 'WLI_TOKEN' });
    expect((await configJson(root, { env: { WLI_TOKEN: OTHER }, args: ['--token', TOKEN] })).token).toEqual({ value: '<redacted>', source: '--token' });
  });

  it('needs no server and makes no request (spawned)', async () => {
    const root = tree({ 'xdg/weblate': userFile(DEAD_URL, { [DEAD_URL]: TOKEN }) });
    const r = await wli(['config', '-f', 'json'], { cwd: root, env: { XDG_CONFIG_HOME: join(root, 'xdg') } });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    expect(JSON.parse(r.stdout).url.value).toBe(DEAD_URL + 'api/');
  });
});

describe('one INI reader, the way wlc reads it (configparser, delimiters "=", no inline comments)', () => {
  it('keeps `abc;def`, `null` and quotes as written: through the real CLI, to the server', async () => {
    const semicolon = 'wlu_abc;def#ghi';
    const s = await startFakeWeblate({ token: semicolon });
    try {
      const root = tree({ 'xdg/weblate': `[weblate]\nurl = ${s.url}\ntranslation = demo/android/cs;x\n[keys]\n${s.url} = ${semicolon}\n` });
      const before = s.requests.length;
      const r = await run(root, ['translation', PRIVATE]);
      expect(r.code, r.stderr).toBe(0);
      expect(s.requests.slice(before).map((q) => q.headers.authorization)).toEqual([`Token ${semicolon}`]);
      const shown = await run(root, ['config', '-f', 'json']);
      expect(JSON.parse(shown.stdout).translation.value).toBe('demo/android/cs;x');
    } finally {
      await s.close();
    }
    const root = tree({ 'xdg/weblate': `[weblate]\nurl = ${fake.url}\ntranslation = null\n` });
    expect(JSON.parse((await run(root, ['config', '-f', 'json'])).stdout).translation.value).toBe('null');
  });

  it.each([
    ['[weblate\nurl = https://h/\n', 1, 'unclosed section header \'[weblate\' (no closing "]")'],
    ['[weblate]\nurl = https://h/\n\n[keys\n', 4, 'unclosed section header \'[keys\' (no closing "]")'],
    // Only a header that looks like a section name is echoed.
    ['[weblate]\nurl = https://h/\n[https://h/\n', 3, 'unclosed section header (no closing "]")'],
  ])('an unclosed section header is said as such (issue 29.8): %j', async (text, line, what) => {
    const root = tree({ 'xdg/weblate': text });
    const r = await run(root, ['config']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`wli: invalid configuration file ${join(root, 'xdg/weblate')}:${line}: ${what}`);
    expect(r.stderr).not.toContain('SECRET');
  });

  // Python's own configparser is the reference: every sample reads the same, or fails in both.
  const python = spawnSync('python3', ['-c', 'import configparser'], { encoding: 'utf8' });
  const SAMPLES: Record<string, string> = {
    plain: '[weblate]\nurl = https://h/api/\ntranslation = p/c/l\n',
    'inline ; and # stay': '[weblate]\nurl = https://h/api/ ; not a comment\nkey = a#b\n',
    'null and quotes': '[s]\na = null\nb = "quoted"\nc = \'single\'\n',
    'URL options, = in values': '[keys]\nhttps://h/api/ = tok=en\nhttp://x:8080/ = t2\n',
    'case of options, not sections': '[Weblate]\nURL = u\n[weblate]\nUrl = v\n',
    'comments anywhere, indented too': '# top\n; top\n[s]\n  # indented\na = 1\n    ; also\n',
    continuation: '[s]\na = first\n  second\n\n  fourth\nb = 2\n\n\n',
    'colon is no delimiter': '[s]\nkey: value = x\n',
    'DEFAULT fallback': '[DEFAULT]\nurl = d\n[weblate]\ntranslation = t\n',
    'empty value': '[s]\na =\nb=   \n',
    'duplicate section': '[s]\na = 1\n[s]\nb = 2\n',
    'duplicate option': '[s]\na = 1\nA = 2\n',
    'option before section': 'a = 1\n[s]\n',
    'line without =': '[s]\njust words\n',
    'empty option name': '[s]\n = v\n',
    'unterminated header': '[s\na = 1\n',
    'unterminated header after a section': '[s]\na = 1\n[t\nb = 2\n',
    'unterminated header with =, an option': '[s]\n[a = b\n',
    'tabs and spaces': '[s]\n\ta\t=\tv\t\n',
  };
  it.runIf(python.status === 0).each(Object.keys(SAMPLES))('%s', (name) => {
    const text = SAMPLES[name]!;
    const py = spawnSync(
      'python3',
      [
        '-c',
        'import configparser,json,sys\np=configparser.RawConfigParser(delimiters=("=",))\ntry:\n  p.read_string(sys.stdin.read())\nexcept configparser.Error:\n  print("null"); sys.exit()\nd={s: dict(p._sections[s]) for s in p.sections()}\nif p.defaults(): d["DEFAULT"]=dict(p.defaults())\nprint(json.dumps(d))',
      ],
      { input: text, encoding: 'utf8' },
    );
    expect(py.status, py.stderr).toBe(0);
    const expected = JSON.parse(py.stdout) as Record<string, Record<string, string>> | null;
    let ours: Record<string, Record<string, string>> | null;
    try {
      ours = Object.fromEntries([...parseIni(text, 'x.ini')].map(([s, opts]) => [s, Object.fromEntries([...opts].map(([k, e]) => [k, e.value]))]));
    } catch {
      ours = null;
    }
    expect(ours).toEqual(expected);
  });
});
