// wli screenshots: a component's screenshots, each with the strings it shows. Two lists: the
// screenshots, and the strings on any of them (the source translation's units searched with
// has:screenshot), never one request per string.
import { numberOfText } from '../../codec/json.js';
import { UsageError } from '../../core/errors.js';
import { isItem, pageOf, type Item } from '../../core/page.js';
import { msg } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column, ListResult } from '../../output/result.js';
import type { Weblate } from '../../session/results.js';
import type { CommandInput } from '../../session/session.js';
import { idFromUrl } from '../../weblate/objects.js';
import { screenshotsOf, unitsOf } from '../../weblate/paths.js';
import { HAS_SCREENSHOT, shownUnitIds } from '../../weblate/screenshots.js';
import { objectOfUrl, type CategoryTarget, type Target } from '../../weblate/target.js';
import { allInOrder } from '../../core/pool.js';
import { withOwnFields } from '../../weblate/identity.js';

const strings = (s: Item): Item[] => (Array.isArray(s.wli_strings) ? s.wli_strings.filter(isItem) : []);

const SCREENSHOT_COLUMNS: Column[] = [
  { header: 'id', field: 'id', value: (s) => s.id, kind: 'id' },
  { header: 'name', field: 'name', value: (s) => s.name, kind: 'name' },
  { header: 'file', field: 'repository_filename', value: (s) => s.repository_filename, kind: 'url', drop: 2 },
  {
    header: 'strings',
    field: 'wli_strings',
    value: (s) => s.wli_strings,
    text: (_v, s) =>
      strings(s)
        .map((u) => plainText(u.context !== '' && u.context != null ? u.context : (u.source ?? `unit ${plainText(u.id)}`)))
        .join(', '),
  },
];

export async function run({ args, weblate }: CommandInput<'screenshots'>): Promise<ListResult> {
  const readings = weblate.targetReadings(args[0], ['component', 'category'], ['translation']);
  const { target, value: shots } = await weblate.firstFound(readings, (t) => screenshotsOfTarget(weblate, t));
  const shown = await stringsShown(weblate, shots);
  // wli's list after the screenshot's fields; a server field of its name is kept as server_wli_strings (weblate/identity.ts).
  const items = shots.map((s) =>
    withOwnFields(s, { wli_strings: shownUnitIds(s).map((id) => shown.get(id) ?? { id: numberOfText(id) ?? id, context: null, source: null }) }),
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
async function stringsShown(weblate: Weblate, shots: Item[]): Promise<Map<string, Item>> {
  const sources = new Set(shots.map((s) => s.translation).filter((u): u is string => typeof u === 'string'));
  const shown = new Map<string, Item>();
  for (const url of sources) {
    const t = objectOfUrl(url);
    if (t?.kind !== 'translation') continue;
    const units = await weblate.allItems({ path: unitsOf(t), query: new URLSearchParams({ q: HAS_SCREENSHOT }), label: 'strings' });
    for (const u of units) shown.set(idFromUrl(u.id), { id: u.id, context: u.context ?? null, source: u.source ?? null });
  }
  return shown;
}
