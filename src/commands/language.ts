// wli language: one language of the server.
import type { Column } from '../output/result.js';
import { plainText } from '../values.js';
import { languagePath, parseLanguageCode } from '../target.js';
import { type CommandInput, getRecord } from './common.js';

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

export async function run({ args, session }: CommandInput) {
  return getRecord(session, languagePath(parseLanguageCode(args[0] ?? '')), rows);
}
