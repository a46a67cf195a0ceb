// wli's own installation: the bundle (dist/wli.cjs) and what it reads beside it only when a run needs
// it (dist/jq.wasm, for --jq: scripts/bundle.ts). A build that deletes dist/ while a run goes on, or a
// package copied without a file, leaves a run whose entry started and whose lazy piece is gone: that is
// said as what it is (io/streams.ts), not as a bug of wli's with a stack.
import { dirname, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errnoCode } from './errors.js';

/** The folder the running code was loaded from: dist/ for the bundle, whose import.meta.url is its own. */
function installDir(): string | undefined {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return undefined;
  }
}

/** The file a failure says is missing: an ENOENT's path, or the module Node's require did not find. */
function missingFile(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  const code = errnoCode(e);
  const path = 'path' in e ? e.path : undefined;
  if (code === 'ENOENT' && typeof path === 'string') return path;
  if (code === 'MODULE_NOT_FOUND') return /^Cannot find module '([^']+)'/.exec(e.message)?.[1];
  return undefined;
}

/** Whether `file` lies inside `dir` (dir itself excluded). */
function inside(file: string, dir: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * The file of wli's own installation that a failure (or one of its causes) says is missing, or
 * undefined when it is about anything else. Only a file inside the folder the running code came from:
 * a user's file that is missing is that command's own error.
 */
export function missingPiece(e: unknown, dir = installDir()): string | undefined {
  if (dir === undefined) return undefined;
  for (let err: unknown = e, depth = 0; err instanceof Error && depth < 5; err = err.cause, depth++) {
    const file = missingFile(err);
    if (file !== undefined && isAbsolute(file) && inside(file, dir)) return file;
  }
  return undefined;
}
