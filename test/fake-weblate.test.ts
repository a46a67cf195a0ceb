import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_NAMES, DATA, FILE_LAST_MODIFIED, HASHES, HOSTILE, SAMPLE_OPTIONS, fakeFileBytes, startFakeWeblate } from './support/fake-weblate/index.js';
import type { FakeOptions, FakeWeblate } from './support/fake-weblate/index.js';
import { seededRandom } from './support/random.js';
import { nodeTs } from './support/run.js';
import { unzip } from './support/unzip.js';
import { crc32, zipStore } from './support/zip.js';

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

  it('holds each response for latencyMs on its timer, and answers when the timer fires', async () => {
    // The timer is the test's: the response must wait for it, whatever the clock says.
    const timers: Array<{ ms: number; fire: () => void }> = [];
    let scheduled!: () => void;
    const held = new Promise<'held'>((resolve) => (scheduled = () => resolve('held')));
    const f = await start({
      latencyMs: 40,
      setTimer: (fire, ms) => {
        timers.push({ ms, fire });
        scheduled();
        return () => {};
      },
    });
    const response = get(f, CS);
    // A server that ignored latencyMs would answer without scheduling anything: the response wins.
    expect(await Promise.race([held, response.then(() => 'answered')])).toBe('held');
    expect(timers.map((t) => t.ms)).toEqual([40]);
    timers[0]!.fire();
    const r = await response;
    expect([r.status, r.json.language_code]).toEqual([200, 'cs']);
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

// ---------------------------------------------------------------------------------------------
// whole server: lists, categories, changes at every scope, /api/units/, following history

const TOKEN = { headers: { Authorization: 'Token sekrit' } };
const sum = (keys: readonly string[], counts: Record<string, number>): number => keys.reduce((n, k) => n + (counts[k] ?? 0), 0);
const demoKeys = DATA.translations.filter((k) => k.startsWith('demo/'));
const keysOf = (component: string): string[] => DATA.translations.filter((k) => k.startsWith(component + '/'));
/** every item of a paginated list, following next links */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the items are the server's JSON, read freely by the tests below
async function all(f: FakeWeblate, path: string, init?: RequestInit): Promise<{ first: Got; items: any[] }> {
  const first = await get(f, path, init);
  expect(first.status, first.text).toBe(200);
  const items = [...first.json.results];
  let next: string | null = first.json.next;
  while (next) {
    const r = await get(f, next.slice(f.origin.length), init);
    items.push(...r.json.results);
    next = r.json.next;
  }
  expect(items).toHaveLength(first.json.count);
  return { first, items };
}

describe('whole server: lists and categories', () => {
  it('lists projects, components and translations paginated, with page_size honoured', async () => {
    const p = await get(fake, '/api/projects/?page_size=1');
    expect(p.json).toMatchObject({ count: 2, previous: null, next: `${fake.url}projects/?page=2&page_size=1` });
    expect((await get(fake, '/api/projects/', TOKEN)).json.count).toBe(3);

    const comps = await all(fake, '/api/components/?page_size=2');
    expect(comps.first.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(comps.items.map((c) => c.id)).toEqual([1, 2, 3, 4, 6]); // by id, private project left out
    expect(comps.items.every((c) => typeof c.project?.slug === 'string')).toBe(true);
    expect(comps.first.json.next).toBe(`${fake.url}components/?page=2&page_size=2`);
    expect((await get(fake, '/api/components/', TOKEN)).json.count).toBe(DATA.components.length);

    const trs = await all(fake, '/api/translations/?page_size=4');
    expect(trs.first.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(trs.items.map((t) => t.url.slice(`${fake.url}translations/`.length, -1)).sort()).toEqual([...DATA.translations].sort());
    expect(trs.items.map((t) => t.id)).toEqual([...trs.items.map((t) => t.id)].sort((a, b) => a - b));
    expect(trs.items[0].component.slug).toBe('android');
    const withToken = await get(fake, '/api/translations/?page_size=1000', TOKEN);
    expect(withToken.json.count).toBe(DATA.translations.length + DATA.privateTranslations.length);
  });

  it("lists a project's components like Weblate: by id, no project, category URL or null", async () => {
    const r = await all(fake, '/api/projects/demo/components/?page_size=3');
    expect(r.first.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(r.items.map((c) => c.slug)).toEqual(['android', 'glossary', 'guide', 'reference']);
    expect(r.items.some((c) => 'project' in c)).toBe(false);
    expect(r.items.map((c) => c.category)).toEqual([null, null, `${fake.url}categories/1/`, `${fake.url}categories/2/`]);
    expect(r.items[3].url).toBe(`${fake.url}components/demo/docs%2Fapi%2Freference/`);
    expect(r.items[3].web_url).toBe(`${fake.origin}/projects/demo/docs/api/reference/`);
    // the component detail keeps its project
    expect((await get(fake, '/api/components/demo/docs%2Fapi%2Freference/')).json.project.slug).toBe('demo');
    const modern = await start({ errorEnvelope: 'modern' });
    expect((await get(modern, '/api/projects/nope/components/')).json.errors[0].code).toBe('not_found');
  });

  it('serves categories with the CategorySerializer fields', async () => {
    const list = await get(fake, '/api/categories/');
    expect(list.status).toBe(200);
    expect(list.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect(list.json.count).toBe(2);
    const [docs, api] = list.json.results;
    expect(Object.keys(docs)).toEqual(['id', 'name', 'slug', 'project', 'category', 'url', 'statistics_url']);
    expect(docs).toEqual({
      id: 1,
      name: 'Docs',
      slug: 'docs',
      project: `${fake.url}projects/demo/`,
      category: null,
      url: `${fake.url}categories/1/`,
      statistics_url: `${fake.url}categories/1/statistics/`,
    });
    expect(api.category).toBe(`${fake.url}categories/1/`);
    const one = await get(fake, '/api/categories/2/');
    expect(one.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(one.json).toEqual(api);
    expect(one.text).toBe(fake.expected('/api/categories/2/').body);
    const proj = await get(fake, '/api/projects/demo/categories/?page_size=1');
    expect(proj.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(proj.json).toMatchObject({ count: 2, next: `${fake.url}projects/demo/categories/?page=2&page_size=1` });
    expect((await get(fake, '/api/projects/big/categories/')).json.count).toBe(0);
    for (const bad of ['/api/categories/9/', '/api/categories/abc/', '/api/categories/9/statistics/', '/api/projects/nope/categories/']) {
      const r = await get(fake, bad);
      expect([r.status, r.text], bad).toEqual([404, '{"detail":"Not found."}']);
    }
    const f = await start();
    f.oldShapes(true);
    expect((await get(f, '/api/categories/1/')).json).not.toHaveProperty('statistics_url');
  });

  it('sums category statistics over nested categories', async () => {
    const docs = await get(fake, '/api/categories/1/statistics/');
    expect(docs.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const units = sum([...keysOf('demo/docs%2Fguide'), ...keysOf('demo/docs%2Fapi%2Freference')], DATA.unitCounts);
    expect(docs.json).toMatchObject({ total: units, name: 'Docs', url: `${fake.origin}/projects/demo/docs/` });
    const api = await get(fake, '/api/categories/2/statistics/');
    expect(api.json).toMatchObject({ total: sum(keysOf('demo/docs%2Fapi%2Freference'), DATA.unitCounts), name: 'API' });
    expect(api.json.url).toBe(`${fake.origin}/projects/demo/docs/api/`);
    // the nested component keeps the project's translated percentage as before
    expect((await get(fake, '/api/projects/demo/statistics/')).json.translated_percent).toBe(76);
  });

  it('serves the component two categories deep at every level', async () => {
    const key = 'demo/docs%2Fapi%2Freference/cs';
    expect(DATA.translations).toContain(key);
    const t = await get(fake, `/api/translations/${key}/`);
    expect(t.json.component.category).toBe(`${fake.url}categories/2/`);
    const u = await get(fake, `/api/translations/${key}/units/`);
    expect(u.json.count).toBe(DATA.unitCounts[key]);
    expect(u.json.results[0].web_url).toMatch(new RegExp(`^${fake.origin}/translate/demo/docs/api/reference/cs/\\?checksum=`));
    expect((await get(fake, `/api/translations/${key}/changes/`)).json.count).toBe(DATA.changeCounts[key]);
  });
});

describe('changes at every scope', () => {
  it('lists project, component and server changes newest first with the translation Change shape', async () => {
    const proj = await all(fake, '/api/projects/demo/changes/?page_size=50');
    expect(proj.first.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(proj.items).toHaveLength(sum(demoKeys, DATA.changeCounts));
    const ids = proj.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(proj.items.every((c) => c.translation.startsWith(`${fake.url}translations/demo/`))).toBe(true);
    expect(Object.keys(proj.items[0])).toEqual([
      'unit',
      'component',
      'translation',
      'user',
      'author',
      'timestamp',
      'action',
      'target',
      'id',
      'action_name',
      'url',
    ]);
    // the same objects as the translation list
    const cs = (await get(fake, CS + 'changes/?page_size=1')).json.results[0];
    expect(proj.items.find((c) => c.id === cs.id)).toEqual(cs);

    const comp = await all(fake, '/api/components/demo/docs%2Fguide/changes/');
    expect(comp.items).toHaveLength(sum(keysOf('demo/docs%2Fguide'), DATA.changeCounts));
    expect(comp.items.every((c) => c.component === `${fake.url}components/demo/docs%2Fguide/`)).toBe(true);
    expect((await get(fake, '/api/components/demo/android/changes/')).json.count).toBe(sum(keysOf('demo/android'), DATA.changeCounts));

    const server = await get(fake, '/api/changes/?page_size=3');
    expect(server.json.count).toBe(sum(DATA.translations, DATA.changeCounts));
    expect(server.json.results[0].id).toBeGreaterThan(server.json.results[1].id);
    expect(server.json.next).toBe(`${fake.url}changes/?page=2&page_size=3`);
    const last = await get(fake, '/api/changes/?page_size=3&page=last');
    expect(last.json.results.at(-1).id).toBe(1);
    const authed = await get(fake, '/api/changes/?page_size=1', TOKEN);
    expect(authed.json.count).toBe(sum([...DATA.translations, ...DATA.privateTranslations], DATA.changeCounts));
    expect((await get(fake, '/api/projects/secret/changes/')).status).toBe(404);
    expect((await get(fake, '/api/projects/secret/changes/', TOKEN)).json.count).toBe(sum(DATA.privateTranslations, DATA.changeCounts));
  });

  it('answers JSON 404 for unknown scopes and HTML 404 for unknown paths', async () => {
    for (const path of [
      '/api/projects/nope/changes/',
      '/api/components/nope/android/changes/',
      '/api/components/demo/nope/changes/',
      '/api/components/demo/docs%2Fnope/changes/',
    ]) {
      const r = await get(fake, path);
      expect([r.status, r.text], path).toEqual([404, '{"detail":"Not found."}']);
    }
    expect((await get(fake, '/api/changes')).type).toContain('text/html');
    expect((await get(fake, '/api/projects/demo/changes/x/')).type).toContain('text/html');
    // components/<p>/<c>/ with c = 'changes': Weblate's router reads a component slug → JSON 404
    expect((await get(fake, '/api/components/demo/changes/')).text).toBe('{"detail":"Not found."}');
  });

  it('filters by action, user and timestamp at every scope', async () => {
    const demo = demoKeys.flatMap((k) => DATA.changes[k] ?? []);
    const p = await get(fake, '/api/projects/demo/changes/?action=5&action=2&page_size=1000');
    expect(p.json.count).toBe(demo.filter((c) => c.action === 5 || c.action === 2).length);
    const server = await get(fake, '/api/changes/?action=5&action=2&page_size=1000');
    expect(server.json.count).toBeGreaterThan(p.json.count); // big/strings/xx has generated ones too
    for (const r of [p, server]) expect(r.json.results.every((c: { action: number }) => c.action === 5 || c.action === 2)).toBe(true);
    const u = await get(fake, '/api/projects/demo/changes/?user=admin&page_size=1000');
    expect(u.json.count).toBe(demo.filter((c) => c.user === 'admin').length);
    const cut = [...demo].sort((a, b) => a.id - b.id)[100]!;
    const iso = new Date(Math.ceil(cut.timestampUs / 1000)).toISOString();
    const after = await get(fake, '/api/projects/demo/changes/?page_size=1000&timestamp_after=' + encodeURIComponent(iso));
    expect(after.json.count).toBe(demo.filter((c) => c.timestampUs >= Math.ceil(cut.timestampUs / 1000) * 1000).length);
    const comp = await get(fake, '/api/components/demo/android/changes/?action=37');
    expect(comp.json.results.map((c: { action_name: string }) => c.action_name)).toEqual(Array(comp.json.count).fill('Marked for edit'));
  });

  it('rejects an action that is not a Weblate choice with 400, in both envelopes', async () => {
    for (const bad of ['44', '16', '105', '05', 'added', '-1']) {
      for (const base of ['/api/changes/', '/api/projects/demo/changes/', '/api/components/demo/android/changes/', CS + 'changes/']) {
        const r = await get(fake, `${base}?action=2&action=${bad}`);
        expect([r.status, r.text], base + bad).toEqual([400, `{"action":["Select a valid choice. ${bad} is not one of the available choices."]}`]);
      }
    }
    expect((await get(fake, '/api/changes/?action=104')).status).toBe(200);
    const modern = await start({ errorEnvelope: 'modern' });
    const m = await get(modern, '/api/changes/?action=44');
    expect(m.json).toEqual({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: 'Select a valid choice. 44 is not one of the available choices.', attr: 'action' }],
    });
    const ts = await get(fake, '/api/changes/?timestamp_before=yesterday');
    expect([ts.status, ts.text]).toEqual([400, '{"timestamp":["Enter a valid date/time."]}']);
  });

  it('reverses every scope with changesOrder asc', async () => {
    const f = await start({ changesOrder: 'asc' });
    expect((await get(f, '/api/changes/?page_size=2')).json.results.map((c: { id: number }) => c.id)).toEqual([1, 2]);
    const p = (await get(f, '/api/projects/demo/changes/?page_size=1000')).json.results.map((c: { id: number }) => c.id);
    expect(p).toEqual([...p].sort((a, b) => a - b));
  });

  // Its speed is not asserted here (no wall-clock budgets in tests); the test's timeout bounds it.
  it('serves the first and last pages of a big server', async () => {
    const f = await start({ bigUnits: 100_000, bigChanges: 100_000 });
    const first = await get(f, '/api/changes/?page_size=1000');
    const last = await get(f, '/api/changes/?page_size=1000&page=last');
    const units = await get(f, '/api/units/?page=last&page_size=10000');
    expect(first.json.count).toBeGreaterThan(100_000);
    expect(last.json.results.at(-1).id).toBe(1);
    expect(units.json.count).toBeGreaterThan(200_000);
  });
});

describe('/api/units/', () => {
  const count = async (f: FakeWeblate, q: string, init?: RequestInit): Promise<number> => {
    const r = await get(f, '/api/units/?page_size=1&q=' + encodeURIComponent(q), init);
    expect(r.status, r.text).toBe(200);
    return r.json.count;
  };
  const units = (keys: readonly string[]): number => sum(keys, DATA.unitCounts);
  const cs = DATA.translations.filter((k) => k.endsWith('/cs'));

  it('lists every unit the caller can see, by id, with LargePagination', async () => {
    const f = await start({ defaultPageSize: 5, token: 'sekrit' });
    const r = await get(f, '/api/units/');
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(r.json.count).toBe(units(DATA.translations));
    expect(r.json.results).toHaveLength(10); // 2 × PAGE_SIZE
    expect(r.json.next).toBe(`${f.url}units/?page=2`);
    expect(r.json.results[0]).toEqual((await get(f, CS.replace('/cs/', '/en/') + 'units/?page_size=1')).json.results[0]);
    expect(r.json.results[0].translation).toBe(`${f.url}translations/demo/android/en/`);
    const ids = (await all(f, '/api/units/?page_size=400')).items.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await get(f, '/api/units/?page_size=20000')).json.results).toHaveLength(units(DATA.translations)); // cap 10000
    expect((await get(f, '/api/units/?page_size=1', TOKEN)).json.count).toBe(units([...DATA.translations, ...DATA.privateTranslations]));
    const sized = await start({ unitsPageSize: 3 });
    expect((await get(sized, '/api/units/')).json.results).toHaveLength(3);
  });

  it('filters with project:, language:, component: and path: scope terms', async () => {
    expect(await count(fake, 'project:demo')).toBe(units(demoKeys));
    expect(await count(fake, 'project:DEMO')).toBe(units(demoKeys)); // iexact
    expect(await count(fake, 'project:=DEMO')).toBe(0); // := is exact
    expect(await count(fake, 'project:secret')).toBe(0);
    expect(await count(fake, 'project:secret', TOKEN)).toBe(units(DATA.privateTranslations));
    expect(await count(fake, 'language:cs')).toBe(units(cs));
    expect(await count(fake, 'language:c')).toBe(0);
    // component: slug or name, substring, case-insensitive: not the category path
    expect(await count(fake, 'component:guide')).toBe(units(keysOf('demo/docs%2Fguide')));
    expect(await count(fake, 'component:Reference')).toBe(units(keysOf('demo/docs%2Fapi%2Freference')));
    expect(await count(fake, 'component:docs/guide')).toBe(0);
    expect(await count(fake, 'component:droid')).toBe(units(keysOf('demo/android')));
    expect(await count(fake, 'component:=droid')).toBe(0);
    expect(await count(fake, 'component:=GLOSSARY')).toBe(units(keysOf('demo/glossary')));
    // path: project, category (nested included), component, translation, project/-/language
    expect(await count(fake, 'path:demo')).toBe(units(demoKeys));
    expect(await count(fake, 'path:demo/docs')).toBe(units([...keysOf('demo/docs%2Fguide'), ...keysOf('demo/docs%2Fapi%2Freference')]));
    expect(await count(fake, 'path:demo/docs/api')).toBe(units(keysOf('demo/docs%2Fapi%2Freference')));
    expect(await count(fake, 'path:demo/docs/guide')).toBe(units(keysOf('demo/docs%2Fguide')));
    expect(await count(fake, 'path:demo/docs/guide/cs')).toBe(DATA.unitCounts['demo/docs%2Fguide/cs']);
    expect(await count(fake, 'path:demo/-/cs')).toBe(units(cs.filter((k) => k.startsWith('demo/'))));
    expect(await count(fake, 'path:demo/docs/-/en')).toBe(units(['demo/docs%2Fguide/en', 'demo/docs%2Fapi%2Freference/en']));
    expect(await count(fake, 'path:demo/nope')).toBe(0);
    // combined with the other terms and the boolean operators
    const s = DATA.stateCounts['demo/android/cs']!;
    expect(await count(fake, 'project:demo AND component:android AND language:cs AND state:<translated')).toBe((s[0] ?? 0) + (s[10] ?? 0));
    expect(await count(fake, '(language:de OR language:ar) AND component:android')).toBe(units(['demo/android/de', 'demo/android/ar']));
    expect(await count(fake, 'project:demo NOT language:en')).toBe(units(demoKeys.filter((k) => !k.endsWith('/en'))));
    expect(await count(fake, 'project:big state:read-only')).toBe(DATA.unitCounts['big/strings/en']);
    const hit = await get(fake, '/api/units/?q=' + encodeURIComponent('language:cs AND context:app_name'));
    expect(hit.json.results.map((u: { translation: string }) => u.translation)).toEqual([`${fake.url}translations/demo/android/cs/`]);
  });

  it('keeps q paging links and rejects a bad q with 400', async () => {
    const r = await get(fake, '/api/units/?page_size=2&q=' + encodeURIComponent('project:demo language:cs'));
    expect(r.json.next).toBe(`${fake.url}units/?page=2&page_size=2&q=project%3Ademo+language%3Acs`);
    const bad = await get(fake, '/api/units/?q=' + encodeURIComponent('project:demo AND ('));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(bad.text)[0]).toMatch(/^Could not parse query string: /);
    expect((await get(fake, '/api/units/?q=bogus%3Ax')).text).toBe('["Could not parse query string: Unsupported field: bogus"]');
    // scope terms work on a translation's list too
    expect((await get(fake, CS + 'units/?q=project%3Abig')).json.count).toBe(0);
    expect((await get(fake, CS + 'units/?q=path%3Ademo%2Fandroid%2Fcs')).json.count).toBe(32);
  });

  it('simulates a server before 4.14.1 that ignores q (option and toggle)', async () => {
    const all = units(DATA.translations);
    const old = await start({ oldUnitsSearch: true });
    expect(await count(old, 'project:demo')).toBe(all);
    expect((await get(old, '/api/units/?q=' + encodeURIComponent('((('))).status).toBe(200);
    expect((await get(old, CS + 'units/?q=state%3Aempty')).json.count).toBe(DATA.stateCounts['demo/android/cs']![0]); // only /api/units/
    const f = await start();
    f.oldUnitsSearch(true);
    expect(await count(f, 'language:cs')).toBe(all);
    f.oldUnitsSearch(false);
    expect(await count(f, 'language:cs')).toBe(units(cs));
  });
});

describe('following history: addChanges, action names, rate limits', () => {
  it('exports the full action table and sends those names', async () => {
    expect(DATA.actionNames).toBe(ACTION_NAMES);
    expect(ACTION_NAMES[2]).toBe('Translation changed');
    expect(ACTION_NAMES[36]).toBe('Translation approved');
    expect(ACTION_NAMES[59]).toBe('String updated in the repository');
    expect(ACTION_NAMES[65]).toBe('Comment resolved');
    expect(ACTION_NAMES[104]).toBe('Alert reopened');
    for (const gone of [10, 11, 12, 16, 40, 44, 105]) expect(ACTION_NAMES[gone]).toBeUndefined();
    expect(Object.keys(ACTION_NAMES)).toHaveLength(99); // 0-9, 13-15, 17-39, 41-43, 45-104
    const r = await get(fake, '/api/changes/?page_size=1000');
    for (const c of r.json.results as { action: number; action_name: string }[]) expect(c.action_name).toBe(ACTION_NAMES[c.action]);
  });

  it('adds changes that every scope and the detail route list first', async () => {
    const f = await start({ defaultPageSize: 5 });
    const before = (await get(f, '/api/changes/')).json;
    const newest = before.results[0];
    const unit = DATA.units['demo/android/cs']![3]!;
    const ids = f.addChanges('demo/android/cs', [
      { action: 2, user: 'alice', target: 'Nový text', unit: unit.id },
      { action: 36, user: 'bob' },
    ]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeGreaterThan(newest.id);
    expect(ids[1]).toBe(ids[0]! + 1);
    for (const path of [CS + 'changes/', '/api/components/demo/android/changes/', '/api/projects/demo/changes/', '/api/changes/']) {
      const r = await get(f, path);
      expect(
        r.json.results.slice(0, 2).map((c: { id: number }) => c.id),
        path,
      ).toEqual([ids[1], ids[0]]);
    }
    expect((await get(f, '/api/changes/')).json.count).toBe(before.count + 2);
    expect((await get(f, '/api/components/demo/glossary/changes/')).json.results[0].id).toBeLessThan(ids[0]!);
    const one = await get(f, `/api/changes/${ids[0]}/`);
    expect(one.json).toEqual({
      unit: `${f.url}units/${unit.id}/`,
      component: `${f.url}components/demo/android/`,
      translation: `${f.url}translations/demo/android/cs/`,
      user: `${f.url}users/alice/`,
      author: `${f.url}users/alice/`,
      timestamp: one.json.timestamp,
      action: 2,
      target: 'Nový text',
      id: ids[0],
      action_name: 'Translation changed',
      url: `${f.url}changes/${ids[0]}/`,
    });
    expect(Date.parse(one.json.timestamp)).toBeGreaterThan(Date.parse(newest.timestamp));
    const second = (await get(f, `/api/changes/${ids[1]}/`)).json;
    expect([second.unit, second.action_name, second.target]).toEqual([null, 'Translation approved', '']);
    expect(Date.parse(second.timestamp)).toBeGreaterThan(Date.parse(one.json.timestamp));
    // a poller asking for what came after the previous newest change sees exactly the new ones
    const since = await get(f, '/api/changes/?timestamp_after=' + encodeURIComponent(one.json.timestamp));
    expect(since.json.results.map((c: { id: number }) => c.id)).toEqual([ids[1], ids[0]]);
    expect((await get(f, '/api/changes/?user=bob')).json.results.map((c: { id: number }) => c.id)).toEqual([ids[1]]);
    // a category component and slash-joined keys
    const [g] = f.addChanges('demo/docs/guide/cs', [{ action: 5 }]);
    expect((await get(f, '/api/components/demo/docs%2Fguide/changes/')).json.results[0].id).toBe(g);
    expect((await get(f, '/api/projects/demo/changes/')).json.results[0].id).toBe(g);
  });

  it('orders equal and explicit timestamps by timestamp, then id', async () => {
    const f = await start();
    const newest = (await get(f, '/api/changes/?page_size=1')).json.results[0];
    const at = Date.parse(newest.timestamp) * 1000 + 5_000_000;
    const same = f.addChanges('demo/android/de', [
      { action: 2, timestampUs: at },
      { action: 2, timestampUs: at },
      { action: 2, timestampUs: at },
    ]);
    const r = await get(f, '/api/changes/?page_size=4');
    expect(r.json.results.slice(0, 3).map((c: { id: number }) => c.id)).toEqual([...same].reverse());
    expect(new Set(r.json.results.slice(0, 3).map((c: { timestamp: string }) => c.timestamp)).size).toBe(1);
    // a change dated in the past goes where its timestamp puts it
    const old = DATA.changes['demo/android/de']![1]!;
    const [past] = f.addChanges('demo/android/de', [{ action: 8, timestampUs: old.timestampUs }]);
    const de = (await get(f, '/api/translations/demo/android/de/changes/?page_size=1000')).json.results.map((c: { id: number }) => c.id);
    expect(de.indexOf(past)).toBe(de.indexOf(old.id) - 1); // same time, higher id first
    const all = (await get(f, '/api/projects/demo/changes/?page_size=1000')).json.results;
    expect(all.findIndex((c: { id: number }) => c.id === past)).toBe(all.findIndex((c: { id: number }) => c.id === old.id) - 1);
    const asc = await start({ changesOrder: 'asc' });
    const ids = asc.addChanges('demo/android/cs', [{ action: 2 }]);
    expect((await get(asc, '/api/changes/?page=last')).json.results.at(-1).id).toBe(ids[0]);
  });

  it('refuses impossible changes', async () => {
    const f = await start();
    expect(() => f.addChanges('demo/android/xx', [{ action: 2 }])).toThrow(/unknown translation/);
    expect(() => f.addChanges('demo/android/cs', [{ action: 44 }])).toThrow(/action/);
    expect(() => f.addChanges('demo/android/cs', [{ action: 2, unit: DATA.units['demo/android/de']![0]!.id }])).toThrow(/not in/);
    expect(f.addChanges('demo/android/cs', [])).toEqual([]);
  });

  it('sets rate-limit headers and optionally throttles at 0', async () => {
    const f = await start({ token: 'sekrit' });
    expect(f.rateLimit({ remaining: 3, reset: 60 })).toEqual({
      anonymous: { limit: 100, remaining: 3, reset: 60 },
      token: { limit: 5000, remaining: 3, reset: 60 },
      enforce: false,
      on: true,
    });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await get(f, '/api/languages/cs/');
      expect(r.status).toBe(200);
      seen.push(`${r.headers.get('x-ratelimit-remaining')}/${r.headers.get('x-ratelimit-reset')}/${r.headers.get('x-ratelimit-limit')}`);
    }
    expect(seen).toEqual(['2/60/100', '1/60/100', '0/60/100', '0/60/100']);
    expect((await get(f, '/api/languages/cs/', TOKEN)).headers.get('x-ratelimit-remaining')).toBe('2');

    f.rateLimit({ remaining: 1, limit: 10, enforce: true });
    const ok = await get(f, '/api/languages/cs/');
    expect([ok.status, ok.headers.get('x-ratelimit-remaining'), ok.headers.get('x-ratelimit-limit')]).toEqual([200, '0', '10']);
    const no = await get(f, '/api/languages/cs/');
    expect(no.status).toBe(429);
    expect(no.headers.get('retry-after')).toBe('60');
    expect(no.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(no.text).toBe('{"detail":"Request was throttled. Expected available in 60 seconds."}');
    expect((await get(f, '/api/nope/')).status).toBe(404); // unknown paths are not throttled (no DRF view)

    expect(f.rateLimit(null)).toEqual({
      anonymous: { limit: 100, remaining: 100, reset: 86352 },
      token: { limit: 5000, remaining: 5000, reset: 3570 },
      enforce: false,
      on: true,
    });
    const back = await get(f, '/api/languages/cs/');
    expect([back.status, back.headers.get('x-ratelimit-remaining'), back.headers.get('x-ratelimit-reset')]).toEqual([200, '99', '86352']);
    // the 429 fault keeps working
    f.fault('/api/languages/de/', { kind: 'status', status: 429 });
    expect((await get(f, '/api/languages/de/')).headers.get('retry-after')).toBe('60');
    expect(() => f.rateLimit({ remaining: -1 })).toThrow(/non-negative/);
    const initial = await start({ rateLimit: { remaining: 1, reset: 5, enforce: true } });
    await get(initial, '/api/languages/cs/');
    const t = await get(initial, '/api/languages/cs/');
    expect([t.status, t.headers.get('retry-after'), t.text]).toEqual([429, '5', '{"detail":"Request was throttled. Expected available in 5 seconds."}']);
  });

  it('main.js: --old-units-search, --rate-limit-* and --new-change-every', async () => {
    const main = fileURLToPath(new URL('./support/fake-weblate/main.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      nodeTs(main, '--old-units-search', '--rate-limit-remaining', '7', '--rate-limit-reset', '30', '--new-change-every', '20'),
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Each live change is announced on stderr once it is served: the test waits for those lines.
    const announced: string[] = [];
    let announcement: (() => void) | undefined;
    createInterface({ input: child.stderr }).on('line', (line) => {
      announced.push(line);
      announcement?.();
    });
    const nthChange = async (n: number): Promise<string> => {
      while (announced.length < n) await new Promise<void>((resolve) => (announcement = resolve));
      return announced[n - 1]!;
    };
    try {
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`main.js exited with ${code} (run npm run build first)`)));
      });
      const u = await fetch(url + 'units/?page_size=1&q=project%3Abig');
      expect(u.headers.get('x-ratelimit-remaining')).toBe('6');
      expect(u.headers.get('x-ratelimit-reset')).toBe('30');
      expect(((await u.json()) as { count: number }).count).toBe(sum(DATA.translations, DATA.unitCounts));
      const count = async () => ((await (await fetch(url + 'translations/demo/android/cs/changes/?page_size=1')).json()) as { count: number }).count;
      const line = await nthChange(2);
      expect(line).toMatch(/^fake-weblate: new change \d+: Live edit 2$/);
      const id = Number(/\d+/.exec(line)![0]);
      expect(await count()).toBeGreaterThanOrEqual(DATA.changeCounts['demo/android/cs']! + 2);
      const change = (await (await fetch(`${url}changes/${id}/`)).json()) as { id: number; target: string; user: string | null };
      expect([change.id, change.target, change.user]).toEqual([id, 'Live edit 2', `${url}users/admin/`]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

// Issue 24, item 20: the sample server promises no rate limit; tests that exercise limits turn them on.
describe('no rate limit (SAMPLE_OPTIONS: the sample server)', () => {
  it("sends no X-RateLimit header and never throttles, past Weblate's anonymous 100; rateLimit() turns it on and off", async () => {
    expect(SAMPLE_OPTIONS.rateLimit).toBe(false);
    const f = await start(SAMPLE_OPTIONS);
    for (let i = 0; i < 105; i++) {
      const r = await get(f, '/api/languages/cs/');
      expect(r.status).toBe(200);
      expect([...r.headers.keys()].filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    }
    expect(f.rateLimit({ remaining: 1, enforce: true })).toMatchObject({ on: true, anonymous: { limit: 100, remaining: 1 } });
    expect((await get(f, '/api/languages/cs/')).headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await get(f, '/api/languages/cs/')).status).toBe(429);
    expect(f.rateLimit(false)).toMatchObject({ on: false });
    const off = await get(f, '/api/languages/cs/');
    expect([off.status, off.headers.get('x-ratelimit-limit')]).toEqual([200, null]);
  });
});

// Issue 24, item 20: the zips of …/file/ are zip files (`unzip -l` failed on them), holding what
// Weblate's download_multi puts in them.
describe('…/file/ zips', () => {
  const bytes = async (path: string): Promise<Buffer> => Buffer.from(await (await fetch(fake.url + path)).arrayBuffer());
  const ANDROID = ['ar', 'cs', 'de', 'ja'].map((l) => `demo/android/app/src/main/res/values-${l}/strings.xml`);

  it('crc32 is CRC-32 (zlib agrees on the check value and on random bytes)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    const rnd = seededRandom(24);
    for (let i = 0; i < 50; i++) {
      const data = Buffer.from(Array.from({ length: Math.floor(rnd() * 3000) }, () => Math.floor(rnd() * 256)));
      expect(crc32(data)).toBe(zlibCrc32(data));
    }
  });

  it("zipStore writes what Python's zipfile reads back: names (UTF-8), stored bytes, an empty archive", async () => {
    const entries = [
      { name: 'a/ž.txt', data: Buffer.from('žluťoučký\n') },
      { name: 'bin', data: Buffer.from(Array.from({ length: 512 }, (_, i) => i & 0xff)) },
    ];
    expect(await unzip(zipStore(entries, new Date(FILE_LAST_MODIFIED)))).toEqual(entries.map((e) => ({ ...e, method: 0 })));
    expect(await unzip(zipStore([], new Date(FILE_LAST_MODIFIED)))).toEqual([]);
    await expect(unzip(Buffer.from('PK\u0003\u0004 not a zip'))).rejects.toThrow(/not a valid zip/);
  });

  it('reading a zip leaves the event loop turning (a loop blocked past the keep-alive made the next request fail)', async () => {
    // While the loop is blocked (spawnSync), neither undici's idle timer nor the server's runs: past
    // the server's 5 s keep-alive the next request goes out on a socket the server then closes.
    const reading = unzip(zipStore([], new Date(FILE_LAST_MODIFIED)));
    const first = await Promise.race([reading.then(() => 'unzipped'), new Promise((r) => setImmediate(() => r('turned')))]);
    expect(first).toBe('turned');
    expect(await reading).toEqual([]);
  });

  it("a component's zip holds each translation's file at its repository path in Weblate's VCS folder, byte for byte", async () => {
    const zip = await bytes('components/demo/android/file/');
    expect(zip.equals(fakeFileBytes('demo/android', true, null))).toBe(true);
    const entries = await unzip(zip);
    expect(entries.map((e) => e.name)).toEqual([...ANDROID, 'demo/android/app/src/main/res/values/strings.xml']);
    for (const e of entries) {
      expect(e.method).toBe(0);
      const lang = /values-(\w+)\//.exec(e.name)?.[1] ?? 'en';
      expect(e.data.equals(await bytes(`translations/demo/android/${lang}/file/`))).toBe(true);
    }
  });

  it('a project zip holds every component (categories as folders); a translation without a filename has no file', async () => {
    const names = (await unzip(await bytes('projects/demo/file/'))).map((e) => e.name);
    expect(names).toEqual([
      ...ANDROID,
      'demo/android/app/src/main/res/values/strings.xml',
      'demo/docs/api/reference/docs/cs/api/reference.md',
      'demo/docs/api/reference/docs/en/api/reference.md',
      'demo/docs/guide/docs/cs/guide.md',
      'demo/docs/guide/docs/en/guide.md',
    ]);
    expect((await unzip(await bytes('components/demo/docs%2Fguide/file/'))).map((e) => e.name)).toEqual([
      'demo/docs/guide/docs/cs/guide.md',
      'demo/docs/guide/docs/en/guide.md',
    ]);
    expect(await unzip(await bytes('components/demo/glossary/file/'))).toEqual([]);
  });

  it("zip:FMT converts every translation, named as Weblate's exporter names it; zip alone is the files as stored", async () => {
    const po = await unzip(await bytes('components/demo/docs%2Fguide/file/?format=zip:po'));
    expect(po.map((e) => e.name)).toEqual(['demo-docs-guide-en.po', 'demo-docs-guide-cs.po']);
    expect(po[1]!.data.equals(await bytes('translations/demo/docs%2Fguide/cs/file/?format=po'))).toBe(true);
    expect((await unzip(await bytes('projects/demo/file/?format=zip:xliff'))).map((e) => e.name)).toContain('demo-glossary-cs.xlf');
    expect((await bytes('components/demo/android/file/?format=zip')).equals(await bytes('components/demo/android/file/'))).toBe(true);
  });
});

// Issue 24, item 20: `wli api /users/` (an example of --help and the guide) was a 404.
describe('/api/users/', () => {
  it("lists the users the changes name, by id, with BasicUserSerializer's fields for an anonymous caller", async () => {
    const r = await get(fake, '/api/users/');
    expect([r.status, r.headers.get('allow')]).toEqual([200, 'GET, POST, HEAD, OPTIONS']);
    expect(r.json).toEqual({ count: 1, next: null, previous: null, results: [{ id: 1, full_name: 'Weblate Admin', username: 'admin' }] });
    expect((await get(fake, '/api/users/admin/')).json).toEqual({ id: 1, full_name: 'Weblate Admin', username: 'admin' });
  });

  it('every user a change links to answers at that link', async () => {
    const changes = (await get(fake, '/api/changes/?page_size=1000', TOKEN)).json.results as { user: string | null; author: string | null }[];
    const links = new Set(changes.flatMap((c) => [c.user, c.author]).filter((u): u is string => u !== null));
    expect(links.size).toBeGreaterThan(0);
    for (const link of links) {
      const r = await get(fake, new URL(link).pathname);
      expect([r.status, r.json.username]).toEqual([200, /users\/([^/]+)\/$/.exec(link)![1]]);
    }
  });

  it('a token sees the full fields; an unknown user is a JSON 404; username (prefix) and id filter the list', async () => {
    const full = (await get(fake, '/api/users/admin/', TOKEN)).json;
    expect(full).toMatchObject({ id: 1, username: 'admin', full_name: 'Weblate Admin', is_active: true, url: `${fake.url}users/admin/` });
    expect(Object.keys(full)).toContain('statistics_url');
    const none = await get(fake, '/api/users/nobody/');
    expect([none.status, none.json]).toEqual([404, { detail: 'Not found.' }]);
    expect((await get(fake, '/api/users/?username=adm')).json.count).toBe(1);
    expect((await get(fake, '/api/users/?username=dmin')).json.count).toBe(0);
    expect((await get(fake, '/api/users/?id=2')).json.count).toBe(0);
    expect((await get(fake, '/api/users/?id=x')).status).toBe(400);
  });

  it('a change added by a new user adds that user, next by id', async () => {
    const f = await start();
    f.addChanges('demo/android/cs', [{ action: 2, user: 'jana' }]);
    expect((await get(f, '/api/users/')).json.results).toEqual([
      { id: 1, full_name: 'Weblate Admin', username: 'admin' },
      { id: 2, full_name: 'jana', username: 'jana' },
    ]);
  });
});
