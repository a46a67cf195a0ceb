// The Weblate releases that brought what wli relies on (Weblate's changelog), named where it matters.

/** /api/units/ honours q ("Added searching support in units API"). */
export const UNITS_SEARCH_SINCE = '4.14.1';
/** /api/projects/<p>/file/: a zip of the whole project. */
export const PROJECT_DOWNLOAD_SINCE = '5.5';
