// wli translation: one translation's metadata and counts.
import { getPath } from '../../output/fields.js';
import type { Column } from '../../output/result.js';
import { numberOf, plainText } from '../../core/values.js';
import type { CommandInput } from '../../session/session.js';

const count = (n: string, pct?: string) => (t: Record<string, unknown>) => {
  const v = t[n];
  if (v === undefined || v === null) return '';
  const total = t.total;
  const p = pct ? t[pct] : undefined;
  return `${plainText(v)}${total !== undefined ? `/${plainText(total)}` : ''}${p !== undefined && p !== null ? ` (${plainText(p)}%)` : ''}`;
};

const rows: Column[] = [
  { header: 'Project', value: (t) => getPath(t, 'component.project.name') ?? getPath(t, 'component.project.slug') },
  { header: 'Component', value: (t) => getPath(t, 'component.name') ?? getPath(t, 'component.slug') },
  { header: 'Language', value: (t) => `${plainText(getPath(t, 'language.name') ?? '')} (${plainText(t.language_code ?? getPath(t, 'language.code') ?? '')})` },
  { header: 'Source', value: (t) => (t.is_source === true ? 'yes' : t.is_source === false ? 'no' : '') },
  { header: 'File', value: (t) => t.filename, kind: 'url' },
  // The Git blob hash of the file as Weblate last read it (a monolingual format adds its template's,
  // after a comma): what ties these counts to a state of the repository. ", " lets a narrow terminal
  // put each hash whole on its own line; -f json has the server's text.
  { header: 'Revision', field: 'revision', value: (t) => t.revision, text: (v) => (typeof v === 'string' ? v.split(',').join(', ') : plainText(v ?? '')) },
  {
    header: 'Translated',
    value: (t) => t,
    text: (_v, t) => count('translated', 'translated_percent')(t),
    style: (t) => ((numberOf(t.translated_percent) ?? 0) >= 100 ? 'green' : undefined),
  },
  { header: 'Words', value: (t) => (t.translated_words !== undefined ? `${plainText(t.translated_words)}/${plainText(t.total_words ?? '')}` : undefined) },
  {
    header: 'Needs editing',
    value: (t) => t,
    text: (_v, t) => count('fuzzy', 'fuzzy_percent')(t),
    style: (t) => ((numberOf(t.fuzzy) ?? 0) > 0 ? 'yellow' : undefined),
  },
  {
    header: 'Failing checks',
    value: (t) => t,
    text: (_v, t) => count('failing_checks', 'failing_checks_percent')(t),
    style: (t) => ((numberOf(t.failing_checks) ?? 0) > 0 ? 'red' : undefined),
  },
  { header: 'Suggestions', value: (t) => t.have_suggestion },
  { header: 'Comments', value: (t) => t.have_comment },
  { header: 'Last change', field: 'last_change', value: (t) => t.last_change, kind: 'time' },
  { header: 'Last author', value: (t) => t.last_author },
  { header: 'URL', value: (t) => t.web_url, kind: 'url' },
];

export async function run({ args, weblate }: CommandInput<'translation'>) {
  return weblate.getRecord(weblate.targetReadings(args[0], ['translation']), rows);
}
