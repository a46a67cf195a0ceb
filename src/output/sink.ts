// Where a format writes: the stdout writer (io/writer.ts), or that writer behind a filter (a terminal's escaping).
export interface Sink {
  write(chunk: string | Uint8Array): Promise<void>;
}
