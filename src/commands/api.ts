// wli api: any API address read with wli's server, token and safety; the body byte for byte, or
// with --paginate the items of every page through the ordinary list output.
import { UsageError } from '../core/errors.js';
import { msg } from '../core/text.js';
import type { Item, Page } from '../core/page.js';
import type { Column, Result } from '../output/result.js';
import type { CommandInput } from '../session/session.js';
import { pagesOf } from '../session/reads.js';
import { mapErrors } from '../session/results.js';
import { HttpError, isNotFound } from '../api/errors.js';

/**
 * A path relative to the API root ("/projects/" and "projects/" alike) or an absolute URL. An
 * absolute URL must be on the configured origin and under its API path: checked before any request.
 */
export function apiAddress(path: string, base: URL): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      throw new UsageError(msg`'${path}' is not a URL`, msg`give a path relative to the API root, e.g. /projects/`);
    }
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
      throw new UsageError(
        msg`refusing to request ${url.href}: it is not on the configured server's API (${base.href})`,
        msg`wli sends its requests, and the token, to the configured server only; give a path such as /projects/`,
      );
    }
    return url;
  }
  return new URL(path.replace(/^\/+/, ''), base);
}

/** Table columns for items whose shape wli does not know: the first item's top-level fields. */
function columnsOf(item: Item | undefined): Column[] {
  return Object.keys(item ?? {}).map((k) => ({ header: k, field: k, value: (i: Item) => i[k] }));
}

export async function run({ args, opts, session }: CommandInput<'api'>): Promise<Result> {
  const client = session.client();
  const url = apiAddress(args[0] ?? '/', client.base);
  // A 404 here is a path, not a slug: the hint every other command gives would mislead.
  const noSuchPath = (e: unknown) =>
    isNotFound(e)
      ? new HttpError({
          status: 404,
          url: e.url,
          serverMessage: e.serverMessage,
          fromApi: e.fromApi,
          hint: msg`paths are relative to the API root ${client.base.href}; "wli api /" lists the endpoints`,
        })
      : e;
  if (!opts.paginate) {
    const { body } = await client.getBytes(url).catch((e: unknown) => Promise.reject(noSuchPath(e)));
    return { kind: 'bytes', bytes: body };
  }
  let first: Item | undefined;
  const pages = pagesOf(session, { path: url, limit: opts.limit, label: 'items' });
  const watched = (async function* (): AsyncGenerator<Page> {
    for await (const page of pages) {
      first ??= page.items[0];
      yield page;
    }
  })();
  return { kind: 'list', pages: mapErrors(watched, noSuchPath), columns: () => columnsOf(first), empty: msg`no items at ${url.href}` };
}
