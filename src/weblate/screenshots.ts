// Weblate's screenshots (4.0): what a screenshot object says and how its strings are named. Each
// names the source units it shows (`units`, their URLs) and the source translation they are in
// (`translation`); a string of another language is on a screenshot through its `source_unit`. No I/O.
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

/** What a list of screenshots says of one it names (units --with screenshots): enough to find and fetch it. */
export function screenshotSummary(shot: Item): Item {
  return { id: shot.id, name: shot.name, repository_filename: shot.repository_filename, file_url: shot.file_url };
}
