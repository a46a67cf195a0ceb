// units --with suggestions,comments: each unit with the lists it has, asked only for the units that
// say they have any (has_suggestion, has_comment): a unit with none costs no request.
import { ServerError, isNotFound } from '../../api/errors.js';
import { isItem, pageOf, type Item, type Page } from '../../core/page.js';
import { allInOrder } from '../../core/pool.js';
import { msg, ours } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column } from '../../output/result.js';
import { formsText } from '../../output/readable.js';
import type { Weblate } from '../../remote/weblate.js';
import { SCREENSHOTS_FIELD, WITH, type UnitList, type WithList } from '../../weblate/discussion.js';
import { screenshotsOf } from '../../weblate/paths.js';
import { screenshotSummary, screenshotsOfUnit, shownUnitIds } from '../../weblate/screenshots.js';
import { objectOfUrl } from '../../weblate/target.js';
import { identityOfRow, withOwnFields, type Identity } from '../../weblate/identity.js';
import { unitView, UnitView } from '../../weblate/views/unit.js';
import { screenshotView } from '../../weblate/views/screenshot.js';

/** A unit's list (the unit by its id), or why a server has none to give (older than the release that serves it). */
async function listOf(weblate: Weblate, id: string, list: UnitList): Promise<Item[]> {
  const facts = WITH[list];
  const path = facts.path(id);
  try {
    return await weblate.allItems({ path, label: list, quiet: true });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    throw new ServerError(
      msg`GET ${weblate.url(path).href}: 404, though unit ${id} says it has ${ours(list)} (${ours(facts.flag)})`,
      msg`a unit's ${ours(list)} are served by Weblate ${ours(facts.since)} or later; without --with ${ours(list)} the units are listed as they are`,
      { cause: e },
    );
  }
}

/**
 * The screenshots of each component met, asked once a component (its one list), by the unit each
 * shows: a unit's screenshots are those of its source unit and, for a localized screenshot (one of its
 * own translation), those showing the unit itself (screenshotsOfUnit).
 */
function screenshotsByUnit(weblate: Weblate): (unit: UnitView) => Promise<Item[]> {
  const byComponent = new Map<string, Promise<Map<string, Item[]>>>();
  return async (unit) => {
    const t = objectOfUrl(unit.translation);
    if (t?.kind !== 'translation') return [];
    const key = [t.project, ...t.component].join('/');
    let shots = byComponent.get(key);
    if (!shots) {
      shots = weblate.allItems({ path: screenshotsOf(t), label: 'screenshots', quiet: true }).then((list) => {
        const map = new Map<string, Item[]>();
        for (const shot of list) for (const id of shownUnitIds(shot)) map.set(id, [...(map.get(id) ?? []), screenshotSummary(shot)]);
        return map;
      });
      byComponent.set(key, shots);
    }
    return screenshotsOfUnit(await shots, unit.raw);
  };
}

/** The pages with each unit's lists added after its fields (wli_suggestions, wli_comments, wli_screenshots: empty when it has none). */
export async function* withLists(weblate: Weblate, pages: AsyncIterable<Page>, lists: readonly WithList[]): AsyncGenerator<Page> {
  const screenshots = screenshotsByUnit(weblate);
  for await (const page of pages) {
    const jobs = page.items().map((raw) => async () => {
      const unit = unitView(raw);
      const added = new Map<string, Item[]>();
      for (const list of lists) {
        if (list === 'screenshots') added.set(SCREENSHOTS_FIELD, await screenshots(unit));
        else added.set(WITH[list].field, hasAny(unit, list) ? await listOf(weblate, plainText(unit.id), list) : []);
      }
      // A server field named as a list wli adds is kept as server_<name> (weblate/identity.ts).
      return withOwnFields(raw, Object.fromEntries(added));
    });
    // The server's texts of the units no longer say everything printed: the items are.
    yield pageOf(await allInOrder(jobs, weblate.concurrency));
  }
}

/** A table's column for each list: its entries' texts (a suggestion's target, a comment), one after another. */
export function withColumns(lists: readonly WithList[]): Column<UnitRow>[] {
  return lists.map((list) => {
    const field = withField(list);
    const text = (e: Item): unknown => (list === 'screenshots' ? screenshotView(e).name : WITH[list].text(e));
    return {
      header: list,
      field,
      value: (u) => u.added(list),
      text: (v) =>
        Array.isArray(v)
          ? v
              .filter(isItem)
              .map((e) => formsText(text(e)))
              .join(' · ')
          : '',
    };
  });
}

/** The field a list is added as. */
export const withField = (list: WithList): string => (list === 'screenshots' ? SCREENSHOTS_FIELD : WITH[list].field);

/** Whether a unit says it has any of a list (its has_suggestion, has_comment: WITH[list].flag). */
const hasAny = (unit: UnitView, list: UnitList): boolean => (list === 'suggestions' ? unit.hasSuggestion : unit.hasComment) === true;

/**
 * A unit as wli writes it: the server's unit (read through its view) with wli's own fields, the
 * identity it was given (weblate/identity.ts) and the lists withLists added after its fields.
 */
export class UnitRow extends UnitView {
  /** wli's identity of the row (its translation as a target); undefined for a unit as the server sent it. */
  get identity(): Identity | undefined {
    return identityOfRow(this.raw);
  }
  /** A list wli added, as written (wli_suggestions, wli_comments, wli_screenshots); undefined when not asked. */
  added(list: WithList): unknown {
    return this.field(withField(list));
  }
  /** The entries of a list wli added; none when it has none. */
  entries(list: WithList): Item[] {
    const v = this.added(list);
    return Array.isArray(v) ? v.filter(isItem) : [];
  }
}

export const unitRow = (raw: Item): UnitRow => new UnitRow(raw);
