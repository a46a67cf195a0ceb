// One rule for a language code a user gives (pull --lang, stats --fail-under LANG=PCT): Weblate's
// codes are lower-case with `_` (pt_BR is listed as pt_BR, but cs, CS, pt-br and pt_BR name what a
// user means alike), so case and `-`/`_` do not matter when a given code is matched to the server's.
// The code itself is kept as the user wrote it for messages, and sent to the server as the server
// names it.

/** The form two codes are compared in: lower case, `-` read as `_`. (Weblate's source: weblate/lang/models.py LanguageQuerySet.fuzzy_get) */
export const languageKey = (code: string): string => code.toLowerCase().replace(/-/g, '_');

/** Whether two codes name the same language under that rule. */
export const sameLanguage = (a: string, b: string): boolean => languageKey(a) === languageKey(b);
