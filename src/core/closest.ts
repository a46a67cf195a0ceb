// Which names are close to a name that was not found: what "did you mean" offers.

/**
 * Close names first (edit distance, case-insensitive; a name containing the miss, or contained in it,
 * counts too, as far as the farthest close one: `sourc` is source before previous_source), at most five.
 */
export function closest(missing: string, names: string[]): string[] {
  const m = missing.toLowerCase();
  // Short names are close only one edit apart (cz: cs, not every two-letter code).
  const limit = m.length <= 4 ? 1 : Math.max(2, Math.floor(m.length / 3));
  const apart = (n: string): number => {
    const d = distance(m, n);
    return d > limit && (n.includes(m) || m.includes(n)) ? limit : d;
  };
  return names
    .map((n) => ({ n, d: apart(n.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, 5)
    .map((x) => x.n);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 10) return Infinity;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  // A cell outside the table is no alignment at all.
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (const [i, row] of d.entries()) {
    if (i === 0) continue;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      row[j] = v;
    }
  }
  return at(a.length, b.length);
}
