/**
 * The world of Weblate's own API tests (weblate/api/tests.py APIBaseTest.setUp, upstream at 2026.8):
 * project `test`, component `test` (gettext, po/*.po of Weblate's test-base-repo) with cs, de, en (the
 * source) and it, a glossary component, 16 units in all (the glossary has none), user `apitest`.
 * startFakeWeblate({ world: 'weblate-tests' }) serves it, so ../../../shared/weblate-oracle.md can be
 * replayed row by row (test/weblate-oracle.test.ts).
 *
 * The strings are po/cs.po, de.po and it.po of weblate/trans/tests/data/test-base-repo.git.tar: cs has
 * none translated, de and it one each ("Try Weblate at …"). Weblate counts a plural's characters over
 * its forms joined by "\x1e\x1e" (cs: total_chars 139, TranslationAPITest.test_statistics). The history
 * has the counts the tests read: 35 changes in the project, 25 in component test, 5 in its cs, the
 * component's newest an alert (action 47). The comments and suggestions are what the tests add: two
 * suggestions on a cs string (SuggestionAPITest), and two comments on another (UnitAPITest), one of
 * them resolved (a comment the API lists like any other, while has_comment counts only unresolved ones).
 */
import { countWords, hash64, sha40, unitTimestampUs } from './data.js';
import type { ChangeModel, ComponentDef, ProjectDef, TranslationDef, UnitModel } from './data.js';

export const TESTS_PROJECT: ProjectDef = { id: 1, slug: 'test', name: 'Test', web: 'https://weblate.org/', private: false };

const COMPONENT_BASE = {
  category: null,
  vcs: 'git',
  repo: 'file:///tmp/test-base-repo.git',
  branch: 'main',
  pushBranch: '',
  editTemplate: false,
  newBase: '',
  license: '',
  licenseUrl: null,
  newLang: 'add',
  checkFlags: '',
  priority: 100,
  enforcedChecks: [] as string[],
  addons: [] as number[],
  allowTranslationPropagation: true,
  sourceLanguage: 'en',
};
export const TESTS_COMPONENTS: readonly ComponentDef[] = [
  {
    ...COMPONENT_BASE,
    id: 1,
    project: 'test',
    path: 'test',
    slug: 'test',
    name: 'Test',
    filemask: 'po/*.po',
    template: '',
    fileFormat: 'po',
    isGlossary: false,
  },
  {
    ...COMPONENT_BASE,
    id: 2,
    project: 'test',
    path: 'glossary',
    slug: 'glossary',
    name: 'Glossary',
    vcs: 'local',
    repo: 'local:',
    filemask: '*.tbx',
    template: '',
    fileFormat: 'tbx',
    isGlossary: true,
    allowTranslationPropagation: false,
  },
];

const SOURCES: readonly string[][] = [
  ['Hello, world!\n'],
  ['Orangutan has %d banana.\n', 'Orangutan has %d bananas.\n'],
  ['Try Weblate at <https://demo.weblate.org/>!\n'],
  ['Thank you for using Weblate.'],
];
const TRANSLATED = 2; // "Try Weblate at …", translated in de and it
/** Weblate's source length: the forms joined by its plural separator (weblate/trans/models/unit.py). */
const chars = (forms: readonly string[]): number => [...forms.join('\x1e\x1e')].length;
const LANGS = [
  { code: 'en', id: 1, source: true, plurals: 2 },
  { code: 'cs', id: 2, source: false, plurals: 3 },
  { code: 'de', id: 3, source: false, plurals: 2 },
  { code: 'it', id: 4, source: false, plurals: 2 },
] as const;

let nextUnitId = 1;
let nextChangeId = 1;
/** 2026-01-02T03:04:05Z, then a minute a change. */
const CHANGE_BASE_US = Date.UTC(2026, 0, 2, 3, 4, 5) * 1000;
const change = (unitId: number | null, action: number, target = '', user: string | null = null): ChangeModel => {
  const id = nextChangeId++;
  return { id, unitId, action, target, user, author: user, timestampUs: CHANGE_BASE_US + id * 60_000_000 };
};

function testTranslations(): TranslationDef[] {
  const out: TranslationDef[] = [];
  const sourceIds: number[] = [];
  for (const l of LANGS) {
    const units: UnitModel[] = SOURCES.map((source, i) => {
      const id = nextUnitId++;
      if (l.source) sourceIds.push(id);
      const translated = l.source || ((l.code === 'de' || l.code === 'it') && i === TRANSLATED);
      const target = l.source ? source : translated ? source : Array.from({ length: source.length > 1 ? l.plurals : 1 }, () => '');
      return {
        id,
        position: i + 1,
        source,
        previousSource: '',
        target: [...target],
        idHash: hash64(`weblate-tests:${source[0]}`),
        contentHash: hash64(`weblate-tests:${l.code}:${source[0]}`),
        location: '',
        context: '',
        note: '',
        flags: source.length > 1 || source[0]!.includes('%d') ? 'c-format' : '',
        state: l.source ? 100 : translated ? 20 : 0,
        numWords: countWords(source),
        chars: chars(source),
        sourceUnitId: l.source ? id : sourceIds[i]!,
        priority: 100,
        explanation: '',
        extraFlags: '',
        pending: false,
        hasSuggestion: l.code === 'cs' && i === 0,
        // Two comments on this cs string, one of them resolved: has_comment counts the open one.
        hasComment: l.code === 'cs' && i === 1,
        hasFailingCheck: false,
        timestampUs: unitTimestampUs(id),
      };
    });
    // 10 changes for the source (the component's own history among them), 5 for each translation.
    const changes = l.source
      ? [...units.map((u) => change(u.id, 71, u.target.join('\x1e\x1e'))), ...[51, 0, 17, 18, 48].map((a) => change(null, a, '', 'admin'))]
      : [...units.map((u) => change(u.id, 71, u.target.join('\x1e\x1e'))), change(null, 0)];
    out.push(translation('test', 'test', l.code, `po/${l.code}.po`, l.source, units, changes));
  }
  return out;
}

function translation(
  project: string,
  component: string,
  lang: string,
  filename: string,
  isSource: boolean,
  units: UnitModel[],
  changes: ChangeModel[],
): TranslationDef {
  const key = `${project}/${component}/${lang}`;
  return {
    key,
    apiKey: key,
    id: 0,
    project,
    component,
    lang,
    filename,
    revision: sha40(key),
    isSource,
    isTemplate: false,
    kind: 'static',
    units,
    changes,
  };
}

function buildTestsTranslations(): TranslationDef[] {
  const test = testTranslations();
  // The glossary: no strings, 10 changes (35 in the project).
  const glossary = LANGS.map((l) => {
    const changes = Array.from({ length: l.source ? 4 : 2 }, (_, i) => change(null, i === 0 ? 48 : 0));
    return translation('test', 'glossary', l.code, '', l.source, [], changes);
  });
  // The component's newest change is its alert (ComponentAPITest.test_changes: UnusedScreenshot), after the glossary's.
  test[0]!.changes.push(change(null, 47));
  return [...test, ...glossary].map((t, i) => ({ ...t, id: i + 1 }));
}

export const TESTS_TRANSLATIONS: readonly TranslationDef[] = buildTestsTranslations();

/** What the tests add on cs strings: two suggestions (SuggestionAPITest), two comments (UnitAPITest), one resolved. */
const csUnits = TESTS_TRANSLATIONS.find((t) => t.key === 'test/test/cs')!.units;
export const TESTS_DISCUSSION = {
  suggestions: [
    { unitId: csUnits[0]!.id, target: ['Navrh 1\n'], user: 'apitest', votes: 0 },
    { unitId: csUnits[0]!.id, target: ['Navrh 2\n'], user: 'apitest', votes: 0 },
  ],
  comments: [
    { unitId: csUnits[1]!.id, comment: 'Is the plural right?', user: 'apitest', resolved: false },
    { unitId: csUnits[1]!.id, comment: 'Note for translators', user: 'apitest', resolved: true },
  ],
};

/** The screenshot ScreenshotAPITest uploads: on the component's source translation. */
export const TESTS_SCREENSHOTS: readonly {
  id: number;
  project: string;
  component: string;
  name: string;
  file: string;
  contexts: readonly string[];
  language?: string;
}[] = [{ id: 1, project: 'test', component: 'test', name: 'Obrazek', file: 'obrazek.png', contexts: [] as string[] }];
