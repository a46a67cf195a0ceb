// What a command hands to the output layer: data plus how people should see it.
// Commands never print; render.ts turns a Result into bytes in the chosen format.
import type { Item, Page } from '../core/page.js';
import type { Msg } from '../core/text.js';
import type { MetricFamily } from './openmetrics.js';
import type { Verdict } from '../gate/verdict.js';
import { isCiFormat, type Format } from '../spec/spec.js';

export type Style = 'red' | 'yellow' | 'green' | 'cyan' | 'gray' | 'bold';

/**
 * What a cell holds, which decides how a table treats it: `text` shrinks to fit the terminal and ends
 * with `…`; every other kind is never cut. `key` is the text that tells rows apart (a target, a
 * translation): shown whole, other columns give way first. `time` cells show `2026-11-21 13:02` (UTC);
 * `id`, `count` and `percent` are right-aligned. `url` is a URL or a file path: never cut nor split
 * (a record's line may run past the edge with it; a list leaves the column out rather than cut it).
 */
/**
 * What a cell holds, for a table's layout (layout.ts). `key` (the row as a target: TARGET,
 * TRANSLATION) is never cut; `name` (the row's name: a project's, a component's, a language's) is
 * free text shown whole while a column with a drop rank is shown. Both are the row's identity: on a
 * narrow terminal they leave the table after every other column. `text` is other free text; the
 * rest are fixed (never cut, a short form on a narrow terminal).
 */
type CellKind = 'text' | 'name' | 'key' | 'id' | 'count' | 'percent' | 'state' | 'time' | 'url' | 'bar';

/** A column of a table; `T` is what its functions read: the raw row, or a view of it (view-columns.ts columnsOver). */
export interface Column<T = Item> {
  header: string;
  /** The field (path) this column shows: a --fields path naming it gets this column's rendering. */
  field?: string;
  value(item: T): unknown;
  /** Display text for table/markdown; defaults to the rule of the column's kind (cells.ts). */
  text?(value: unknown, item: T): string;
  /** Default 'text'. */
  kind?: CellKind;
  style?(item: T): Style | undefined;
  /** On a narrow terminal, columns with a rank leave the table, highest rank first, when all cannot fit. */
  drop?: number;
  /**
   * Free text whose values up to this many cells are kept whole wherever the column gets its typical
   * width (a user's name: `admin`, never `adm…`), even when most rows leave it empty.
   */
  keep?: number;
  /** Room kept even when the first page's values are narrower (a state that later pages may show). */
  minWidth?: number;
  /**
   * The short form a fixed column takes on a narrow terminal, before free text is cut to fit: a
   * shorter text of each value (state words: `transl.`), and the room it keeps (minWidth's
   * counterpart). Without one a fixed column keeps its values; its header is abbreviated either way.
   */
  short?: { text(value: unknown, item: T): string; minWidth?: number };
  /**
   * A record's text that is read, not clicked (a string's source and target): a word longer than the
   * line, a URL or a path too, is broken so that no line passes the width (nothing is cut either).
   */
  breaks?: boolean;
  /** A percentage a table on a terminal also draws as a bar, in a column after this one (bars.ts). */
  bar?: boolean;
  /** A mark after the value where colour cannot say it (Markdown): a row that fails a gate. */
  mark?(item: T): string | undefined;
}

/** How a run ends once its data is written: the exit code, and what to say on stderr (a failed gate). */
export interface Outcome {
  exitCode: number;
  messages?: Msg[];
}

// ---------------------------------------------------------------- what a CI gate judged
//
// Every CI format (github.ts, junit.ts, codequality.ts) writes the run's one verdict (src/gate/): a
// command judges its own subjects (stats its rows; pull --check its files) once, so the writers know
// nothing of statistics or files, judge nothing, and each format is written once for all.

export type { Severity } from '../gate/verdict.js';

export interface CheckReport {
  /** The run's verdict, its subjects' files filled in when the format names files. */
  verdict: Verdict;
  /** The subjects' rows as -f markdown shows them, for the GitHub job summary. */
  table?: { items: Item[]; columns: Column[] };
  /**
   * The verdict the job summary's line says, when `verdict` splits the table's subjects further (checks:
   * a check's subject per translation): the line counts what the table shows.
   */
  summary?: Verdict;
}

/**
 * What a result of a gate gives the formats for CI systems (spec.ts CI_FORMATS), besides its data:
 * only a command whose spec declares those formats has them. The command makes them, every request
 * included, before it returns: rendering asks nothing, so no request comes after a report's first byte
 * (nor fails it halfway). Work beside the data (pull) gives its report when that work is done, from
 * what it did, with no request after.
 */
export interface ForCi {
  /** The run's verdict, for -f github, junit and codequality. */
  checks?: CheckReport | Promise<CheckReport>;
  /** The numbers, for -f openmetrics. */
  metrics?: MetricFamily[];
}

/**
 * What the CI format the run writes needs, made now by the command (nothing for a data format): its
 * checks, with each subject's file only for a format that names files (github annotates it,
 * codequality locates the issue by it), or its metrics.
 */
export async function forCi(
  format: Format,
  make: { checks: (need: { files: boolean }) => Promise<CheckReport>; metrics: () => MetricFamily[] },
): Promise<ForCi> {
  if (format === 'openmetrics') return { metrics: make.metrics() };
  if (!isCiFormat(format)) return {};
  return { checks: await make.checks({ files: format === 'github' || format === 'codequality' }) };
}

/** What a result may carry besides its data. */
interface Beside {
  /**
   * The command's work when it runs beside its data rather than inside it (pull: the files; the data
   * only a report of them). The run waits for it after the data was written, and also when the data's
   * reader left early or stdout failed (that ends the data, never the work), and only then asks
   * `finish`. Its rejection is the run's failure; made handled where it is made (a rejection before
   * cli/execute.ts waits for it must not end the process).
   */
  done?: Promise<void>;
}

export interface RecordResult extends Beside, ForCi {
  kind: 'record';
  record: Item;
  /** Key/value lines shown by table and markdown. */
  rows: Column[];
  /** How --fields paths that name them are shown in table and markdown (besides `rows`). */
  fieldColumns?: Column[];
  /** Runs after the record was written (gates). */
  finish?: () => Outcome;
}

export interface ListResult extends Beside, ForCi {
  kind: 'list';
  /** A list that never ends by itself (changes --follow): never paged, its lines shown as they come. */
  live?: boolean;
  /** Pages of items in server order; consumed once. */
  pages: AsyncIterable<Page>;
  /** Asked when the first page arrives when a function (which reading of the target answered decides). */
  columns: Column[] | (() => Column[]);
  /** How --fields paths that name them are shown in table and markdown (besides `columns`). */
  fieldColumns?: Column[];
  /** Said on stderr when a table has no rows: "no units match 'state:empty'". */
  empty: Msg;
  /**
   * CSV header for an empty list when no --fields were given: the fields such items carry (asked once
   * the pages are out when a function: which reading of the target answered decides).
   */
  knownFields?: string[] | (() => string[]);
  /** Runs after everything was written (gates). */
  finish?: () => Outcome;
  /** The format when -f is not given, where it is not the table (wli api --paginate: JSON Lines, for jq). */
  defaultFormat?: Format;
}

export interface TextResult {
  kind: 'text';
  text: string;
}

/** A body printed byte for byte, whatever its type (wli api). */
interface BytesResult extends Beside {
  kind: 'bytes';
  bytes: Uint8Array;
  /** What to say once written (wli download: where the file went). */
  finish?: () => Outcome;
}

/** Bytes as they arrive, written as they come (wli download to stdout). */
interface StreamResult extends Beside {
  kind: 'stream';
  chunks: AsyncIterable<Uint8Array>;
  finish?: () => Outcome;
}

export type Result = RecordResult | ListResult | TextResult | BytesResult | StreamResult;
