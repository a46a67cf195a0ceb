// wli translation: one translation's metadata and counts.
import type { Column } from '../../output/result.js';
import { columnsOver } from '../../output/view-columns.js';
import { plainText } from '../../core/values.js';
import type { CommandInput } from '../../remote/run.js';
import { componentView } from '../../weblate/views/component.js';
import { languageView } from '../../weblate/views/language.js';
import { projectView } from '../../weblate/views/project.js';
import { translationView, type TranslationView } from '../../weblate/views/translation.js';

/** "12/20 (60%)": a count of the translation's strings, its total and its percentage, as sent. */
function countText(v: unknown, total: unknown, pct: unknown): string {
  if (v === undefined || v === null) return '';
  return `${plainText(v)}${total !== undefined ? `/${plainText(total)}` : ''}${pct !== undefined && pct !== null ? ` (${plainText(pct)}%)` : ''}`;
}

/** The component it belongs to, as the translation nests it. */
const componentOf = (t: TranslationView) => (t.component ? componentView(t.component) : undefined);
/** The project of that component, as nested. */
const projectOf = (t: TranslationView) => {
  const p = componentOf(t)?.project;
  return p ? projectView(p) : undefined;
};
const languageOf = (t: TranslationView) => (t.language ? languageView(t.language) : undefined);

const rows: Column[] = columnsOver(translationView, [
  { header: 'Project', value: (t) => projectOf(t)?.name ?? projectOf(t)?.slug },
  { header: 'Component', value: (t) => componentOf(t)?.name ?? componentOf(t)?.slug },
  { header: 'Language', value: (t) => `${plainText(languageOf(t)?.name ?? '')} (${plainText(t.languageCode ?? languageOf(t)?.code ?? '')})` },
  { header: 'Source', value: (t) => (t.isSource === true ? 'yes' : t.isSource === false ? 'no' : '') },
  { header: 'File', value: (t) => t.filename, kind: 'url' },
  // The Git blob hash of the file as Weblate last read it (a monolingual format adds its template's,
  // after a comma): what ties these counts to a state of the repository. ", " lets a narrow terminal
  // put each hash whole on its own line; -f json has the server's text.
  { header: 'Revision', field: 'revision', value: (t) => t.revision, text: (v) => (typeof v === 'string' ? v.split(',').join(', ') : plainText(v ?? '')) },
  {
    header: 'Translated',
    value: (t) => t.raw,
    text: (_v, t) => countText(t.translated, t.total, t.translatedPercent),
    style: (t) => ((t.percent ?? 0) >= 100 ? 'green' : undefined),
  },
  { header: 'Words', value: (t) => (t.translatedWords !== undefined ? `${plainText(t.translatedWords)}/${plainText(t.totalWords ?? '')}` : undefined) },
  {
    header: 'Needs editing',
    value: (t) => t.raw,
    text: (_v, t) => countText(t.fuzzy, t.total, t.fuzzyPercent),
    style: (t) => ((t.fuzzyCount ?? 0) > 0 ? 'yellow' : undefined),
  },
  {
    header: 'Failing checks',
    value: (t) => t.raw,
    text: (_v, t) => countText(t.failingChecks, t.total, t.failingChecksPercent),
    style: (t) => ((t.failingChecksCount ?? 0) > 0 ? 'red' : undefined),
  },
  { header: 'Suggestions', value: (t) => t.haveSuggestion },
  { header: 'Comments', value: (t) => t.haveComment },
  { header: 'Last change', field: 'last_change', value: (t) => t.lastChange, kind: 'time' },
  { header: 'Last author', value: (t) => t.lastAuthor },
  { header: 'URL', value: (t) => t.webUrl, kind: 'url' },
]);

export async function run({ args, weblate }: CommandInput<'translation'>) {
  return weblate.getRecord(weblate.targetReadings(args[0], ['translation']), rows);
}
