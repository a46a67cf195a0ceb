// The project metrics endpoint (Weblate 2026.8: /api/projects/<p>/metrics/): every component ×
// language of a project in one JSON answer, {"<component path>": {"<language code>": {24 counts and
// percentages}}}. A component's key is its path inside the project ("cat/comp" for one in a category,
// the path a shared component has here); two components whose paths clash are "comp@<component id>".
// Components the caller may not see are left out; an empty project is {}. No fuzzy_percent,
// failing_percent, readonly, last_change or code: a row read here lacks them.
import type { Item } from '../core/page.js';

/** One translation of the answer: the component as the key names it, its language, its numbers. */
export interface MetricsEntry {
  /** The component's path in the project (["cat", "comp"]); for a clash, the path before "@". */
  path: string[];
  /** The component's id when the key is "comp@<id>" (a clash): resolve it by id, not by path. Its digits as sent: exact beyond 2^53. */
  id?: string;
  language: string;
  stats: Item;
}

const isObject = (v: unknown): v is Item => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads a key: "comp@12" names component 12; any other key is a slug path. */
function componentKey(key: string): { path: string[]; id?: string } {
  const [, path, id] = /^(.*)@(\d+)$/.exec(key) ?? [];
  if (path !== undefined && path !== '') return { path: path.split('/'), id };
  return { path: key.split('/') };
}

/** The answer's entries in the order sent; undefined when it is not the endpoint's shape at all. */
export function metricsEntries(body: Item): MetricsEntry[] | undefined {
  const out: MetricsEntry[] = [];
  for (const [key, languages] of Object.entries(body)) {
    if (!isObject(languages) || key === '') return undefined;
    const c = componentKey(key);
    for (const [language, stats] of Object.entries(languages)) {
      if (!isObject(stats) || language === '') return undefined;
      out.push({ ...c, language, stats });
    }
  }
  return out;
}
