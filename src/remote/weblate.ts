// The run's one Weblate object, its top layer: a command's target as its result (the object it names,
// or its list, the first reading the server has; a miss explained: resolve.ts; the reads beneath:
// reads.ts). A category's object is the one its project's list sent. Built in layers, one file each
// (Reads → Resolver → Weblate), so that each file keeps one job while a command holds one object.
import { UsageError } from '../core/errors.js';
import { head, type Item, type Page } from '../core/page.js';
import { msg, ours } from '../core/text.js';
import type { Column, ListResult, RecordResult } from '../output/result.js';
import { formsOf, readTarget, type Target, type TargetKind } from '../weblate/target.js';
import { objectPath } from '../weblate/paths.js';
import { Resolver } from './resolve.js';
import type { ListAsk } from './reads.js';
import { UnitSearch } from './search.js';

/** Where a target's list is: its path and query (found by asking first: a category's components), or none at all. */
type ListOf = (t: Target) => ListAt | undefined | Promise<ListAt | undefined>;
type ListAt = {
  path: string;
  query?: URLSearchParams;
  /** Its own way of reading the pages (a search that may ask again in another form: search.ts). */
  read?: (ask: { limit?: number; label: string }) => AsyncGenerator<Page>;
};

/** The first `limit` items of the pages; no page is asked for once they are out. */
export async function* limited(pages: AsyncGenerator<Page>, limit: number | undefined): AsyncGenerator<Page> {
  if (limit === undefined) {
    yield* pages;
    return;
  }
  let left = limit;
  for await (const page of pages) {
    if (page.size < left) {
      left -= page.size;
      yield page;
      continue;
    }
    yield head(page, left);
    return;
  }
}

/** Lets a command reinterpret an API error (e.g. a rejected search query is a usage error). */
export async function* mapErrors<T>(source: AsyncIterable<T>, map: (e: unknown) => unknown): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (e) {
    throw map(e);
  }
}

/**
 * The run's one Weblate object: the configured server's client, every read, a target's readings
 * resolved and a miss explained (resolve.ts, reads.ts), a target's object or list as a Result, and the
 * run's one unit search (search.ts). Built once per run (run.ts: openRun); a command gets it, and what it
 * says goes through the Report beside it.
 */
export class Weblate extends Resolver {
  private unitSearch?: UnitSearch;

  /** The unit search of this run: the form the server takes, learnt once (search.ts). */
  get search(): UnitSearch {
    return (this.unitSearch ??= new UnitSearch(this, this.report));
  }

  /**
   * The readings of the default target (`translation` in [weblate] of a wlc config file or a project's
   * .weblate), none without one. One the command cannot take names the file it came from: the user
   * never typed it.
   */
  defaultReadings(accepts: readonly TargetKind[], alsoRead: readonly TargetKind[] = []): Target[] | undefined {
    const given = this.settings.defaultTarget;
    if (!given) return undefined;
    try {
      return readTarget(given.value, accepts, alsoRead);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      throw new UsageError(
        msg`${e.text} (the default target: translation = ${given.value} in ${given.source})`,
        msg`give a target as an argument${e.hintText ? msg` (${e.hintText})` : ours('')}, or change translation in ${given.source}`,
        { cause: e },
      );
    }
  }

  /**
   * The readings of the argument, or of the default target of the configuration (`translation` in
   * [weblate]); `alsoRead`: forms recognised only to be refused by name (target.ts).
   */
  targetReadings(arg: string | undefined, accepts: readonly TargetKind[], alsoRead: readonly TargetKind[] = []): Target[] {
    if (arg === undefined) {
      const readings = this.defaultReadings(accepts, alsoRead);
      if (readings) return readings;
    }
    const text = arg;
    if (text === undefined) {
      throw new UsageError(
        msg`missing target`,
        msg`expected ${ours(formsOf(accepts))}, or a default target (translation = …) in the [weblate] section of a wlc config file`,
      );
    }
    return readTarget(text, accepts, alsoRead);
  }

  /** The object the first existing reading names, as the server sent it. */
  async getTargetObject(readings: Target[]): Promise<{ target: Target; record: Item }> {
    const { target, value } = await this.firstFound(readings, async (t) => {
      if (t.kind === 'category') return (await this.categoryOf(t)).item;
      if (t.kind === 'projectLanguage') throw new UsageError(msg`${t.text} names no object of its own`, msg`its statistics: wli stats ${t.text}`);
      return this.getObject(objectPath(t));
    });
    return { target, record: value };
  }

  async getRecord(readings: Target[], rows: Column[]): Promise<RecordResult> {
    return { kind: 'record', record: (await this.getTargetObject(readings)).record, rows };
  }

  /**
   * A list of the first reading of the target whose list exists (a miss explained), as a result.
   * `pipe` may filter or check the pages on their way out (the scope check of units).
   */
  listOf(
    req: {
      readings: Target[];
      list: ListOf;
      limit?: number;
      label: string;
      onStatus?: (e: unknown) => unknown;
      pipe?: (pages: AsyncGenerator<Page>, t: Target) => AsyncGenerator<Page>;
      filters?: (t: Target) => boolean;
    } & Omit<ListResult, 'kind' | 'pages'>,
  ): ListResult {
    const { readings, list, limit, label, onStatus, pipe, filters, ...shown } = req;
    const pagesOf = (ask: ListAsk) => this.pagesOf(ask);
    async function* read(t: Target, whole: boolean): AsyncGenerator<Page> {
      const at = await list(t);
      if (at?.read) yield* at.read({ limit: whole ? undefined : limit, label });
      else if (at) yield* pagesOf({ path: at.path, query: at.query, limit: whole ? undefined : limit, label });
    }
    const pages = this.firstFoundPages(readings, (t) => {
      // A pipe that may leave items out: the limit counts what comes out of it, not what the server sent.
      if (!pipe) return read(t, false);
      if (!filters?.(t)) return pipe(read(t, false), t);
      return limited(pipe(read(t, true), t), limit);
    });
    return { kind: 'list', pages: onStatus ? mapErrors(pages, onStatus) : pages, ...shown };
  }
}
