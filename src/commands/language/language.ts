// wli language: one language of the server.
import type { Column, ListResult, RecordResult } from '../../output/result.js';
import { plainText } from '../../core/values.js';
import { parseLanguageCode } from '../../weblate/target.js';
import { LANGUAGES } from '../../weblate/paths.js';
import { languageView } from '../../weblate/views/language.js';
import { columnsOver } from '../../output/view-columns.js';
import { msg } from '../../core/text.js';
import type { CommandInput } from '../../remote/run.js';

const rows: Column[] = columnsOver(languageView, [
  { header: 'Code', value: (l) => l.code },
  { header: 'Name', value: (l) => l.name },
  { header: 'Direction', value: (l) => l.direction },
  { header: 'Plural', value: (l) => l.raw, text: (_v, l) => l.pluralText },
  { header: 'Aliases', value: (l) => aliasesText(l.aliases) },
  { header: 'Population', value: (l) => l.population },
  { header: 'URL', value: (l) => l.webUrl },
]);

/** The aliases a server sent as one line; anything else as sent. */
const aliasesText = (aliases: unknown): unknown => (Array.isArray(aliases) ? aliases.map(plainText).join(', ') : aliases);

/** `wli language` with no code: every language of the server. */
export const LANGUAGE_COLUMNS: Column[] = columnsOver(languageView, [
  { header: 'code', field: 'code', value: (l) => l.code, kind: 'state' },
  { header: 'name', field: 'name', value: (l) => l.name, kind: 'name' },
  { header: 'direction', field: 'direction', value: (l) => l.direction, kind: 'state', drop: 2 },
  { header: 'plurals', field: 'plural.number', value: (l) => l.plural?.number, kind: 'count', drop: 3 },
  { header: 'population', field: 'population', value: (l) => l.population, kind: 'count', drop: 4 },
]);

export async function run({ args, opts, weblate }: CommandInput<'language'>): Promise<ListResult | RecordResult> {
  if (args[0] === undefined) {
    return weblate.listOf({
      readings: [{ kind: 'server', text: '/' }],
      list: () => ({ path: LANGUAGES }),
      limit: opts.limit,
      label: 'languages',
      columns: LANGUAGE_COLUMNS,
      empty: msg`no languages`,
    });
  }
  return weblate.getRecord([parseLanguageCode(args[0])], rows);
}
