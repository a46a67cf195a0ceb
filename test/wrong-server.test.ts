// Issue 16, items 14, 15 and 17: a --url that is not a Weblate API, or not the protocol the server
// speaks, is named as such (exit 2 or 1 with what to do), not blamed on the slugs or on certificates;
// and the 404 a message was built from stays reachable under --debug.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wliIn } from './support/run.js';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let fake: FakeWeblate;
/** A server (or proxy) that answers a JSON 404 to every path, the API root included. */
let everywhere404: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate();
  everywhere404 = await startFakeWeblate();
  everywhere404.fault(() => true, { kind: 'status', status: 404, body: '{"detail":"Not found."}', contentType: 'application/json' }, Infinity);
});
afterAll(async () => {
  await fake.close();
  await everywhere404.close();
});

const sentTo = async <T>(server: FakeWeblate, fn: () => Promise<T>) => {
  const before = server.requests.length;
  const value = await fn();
  return { value, sent: server.requests.slice(before).map((r) => r.path) };
};

describe('item 14: a JSON 404 on every path, the API root included', () => {
  it.each([
    [['units', 'demo/android/cs']],
    [['translation', 'demo/android/cs']],
    [['show', 'demo/android']],
    [['ls', '/']],
    [['ls', 'demo']],
    [['changes', 'demo/android/cs']],
    [['language', 'cs']],
    [['stats', 'demo/android/cs']],
    [['stats', '--project', 'demo']],
  ])('%j says --url is not a Weblate API (exit 2), after asking the API root', async (args) => {
    const { value: r, sent } = await sentTo(everywhere404, () => wliIn(args, { env: { WLI_URL: everywhere404.url } }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^wli: http:\/\/127\.0\.0\.1:\d+\/api\/ does not look like a Weblate API: GET \S+\/api\/ failed: HTTP 404 Not Found: Not found\.\nhint: check --url \(or WLI_URL\)/,
    );
    expect(r.stderr).not.toMatch(/slug|did you mean/);
    expect(r.code).toBe(2);
    expect(sent.at(-1)).toBe('/api/');
  });

  it('a real miss on a real server is still a miss (exit 5), and the API root is not asked', async () => {
    const { value: r, sent } = await sentTo(fake, () => wliIn(['ls', 'dmeo'], { env: { WLI_URL: fake.url } }));
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no project 'dmeo' .*\nhint: did you mean: demo\?/);
    expect(sent).not.toContain('/api/');
  });

  it('stats --project with a missing project says what exists (exit 5)', async () => {
    const r = await wliIn(['stats', '--project', 'dmeo'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no project 'dmeo' .*\nhint: did you mean: demo\?/);
  });

  // Issue 49, item 13: Weblate finds a project only among those the user may see (weblate/api/views.py
  // ProjectViewSet.get_queryset: request.user.allowed_projects), so without a token a private project
  // is a 404 like a missing one (the fake's secret); the miss says so when no token was set.
  const NO_TOKEN = 'no token is set: a private project looks like a missing one; set one with --token, WLI_TOKEN or the [keys] section of your wlc config';

  it.each([[['ls', 'secret']], [['show', 'secret']], [['stats', '--project', 'secret']], [['stats', 'secret/android/cs']], [['units', 'secret/android/cs']]])(
    'a private project asked without a token stays "no project" (exit 5), and the hint says no token is set: %j',
    async (args) => {
      const r = await wliIn(args, { env: { WLI_URL: fake.url } });
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(/^wli: no project 'secret' \(GET [^\n]*\)\nhint: there are: big, demo \("wli ls \/" lists them\); (.*)\n$/);
      expect(r.stderr.split('\n')[1]).toBe(`hint: there are: big, demo ("wli ls /" lists them); ${NO_TOKEN}`);
    },
  );

  it('stats <word> without a token: no such language, and the word may be a private project (--project)', async () => {
    const r = await wliIn(['stats', 'secret'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(5);
    const [text, hint, ...rest] = r.stderr.split('\n');
    expect(text).toMatch(/^wli: no language 'secret' \(GET \S+\/api\/languages\/secret\/statistics\/: HTTP 404: Not found\.\)$/);
    expect(hint).toMatch(/^hint: there are: .* \("wli language" lists them\); /);
    expect(hint).toContain(`; ${NO_TOKEN} (a project's statistics: --project secret)`);
    expect(rest).toEqual(['']);
  });

  // A restricted component is listed only to users given it (weblate/trans/models/component.py
  // ComponentQuerySet.filter_access), so without a token it is a 404 like a missing one too.
  const NO_TOKEN_COMPONENT =
    'no token is set: a restricted component looks like a missing one; set one with --token, WLI_TOKEN or the [keys] section of your wlc config';

  it('a component no list has, asked without a token: the hint says no token is set; a typo gets its suggestion alone', async () => {
    const r = await wliIn(['units', 'demo/hidden/cs'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[0]).toMatch(/^wli: no component 'hidden' in project 'demo' /);
    expect(r.stderr.split('\n')[1]).toMatch(new RegExp(`^hint: there are: .*\\("wli ls demo" lists them\\); ${NO_TOKEN_COMPONENT.replace(/[[\]]/g, '\\$&')}$`));
    const typo = await wliIn(['units', 'demo/androd/cs'], { env: { WLI_URL: fake.url } });
    expect([typo.code, typo.stderr.split('\n')[1]]).toEqual([5, 'hint: did you mean: android? ("wli ls demo" lists them)']);
    const tokened = await wliIn(['units', 'demo/hidden/cs'], { env: { WLI_URL: fake.url, WLI_TOKEN: 'any' } });
    expect(tokened.code).toBe(5);
    expect(tokened.stderr).not.toContain('no token is set');
  });

  it('with a token, a name no project has keeps the plain note, and says nothing of a missing token', async () => {
    const r = await wliIn(['ls', 'nosuch'], { env: { WLI_URL: fake.url, WLI_TOKEN: 'any' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/\nhint: there are: big, demo, secret \("wli ls \/" lists them; a private project needs a token that may see it\)\n$/);
    const s = await wliIn(['stats', 'nosuch'], { env: { WLI_URL: fake.url, WLI_TOKEN: 'any' } });
    expect(s.code).toBe(5);
    expect(`${r.stderr}${s.stderr}`).not.toContain('no token is set');
  });
});

describe('item 15: a 404 explained in other words keeps the original as its cause (--debug)', () => {
  it('a JSON 404 everywhere: the first miss, URL and status', async () => {
    const r = await wliIn(['units', 'demo/android/cs', '--debug'], { env: { WLI_URL: everywhere404.url } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /\ncause: HttpError: GET http:\/\/127\.0\.0\.1:\d+\/api\/translations\/demo\/android\/cs\/units\/\?page_size=\d+ failed: HTTP 404 Not Found/,
    );
  });

  it('an HTML 404 (a --url that is not the API): the first miss, URL and status', async () => {
    const r = await wliIn(['ls', 'demo', '--debug'], { env: { WLI_URL: `${fake.origin}/not-weblate/` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not look like a Weblate API/);
    expect(r.stderr).toMatch(
      /\ncause: HttpError: GET http:\/\/127\.0\.0\.1:\d+\/not-weblate\/api\/projects\/demo\/components\/\?page_size=\d+ failed: HTTP 404 Not Found/,
    );
  });

  it('stats <project> read as a language: the 404 of the language statistics', async () => {
    const r = await wliIn(['stats', 'demo', '--debug'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^wli: no language 'demo'; 'demo' is a project\n/m);
    expect(r.stderr).toMatch(/\ncause: HttpError: GET http:\/\/127\.0\.0\.1:\d+\/api\/languages\/demo\/statistics\/ failed: HTTP 404 Not Found/);
  });

  it('without --debug the message stays one or two lines', async () => {
    const r = await wliIn(['stats', 'demo'], { env: { WLI_URL: fake.url } });
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
  });
});

describe('item 17: https:// to a port that speaks plain http', () => {
  it('says the server is not speaking TLS and suggests http://, not certificates', async () => {
    const url = fake.url.replace(/^http:/, 'https:');
    const host = new URL(fake.url).host;
    const r = await wliIn(['ls', '/'], { env: { WLI_URL: url } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`wli: GET https://${host}/api/projects/?page_size=250: ${host} is not speaking TLS (ERR_SSL_WRONG_VERSION_NUMBER)`);
    expect(lines[1]).toMatch(new RegExp(`^hint: it answers plain http: use http://${host.replace('.', '\\.')}/`));
    expect(r.stderr).not.toMatch(/certificate/);
  });
});

describe('a file answer that is no Weblate file (issue 24: download saved a login page)', () => {
  /** A server answering an HTML page with 200 to every path: a login page, a web site at --url. */
  let html: FakeWeblate;
  beforeAll(async () => {
    html = await startFakeWeblate();
    html.fault(() => true, { kind: 'rawBody', body: '<!doctype html><title>Sign in</title><p>Sign in', contentType: 'text/html; charset=utf-8' }, Infinity);
  });
  afterAll(() => html.close());

  it('download from a server that is not Weblate: exit 2, --url named, nothing saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-notfile-'));
    try {
      const r = await wliIn(['download', 'demo/android/cs', '-o', 'cs.po'], { env: { WLI_URL: html.url }, cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^wli: http:\/\/127\.0\.0\.1:\d+\/api\/ does not look like a Weblate API: .*\nhint: check --url/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Weblate server whose file answer names no file (a proxy page): exit 1 saying so, nothing saved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wli-notfile-'));
    try {
      fake.fault('/file/', { kind: 'rawBody', body: '<html><title>Gateway</title></html>', contentType: 'text/html' }, 1);
      const r = await wliIn(['download', 'demo/android/cs', '-o', 'cs.po'], { env: { WLI_URL: fake.url }, cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^wli: GET \S+\/file\/: the answer is not a file \(text\/html, no Content-Disposition: attachment\)\nhint: is --url the Weblate server\?/,
      );
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
