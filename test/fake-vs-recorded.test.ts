// The fake server cannot drift from Weblate: each response recorded from a real Weblate 5.4.2 server
// (test/fixtures/weblate-5.4.2, copied from the shared examples) is held against what the fake
// answers to the same request: the same status, the same field names, the same JSON types.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import { startFakeWeblate, type FakeWeblate } from './support/fake-weblate/index.js';

const TOKEN = 'wlu_recorded-shapes-token';
let fake: FakeWeblate;
beforeAll(async () => {
  fake = await startFakeWeblate({ token: TOKEN });
});
afterAll(() => fake.close());

const recorded = (name: string) => readFileSync(new URL(`./fixtures/weblate-5.4.2/${name}`, import.meta.url), 'utf8');
const authed = { authorization: `Token ${TOKEN}` };

/** Fixture → the request it records (path and query under /api/, and how it was authenticated). */
const CASES: Array<[file: string, request: string, headers?: Record<string, string>]> = [
  ['GET_api_components_demo_android_translations.200.json', 'components/demo/android/translations/', authed],
  ['GET_api_languages_cs.200.json', 'languages/cs/', authed],
  ['GET_api_languages_cs_statistics.200.json', 'languages/cs/statistics/', authed],
  ['GET_api_projects_demo_languages.200.json', 'projects/demo/languages/', authed],
  ['GET_api_projects_demo_statistics.200.json', 'projects/demo/statistics/', authed],
  ['GET_api_translations_demo_android_cs.200.json', 'translations/demo/android/cs/', authed],
  ['GET_api_translations_demo_android_cs__invalid-token.401.json', 'translations/demo/android/cs/', { authorization: 'Token wlu_not-the-token' }],
  ['GET_api_translations_demo_android_cs_changes__page_size-5.200.json', 'translations/demo/android/cs/changes/?page_size=5', authed],
  ['GET_api_translations_demo_android_cs_changes__page_size-5__page-2.200.json', 'translations/demo/android/cs/changes/?page_size=5&page=2', authed],
  ['GET_api_translations_demo_android_cs_statistics.200.json', 'translations/demo/android/cs/statistics/', authed],
  ['GET_api_translations_demo_android_cs_units__page-999.404.json', 'translations/demo/android/cs/units/?page=999', authed],
  ['GET_api_translations_demo_android_cs_units__page_size-5.200.json', 'translations/demo/android/cs/units/?page_size=5', authed],
  ['GET_api_translations_demo_android_cs_units__page_size-5__page-2.200.json', 'translations/demo/android/cs/units/?page_size=5&page=2', authed],
  ['GET_api_translations_demo_android_cs_units__page_size-5__page-last.200.json', 'translations/demo/android/cs/units/?page_size=5&page=last', authed],
  ['GET_api_translations_demo_android_cs_units__q-invalid.400.json', 'translations/demo/android/cs/units/?q=%28', authed],
  ['GET_api_translations_demo_android_cs_units__q-state-lt-translated.200.json', 'translations/demo/android/cs/units/?q=state%3A%3Ctranslated', authed],
  ['GET_api_translations_demo_glossary_cs_units.200.json', 'translations/demo/glossary/cs/units/', authed],
  ['GET_api_translations_nonexistent_android_cs.404.json', 'translations/nonexistent/android/cs/', authed],
  ['GET_api_translations_secret_android_cs__anonymous.404.json', 'translations/secret/android/cs/'],
  ['GET_api_translations_demo_android_cs__no-trailing-slash.404.html', 'translations/demo/android/cs', authed],
];

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' && v && 'raw' in v ? 'number' : typeof v);

/** Where the fake's value differs in shape from the real one: missing or extra fields, other types. */
function drift(real: unknown, ours: unknown, path: string, out: string[]): void {
  // A field Weblate sends as null may hold a value elsewhere, and the other way round.
  if (real === null || ours === null) return;
  if (kind(real) !== kind(ours)) {
    out.push(`${path}: ${kind(real)} in Weblate, ${kind(ours)} in the fake`);
    return;
  }
  if (Array.isArray(real) && Array.isArray(ours)) {
    if (real.length && ours.length) drift(real[0], ours[0], `${path}[0]`, out);
    return;
  }
  if (kind(real) !== 'object') return;
  const r = real as Record<string, unknown>;
  const o = ours as Record<string, unknown>;
  for (const k of Object.keys(r)) if (!(k in o)) out.push(`${path}.${k}: missing in the fake`);
  for (const k of Object.keys(o)) if (!(k in r)) out.push(`${path}.${k}: not sent by Weblate`);
  for (const k of Object.keys(r)) if (k in o) drift(r[k], o[k], `${path}.${k}`, out);
}

describe('the fake server answers like Weblate 5.4.2', () => {
  it.each(CASES)('%s', (file, request, headers = {}) => {
    const status = Number(/\.(\d{3})\.\w+$/.exec(file)![1]);
    const got = fake.expected(`${new URL(fake.url).pathname}${request}`, headers);
    expect(got.status).toBe(status);
    const body = recorded(file);
    const out: string[] = [];
    if (file.endsWith('.html')) expect(got.headers['Content-Type'] ?? got.headers['content-type']).toMatch(/^text\/html/);
    else drift(parseJson(body), parseJson(got.body), '$', out);
    expect(out).toEqual([]);
  });

  it('the comparison itself sees a missing field, an extra one and a changed type', () => {
    const out: string[] = [];
    drift({ results: [{ id: 1, id_hash: 2, state: 20 }] }, { results: [{ id: '1', id_hash: 2, extra: true }] }, '$', out);
    expect(out).toEqual([
      '$.results[0].state: missing in the fake',
      '$.results[0].extra: not sent by Weblate',
      '$.results[0].id: number in Weblate, string in the fake',
    ]);
  });
});
