// The request core (src/api/request.ts) through the client's three ways to ask: JSON (objects and
// pages), bytes (wli api) and a streamed file (download, pull). One table of failures drives all three
// against the fake server: whatever a request wants back, it is retried, redirected and refused the
// same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type StreamAnswer } from '../../src/api/client.js';
import type { FileBody } from '../../src/api/request.js';
import { LocalError, WliError } from '../../src/core/errors.js';
import { msg } from '../../src/core/text.js';
import { fakeFileBytes, startFakeWeblate, type Fault, type FakeWeblate } from '../support/fake-weblate/index.js';

let fake: FakeWeblate;
let other: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate({ fileGzip: false });
  other = await startFakeWeblate();
});
afterAll(async () => {
  await fake.close();
  await other.close();
});

/** A client of the fake server whose waits are recorded, not slept, and the progress line's notes of its retries. */
function client(o: { timeoutMs?: number; retries?: number } = {}) {
  const waits: number[] = [];
  const notes: Array<string | undefined> = [];
  const run = new AbortController();
  const c = new ApiClient({
    base: new URL(fake.url),
    token: 'tok-core',
    timeoutMs: o.timeoutMs ?? 5_000,
    retries: o.retries ?? 3,
    concurrency: 1,
    userAgent: 'wli-test',
    allowInsecureHttp: false,
    env: {},
    signal: run.signal,
    sleep: async (ms) => void waits.push(ms),
    now: Date.now,
    random: () => 0.5,
    retrying: (note) => void notes.push(note),
  });
  return { c, waits, notes };
}

const FILE = 'translations/demo/android/cs/file/';

/** A consumer that keeps each attempt's bytes, as a temporary file started over would. */
function collect(attempts: Buffer[][] = []) {
  return async (answer: StreamAnswer): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    attempts.push(chunks);
    for await (const chunk of answer.body) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
}
const OBJECT = 'languages/cs/';

/** Each way to ask, and what a good answer is. */
const MODES = {
  json: {
    path: OBJECT,
    read: async (c: ApiClient) => (await c.getJson(OBJECT)).body as { code: string },
    good: (v: unknown) => expect((v as { code: string }).code).toBe('cs'),
  },
  bytes: {
    path: OBJECT,
    read: async (c: ApiClient) => JSON.parse((await c.getBytes(OBJECT)).body.toString('utf8')) as unknown,
    good: (v: unknown) => expect((v as { code: string }).code).toBe('cs'),
  },
  stream: {
    path: FILE,
    read: async (c: ApiClient) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await c.openFile(FILE)).body) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    good: (v: unknown) => expect((v as Buffer).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true),
  },
  consumed: {
    path: FILE,
    read: (c: ApiClient) => c.consumeFile(FILE, collect()),
    good: (v: unknown) => expect((v as Buffer).equals(fakeFileBytes('demo/android/cs', false, null))).toBe(true),
  },
} as const;

/** With the notes the progress line gets: each retry's, then none once the request is done (issue 49.13). */
type Outcome = { notes?: Array<string | undefined> } & (
  { ok: true; attempts: number; waits: number[] } | { ok: false; attempts: number; error: RegExp; exitCode: number }
);

const retry = (n: number, after: string) => `attempt ${n} of 4, retrying after ${after}`;

const CASES: Array<[name: string, fault: () => Fault, times: number, outcome: Outcome]> = [
  ['503 once', () => ({ kind: 'status', status: 503 }), 1, { ok: true, attempts: 2, waits: [375], notes: [retry(2, 'HTTP 503'), undefined] }],
  [
    '429 with Retry-After',
    () => ({ kind: 'status', status: 429, headers: { 'Retry-After': '7' } }),
    1,
    { ok: true, attempts: 2, waits: [7000], notes: [retry(2, 'HTTP 429'), undefined] },
  ],
  ['a connection reset', () => ({ kind: 'reset' }), 1, { ok: true, attempts: 2, waits: [375], notes: [retry(2, 'a dropped connection'), undefined] }],
  ['a timeout', () => ({ kind: 'stall' }), 1, { ok: true, attempts: 2, waits: [375], notes: [retry(2, 'a timeout'), undefined] }],
  [
    'a Location that is not a URL',
    () => ({ kind: 'redirect', location: 'http://[::1' }),
    1,
    { ok: false, attempts: 1, error: /redirected to an address that is not a URL/, exitCode: 1 },
  ],
  [
    'a redirect to another origin',
    () => ({ kind: 'redirect', location: `${other.url}languages/cs/` }),
    1,
    { ok: false, attempts: 1, error: /redirected to another origin/, exitCode: 1 },
  ],
  // Every attempt fails (--retries 3: four of them); the last failure is the error.
  [
    '503 every time',
    () => ({ kind: 'status', status: 503 }),
    4,
    { ok: false, attempts: 4, error: /HTTP 503/, exitCode: 1, notes: [retry(2, 'HTTP 503'), retry(3, 'HTTP 503'), retry(4, 'HTTP 503'), undefined] },
  ],
];

describe.each(Object.keys(MODES) as Array<keyof typeof MODES>)('the request core asked for %s', (mode) => {
  const m = MODES[mode];
  it.each(CASES)('%s', async (name, fault, times, outcome) => {
    // A short timeout only where the fault is a stall: elsewhere a loaded machine's slow good answer
    // must not count as a second failure (CI saw 503 once retried twice, waits [375, 750]).
    const { c, waits, notes } = client({ timeoutMs: name === 'a timeout' ? 1_000 : 5_000 });
    const before = fake.requests.length;
    const foreign = other.requests.length;
    fake.fault(m.path, fault(), times);
    try {
      const read = m.read(c);
      if (outcome.ok) {
        m.good(await read);
        expect(waits).toEqual(outcome.waits);
      } else {
        const e = await read.then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(e).toBeInstanceOf(WliError);
        expect((e as WliError).message).toMatch(outcome.error);
        expect((e as WliError).exitCode).toBe(outcome.exitCode);
      }
      expect(fake.requests.slice(before).filter((r) => r.url.includes(m.path))).toHaveLength(outcome.attempts);
      expect(notes).toEqual(outcome.notes ?? []);
      // Whatever happened, nothing went to another server, and every request carried the token to this one only.
      expect(other.requests.length).toBe(foreign);
      expect(fake.requests.slice(before).every((r) => r.headers.authorization === 'Token tok-core')).toBe(true);
    } finally {
      await c.close();
    }
  });
});

describe('a streamed body', () => {
  it('is retried until its first byte is handed on, never after', async () => {
    const { c, waits } = client();
    try {
      // Cut before the first byte: another attempt, and the whole file.
      fake.fault(FILE, { kind: 'truncate', bytes: 0 }, 1);
      MODES.stream.good(await MODES.stream.read(c));
      expect(waits).toHaveLength(1);
      // Cut after the first bytes reached the caller: its error, one attempt, no wait.
      waits.length = 0;
      const before = fake.requests.length;
      fake.fault(FILE, { kind: 'truncate', bytes: 20 }, 1);
      const answer = await c.openFile(FILE);
      const got: Buffer[] = [];
      const err = await (async () => {
        for await (const chunk of answer.body) got.push(chunk);
      })().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Buffer.concat(got).length).toBeGreaterThan(0);
      expect(err).toBeInstanceOf(WliError);
      expect((err as WliError).exitCode).toBe(1);
      expect(fake.requests.slice(before).filter((r) => r.url.includes(FILE))).toHaveLength(1);
      expect(waits).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('passes a 304 back, its body empty', async () => {
    const { c } = client();
    try {
      const answer = await c.openFile(FILE, { headers: { 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() } });
      expect(answer.status).toBe(304);
      const chunks: Buffer[] = [];
      for await (const chunk of answer.body) chunks.push(chunk);
      expect(chunks).toEqual([]);
      expect(fake.requests.at(-1)?.headers['if-modified-since']).toBeDefined();
    } finally {
      await c.close();
    }
  });
});

/**
 * The consumer of a streamed body, however it ends, never keeps its connection (issue 28.1): a body
 * larger than undici's buffers, left unread, pauses its connection for ever, and once all the agent's
 * connections are held, the next request waits for one that never comes. So each row consumes more
 * bodies than the agent has connections, then reads one whole: every request must reach the server.
 */
describe('a streamed body its consumer leaves', () => {
  /** The agent's connections for concurrency 1 (api/client.ts: concurrency + 2). */
  const CONNECTIONS = 3;
  const BIG = 'x'.repeat(1024 * 1024);
  const write = (chunk: Buffer) => {
    throw Object.assign(new Error(`no space left for ${chunk.length} bytes`), { code: 'ENOSPC' });
  };
  const CONSUMERS: Array<[name: string, consume: (body: FileBody) => Promise<void>]> = [
    [
      'the consumer stops after the first chunk',
      async (body) => {
        for await (const chunk of body) if (chunk.length > 0) break;
      },
    ],
    [
      'a write fails mid-stream',
      async (body) => {
        const failed = (async () => {
          for await (const chunk of body) write(chunk);
        })();
        await expect(failed).rejects.toThrow(/no space left/);
      },
    ],
    ['the consumer never reads it (destroy())', async (body) => body.destroy()],
  ];

  it.each(CONSUMERS)('%s', async (_name, consume) => {
    const { c, waits } = client({ timeoutMs: 2_000, retries: 0 });
    const before = fake.requests.length;
    const times = CONNECTIONS + 2;
    fake.fault(FILE, { kind: 'status', status: 200, body: BIG, contentType: 'text/x-po' }, times);
    try {
      for (let i = 0; i < times; i++) await consume((await c.openFile(FILE)).body);
      MODES.stream.good(await MODES.stream.read(c));
      expect(fake.requests.slice(before).filter((r) => r.url.includes(FILE))).toHaveLength(times + 1);
      expect(waits).toEqual([]);
    } finally {
      await c.close();
    }
  });
});

/**
 * Failures after the first byte: a file consumed within the retry loop (a temporary file) is asked for
 * again and rewritten whole; a stream handed on (stdout) cannot take its bytes back, so it is not.
 */
const AFTER_FIRST_BYTE: Array<[name: string, fault: () => Fault, times: number, consumed: Outcome, stream: Outcome]> = [
  [
    'a cut after the first bytes',
    () => ({ kind: 'truncate', bytes: 20 }),
    1,
    { ok: true, attempts: 2, waits: [375] },
    { ok: false, attempts: 1, error: /connection was closed/, exitCode: 1 },
  ],
  [
    'a body that stalls after its first bytes',
    () => ({ kind: 'stallBody' }),
    1,
    { ok: true, attempts: 2, waits: [375] },
    { ok: false, attempts: 1, error: /timed out/, exitCode: 1 },
  ],
  [
    'a cut after the first bytes, every time',
    () => ({ kind: 'truncate', bytes: 20 }),
    4,
    { ok: false, attempts: 4, error: /connection was closed/, exitCode: 1 },
    { ok: false, attempts: 1, error: /connection was closed/, exitCode: 1 },
  ],
];

describe.each(AFTER_FIRST_BYTE)('%s', (_name, fault, times, consumed, stream) => {
  it.each([
    ['consumed (a temporary file)', 'consumed', consumed],
    ['streamed (stdout)', 'stream', stream],
  ] as const)('%s', async (_how, mode, outcome) => {
    // Long enough for the first bytes on a loaded machine; a stall costs it once.
    const { c, waits } = client({ timeoutMs: 1000 });
    const before = fake.requests.length;
    // A stream fails for good at its first attempt: it takes the fault once.
    fake.fault(FILE, fault(), mode === 'stream' ? 1 : times);
    const attempts: Buffer[][] = [];
    try {
      const read = mode === 'consumed' ? c.consumeFile(FILE, collect(attempts)) : MODES.stream.read(c);
      const got = await read.then(
        (v) => ({ v }),
        (e: unknown) => ({ e }),
      );
      if (outcome.ok) {
        expect(got).toHaveProperty('v');
        MODES.consumed.good((got as { v: Buffer }).v);
        expect(waits).toEqual(outcome.waits);
        // The first attempt's bytes were thrown away, the file written whole by the last.
        expect(Buffer.concat(attempts[0]!).length).toBeGreaterThan(0);
      } else {
        const e = (got as { e: unknown }).e;
        expect(e).toBeInstanceOf(WliError);
        expect((e as WliError).message).toMatch(outcome.error);
        expect((e as WliError).exitCode).toBe(outcome.exitCode);
      }
      expect(fake.requests.slice(before).filter((r) => r.url.includes(FILE))).toHaveLength(outcome.attempts);
    } finally {
      await c.close();
    }
  });
});

describe('a file consumed within the retry loop', () => {
  it("is not asked for again when the consumer itself fails (a write): the consumer's error, one attempt", async () => {
    const { c, waits } = client();
    const before = fake.requests.length;
    try {
      const e = await c
        .consumeFile(FILE, async () => {
          throw new LocalError(msg`cannot write cs.po: no space left on the device (ENOSPC)`);
        })
        .catch((err: unknown) => err);
      expect(e).toBeInstanceOf(LocalError);
      expect(fake.requests.slice(before).filter((r) => r.url.includes(FILE))).toHaveLength(1);
      expect(waits).toEqual([]);
    } finally {
      await c.close();
    }
  });
});

describe('the origin check', () => {
  it('refuses an address on another origin before connecting, in every mode', async () => {
    const { c } = client();
    const before = other.requests.length;
    try {
      for (const ask of [
        () => c.getJson(`${other.url}languages/cs/`),
        () => c.getBytes(`${other.url}languages/cs/`),
        () => c.openFile(`${other.url}${FILE}`),
      ]) {
        await expect(ask()).rejects.toThrow(/refusing to request .*: it is not on the configured server/);
      }
      expect(other.requests.length).toBe(before);
    } finally {
      await c.close();
    }
  });
});
