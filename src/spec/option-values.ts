// Every option value checked once, against its description in its spec, right after parsing:
// a bad value is a usage error (exit 2) naming the option and saying what is expected.
// Commands and settings receive typed values and never validate by hand.
import { ACTION_KEBABS, actionCode } from '../weblate/actions.js';
import { EXPORTERS, EXPORTER_LIST, conversionOf, exporterName } from '../weblate/files.js';
import { closest } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import { msg, ours } from '../core/text.js';
import { plainText } from '../core/values.js';
import {
  formatsOf,
  isCiFormat,
  type ArgSpec,
  type CommandSpec,
  type Format,
  type OptionSpec,
  type OptionValues,
  type Over,
  type SortKey,
  type GlobalOptionValues,
  type Threshold,
  type ValueSpec,
  type When,
} from './spec.js';
import { flagsOf } from './flags.js';

export type { Threshold, When };

/** The instants a Weblate server can take (Python's datetime: years 1 to 9999). */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
const TIME_HINT =
  'expected an ISO 8601 time (2026-11-01, 2026-11-01T12:00, read as UTC unless it carries an offset: 2026-11-01T12:00+01:00) between the years 1 and 9999, or a duration back from now (30m, 24h, 7d, 2w)';

/** The instant a --since/--until value names, as the request sends it (UTC, with Z); out of range is a usage error. */
export function instantOf(when: When, now: number, option: string): string {
  const ms = 'atMs' in when ? when.atMs : now - when.agoMs;
  if (!(ms >= EARLIEST && ms <= LATEST)) throw new UsageError(msg`invalid ${ours(option)} '${when.text}': that is before the year 1`, ours(TIME_HINT));
  return new Date(ms).toISOString();
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function defaultHint(v: ValueSpec): string {
  switch (v.type) {
    case 'integer':
      return v.max !== undefined ? `expected an integer from ${v.min} to ${v.max}` : `expected an integer from ${v.min} up`;
    case 'seconds':
      return `expected a number of seconds above 0 and at most ${v.max}`;
    case 'choice':
      return `expected one of ${v.choices.join(', ')}`;
    case 'fields':
      return 'expected comma-separated field paths';
    case 'sort':
      return 'expected comma-separated field paths, each may start with - for descending';
    case 'time':
      return TIME_HINT;
    case 'action':
      return 'expected an action code or name, e.g. --action 2 or --action translation-changed (every action: man wli, or docs/commands.md#wli-changes)';
    case 'threshold':
      return 'expected a percentage from 0 to 100 (90 or 90%) for every row, or LANG=PCT for one language (cs=95)';
    case 'percent':
      return 'expected a percentage from 0 to 100 (80 or 80%)';
    case 'over':
      return 'expected a count of failing strings (0 or more) in all, or CHECK=N for one check (end_stop=0)';
    case 'slug':
      return 'expected one name, without slashes';
    case 'language':
      return 'expected language codes as the server names them, e.g. cs,pt_BR';
    case 'conversion':
      return `expected one of Weblate's exporters: ${EXPORTER_LIST} (zip:NAME for a zip of such files)`;
    case 'text':
    case 'file':
      return 'expected a value';
    case 'section':
      return 'expected a section name of the configuration file (not keys or DEFAULT)';
  }
}

/**
 * A percentage, one grammar for every option that takes one: 0 to 100, a whole or decimal number with
 * an optional % sign (80, 80%, 80.5 %). Undefined when it is not one.
 */
export function percentOf(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*%?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return n <= 100 ? n : undefined;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** One value of the option, or undefined when it is not acceptable. */
function parseOne(v: ValueSpec, text: string): unknown {
  const t = text.trim();
  switch (v.type) {
    case 'text':
    case 'file':
      return t === '' ? undefined : t;
    case 'integer': {
      if (!/^\d+$/.test(t)) return undefined;
      const n = Number(t);
      return n < v.min || (v.max !== undefined && n > v.max) || !Number.isSafeInteger(n) ? undefined : n;
    }
    case 'seconds': {
      if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
      const n = Number(t);
      return n > 0 && n <= v.max ? n : undefined;
    }
    case 'choice':
      return v.choices.includes(t) ? t : undefined;
    case 'conversion':
      return conversionOf(t);
    case 'fields': {
      const fields = text
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f !== '');
      return fields.length === 0 || fields.some((f) => f.split('.').some((p) => p === '')) ? undefined : fields;
    }
    case 'sort': {
      const keys = text
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f !== '')
        .map((f): SortKey => (f.startsWith('-') ? { path: f.slice(1), descending: true } : { path: f, descending: false }));
      return keys.length === 0 || keys.some((k) => k.path.split('.').some((p) => p === '')) ? undefined : keys;
    }
    case 'time': {
      const [, n, unit] = /^(\d+)\s*([smhdw])$/i.exec(t) ?? [];
      const unitMs = unit === undefined ? undefined : UNIT_MS[unit.toLowerCase()];
      if (n !== undefined && unitMs !== undefined) {
        const agoMs = Number(n) * unitMs;
        return agoMs <= LATEST - EARLIEST ? ({ agoMs, text: t } satisfies When) : undefined;
      }
      const iso = ISO_TIME.exec(t);
      if (!iso) return undefined;
      // One rule whatever TZ is: without an offset a time is UTC, like a date alone (Date.parse would
      // read a date-time without offset as local time, and a date alone as UTC).
      const atMs = Date.parse(t.replace(' ', 'T') + (iso[1] && !iso[2] ? 'Z' : ''));
      return atMs >= EARLIEST && atMs <= LATEST ? ({ atMs, text: t } satisfies When) : undefined;
    }
    case 'action':
      // Any code goes to the server (a newer one may know more than this table); names must be known.
      return /^\d+$/.test(t) ? Number(t) : actionCode(t);
    case 'threshold': {
      // LANG=PCT or PCT; the percentage read like every other (percentOf).
      const m = /^(?:([^=\s]+)\s*=)?(.*)$/.exec(t);
      const percent = m?.[2] === undefined ? undefined : percentOf(m[2]);
      if (m === null || percent === undefined) return undefined;
      return (m[1] === undefined ? { percent } : { language: m[1], percent }) satisfies Threshold;
    }
    case 'percent':
      return percentOf(t);
    case 'over': {
      // CHECK=N or N: a whole count, 0 or more.
      const m = /^(?:([^=\s]+)\s*=\s*)?(\d+)$/.exec(t);
      if (!m || !Number.isSafeInteger(Number(m[2]))) return undefined;
      return (m[1] === undefined ? { count: Number(m[2]) } : { check: m[1], count: Number(m[2]) }) satisfies Over;
    }
    case 'language':
      return /^[\p{L}\p{N}_@.+-]+$/u.test(t) ? t : undefined;
    case 'section':
      // A name configparser can read back as a header ([name]: no "]", one line, no controls), and
      // not one wlc cannot use: [keys] holds tokens, DEFAULT the fallbacks (add_section refuses both).
      return t === '' || t === 'keys' || t === 'DEFAULT' || /[\]\p{Cc}]/u.test(t) ? undefined : t;
    case 'slug': {
      const slug = t.endsWith('/') ? t.slice(0, -1) : t;
      return slug === '' || slug.includes('/') || slug === '.' || slug === '..' ? undefined : slug;
    }
  }
}

function invalid(spec: OptionSpec, v: ValueSpec, text: string): UsageError {
  if (v.type === 'action' && !/^\d+$/.test(text.trim())) {
    // An unknown action name: the closest names.
    const close = closest(
      text
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
      [...ACTION_KEBABS],
    );
    if (close.length)
      return new UsageError(
        msg`unknown action '${text}'`,
        msg`did you mean: ${ours(close.join(', '))}? (every action: man wli, or docs/commands.md#wli-changes)`,
      );
    return new UsageError(msg`unknown action '${text}'`, ours(defaultHint(v)));
  }
  // A typo of one of the choices (-f jsnl, --state fuzy): the closest first, then all of them.
  const close =
    v.type === 'choice'
      ? closest(text.trim(), [...v.choices])
      : v.type === 'conversion'
        ? closest(
            exporterName(text.trim()) ?? '',
            EXPORTERS.map((e) => e.name),
          )
        : [];
  if (close.length && !spec.hint) {
    return new UsageError(msg`invalid ${ours(flagsOf(spec).long)} '${text}'`, msg`did you mean: ${ours(close.join(', '))}? (${ours(defaultHint(v))})`);
  }
  return new UsageError(msg`invalid ${ours(flagsOf(spec).long)} '${text}'`, ours(spec.hint ?? defaultHint(v)));
}

/** A repeatable option's values, each possibly a comma-separated list (choices, numbers, language codes). */
function parseRepeated(spec: OptionSpec, v: ValueSpec, given: string[]): unknown[] {
  // Lists of names and numbers may also be comma-separated (no action name has a comma).
  const splits = v.type === 'choice' || v.type === 'integer' || v.type === 'action' || v.type === 'threshold' || v.type === 'over' || v.type === 'language';
  const items = splits ? given.flatMap((g) => g.split(',')).map((s) => s.trim()) : given;
  const present = items.filter((s) => s !== '');
  if (present.length === 0) throw new UsageError(msg`empty ${ours(flagsOf(spec).long)}`, ours(spec.hint ?? defaultHint(v)));
  const out: unknown[] = [];
  for (const item of present) {
    const value = parseOne(v, item);
    if (value === undefined) throw invalid(spec, v, item);
    if (!out.some((o) => JSON.stringify(o) === JSON.stringify(value))) out.push(value);
  }
  return out;
}

/**
 * The options of one command (or the global ones) as typed values, keyed like commander's:
 * switches are booleans, repeatable options arrays, the rest one value each. Absent stays absent.
 * The type is derived from the same specs (OptionValues), so callers read them without a cast.
 */
export function readOptions<Os extends readonly OptionSpec[]>(specs: Os, raw: Record<string, unknown>): ReadValues<Os> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const key = flagsOf(spec).key;
    const given = raw[key];
    if (given === undefined) continue;
    if (!spec.value) {
      out[key] = given;
      continue;
    }
    if (spec.repeatable) {
      out[key] = parseRepeated(
        spec,
        spec.value,
        (Array.isArray(given) ? given : [given]).map((g) => plainText(g)),
      );
      continue;
    }
    const text = plainText(given);
    // An empty token from a CI secret that is not set (a fork's pull request) means no token.
    if (text.trim() === '' && spec.value.type === 'text' && spec.value.emptyMeansUnset) continue;
    const value = parseOne(spec.value, text);
    if (value === undefined)
      throw text.trim() === ''
        ? new UsageError(msg`empty ${ours(flagsOf(spec).long)}`, ours(spec.hint ?? defaultHint(spec.value)))
        : invalid(spec, spec.value, text);
    out[key] = value;
  }
  // The one place the checked values change type: each was parsed against the spec OptionValues reads.
  return out as ReadValues<Os>;
}

/** Typed values for options declared `as const`; a plain record for options known only as OptionSpec[]. */
type ReadValues<Os extends readonly OptionSpec[]> = string extends Os[number]['flags'] ? Record<string, unknown> : OptionValues<Os>;

/** Positional arguments limited to a set of values (the shell of `completion`). */
export function checkArgs(specs: readonly ArgSpec[], args: readonly string[]): void {
  specs.forEach((spec, i) => {
    const value = args[i];
    if (spec.choices && value !== undefined && !spec.choices.includes(value)) {
      throw new UsageError(msg`unknown ${ours(spec.name)} '${value}'`, ours(`expected one of: ${spec.choices.join(', ')}`));
    }
  });
}

/**
 * -f as the command takes it, before the command runs (no request made): a format it does not write
 * is a usage error naming those it does. A command that writes no format (download, completion) says
 * itself why -f does not apply. --fields and --sort are about data rows: a CI report has its own.
 * --no-headers hides the header line only formats with one have (a Markdown table needs its own);
 * --jq filters JSON (without -f it takes -f json, as gh api --jq the whole answer).
 */
export function checkFormat(command: CommandSpec, globals: Pick<GlobalOptionValues, 'format' | 'fields' | 'sort' | 'headers' | 'jq'>): void {
  const formats = formatsOf(command);
  // --jq without -f takes -f json (settings.ts).
  const format = globals.format ?? (globals.jq !== undefined && formats.includes('json') ? 'json' : undefined);
  if (format === undefined || formats.length === 0) return;
  if (!formats.includes(format)) throw new UsageError(msg`${ours(command.name)} cannot write -f ${ours(format)}; it writes ${ours(formats.join(', '))}`);
  if (globals.fields && isCiFormat(format))
    throw new UsageError(msg`--fields does not apply to -f ${ours(format)}, a report with fields of its own`, msg`drop --fields, or use -f json, jsonl or csv`);
  if (globals.sort && isCiFormat(format))
    throw new UsageError(
      msg`--sort does not apply to -f ${ours(format)}, a report in an order of its own`,
      msg`drop --sort, or use -f json, jsonl, csv or table`,
    );
  if (globals.headers === false && !HEADED.includes(format))
    throw new UsageError(
      format === 'markdown'
        ? msg`--no-headers does not apply to -f markdown: a Markdown table is not one without its header row`
        : msg`--no-headers does not apply to -f ${ours(format)}, which has no header line`,
      msg`drop --no-headers, or use -f table, csv or csv-excel`,
    );
  if (globals.jq !== undefined && format !== 'json' && format !== 'jsonl')
    throw new UsageError(
      msg`--jq filters JSON: it does not apply to -f ${ours(format)}`,
      msg`drop -f (--jq takes -f json), or use -f jsonl to filter each item as it arrives`,
    );
}

/** The formats with a header line, which --no-headers leaves out. */
const HEADED: readonly Format[] = ['table', 'csv', 'csv-excel'];
