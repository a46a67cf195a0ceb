// wli download: a translation's file, or a zip of a component's or project's translations, as the
// server sends it. Files are written to a temporary file beside the destination and renamed into
// place, so a cut connection, a timeout or Ctrl-C leaves the previous file as it was.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { throughLinks, type PendingFile } from '../io/files.js';
import { UsageError, WliError } from '../core/errors.js';
import { HttpError, NotFoundError } from '../api/errors.js';
import { msg, ours, type Msg } from '../core/text.js';
import { firstHeader } from '../api/http.js';
import type { Target, TranslationTarget } from '../weblate/target.js';
import { fileFormat, fileOf, objectPath, translationPath } from '../weblate/paths.js';
import { translationRevision } from '../weblate/objects.js';
import { EXIT } from '../core/errors.js';
import type { Result } from '../output/result.js';
import type { CommandInput } from '../session/session.js';
import { getObject } from '../session/reads.js';
import { FileSaver } from '../session/save-file.js';
import { targetReadings } from '../session/results.js';
import { categoryOf, firstFound, type Category } from '../session/resolve.js';
import { PROJECT_DOWNLOAD_SINCE } from '../weblate/versions.js';

/** The file name of a Content-Disposition header, undecoded parts left as they are. */
export function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to filename= */
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;]+)/.exec(header);
  return bare ? bare[1]!.trim() : undefined;
}

/**
 * A name the server suggests reduced to a safe base name: no directories, no `..`, no control or
 * bidirectional characters; undefined when nothing usable is left.
 */
export function safeBaseName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (clean === '' || /^\.+$/.test(clean) || clean.startsWith('.') || clean.length > 200) return undefined;
  return clean;
}

function fallbackName(t: Target, zip: boolean): string {
  const parts =
    t.kind === 'translation'
      ? [t.project, ...t.component, t.language]
      : t.kind === 'component'
        ? [t.project, ...t.component]
        : t.kind === 'project'
          ? [t.project]
          : ['weblate'];
  return `${parts.join('-').replace(/[^\w.-]/g, '_')}.${zip ? 'zip' : 'txt'}`;
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The name Weblate gives what it sends (`p-c-l.ext`, `p-c.zip`, `p.zip`: weblate/files.ts),
 * known before asking: a conversion's extension is the format; a file as stored keeps its own, so
 * it is the one file of that stem already in the directory, if there is exactly one.
 */
function predictedName(t: Target, zip: boolean, convert: string | undefined, dir: string): string | undefined {
  const slug = (parts: string[]) => parts.join('-');
  if (t.kind === 'project') return `${t.project}.zip`;
  if (t.kind === 'component') return `${slug([t.project, ...t.component])}.zip`;
  if (t.kind !== 'translation' || zip) return undefined;
  const stem = slug([t.project, ...t.component, t.language]);
  if (convert !== undefined) return `${stem}.${convert}`;
  try {
    const same = readdirSync(dir).filter((f) => f.startsWith(`${stem}.`) && !f.endsWith('.tmp'));
    return same.length === 1 ? same[0] : undefined;
  } catch {
    return undefined;
  }
}

/** The object a target names exists, though its file does not: say that, not "no such project". */
async function fileMissing(session: CommandInput['session'], readings: Target[], miss: WliError): Promise<WliError> {
  for (const t of readings) {
    if (t.kind === 'category' || t.kind === 'projectLanguage') continue;
    try {
      await getObject(session, objectPath(t));
    } catch {
      continue;
    }
    const url = miss.cause instanceof HttpError ? miss.cause.url : miss instanceof HttpError ? miss.url : undefined;
    const where = url ? msg` (GET ${url}: HTTP 404)` : ours('');
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
function destinationOf(output: string | undefined, ctx: CommandInput['session']['ctx']): Destination {
  const stdoutIsTTY = !!ctx.stdout.isTTY;
  if (output === '-' && stdoutIsTTY) {
    throw new UsageError(
      msg`-o - writes the file to standard output, and standard output is a terminal`,
      msg`pipe it (| less) or redirect it (> FILE); or name a file or a directory with -o`,
    );
  }
  const toStdout = output === '-' || (output === undefined && !stdoutIsTTY);
  if (toStdout) return { toStdout, intoDir: false, dir: ctx.cwd };
  const named = output === undefined ? undefined : resolve(ctx.cwd, output);
  const intoDir = output === undefined || output.endsWith('/') || (named !== undefined && isDir(named));
  if (intoDir) return { toStdout, intoDir, dir: named ?? ctx.cwd, given: output };
  // -o LINK writes the file the link names, and keeps the link (as curl -o and wget -O do).
  const file = throughLinks(named!);
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
function prepare(to: Destination): Promise<PendingFile> {
  const where = to.given === undefined ? ours('the current directory') : msg`${to.given}`;
  return FileSaver.prepare({ dir: to.dir, file: to.file }, where);
}

/** What a download asks: the conversion (a zip's as zip:FORMAT) and the query of its units. */
function fileRequest(t: Target, convert: string | undefined, query: string | undefined): string {
  if (t.kind === 'server' || t.kind === 'language' || t.kind === 'category' || t.kind === 'projectLanguage') throw new UsageError(msg`${t.text} has no file`);
  return fileOf(t, { format: fileFormat(t, convert), q: query });
}

/** A refused conversion or query is the user's to fix (exit 2); a missing file is said as such. */
async function downloadFailed(session: CommandInput['session'], readings: Target[], e: unknown, convert: string | undefined): Promise<unknown> {
  // A conversion or query the server refuses is the user's to fix: exit 2 with its words.
  // (A zip's unknown conversion is Weblate's 404 "Conversion to zip:… is not supported".)
  const http = e instanceof HttpError ? e : e instanceof Error && e.cause instanceof HttpError ? e.cause : undefined;
  if (http && (http.status === 400 || (convert !== undefined && http.status === 404 && /conversion/i.test(http.serverMessage ?? '')))) {
    return new UsageError(
      msg`the server refused the download: ${http.serverMessage ?? `HTTP ${http.status}`}`,
      convert?.startsWith('zip')
        ? msg`a translation is one file: --convert po (a component or a project is a zip of such files, and --convert po converts each)`
        : msg`check --convert (po, xliff, csv, json, mo … what the server offers) and -q`,
      { cause: e },
    );
  }
  if (!(e instanceof WliError) || e.exitCode !== EXIT.notFound) return e;
  return fileMissing(session, readings, e);
}

const said = (text: ReturnType<typeof msg>): Result => ({ kind: 'bytes', bytes: new Uint8Array(), finish: () => ({ exitCode: EXIT.ok, messages: [text] }) });

export async function run({ args, opts, session }: CommandInput<'download'>): Promise<Result> {
  // -f and --fields shape records and lists; a download is the server's file (issue 24.11).
  const { formatGiven, format, fields } = session.settings;
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
  // A category is read (last) only to be refused by name: Weblate serves no zip of one.
  const readings = targetReadings(session, args[0], ['project', 'component', 'translation'], ['category']);
  const { convert, query } = opts;
  if (query !== undefined && convert === undefined) {
    throw new UsageError(
      msg`-q/--query needs --convert`,
      msg`Weblate filters the units of a download only when it converts the file: add --convert po (or another format)`,
    );
  }
  const { ctx } = session;
  const to = destinationOf(opts.output, ctx);
  const file = to.toStdout ? undefined : await prepare(to);
  try {
    return await fetchInto(to, file, { readings, opts, session });
  } finally {
    await file?.discard();
  }
}

/** The request, and its body to stdout or into the file made ready for it. */
async function fetchInto(
  to: Destination,
  file: PendingFile | undefined,
  { readings, opts, session }: { readings: Target[]; opts: CommandInput<'download'>['opts']; session: CommandInput['session'] },
): Promise<Result> {
  const { convert, query } = opts;
  const client = session.client();
  const saver = new FileSaver(session);
  const urlOf = (t: Target) => client.resolve(fileRequest(t, convert, query)).href;
  const found = <R>(get: (t: Target) => Promise<R>) =>
    firstFound(session, readings, async (t) => {
      if (t.kind === 'category') throw noCategoryZip(await categoryOf(session, t));
      return get(t);
    }).catch(async (e: unknown) => {
      throw await downloadFailed(session, readings, e, convert);
    });
  if (!file) return { kind: 'stream', chunks: (await found((t) => saver.stream(urlOf(t)))).value };
  const onBytes = (n: number, total: number | undefined) => session.progress.update('bytes', n, total);
  if (file.direct) {
    // A device or pipe (-o /dev/stdout): written into as it is, nothing to prove or record.
    const shown = shownPath(to, basename(to.file!));
    const { value: bytes } = await found((t) => saver.intoDevice(urlOf(t), file, to.file!, shown, onBytes));
    return said(msg`saved ${shown} (${ours(String(bytes))} bytes)`);
  }
  const { value } = await found((t) => {
    const zip = t.kind !== 'translation';
    // Into a directory, the name Weblate gives the file (predictedName) is what a record may prove: a
    // wrong guess only costs the condition.
    const predicted = predictedName(t, zip, convert, to.dir);
    return saver.save({
      url: urlOf(t),
      file,
      dest: to.file ?? ((res) => join(to.dir, safeBaseName(dispositionName(firstHeader(res.headers['content-disposition']))) ?? fallbackName(t, zip))),
      proven: to.file ?? (predicted === undefined ? undefined : join(to.dir, predicted)),
      // A zip has no revision: always asked for whole.
      revision: t.kind === 'translation' ? () => revisionOf(session, t) : undefined,
      force: opts.force,
      shown: (dest) => shownPath(to, basename(dest)),
      onBytes,
    });
  });
  const shown = shownPath(to, basename(value.dest));
  if (value.outcome === 'unchanged') return said(msg`${shown}: unchanged`);
  return said(msg`saved ${shown} (${ours(String(value.bytes))} bytes)`);
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
async function revisionOf(session: CommandInput['session'], t: TranslationTarget): Promise<string | undefined> {
  return translationRevision(await getObject(session, translationPath(t)));
}
