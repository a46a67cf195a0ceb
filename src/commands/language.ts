// wli language: one language of the server.
import type { Column } from '../output/result.js';
import { plainText } from '../core/values.js';
import { parseLanguageCode } from '../weblate/target.js';
import { msg } from '../core/text.js';
import { type CommandInput, getRecord, listOf } from './common.js';

/** Current servers nest plural{number, formula}; old ones send nplurals/pluralequation. */
const plural = (l: Record<string, unknown>): string => {
  const p = l.plural as Record<string, unknown> | undefined;
  const number = p && typeof p === 'object' ? p.number : l.nplurals;
  const formula = p && typeof p === 'object' ? p.formula : l.pluralequation;
  if (number === undefined && formula === undefined) return '';
  return `${plainText(number ?? '?')} forms: ${plainText(formula ?? '')}`;
};

const rows: Column[] = [
  { header: 'Code', value: (l) => l.code },
  { header: 'Name', value: (l) => l.name },
  { header: 'Direction', value: (l) => l.direction },
  { header: 'Plural', value: (l) => l, text: (_v, l) => plural(l) },
  { header: 'Aliases', value: (l) => (Array.isArray(l.aliases) ? l.aliases.map(plainText).join(', ') : l.aliases) },
  { header: 'Population', value: (l) => l.population },
  { header: 'URL', value: (l) => l.web_url },
];

/** `wli language` with no code: every language of the server. */
const LIST_COLUMNS: Column[] = [
  { header: 'code', field: 'code', value: (l) => l.code, kind: 'state' },
  { header: 'name', field: 'name', value: (l) => l.name },
  { header: 'direction', field: 'direction', value: (l) => l.direction, kind: 'state', drop: 2 },
  { header: 'plurals', field: 'plural.number', value: (l) => (l.plural && typeof l.plural === 'object' ? (l.plural as Record<string, unknown>).number : l.nplurals), kind: 'count', drop: 3 },
  { header: 'population', field: 'population', value: (l) => l.population, kind: 'count', drop: 4 },
];

export async function run({ args, session }: CommandInput<'language'>) {
  if (args[0] === undefined) {
    return listOf(session, { readings: [{ kind: 'server', text: '/' }], list: () => ({ path: 'languages/' }), label: 'languages', columns: LIST_COLUMNS, empty: msg`no languages` });
  }
  return getRecord(session, [parseLanguageCode(args[0])], rows);
}
