// Proxies, end to end: the built wli with HTTP(S)_PROXY / NO_PROXY in its environment, a real
// forwarding proxy (test/support/proxy.ts) and the fake server — plain http through absolute-URI
// requests, https through a CONNECT tunnel to a TLS front of the fake server.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noProxyMatches, proxyFor } from '../src/api/proxy.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { startProxy, startTlsFront, type ForwardProxy, type TlsFront } from './support/proxy.js';
import { wli } from './support/run.js';

const TOKEN = 'wlu_proxytest_0123456789abcdef';
const PROXY_PASSWORD = 'pr0xy-s3cret';

let fake: FakeWeblate;
let proxy: ForwardProxy;
let authProxy: ForwardProxy;
let front: TlsFront;
let deadProxy: string;
let https: string;

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 10, token: TOKEN });
  proxy = await startProxy();
  authProxy = await startProxy({ credentials: `wli:${PROXY_PASSWORD}` });
  front = await startTlsFront(Number(new URL(fake.origin).port));
  https = `${front.origin}/api/`;
  // A port nobody listens on.
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  deadProxy = `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`;
  await new Promise<void>((r) => s.close(() => r()));
});
afterEach(() => {
  fake.requests.length = 0;
  proxy.requests.length = 0;
  authProxy.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([fake.close(), proxy.close(), authProxy.close(), front.close()]);
});

/** wli against the fake server (http) or its TLS front (https), with the token in the environment. */
function run(args: string[], env: Record<string, string>) {
  return wli(args, { env: { WLI_TOKEN: TOKEN, NODE_EXTRA_CA_CERTS: front.certFile, ...env } });
}

function tokenArrived() {
  expect(fake.requests.length).toBeGreaterThan(0);
  for (const r of fake.requests) expect(r.headers.authorization).toBe(`Token ${TOKEN}`);
}

describe('HTTP_PROXY for an http:// server', () => {
  it('sends every request of a paged list through the proxy; the token reaches the server', async () => {
    const r = await run(['units', 'demo/android/cs', '-f', 'jsonl', '--page-size', '10', '--url', fake.url], { HTTP_PROXY: proxy.url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(32);

    expect(proxy.requests).toHaveLength(4);
    expect(fake.requests).toHaveLength(4);
    for (const p of proxy.requests) {
      expect(p).toMatchObject({ method: 'GET', authorization: true, status: 200 });
      expect(p.target.startsWith(`${fake.origin}/api/translations/demo/android/cs/units/?`)).toBe(true);
    }
    expect(proxy.requests.map((p) => p.target).sort()).toEqual(fake.requests.map((q) => fake.origin + q.url).sort());
    tokenArrived();
    expect(JSON.stringify(proxy.requests)).not.toContain(TOKEN);
  });

  it('lower-case http_proxy works too', async () => {
    const r = await run(['language', 'cs', '--url', fake.url], { http_proxy: proxy.url });
    expect(r.code).toBe(0);
    expect(proxy.requests.map((p) => p.target)).toEqual([`${fake.origin}/api/languages/cs/`]);
    tokenArrived();
  });

  it('lower-case wins over upper-case (as in curl and undici); an empty value counts as unset', async () => {
    expect((await run(['language', 'cs', '--url', fake.url], { http_proxy: proxy.url, HTTP_PROXY: deadProxy })).code).toBe(0);
    expect(proxy.requests).toHaveLength(1);
    proxy.requests.length = 0;
    expect((await run(['language', 'cs', '--url', fake.url], { http_proxy: '', HTTP_PROXY: proxy.url })).code).toBe(0);
    expect(proxy.requests).toHaveLength(1);
  });

  it('a proxy without a scheme means http://', async () => {
    const r = await run(['language', 'cs', '--url', fake.url], { HTTP_PROXY: proxy.url.replace('http://', '') });
    expect(r.code).toBe(0);
    expect(proxy.requests).toHaveLength(1);
  });

  it('HTTPS_PROXY alone is not used for an http:// server', async () => {
    const r = await run(['language', 'cs', '--url', fake.url], { HTTPS_PROXY: proxy.url });
    expect(r.code).toBe(0);
    expect(proxy.requests).toEqual([]);
    tokenArrived();
  });
});

describe('HTTPS_PROXY for an https:// server', () => {
  it('tunnels with CONNECT; the token travels inside TLS to the server', async () => {
    const r = await run(['units', 'demo/android/cs', '-f', 'jsonl', '--page-size', '10', '--url', https], { HTTPS_PROXY: proxy.url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(32);
    expect(proxy.requests.length).toBeGreaterThan(0);
    for (const p of proxy.requests) expect(p).toMatchObject({ method: 'CONNECT', target: `127.0.0.1:${front.port}`, authorization: false, status: 200 });
    expect(fake.requests).toHaveLength(4);
    tokenArrived();
  });

  it('lower-case https_proxy works too', async () => {
    const r = await run(['language', 'cs', '--url', https], { https_proxy: proxy.url });
    expect(r.code).toBe(0);
    expect(proxy.requests.map((p) => p.method)).toEqual(['CONNECT']);
    tokenArrived();
  });

  it('HTTP_PROXY alone is not used for an https:// server (curl, Go and Python agree)', async () => {
    const r = await run(['language', 'cs', '--url', https], { HTTP_PROXY: proxy.url });
    expect(r.code).toBe(0);
    expect(proxy.requests).toEqual([]);
    tokenArrived();
  });
});

describe('NO_PROXY', () => {
  it.each([
    ['NO_PROXY=127.0.0.1', { NO_PROXY: '127.0.0.1' }],
    ['no_proxy=127.0.0.1', { no_proxy: '127.0.0.1' }],
    ['a list with spaces', { NO_PROXY: 'example.org, 127.0.0.1' }],
    ['host:port', { NO_PROXY: '' }], // filled in below with the server's port
    ['*', { NO_PROXY: '*' }],
  ])('%s: the server is reached directly, the proxy sees nothing', async (name, env: Record<string, string>) => {
    const noProxy = name === 'host:port' ? { NO_PROXY: `127.0.0.1:${new URL(fake.origin).port},127.0.0.1:${front.port}` } : env;
    for (const [url, variable] of [
      [fake.url, 'HTTP_PROXY'],
      [https, 'HTTPS_PROXY'],
    ] as const) {
      const r = await run(['language', 'cs', '--url', url], { [variable]: proxy.url, ...noProxy });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    expect(proxy.requests).toEqual([]);
    tokenArrived();
  });

  it('an entry for another host or port leaves the proxy in use', async () => {
    const r = await run(['language', 'cs', '--url', fake.url], { HTTP_PROXY: proxy.url, NO_PROXY: 'example.org,127.0.0.1:1,.internal' });
    expect(r.code).toBe(0);
    expect(proxy.requests).toHaveLength(1);
  });

  it('matching rules', () => {
    const u = new URL('https://weblate.example.org/api/');
    expect(noProxyMatches(u, 'example.org')).toBe(true);
    expect(noProxyMatches(u, '.example.org')).toBe(true);
    expect(noProxyMatches(u, '*.example.org')).toBe(true);
    expect(noProxyMatches(u, 'WEBLATE.example.org:443')).toBe(true);
    expect(noProxyMatches(u, 'weblate.example.org:8443')).toBe(false);
    expect(noProxyMatches(u, 'ample.org')).toBe(false);
    expect(noProxyMatches(u, '')).toBe(false);
    expect(noProxyMatches(new URL('http://[::1]:8000/'), '::1')).toBe(true);
    expect(noProxyMatches(new URL('http://[::1]:8000/'), '[::1]:8000')).toBe(true);
  });

  it('variable choice without a network', () => {
    const https = new URL('https://h.example/api/');
    const http = new URL('http://h.example/api/');
    expect(proxyFor(https, {})).toBeUndefined();
    expect(proxyFor(https, { HTTP_PROXY: 'http://p:1' })).toBeUndefined();
    expect(proxyFor(https, { HTTPS_PROXY: 'http://P:1', https_proxy: 'http://p:2' })).toMatchObject({ uri: 'http://p:2', variable: 'https_proxy' });
    expect(proxyFor(http, { HTTP_PROXY: 'p:3128' })).toMatchObject({ uri: 'http://p:3128', variable: 'HTTP_PROXY' });
    expect(proxyFor(https, { HTTPS_PROXY: 'http://u:pw@p:1' })).toMatchObject({ shown: 'http://<credentials>@p:1' });
    expect(proxyFor(https, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'h.example' })).toBeUndefined();
    expect(() => proxyFor(https, { HTTPS_PROXY: 'ftp://p' })).toThrow(/HTTPS_PROXY is not a proxy URL/);
  });
});

describe('when the proxy fails', () => {
  it('a proxy that is down is named as such', async () => {
    const r = await run(['language', 'cs', '--url', https, '--retries', '0'], { HTTPS_PROXY: deadProxy });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`connection refused by the proxy ${deadProxy} (HTTPS_PROXY)`);
    expect(r.stderr).toMatch(/hint: .*NO_PROXY/);
    expect(fake.requests).toEqual([]);
  });

  it("a tunnel the proxy cannot open is the proxy's answer, not a server failure", async () => {
    const nowhere = `https://127.0.0.1:${new URL(deadProxy).port}/api/`;
    const r = await run(['language', 'cs', '--url', nowhere, '--retries', '0'], { HTTPS_PROXY: proxy.url });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the proxy ${proxy.url} (HTTPS_PROXY) refused to connect to 127.0.0.1:${new URL(deadProxy).port} (HTTP 502)`);
    expect(proxy.requests).toMatchObject([{ method: 'CONNECT', status: 502 }]);
  });

  it('407: says the proxy wants credentials; with them in the URL it works, and they are never shown', async () => {
    for (const [url, variable] of [
      [fake.url, 'HTTP_PROXY'],
      [https, 'HTTPS_PROXY'],
    ] as const) {
      const refused = await run(['language', 'cs', '--url', url], { [variable]: authProxy.url });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`the proxy ${authProxy.url} (${variable}) requires authentication (HTTP 407)`);

      const withCredentials = authProxy.url.replace('//', `//wli:${PROXY_PASSWORD}@`);
      const ok = await run(['language', 'cs', '--url', url, '--verbose'], { [variable]: withCredentials });
      expect(ok.code).toBe(0);
      expect(ok.stderr).toContain(`proxy http://<credentials>@127.0.0.1:${authProxy.port} (${variable})`);
      expect(ok.stderr).not.toContain(PROXY_PASSWORD);
      expect(ok.stderr).not.toContain(TOKEN);
    }
    expect(authProxy.requests.map((p) => [p.method, p.proxyAuthorization, p.status])).toEqual([
      ['GET', false, 407],
      ['GET', true, 200],
      ['CONNECT', false, 407],
      ['CONNECT', true, 200],
    ]);
    expect(JSON.stringify(authProxy.requests)).not.toContain(Buffer.from(`wli:${PROXY_PASSWORD}`).toString('base64'));
  });

  it('a value that is not a proxy URL is a usage error before any request', async () => {
    const r = await run(['language', 'cs', '--url', fake.url], { HTTP_PROXY: 'ftp://user:pw@proxy.example' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('HTTP_PROXY is not a proxy URL: ftp://<credentials>@proxy.example');
    expect(r.stderr).not.toContain('pw');
    expect(fake.requests).toEqual([]);
  });
});
