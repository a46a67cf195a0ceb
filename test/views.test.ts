// The typed views of Weblate's objects (src/weblate/views/): table tests on plain objects, as the
// server sends them (parsed by wli's own JSON codec: exact big numbers included). A view reads; its
// raw object is the one it was given, untouched.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../src/codec/json.js';
import type { Item } from '../src/core/page.js';
import { languageView } from '../src/weblate/views/language.js';
import { translationView } from '../src/weblate/views/translation.js';
import { statisticsView } from '../src/weblate/views/statistics.js';
import { changeView } from '../src/weblate/views/change.js';
import { repositoryView } from '../src/weblate/views/repository.js';
import { unitView } from '../src/weblate/views/unit.js';
import { componentView } from '../src/weblate/views/component.js';
import { memoryResultView } from '../src/weblate/views/memory.js';

const item = (json: string): Item => parseJson(json) as Item;

describe('LanguageView', () => {
  it.each([
    ['current (plural nested)', '{"code":"cs","plural":{"number":3,"formula":"n==1?0:1"},"aliases":["cz"]}', 3, '3 forms: n==1?0:1', ['cz']],
    ['old (nplurals, pluralequation)', '{"code":"cs","nplurals":2,"pluralequation":"n != 1"}', 2, '2 forms: n != 1', []],
    ['no plural rule', '{"code":"cs","aliases":[1,"x"]}', undefined, '', ['x']],
  ])('%s', (_name, json, number, text, aliases) => {
    const l = languageView(item(json));
    expect(l.plural?.number).toBe(number);
    expect(l.pluralText).toBe(text);
    expect(l.aliasList).toEqual(aliases);
    expect(l.code).toBe('cs');
    expect(l.langCode).toBe('cs');
  });
});

describe('TranslationView', () => {
  it('display getters return the field as sent; typed getters read it', () => {
    const raw = item(
      '{"language":{"code":"sr_Latn"},"language_code":"b+sr+Latn","is_source":false,"translated_percent":"87.5","total":0,"filename":"po/sr.po","revision":"","web_url":"https://w/x","failing_checks":12345678901234567890}',
    );
    const t = translationView(raw);
    expect(t.raw).toBe(raw);
    expect(t.languageCode).toBe('b+sr+Latn');
    expect(t.langCode).toBe('sr_Latn');
    expect(t.fileLangCode).toBe('b+sr+Latn');
    expect(t.isSource).toBe(false);
    expect(t.translatedPercent).toBe('87.5');
    expect(t.percent).toBe(87.5);
    expect(t.totalCount).toBe(0);
    expect(t.file).toBe('po/sr.po');
    expect(t.revisionText).toBeUndefined();
    expect(t.webUrl).toBe('https://w/x');
    // An exact big number stays itself for display; as a number it is a double.
    expect(t.failingChecks).toBe(raw.failing_checks);
    expect(t.failingChecksCount).toBe(12345678901234567000);
    expect(t.statistic('failing_checks')).toBe(raw.failing_checks);
  });

  it('reads undefined where the server sent nothing, or another type', () => {
    const t = translationView(item('{"is_source":"yes","translated_percent":null,"filename":7}'));
    expect([t.isSource, t.percent, t.file, t.totalCount, t.langCode, t.language]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('the other views', () => {
  it('StatisticsView: a field named at run time, and the Translation fallback’s is_source', () => {
    const s = statisticsView(item('{"code":"de","translated_words":5,"approved_percent":1e999,"is_source":true}'));
    expect(s.statistic('translated_words')).toBe(5);
    expect(s.statisticNumber('approved_percent')).toBeUndefined();
    expect(s.isSource).toBe(true);
    expect(s.langCode).toBe('de');
  });

  it('ChangeView: who made it (user, else author), its action as a number', () => {
    expect(changeView(item('{"user":null,"author":"https://w/api/users/a/","action":"5"}')).who).toBe('https://w/api/users/a/');
    expect(changeView(item('{"user":"https://w/api/users/u/","author":"https://w/api/users/a/"}')).who).toBe('https://w/api/users/u/');
    expect(changeView(item('{"action":"5","timestamp":3}')).actionNumber).toBe(5);
    expect(changeView(item('{"timestamp":3}')).time).toBeUndefined();
  });

  it('RepositoryView: which fields the server sent (a project’s status sends fewer)', () => {
    const r = repositoryView(item('{"needs_commit":true,"merge_failure":null}'));
    expect([r.sent('merge_failure'), r.sent('outgoing_commits'), r.repositoryField('needs_commit'), r.repositoryField('merge_failure')]).toEqual([
      true,
      false,
      true,
      null,
    ]);
  });

  it('UnitView, ComponentView and MemoryResultView', () => {
    const u = unitView(item('{"state":20,"has_comment":true,"translation":"https://w/api/translations/p/c/de/"}'));
    expect([u.stateNumber, u.hasComment, u.hasSuggestion, u.translationUrl]).toEqual([20, true, undefined, 'https://w/api/translations/p/c/de/']);
    const c = componentView(item('{"source_language":{"code":"en"},"locked":false,"slug":"c"}'));
    expect([c.sourceLangCode, c.locked, c.slugText]).toEqual(['en', false, 'c']);
    const m = memoryResultView(item('{"query":"q","match":{"quality":100,"origin":"o"}}'));
    expect([m.query, m.matchQuality, m.matchOrigin, memoryResultView(item('{"match":null}')).matchQuality]).toEqual(['q', 100, 'o', undefined]);
  });
});
