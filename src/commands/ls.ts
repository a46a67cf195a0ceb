// wli ls [target]: what a target contains, each row a usable target: the server's projects, a
// project's components (with their category paths), a component's translations.
import { msg } from '../core/text.js';
import type { Column } from '../output/result.js';
import { componentPath, projectPath, readTarget, targetOfUrl, type Target, type TargetKind } from '../weblate/target.js';
import { plainText } from '../core/values.js';
import { type CommandInput, listOf } from './common.js';
import { percentText } from '../output/readable.js';

const ACCEPTS: TargetKind[] = ['server', 'project', 'component'];

/** The target a listed object is, from its own URL (a component in categories: p/cat/c). */
const targetColumn = (fallback: (item: Record<string, unknown>) => unknown): Column => ({
  header: 'target',
  field: 'url',
  value: (item) => targetOfUrl(item.url) ?? fallback(item),
  kind: 'key',
});

const PROJECTS: Column[] = [
  targetColumn((p) => p.slug),
  { header: 'name', field: 'name', value: (p) => p.name },
  { header: 'web', field: 'web_url', value: (p) => p.web_url, drop: 1 },
];

const COMPONENTS: Column[] = [
  targetColumn((c) => c.slug),
  { header: 'name', field: 'name', value: (c) => c.name },
  { header: 'source', field: 'source_language.code', value: (c) => (c.source_language && typeof c.source_language === 'object' ? (c.source_language as Record<string, unknown>).code : undefined), kind: 'state', drop: 2 },
  { header: 'format', field: 'file_format', value: (c) => c.file_format, kind: 'state', drop: 1 },
];

const TRANSLATIONS: Column[] = [
  targetColumn((t) => t.language_code),
  { header: 'language', field: 'language.name', value: (t) => (t.language && typeof t.language === 'object' ? (t.language as Record<string, unknown>).name : undefined) },
  { header: 'translated', field: 'translated_percent', value: (t) => t.translated_percent, text: percentText, kind: 'percent' },
  { header: 'strings', value: (t) => (t.translated === undefined ? undefined : `${plainText(t.translated)}/${plainText(t.total ?? '')}`), kind: 'count' },
  { header: 'last change', field: 'last_change', value: (t) => t.last_change, kind: 'time', drop: 1 },
];

const listPath = (t: Target): string => (t.kind === 'project' ? projectPath(t.project) + 'components/' : t.kind === 'component' ? componentPath(t) + 'translations/' : 'projects/');

export async function run({ args, opts, session }: CommandInput<'ls'>) {
  // ls lists what is inside: a translation has nothing below it, so three segments are a component in a category.
  const readings = readTarget(args[0] ?? '/', ACCEPTS);
  const kind = readings[0]!.kind;
  return listOf(session, {
    readings,
    list: (t) => ({ path: listPath(t) }),
    limit: opts.limit,
    label: kind === 'server' ? 'projects' : kind === 'project' ? 'components' : 'translations',
    columns: kind === 'server' ? PROJECTS : kind === 'project' ? COMPONENTS : TRANSLATIONS,
    empty: kind === 'server' ? msg`no projects (private projects need a token that may see them)` : kind === 'project' ? msg`no components in project '${args[0]}'` : msg`no translations of component '${args[0]}'`,
  });
}

