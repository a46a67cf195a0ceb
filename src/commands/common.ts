// Pieces every command shares: resolving its target, and turning an API list into a result.
import { ServerError } from '../api/errors.js';
import type { Page } from '../api/paginate.js';
import { UsageError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';
import { plainText } from '../core/values.js';
import type { Item } from '../output/fields.js';
import type { Column, ListResult, RecordResult } from '../output/result.js';
import type { Session } from './session.js';
import type { CommandName, OptionsOf } from '../spec/spec.js';
import { formsOf, objectPath, readTarget, type Target, type TargetKind } from '../weblate/target.js';
import { firstFound, firstFoundPages } from './resolve.js';

/** What `wli <name>` receives: its arguments, its options checked and typed from spec.ts, the session. */
export interface CommandInput<N extends CommandName = CommandName> {
  args: string[];
  opts: OptionsOf<N>;
  session: Session;
}

/** What a command that needs no server or settings receives (completion). */
export type StandaloneInput<N extends CommandName = CommandName> = Omit<CommandInput<N>, 'session'>;

/** The readings of the argument, or of the default target of the configuration (`translation` in [weblate]). */
export function targetReadings(session: Session, arg: string | undefined, accepts: readonly TargetKind[]): Target[] {
  const text = arg ?? session.settings.defaultTarget?.value;
  if (text === undefined) {
    throw new UsageError(msg`missing target`, msg`expected ${ours(formsOf(accepts))}, or a default target (translation = …) in the [weblate] section of a wlc config file`);
  }
  return readTarget(text, accepts);
}

/** The object the first existing reading names, as the server sent it. */
export async function getTargetObject(session: Session, readings: Target[]): Promise<{ target: Target; record: Item }> {
  const { target, value } = await firstFound(session, readings, (t) => getObject(session, objectPath(t)));
  return { target, record: value };
}

/** One resource; anything but a JSON object is the server's fault. */
export async function getObject(session: Session, path: string): Promise<Item> {
  const client = await session.client();
  const { body } = await client.getJson(path);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ServerError(msg`GET ${client.resolve(path).href}: expected a JSON object`, msg`is --url the Weblate server?`);
  }
  return body as Item;
}

export async function getRecord(session: Session, readings: Target[], rows: Column[]): Promise<RecordResult> {
  return { kind: 'record', record: (await getTargetObject(session, readings)).record, rows };
}

/** The pages of a list with this run's settings: page size, concurrency, warnings, progress. */
export async function pagesOf(session: Session, req: { path: string; query?: URLSearchParams; limit?: number; label: string }): Promise<AsyncGenerator<Page>> {
  const client = await session.client();
  const { settings } = session;
  const { paginate } = await import('../api/paginate.js');
  return paginate(client, {
    path: req.path,
    query: req.query,
    pageSize: settings.pageSize,
    limit: req.limit,
    concurrency: settings.concurrency,
    warn: (m) => session.warn(m),
    // With --limit the goal is the limit, not the server's count.
    onProgress: (done, total) => session.progress.update(req.label, done, req.limit !== undefined && total !== undefined ? Math.min(req.limit, total) : total ?? req.limit),
  });
}

/** Where a target's list is: its path and query. */
export type ListOf = (t: Target) => { path: string; query?: URLSearchParams };

/**
 * A list of the first reading of the target whose list exists (a miss explained), as a result.
 * `pipe` may filter or check the pages on their way out (the scope check of units).
 */
export async function listOf(
  session: Session,
  req: { readings: Target[]; list: ListOf; limit?: number; label: string; onStatus?: (e: unknown) => unknown; pipe?: (pages: AsyncGenerator<Page>, t: Target) => AsyncGenerator<Page>; filters?: (t: Target) => boolean } & Omit<ListResult, 'kind' | 'pages'>,
): Promise<ListResult> {
  const { readings, list, limit, label, onStatus, pipe, filters, ...shown } = req;
  const pages = firstFoundPages(session, readings, async (t) => {
    // A pipe that may leave items out: the limit counts what comes out of it, not what the server sent.
    if (!pipe) return pagesOf(session, { ...list(t), limit, label });
    if (!filters?.(t)) return pipe(await pagesOf(session, { ...list(t), limit, label }), t);
    return limited(pipe(await pagesOf(session, { ...list(t), label }), t), limit);
  });
  return { kind: 'list', pages: onStatus ? mapErrors(pages, onStatus) : pages, ...shown };
}

/** The first `limit` items of the pages; no page is asked for once they are out. */
export async function* limited(pages: AsyncGenerator<Page>, limit: number | undefined): AsyncGenerator<Page> {
  if (limit === undefined) return yield* pages;
  let left = limit;
  for await (const page of pages) {
    if (page.items.length < left) {
      left -= page.items.length;
      yield page;
      continue;
    }
    yield { items: page.items.slice(0, left), raw: page.raw?.slice(0, left) };
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

/** "…/api/units/123/" → "123" */
export function idFromUrl(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : plainText(value);
  const m = /\/(\d+)\/?(?:\?.*)?$/.exec(value);
  return m ? m[1]! : value;
}
