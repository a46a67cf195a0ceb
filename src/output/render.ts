// The one output layer: takes what a command returned and writes it in the chosen format.
import { isCiFormat, type Format } from '../spec/spec.js';
import { mapPage, pageOf, type Page } from '../core/page.js';
import type { Writer } from '../io/writer.js';
import { msg, outside, type Msg } from '../core/text.js';
import { closest } from '../core/closest.js';
import { getPath, pickFields, type Item } from './fields.js';
import type { Column, ListResult, RecordResult, Result } from './result.js';
import { writeCsv, type CsvDialect } from './csv.js';
import { writeJsonList, writeJsonRecord } from './json.js';
import { writeJsonLines } from './jsonl.js';
import { writeMarkdownList, writeMarkdownRecord } from './markdown.js';
import { writeTableList, writeTableRecord } from './table.js';
import type { Sink } from './sink.js';
import type { BarGlyphs } from './bars.js';
import { TerminalText, jsonForTerminal } from './terminal.js';
import { sortItems } from './sort.js';
import { writeJqLines, writeJqList, writeJqRecord } from './jq.js';
import { stringifyJson } from '../codec/json.js';
import type { SortKey } from '../spec/spec.js';
import { UsageError } from '../core/errors.js';

interface RenderOptions {
  format: Format;
  fields?: string[];
  /** --sort: the list held whole and ordered before it is written (sort.ts). */
  sort?: SortKey[];
  /** --no-headers: a table and CSV without their header line. */
  noHeaders?: boolean;
  /** --jq: the JSON written filtered through this expression (jq.ts). */
  jq?: string;
  color: boolean;
  /** The width tables fit, in display cells (Infinity: no limit). */
  width: number;
  /** --wrap: a table's long text wraps within the width instead of being cut. */
  wrap?: boolean;
  /** Stdout is a terminal: server text is escaped in every format (terminal.ts); otherwise bytes are exact. */
  terminal: boolean;
  /** A table's percentages drawn as bars, with these glyphs: only when stdout is a terminal (bars.ts). */
  bars?: BarGlyphs;
  warn: (message: Msg) => void;
  /** Said on stderr, not a warning: that a table has no rows. */
  note: (message: Msg) => void;
  /** The run's environment and directory: -f github appends to the file $GITHUB_STEP_SUMMARY names. */
  env: Record<string, string | undefined>;
  cwd: string;
}

interface RenderReport {
  /** Items written (a record counts one); undefined for text. */
  items?: number;
}

/** A --fields path in a table: the command's own rendering of that field when it has one. */
function fieldColumn(path: string, known: readonly Column[]): Column {
  const own = known.find((c) => c.field === path);
  return own ? { ...own, header: path, drop: undefined } : { header: path, field: path, value: (item) => getPath(item, path) };
}

async function* once(item: Item): AsyncGenerator<Page> {
  yield pageOf([item]);
}

/**
 * Passes pages through, counting items and noting which --fields paths any item had, so a path that
 * none had (a typo: `sourc`) is named once at the end, whatever the format.
 */
/** The most top-level field names kept for "did you mean" of a --fields path in none of the items. */
const MAX_KEYS_NOTED = 1000;

interface Counted {
  items: number;
  /** The --fields paths some item has. */
  seen: Set<string>;
  /** Top-level field names of the items, while some path is unseen. */
  keys: Set<string>;
  /** Paths below those names that some item has, for a dotted --fields path in none of the items. */
  paths: Set<string>;
}

/** "field 'sourc' is in none of the items; did you mean source?": the closest names, the path's first part corrected. */
function unseenField(path: string, keys: Set<string>, exists: (path: string) => boolean, columns: readonly Column[] = []): Msg {
  const [head = '', ...rest] = path.split('.');
  // Only paths some item has: a corrected first part whose value lacks the rest (language_code.code) is no answer.
  const close = keys.has(head)
    ? []
    : closest(head, [...keys])
        .map((k) => [k, ...rest].join('.'))
        .filter(exists);
  // A column headed as the path was asked (SUGGESTIONS) shows another field (wli_suggestions): say which.
  const headed = columns.find((c) => c.field !== undefined && c.field !== path && c.header.toLowerCase() === path.toLowerCase() && exists(c.field));
  const named =
    headed?.field === undefined ? close : [`${headed.field} (the ${headed.header.toUpperCase()} column)`, ...close.filter((c) => c !== headed.field)];
  return named.length ? msg`field '${path}' is in none of the items; did you mean ${named.join(', ')}?` : msg`field '${path}' is in none of the items`;
}

/** The columns a list or record shows by default, and those --fields paths may name. */
const columnsOf = (r: RecordResult | ListResult): Column[] => [
  ...(r.kind === 'record' ? r.rows : typeof r.columns === 'function' ? r.columns() : r.columns),
  ...(r.fieldColumns ?? []),
];

function watch(pages: AsyncIterable<Page>, fields: string[] | undefined, counted: Counted): AsyncIterable<Page> {
  // The fields are noted as the writer makes the items (with --fields every writer makes them), not by
  // making them here too: a field in none of the items would have had every page parsed twice.
  const note = (item: Item): Item => {
    for (const f of fields ?? []) if (!counted.seen.has(f) && getPath(item, f) !== undefined) counted.seen.add(f);
    // The names a path in none of them may have meant (bounded: a server's items could each bring new ones).
    for (const k in item) if (counted.keys.size < MAX_KEYS_NOTED) counted.keys.add(k);
    // And the paths a corrected first part would name, where this item has them (bounded the same way).
    for (const f of fields ?? []) {
      const rest = f.split('.').slice(1).join('.');
      if (rest === '' || counted.seen.has(f)) continue;
      for (const k in item) if (counted.paths.size < MAX_KEYS_NOTED && getPath(item, `${k}.${rest}`) !== undefined) counted.paths.add(`${k}.${rest}`);
    }
    return item;
  };
  return (async function* () {
    for await (const page of pages) {
      counted.items += page.size;
      yield fields && counted.seen.size < fields.length ? mapPage(page, note) : page;
    }
  })();
}

/**
 * --sort: every page read, then one page in the keys' order. The items are held (and made) once the
 * last page is in: the memory a sorted list costs. A key that none of the items has is a typo: a usage
 * error naming the closest fields, before anything is written.
 */
function sorted(pages: AsyncIterable<Page>, keys: SortKey[]): AsyncIterable<Page> {
  return (async function* () {
    const all: Item[] = [];
    const texts: string[] = [];
    let exact = true;
    for await (const page of pages) {
      const items = page.items();
      const own = exact ? page.texts?.() : undefined;
      if (own) texts.push(...own);
      else exact = false;
      all.push(...items);
    }
    if (all.length === 0) return;
    const known = new Set<string>();
    for (const k of keys) {
      if (known.has(k.path) || all.some((item) => getPath(item, k.path) !== undefined)) {
        known.add(k.path);
        continue;
      }
      const names = new Set<string>();
      for (const item of all) for (const name in item) if (names.size < MAX_KEYS_NOTED) names.add(name);
      const said = unseenField(k.path, names, (p) => all.some((item) => getPath(item, p) !== undefined));
      throw new UsageError(msg`--sort: ${said}`, msg`name a field the items have (wli … -f json shows them)`);
    }
    // Sort positions, so the server's own text of each item (exact, its literals as sent) goes with it.
    const order = sortItems(
      all.map((item, at) => ({ item, at })),
      keys.map((k) => ({ ...k, path: `item.${k.path}` })),
    );
    const sortedTexts = exact ? order.map((o) => texts[o.at]) : [];
    yield pageOf(
      order.map((o) => o.item),
      exact && sortedTexts.every((t) => t !== undefined) ? sortedTexts : undefined,
    );
  })();
}

function project(pages: AsyncIterable<Page>, fields: string[]): AsyncIterable<Page> {
  return (async function* () {
    for await (const page of pages) yield mapPage(page, (item) => pickFields(item, fields));
  })();
}

async function* one(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * A body passed through (wli api, a download to stdout): byte for byte into a pipe or a file; on a
 * terminal as text, escaped, ending with a newline.
 */
async function passThrough(out: Writer, chunks: AsyncIterable<Uint8Array>, terminal: boolean): Promise<void> {
  if (!terminal) {
    for await (const chunk of chunks) await out.write(chunk);
    return;
  }
  const text = new TerminalText();
  for await (const chunk of chunks) await out.write(text.push(chunk));
  await out.write(text.end());
}

/** JSON and JSON Lines for a terminal: the same JSON, with \uXXXX for what a terminal would act on. */
const escapingJson = (out: Writer): Sink => {
  // JSON Lines come as the answer's bytes, in the pieces it arrived in: a character may span two.
  const decoder = new TextDecoder('utf-8');
  return { write: (chunk) => out.write(jsonForTerminal(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))) };
};

export async function render(result: Result, sink: Writer, o: RenderOptions): Promise<RenderReport> {
  const { format, fields } = o;
  if (result.kind === 'text') {
    await sink.write(result.text);
    return {};
  }
  if (result.kind === 'bytes' || result.kind === 'stream') {
    await passThrough(sink, result.kind === 'bytes' ? one(result.bytes) : result.chunks, o.terminal);
    return {};
  }
  // On a terminal, every format but the table's own and CSV's shows what a terminal would act on as \uXXXX.
  const escaping = format === 'json' || format === 'jsonl' || isCiFormat(format);
  const out: Sink = o.terminal && escaping ? escapingJson(sink) : sink;
  // The CI writers are loaded only by a run that asks for one (docs/performance.md, start-up).
  if (isCiFormat(format)) return (await import('./ci.js')).writeReport(result, format, out, o);
  const csv: CsvDialect = { spreadsheet: format === 'csv-excel', terminal: o.terminal, noHeader: !!o.noHeaders };
  // What jq says on its standard error (debug, stderr): said on wli's, as outside text.
  const jqNote = (text: string) => o.note(msg`jq: ${outside(text.trim())}`);
  const counted: Counted = { items: 0, seen: new Set<string>(), keys: new Set<string>(), paths: new Set<string>() };
  const report = (): RenderReport => {
    if (fields && counted.items > 0)
      for (const f of fields)
        if (!counted.seen.has(f)) o.warn(unseenField(f, counted.keys, (p) => counted.keys.has(p) || counted.paths.has(p), columnsOf(result)));
    return { items: counted.items };
  };
  if (result.kind === 'record') {
    const source = watch(once(result.record), fields, counted);
    const rows = fields ? fields.map((f) => fieldColumn(f, [...result.rows, ...(result.fieldColumns ?? [])])) : result.rows;
    const record = async () => {
      for await (const page of source) for (const item of page.items()) return item;
      throw new Error('unreachable');
    };
    if (o.jq !== undefined && (format === 'json' || format === 'jsonl')) {
      // One object through the expression, as gh api --jq applies it to the answer.
      const item = await record();
      await writeJqRecord(out, stringifyJson(fields ? pickFields(item, fields) : item), o.jq, jqNote);
      return report();
    }
    switch (format) {
      case 'json':
        await writeJsonRecord(out, fields ? pickFields(await record(), fields) : await record());
        break;
      case 'jsonl':
        await writeJsonLines(out, fields ? project(source, fields) : source);
        break;
      case 'csv':
      case 'csv-excel':
        await writeCsv(out, fields ? project(source, fields) : source, fields, () => [], o.warn, csv);
        break;
      case 'markdown':
        await writeMarkdownRecord(out, await record(), rows);
        break;
      case 'table':
        await writeTableRecord(out, await record(), rows, { color: o.color, width: o.width });
        break;
    }
    return report();
  }
  const watched = watch(o.sort ? sorted(result.pages, o.sort) : result.pages, fields, counted);
  const pages = fields && format !== 'table' && format !== 'markdown' ? project(watched, fields) : watched;
  const shown = () => (typeof result.columns === 'function' ? result.columns() : result.columns);
  const columns = () => (fields ? fields.map((f) => fieldColumn(f, [...shown(), ...(result.fieldColumns ?? [])])) : shown());
  switch (format) {
    case 'json':
      await (o.jq !== undefined ? writeJqList(out, pages, o.jq, jqNote) : writeJsonList(out, pages));
      break;
    case 'jsonl':
      await (o.jq !== undefined ? writeJqLines(out, pages, o.jq, jqNote) : writeJsonLines(out, pages));
      break;
    case 'csv':
    case 'csv-excel':
      await writeCsv(out, pages, fields, () => (typeof result.knownFields === 'function' ? result.knownFields() : (result.knownFields ?? [])), o.warn, csv);
      break;
    case 'markdown':
      await writeMarkdownList(out, pages, columns);
      break;
    case 'table':
      await writeTableList(out, pages, columns, { color: o.color, width: o.width, wrap: o.wrap, noHeader: !!o.noHeaders, bars: o.bars });
      break;
  }
  // A table with no rows says so on stderr; the data formats have their own empty forms ([], nothing, a header).
  if (counted.items === 0 && (format === 'table' || format === 'markdown')) o.note(result.empty);
  return report();
}
