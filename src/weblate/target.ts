// Command-line targets → typed targets and API paths. One grammar for every command:
//   /            the whole server
//   p            a project (in stats and language, a bare word is a language code)
//   p/c          a component; p/cat/c a component inside categories
//   p/cat        a category (nested: p/cat/sub…), wherever a project is taken: its components
//   p/c/l        a translation; p/cat/c/l a translation of a component inside categories
//   p/-/l        a language across a project (the row `stats --project p` prints)
//   p/-          a project across every component and language: the project wherever one is taken,
//                and in stats (where a bare word is a language) the project's total row
// Two or more segments can be read several ways (p/c/l, p/cat/c, p/cat/sub). readTarget lists the
// readings a command accepts, the translation first, the category last; the caller tries them in
// order and moves to the next only when the server answers 404 (remote/resolve.ts): no extra request
// for the common case, one or two when the first reading does not exist. `-` is never a slug in
// Weblate (its own web paths use it for a project's language): p/-/l has one reading and costs nothing.
import { UsageError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';

interface ServerTarget {
  kind: 'server';
  text: string;
}
export interface ProjectTarget {
  kind: 'project';
  text: string;
  project: string;
}
export interface ComponentTarget {
  kind: 'component';
  text: string;
  project: string;
  /** Categories and component, e.g. ['docs', 'guide']. */
  component: string[];
}
export interface TranslationTarget {
  kind: 'translation';
  text: string;
  project: string;
  component: string[];
  language: string;
}
export interface LanguageTarget {
  kind: 'language';
  text: string;
  language: string;
}
/** A category of a project (Weblate 5.0 and later), nested ones by their path: p/docs/api. (Weblate's source: weblate/trans/models/category.py Category) */
export interface CategoryTarget {
  kind: 'category';
  text: string;
  project: string;
  /** The category's slug path, e.g. ['docs', 'api']. */
  category: string[];
}
/** A language across a project: p/-/l. */
export interface ProjectLanguageTarget {
  kind: 'projectLanguage';
  text: string;
  project: string;
  language: string;
}
export type Target = ServerTarget | ProjectTarget | ComponentTarget | TranslationTarget | LanguageTarget | CategoryTarget | ProjectLanguageTarget;
export type TargetKind = Target['kind'];
/** The targets Weblate names by their slugs (a category is named by its id, a project's language by nothing of its own). (Weblate's source: weblate/trans/models/project.py Project.slug, weblate/trans/models/category.py Category) */
export type SlugTarget = Exclude<Target, CategoryTarget | ProjectLanguageTarget>;

/** The separator of a project's language (p/-/l): never a slug. */
export const PROJECT_LANGUAGE = '-';

const FORMS: Record<TargetKind, string> = {
  server: '/ (the whole server)',
  project: 'project',
  component: 'project/component',
  category: 'project/category',
  translation: 'project/component/language',
  projectLanguage: 'project/-/language (a language across a project)',
  language: 'a language code',
};

/** The forms a command takes, for messages: "project, project/component, … (inside categories: project/category/component…)". */
export function formsOf(accepts: readonly TargetKind[]): string {
  // A command that takes a language across a project but no bare project (stats) takes its total as p/-.
  const total = accepts.includes('projectLanguage') && !accepts.includes('project') ? ["project/- (a project's total)"] : [];
  const list = [...accepts.map((k) => FORMS[k]), ...total].join(', ');
  return accepts.includes('component') || accepts.includes('translation') || accepts.includes('category')
    ? `${list} (inside categories: project/category/component…)`
    : list;
}

/**
 * "." and ".." are not names: in a URL path they climb out of the endpoint (translations/../../ is
 * /api/), even percent-encoded. A target from a project file must not steer requests elsewhere.
 */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function splitSegments(text: string, accepts: readonly TargetKind[]): [string, ...string[]] {
  const segments = text.split('/');
  // A trailing slash ("p/c/l/") is a common paste from URLs: tolerate one.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const hint = msg`expected ${ours(formsOf(accepts))}`;
  const [first, ...rest] = segments;
  if (first === undefined || segments.some((s) => s.trim() === '')) throw new UsageError(msg`invalid target '${text}': empty segment`, hint);
  if (segments.some((s) => DOT_SEGMENT.test(s.trim()))) throw new UsageError(msg`invalid target '${text}': "." and ".." are not names`, hint);
  return [first, ...rest];
}

/**
 * The readings of a target that a command accepts, in the order to try them: the translation, the
 * component, the category. `alsoRead` names forms the command does not take but recognises, to refuse
 * them by name once the server says that is what the target is (ls on a translation, download of a
 * category): read last, so they cost nothing when the target is one the command takes.
 */
export function readTarget(text: string, accepts: readonly TargetKind[], alsoRead: readonly TargetKind[] = []): Target[] {
  const refuse = (why: string) => new UsageError(msg`invalid target '${text}': ${ours(why)}`, msg`expected ${ours(formsOf(accepts))}`);
  if (text.trim() === '/') {
    if (!accepts.includes('server')) throw refuse('this command does not take the whole server');
    return [{ kind: 'server', text: '/' }];
  }
  if (text.trim() === '') throw new UsageError(msg`invalid target '${text}': empty segment`, msg`expected ${ours(formsOf(accepts))}`);
  const s = splitSegments(text, accepts);
  if (s.length === 1) {
    // In stats and language a bare word is a language code; elsewhere a project.
    if (accepts.includes('language') && !accepts.includes('project')) return [{ kind: 'language', text, language: s[0] }];
    if (accepts.includes('project')) return [{ kind: 'project', text, project: s[0] }];
    // One word is a project: say what the command takes and where to find it, never just "too few segments".
    throw new UsageError(
      msg`invalid target '${text}': a project alone; this command takes ${ours(formsOf(accepts))}`,
      msg`wli ls ${text} lists the project's components and categories`,
    );
  }
  if (s.length === 2 && s[1] === PROJECT_LANGUAGE) {
    // p/-: the project as a whole, where a project or a language across one is taken (stats: its total row).
    if (!accepts.includes('project') && !accepts.includes('projectLanguage')) throw refuse('this command does not take a project (project/-)');
    return [{ kind: 'project', text, project: s[0] }];
  }
  const [project, second, language] = s;
  if (s.length === 3 && second === PROJECT_LANGUAGE && language !== undefined) {
    if (!accepts.includes('projectLanguage')) throw refuse('this command does not take a language across a project (project/-/language)');
    return [{ kind: 'projectLanguage', text, project, language }];
  }
  const readings = readingsOf(text, s, accepts);
  if (readings.length === 0) throw refuse(s.length < 3 ? 'too few segments' : 'not a form this command takes');
  // Recognised only to be refused by name: after every reading the command takes.
  return [...readings, ...readingsOf(text, s, alsoRead).filter((r) => !accepts.includes(r.kind))];
}

/** The readings of two or more segments, in the order to try them, of the kinds given. */
function readingsOf(text: string, s: [string, ...string[]], kinds: readonly TargetKind[]): Target[] {
  const readings: Target[] = [];
  const [project] = s;
  const language = s.at(-1);
  if (s.length >= 3 && language !== undefined && kinds.includes('translation'))
    readings.push({ kind: 'translation', text, project, component: s.slice(1, -1), language });
  if (kinds.includes('component')) readings.push({ kind: 'component', text, project, component: s.slice(1) });
  if (kinds.includes('category')) readings.push({ kind: 'category', text, project, category: s.slice(1) });
  return readings;
}

export function parseLanguageCode(text: string): LanguageTarget {
  if (text.trim() === '' || text.includes('/') || DOT_SEGMENT.test(text.trim())) {
    throw new UsageError(msg`invalid language code '${text}'`, msg`expected a language code such as cs or pt_BR`);
  }
  return { kind: 'language', text, language: text };
}

/** A component of a project's list as a target: its own URL names it with its categories (p/cat/c), else its slug. */
export function componentTargetOf(project: string, item: Record<string, unknown>): ComponentTarget {
  const parts = targetOfUrl(item.url)?.split('/');
  const component = parts && parts.length >= 2 && parts[0] === project ? parts.slice(1) : [typeof item.slug === 'string' ? item.slug : ''];
  return { kind: 'component', text: `${project}/${component.join('/')}`, project, component };
}

/**
 * The target an API object's own URL names: …/translations/p/c%2Fd/l/ → the translation p/c/d/l (a
 * component inside categories, its slug path encoded as one segment); undefined for any other URL.
 */
export function objectOfUrl(url: unknown): ProjectTarget | ComponentTarget | TranslationTarget | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /\/api\/(projects|components|translations)\/((?:[^/?#]+\/){1,3})(?:[?#].*)?$/.exec(url);
  const path = m?.[2];
  if (!m || path === undefined) return undefined;
  let parts: string[];
  try {
    parts = path
      .slice(0, -1)
      .split('/')
      .map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  const text = parts.join('/');
  const [project, component, language] = parts;
  if (project === undefined) return undefined;
  if (m[1] === 'projects') return parts.length === 1 ? { kind: 'project', text, project } : undefined;
  if (m[1] === 'components')
    return parts.length === 2 && component !== undefined ? { kind: 'component', text, project, component: component.split('/') } : undefined;
  return parts.length === 3 && component !== undefined && language !== undefined
    ? { kind: 'translation', text, project, component: component.split('/'), language }
    : undefined;
}

/** The target text of an API object from its own URL: …/translations/p/c%2Fd/l/ → "p/c/d/l". */
export function targetOfUrl(url: unknown): string | undefined {
  return objectOfUrl(url)?.text;
}
