// What units carry beside their text, read on request (units --with): a string's suggestions and its
// comments, each a list of its own per unit, which the unit says it has (has_suggestion, has_comment),
// so only those units are asked; and its screenshots, read from its component's one list of them.
// A unit's comments/ lists every comment, resolved ones included, with no `resolved` field, while
// has_comment counts only unresolved ones (weblate/api/views.py UnitViewSet.comments:
// unit.comment_set.all(); weblate/api/serializers.py CommentSerializer: no resolved field;
// weblate/trans/models/unit.py Unit.has_comment: unresolved_comments; comments since 5.15): wli
// cannot tell them apart either. No I/O.
import type { Item } from '../core/page.js';
import { unitCommentsOf, unitSuggestionsOf } from './paths.js';
import { UNIT_COMMENTS_SINCE, UNIT_SUGGESTIONS_SINCE } from './versions.js';

export const WITH_LISTS = ['suggestions', 'comments', 'screenshots'] as const;
export type WithList = (typeof WITH_LISTS)[number];
/** The lists asked unit by unit (the unit's flag says whether it has any). */
export type UnitList = Exclude<WithList, 'screenshots'>;
/** The field units --with screenshots adds: the screenshots its source string is on, from its component's list. */
export const SCREENSHOTS_FIELD = 'wli_screenshots';

interface WithFacts {
  /** The unit's flag that says it has any. */
  flag: 'has_suggestion' | 'has_comment';
  /** The field wli adds to the unit (wli_…: not the server's). */
  field: string;
  path(unitId: string): string;
  since: string;
  /** One entry's text, for a table: a suggestion's target forms, a comment's text. */
  text(entry: Item): unknown;
}

export const WITH: Record<UnitList, WithFacts> = {
  suggestions: { flag: 'has_suggestion', field: 'wli_suggestions', path: unitSuggestionsOf, since: UNIT_SUGGESTIONS_SINCE, text: (e) => e.target },
  comments: { flag: 'has_comment', field: 'wli_comments', path: unitCommentsOf, since: UNIT_COMMENTS_SINCE, text: (e) => e.comment },
};
