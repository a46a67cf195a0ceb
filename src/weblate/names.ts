// The grammar of the names Weblate gives things: a slug (a project's, a component's, a category's) is
// Django's validate_slug, ASCII letters, digits, `-` and `_`; a language code is letters and digits
// with `_`, `-`, `@`, `.` and `+` between them (zh_Hant, sr@latin, be_Latn, en-GB). A name outside it
// is no name wli offers anywhere a shell reads it (completion): server text that is not a slug may
// carry a newline, an ESC or a quote.

const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const LANGUAGE_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9_@.+-]{0,49})$/;

/** Whether `text` is a slug as Weblate makes them. (Weblate's source: weblate/trans/models/project.py Project.slug, a Django SlugField) */
export function isSlug(text: unknown): text is string {
  return typeof text === 'string' && SLUG.test(text);
}

/** Whether `text` is a language code as Weblate names languages. (Weblate's source: weblate/lang/models.py Language.code) */
export function isLanguageCode(text: unknown): text is string {
  return typeof text === 'string' && LANGUAGE_CODE.test(text);
}

/**
 * Whether `text` is a target path wli completes: slugs joined by `/` (a project, its categories and
 * component), then, when `language` is set, a language code.
 */
export function isSlugPath(text: unknown, language = false): text is string {
  if (typeof text !== 'string') return false;
  const parts = text.split('/');
  const last = language ? parts.pop() : undefined;
  return parts.length > 0 && parts.every(isSlug) && (!language || isLanguageCode(last));
}
