// `wli __complete <command> <word>`: the names a shell completes for a command's target, read from
// the configured server. Called by the completion scripts, never by people.
//
// Manners: the configured server and token from the same settings and Weblate object as every command (flags
// on the line being typed are not read); nothing at all when no server is configured; each list cached
// on disk ($XDG_CACHE_HOME/wli, two minutes, per server and token); the whole lookup bounded to about a second (one attempt,
// no retries); any failure is silently "no candidates". Nothing is ever written to stderr, so
// completion never prints into the shell; and only names of Weblate's grammar (slugs, language
// codes: weblate/names.ts) are offered, so no server text the shell cannot hold (a newline, an ESC, a
// quote, a control character) reaches it: any other name is left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, OutStream } from '../core/context.js';
import { makeDirectories, writeFileAtomic } from '../files/disk.js';
import { cacheDir } from '../core/xdg.js';
import { isItem } from '../core/page.js';
import { loadSettings } from '../config/load.js';
import { IOStreams } from '../io/streams.js';
import { Weblate } from '../remote/weblate.js';
import { Report } from '../io/report.js';
import { Workspace } from '../files/workspace.js';
import { type TargetKindName } from '../spec/spec.js';
import { COMMANDS } from '../spec/commands.js';
import { targetOfUrl } from '../weblate/target.js';
import { LANGUAGES, PROJECTS, componentsOf, translationsOf } from '../weblate/paths.js';
import { VERSION } from '../core/version.js';
import { isLanguageCode, isSlug, isSlugPath } from '../weblate/names.js';
import { COMPLETION_CACHE_MS } from '../core/limits.js';

/** The most a lookup may take, start-up aside. */
const BUDGET_MS = 900;

type Name = { slug?: unknown; code?: unknown; url?: unknown };
type Lister = (path: string) => Promise<Name[]>;

/** Candidates, one per line; "" when there are none or anything failed. */
export async function complete(args: string[], ctx: Context): Promise<string> {
  let weblate: Weblate | undefined;
  try {
    const [command, word = ''] = args;
    const kinds = COMMANDS.find((c) => c.name === command)?.args[0]?.targets;
    if (!kinds || /[\s"'\\]/.test(word)) return '';
    const { settings } = loadSettings({}, ctx);
    const url = settings.url?.value;
    if (!url) return '';
    // Built at the first list the cache lacks, so the budget counts from there: one attempt, within
    // the budget, and not a byte on stderr.
    const ask = () => {
      const quiet = { ...ctx, stderr: SILENT, signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(BUDGET_MS)]) };
      if (weblate) return weblate;
      const io = new IOStreams(quiet);
      const asked = { ...settings, retries: 0, timeoutMs: BUDGET_MS, concurrency: 1, verbose: false, debug: false, quiet: true };
      const report = new Report(io, quiet, true);
      return (weblate = new Weblate({ ctx: quiet, io, settings: asked, version: VERSION, activity: 'names', report, workspace: new Workspace() }));
    };
    const list = cachedLister(ctx, url, settings.token?.value, (path) => ask().firstItems(path, 'names'));
    const names = await candidates(kinds, word, list);
    return names.length ? names.join('\n') + '\n' : '';
  } catch {
    return '';
  } finally {
    await weblate?.close().catch(() => {});
  }
}

async function candidates(kinds: readonly TargetKindName[], word: string, list: Lister): Promise<string[]> {
  const starts = (names: string[]) => names.filter((n) => n.startsWith(word)).sort();
  const named = (values: unknown[], grammar: (v: unknown) => v is string) => values.filter(grammar);
  const slash = word.indexOf('/');
  if (slash < 0) {
    const out: string[] = [];
    if (kinds.includes('server') && '/'.startsWith(word)) out.push('/');
    // In stats and language a bare word is a language code.
    if (kinds.includes('language'))
      out.push(
        ...named(
          (await list(LANGUAGES)).map((l) => l.code),
          isLanguageCode,
        ),
      );
    if (kinds.some((k) => k === 'project' || k === 'component' || k === 'translation')) {
      out.push(
        ...named(
          (await list(PROJECTS)).map((p) => p.slug),
          isSlug,
        ).map((s) => `${s}/`),
      );
    }
    return starts(out);
  }
  const project = word.slice(0, slash);
  if (!kinds.some((k) => k === 'component' || k === 'translation')) return [];
  const components = named(
    (await list(componentsOf({ project }))).map((c) => targetOfUrl(c.url)),
    (v) => isSlugPath(v),
  );
  // A component typed whole and followed by "/": its languages.
  const component = components.find((c) => word.startsWith(`${c}/`));
  if (component && kinds.includes('translation')) {
    const [p = '', ...rest] = component.split('/');
    return starts(
      named(
        (await list(translationsOf({ project: p, component: rest }))).map((t) => targetOfUrl(t.url)),
        (v) => isSlugPath(v, true),
      ),
    );
  }
  // Components (with their category paths); a trailing "/" invites the language when there is one to give.
  return starts(components.map((c) => (kinds.includes('translation') ? `${c}/` : c)));
}

/**
 * Reads a list from the cache, or from the server (then caching only the names). A list is what one
 * account may see on one server: its file is named by a hash of the server, the token (or none) and
 * the list, so another token never reads it, and the token is in no file name and no file.
 */
function cachedLister(ctx: Context, base: URL, token: string | undefined, read: (path: string) => Promise<Name[]>): Lister {
  const dir = cacheDir(ctx.env, ctx.homedir);
  // The token's own hash, made once a run (at the first list asked for), stands for it in each key.
  let account: Promise<string> | undefined;
  return async (path) => {
    account ??= token === undefined ? Promise.resolve('anonymous') : sha256(token).then((h) => `token ${h}`);
    const file = join(dir, `${(await sha256(`${base.href}\n${await account}\n${path}`)).slice(0, 32)}.json`);
    try {
      const cached: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isItem(cached) && typeof cached.at === 'number' && ctx.now() - cached.at < COMPLETION_CACHE_MS && Array.isArray(cached.items))
        return cached.items.filter(isItem);
    } catch {
      // no cache yet, or a broken one: ask the server
    }
    // Only the names are kept: slug, code and url are all completion needs.
    const items = (await read(path)).map((i) => ({ slug: i.slug, code: i.code, url: i.url }));
    try {
      makeDirectories(dir, 0o700);
      writeFileAtomic(file, JSON.stringify({ at: ctx.now(), items }));
    } catch {
      // a cache that cannot be written only costs the next lookup a request
    }
    return items;
  };
}

/** The hex SHA-256 of a text, by the Web Crypto API: loaded on use, not at every start as node:crypto would be. */
async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}

/** stderr for completion: nothing reaches the shell. */
const SILENT: OutStream = {
  write: () => true,
  once: () => SILENT,
  on: () => SILENT,
  removeListener: () => SILENT,
  isTTY: false,
};
