// wli ls [target]: what a target contains, each row a usable target: the server's projects, a
// project's components (with their category paths), a component's translations.
import { msg } from '../core/text.js';
import type { Column, ListResult } from '../output/result.js';
import { readTarget, targetOfUrl, type Target, type TargetKind } from '../weblate/target.js';
import { PROJECTS, componentsOf, translationsOf } from '../weblate/paths.js';
import { sourceLanguageCode } from '../weblate/objects.js';
import { plainText } from '../core/values.js';
import type { CommandInput } from '../session/session.js';
import { listOf } from '../session/results.js';
import { percentText } from '../output/readable.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component'];

/** The target a listed object is, from its own URL (a component in categories: p/cat/c). */
const targetColumn = (fallback: (item: Record<string, unknown>) => unknown): Column => ({
  header: 'target',
  field: 'url',
  value: (item) => targetOfUrl(item.url) ?? fallback(item),
  kind: 'key',
});

export const PROJECT_COLUMNS: Column[] = [
  targetColumn((p) => p.slug),
  { header: 'name', field: 'name', value: (p) => p.name },
  // Never cut: at 40 columns the table goes without it rather than show half a URL.
  { header: 'web', field: 'web_url', value: (p) => p.web_url, kind: 'url', drop: 1 },
];

export const COMPONENT_COLUMNS: Column[] = [
  targetColumn((c) => c.slug),
  { header: 'name', field: 'name', value: (c) => c.name },
  { header: 'source', field: 'source_language.code', value: sourceLanguageCode, kind: 'state', drop: 2 },
  { header: 'format', field: 'file_format', value: (c) => c.file_format, kind: 'state', drop: 1 },
];

export const TRANSLATION_COLUMNS: Column[] = [
  targetColumn((t) => t.language_code),
  {
    header: 'language',
    field: 'language.name',
    value: (t) => (t.language && typeof t.language === 'object' ? (t.language as Record<string, unknown>).name : undefined),
  },
  { header: 'translated', field: 'translated_percent', value: (t) => t.translated_percent, text: percentText, kind: 'percent' },
  { header: 'strings', value: (t) => (t.translated === undefined ? undefined : `${plainText(t.translated)}/${plainText(t.total ?? '')}`), kind: 'count' },
  { header: 'last change', field: 'last_change', value: (t) => t.last_change, kind: 'time', drop: 1 },
];

const listPath = (t: Target): string => (t.kind === 'project' ? componentsOf(t) : t.kind === 'component' ? translationsOf(t) : PROJECTS);

export function run({ args, opts, session }: CommandInput<'ls'>): ListResult {
  // ls lists what is inside: a translation has nothing below it, so three segments are a component in a category.
  const readings = readTarget(args[0] ?? '/', ACCEPTS);
  const kind = readings[0]?.kind;
  return listOf(session, {
    readings,
    list: (t) => ({ path: listPath(t) }),
    limit: opts.limit,
    label: kind === 'server' ? 'projects' : kind === 'project' ? 'components' : 'translations',
    columns: kind === 'server' ? PROJECT_COLUMNS : kind === 'project' ? COMPONENT_COLUMNS : TRANSLATION_COLUMNS,
    empty:
      kind === 'server'
        ? msg`no projects (private projects need a token that may see them)`
        : kind === 'project'
          ? msg`no components in project '${args[0]}'`
          : msg`no translations of component '${args[0]}'`,
  });
}
