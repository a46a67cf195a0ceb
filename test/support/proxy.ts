/**
 * A small forwarding HTTP proxy for tests, in the two forms clients use:
 *   - absolute-URI requests for http:// targets ("GET http://host:port/path HTTP/1.1"), forwarded
 *     with a fresh request to the target;
 *   - CONNECT tunnels ("CONNECT host:port"), used for https:// targets: bytes are piped both ways.
 *
 *   const proxy = await startProxy();                 // proxy.url = 'http://127.0.0.1:<port>'
 *   ... HTTPS_PROXY=proxy.url wli ...
 *   proxy.requests  // [{ method: 'GET', target: 'http://127.0.0.1:4711/api/…', authorization: true, … }]
 *   await proxy.close();
 *
 * It records what it forwarded but never a header value that carries a secret: for Authorization
 * and Proxy-Authorization only whether one was present. Nothing is logged.
 * With `credentials: 'user:pass'` it demands Basic proxy authentication (407 otherwise).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

export interface ProxiedRequest {
  /** 'GET' (absolute-URI form) or 'CONNECT' */
  method: string;
  /** the absolute URL, or host:port for CONNECT */
  target: string;
  /** an Authorization header was present (its value is not kept) */
  authorization: boolean;
  /** a Proxy-Authorization header was present (its value is not kept) */
  proxyAuthorization: boolean;
  /** the status the proxy answered with itself (407, 400, 502), or the upstream status */
  status?: number;
}

export interface ProxyOptions {
  /** 'user:pass': demand Basic proxy authentication */
  credentials?: string;
}

export interface ForwardProxy {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  port: number;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 7.6.1) and the proxy's own: not forwarded.
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export async function startProxy(opts: ProxyOptions = {}): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = opts.credentials ? `Basic ${Buffer.from(opts.credentials).toString('base64')}` : undefined;

  const record = (req: IncomingMessage, target: string): ProxiedRequest => {
    const r: ProxiedRequest = {
      method: req.method ?? '',
      target,
      authorization: req.headers.authorization !== undefined,
      proxyAuthorization: req.headers['proxy-authorization'] !== undefined,
    };
    requests.push(r);
    return r;
  };
  const authorized = (req: IncomingMessage) => !expected || req.headers['proxy-authorization'] === expected;

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const r = record(req, req.url ?? '');
    const fail = (status: number, text: string, headers: Record<string, string> = {}) => {
      r.status = status;
      res.writeHead(status, { 'content-type': 'text/plain', connection: 'close', ...headers });
      res.end(`${text}\n`);
    };
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return fail(400, 'this is a proxy: absolute-URI requests only');
    }
    if (target.protocol !== 'http:') return fail(400, 'only http:// targets are forwarded; use CONNECT for https');
    if (!authorized(req)) return fail(407, 'proxy authentication required', { 'proxy-authenticate': 'Basic realm="test"' });

    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k)) headers[k] = v;
    headers.host = target.host;
    const upstream = http.request(
      { host: target.hostname, port: target.port || 80, path: target.pathname + target.search, method: req.method, headers, agent: false },
      (up) => {
        r.status = up.statusCode;
        const back: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP.has(k)) back[k] = v;
        res.writeHead(up.statusCode ?? 502, back);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) fail(502, 'bad gateway');
      else res.destroy();
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const r = record(req, req.url ?? '');
    const answer = (status: number, reason: string, extra = '') => {
      r.status = status;
      client.end(`HTTP/1.1 ${status} ${reason}\r\n${extra}content-length: 0\r\nconnection: close\r\n\r\n`);
    };
    const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
    if (!m) return answer(400, 'Bad Request');
    if (!authorized(req)) return answer(407, 'Proxy Authentication Required', 'proxy-authenticate: Basic realm="test"\r\n');
    const upstream = net.connect(Number(m[2]), m[1]!.replace(/^\[|\]$/g, ''));
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.once('connect', () => {
      r.status = 200;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (r.status === undefined) answer(502, 'Bad Gateway');
      else client.destroy();
    });
    client.on('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A throw-away self-signed certificate for 127.0.0.1 and localhost (P-256, valid 2000–2099, CA:TRUE
// so it can be its own trust anchor). Test use only: the key is public.
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvOP+iPkM5NHqrpX0
oyzuviIEgA8eELuHUcdOXb1xUFWhRANCAAT/HosK8sAaw41uG3KKmisW/5GyYiPo
sT+80xo/F/yvwKoKVhtszbWUAmuA+NIHf2lWBF7d6dcws6i7kDYEuGcJ
-----END PRIVATE KEY-----
`;
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBnTCCAUSgAwIBAgIBATAKBggqhkjOPQQDAjAdMRswGQYDVQQDDBJ3bGkgdGVz
dCBsb2NhbGhvc3QwIBcNMDAwMTAxMDAwMDAwWhgPMjA5OTEyMzEyMzU5NTlaMB0x
GzAZBgNVBAMMEndsaSB0ZXN0IGxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49
AwEHA0IABP8eiwrywBrDjW4bcoqaKxb/kbJiI+ixP7zTGj8X/K/AqgpWG2zNtZQC
a4D40gd/aVYEXt3p1zCzqLuQNgS4ZwmjczBxMA8GA1UdEwEB/wQFMAMBAf8wDgYD
VR0PAQH/BAQDAgKEMBMGA1UdJQQMMAoGCCsGAQUFBwMBMBoGA1UdEQQTMBGHBH8A
AAGCCWxvY2FsaG9zdDAdBgNVHQ4EFgQUE9n4eWdLg9t4dqiyXZdOVFxjbgQwCgYI
KoZIzj0EAwIDRwAwRAIgHNIA508Te75UesuTviFaICtN36IthtHP86llBGJ9uQkC
IBS/yw3vW1cLUMTrWcuL6fj9UC8DqF0FJyvGut47PVOB
-----END CERTIFICATE-----
`;

export interface TlsFront {
  /** 'https://127.0.0.1:<port>' */
  origin: string;
  port: number;
  /** The certificate as a file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  close(): Promise<void>;
}

/** An https:// front for a plain-http server on 127.0.0.1: TLS ends here, bytes are piped to targetPort. */
export async function startTlsFront(targetPort: number): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = tls.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (client) => {
    track(client);
    const upstream = net.connect(targetPort, '127.0.0.1');
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), 'wli-tls-'));
  const certFile = join(dir, 'localhost.crt');
  writeFileSync(certFile, TEST_TLS_CERT);
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    certFile,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        rmSync(dir, { recursive: true, force: true });
        server.close(() => resolve());
      }),
  };
}
