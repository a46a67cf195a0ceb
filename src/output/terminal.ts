// Terminal manners: whether a stream gets colour, and making server text safe to show.
import type { OutStream } from '../context.js';

/**
 * Decided per stream: --no-color > NO_COLOR (non-empty) > FORCE_COLOR (non-zero forces, 0 disables)
 * > TERM=dumb > is-a-terminal.
 */
export function colorEnabled(stream: OutStream, env: Record<string, string | undefined>, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force.toLowerCase() === 'false') return false;
    return true;
  }
  if (env.TERM === 'dumb') return false;
  return !!stream.isTTY;
}

// C0 (except none), DEL, C1, bidi embeddings/overrides/isolates, marks, line/paragraph separators,
// and the BOM: all of them can rearrange or hide what a terminal shows.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** Shows every control character as a visible escape (\n, \t, \e, \x9b, \u202e). */
export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Server text is escaped and the token masked before anything reaches stderr. */
export function safeText(text: string, secret?: string): string {
  const masked = secret && secret.length >= 4 ? text.split(secret).join('<redacted>') : text;
  return escapeControl(masked);
}
