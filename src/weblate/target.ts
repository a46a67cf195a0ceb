// Command-line targets → typed targets and API paths. One grammar for every command:
//   /            the whole server
//   p            a project (in stats and language, a bare word is a language code)
//   p/c          a component; p/cat/c a component inside categories
//   p/c/l        a translation; p/cat/c/l a translation of a component inside categories
// Three or more segments can be read two ways (p/c/l or p/cat/c). readTarget lists the readings a
// command accepts, the translation first; the caller tries them in order and moves to the next only
// when the server answers 404 (session/resolve.ts): no extra request for the common case, one when
// the first reading does not exist.
import { UsageError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';

export interface ServerTarget {
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
export type Target = ServerTarget | ProjectTarget | ComponentTarget | TranslationTarget | LanguageTarget;
export type TargetKind = Target['kind'];

const FORMS: Record<TargetKind, string> = {
  server: '/ (the whole server)',
  project: 'project',
  component: 'project/component',
  translation: 'project/component/language',
  language: 'a language code',
};

/** The forms a command takes, for messages: "project/component/language (a component inside categories: project/category/component/…)". */
export function formsOf(accepts: readonly TargetKind[]): string {
  const list = accepts.map((k) => FORMS[k]).join(', ');
  return accepts.includes('component') || accepts.includes('translation') ? `${list} (inside categories: project/category/component…)` : list;
}

/**
 * "." and ".." are not names: in a URL path they climb out of the endpoint (translations/../../ is
 * /api/), even percent-encoded. A target from a project file must not steer requests elsewhere.
 */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function splitSegments(text: string, accepts: readonly TargetKind[]): string[] {
  const segments = text.split('/');
  // A trailing slash ("p/c/l/") is a common paste from URLs: tolerate one.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const hint = msg`expected ${ours(formsOf(accepts))}`;
  if (segments.some((s) => s.trim() === '')) throw new UsageError(msg`invalid target '${text}': empty segment`, hint);
  if (segments.some((s) => DOT_SEGMENT.test(s.trim()))) throw new UsageError(msg`invalid target '${text}': "." and ".." are not names`, hint);
  return segments;
}

/**
 * The readings of a target that a command accepts, in the order to try them. More than one only for
 * three or more segments, when the command takes both translations and components.
 */
export function readTarget(text: string, accepts: readonly TargetKind[]): Target[] {
  const refuse = (why: string) => new UsageError(msg`invalid target '${text}': ${ours(why)}`, msg`expected ${ours(formsOf(accepts))}`);
  if (text.trim() === '/') {
    if (!accepts.includes('server')) throw refuse('this command does not take the whole server');
    return [{ kind: 'server', text: '/' }];
  }
  if (text.trim() === '') throw new UsageError(msg`invalid target '${text}': empty segment`, msg`expected ${ours(formsOf(accepts))}`);
  const s = splitSegments(text, accepts);
  if (s.length === 1) {
    // In stats and language a bare word is a language code; elsewhere a project.
    if (accepts.includes('language') && !accepts.includes('project')) return [{ kind: 'language', text, language: s[0]! }];
    if (accepts.includes('project')) return [{ kind: 'project', text, project: s[0]! }];
    throw refuse('too few segments');
  }
  const readings: Target[] = [];
  if (s.length >= 3 && accepts.includes('translation'))
    readings.push({ kind: 'translation', text, project: s[0]!, component: s.slice(1, -1), language: s[s.length - 1]! });
  if (accepts.includes('component')) readings.push({ kind: 'component', text, project: s[0]!, component: s.slice(1) });
  if (readings.length === 0) throw refuse(s.length < 3 ? 'too few segments' : 'not a form this command takes');
  return readings;
}

export function parseLanguageCode(text: string): LanguageTarget {
  if (text.trim() === '' || text.includes('/') || DOT_SEGMENT.test(text.trim())) {
    throw new UsageError(msg`invalid language code '${text}'`, msg`expected a language code such as cs or pt_BR`);
  }
  return { kind: 'language', text, language: text };
}

/**
 * The target an API object's own URL names: …/translations/p/c%2Fd/l/ → the translation p/c/d/l (a
 * component inside categories, its slug path encoded as one segment); undefined for any other URL.
 */
export function objectOfUrl(url: unknown): ProjectTarget | ComponentTarget | TranslationTarget | undefined {
  if (typeof url !== 'string') return undefined;
  const m = /\/api\/(projects|components|translations)\/((?:[^/?#]+\/){1,3})(?:[?#].*)?$/.exec(url);
  if (!m) return undefined;
  let parts: string[];
  try {
    parts = m[2]!
      .slice(0, -1)
      .split('/')
      .map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  const text = parts.join('/');
  const [project, component, language] = parts as [string, string | undefined, string | undefined];
  if (m[1] === 'projects') return parts.length === 1 ? { kind: 'project', text, project } : undefined;
  if (m[1] === 'components') return parts.length === 2 ? { kind: 'component', text, project, component: component!.split('/') } : undefined;
  return parts.length === 3 ? { kind: 'translation', text, project, component: component!.split('/'), language: language! } : undefined;
}

/** The target text of an API object from its own URL: …/translations/p/c%2Fd/l/ → "p/c/d/l". */
export function targetOfUrl(url: unknown): string | undefined {
  return objectOfUrl(url)?.text;
}

/** How a target is named in messages. */
export function describe(t: Target): string {
  switch (t.kind) {
    case 'server':
      return 'the server';
    case 'project':
      return `project '${t.project}'`;
    case 'component':
      return `component '${t.project}/${t.component.join('/')}'`;
    case 'translation':
      return `translation '${t.project}/${t.component.join('/')}/${t.language}'`;
    case 'language':
      return `language '${t.language}'`;
  }
}
