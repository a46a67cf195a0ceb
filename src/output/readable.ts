// Values as people read them in tables and Markdown: short times, plural forms told apart. Free of
// the JSON codec, so commands can name these renderings without loading it.
import { plainText } from '../core/values.js';

const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A server timestamp as people read it in a table: `2026-11-21 13:02`, in UTC. A time with an offset
 * is converted; one without a zone (old servers) is shown as sent, to the minute. Anything else as is.
 */
export function shortTime(text: string): string {
  const m = ISO.exec(text.trim());
  if (!m) return text;
  const zone = m[3];
  if (zone === undefined || zone.toUpperCase() === 'Z') return `${m[1]} ${m[2]}`;
  const t = Date.parse(text.trim());
  return Number.isNaN(t) ? text : new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

/** Shown between plural forms: the picture of the record separator Weblate itself joins forms with. */
const FORM_SEPARATOR = ' \u241e ';
/** Shown for an empty form among filled ones. */
const EMPTY_FORM = '\u2205';

/**
 * Plural forms (an array, an old server's plain string, or a change's target joined by two record
 * separators) as one line: `%d file ␞ %d files`. A literal ␞ or ∅ in the text is shown escaped, so the
 * separator and the empty-form mark cannot be confused with text; all forms empty is an empty cell.
 */
export function formsText(value: unknown): string {
  const forms = Array.isArray(value) ? value : typeof value === 'string' ? value.split('\u001e\u001e') : undefined;
  if (!forms) return value === null || value === undefined ? '' : plainText(value);
  const texts = forms.map((f) => (typeof f === 'string' ? f : plainText(f)));
  const [only] = texts;
  if (texts.length === 1 && only !== undefined) return escapeMarks(only);
  if (texts.every((t) => t === '')) return '';
  return texts.map((t) => (t === '' ? EMPTY_FORM : escapeMarks(t))).join(FORM_SEPARATOR);
}

const escapeMarks = (t: string) => t.replace(/[\u241e\u2205]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/** The user a change names: the username at the end of a `…/api/users/<name>/` URL, else what was sent. */
export function username(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return plainText(value);
  const name = /\/users\/([^/?#]+)\/?(?:[?#].*)?$/.exec(value)?.[1];
  if (name === undefined) return value;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** A percentage the server sent, as people read it: `78.1%`; nothing when it sent none. */
export function percentText(value: unknown): string {
  return value === undefined || value === null ? '' : `${plainText(value)}%`;
}
