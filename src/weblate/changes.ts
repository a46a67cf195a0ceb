// Weblate's history: what a Change object holds, and when a change happened.
import { plainText } from '../core/values.js';
import { targetOfUrl } from './target.js';
import { compareIds } from './objects.js';

/** The fields of a Change object (Weblate's ChangeSerializer): the CSV header of an empty list. (Weblate's source: weblate/api/serializers.py ChangeSerializer) */
export const CHANGE_FIELDS = ['unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'target', 'id', 'action_name', 'url'];

/** A change's timestamp in microseconds since the epoch (exact for Weblate's six-digit fractions). (Weblate's source: weblate/trans/models/change.py Change.timestamp, a DateTimeField DRF writes with microseconds) */
export function timeKey(ts: unknown): number | undefined {
  if (typeof ts !== 'string') return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d{1,6})\d*)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(ts.trim());
  if (!m?.[1]) return undefined;
  const ms = Date.parse(`${m[1].replace(' ', 'T')}${m[3] ?? 'Z'}`);
  return Number.isNaN(ms) ? undefined : ms * 1000 + Number((m[2] ?? '').padEnd(6, '0'));
}

/**
 * A time key (timeKey's microseconds) as a timestamp_after value, written as `like` (a timestamp the
 * same server sent) is: in UTC with Z, or without a zone when the server writes none (an old server's
 * local time, which timeKey read as UTC: the server reads it back as its own).
 */
export function timeText(key: number, like: unknown): string {
  const seconds = Math.floor(key / 1_000_000);
  const fraction = String(key - seconds * 1_000_000).padStart(6, '0');
  const zoned = typeof like !== 'string' || /(Z|[+-]\d{2}:?\d{2})$/i.test(like.trim());
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}${zoned ? 'Z' : ''}`;
}

/** A change's id as text (ids are numbers on every server wli knows; text keeps any other exact). */
export const changeId = (c: Record<string, unknown>): string => plainText(c.id);

/** Oldest first: by timestamp, then id by its digits (exact beyond 2^53; a change without a readable time sorts first). */
export function chronological(a: Record<string, unknown>, b: Record<string, unknown>): number {
  return (timeKey(a.timestamp) ?? 0) - (timeKey(b.timestamp) ?? 0) || compareIds(a.id, b.id);
}

/** Whether a page of changes is listed oldest first (servers before 4.x), judged by its ends. */
export function oldestFirst(items: readonly Record<string, unknown>[]): boolean {
  const first = items[0];
  const last = items.at(-1);
  return items.length > 1 && first !== undefined && last !== undefined && chronological(first, last) < 0;
}

/**
 * Whether a change of a project's history is one of the target's: a category's (its component link
 * among the category's components), a project's language's (its translation link in that language).
 * A change the server names no such link for (a project-wide one) is not.
 */
export function changeIn(change: Record<string, unknown>, scope: { project: string; components?: readonly string[]; language?: string }): boolean {
  const component = targetOfUrl(change.component)?.split('/');
  const translation = targetOfUrl(change.translation)?.split('/');
  if (scope.components) return component?.[0] === scope.project && scope.components.includes(component.slice(1).join('/'));
  if (scope.language !== undefined) return translation?.[0] === scope.project && translation.at(-1) === scope.language;
  return (translation ?? component)?.[0] === scope.project;
}
