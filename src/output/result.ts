// What a command hands to the output layer: data plus how people should see it.
// Commands never print; render.ts turns a Result into bytes in the chosen format.
import type { Item } from './fields.js';

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

export interface RecordResult {
  kind: 'record';
  record: Item;
  /** Key/value lines shown by table and markdown. */
  rows: Column[];
  /** Runs after the record was written; its value is the exit code (gates). */
  finish?: () => number;
}

export interface ListResult {
  kind: 'list';
  /** Pages of items in server order; consumed once. */
  pages: AsyncIterable<Item[]>;
  columns: Column[];
  /** CSV header for an empty list when no --fields were given: the fields such items carry. */
  knownFields?: string[];
  /** Runs after everything was written; its value is the exit code (gates). */
  finish?: () => number;
}

export interface TextResult {
  kind: 'text';
  text: string;
}

export type Result = RecordResult | ListResult | TextResult;
