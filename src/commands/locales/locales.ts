// wli locales: the languages of a component or project at or above a completion, in the codes a build
// configuration takes (--as), or as rows (every form side by side) in the data formats.
import { UsageError } from '../../core/errors.js';
import { pageOf, type Item } from '../../core/page.js';
import { msg, ours, outside } from '../../core/text.js';
import { numberOf } from '../../core/values.js';
import type { Column, ListResult, TextResult } from '../../output/result.js';
import { percentText } from '../../output/readable.js';
import type { CommandInput } from '../../remote/run.js';
import type { Weblate } from '../../remote/weblate.js';
import { identified } from '../../weblate/identity.js';
import { androidCode, appleCode, bcp47Code, isPrintableCode, localeList, posixCode, type LocaleRow } from '../../weblate/locales.js';
import { commonSourceLanguage } from '../../weblate/objects.js';
import { languageView } from '../../weblate/views/language.js';
import { statisticsView } from '../../weblate/views/statistics.js';
import { translationView } from '../../weblate/views/translation.js';
import { asWritten } from '../../output/view-columns.js';
import { componentsOf, languagesOf, translationPath, translationsOf } from '../../weblate/paths.js';
import type { CategoryTarget, ComponentTarget, ProjectTarget, Target } from '../../weblate/target.js';
import { allInOrder } from '../../core/pool.js';
import { emptyNote, minPercentNeeded } from '../../gate/stats.js';
import { sumStatistics } from '../../weblate/statistics-sum.js';

/** One language of the target as the server listed it: its code, its file's code, its completion. */
interface Listed extends Completion {
  /** Its language's name, as sent. */
  name: unknown;
  code: string;
  fileCode: string;
  isSource: boolean;
  target: string;
  project: string;
  component: string | null;
}

/** What a language's counts say: its completion as sent and as a number, and whether there is anything to translate. */
interface Completion {
  /** The counts as the server sent them: a category's language sums its components'. */
  counts: Item;
  /** `translated_percent` as sent. */
  translatedPercent: unknown;
  percent: number | undefined;
  /** Nothing to translate: Weblate says 100 % of it (weblate/utils/stats.py, translation_percent's zero_complete). */
  empty: boolean;
}

/** The completion of a Translation, a Statistics row or their sum (the same counts by the same names). */
function completionOf(counts: Item): Completion {
  const s = statisticsView(counts);
  return { counts, translatedPercent: s.translatedPercent, percent: numberOf(s.translatedPercent), empty: numberOf(s.total) === 0 };
}

/** The rows as written (rowOf), each field as written. */
const LOCALE_COLUMNS: Column[] = [
  asWritten({ header: 'code', field: 'code', kind: 'key' }),
  asWritten({ header: 'name', field: 'name', kind: 'name' }),
  asWritten({ header: 'translated', field: 'translated_percent', text: percentText, kind: 'percent' }),
  // On a narrow terminal the forms a build reads less often leave first.
  asWritten({ header: 'file', field: 'file_code', kind: 'state', drop: 4 }),
  asWritten({ header: 'bcp47', field: 'bcp47', kind: 'state', drop: 1 }),
  asWritten({ header: 'android', field: 'android', kind: 'state', drop: 2 }),
  asWritten({ header: 'apple', field: 'apple', kind: 'state', drop: 3 }),
];

/** The rows' fields, in order (a CSV header for an empty list). */
const FIELDS = [
  'wli_target',
  'wli_project',
  'wli_component',
  'wli_language',
  'code',
  'name',
  'translated_percent',
  'is_source',
  'file_code',
  'bcp47',
  'posix',
  'android',
  'apple',
];

export async function run({ args, opts, weblate, report, shown }: CommandInput<'locales'>): Promise<ListResult | TextResult> {
  if (opts.as !== undefined && (shown.formatGiven || shown.fields !== undefined)) {
    throw new UsageError(
      msg`--as prints the codes themselves: -f/--format and --fields do not apply`,
      msg`drop --as for rows in a format (-f json has every form)`,
    );
  }
  if (opts.emptyIncomplete && opts.minPercent === undefined) throw minPercentNeeded('left out');
  const readings = weblate.targetReadings(args[0], ['project', 'component', 'category'], ['translation']);
  const { value: listed } = await weblate.firstFound(readings, (t) => languagesOfTarget(weblate, t));
  const kept = listed
    .filter((l) => !l.isSource || opts.source === true)
    .filter((l) => opts.minPercent === undefined || (l.percent !== undefined && l.percent >= opts.minPercent && !(opts.emptyIncomplete && l.empty)))
    .filter((l) => {
      if (isPrintableCode(l.code) && isPrintableCode(l.fileCode)) return true;
      report.warn(msg`skipped ${outside(l.code)}: not a language code wli would write into a build file`);
      return false;
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  // Weblate's 100 % of nothing kept by --min-percent: said, so an empty language is not shipped unseen.
  const emptyKept = opts.minPercent === undefined ? [] : kept.filter((l) => l.empty);
  if (emptyKept.length) report.say(emptyNote(emptyKept.map((l) => (l.target.endsWith(`/${l.code}`) ? l.target : `${l.target} (${l.code})`))));
  if (opts.as !== undefined) {
    if (kept.length === 0) report.warn(nothingLeft(opts.minPercent));
    const rows: LocaleRow[] = kept.map((l) => ({ code: l.code, fileCode: l.fileCode }));
    return { kind: 'text', text: localeList(rows, opts.as) };
  }
  const items = kept.map(rowOf);
  return {
    kind: 'list',
    pages: (async function* () {
      yield pageOf(items);
    })(),
    columns: LOCALE_COLUMNS,
    empty: nothingLeft(opts.minPercent),
    knownFields: FIELDS,
  };
}

const nothingLeft = (minPercent: number | undefined) =>
  minPercent === undefined
    ? msg`no languages (the source language is left out: --source)`
    : msg`no language is at least ${ours(String(minPercent))}% translated`;

/** A row: the language's identity, then each form of its code. */
function rowOf(l: Listed): Item {
  return identified(
    {
      code: l.code,
      name: l.name ?? null,
      translated_percent: l.translatedPercent ?? null,
      is_source: l.isSource,
      file_code: l.fileCode,
      bcp47: bcp47Code(l.code),
      posix: posixCode(l.code),
      android: `values-${androidCode(l.code)}`,
      apple: appleCode(l.code),
    },
    { target: l.target, project: l.project, component: l.component, language: l.code },
  );
}

async function languagesOfTarget(weblate: Weblate, t: Target): Promise<Listed[]> {
  if (t.kind === 'component') return componentLanguages(weblate, t);
  if (t.kind === 'project') return projectLanguages(weblate, t);
  if (t.kind === 'category') return categoryLanguages(weblate, t);
  if (t.kind === 'translation') {
    // Refused by name only once the server says it is one (a miss is explained as any other).
    await weblate.getObject(translationPath(t));
    const component = [t.project, ...t.component].join('/');
    throw new UsageError(msg`${t.text} is a translation, one language: wli locales lists a component's or project's`, msg`wli locales ${component}`);
  }
  throw new UsageError(msg`wli locales takes a project, a category or a component, not ${t.text}`);
}

/**
 * A category's languages: those of the components inside it (nested ones too), each once. Its
 * completion is its translations' counts summed as Weblate sums them; it is the source where it is
 * the source of every component that has it; its file code is theirs where they agree, else its code.
 * Each row's target is the category (no target names a category's language).
 */
async function categoryLanguages(weblate: Weblate, t: CategoryTarget): Promise<Listed[]> {
  const components = await weblate.categoryComponents(await weblate.categoryOf(t));
  const lists = await allInOrder(
    components.map((c) => () => componentLanguages(weblate, c.target)),
    weblate.concurrency,
  );
  const byCode = new Map<string, Listed[]>();
  for (const l of lists.flat()) byCode.set(l.code, [...(byCode.get(l.code) ?? []), l]);
  return [...byCode.entries()].map(([code, ls]): Listed => {
    const fileCodes = new Set(ls.map((l) => l.fileCode));
    const [first] = ls;
    return {
      ...completionOf(sumStatistics(ls.map((l) => l.counts))),
      name: first?.name ?? null,
      code,
      fileCode: fileCodes.size === 1 && first ? first.fileCode : code,
      isSource: ls.every((l) => l.isSource),
      target: t.text,
      project: t.project,
      component: null,
    };
  });
}

/** A translation's language's name, as sent; null when it names none. */
const languageNameOf = (language: Item | undefined): unknown => (language && languageView(language).name) ?? null;

/** A component's translations: each says its code, its file's code and whether it is the source. */
async function componentLanguages(weblate: Weblate, t: ComponentTarget): Promise<Listed[]> {
  const items = await weblate.allItems({ path: translationsOf(t), label: 'translations' });
  const component = t.component.join('/');
  return items.flatMap((item): Listed[] => {
    const translation = translationView(item);
    const code = translation.langCode;
    if (code === undefined) return [];
    return [
      {
        ...completionOf(item),
        name: languageNameOf(translation.language),
        code,
        fileCode: translation.fileLangCode ?? code,
        isSource: translation.isSource === true,
        target: `${t.project}/${component}/${code}`,
        project: t.project,
        component,
      },
    ];
  });
}

/**
 * A project's languages (its statistics rows); the source is the language that is the source of every
 * component (one request more, made alongside). A project has no file codes of its own: each
 * component may style them differently, so its code stands for them.
 */
async function projectLanguages(weblate: Weblate, t: ProjectTarget): Promise<Listed[]> {
  const components = weblate.allItems({ path: componentsOf(t), label: 'components' });
  components.catch(() => {});
  const languages = await weblate.allItems({ path: languagesOf(t), label: 'languages' });
  const source = commonSourceLanguage(await components);
  return languages.flatMap((item): Listed[] => {
    const stats = statisticsView(item);
    const code = stats.langCode;
    if (code === undefined) return [];
    return [
      {
        ...completionOf(item),
        // A language's row names it; a row shaped as a translation, by its nested language.
        name: stats.name ?? languageNameOf(translationView(item).language),
        code,
        fileCode: code,
        isSource: code === source,
        target: `${t.project}/-/${code}`,
        project: t.project,
        component: null,
      },
    ];
  });
}
