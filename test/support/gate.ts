// A gate in front of the fake server: holds matching requests until released, so a test can look at
// what wli did while a page is still out (synchronisation by events, never by sleeping).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeWeblate } from './fake-weblate/index.js';

export interface Gate {
  url: string;
  /** Resolves when a request is being held. */
  holding(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export async function startGate(fake: FakeWeblate, hold: (pathAndQuery: string) => boolean): Promise<Gate> {
  let open = false;
  const held: (() => void)[] = [];
  let heldNow: (() => void) | undefined;
  const oneHeld = new Promise<void>((resolve) => (heldNow = resolve));
  const server = http.createServer((req, res) => {
    const forward = () => {
      const up = http.request(fake.origin + req.url, { headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      up.end();
    };
    if (!open && hold(req.url ?? '')) {
      held.push(forward);
      heldNow?.();
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    holding: () => oneHeld,
    release() {
      open = true;
      for (const f of held.splice(0)) f();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
