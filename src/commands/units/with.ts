// units --with suggestions,comments: each unit with the lists it has, asked only for the units that
// say they have any (has_suggestion, has_comment): a unit with none costs no request.
import { ServerError, isNotFound } from '../../api/errors.js';
import type { Item, Page } from '../../core/page.js';
import { allInOrder } from '../../core/pool.js';
import { msg, ours } from '../../core/text.js';
import { plainText } from '../../core/values.js';
import type { Column } from '../../output/result.js';
import { formsText } from '../../output/readable.js';
import type { Session } from '../../session/session.js';
import { allItems } from '../../session/reads.js';
import { WITH, type WithList } from '../../weblate/discussion.js';

/** A unit's list, or why a server has none to give (older than the release that serves it). */
async function listOf(session: Session, unit: Item, list: WithList): Promise<Item[]> {
  const facts = WITH[list];
  const path = facts.path(plainText(unit.id));
  try {
    return await allItems(session, { path, label: list, quiet: true });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    throw new ServerError(
      msg`GET ${session.client().resolve(path).href}: 404, though unit ${plainText(unit.id)} says it has ${ours(list)} (${ours(facts.flag)})`,
      msg`a unit's ${ours(list)} are served by Weblate ${ours(facts.since)} or later; without --with ${ours(list)} the units are listed as they are`,
      { cause: e },
    );
  }
}

/** The pages with each unit's lists added after its fields (wli_suggestions, wli_comments: empty when it has none). */
export async function* withLists(session: Session, pages: AsyncIterable<Page>, lists: readonly WithList[]): AsyncGenerator<Page> {
  for await (const page of pages) {
    const jobs = page.items.map((unit) => async () => {
      const added: Item = {};
      for (const list of lists) added[WITH[list].field] = unit[WITH[list].flag] === true ? await listOf(session, unit, list) : [];
      return { ...unit, ...added };
    });
    // The server's texts of the units no longer say everything printed: the items are.
    yield { items: await allInOrder(jobs, session.settings.concurrency) };
  }
}

/** A table's column for each list: its entries' texts (a suggestion's target, a comment), one after another. */
export function withColumns(lists: readonly WithList[]): Column[] {
  return lists.map((list) => ({
    header: list,
    field: WITH[list].field,
    value: (u) => u[WITH[list].field],
    text: (v) => (Array.isArray(v) ? v.map((e) => formsText(WITH[list].text(e as Item))).join(' · ') : ''),
  }));
}
