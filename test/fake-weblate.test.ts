import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA, HASHES, HOSTILE, startFakeWeblate } from './support/fake-weblate/index.js';
import type { FakeOptions, FakeWeblate } from './support/fake-weblate/index.js';

interface Got {
  status: number;
  type: string;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

async function get(fake: FakeWeblate, path: string, init?: RequestInit): Promise<Got> {
  const res = await fetch(fake.origin + path, init);
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let json: unknown;
  try {
    json = type.startsWith('application/json') && text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, type, headers: res.headers, text, json };
}

const servers: FakeWeblate[] = [];
async function start(options?: FakeOptions): Promise<FakeWeblate> {
  const f = await startFakeWeblate(options);
  servers.push(f);
  return f;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

let fake: FakeWeblate;
beforeAll(async () => {
  fake = await start({ token: 'sekrit' });
});

const CS = '/api/translations/demo/android/cs/';

describe('shapes and dataset', () => {
  it('serves the translation with nested component/project and agreeing counts', async () => {
    const r = await get(fake, CS);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/json');
    expect(r.headers.get('allow')).toBe('GET, DELETE, HEAD, OPTIONS');
    expect(r.headers.get('vary')).toBe('Accept, Cookie, Origin');
    expect(r.headers.get('x-ratelimit-limit')).toBe('100');
    expect(Object.keys(r.json).slice(0, 4)).toEqual(['language', 'component', 'language_code', 'id']);
    expect(r.json.component.project.slug).toBe('demo');
    expect(r.json.url).toBe(`${fake.url}translations/demo/android/cs/`);
    expect(r.json.web_url).toBe(`${fake.origin}/projects/demo/android/cs/`);
    const states = DATA.stateCounts['demo/android/cs']!;
    expect(r.json.total).toBe(DATA.unitCounts['demo/android/cs']);
    expect(r.json.translated).toBe((states[20] ?? 0) + (states[30] ?? 0));
    expect(r.json.fuzzy).toBe(states[10]);
    expect(r.text).toBe(fake.expected(CS).body);
    const stats = await get(fake, CS + 'statistics/');
    expect(stats.json.code).toBe('cs');
    expect(stats.json.approved).toBe(states[30]);
    expect(stats.text).toContain('"translated_percent":78.1,');
    const lang = await get(fake, '/api/languages/cs/statistics/');
    expect(lang.json).not.toHaveProperty('code');
    expect(lang.json).not.toHaveProperty('translate_url');
  });

  it('lists units consistent with DATA, unique ids, gaps in positions', async () => {
    const r = await get(fake, CS + 'units/');
    expect(r.json.count).toBe(32);
    const units = r.json.results as { id: number; position: number; source: string[]; target: string[] }[];
    expect(units.map((u) => u.id)).toEqual(DATA.units['demo/android/cs']!.map((u) => u.id));
    expect(new Set(units.map((u) => u.position)).size).toBe(32);
    expect(units.at(-1)!.position).toBeGreaterThan(32);
    expect(units.filter((u) => u.source.length === 2 && u.target.length === 3)).toHaveLength(2);
    expect(units.map((u) => u.source[0])).toContain(HOSTILE.ansiSgr);
    const ja = await get(fake, '/api/translations/demo/android/ja/units/');
    expect(ja.text).toBe('{"count":0,"next":null,"previous":null,"results":[]}');
    const jaChanges = await get(fake, '/api/translations/demo/android/ja/changes/');
    expect(jaChanges.json.count).toBe(0);
    const en = await get(fake, '/api/translations/demo/android/en/units/?page_size=1');
    expect(en.json.results[0].state).toBe(100);
    const ar = await get(fake, '/api/languages/ar/');
    expect(ar.json.direction).toBe('rtl');
  });

  it('sends exact 64-bit digits', async () => {
    const r = await get(fake, CS + 'units/?page_size=2');
    expect(r.text).toContain(`"id_hash":${HASHES.max},"content_hash":${HASHES.min},`);
    expect(r.text).toContain(`"id_hash":${HASHES.twoPow53Plus1},"content_hash":${HASHES.negTwoPow53Plus1},`);
    expect(r.text).toContain('checksum=ffffffffffffffff');
    const xx = await get(fake, '/api/languages/xx/');
    expect(xx.text).toContain('"population":9007199254740993,');
  });

  it('escapes hostile texts like DRF', async () => {
    const r = await get(fake, CS + 'units/?q=context:ansi_sgr');
    expect(r.text).toContain('"Status: \\u001b[31mred\\u001b[0m"');
    const c1 = await get(fake, CS + 'units/?q=context:c1_csi');
    expect(c1.text).toContain('C1 \u009b31m CSI'); // C1 and DEL are not escaped by Python's json
    expect(c1.json.results[0].source[0]).toBe(HOSTILE.c1Csi);
  });

  it('serves component lists, statistics and project languages', async () => {
    const tr = await get(fake, '/api/components/demo/android/translations/');
    expect(tr.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(tr.json.results.map((t: { language_code: string }) => t.language_code)).toEqual(['en', 'ar', 'cs', 'de', 'ja']);
    expect(tr.json.results[0]).not.toHaveProperty('component');
    const st = await get(fake, '/api/components/demo/android/statistics/');
    expect(st.json.results[2].code).toBe('cs');
    const pl = await get(fake, '/api/projects/demo/languages/');
    expect(Array.isArray(pl.json)).toBe(true);
    expect(pl.json[0].url).toBe(`${fake.origin}/projects/demo/-/ar/`);
    const ps = await get(fake, '/api/projects/demo/statistics/');
    expect(ps.json.name).toBe('Demo');
    const comp = await get(fake, '/api/components/demo/glossary/');
    expect(comp.json.is_glossary).toBe(true);
    const gl = await get(fake, '/api/translations/demo/glossary/cs/units/');
    expect(gl.json.results.every((u: { state: number; extra_flags: string }) => u.state === 20 && u.extra_flags === 'terminology')).toBe(true);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(fake.origin + CS, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(fake.expected(CS).body));
    expect(await res.text()).toBe('');
  });
});

describe('pagination', () => {
  it('builds links like DRF', async () => {
    const p1 = await get(fake, CS + 'units/?page_size=5');
    expect(p1.json.next).toBe(`${fake.url}translations/demo/android/cs/units/?page=2&page_size=5`);
    expect(p1.json.previous).toBeNull();
    const p2 = await get(fake, CS + 'units/?page_size=5&page=2');
    expect(p2.json.previous).toBe(`${fake.url}translations/demo/android/cs/units/?page_size=5`);
    const last = await get(fake, CS + 'units/?page_size=5&page=last');
    expect(last.json.next).toBeNull();
    expect(last.json.previous).toBe(`${fake.url}translations/demo/android/cs/units/?page=6&page_size=5`);
    expect(last.json.results).toHaveLength(2);
    const sorted = await get(fake, CS + 'changes/?page_size=2&action=5');
    expect(sorted.json.next).toBe(`${fake.url}translations/demo/android/cs/changes/?action=5&page=2&page_size=2`);
    const q = await get(fake, CS + 'units/?q=state%3A%3Ctranslated&page_size=2');
    expect(q.json.next).toBe(`${fake.url}translations/demo/android/cs/units/?page=2&page_size=2&q=state%3A%3Ctranslated`);
    const fmt = await get(fake, CS + 'units/?format=api&page_size=5');
    expect(fmt.type).toBe('application/json');
    expect(fmt.json.next).toBe(`${fake.url}translations/demo/android/cs/units/?format=api&page=2&page_size=5`);
    expect(fmt.json.results[0].url).toMatch(/\/api\/units\/\d+\/\?format=api$/);
  });

  it('rejects invalid pages with 404 Invalid page.', async () => {
    for (const page of ['999', '0', 'abc', '-1']) {
      const r = await get(fake, CS + 'units/?page=' + page);
      expect(r.status).toBe(404);
      expect(r.text).toBe('{"detail":"Invalid page."}');
    }
    expect((await get(fake, '/api/translations/demo/android/ja/units/?page=1')).status).toBe(200);
  });

  it('honours, caps and falls back on page_size', async () => {
    expect((await get(fake, CS + 'units/')).json.results).toHaveLength(32);
    const big = await get(fake, '/api/translations/big/strings/xx/units/?page_size=5000');
    expect(big.json.results).toHaveLength(1000);
    expect(big.json.count).toBe(DATA.unitCounts['big/strings/xx']);
    expect((await get(fake, '/api/translations/big/strings/xx/units/?page_size=abc')).json.results).toHaveLength(50);
    expect((await get(fake, '/api/translations/big/strings/xx/units/?page_size=0')).json.results).toHaveLength(50);
    const oldServer = await start({ honourPageSize: false, defaultPageSize: 20 });
    const r = await get(oldServer, '/api/translations/demo/android/cs/changes/?page_size=5');
    expect(r.json.results).toHaveLength(20);
    expect(r.json.next).toBe(`${oldServer.url}translations/demo/android/cs/changes/?page=2&page_size=5`);
  });

  it('generates big lists on demand', async () => {
    const f = await start({ bigUnits: 100_000, bigChanges: 100_000 });
    const r = await get(f, '/api/translations/big/strings/xx/units/?page=last&page_size=1000');
    expect(r.json.count).toBe(100_000);
    expect(r.json.results).toHaveLength(1000);
    const c = await get(f, '/api/translations/big/strings/xx/changes/?page_size=1');
    expect(c.json.count).toBe(100_000);
  });

  it('rewrites next links (self loop, foreign origin)', async () => {
    const f = await start({ defaultPageSize: 10 });
    f.nextLinks('self');
    expect((await get(f, CS + 'units/?page=2')).json.next).toBe(`${f.url}translations/demo/android/cs/units/?page=2`);
    f.nextLinks({ foreignOrigin: 'http://evil.example:8080' });
    expect((await get(f, CS + 'units/')).json.next).toBe('http://evil.example:8080/api/translations/demo/android/cs/units/?page=2');
    f.nextLinks('normal');
    expect((await get(f, CS + 'units/')).json.next).toBe(`${f.url}translations/demo/android/cs/units/?page=2`);
  });

  it('grows a list after page 1 was served', async () => {
    const f = await start({ defaultPageSize: 10 });
    f.growAfterFirstPage({ translation: 'demo/android/cs', kind: 'units', n: 3 });
    const p1 = await get(f, CS + 'units/');
    expect(p1.json.count).toBe(32);
    const p2 = await get(f, CS + 'units/?page=2');
    expect(p2.json.count).toBe(35);
    expect(p2.json.results[0].id).toBe(p1.json.results[7].id); // shifted by 3: items 8-10 seen again
    const again = await get(f, CS + 'units/');
    expect(again.json.count).toBe(35);
    expect(again.json.results[0].source[0]).toMatch(/^Inserted string/);

    f.growAfterFirstPage({ translation: 'demo/docs%2Fguide/cs', kind: 'changes', n: 2 });
    const c1 = await get(f, '/api/translations/demo/docs%2Fguide/cs/changes/');
    const c2 = await get(f, '/api/translations/demo/docs%2Fguide/cs/changes/');
    expect(c2.json.count).toBe(c1.json.count + 2);
    expect(c2.json.results[0].id).toBeGreaterThan(c1.json.results[0].id);
  });
});

describe('routing and errors', () => {
  it('answers HTML 404 without trailing slash and for unknown paths', async () => {
    const r = await get(fake, '/api/translations/demo/android/cs');
    expect(r.status).toBe(404);
    expect(r.type).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('<title>Page not found at /api/translations/demo/android/cs</title>');
    expect((await get(fake, '/api/nope/')).type).toContain('text/html');
    expect((await get(fake, '/api/translations/demo/docs/guide/cs/')).type).toContain('text/html');
  });

  it('answers JSON 404 in both envelopes', async () => {
    const r = await get(fake, '/api/translations/nonexistent/android/cs/');
    expect(r.status).toBe(404);
    expect(r.text).toBe('{"detail":"Not found."}');
    expect((await get(fake, '/api/languages/zz/')).text).toBe('{"detail":"Not found."}');
    const modern = await start({ errorEnvelope: 'modern' });
    const m = await get(modern, '/api/translations/demo/android/xx/');
    expect(m.json).toEqual({ type: 'client_error', errors: [{ code: 'not_found', detail: 'Not found.', attr: null }] });
    const p = await get(modern, CS + 'units/?page=99');
    expect(p.json.errors[0].detail).toBe('Invalid page.');
  });

  it('serves the category component (percent-encoded slash, any case)', async () => {
    const r = await get(fake, '/api/translations/demo/docs%2Fguide/cs/');
    expect(r.status).toBe(200);
    expect(r.json.component.slug).toBe('guide');
    expect(r.json.url).toBe(`${fake.url}translations/demo/docs%2Fguide/cs/`);
    expect((await get(fake, '/api/translations/demo/docs%2fguide/cs/units/')).json.count).toBe(6);
    const c = await get(fake, '/api/components/demo/docs%2Fguide/');
    expect(c.json.category).toBe(`${fake.url}categories/1/`);
    expect((await get(fake, '/api/components/demo/docs%2Fguide/statistics/')).json.count).toBe(2);
  });

  it('supports a sub-path prefix', async () => {
    const f = await start({ apiPrefix: '/weblate/api/' });
    expect(f.url).toBe(`${f.origin}/weblate/api/`);
    const r = await get(f, '/weblate/api/translations/demo/android/cs/');
    expect(r.json.web_url).toBe(`${f.origin}/weblate/projects/demo/android/cs/`);
    expect((await get(f, CS)).type).toContain('text/html');
  });

  it('handles tokens and the private project', async () => {
    const secret = '/api/translations/secret/android/cs/';
    expect((await get(fake, secret)).status).toBe(404);
    const ok = await get(fake, secret, { headers: { Authorization: 'Token sekrit' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('5000');
    expect((await get(fake, secret, { headers: { Authorization: 'Bearer sekrit' } })).status).toBe(200);
    const bad = await get(fake, CS, { headers: { Authorization: 'Token wrong' } });
    expect(bad.status).toBe(401);
    expect(bad.text).toBe('{"detail":"Invalid token."}');
    expect(bad.headers.get('www-authenticate')).toBe('Token');
    expect(fake.requests.at(-1)!.headers['authorization']).toBe('Token wrong');
    const list = await get(fake, '/api/projects/');
    expect(list.json.results.map((p: { slug: string }) => p.slug)).not.toContain('secret');
  });

  it('rejects writes with 405', async () => {
    const r = await get(fake, CS, { method: 'DELETE' });
    expect(r.status).toBe(405);
  });
});

describe('filters', () => {
  const count = async (q: string): Promise<number> => {
    const r = await get(fake, CS + 'units/?q=' + encodeURIComponent(q));
    expect(r.status).toBe(200);
    return r.json.count;
  };
  it('filters units with q', async () => {
    const s = DATA.stateCounts['demo/android/cs']!;
    expect(await count('state:<translated')).toBe((s[0] ?? 0) + (s[10] ?? 0));
    expect(await count('state:>=translated')).toBe((s[20] ?? 0) + (s[30] ?? 0));
    expect(await count('state:empty')).toBe(s[0]);
    expect(await count('state:needs-editing OR state:approved')).toBe((s[10] ?? 0) + (s[30] ?? 0));
    expect(await count('state:>=translated AND NOT state:approved')).toBe(s[20]);
    expect(await count('(state:empty OR state:needs-editing) AND file')).toBe(0);
    expect(await count('soubor')).toBe(2); // files_count target and the bidi target
    expect(await count('SOUBORŮ OR minute')).toBe(2);
    expect(await count('state:<10')).toBe(s[0]);
    const en = await get(fake, '/api/translations/demo/android/en/units/?q=state%3Aread-only');
    expect(en.json.count).toBe(32);
    const bad = await get(fake, CS + 'units/?q=state%3Abogus');
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('["Could not parse query string: Unsupported state: bogus"]');
    expect((await get(fake, CS + 'units/?q=' + encodeURIComponent('(state:empty'))).status).toBe(400);
  });

  it('filters changes by action, user and timestamp', async () => {
    const all = DATA.changes['demo/android/cs']!;
    const r = await get(fake, CS + 'changes/?action=5&action=2');
    expect(r.json.count).toBe(all.filter((c) => c.action === 5 || c.action === 2).length);
    expect(r.json.results[0].id).toBeGreaterThan(r.json.results[1].id); // newest first
    expect((await get(fake, CS + 'changes/?user=admin')).json.count).toBe(all.filter((c) => c.user === 'admin').length);
    const mid = all[20]!;
    const iso = new Date(Math.floor(mid.timestampUs / 1000)).toISOString(); // ms precision, ≤ mid
    const after = await get(fake, CS + 'changes/?timestamp_after=' + encodeURIComponent(iso.replace('Z', '+00:00')));
    expect(after.json.count).toBe(all.filter((c) => c.timestampUs >= mid.timestampUs - (mid.timestampUs % 1000)).length);
    const before = await get(fake, CS + 'changes/?timestamp_before=' + iso.replace('Z', '%2B00:00'));
    expect(before.json.count + after.json.count).toBe(all.length);
    const raw = await get(fake, CS + 'changes/?timestamp_after=' + iso.replace('Z', '+00:00'));
    expect(raw.status).toBe(400); // '+' decodes to a space
    const plural = r.json.results.find((c: { target: string }) => c.target.includes('\u001e\u001e'));
    expect(plural.target.split('\u001e\u001e')).toHaveLength(3);
    const asc = await start({ changesOrder: 'asc' });
    const a = await get(asc, CS + 'changes/');
    expect(a.json.results[0].id).toBe(all[0]!.id);
  });
});

describe('modes', () => {
  it('serves old shapes', async () => {
    const f = await start();
    f.oldShapes(true);
    const u = await get(f, CS + 'units/?q=souborů');
    expect(u.json.results[0].source).toBe('%d file\u001e\u001e%d files');
    const t = await get(f, CS);
    expect(t.json).not.toHaveProperty('is_source');
    expect(t.json).not.toHaveProperty('id');
    expect(t.json).not.toHaveProperty('units_list_url');
    expect(t.json.language.nplurals).toBe(3);
    expect(t.json.last_change).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    const c = await get(f, CS + 'changes/?user=admin');
    expect(c.json.results[0].user).toBe(1);
    f.oldShapes(false);
    expect((await get(f, CS)).json.is_source).toBe(false);
  });

  it('adds exotic fields to every object', async () => {
    const f = await start();
    f.exotic(true);
    const r = await get(f, CS + 'units/?page_size=1');
    expect(r.text).toContain('"x_big_int":123456789012345678901234567890');
    expect(r.text).toContain('"x_huge_float":1e400');
    expect(r.text).toContain('0.1000000000000000055511151231257827021181583404541015625');
    expect(Object.prototype.hasOwnProperty.call(r.json.results[0].x_extra, '__proto__')).toBe(true);
    expect(r.json.results[0].labels_url_x).toBeTypeOf('string');
    expect(r.json.count).toBe(32);
  });

  it('delays responses by latencyMs', async () => {
    const f = await start({ latencyMs: 40 });
    const t0 = performance.now();
    await get(f, CS);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(35);
  });
});

describe('faults', () => {
  it('status, html200, rawBody, redirect', async () => {
    fake.fault('/api/languages/de/', { kind: 'status', status: 429 });
    const t = await get(fake, '/api/languages/de/');
    expect(t.status).toBe(429);
    expect(t.headers.get('retry-after')).toBe('60');
    expect((await get(fake, '/api/languages/de/')).status).toBe(200); // times = 1

    fake.fault(/languages\/de\/statistics/, { kind: 'status', status: 502 }, 2);
    expect((await get(fake, '/api/languages/de/statistics/')).type).toContain('text/html');
    expect((await get(fake, '/api/languages/de/statistics/')).status).toBe(502);
    expect((await get(fake, '/api/languages/de/statistics/')).status).toBe(200);

    fake.fault((r) => r.query.get('probe') === 'html', { kind: 'html200' });
    const h = await get(fake, '/api/languages/en/?probe=html');
    expect(h.status).toBe(200);
    expect(h.text).toContain('<title>Login</title>');

    fake.fault('probe=raw', { kind: 'rawBody', body: '{"count":1,' });
    expect((await get(fake, '/api/languages/en/?probe=raw')).text).toBe('{"count":1,');

    fake.fault('probe=redirect', { kind: 'redirect', location: '/api/languages/ja/' });
    const res = await fetch(fake.origin + '/api/languages/en/?probe=redirect');
    expect(res.redirected).toBe(true);
    expect(((await res.json()) as { code: string }).code).toBe('ja');
    const rec = fake.requests.filter((r) => r.url.includes('probe=redirect'));
    expect(rec).toHaveLength(1);
  });

  it('truncate and reset make fetch fail', async () => {
    fake.fault('probe=truncate', { kind: 'truncate', bytes: 10 });
    const res = await fetch(fake.origin + CS + '?probe=truncate');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();

    fake.fault('probe=reset', { kind: 'reset' });
    await expect(fetch(fake.origin + CS + '?probe=reset')).rejects.toThrow();
  });

  it('close() resolves with stalled requests open', async () => {
    const f = await startFakeWeblate();
    let arrived!: () => void;
    const seen = new Promise<void>((r) => (arrived = r));
    let bodyArrived!: () => void;
    const seenBody = new Promise<void>((r) => (bodyArrived = r));
    f.fault(
      (r) => {
        if (r.url.includes('stall=1')) arrived();
        return r.url.includes('stall=1');
      },
      { kind: 'stall' },
    );
    f.fault(
      (r) => {
        if (r.url.includes('stall=2')) bodyArrived();
        return r.url.includes('stall=2');
      },
      { kind: 'stallBody' },
    );
    const stalled = fetch(f.origin + CS + '?stall=1');
    stalled.catch(() => undefined);
    await seen;
    const partial = await fetch(f.origin + CS + '?stall=2');
    await seenBody;
    expect(partial.status).toBe(200);
    const body = partial.text();
    body.catch(() => undefined);
    await f.close();
    await expect(stalled).rejects.toThrow();
    await expect(body).rejects.toThrow();
    expect(f.requests).toHaveLength(2);
  });
});
