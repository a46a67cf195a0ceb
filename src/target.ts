// Command-line targets ("p/c/l", "p/cat/c/l", "p/c", "cs") → typed targets and API paths.
import { UsageError } from './errors.js';
import { msg, ours } from './io/text.js';

export interface TranslationTarget {
  kind: 'translation';
  text: string;
  project: string;
  /** Categories and component, e.g. ['docs', 'guide']. */
  component: string[];
  language: string;
}
export interface ComponentTarget {
  kind: 'component';
  text: string;
  project: string;
  component: string[];
}
export interface LanguageTarget {
  kind: 'language';
  text: string;
  language: string;
}
export type Target = TranslationTarget | ComponentTarget | LanguageTarget;

export const TRANSLATION_FORM = 'project/component/language (or project/category/component/language)';

/**
 * "." and ".." are not names: in a URL path they climb out of the endpoint (translations/../../ is
 * /api/), even percent-encoded. A target from a project file must not steer requests elsewhere.
 */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function splitSegments(text: string, form: string): string[] {
  const segments = text.split('/');
  // A trailing slash ("p/c/l/") is a common paste from URLs: tolerate one.
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  if (segments.some((s) => s.trim() === '')) {
    throw new UsageError(msg`invalid target '${text}': empty segment`, msg`expected ${ours(form)}`);
  }
  if (segments.some((s) => DOT_SEGMENT.test(s.trim()))) {
    throw new UsageError(msg`invalid target '${text}': "." and ".." are not names`, msg`expected ${ours(form)}`);
  }
  return segments;
}

export function parseTranslationTarget(text: string): TranslationTarget {
  const segments = splitSegments(text, TRANSLATION_FORM);
  if (segments.length < 3) {
    throw new UsageError(msg`invalid target '${text}': too few segments`, msg`expected ${ours(TRANSLATION_FORM)}`);
  }
  return {
    kind: 'translation',
    text,
    project: segments[0]!,
    component: segments.slice(1, -1),
    language: segments[segments.length - 1]!,
  };
}

export const STATS_FORM = 'project/component/language, project/component or a language code';

/** stats accepts translations, components (two segments) and languages (no slash). */
export function parseStatsTarget(text: string): Target {
  const segments = splitSegments(text, STATS_FORM);
  if (segments.length === 1) return { kind: 'language', text, language: segments[0]! };
  if (segments.length === 2) return { kind: 'component', text, project: segments[0]!, component: [segments[1]!] };
  return parseTranslationTarget(text);
}

export function parseLanguageCode(text: string): LanguageTarget {
  if (text.trim() === '' || text.includes('/') || DOT_SEGMENT.test(text.trim())) {
    throw new UsageError(msg`invalid language code '${text}'`, msg`expected a language code such as cs or pt_BR`);
  }
  return { kind: 'language', text, language: text };
}

const seg = encodeURIComponent;
/** A component inside categories travels as one segment, "category%2Fcomponent". */
const componentSegment = (parts: string[]): string => parts.map(seg).join('%2F');

export function translationPath(t: TranslationTarget): string {
  return `translations/${seg(t.project)}/${componentSegment(t.component)}/${seg(t.language)}/`;
}
export function componentPath(t: ComponentTarget): string {
  return `components/${seg(t.project)}/${componentSegment(t.component)}/`;
}
export function languagePath(t: LanguageTarget): string {
  return `languages/${seg(t.language)}/`;
}
export function projectPath(project: string): string {
  return `projects/${seg(project)}/`;
}
