// What a command hands to the output layer: data plus how people should see it.
// Commands never print; render.ts turns a Result into bytes in the chosen format.
import type { Item, Page } from '../api/paginate.js';
import type { Msg } from '../io/text.js';

export type Style = 'red' | 'yellow' | 'green' | 'cyan' | 'gray' | 'bold';

export interface Column {
  header: string;
  value(item: Item): unknown;
  /** Display text for table/markdown; defaults to the cell rule. */
  text?(value: unknown, item: Item): string;
  align?: 'right';
  style?(item: Item): Style | undefined;
  /** A free-text column that may be shortened to fit the terminal. */
  wide?: boolean;
}

/** How a run ends once its data is written: the exit code, and what to say on stderr (a failed gate). */
export interface Outcome {
  exitCode: number;
  messages?: Msg[];
}

export interface RecordResult {
  kind: 'record';
  record: Item;
  /** Key/value lines shown by table and markdown. */
  rows: Column[];
  /** Runs after the record was written (gates). */
  finish?: () => Outcome;
}

export interface ListResult {
  kind: 'list';
  /** Pages of items in server order; consumed once. */
  pages: AsyncIterable<Page>;
  columns: Column[];
  /** CSV header for an empty list when no --fields were given: the fields such items carry. */
  knownFields?: string[];
  /** Runs after everything was written (gates). */
  finish?: () => Outcome;
}

export interface TextResult {
  kind: 'text';
  text: string;
}

export type Result = RecordResult | ListResult | TextResult;
