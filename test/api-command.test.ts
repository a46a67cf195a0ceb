// Issue 19, wli api end to end: any API address with wli's server and token, byte for byte; other
// origins refused before connecting; --paginate through the list output; rate limits in --verbose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';
import { wli } from './support/run.js';
import { parseJson } from '../src/codec/json.js';

let fake: FakeWeblate;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeWeblate({ defaultPageSize: 5 });
  env = { WLI_URL: fake.url, WLI_TOKEN: 'secret-token' };
});
afterAll(() => fake.close());
const api = (p: string) => `${new URL(fake.url).pathname}${p}`;

describe('wli api', () => {
  it.each(['/projects/demo/', 'projects/demo/'])('prints %s byte for byte', async (path) => {
    const r = await wli(['api', path], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fake.expected(api('projects/demo/')).body);
  });

  it('accepts an absolute URL on the configured server', async () => {
    const r = await wli(['api', new URL('projects/demo/', fake.url).href], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fake.expected(api('projects/demo/')).body);
  });

  it('refuses another origin before connecting (exit 2), stdout empty', async () => {
    const before = fake.requests.length;
    const r = await wli(['api', 'http://evil.example:9/api/projects/'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/refusing to request http:\/\/evil\.example:9\/api\/projects\//);
    expect(r.stderr).not.toContain('secret-token');
    expect(fake.requests.length).toBe(before);
  });

  it('maps HTTP errors like every command: 404 exit code, stdout empty', async () => {
    const r = await wli(['api', '/projects/nope/'], { env });
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    // The hint speaks of paths, not of slugs and language codes; --paginate says the same.
    expect(r.stderr).toMatch(/HTTP 404.*\nhint: paths are relative to the API root \S+; "wli api \/" lists the endpoints\n$/);
    const paged = await wli(['api', '/nope/', '--paginate', '-f', 'jsonl'], { env });
    expect([paged.code, paged.stdout]).toEqual([5, '']);
    expect(paged.stderr).toMatch(/hint: paths are relative to the API root/);
  });

  it('--paginate prints every project as JSON lines, exact', async () => {
    const r = await wli(['api', '/projects/', '--paginate', '-f', 'jsonl'], { env: { WLI_URL: fake.url } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const all: unknown[] = [];
    let next: string | null = api('projects/?page_size=1000');
    while (next) {
      const page = parseJson(fake.expected(next).body) as { results: unknown[]; next: string | null };
      all.push(...page.results);
      next = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
    }
    expect(lines.map((l) => parseJson(l))).toEqual(all);
  });

  it('--paginate without -f prints JSON Lines, one item a line (issue 49.1: it was a table)', async () => {
    const r = await wli(['api', '/projects/', '--paginate'], { env: { WLI_URL: fake.url } });
    expect([r.code, r.stderr]).toEqual([0, '']);
    const jsonl = await wli(['api', '/projects/', '--paginate', '-f', 'jsonl'], { env: { WLI_URL: fake.url } });
    expect(r.stdout).toBe(jsonl.stdout);
    const slugs = r.stdout
      .trim()
      .split('\n')
      .map((l) => (parseJson(l) as { slug: string }).slug);
    expect(slugs).toContain('demo');
    // -f still chooses: a table, or one JSON array.
    const table = await wli(['api', '/projects/', '--paginate', '-f', 'table'], { env: { WLI_URL: fake.url } });
    expect(table.stdout).toMatch(/^NAME +SLUG\b/);
    expect(table.stdout).not.toBe(r.stdout);
    const array = await wli(['api', '/projects/', '--paginate', '-f', 'json'], { env: { WLI_URL: fake.url } });
    expect((parseJson(array.stdout) as unknown[]).length).toBe(slugs.length);
  });

  it('--verbose shows X-RateLimit-Remaining per request', async () => {
    const r = await wli(['api', '/projects/demo/', '--verbose'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/GET \S+projects\/demo\/ 200 .* rate-limit remaining \d+/);
  });

  it('one stderr note when the run leaves less than 10 % of the rate limit', async () => {
    fake.rateLimit({ limit: 100, remaining: 11 });
    try {
      const ok = await wli(['api', '/projects/demo/'], { env: { WLI_URL: fake.url } });
      expect(ok.stderr).toBe(''); // 10 left of 100: not yet below 10 %
      const r = await wli(['api', '/projects/', '--paginate', '-f', 'jsonl'], { env: { WLI_URL: fake.url } });
      expect(r.code).toBe(0);
      expect(r.stderr.match(/API requests left/g)).toHaveLength(1);
      expect(r.stderr).toMatch(/note: \d of 100 API requests left/);
    } finally {
      fake.rateLimit(null);
    }
  });
});
