// wli download: a translation's file, or a zip of a component's or project's translations, as the
// server sends it. Files are written to a temporary file beside the destination and renamed into
// place, so a cut connection, a timeout or Ctrl-C leaves the previous file as it was.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';
import { firstHeader } from '../api/http.js';
import { objectPath, readTarget, type Target } from '../weblate/target.js';
import { EXIT } from '../core/errors.js';
import type { Result } from '../output/result.js';
import type { CommandInput } from './common.js';

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
  const parts = t.kind === 'translation' ? [t.project, ...t.component, t.language] : t.kind === 'component' ? [t.project, ...t.component] : t.kind === 'project' ? [t.project] : ['weblate'];
  return `${parts.join('-').replace(/[^\w.-]/g, '_')}.${zip ? 'zip' : 'txt'}`;
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

export async function run({ args, opts, session }: CommandInput): Promise<Result> {
  const [target] = readTarget(args[0]!, ['project', 'component', 'translation']);
  const t = target!;
  const convert = opts.convert as string | undefined;
  const query = opts.query as string | undefined;
  if (query !== undefined && convert === undefined) {
    throw new UsageError(msg`-q/--query needs --convert`, msg`Weblate filters the units of a download only when it converts the file: add --convert po (or another format)`);
  }
  const zip = t.kind !== 'translation';
  const params = new URLSearchParams();
  if (convert !== undefined) params.set('format', zip ? `zip:${convert}` : convert);
  if (query !== undefined) params.set('q', query);
  const { ctx } = session;
  const output = opts.output as string | undefined;
  const toStdout = output === undefined && !ctx.stdout.isTTY;
  const outPath = output === undefined ? undefined : resolve(ctx.cwd, output);
  const intoDir = output === undefined || output.endsWith('/') || (outPath !== undefined && isDir(outPath));
  // Known before the request when -o names a file: ask only for what changed since.
  const conditional: Record<string, string> = {};
  if (!toStdout && !intoDir && outPath && !opts.force) {
    try {
      conditional['if-modified-since'] = statSync(outPath).mtime.toUTCString();
    } catch {
      /* no file yet */
    }
  }
  const client = await session.client();
  const path = `${objectPath(t)}file/${params.size ? `?${params}` : ''}`;
  let res;
  try {
    res = await client.openFile(path, conditional);
  } catch (e) {
    if (t.kind === 'project' && e instanceof Error && 'status' in e && (e as { status: number }).status === 404) {
      throw new UsageError(msg`GET ${client.resolve(path).href}: 404 — no project ${t.project}, or the server is older than Weblate 5.5`, msg`downloading a whole project needs Weblate 5.5 or newer; download its components one by one (wli download ${t.project}/<component>)`);
    }
    throw e;
  }
  const lastModified = firstHeader(res.headers['last-modified']);
  const name = safeBaseName(dispositionName(firstHeader(res.headers['content-disposition']))) ?? fallbackName(t, zip);
  const dest = intoDir ? join(outPath ?? ctx.cwd, name) : outPath!;
  if (toStdout) {
    if (res.status === 304) return { kind: 'bytes', bytes: new Uint8Array() };
    return { kind: 'stream', chunks: res.body };
  }
  if (res.status === 304) {
    for await (const _ of res.body) void _; // an empty body, read so the connection is reusable
    return { kind: 'bytes', bytes: new Uint8Array(), finish: () => ({ exitCode: EXIT.ok, messages: [msg`${dest}: unchanged`] }) };
  }
  // Into a directory the name is known only from the answer, so that download is never conditional
  // (README: -o FILE for "only what changed").
  const temp = join(dirname(dest), `.${basename(dest)}.wli-${process.pid}-${Date.now()}.tmp`);
  let bytes = 0;
  const fd = openSync(temp, 'wx', 0o644);
  let done = false;
  try {
    for await (const chunk of res.body) {
      writeSync(fd, chunk);
      bytes += chunk.length;
      session.progress.update('bytes', bytes, Number(firstHeader(res.headers['content-length'])) || undefined);
    }
    fsyncSync(fd);
    closeSync(fd);
    done = true;
    renameSync(temp, dest);
  } finally {
    if (!done) closeSync(fd);
    rmSync(temp, { force: true });
  }
  const when = lastModified ? new Date(lastModified) : undefined;
  if (when && !Number.isNaN(when.getTime())) utimesSync(dest, when, when);
  return { kind: 'bytes', bytes: new Uint8Array(), finish: () => ({ exitCode: EXIT.ok, messages: [msg`saved ${dest} (${ours(String(bytes))} bytes)`] }) };
}
