// Weblate's quality checks: each check's id (what the search's check:ID and dismissed_check:ID take)
// and its name, in the order of Weblate's DEFAULT_CHECK_LIST (weblate/checks/defaults.py; models.py's
// CHECK_LIST before 5.x), with the release that added the newer ones. Held to Weblate 2026.8
// (85 checks; each name is its class's `name`, e.g. weblate/checks/markup.py XMLCharsAroundTagsCheck,
// RSTReferencesCheck, AsciiDocMarkupCheck; weblate/checks/source.py SourceMaxLengthCheck). A server's own checks (its
// CHECK_LIST setting) are named with `custom:ID`. No I/O.
import type { SearchForm } from './scope.js';

/** [id, name, the Weblate release that added it where it is newer than 4.x]. */
export const WEBLATE_CHECKS: ReadonlyArray<readonly [id: string, name: string, since?: string]> = [
  ['same', 'Unchanged translation'],
  ['accelerator', 'Accelerator key', '2026.7'],
  ['begin_newline', 'Starting newline'],
  ['end_newline', 'Trailing newline'],
  ['begin_space', 'Starting spaces'],
  ['end_space', 'Trailing space'],
  ['double_space', 'Double space'],
  ['end_stop', 'Mismatched full stop'],
  ['end_colon', 'Mismatched colon'],
  ['end_question', 'Mismatched question mark'],
  ['end_exclamation', 'Mismatched exclamation mark'],
  ['end_interrobang', 'Mismatched interrobang'],
  ['end_ellipsis', 'Mismatched ellipsis'],
  ['end_semicolon', 'Mismatched semicolon'],
  ['max-length', 'Maximum length of translation'],
  ['max-lines', 'Maximum number of lines', '2026.8'],
  ['multiple_capital', 'Multiple capitals', '5.16'],
  ['kashida', 'Kashida letter used'],
  ['punctuation_spacing', 'Punctuation spacing'],
  ['kabyle-characters', 'Non\u2011standard characters in Kabyle', '5.12'],
  ['python_format', 'Python format'],
  ['python_brace_format', 'Python brace format'],
  ['php_format', 'PHP format'],
  ['c_format', 'C format'],
  ['objc_format', 'Objective-C format', '5.17'],
  ['perl_format', 'Perl format'],
  ['perl_brace_format', 'Perl brace format'],
  ['javascript_format', 'JavaScript format'],
  ['lua_format', 'Lua format'],
  ['object_pascal_format', 'Object Pascal format'],
  ['scheme_format', 'Scheme format'],
  ['c_sharp_format', 'C# format'],
  ['laravel_format', 'Laravel format'],
  ['java_printf_format', 'Java format'],
  ['java_format', 'Java MessageFormat'],
  ['percent_placeholders', 'Percent placeholders'],
  ['vue_format', 'Vue I18n formatting'],
  ['i18next_interpolation', 'i18next interpolation'],
  ['es_format', 'ECMAScript template literals'],
  ['automattic_components_format', 'Automattic components formatting'],
  ['angularjs_format', 'AngularJS interpolation string'],
  ['icu_message_format', 'ICU MessageFormat'],
  ['icu_message_format_syntax', 'ICU MessageFormat syntax'],
  ['qt_format', 'Qt format'],
  ['qt_plural_format', 'Qt plural format'],
  ['ruby_format', 'Ruby format'],
  ['plurals', 'Missing plurals'],
  ['same-plurals', 'Same plurals'],
  ['inconsistent', 'Inconsistent'],
  ['reused', 'Reused translation'],
  ['translated', 'Has been translated'],
  ['escaped_newline', 'Mismatched \\n'],
  ['newline-count', 'Mismatching line breaks'],
  ['bbcode', 'BBCode markup'],
  ['zero-width-space', 'Zero-width space'],
  ['max-size', 'Maximum size of translation'],
  ['xml-invalid', 'XML syntax'],
  ['xml-tags', 'XML markup'],
  ['xml-chars-around-tags', 'Chars around XML tags'],
  ['md-reflink', 'Markdown references'],
  ['md-link', 'Markdown links'],
  ['md-syntax', 'Markdown syntax'],
  ['url', 'URL'],
  ['safe-html', 'Unsafe HTML'],
  ['rst-references', 'Inconsistent reStructuredText'],
  ['rst-syntax', 'reStructuredText syntax error'],
  ['asciidoc-markup', 'AsciiDoc markup', '2026.8'],
  ['safe-mdx', 'Safe MDX', '2026.7'],
  ['placeholders', 'Placeholders'],
  ['regex', 'Regular expression'],
  ['duplicate', 'Consecutive duplicated words'],
  ['optional_plural', 'Unpluralised'],
  ['ellipsis', 'Ellipsis'],
  ['source-max-length', 'Source string length', '2026.7'],
  ['multiple_failures', 'Multiple failing checks'],
  ['long_untranslated', 'Long untranslated'],
  ['unnamed_format', 'Multiple unnamed variables'],
  ['check_glossary', 'Does not follow glossary'],
  ['prohibited_initial_character', 'Prohibited initial character', '5.9'],
  ['fluent-source-syntax', 'Fluent source syntax'],
  ['fluent-target-syntax', 'Fluent translation syntax'],
  ['fluent-parts', 'Fluent parts'],
  ['fluent-references', 'Fluent references'],
  ['fluent-source-inner-html', 'Fluent source inner HTML'],
  ['fluent-target-inner-html', 'Fluent translation inner HTML'],
];

export const CHECK_IDS: readonly string[] = WEBLATE_CHECKS.map(([id]) => id);
const NAMES = new Map(WEBLATE_CHECKS.map(([id, name]) => [id, name]));

/** A check the user names that is not Weblate's: a check of the server's own CHECK_LIST. */
export const CUSTOM_PREFIX = 'custom:';

/** A check's name (its id for a custom one). */
export const checkName = (id: string): string => NAMES.get(id) ?? id;

/**
 * The search terms: any failing check, any dismissed check, one failing or dismissed check. One
 * check is `check:=ID`: `check:ID` is the check names that contain ID on current Weblate
 * (weblate/utils/search.py check_field, dismissed_check_field: name__icontains; `:=` name__iexact),
 * so `check:same` also counts same-plurals and `check:c_format` objc_format. `:=` is taken since
 * Weblate 4.0 (OPERATOR_MAP) and exact on every release: before check_field, check was in
 * EXACT_FIELD_MAP (`check:ID` iexact, `check:=ID` exact). The older form (search.ts: a server that
 * answered 400 to the exact one) is `check:ID`, which is iexact on those releases.
 */
export const HAS_CHECK = 'has:check';
export const HAS_DISMISSED_CHECK = 'has:dismissed-check';
export const checkTerm = (id: string, form: SearchForm = 'exact'): string => `check${form === 'exact' ? ':=' : ':'}${id}`;
export const dismissedTerm = (id: string, form: SearchForm = 'exact'): string => `dismissed_check${form === 'exact' ? ':=' : ':'}${id}`;

/** The id a --check value names: Weblate's, or `custom:ID` (a server's own); undefined when unknown. */
export function checkIdOf(text: string): string | undefined {
  const t = text.trim();
  if (t.startsWith(CUSTOM_PREFIX)) {
    const id = t.slice(CUSTOM_PREFIX.length);
    return /^[\w-]+$/.test(id) ? id : undefined;
  }
  return NAMES.has(t) ? t : undefined;
}
