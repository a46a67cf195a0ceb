// wli api: any API address read with wli's server, token and safety. Without --paginate the body is
// printed byte for byte, unless -f or --fields is given: then a JSON object is shown as a record (as
// `gh api --jq` works on one object too). With --paginate, the items of every page go through the
// ordinary list output, as JSON Lines unless -f chooses another format. Options that cannot apply are refused (exit 2): -L without --paginate before
// any request, --paginate on an answer that is not a list, -f or --fields on one that is not a JSON
// object. The address stays inside the API root: the token goes nowhere else. An answer no Weblate
// API gives (a web page: a login page, a site at --url; JSON that lists no endpoints at the API root)
// is tested against the API root as every command does (the Weblate object's notAnApi): a wrong --url is exit 2
// with the message `ls` gives, never a login page printed with exit 0.
import { UsageError, WliError } from '../../core/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import type { Item, Page } from '../../core/page.js';
import type { Column, Result } from '../../output/result.js';
import { columnsOver } from '../../output/view-columns.js';
import { recordView, type RecordView } from '../../weblate/views/record.js';
import type { CommandInput, Shown } from '../../remote/run.js';
import type { Weblate } from '../../remote/weblate.js';
import { HttpError, NotAListError, UnexpectedAnswerError, isNotFound } from '../../api/errors.js';
import type { BytesAnswer } from '../../api/request.js';
import { firstHeader } from '../../api/http.js';
import { parseJson } from '../../codec/json.js';
import { readEnvelope } from '../../weblate/pages.js';
import { listsEndpoints } from '../../weblate/paths.js';

const refuse = (url: URL, why: Msg) =>
  new UsageError(
    msg`refusing to request ${url.href}: ${why}`,
    msg`wli api sends its requests, and the token, to the configured server's API only; give a path such as /projects/`,
  );

/** A segment that climbs out once the server decodes it: `..`, also inside one segment (`%2e%2e%2f`). */
function climbs(pathname: string): boolean {
  return pathname.split('/').some((segment) => {
    let text = segment;
    try {
      text = decodeURIComponent(segment);
    } catch {
      // not percent-encoding the server could decode either
    }
    return text.split(/[\\/]/).includes('..');
  });
}

/**
 * A path relative to the API root ("/projects/" and "projects/" alike) or an absolute URL, checked
 * before any request: it must stay on the configured origin and inside the API path, however it is
 * spelt (`../admin/`, `%2e%2e/`, `\\host`, an absolute URL elsewhere).
 */
function apiAddress(path: string, base: URL): URL {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(path);
  // "//host/…" names another host, as in a browser: refused below, not read as a path.
  const networkPath = /^[\\/]{2}/.test(path);
  let url: URL;
  try {
    url = new URL(absolute || networkPath ? path : path.replace(/^\/+/, ''), base);
  } catch {
    throw new UsageError(msg`'${path}' is not a URL`, msg`give a path relative to the API root, e.g. /projects/`);
  }
  if (url.origin !== base.origin) throw refuse(url, msg`it is not on the configured server (${base.href})`);
  if (!url.pathname.startsWith(base.pathname) || climbs(url.pathname.slice(base.pathname.length))) {
    throw refuse(url, msg`it is outside the API root ${base.href}`);
  }
  return url;
}

/** Table columns for items whose shape wli does not know: the first item's top-level fields. */
function columnsOf(item: Item | undefined): Column[] {
  return columnsOver(
    recordView,
    Object.keys(item ?? {}).map((k): Column<RecordView> => ({ header: k, field: k, value: (i) => i.value(k) })),
  );
}

/**
 * A 404 of wli api: a path, not a slug. No Weblate API at the configured URL (the API root is asked,
 * once) is said as every command says it; else a path without its trailing slash is pointed at it.
 */
async function explainMissingPath(weblate: Weblate, url: URL, e: HttpError): Promise<WliError> {
  const wrongUrl = await weblate
    .notAnApi(e, () => true)
    .catch((x: unknown) => {
      if (x instanceof WliError) return undefined;
      throw x;
    });
  if (wrongUrl) return wrongUrl;
  const base = weblate.base;
  const asGiven = `/${url.pathname.slice(base.pathname.length)}`;
  const hint =
    !e.fromApi && !url.pathname.endsWith('/')
      ? msg`Weblate's API addresses end with a slash: wli api ${asGiven}/${url.search}`
      : msg`paths are relative to the API root ${base.href}; "wli api /" lists the endpoints`;
  return new HttpError({ status: 404, url: e.url, serverMessage: e.serverMessage, fromApi: e.fromApi, hint });
}

/** What any failure of wli api becomes: a 404 explained, an answer no Weblate API gives tested against the API root. */
function failure(weblate: Weblate, url: URL) {
  return async (e: unknown): Promise<unknown> => (isNotFound(e) ? explainMissingPath(weblate, url, e) : weblate.explainAnswer(e));
}

/** A body that is a web page, whatever its type says: what a login page or a site at --url answers. */
const looksLikeHtml = (body: Buffer): boolean => /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(body.subarray(0, 512).toString('latin1'));

/**
 * An answer that says the URL is no Weblate API: a web page (Weblate's API answers JSON, a file or an
 * image, never HTML to wli's Accept), or, at the API root itself, JSON that lists no endpoints. Then
 * the API root decides (asked once, only then), as for every command: exit 2 naming --url, else the
 * body is printed as it is.
 */
async function checkAnswer(weblate: Weblate, url: URL, answer: BytesAnswer): Promise<void> {
  const type = firstHeader(answer.headers['content-type']) ?? '';
  const html = /^\s*text\/html\b|^\s*application\/xhtml\+xml\b/i.test(type) || looksLikeHtml(answer.body);
  const atRoot = url.pathname === weblate.base.pathname && url.search === '';
  if (!html && !atRoot) return;
  if (!html) {
    let body: unknown;
    try {
      body = parseJson(answer.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    if (listsEndpoints(body)) return;
  }
  const what = html ? msg`a web page (${type || 'no content type'})` : msg`JSON that lists no Weblate endpoints`;
  const miss = new UnexpectedAnswerError(msg`GET ${answer.url.href} answers ${what}`);
  const wrong = await weblate
    .notAnApi(miss, (e) => isNotFound(e) || e instanceof UnexpectedAnswerError)
    .catch((x: unknown) => {
      if (x instanceof WliError) return undefined;
      throw x;
    });
  if (wrong) throw wrong;
}

/** A JSON object, or (with --jq) an array as sent: its fields, an array's indexes, are read as a record's. */
const isRecord = (v: unknown): v is Item => typeof v === 'object' && v !== null;

/**
 * -f or --fields without --paginate: the answer as one record, when it is a JSON object. With --jq a
 * list's page is one too: the expression is applied to the answer as sent, as gh api --jq does.
 */
function asRecord(body: Buffer, url: URL, what: Msg, jq: boolean): Result {
  let value: unknown;
  try {
    value = parseJson(body.toString('utf8'));
  } catch {
    throw new UsageError(msg`${what} applies to a JSON answer; GET ${url.href} is not JSON`, msg`drop ${what} to get the body byte for byte`);
  }
  if (!jq && readEnvelope(value)) {
    throw new UsageError(
      msg`GET ${url.href} answers a list`,
      msg`add --paginate to print its items with ${what}, or drop ${what} to get the body byte for byte`,
    );
  }
  if (!isRecord(value)) {
    throw new UsageError(msg`${what} applies to a JSON object; GET ${url.href} answers another JSON value`, msg`drop ${what} to get the body byte for byte`);
  }
  const record = value;
  return { kind: 'record', record, rows: columnsOf(record) };
}

/** Which of -f and --fields were given, as the user would name them. */
function shaping({ formatGiven, format, fields }: Shown): Msg | undefined {
  const parts = [...(formatGiven ? [`-f ${format}`] : []), ...(fields ? ['--fields'] : [])];
  return parts.length ? ours(parts.join(' and ')) : undefined;
}

export async function run({ args, opts, weblate, shown }: CommandInput<'api'>): Promise<Result> {
  const client = weblate.client();
  const url = apiAddress(args[0] ?? '/', client.base);
  if (!opts.paginate) {
    if (opts.limit !== undefined) {
      throw new UsageError(
        msg`-L applies to a list read with --paginate`,
        msg`add --paginate to read every page of a list, up to -L items; without it the one answer is printed as it is`,
      );
    }
    const what = shaping(shown);
    const onFailure = failure(weblate, url);
    const answer = await client.getBytes(url).catch(async (e: unknown) => Promise.reject(await onFailure(e)));
    await checkAnswer(weblate, url, answer);
    return what ? asRecord(answer.body, url, what, shown.jq !== undefined) : { kind: 'bytes', bytes: answer.body };
  }
  let first: Item | undefined;
  const pages = weblate.pagesOf({ path: url, limit: opts.limit, label: 'items' });
  const watched = (async function* (): AsyncGenerator<Page> {
    for await (const page of pages) {
      first ??= page.items()[0];
      yield page;
    }
  })();
  const onFailure = failure(weblate, url);
  const explained = (async function* (): AsyncGenerator<Page> {
    try {
      yield* watched;
    } catch (e) {
      if (e instanceof NotAListError) {
        throw new UsageError(msg`GET ${url.href} is not a list, so --paginate does not apply`, msg`drop --paginate to print the answer as it is`, { cause: e });
      }
      throw await onFailure(e);
    }
  })();
  // JSON Lines unless -f says otherwise: one item a line, its bytes as the server sent them, so
  // `| jq .slug` works as it does on gh api's output (a table of JSON cells helps nobody).
  return { kind: 'list', pages: explained, columns: () => columnsOf(first), empty: msg`no items at ${url.href}`, defaultFormat: 'jsonl' };
}
