// The INI dialect of wlc's configuration files, read the way wlc reads it: Python's RawConfigParser
// with delimiters=("=",) (wlc/config.py), strict, no interpolation, no inline comments. So
// `key = abc;def` is `abc;def`, `null` is the text `null`, quotes stay, and a [keys] option may be a
// URL (its `:` is no delimiter). The rules, as configparser's _read:
// - a line whose first non-blank character is `#` or `;` is a comment, wherever it is;
// - `[name]` starts a section (names keep their case); [DEFAULT] holds fallbacks for every section;
// - `option = value`: the option is everything before the first `=`, trimmed and lower-cased; the
//   value everything after it, trimmed;
// - a line indented deeper than its option continues the value (joined with a line break; blank
//   lines inside are kept, trailing ones dropped);
// - errors name the file and line: an option before any section, a line without `=`, an empty option
//   name, a section or an option that appears twice, a section header without its `]`.
import { UsageError } from '../core/errors.js';
import { msg, type Msg } from '../core/text.js';

export interface IniEntry {
  value: string;
  /** 1-based line of `key = value`. */
  line: number;
}

/** Section name → lower-cased option name → entry. */
export type IniData = Map<string, Map<string, IniEntry>>;

export const DEFAULT_SECTION = 'DEFAULT';

export function parseError(path: string, line: number, what: Msg): UsageError {
  return new UsageError(
    msg`invalid configuration file ${path}:${line}: ${what}`,
    msg`wlc-style INI is expected: a [weblate] section with "url = …" and "translation = …", a [keys] section with "<server URL> = <token>", and # or ; comments`,
  );
}

/** An unclosed `[weblate`: the header is echoed when it looks like a section name (short, plain words). */
function unclosedHeader(value: string): Msg {
  return /^\[[\w .-]{1,40}$/.test(value) ? msg`unclosed section header '${value}' (no closing "]")` : msg`unclosed section header (no closing "]")`;
}

/** The sections and options of a file; the offending line of an error is named, never echoed. */
export function parseIni(file: string, path: string): IniData {
  // Editors on Windows save UTF-8 with a byte order mark: read past it rather than fail the header.
  const lines = file.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const data: IniData = new Map();
  const seen = new Set<string>();
  let section: Map<string, IniEntry> | undefined;
  let sectionName = '';
  let current: { entry: IniEntry; parts: string[]; indent: number } | undefined;
  const finish = () => {
    if (current) current.entry.value = current.parts.join('\n').trimEnd();
    current = undefined;
  };
  for (const [i, line] of lines.entries()) {
    const lineNo = i + 1;
    const value = line.trim();
    if (value.startsWith('#') || value.startsWith(';')) continue;
    if (value === '') {
      current?.parts.push('');
      continue;
    }
    const indent = line.length - line.trimStart().length;
    if (current && indent > current.indent) {
      current.parts.push(value);
      continue;
    }
    finish();
    const header = /^\[(.+)\]/.exec(value)?.[1];
    if (header !== undefined) {
      sectionName = header;
      if (seen.has(sectionName) && sectionName !== DEFAULT_SECTION) throw parseError(path, lineNo, msg`section [${sectionName}] appears twice`);
      seen.add(sectionName);
      section = data.get(sectionName) ?? new Map();
      data.set(sectionName, section);
      continue;
    }
    // A header without its `]` is said as such, not as a setting before any section or a line without
    // "=" (both wlc's errors too; with an "=" it is an option to wlc, `[a = b`, and to us).
    if (value.startsWith('[') && !value.includes(']') && !value.includes('=')) throw parseError(path, lineNo, unclosedHeader(value));
    if (!section) throw parseError(path, lineNo, msg`a setting before any [section] header`);
    const eq = value.indexOf('=');
    if (eq < 0) throw parseError(path, lineNo, msg`expected "key = value", a [section] header or a comment`);
    const key = value.slice(0, eq).trim().toLowerCase();
    if (key === '') throw parseError(path, lineNo, msg`a value with no key before "="`);
    if (section.has(key)) throw parseError(path, lineNo, msg`"${key}" appears twice in [${sectionName}]`);
    const entry: IniEntry = { value: '', line: lineNo };
    section.set(key, entry);
    current = { entry, parts: [value.slice(eq + 1).trim()], indent };
  }
  finish();
  return data;
}
