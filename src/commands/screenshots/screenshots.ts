// wli screenshots: a component's screenshots, each with the strings it shows. Two lists: the
// screenshots, and the strings on any of them (the source translation's units searched with
// has:screenshot), never one request per string.
import { numberOfText } from '../../codec/json.js';
import { UsageError } from '../../core/errors.js';
import { isItem, pageOf, type Item } from '../../core/page.js';
import { msg } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column, ListResult } from '../../output/result.js';
import type { Weblate } from '../../remote/weblate.js';
import type { CommandInput } from '../../remote/run.js';
import { idFromUrl } from '../../weblate/objects.js';
import { screenshotsOf, unitsOf } from '../../weblate/paths.js';
import { HAS_SCREENSHOT, shownUnitIds } from '../../weblate/screenshots.js';
import { objectOfUrl, type CategoryTarget, type Target } from '../../weblate/target.js';
import { allInOrder } from '../../core/pool.js';
import { withOwnFields } from '../../weblate/identity.js';
import { columnsOver } from '../../output/view-columns.js';
import { ScreenshotView, screenshotView } from '../../weblate/views/screenshot.js';
import { unitView, type UnitView } from '../../weblate/views/unit.js';

/** The field wli adds to each screenshot: the strings it shows (ShownString). */
const STRINGS_FIELD = 'wli_strings';

/** A string a screenshot shows, as wli lists it: the unit's id, context and source; null where the search did not answer it. */
interface ShownString {
  id: unknown;
  context: unknown;
  source: unknown;
}

/** A screenshot as wli lists it: the server's (read through its view) and the strings wli added (wli_strings). */
class ScreenshotRow extends ScreenshotView {
  /** wli_strings as written. */
  get strings(): unknown {
    return this.field(STRINGS_FIELD);
  }
  /** The strings as units (id, context, source); none when it has none. */
  get stringUnits(): UnitView[] {
    const v = this.strings;
    return Array.isArray(v) ? v.filter(isItem).map(unitView) : [];
  }
}

/** How a table names a string: its context, else its source, else its id. */
const stringName = (u: UnitView): string => plainText(u.context !== '' && u.context != null ? u.context : (u.source ?? `unit ${plainText(u.id)}`));

const SCREENSHOT_COLUMNS: Column[] = columnsOver(
  (raw) => new ScreenshotRow(raw),
  [
    { header: 'id', field: 'id', value: (s) => s.id, kind: 'id' },
    { header: 'name', field: 'name', value: (s) => s.name, kind: 'name' },
    { header: 'file', field: 'repository_filename', value: (s) => s.repositoryFilename, kind: 'url', drop: 2 },
    {
      header: 'strings',
      field: STRINGS_FIELD,
      value: (s) => s.strings,
      text: (_v, s) => s.stringUnits.map(stringName).join(', '),
    },
  ],
);

export async function run({ args, weblate }: CommandInput<'screenshots'>): Promise<ListResult> {
  const readings = weblate.targetReadings(args[0], ['component', 'category'], ['translation']);
  const { target, value: shots } = await weblate.firstFound(readings, (t) => screenshotsOfTarget(weblate, t));
  const shown = await stringsShown(weblate, shots);
  // wli's list after the screenshot's fields; a server field of its name is kept as server_wli_strings (weblate/identity.ts).
  const items = shots.map((s) =>
    withOwnFields(s, { [STRINGS_FIELD]: shownUnitIds(s).map((id) => shown.get(id) ?? { id: numberOfText(id) ?? id, context: null, source: null }) }),
  );
  return {
    kind: 'list',
    pages: (async function* () {
      yield pageOf(items);
    })(),
    columns: SCREENSHOT_COLUMNS,
    empty: msg`${target.text} has no screenshots`,
    knownFields: ['id', 'name', 'repository_filename', 'translation', 'file_url', 'units', 'url', 'wli_strings'],
  };
}

function screenshotsOfTarget(weblate: Weblate, t: Target): Promise<Item[]> {
  if (t.kind === 'component') return weblate.allItems({ path: screenshotsOf(t), label: 'screenshots' });
  if (t.kind === 'translation') {
    const component = [t.project, ...t.component].join('/');
    // Its screenshots are its component's (they show source strings): said once the component reading missed.
    return weblate.allItems({ path: screenshotsOf({ project: t.project, component: t.component }), label: 'screenshots' }).then(() => {
      throw new UsageError(msg`${t.text} is a translation: screenshots belong to its component`, msg`wli screenshots ${component}`);
    });
  }
  if (t.kind === 'category') return categoryScreenshots(weblate, t);
  throw new UsageError(msg`wli screenshots takes a component or a category, not ${t.text}`);
}

/** A category's screenshots: each component's inside it (nested ones too), in the order the project lists them. */
async function categoryScreenshots(weblate: Weblate, t: CategoryTarget): Promise<Item[]> {
  const components = await weblate.categoryComponents(await weblate.categoryOf(t));
  const lists = await allInOrder(
    components.map((c) => () => weblate.allItems({ path: screenshotsOf(c.target), label: 'screenshots' })),
    weblate.concurrency,
  );
  return lists.flat();
}

/**
 * The strings on the screenshots, by unit id: each screenshot's source translation (its `translation`)
 * searched with has:screenshot, one list per source translation. A string it does not answer is
 * named by its id alone.
 */
async function stringsShown(weblate: Weblate, shots: Item[]): Promise<Map<string, ShownString>> {
  const sources = new Set(shots.map((s) => screenshotView(s).translation).filter((u): u is string => typeof u === 'string'));
  const shown = new Map<string, ShownString>();
  for (const url of sources) {
    const t = objectOfUrl(url);
    if (t?.kind !== 'translation') continue;
    const units = await weblate.allItems({ path: unitsOf(t), query: new URLSearchParams({ q: HAS_SCREENSHOT }), label: 'strings' });
    for (const u of units.map(unitView)) shown.set(idFromUrl(u.id), { id: u.id, context: u.context ?? null, source: u.source ?? null });
  }
  return shown;
}
