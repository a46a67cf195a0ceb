// Which translation pull takes for the source (commands/pull/translations.ts isSource), on plain
// objects as the server sends them, read through the TranslationView: is_source when sent; else (old
// servers) the component's source language; else is_template.
import { describe, expect, it } from 'vitest';
import { isSource, type Listed } from '../src/commands/pull/translations.js';
import { translationView } from '../src/weblate/views/translation.js';

const listed = (raw: Record<string, unknown>, language: string, sourceLanguage?: string): Listed => ({
  target: `demo/android/${language}`,
  project: 'demo',
  component: ['android'],
  language,
  translation: translationView(raw),
  sourceLanguage,
});

describe('isSource', () => {
  it.each([
    ['is_source true', { is_source: true, is_template: false }, 'en', undefined, true],
    ['is_source false wins over the source language', { is_source: false }, 'en', 'en', false],
    ['no is_source: the source language', {}, 'en', 'en', true],
    ['no is_source: another language', { is_template: true }, 'cs', 'en', false],
    ['neither: is_template', { is_template: true }, 'en', undefined, true],
    ['neither: is_template not a boolean', { is_template: 'true' }, 'en', undefined, false],
    ['nothing said', {}, 'cs', undefined, false],
  ])('%s', (_name, raw, language, sourceLanguage, expected) => {
    expect(isSource(listed(raw, language, sourceLanguage))).toBe(expected);
  });

  it('the view reads is_template as sent, the raw object untouched', () => {
    const raw = { is_template: true, filename: 'po/en.po' };
    const v = translationView(raw);
    expect(v.isTemplate).toBe(true);
    expect(translationView({}).isTemplate).toBeUndefined();
    expect(v.raw).toBe(raw);
  });
});
