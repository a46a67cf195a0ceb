// Texts longer than any terminal line (issue 48: `wli unit` and `--wrap` show every character of them):
// over 300 characters of words, and in the target a URL longer than a line (wrapWords keeps such a
// word whole) and a run of one letter with no space at all.
export const LONG_SOURCE = Array.from({ length: 28 }, (_, i) => `source${String(i).padStart(3, '0')}x`).join(' ');
export const LONG_TARGET = `${Array.from({ length: 20 }, (_, i) => `cil${String(i).padStart(3, '0')}ové`).join(' ')} https://example.org/${'a/'.repeat(45)}end ${'Ž'.repeat(120)}`;
