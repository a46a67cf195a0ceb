// The reads every command shares, with this run's settings (page size, concurrency, warnings,
// progress): one object, or a list through the one page reader.
import { ServerError, UnexpectedAnswerError } from '../api/errors.js';
import type { StreamAnswer } from '../api/client.js';
import { firstHeader } from '../api/http.js';
import { isFileAnswer } from '../weblate/files.js';
import { countList, paginate, type ListRequest } from '../api/paginate.js';
import { isItem, type Item, type Page } from '../core/page.js';
import { msg, ours, type Msg } from '../core/text.js';
import { UNITS_SEARCH } from '../weblate/paths.js';
import { MATCHES_NOTHING } from '../weblate/scope.js';
import { UNITS_SEARCH_SINCE } from '../weblate/versions.js';
import { FileSaver } from '../files/save.js';
import { savedFilesDir } from '../files/saved.js';
import type { Session } from './session.js';

/** One resource; anything but a JSON object is the server's fault. */
export async function getObject(session: Session, path: string): Promise<Item> {
  const client = session.client();
  const { body, url } = await client.getJson(path);
  if (!isItem(body)) {
    throw new UnexpectedAnswerError(msg`GET ${url.href}: expected a JSON object`, msg`is --url the Weblate server?`);
  }
  return body;
}

/**
 * A file Weblate serves (a translation's …/file/, a zip): as it arrives, or a 304. Weblate names every
 * file it sends (Content-Disposition: attachment); an answer that names none is no Weblate file (a
 * login page, another server at --url) and is never saved as one. Retried only until its first byte:
 * for a destination that cannot take back what it was given (stdout, a pipe).
 */
async function openFile(session: Session, url: string | URL, headers: Record<string, string>): Promise<StreamAnswer> {
  return fileAnswer(await session.client().openFile(url, { headers }));
}

/**
 * A file Weblate serves, consumed whole by `consume` once per attempt (into a temporary file, which it
 * starts over each time): a body that fails after its first byte is asked for again, whole.
 */
function consumeFile<T>(session: Session, url: string | URL, headers: Record<string, string>, consume: (res: StreamAnswer) => Promise<T>): Promise<T> {
  return session.client().consumeFile(url, (res) => consume(fileAnswer(res)), { headers });
}

/**
 * The one save path (files/save.ts) for this run: its files asked for as above, written in the run's
 * workspace, the record of saved files in the user's cache.
 */
export function fileSaver(session: Session): FileSaver {
  const { ctx } = session;
  return new FileSaver({
    workspace: session.workspace,
    source: { open: (url) => openFile(session, url, {}), consume: (url, headers, consume) => consumeFile(session, url, headers, consume) },
    records: savedFilesDir(ctx.env, ctx.homedir),
    warn: (m) => session.warn(m),
    now: () => ctx.now(),
  });
}

/** The answer as a file, or the error that it is none. */
function fileAnswer(res: StreamAnswer): StreamAnswer {
  if (res.status === 304 || isFileAnswer(res.headers)) return res;
  res.body.destroy();
  const type = firstHeader(res.headers['content-type']);
  throw new UnexpectedAnswerError(
    msg`GET ${res.url.href}: the answer is not a file (${type ? msg`${type}, ` : msg``}no Content-Disposition: attachment)`,
    msg`is --url the Weblate server? A login page or proxy may be answering instead`,
  );
}

/** What a list read asks beyond its address: a limit, the progress label, a page size or order of its own. */
interface ListAsk {
  path: string | URL;
  query?: URLSearchParams;
  limit?: number;
  /** The progress line's word for the items ("units 1,200/7,370"). */
  label: string;
  pageSize?: number;
  order?: ListRequest['order'];
  retries?: number;
  /** Pages asked ahead at most (default --concurrency): 1 for lists read side by side (a merge). */
  concurrency?: number;
  /** No progress line (a poll of a follow, which keeps its own status). */
  quiet?: boolean;
}

/** The pages of a list with this run's settings: page size, concurrency, warnings, progress. */
export function pagesOf(session: Session, req: ListAsk): AsyncGenerator<Page> {
  const { settings } = session;
  return paginate(session.client(), {
    path: req.path,
    query: req.query,
    pageSize: req.pageSize ?? settings.pageSize,
    limit: req.limit,
    order: req.order,
    retries: req.retries,
    concurrency: req.concurrency ?? settings.concurrency,
    warn: (m) => session.warn(m),
    // With --limit the goal is the limit, not the server's count.
    onProgress: req.quiet
      ? undefined
      : (done, total) =>
          session.progress.update(req.label, done, req.limit !== undefined && total !== undefined ? Math.min(req.limit, total) : (total ?? req.limit)),
  });
}

/** Every item of a list, in server order (for results that need them all before anything is shown). */
export async function allItems(session: Session, req: ListAsk): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of pagesOf(session, req)) items.push(...page.items());
  return items;
}

/** The largest page Weblate serves: names for a hint or a completion come in one request. */
export const ONE_PAGE = 1000;

/** The first page of a list, up to ONE_PAGE items: enough to name what exists. */
export async function firstItems(session: Session, path: string, label: string): Promise<Item[]> {
  return allItems(session, { path, label, pageSize: ONE_PAGE, limit: ONE_PAGE });
}

/**
 * The JSON answer to a POST that changes nothing (the memory lookup, which takes its strings in a
 * body): its body as parsed, and where it came from.
 */
export async function postForJson(session: Session, path: string, json: string): Promise<{ body: unknown; url: URL }> {
  const { body, url } = await session.client().postJson(path, json);
  return { body, url };
}

/** How many items a list holds, through the page reader (api/paginate.ts countList): one request where the server counts. */
export function countOf(session: Session, req: { path: string; query?: URLSearchParams; label: string }): Promise<number> {
  const { settings } = session;
  return countList(session.client(), {
    path: req.path,
    query: req.query,
    pageSize: settings.pageSize,
    concurrency: settings.concurrency,
    warn: (m) => session.warn(m),
  });
}

/**
 * Whether the server ignores the unit search above one translation (Weblate before 4.14.1 lists every
 * unit whatever q says): a search that can match nothing finds something. One request.
 */
export async function searchIgnored(session: Session): Promise<boolean> {
  return (await countOf(session, { path: UNITS_SEARCH, query: new URLSearchParams({ q: MATCHES_NOTHING }), label: 'strings' })) > 0;
}

/** A search the server ignored, said once for every command: what it was for (`doing`), what it showed, how to ask instead. */
export function searchIgnoredError(session: Session, doing: string, hint: Msg, seen?: Msg): ServerError {
  const shown = seen ? msg` (${seen})` : ours('');
  return new ServerError(
    msg`the server ignored the search of GET ${session.client().resolve(UNITS_SEARCH).href}${shown}: ${ours(doing)} above one translation needs Weblate ${ours(UNITS_SEARCH_SINCE)} or later`,
    hint,
  );
}
