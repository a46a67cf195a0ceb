// Weblate's translation memory lookup (POST /api/memory/lookup/, Weblate 5.17): what it takes and what
// its answer is. No I/O.
import { isItem, type Item } from '../core/page.js';

/** The most strings one lookup takes, and the longest string (characters: code points, as Python counts them). */
export const MEMORY_BATCH = 100;
export const MEMORY_MAX_CHARS = 2000;

/** The body of one lookup. */
export const memoryBody = (strings: readonly string[]): string => JSON.stringify({ strings });

/**
 * The answer to one lookup as one item per string asked, in the order asked: `[{query, match}]`,
 * matched to the strings by `query` (a server that orders them otherwise still answers each). What is
 * wrong with it instead (a string without its answer, an answer that is not that list): the server's fault.
 */
export function memoryAnswers(body: unknown, strings: readonly string[]): { items: Item[] } | { wrong: string } {
  if (!Array.isArray(body)) return { wrong: 'expected a JSON array of answers' };
  const left = body.filter(isItem);
  const items: Item[] = [];
  for (const s of strings) {
    const i = left.findIndex((a) => a.query === s);
    if (i < 0) return { wrong: `no answer for the string ${JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)}` };
    items.push(...left.splice(i, 1));
  }
  return { items };
}

/**
 * What is left of answers under --exact: each match that is not the string itself made null, and how
 * many were. Weblate's `exact` is `match.source == query` (weblate/api/views.py MemoryViewSet
 * serialize_lookup_result); the `exact` query parameter keeps fuzzy matches out only since 2026.5 (the
 * lookup's `exact_only`): before, 5.17 to 2026.4, it is ignored and the best fuzzy match comes back.
 */
export function exactOnly(items: readonly Item[]): { items: Item[]; dropped: number } {
  let dropped = 0;
  const kept = items.map((a) => {
    const match = a.match;
    if (!isItem(match)) return a;
    const exact = typeof match.exact === 'boolean' ? match.exact : match.source === a.query;
    if (exact) return a;
    dropped++;
    return { ...a, match: null };
  });
  return { items: kept, dropped };
}
