// wli memory: the translation memory's best match for each string, from the arguments or one a line on
// standard input, asked 100 at a time (POST /api/memory/lookup/: the one request wli sends that is
// not a GET, and it changes nothing), printed in input order as the answers come.
import { HttpError, NotFoundError, UnexpectedAnswerError, refusedByServer } from '../../api/errors.js';
import type { InStream } from '../../core/context.js';
import { EXIT, UsageError, WliError } from '../../core/errors.js';
import { pageOf, type Page } from '../../core/page.js';
import { msg, ours } from '../../core/text.js';
import { LineTooLong, readLines } from '../../io/lines.js';
import type { Column, ListResult } from '../../output/result.js';
import type { CommandInput } from '../../remote/run.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import { MEMORY_BATCH, MEMORY_MAX_CHARS, exactOnly, memoryAnswers, memoryBody } from '../../weblate/memory.js';
import { componentView } from '../../weblate/views/component.js';
import { memoryResultView } from '../../weblate/views/memory.js';
import { translationView } from '../../weblate/views/translation.js';
import { columnsOver } from '../../output/view-columns.js';
import { sourceSearch } from '../../weblate/units.js';
import { memoryLookupOf, objectPath, projectPath } from '../../weblate/paths.js';
import { MEMORY_API_SINCE, MEMORY_EXACT_SINCE, MEMORY_LOOKUP_SINCE } from '../../weblate/versions.js';

const MEMORY_COLUMNS: Column[] = columnsOver(memoryResultView, [
  { header: 'query', field: 'query', value: (r) => r.query, kind: 'name' },
  { header: 'quality', field: 'match.quality', value: (r) => r.matchQuality ?? null, kind: 'count' },
  { header: 'target', field: 'match.target', value: (r) => r.matchTarget ?? null },
  { header: 'source', field: 'match.source', value: (r) => r.matchSource ?? null, drop: 2 },
  { header: 'origin', field: 'match.origin', value: (r) => r.matchOrigin ?? null, kind: 'state', drop: 1 },
]);

interface Lookup {
  from: string;
  to: string;
  project?: string;
  exact: boolean;
}

export async function run({ args, opts, weblate, report, ctx }: CommandInput<'memory'>): Promise<ListResult> {
  if (weblate.tokenSource === undefined) {
    throw new UsageError(
      msg`wli memory needs an API token: Weblate looks up its translation memory only for a signed-in user`,
      msg`set WLI_TOKEN (or pass --token, or add the server to [keys] of the user configuration file)`,
    );
  }
  const strings = args.length > 0 ? checkedArgs(args) : stdinStrings(openStdin(ctx.stdin));
  const lookup = await languagesOf(weblate, opts);
  return {
    kind: 'list',
    pages: lookups(weblate, report, lookup, strings),
    columns: MEMORY_COLUMNS,
    empty: msg`no strings to look up`,
    knownFields: ['query', 'match'],
  };
}

/** The strings given as arguments, each checked before any request. */
async function* checkedArgs(args: string[]): AsyncGenerator<string> {
  args.forEach((s, i) => {
    if (s === '') throw new UsageError(msg`string ${ours(String(i + 1))} is empty: there is nothing to look up`);
    if ([...s].length > MEMORY_MAX_CHARS)
      throw new UsageError(msg`string ${ours(String(i + 1))} is longer than ${ours(String(MEMORY_MAX_CHARS))} characters, the most Weblate looks up`);
  });
  yield* args;
}

/** Standard input to read the strings from; none on a terminal (a lookup would wait for typing). */
function openStdin(stdin: (() => InStream) | undefined): InStream {
  const input = stdin?.();
  if (input === undefined || input.isTTY) {
    throw new UsageError(msg`no strings to look up`, msg`give them as arguments (wli memory "Save" "Open file") or one a line on standard input`);
  }
  return input;
}

/** One string a line of standard input, empty lines left out. */
async function* stdinStrings(input: InStream): AsyncGenerator<string> {
  try {
    for await (const line of readLines(input, MEMORY_MAX_CHARS)) if (line !== '') yield line;
  } catch (e) {
    if (!(e instanceof LineTooLong)) throw e;
    throw new UsageError(
      msg`line ${ours(String(e.lineNumber))} of standard input is longer than ${ours(String(MEMORY_MAX_CHARS))} characters, the most Weblate looks up`,
    );
  }
}

/**
 * The languages (and project) of the lookup: --from and --to as given; what either leaves open from
 * --for (or the configuration's default target): a translation's language and its component's source
 * language, the target's project unless --project says another.
 */
async function languagesOf(weblate: Weblate, opts: CommandInput<'memory'>['opts']): Promise<Lookup> {
  const exact = opts.exact === true;
  if (opts.from !== undefined && opts.to !== undefined) return { from: opts.from, to: opts.to, project: opts.project, exact };
  if (opts.for === undefined && weblate.defaultTarget === undefined) {
    const missing = [opts.from === undefined ? '--from' : undefined, opts.to === undefined ? '--to' : undefined].filter((o) => o !== undefined);
    throw new UsageError(
      msg`wli memory needs the languages: ${missing.join(' and ')} missing`,
      msg`or --for project/component/language: its component's source language and its language`,
    );
  }
  const readings = weblate.targetReadings(opts.for, ['translation', 'component']);
  const { target, value } = await weblate.firstFound(readings, (t) =>
    // The readings are of the two kinds asked for: never a category or a project's language.
    t.kind === 'category' || t.kind === 'projectLanguage'
      ? Promise.reject(new UsageError(msg`--for names a translation or a component, not ${t.text}`))
      : weblate.getObject(objectPath(t)),
  );
  const translation = target.kind === 'translation' ? translationView(value) : undefined;
  const component = translation ? translation.component : value;
  const from = opts.from ?? (component ? componentView(component).sourceLangCode : undefined);
  const to = opts.to ?? translation?.langCode;
  if (from === undefined) throw new UsageError(msg`${target.text} names no source language`, msg`give --from`);
  if (to === undefined)
    throw new UsageError(msg`${target.text} is a component: which language to look up in?`, msg`give --to, or --for ${target.text}/LANGUAGE`);
  return { from, to, project: opts.project ?? ('project' in target ? target.project : undefined), exact };
}

/**
 * Why the server refused a lookup, said so a user can act (weblate/api/views.py MemoryViewSet.lookup):
 * a 400 is a language it does not have; a 405 a memory API without the lookup (4.14 to 5.16); a 404 a
 * project the token may not see (get_object_or_404 over the user's projects) or, when the project is
 * there (one request asks), a server without a memory API at all.
 */
async function lookupRefused(weblate: Weblate, lookup: Lookup, e: unknown): Promise<unknown> {
  // A lookup the server refuses (a language it does not have) is the command line's to fix.
  const refused = refusedByServer(e, { hint: msg`check --from and --to: language codes of the server (wli language lists them)` });
  if (refused !== e || !(e instanceof HttpError)) return refused;
  const older = (what: string) =>
    new NotFoundError(
      msg`POST ${e.url}: HTTP ${ours(String(e.status))}: the translation memory lookup needs Weblate ${ours(MEMORY_LOOKUP_SINCE)} or later (${ours(what)})`,
      msg`on an older server, wli units TARGET -q "${ours(sourceSearch('TEXT'))}" finds the strings that read so`,
      { cause: e },
    );
  if (e.status === 405) return older(`this server has a memory API, Weblate ${MEMORY_API_SINCE} to 5.16, without it`);
  if (e.status !== 404) return e;
  if (lookup.project !== undefined && !(await projectVisible(weblate, lookup.project))) {
    return new NotFoundError(
      msg`POST ${e.url}: HTTP 404: project '${lookup.project}' is unknown, or not visible to this token`,
      msg`check --project ("wli ls" lists the projects this token sees; a private one needs a token of a user who may see it), or leave it out`,
      { cause: e },
    );
  }
  return older('this server has no memory API');
}

/** Whether the token may see a project (its object answers): what a lookup's 404 means. */
async function projectVisible(weblate: Weblate, project: string): Promise<boolean> {
  try {
    await weblate.getObject(projectPath({ project }));
    return true;
  } catch (e) {
    if (e instanceof WliError && e.exitCode === EXIT.notFound) return false;
    throw e;
  }
}

/** The answers, one page per batch of MEMORY_BATCH strings, asked one batch after another. */
async function* lookups(weblate: Weblate, report: Report, lookup: Lookup, strings: AsyncGenerator<string>): AsyncGenerator<Page> {
  const path = memoryLookupOf(lookup);
  let batch: string[] = [];
  let done = 0;
  let warned = false;
  const ask = async (): Promise<Page> => {
    const { body, url } = await weblate.postForJson(path, memoryBody(batch)).catch(async (e: unknown) => {
      throw await lookupRefused(weblate, lookup, e);
    });
    const answer = memoryAnswers(body, batch);
    if ('wrong' in answer) {
      throw new UnexpectedAnswerError(
        msg`POST ${url.href}: ${answer.wrong}`,
        msg`is --url a Weblate ${ours(MEMORY_LOOKUP_SINCE)} or newer? Its memory lookup answers [{query, match}] per string`,
      );
    }
    let items = answer.items;
    if (lookup.exact) {
      // Before 2026.5 the server ignores exact=true and answers fuzzy matches: --exact keeps its word.
      const exact = exactOnly(items);
      items = exact.items;
      if (exact.dropped > 0 && !warned) {
        warned = true;
        report.warn(
          msg`--exact: the server sent fuzzy matches (Weblate before ${ours(MEMORY_EXACT_SINCE)} ignores exact=true); wli left them out, as no match`,
        );
      }
    }
    done += batch.length;
    report.progress.update('strings', done);
    batch = [];
    return pageOf(items);
  };
  for await (const s of strings) {
    batch.push(s);
    if (batch.length === MEMORY_BATCH) yield await ask();
  }
  if (batch.length > 0) yield await ask();
}
