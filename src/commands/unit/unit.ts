// wli unit <id>: one string whole (/api/units/<id>/), as `gh issue view` shows an issue: what it is
// and where (its translation as a target, its state by name), every plural form of its source and
// target, then its suggestions, comments and screenshots where it has any, then its web page. The
// lists are those `units --with` reads (commands/units/with.ts), asked the same way: suggestions and comments
// only when the unit says it has some, screenshots from its component's one list.
import { ServerError, isNotFound, HttpError, NotFoundError } from '../../api/errors.js';
import { pageOf, type Item, type Page } from '../../core/page.js';
import { UsageError } from '../../core/errors.js';
import { msg, ours } from '../../core/text.js';
import type { RecordResult } from '../../output/result.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import type { CommandInput } from '../../remote/run.js';
import { identified, unitIdentity } from '../../weblate/identity.js';
import { unitPath } from '../../weblate/paths.js';
import { WITH_LISTS, type WithList } from '../../weblate/discussion.js';
import { withLists } from '../units/with.js';
import { unitRows } from './rows.js';
import { sourceSearch } from '../../weblate/units.js';

/** A unit id as Weblate numbers them: digits only (anything else is no unit, and no request). */
const UNIT_ID = /^[0-9]{1,19}$/;

/** The unit, or a 404 said as a unit that does not exist, with where to find the ids. */
async function unitOf(weblate: Weblate, id: string): Promise<Item> {
  try {
    return await weblate.getObject(unitPath(id));
  } catch (e) {
    if (!(isNotFound(e) && e.fromApi)) throw e;
    throw new NotFoundError(
      msg`no unit ${id} on this server (GET ${weblate.url(unitPath(id)).href}: HTTP 404)`,
      msg`a unit's id is the ID column of wli units: find it with wli units PROJECT/COMPONENT/LANGUAGE -q '${ours(sourceSearch('TEXT'))}'`,
      { cause: e },
    );
  }
}

async function* one(unit: Item): AsyncGenerator<Page> {
  yield pageOf([unit]);
}

/** Whether a list could not be read because the server is too old to serve it (a 404): said, not fatal. */
const tooOld = (e: unknown): e is ServerError | HttpError => isNotFound(e) || (e instanceof ServerError && isNotFound(e.cause));

/** The unit with one more of wli's lists after its fields; unchanged, said on stderr, when the server has none to give. */
async function withList(weblate: Weblate, report: Report, unit: Item, list: WithList): Promise<Item> {
  try {
    for await (const page of withLists(weblate, one(unit), [list])) return page.items()[0] ?? unit;
    return unit;
  } catch (e) {
    if (!tooOld(e)) throw e;
    report.warn(msg`${ours(list)} not shown: ${e.text}`);
    return unit;
  }
}

export async function run({ args, weblate, report }: CommandInput<'unit'>): Promise<RecordResult> {
  // The id is a required argument (spec): commander gives one; none would be '', no unit id either.
  const [given = ''] = args;
  const id = given.trim();
  if (!UNIT_ID.test(id)) throw new UsageError(msg`'${given}' is no unit id: a unit id is a number`, msg`see the ID column of wli units TARGET`);
  const server = await unitOf(weblate, id);
  // wli's identity first (its translation as a target), the server's fields as sent, then the lists.
  let unit = identified(server, unitIdentity(server));
  for (const list of WITH_LISTS) unit = await withList(weblate, report, unit, list);
  return { kind: 'record', record: unit, rows: unitRows(unit) };
}
