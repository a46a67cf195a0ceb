// Lines of text read from a stream (standard input), one at a time and in bounded memory: a line
// longer than the caller allows is an error as soon as it is seen, never held whole.
import type { InStream } from '../core/context.js';

export class LineTooLong extends Error {
  constructor(readonly lineNumber: number) {
    super(`line ${lineNumber} is too long`);
  }
}

/**
 * Each line of the stream without its end (\n or \r\n), decoded as UTF-8; the last one too when it
 * has no end. A line longer than `maxChars` throws LineTooLong (its number, from 1).
 */
export async function* readLines(input: InStream, maxChars: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let number = 0;
  const cut = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line);
  for await (const chunk of input) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let at: number;
    while ((at = pending.indexOf('\n')) >= 0) {
      const line = cut(pending.slice(0, at));
      pending = pending.slice(at + 1);
      number++;
      if ([...line].length > maxChars) throw new LineTooLong(number);
      yield line;
    }
    // Room for a \r and a character split across chunks: anything longer cannot be a line allowed.
    if (pending.length > 2 * maxChars + 2) throw new LineTooLong(number + 1);
  }
  pending += decoder.decode();
  if (pending !== '') {
    number++;
    const line = cut(pending);
    if ([...line].length > maxChars) throw new LineTooLong(number);
    yield line;
  }
}
