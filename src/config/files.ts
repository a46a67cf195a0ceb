// wlc-compatible configuration files: finding them, parsing them, and turning them into FileValues.
//
// Which files (as Weblate's wlc, wlc/config.py):
// - user file: $XDG_CONFIG_HOME/weblate, else $XDG_CONFIG_HOME/weblate.ini (XDG_CONFIG_HOME unset,
//   empty or relative → ~/.config). Only this file (or the --config file) may hold tokens.
// - project file: walking up from the current directory, the first directory holding `.weblate`,
//   `.weblate.ini` or `weblate.ini` (checked in that order, as wlc does) gives the file.
// - `--config <file>`: as wlc, that file is read *instead of both* the user file and the project
//   file. It is trusted like the user file ([keys], legacy `key`). A missing file is a usage error.
//
// Section: `url`, `translation` and the legacy `key` are read from one section of each file, [weblate]
// unless -s/--config-section names another (wlc's --config-section, default "weblate"); [keys] and
// [DEFAULT] serve every section. A section no file has is not an error, as in wlc (WeblateConfig
// adds the section it is given, with its defaults): nothing is read from it, and wli says so on
// stderr when the section was named, since a misspelt name would otherwise silently fall back.
// [keys] and DEFAULT are not sections a server can be described in (wlc's add_section fails on both):
// refused as values of the option (spec/option-values.ts).
//
// Format: wlc's INI, read as wlc reads it (ini.ts): `key = value`, whole-line `#`/`;` comments, option
// names case-insensitive, a [DEFAULT] section as fallback; what configparser rejects is a usage error
// naming `file:line`.
//
// Security: a project file comes with whatever repository was checked out, so it never supplies a
// token ([keys] and `key` in it are ignored with a warning), and settings.ts refuses to send a token
// from --token or the environment to a URL that only a project file named.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { xdgDir } from '../core/xdg.js';
import { UsageError, errnoCode } from '../core/errors.js';
import { DEFAULT_SECTION, parseError, parseIni, type IniData, type IniEntry } from './ini.js';
import { msg, ours, type Msg } from '../core/text.js';
import { canonicalServerKey } from '../api/base-url.js';
import type { FileValues, Sourced } from './settings.js';

/** wlc's default of --config-section (wlc/main.py). */
export const DEFAULT_CONFIG_SECTION = 'weblate';

const USER_FILE_NAMES = ['weblate', 'weblate.ini'] as const;
const PROJECT_FILE_NAMES = ['.weblate', '.weblate.ini', 'weblate.ini'] as const;

/** An option of a section, falling back to [DEFAULT] as RawConfigParser does. */
function lookup(data: IniData, sectionName: string, key: string): IniEntry | undefined {
  return data.get(sectionName)?.get(key) ?? data.get(DEFAULT_SECTION)?.get(key);
}

/**
 * Whether a configuration file is there to read. A directory wli may not look into (a $HOME it cannot
 * read, a parent of the project without x permission) holds no file it could read: looked past, as
 * wlc does, rather than an internal error.
 */
function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

const userConfigDir = (env: Record<string, string | undefined>, homedir: string): string => xdgDir('config', env, homedir);

function findUserFile(env: Record<string, string | undefined>, homedir: string): string | undefined {
  const dir = userConfigDir(env, homedir);
  for (const name of USER_FILE_NAMES) {
    const path = join(dir, name);
    if (isFile(path)) return path;
  }
  return undefined;
}

function findProjectFile(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    for (const name of PROJECT_FILE_NAMES) {
      const path = join(dir, name);
      if (isFile(path)) return path;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function readIni(path: string, given?: string): IniData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = errnoCode(e);
    const why =
      code === 'ENOENT'
        ? ours('no such file')
        : code === 'EISDIR'
          ? ours('it is a directory')
          : code === 'EACCES'
            ? ours('permission denied')
            : msg`${code ?? e}`;
    throw new UsageError(
      given !== undefined ? msg`cannot read --config file '${given}': ${why}` : msg`cannot read configuration file ${path}: ${why}`,
      given !== undefined ? msg`looked for ${path}` : undefined,
    );
  }
  return parseIni(text, path);
}

/** A value of the file, trimmed and on one line, with where it came from. */
function oneLine(entry: IniEntry | undefined, path: string, label: string, source: string): Sourced<string> | undefined {
  if (!entry) return undefined;
  const value = entry.value.trim();
  if (value === '') return undefined;
  if (/[\r\n]/.test(value)) throw parseError(path, entry.line, msg`${ours(label)} spans several lines`);
  return { value, source };
}

interface ConfigFiles extends FileValues {
  /** The section read for url, translation and key. */
  section: Sourced<string>;
  files: string[];
  keys: Map<string, Sourced<string>>;
  /** Said on stderr, never fatal: settings a file has that are ignored. */
  warnings: Msg[];
}

/**
 * Finds and reads the configuration files of a run. Cheap: a few stat calls up the directory tree and
 * at most two small reads. `config` is the --config option as given (relative to cwd).
 */
export function readConfigFiles(opts: {
  cwd: string;
  env: Record<string, string | undefined>;
  homedir: string;
  config?: string;
  /** -s/--config-section as given; `weblate` when absent. */
  section?: string;
}): ConfigFiles {
  const section = opts.section ?? DEFAULT_CONFIG_SECTION;
  const out: ConfigFiles = {
    files: [],
    keys: new Map(),
    warnings: [],
    section: { value: section, source: opts.section !== undefined ? '--config-section' : 'default' },
  };
  let sectionFound = false;
  const trusted = opts.config !== undefined ? resolve(opts.cwd, opts.config) : findUserFile(opts.env, opts.homedir);
  if (trusted) {
    const data = readIni(trusted, opts.config);
    out.files.push(trusted);
    sectionFound ||= data.has(section);
    out.url = oneLine(lookup(data, section, 'url'), trusted, 'url', trusted);
    out.translation = oneLine(lookup(data, section, 'translation'), trusted, 'translation', trusted);
    // [keys]: server URL → token, matched by canonical API root (case-insensitive, as wlc's lower-cased options).
    const keys = new Map([...(data.get(DEFAULT_SECTION) ?? []), ...(data.get('keys') ?? [])]);
    for (const [server, entry] of keys) {
      const canonical = canonicalServerKey(server)?.toLowerCase();
      const token = oneLine(entry, trusted, 'a token in [keys]', `${trusted} [keys]`);
      if (canonical && token) out.keys.set(canonical, token);
    }
    // Legacy `key` in [weblate] (older wlc): bound to the url of the same file, so it is never sent to
    // a server named elsewhere; [keys] wins for that server.
    const legacy = oneLine(data.get(section)?.get('key'), trusted, 'key', `${trusted} [${section}] key`);
    if (legacy) {
      const canonical = out.url && canonicalServerKey(out.url.value)?.toLowerCase();
      if (canonical) {
        if (!out.keys.has(canonical)) out.keys.set(canonical, legacy);
      } else {
        out.warnings.push(msg`${trusted}: "key" in [${section}] ignored: it applies only to the url of the same section; use [keys] instead`);
      }
    }
  }
  if (opts.config === undefined) {
    const project = findProjectFile(opts.cwd);
    if (project && project !== trusted) {
      const data = readIni(project);
      out.files.push(project);
      sectionFound ||= data.has(section);
      const url = oneLine(lookup(data, section, 'url'), project, 'url', project);
      if (url) out.url = { ...url, project: true };
      const translation = oneLine(lookup(data, section, 'translation'), project, 'translation', project);
      if (translation) out.translation = { ...translation, project: true };
      if (data.get('keys')?.size || data.get(section)?.has('key') || data.get(DEFAULT_SECTION)?.has('key')) {
        out.warnings.push(
          msg`${project}: tokens in a project configuration file are ignored; put them in [keys] of ${join(userConfigDir(opts.env, opts.homedir), 'weblate')}`,
        );
      }
    }
  }
  if (opts.section !== undefined && !sectionFound) {
    out.warnings.push(
      out.files.length
        ? msg`no [${section}] section in ${out.files.join(', ')}: no url or translation read from it (-s/--config-section)`
        : msg`-s/--config-section ${section}: no configuration file was read`,
    );
  }
  return out;
}
