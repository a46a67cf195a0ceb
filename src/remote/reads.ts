// The client of the configured server and the reads every command shares, with this run's settings
// (page size, concurrency, warnings, progress): one object, or a list through the one page reader.
// The base of the run's one Weblate object (weblate.ts): built once, its client on first use.
import { ServerError, UnexpectedAnswerError } from '../api/errors.js';
import { ApiClient, type StreamAnswer } from '../api/client.js';
import { firstHeader } from '../api/http.js';
import { isFileAnswer } from '../weblate/files.js';
import { countList, paginate, type ListRequest } from '../api/paginate.js';
import { isItem, type Item, type Page } from '../core/page.js';
import { msg, ours, type Msg } from '../core/text.js';
import { UsageError } from '../core/errors.js';
import type { Context } from '../core/context.js';
import type { Settings } from '../config/settings.js';
import type { IOStreams } from '../io/streams.js';
import { UNITS_SEARCH } from '../weblate/paths.js';
import { MATCHES_NOTHING } from '../weblate/scope.js';
import { UNITS_SEARCH_SINCE } from '../weblate/versions.js';
import { FileSaver } from '../files/save.js';
import { savedFilesDir } from '../files/saved.js';
import type { Workspace } from '../files/workspace.js';
import type { Report } from '../io/report.js';

/** What a list read asks beyond its address: a limit, the progress label, a page size or order of its own. */
export interface ListAsk {
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

/** The largest page Weblate serves: names for a hint or a completion come in one request. */
export const ONE_PAGE = 1000;

/** What the Weblate object is built from, once per run. */
export interface WeblateParts {
  ctx: Context;
  io: IOStreams;
  settings: Settings;
  version: string;
  /** What the progress line says while a request is out and no count is known yet ("translation …"). */
  activity: string;
  report: Report;
  workspace: Workspace;
}

export class Reads {
  private apiClient?: ApiClient;
  /** A request has gone out: the progress line has begun. */
  private requested = false;
  protected readonly settings: Settings;
  protected readonly report: Report;

  constructor(private readonly parts: WeblateParts) {
    this.settings = parts.settings;
    this.report = parts.report;
  }

  /** Requests asked at once at most (--concurrency): for work a command spreads over many requests. */
  get concurrency(): number {
    return this.settings.concurrency;
  }

  /** Items asked per page (--page-size). */
  get pageSize(): number {
    return this.settings.pageSize;
  }

  /** The default target of the configuration (`translation` in [weblate]), and where it was read. */
  get defaultTarget(): Settings['defaultTarget'] {
    return this.settings.defaultTarget;
  }

  /** Where the token was given (its value never leaves the client), none when the run asks anonymously. */
  get tokenSource(): string | undefined {
    return this.settings.token?.source;
  }

  /** The API's base URL (…/api/). */
  get base(): URL {
    return this.client().base;
  }

  /** A path of the API as a full URL on this server. */
  url(path: string | URL): URL {
    return this.client().resolve(path);
  }

  /** The rate limit as the latest answer said it. */
  get rateLimit(): ApiClient['rateLimit'] {
    return this.client().rateLimit;
  }

  /** The client of the configured server: built on first use, one per run; nothing shows until it asks. */
  client(): ApiClient {
    if (this.apiClient) return this.apiClient;
    const { settings, ctx, io, version, activity } = this.parts;
    // A combination the settings refused (settings.ts): nothing is sent, not even without the token.
    if (settings.refused) throw settings.refused;
    if (!settings.url) {
      throw new UsageError(
        msg`no Weblate server configured`,
        msg`pass --url https://weblate.example.org/ or set WLI_URL (or url in the [weblate] section of a wlc config file)`,
      );
    }
    this.apiClient = new ApiClient({
      base: settings.url.value,
      token: settings.token?.value,
      timeoutMs: settings.timeoutMs,
      retries: settings.retries,
      concurrency: settings.concurrency,
      userAgent: `wli/${version}`,
      allowInsecureHttp: settings.allowInsecureHttp,
      env: ctx.env,
      dispatcher: ctx.dispatcher,
      signal: ctx.signal,
      sleep: (ms, signal) => ctx.sleep(ms, signal),
      now: () => ctx.now(),
      random: () => ctx.random(),
      log: settings.verbose ? (line) => io.verbose(line) : undefined,
      // A silent server is retried for minutes: the progress line says which attempt is out, and why.
      retrying: (note) => io.progress.note(note),
      // Single-resource commands report nothing else: a slow server still gets a "translation …" line,
      // from the run's first request on (begin once: a line a warning paused comes back at the next update).
      started: () => {
        if (this.requested) return;
        this.requested = true;
        io.progress.begin(activity);
      },
      secret: (s) => io.addSecret(s),
      debug: settings.debug,
    });
    return this.apiClient;
  }

  /** At the end of a run that worked: one note when little of the rate limit is left. */
  noteRateLimit(): void {
    const low = this.apiClient?.lowRateNote();
    if (low) this.report.say(low);
  }

  async close(): Promise<void> {
    this.parts.io.stopProgress();
    await this.apiClient?.close();
  }

  /** One resource; anything but a JSON object is the server's fault. */
  async getObject(path: string): Promise<Item> {
    const client = this.client();
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
  private async openFile(url: string | URL, headers: Record<string, string>): Promise<StreamAnswer> {
    return fileAnswer(await this.client().openFile(url, { headers }));
  }

  /**
   * A file Weblate serves, consumed whole by `consume` once per attempt (into a temporary file, which it
   * starts over each time): a body that fails after its first byte is asked for again, whole.
   */
  private consumeFile<T>(url: string | URL, headers: Record<string, string>, consume: (res: StreamAnswer) => Promise<T>): Promise<T> {
    return this.client().consumeFile(url, (res) => consume(fileAnswer(res)), { headers });
  }

  /**
   * The one save path (files/save.ts) for this run: its files asked for as above, written in the run's
   * workspace, the record of saved files in the user's cache.
   */
  fileSaver(): FileSaver {
    const { ctx } = this.parts;
    return new FileSaver({
      workspace: this.parts.workspace,
      source: { open: (url) => this.openFile(url, {}), consume: (url, headers, consume) => this.consumeFile(url, headers, consume) },
      records: savedFilesDir(ctx.env, ctx.homedir),
      warn: (m) => this.report.warn(m),
      now: () => ctx.now(),
    });
  }

  /** The pages of a list with this run's settings: page size, concurrency, warnings, progress. */
  pagesOf(req: ListAsk): AsyncGenerator<Page> {
    const { settings } = this;
    return paginate(this.client(), {
      path: req.path,
      query: req.query,
      pageSize: req.pageSize ?? settings.pageSize,
      limit: req.limit,
      order: req.order,
      retries: req.retries,
      concurrency: req.concurrency ?? settings.concurrency,
      warn: (m) => this.report.warn(m),
      // With --limit the goal is the limit, not the server's count.
      onProgress: req.quiet
        ? undefined
        : (done, total) =>
            this.report.progress.update(req.label, done, req.limit !== undefined && total !== undefined ? Math.min(req.limit, total) : (total ?? req.limit)),
    });
  }

  /** Every item of a list, in server order (for results that need them all before anything is shown). */
  async allItems(req: ListAsk): Promise<Item[]> {
    const items: Item[] = [];
    for await (const page of this.pagesOf(req)) items.push(...page.items());
    return items;
  }

  /** The first page of a list, up to ONE_PAGE items: enough to name what exists. */
  async firstItems(path: string, label: string): Promise<Item[]> {
    return this.allItems({ path, label, pageSize: ONE_PAGE, limit: ONE_PAGE });
  }

  /**
   * The JSON answer to a POST that changes nothing (the memory lookup, which takes its strings in a
   * body): its body as parsed, and where it came from.
   */
  async postForJson(path: string, json: string): Promise<{ body: unknown; url: URL }> {
    const { body, url } = await this.client().postJson(path, json);
    return { body, url };
  }

  /** How many items a list holds, through the page reader (api/paginate.ts countList): one request where the server counts. */
  countOf(req: { path: string; query?: URLSearchParams; label: string }): Promise<number> {
    const { settings } = this;
    return countList(this.client(), {
      path: req.path,
      query: req.query,
      pageSize: settings.pageSize,
      concurrency: settings.concurrency,
      warn: (m) => this.report.warn(m),
    });
  }

  /**
   * Whether the server ignores the unit search above one translation (Weblate before 4.14.1 lists every
   * unit whatever q says): a search that can match nothing finds something. One request.
   */
  async searchIgnored(): Promise<boolean> {
    return (await this.countOf({ path: UNITS_SEARCH, query: new URLSearchParams({ q: MATCHES_NOTHING }), label: 'strings' })) > 0;
  }

  /** A search the server ignored, said once for every command: what it was for (`doing`), what it showed, how to ask instead. */
  searchIgnoredError(doing: string, hint: Msg, seen?: Msg): ServerError {
    const shown = seen ? msg` (${seen})` : ours('');
    return new ServerError(
      msg`the server ignored the search of GET ${this.client().resolve(UNITS_SEARCH).href}${shown}: ${ours(doing)} above one translation needs Weblate ${ours(UNITS_SEARCH_SINCE)} or later`,
      hint,
    );
  }
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
