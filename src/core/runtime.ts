// Which runtime runs wli, as `wli config` tells it: the npm package runs on Node; the standalone binary
// (issue 31: `bun build --compile` of the same bundle) carries Bun's runtime inside itself.

/** Where a compiled Bun executable keeps its own code: /$bunfs/… (POSIX) or B:\~BUN\… (Windows). */
const EMBEDDED = /^(?:\/\$bunfs\/|[A-Za-z]:[\\/]~BUN[\\/])/;

/** The script Bun is running (Bun.main), or undefined on Node. */
const bunMain = (): string | undefined => {
  const bun: unknown = Reflect.get(globalThis, 'Bun');
  const main = typeof bun === 'object' && bun !== null && 'main' in bun ? bun.main : undefined;
  return typeof main === 'string' ? main : undefined;
};

/** "node v20.18.1", "standalone binary (bun 1.4.5)", or "bun 1.4.5" (the bundle run by a bun command). */
export function runtimeText(versions: Record<string, string | undefined> = process.versions, main: string | undefined = bunMain()): string {
  if (versions.bun === undefined) return `node v${versions.node}`;
  return main !== undefined && EMBEDDED.test(main) ? `standalone binary (bun ${versions.bun})` : `bun ${versions.bun}`;
}
