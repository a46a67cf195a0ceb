// `wli __complete <command> <word>`: the names a shell completes for a command's target, read from
// the configured server. Called by the completion scripts, never by people.
//
// Manners: the configured server and token under the same rules as every command (flags on the line
// being typed are not read); nothing at all when no server is configured; each list cached on disk
// ($XDG_CACHE_HOME/wli, two minutes); the whole lookup bounded to about a second (one attempt, no
// retries); any failure is silently "no candidates". Nothing is ever written to stderr, so completion
// never prints into the shell.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/files.js';
import { isAbsolute, join } from 'node:path';
import type { Context } from '../core/context.js';
import { readConfigFiles } from '../config/files.js';
import { resolveSettings } from '../config/settings.js';
import { COMMANDS, type TargetKindName } from '../spec/spec.js';
import { targetOfUrl } from '../weblate/target.js';

/** How long a list read from the server is reused: names change rarely, a session types many. */
export const CACHE_TTL_MS = 120_000;
/** The most a lookup may take, start-up aside. */
const BUDGET_MS = 900;

export const COMPLETE_COMMAND = '__complete';

type Lister = (path: string) => Promise<Array<Record<string, unknown>>>;

function cacheDir(ctx: Context): string {
  const xdg = ctx.env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(ctx.homedir, '.cache'), 'wli');
}

/** Candidates, one per line; "" when there are none or anything failed. */
export async function complete(args: string[], ctx: Context): Promise<string> {
  try {
    const [command, word = ''] = args;
    const kinds = COMMANDS.find((c) => c.name === command)?.args[0]?.targets;
    if (!kinds || /[\s"'\\]/.test(word)) return '';
    const files = readConfigFiles({ cwd: ctx.cwd, env: ctx.env, homedir: ctx.homedir });
    const settings = resolveSettings({}, ctx.env, files);
    if (!settings.url) return '';
    const { list, close } = lister(ctx, settings.url.value, settings.token?.value);
    try {
      const names = await candidates(kinds, word, list);
      return names.length ? names.join('\n') + '\n' : '';
    } finally {
      await close();
    }
  } catch {
    return '';
  }
}

async function candidates(kinds: readonly TargetKindName[], word: string, list: Lister): Promise<string[]> {
  const starts = (names: string[]) => names.filter((n) => n.startsWith(word)).sort();
  const slash = word.indexOf('/');
  if (slash < 0) {
    const out: string[] = [];
    if (kinds.includes('server') && '/'.startsWith(word)) out.push('/');
    // In stats and language a bare word is a language code.
    if (kinds.includes('language')) out.push(...(await list('languages/')).map((l) => l.code).filter((c): c is string => typeof c === 'string'));
    if (kinds.some((k) => k === 'project' || k === 'component' || k === 'translation')) {
      out.push(...(await list('projects/')).map((p) => p.slug).filter((s): s is string => typeof s === 'string').map((s) => `${s}/`));
    }
    return starts(out);
  }
  const project = word.slice(0, slash);
  if (!kinds.some((k) => k === 'component' || k === 'translation')) return [];
  const components = (await list(`projects/${encodeURIComponent(project)}/components/`))
    .map((c) => targetOfUrl(c.url))
    .filter((t): t is string => !!t);
  // A component typed whole and followed by "/": its languages.
  const component = components.find((c) => word.startsWith(`${c}/`));
  if (component && kinds.includes('translation')) {
    const [p, ...rest] = component.split('/');
    const translations = await list(`components/${encodeURIComponent(p!)}/${rest.map(encodeURIComponent).join('%2F')}/translations/`);
    return starts(translations.map((t) => targetOfUrl(t.url)).filter((t): t is string => !!t));
  }
  // Components (with their category paths); a trailing "/" invites the language when there is one to give.
  return starts(components.map((c) => (kinds.includes('translation') ? `${c}/` : c)));
}

/** Reads a list (first page, up to 1000 names) from the cache or the server, within the budget. */
function lister(ctx: Context, base: URL, token: string | undefined): { list: Lister; close: () => Promise<void> } {
  const dir = cacheDir(ctx);
  let client: import('../api/client.js').ApiClient | undefined;
  const list: Lister = async (path) => {
    const file = join(dir, createHash('sha256').update(`${base.href}\n${token ? 'token' : 'anonymous'}\n${path}`).digest('hex').slice(0, 32) + '.json');
    try {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as { at: number; items: Array<Record<string, unknown>> };
      if (ctx.now() - cached.at < CACHE_TTL_MS && Array.isArray(cached.items)) return cached.items;
    } catch {
      // no cache yet, or a broken one: ask the server
    }
    if (!client) {
      const { ApiClient } = await import('../api/client.js');
      // The budget counts from here: the time to load the client is start-up, not the server's.
      const deadline = AbortSignal.timeout(BUDGET_MS);
      client = new ApiClient({
        base,
        token,
        timeoutMs: BUDGET_MS,
        retries: 0,
        concurrency: 1,
        userAgent: 'wli-completion',
        allowInsecureHttp: false,
        env: ctx.env,
        dispatcher: ctx.dispatcher,
        signal: AbortSignal.any([ctx.signal, deadline]),
        sleep: ctx.sleep,
        now: ctx.now,
        random: ctx.random,
      });
    }
    const { body } = await client.getJson(path, new URLSearchParams({ page_size: '1000' }));
    const results = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
    // Only the names are kept: slug, code and url are all completion needs.
    const items = (Array.isArray(results) ? results : [])
      .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object')
      .map((i) => ({ slug: i.slug, code: i.code, url: i.url }));
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileAtomic(file, JSON.stringify({ at: ctx.now(), items }));
    } catch {
      // a cache that cannot be written only costs the next lookup a request
    }
    return items;
  };
  return { list, close: async () => void (await client?.close()) };
}
