// The Weblate releases that brought what wli relies on (Weblate's changelog), named where it matters.

/** /api/units/ honours q ("Added searching support in units API"). (Weblate's source: weblate/api/views.py UnitViewSet.filter_queryset; docs/changes/v4.rst) */
export const UNITS_SEARCH_SINCE = '4.14.1';
/** /api/projects/<p>/file/: a zip of the whole project. */
export const PROJECT_DOWNLOAD_SINCE = '5.5';
/** /api/units/<id>/comments/: a string's comments. */
export const UNIT_COMMENTS_SINCE = '5.15';
/** /api/units/<id>/suggestions/ (and /api/suggestions/): a string's suggestions. */
export const UNIT_SUGGESTIONS_SINCE = '2026.8';
/** POST /api/memory/lookup/: the translation memory lookup. */
export const MEMORY_LOOKUP_SINCE = '5.17';
/** POST /api/memory/lookup/?exact=true: exact matches only (MemoryLookupQuerySerializer); before, `exact` is ignored. */
export const MEMORY_EXACT_SINCE = '2026.5';
/** /api/memory/: a memory API without the lookup (its detail route answers POST /api/memory/lookup/ with 405). */
export const MEMORY_API_SINCE = '4.14';
/** /api/components/<p>/<c>/screenshots/ and /api/screenshots/<id>/file/. */
export const SCREENSHOTS_SINCE = '4.0';
