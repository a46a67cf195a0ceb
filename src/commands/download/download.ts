// wli download: a translation's file, or a zip of a component's or project's translations, as the
// server sends it. Files are written to a temporary file beside the destination and renamed into
// place, so a cut connection, a timeout or Ctrl-C leaves the previous file as it was.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { throughLinks } from '../../files/disk.js';
import type { PendingFile } from '../../files/pending.js';
import { safeBaseName } from '../../files/placement.js';
import type { FileSaver } from '../../files/save.js';
import { LocalError, UsageError, WliError } from '../../core/errors.js';
import { HttpError, NetworkError, NotFoundError, refusedByServer } from '../../api/errors.js';
import { msg, ours, type Msg } from '../../core/text.js';
import { firstHeader } from '../../api/http.js';
import type { Target, TranslationTarget } from '../../weblate/target.js';
import { fileFormat, fileOf, objectPath, screenshotFileOf, translationPath } from '../../weblate/paths.js';
import { translationView } from '../../weblate/views/translation.js';
import { EXIT } from '../../core/errors.js';
import type { FileBody } from '../../api/client.js';
import type { Result } from '../../output/result.js';
import type { CommandInput } from '../../remote/run.js';
import type { Report } from '../../io/report.js';
import type { Weblate } from '../../remote/weblate.js';
import { type Category } from '../../remote/resolve.js';
import { PROJECT_DOWNLOAD_SINCE } from '../../weblate/versions.js';
import { dispositionName, exporterName, exporterSince, fallbackName, isZipConversion, predictedName, type Downloaded } from '../../weblate/files.js';

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** What a download names, as Weblate names its files; undefined for what has no file (refused before). */
function downloaded(t: Target): Downloaded | undefined {
  return t.kind === 'translation' || t.kind === 'component' || t.kind === 'project' ? t : undefined;
}

/**
 * The name Weblate gives what it sends (weblate/files.ts predictedName), known before asking; a file
 * as stored keeps its own extension: the one file of that stem and one extension already in the
 * directory, if there is exactly one (`p-c-l.xml`; never `p-c-l.notes.txt`, a file of the user's).
 */
function predictedIn(d: Downloaded, convert: string | undefined, dir: string): string | undefined {
  const predicted = predictedName(d, convert);
  if ('name' in predicted) return predicted.name;
  const isExtension = (rest: string) => /^[A-Za-z0-9]+$/.test(rest);
  try {
    const same = readdirSync(dir).filter((f) => f.startsWith(predicted.stem) && isExtension(f.slice(predicted.stem.length)));
    return same.length === 1 ? same[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The object a target names exists, though its file does not: say that, not "no such project". A zip
 * asked converted is Weblate refusing the conversion (exit 2): it has no such exporter (an older
 * release), and its 404 says only "Not found." on 5.10 and later (drf-standardized-errors).
 */
async function fileMissing(weblate: Weblate, readings: Target[], miss: WliError, convert: string | undefined): Promise<WliError> {
  for (const t of readings) {
    if (t.kind === 'category' || t.kind === 'projectLanguage') continue;
    try {
      await weblate.getObject(objectPath(t));
    } catch {
      continue;
    }
    const url = miss.cause instanceof HttpError ? miss.cause.url : miss instanceof HttpError ? miss.url : undefined;
    const where = url ? msg` (GET ${url}: HTTP 404)` : ours('');
    const exporter = t.kind === 'translation' || convert === undefined ? undefined : exporterName(convert);
    // Every release that zips a project has po, xliff…: there the 404 is a release before 5.5.
    if (exporter !== undefined && (t.kind === 'component' || exporterSince(exporter) !== undefined)) return conversionRefused(t, exporter, where, miss);
    if (t.kind === 'project') {
      return new NotFoundError(
        msg`project '${t.project}' has no download${where}: downloading a whole project needs Weblate ${ours(PROJECT_DOWNLOAD_SINCE)} or later`,
        msg`download its components one by one: wli download ${t.project}/<component> ("wli ls ${t.project}" lists them)`,
        { cause: miss },
      );
    }
    const name = t.kind === 'component' ? `${t.project}/${t.component.join('/')}` : t.text;
    return new NotFoundError(
      msg`${ours(t.kind)} '${name}' has no file to download${where}`,
      msg`the server keeps no file for it (a translation not yet written out, or a component without files); --convert po builds one from the strings`,
      {
        cause: miss,
      },
    );
  }
  return miss;
}

/**
 * A zip's conversion the server refused with a 404 (download_multi in weblate/trans/views/files.py:
 * "Conversion to NAME is not supported", after it committed the pending changes): exit 2, and which
 * release has the exporter. A project's zip may also be missing altogether (before 5.5).
 */
function conversionRefused(t: Target, exporter: string, where: Msg, miss: WliError): UsageError {
  const since = exporterSince(exporter);
  const what = t.kind === 'project' ? msg`project '${t.project}'` : msg`${ours(t.kind)} '${t.text}'`;
  return new UsageError(
    msg`the server converts no zip of ${what} to ${exporter}${where}${since ? msg`: Weblate added that exporter in ${ours(since)}` : ours('')}`,
    t.kind === 'project'
      ? msg`--convert po (every Weblate has it); a whole project's zip needs Weblate ${ours(PROJECT_DOWNLOAD_SINCE)} or later`
      : msg`--convert po (every Weblate has it), or download it as stored (no --convert)`,
    { cause: miss },
  );
}

/** Where the bytes go: stdout, one file (-o FILE), or a directory (-o DIR/, or the current one on a terminal). */
interface Destination {
  toStdout: boolean;
  intoDir: boolean;
  /** The directory a file goes into when its name is the server's; -o FILE's directory otherwise. */
  dir: string;
  /** -o FILE, resolved. */
  file?: string;
  /** -o as the user gave it (messages name it so, never the temporary file). */
  given?: string;
}

/**
 * `-o -` is stdout, as in curl and wget; without -o, stdout when it is not a terminal. Raw bytes
 * never go to a terminal: refused here, before the request.
 */
function destinationOf(output: string | undefined, cwd: string, stdoutIsTTY: boolean): Destination {
  if (output === '-' && stdoutIsTTY) {
    throw new UsageError(
      msg`-o - writes the file to standard output, and standard output is a terminal`,
      msg`pipe it (| less) or redirect it (> FILE); or name a file or a directory with -o`,
    );
  }
  const toStdout = output === '-' || (output === undefined && !stdoutIsTTY);
  if (toStdout) return { toStdout, intoDir: false, dir: cwd };
  const named = output === undefined ? undefined : resolve(cwd, output);
  const intoDir = output === undefined || output.endsWith('/') || (named !== undefined && isDir(named));
  if (intoDir || named === undefined) return { toStdout, intoDir, dir: named ?? cwd, given: output };
  // -o LINK writes the file the link names, and keeps the link (as curl -o and wget -O do).
  const file = throughLinks(named);
  return { toStdout, intoDir, dir: dirname(file), file, given: output };
}

/** A file in the destination as the user would name it: -o FILE as given, DIR/NAME, or NAME in the current directory. */
function shownPath(to: Destination, name: string): Msg {
  const { given } = to;
  if (given === undefined) return msg`${name}`;
  if (to.file !== undefined) return msg`${given}`;
  return msg`${given.endsWith('/') ? given : `${given}/`}${name}`;
}

/** Made ready before the request (directories made, temporary file created): a destination that cannot be written fails first. */
function prepare(saver: FileSaver, to: Destination): Promise<PendingFile> {
  const where = to.given === undefined ? ours('the current directory') : msg`${to.given}`;
  return saver.prepare({ dir: to.dir, file: to.file }, where);
}

/** What a download is, in the refusal of a name the server gave: "this translation's file". */
const WHAT: Record<Downloaded['kind'], string> = { translation: "this translation's file", component: "this component's zip", project: "this project's zip" };

/**
 * A name the server gave, already taken by a file wli did not predict for this target (nor, the save
 * path checks, saved there itself): never replaced (as curl -OJ refuses it), exit 7.
 */
function notPredicted(to: Destination, w: Wanted): (dest: string) => Error | undefined {
  return (dest) => {
    if (w.predicted !== undefined && dest === join(to.dir, w.predicted)) return undefined;
    const shown = shownPath(to, basename(dest));
    return new LocalError(
      msg`${shown} exists and is not ${ours(w.what)}: the server named it (Content-Disposition), and wli replaces only the file it predicts or saved there itself`,
      msg`to replace it, name it yourself: -o ${shown}; or download into another directory (-o DIR/)`,
    );
  };
}

/** What a download asks: the conversion (a zip's as zip:FORMAT) and the query of its units. */
function fileRequest(t: Target, convert: string | undefined, query: string | undefined): string {
  if (t.kind === 'server' || t.kind === 'language' || t.kind === 'category' || t.kind === 'projectLanguage') throw new UsageError(msg`${t.text} has no file`);
  return fileOf(t, { format: fileFormat(t, convert), q: query });
}

/** A refused conversion or query is the user's to fix (exit 2); a missing file is said as such. */
async function downloadFailed(weblate: Weblate, readings: Target[], e: unknown, convert: string | undefined): Promise<unknown> {
  // A conversion or query the server refuses is the user's to fix: exit 2 with its words. (A zip's
  // conversion it has no exporter for is a 404 whose words 5.10 and later lose: fileMissing says it.)
  const refused = refusedByServer(e, {
    said: msg`the server refused the download`,
    hint:
      convert !== undefined && isZipConversion(convert)
        ? msg`a translation is one file: --convert po (a component or a project is a zip of such files, and --convert po converts each)`
        : msg`check --convert (a conversion this translation's format takes: po and xliff fit every one) and -q`,
  });
  if (refused !== e || !(e instanceof WliError) || e.exitCode !== EXIT.notFound) return refused;
  return fileMissing(weblate, readings, e, convert);
}

const said = (text: ReturnType<typeof msg>): Result => ({ kind: 'bytes', bytes: new Uint8Array(), finish: () => ({ exitCode: EXIT.ok, messages: [text] }) });

export async function run({ args, opts, weblate, report, shown, ctx }: CommandInput<'download'>): Promise<Result> {
  // -f and --fields shape records and lists; a download is the server's file (issue 24.11).
  const { formatGiven, format, fields } = shown;
  if (formatGiven || fields) {
    const convert = format === 'json' || format === 'csv' ? format : 'po';
    // The hint fits the option: -f names a format (the server can convert the file to one), --fields
    // picks fields of records (show has the translation's, units its strings').
    const target = args[0] ?? 'PROJECT/COMPONENT/LANGUAGE';
    throw new UsageError(
      msg`${ours(formatGiven ? `-f ${format}` : '--fields')} does not apply to download, which writes the server's file as it is`,
      formatGiven
        ? msg`to have the server convert the file, use --convert ${ours(convert)} (the formats: "wli download --help")`
        : msg`for fields of the translation, "wli show ${target} --fields ${(fields ?? []).join(',')}"; of its strings, "wli units ${target} --fields …"`,
    );
  }
  const to = (): Destination => destinationOf(opts.output, ctx.cwd, !!ctx.stdout.isTTY);
  if (opts.screenshot !== undefined) return downloadScreenshot(args, opts, weblate, report, to);
  // A category is read (last) only to be refused by name: Weblate serves no zip of one.
  const readings = weblate.targetReadings(args[0], ['project', 'component', 'translation'], ['category']);
  const { convert, query } = opts;
  if (query !== undefined && convert === undefined) {
    throw new UsageError(
      msg`-q/--query needs --convert`,
      msg`Weblate filters the units of a download only when it converts the file: add --convert po (or another format)`,
    );
  }
  const destination = to();
  return into(destination, weblate.fileSaver(), report, targetFound(readings, destination, opts, weblate), opts.force);
}

/**
 * One thing to download, as its reading found it: where it is, the name wli predicts for it in the
 * destination directory (what a record may prove, and the one existing file a server's name may
 * replace), the name it gets when the server gives none usable, and what it is (a refusal says so).
 */
interface Wanted {
  url: string;
  predicted?: string;
  fallback: string;
  what: string;
  revision?: () => Promise<string | undefined>;
}

/** How a download asks: the first reading that answers, its misses explained. */
type Found = <R>(get: (w: Wanted) => Promise<R>) => Promise<R>;

/** Into the destination, the file made ready first (a destination that cannot be written fails before the request). */
async function into(to: Destination, saver: FileSaver, report: Report, found: Found, force: boolean | undefined): Promise<Result> {
  const file = to.toStdout ? undefined : await prepare(saver, to);
  try {
    return await fetchInto(to, file, saver, found, report, force);
  } finally {
    await file?.discard();
  }
}

/** The request, and its body to stdout or into the file made ready for it: the one way every download is written. */
async function fetchInto(
  to: Destination,
  file: PendingFile | undefined,
  saver: FileSaver,
  found: Found,
  report: Report,
  force: boolean | undefined,
): Promise<Result> {
  if (!file) return { kind: 'stream', chunks: counted(await found((w) => saver.direct(w.url))) };
  const onBytes = (n: number, total: number | undefined) => report.progress.update('bytes', n, total);
  // A direct file is only ever -o FILE's (PendingFile.open).
  const dest = to.file;
  if (file.direct && dest !== undefined) {
    // A device or pipe (-o /dev/stdout): written into as it is, nothing to prove or record.
    const shown = shownPath(to, basename(dest));
    const bytes = await found((w) => saver.direct(w.url, { file, dest, shown, onBytes }));
    return said(msg`saved ${shown} (${ours(String(bytes))} bytes)`);
  }
  const value = await found((w) =>
    saver.save({
      url: w.url,
      file,
      dest: to.file ?? ((res) => join(to.dir, safeBaseName(dispositionName(firstHeader(res.headers['content-disposition']))) ?? w.fallback)),
      proven: to.file ?? (w.predicted === undefined ? undefined : join(to.dir, w.predicted)),
      // -o FILE is the user's own choice of name: it replaces what is there, as curl -o does.
      unpredicted: to.file === undefined ? notPredicted(to, w) : undefined,
      revision: w.revision,
      force,
      shown: (dest) => shownPath(to, basename(dest)),
      onBytes,
    }),
  );
  const shown = shownPath(to, basename(value.dest));
  if (value.outcome === 'unchanged') return said(msg`${shown}: unchanged`);
  return said(msg`saved ${shown} (${ours(String(value.bytes))} bytes)`);
}

/**
 * The body as it reaches stdout, its bytes counted: a connection that fails after the first of them
 * (a timeout, a reset) leaves stdout holding part of the file, which cannot be taken back nor asked
 * for again (FileSaver.direct), and the error says so, and how many bytes are there. Each chunk is
 * counted once written: the renderer asks for the next only then.
 */
async function* counted(body: FileBody): AsyncGenerator<Uint8Array> {
  let written = 0;
  try {
    for await (const chunk of body) {
      yield chunk;
      written += chunk.length;
    }
  } catch (e) {
    if (written === 0 || !(e instanceof NetworkError)) throw e;
    throw new NetworkError(
      msg`${e.text}: stdout holds an incomplete file (${ours(String(written))} bytes written)`,
      msg`${e.hintText ?? ours('retry later')}; with -o FILE a download is written whole or not at all`,
      false,
      { cause: e },
    );
  }
}

/** A target's readings, tried in turn: each a file (or a zip) as Weblate names it. */
function targetFound(readings: Target[], to: Destination, opts: CommandInput<'download'>['opts'], weblate: Weblate): Found {
  const { convert, query } = opts;
  const client = weblate.client();
  return (get) =>
    weblate
      .firstFound(readings, async (t) => {
        if (t.kind === 'category') throw noCategoryZip(await weblate.categoryOf(t));
        const d = downloaded(t);
        if (!d) throw new UsageError(msg`${t.text} has no file`);
        const predicted = predictedIn(d, convert, to.dir);
        return get({
          url: client.resolve(fileRequest(t, convert, query)).href,
          // Into a directory, the name Weblate gives the file (predictedIn) is what a record may prove: a
          // wrong guess only costs the condition. It is also the name when the server gives none usable.
          predicted,
          fallback: predicted ?? fallbackName(d),
          what: WHAT[d.kind],
          // A zip has no revision: always asked for whole.
          revision: t.kind === 'translation' ? () => revisionOf(weblate, t) : undefined,
        });
      })
      .then(
        (r) => r.value,
        async (e: unknown) => {
          throw await downloadFailed(weblate, readings, e, convert);
        },
      );
}

/**
 * Weblate's API serves the zip of a translation's component and of a project (…/file/), not of a
 * category (/api/categories/<id>/ has no file/, as of 5.x; its web download is no API): exit 2, and
 * where the files are.
 */
function noCategoryZip(c: Category): UsageError {
  const { project } = c.target;
  return new UsageError(
    msg`'${c.target.text}' is a category of project '${project}': Weblate's API serves no zip of a category`,
    msg`every file of its components: wli pull ${c.target.text}; one component's zip: wli download ${project}/${c.path}/<component> ("wli ls ${c.target.text}" lists them)`,
  );
}

/** The translation's revision as the server lists it now (one small request), for the record to prove the file by. */
async function revisionOf(weblate: Weblate, t: TranslationTarget): Promise<string | undefined> {
  return translationView(await weblate.getObject(translationPath(t))).revisionText;
}
/**
 * A screenshot's image (download --screenshot ID): the same destinations and the same one save path
 * as a file (written whole, unchanged bytes untouched, never onto a terminal, a name the server gives
 * never replacing a file wli did not predict); no revision proves an image, so it is always asked
 * for whole.
 */
function downloadScreenshot(
  args: string[],
  opts: CommandInput<'download'>['opts'],
  weblate: Weblate,
  report: Report,
  destination: () => Destination,
): Promise<Result> {
  const id = String(opts.screenshot);
  if (args[0] !== undefined || opts.convert !== undefined || opts.query !== undefined) {
    throw new UsageError(
      msg`--screenshot names what to download by itself: no target, --convert or -q`,
      msg`wli download --screenshot ${ours(id)} -o DIR/ ("wli screenshots project/component" lists the ids)`,
    );
  }
  const to = destination();
  const url = weblate.url(screenshotFileOf(id)).href;
  const missing = (e: unknown) =>
    e instanceof WliError && e.exitCode === EXIT.notFound
      ? new NotFoundError(
          msg`no screenshot ${ours(id)} (GET ${url}: HTTP 404)`,
          msg`"wli screenshots project/component" lists a component's screenshots and their ids`,
          {
            cause: e,
          },
        )
      : e;
  const found: Found = (get) => get({ url, fallback: `screenshot-${id}.png`, what: `screenshot ${id}` }).catch((e: unknown) => Promise.reject(missing(e)));
  return into(to, weblate.fileSaver(), report, found, opts.force);
}
