// Weblate's screenshots (4.0): what a screenshot object says and how its strings are named. Each
// names the units it shows (`units`, their URLs) and the translation they are in (`translation`):
// usually the source translation, whose strings every language's string stands for through its
// `source_unit`; a localized screenshot belongs to another translation and shows its units
// (weblate/screenshots/models.py Screenshot.translation and .units, weblate/api/serializers.py
// ScreenshotSerializer; all releases since 4.0). No I/O.
import type { Item } from '../core/page.js';
import { idFromUrl } from './objects.js';

/** The search of a translation's strings that are on any screenshot (weblate/utils/search.py has_field "screenshot"). */
export const HAS_SCREENSHOT = 'has:screenshot';

/** The ids of the units a screenshot shows, in its order. */
export function shownUnitIds(shot: Item): string[] {
  return Array.isArray(shot.units) ? shot.units.map((u) => idFromUrl(u)).filter((id) => id !== '') : [];
}

/** The id of the source unit a unit is (its own, for a source string) or stands for (`source_unit`). */
export function sourceUnitId(unit: Item): string {
  const own = idFromUrl(unit.source_unit);
  return own !== '' ? own : idFromUrl(unit.id);
}

/**
 * A unit's screenshots from a component's, by the unit ids each shows: those showing its source unit
 * first, then those showing the unit itself (a localized screenshot), each once.
 */
export function screenshotsOfUnit(byShownUnit: ReadonlyMap<string, Item[]>, unit: Item): Item[] {
  const own = idFromUrl(unit.id);
  const source = sourceUnitId(unit);
  const found = [...(byShownUnit.get(source) ?? []), ...(own !== source ? (byShownUnit.get(own) ?? []) : [])];
  return found.filter((shot, i) => found.findIndex((s) => s.id === shot.id) === i);
}

/** What a list of screenshots says of one it names (units --with screenshots): enough to find and fetch it. */
export function screenshotSummary(shot: Item): Item {
  return { id: shot.id, name: shot.name, repository_filename: shot.repository_filename, file_url: shot.file_url };
}
