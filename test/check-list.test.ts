// Issue 46, item 9: wli's check list is Weblate's default list at 2026.8, id for id and name for name, in
// Weblate's order: weblate/checks/defaults.py DEFAULT_CHECK_LIST, each id and name read from its class
// (check_id, name) in weblate/checks/*.py of the 2026.8 snapshot (v9833078908/weblate-HC; its own
// judge-flag and judge-reject are not upstream's and are left out). Before the fix asciidoc-markup was
// missing and three names differed.
import { describe, expect, it } from 'vitest';
import { WEBLATE_CHECKS, checkIdOf, checkName } from '../src/weblate/checks.js';

/** Weblate 2026.8's DEFAULT_CHECK_LIST as [check_id, name]. */
const WEBLATE_2026_8: ReadonlyArray<readonly [string, string]> = [
  ['same', 'Unchanged translation'],
  ['accelerator', 'Accelerator key'],
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
  ['max-lines', 'Maximum number of lines'],
  ['multiple_capital', 'Multiple capitals'],
  ['kashida', 'Kashida letter used'],
  ['punctuation_spacing', 'Punctuation spacing'],
  ['kabyle-characters', 'Non‑standard characters in Kabyle'],
  ['python_format', 'Python format'],
  ['python_brace_format', 'Python brace format'],
  ['php_format', 'PHP format'],
  ['c_format', 'C format'],
  ['objc_format', 'Objective-C format'],
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
  ['asciidoc-markup', 'AsciiDoc markup'],
  ['safe-mdx', 'Safe MDX'],
  ['placeholders', 'Placeholders'],
  ['regex', 'Regular expression'],
  ['duplicate', 'Consecutive duplicated words'],
  ['optional_plural', 'Unpluralised'],
  ['ellipsis', 'Ellipsis'],
  ['source-max-length', 'Source string length'],
  ['multiple_failures', 'Multiple failing checks'],
  ['long_untranslated', 'Long untranslated'],
  ['unnamed_format', 'Multiple unnamed variables'],
  ['check_glossary', 'Does not follow glossary'],
  ['prohibited_initial_character', 'Prohibited initial character'],
  ['fluent-source-syntax', 'Fluent source syntax'],
  ['fluent-target-syntax', 'Fluent translation syntax'],
  ['fluent-parts', 'Fluent parts'],
  ['fluent-references', 'Fluent references'],
  ['fluent-source-inner-html', 'Fluent source inner HTML'],
  ['fluent-target-inner-html', 'Fluent translation inner HTML'],
];

describe('the check list', () => {
  it('is Weblate 2026.8 default list, in its order, with its names', () => {
    expect(WEBLATE_CHECKS.map(([id, name]) => [id, name])).toEqual(WEBLATE_2026_8);
    expect(WEBLATE_CHECKS).toHaveLength(85);
  });
  it.each([
    ['asciidoc-markup', 'AsciiDoc markup'],
    ['xml-chars-around-tags', 'Chars around XML tags'],
    ['rst-references', 'Inconsistent reStructuredText'],
    ['source-max-length', 'Source string length'],
  ])('%s is known and named %s', (id, name) => {
    expect(checkIdOf(id)).toBe(id);
    expect(checkName(id)).toBe(name);
  });
});
