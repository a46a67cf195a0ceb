// pull's outcomes for the verdict (src/gate/pull.ts), which judges them: each translation named by
// its wli_target and pointing at its file in the repository; and the verdict for the CI formats
// (-f github, junit, codequality) once the work is done. Skipped translations are subjects not
// judged (JUnit's skipped), and rows of the summary's table.
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Item } from '../../core/page.js';
import { realpathLoose } from '../../files/placement.js';
import type { CheckReport, Column } from '../../output/result.js';
import type { FileOutcome } from '../../gate/pull.js';
import type { Verdict } from '../../gate/verdict.js';
import type { Done } from './fetch.js';

/**
 * Where the files' paths are said from: the current directory; the workspace the CI runner names
 * (GITHUB_WORKSPACE, GitLab's CI_PROJECT_DIR); `projectRoot`: the paths are the project file's root
 * (no targets, no --dir), so a filename is the file's path in the repository.
 */
export interface Where {
  cwd: string;
  workspace: string | undefined;
  projectRoot: boolean;
}

/** The workspace a CI runner names in its environment, if any. */
export const ciWorkspace = (env: Record<string, string | undefined>): string | undefined => env.GITHUB_WORKSPACE || env.CI_PROJECT_DIR || undefined;

/**
 * Where a file is in the repository, as CI systems name files (relative to the checkout's root, `/`
 * between names): relative to the workspace the runner names (GITHUB_WORKSPACE, GitLab's
 * CI_PROJECT_DIR), as the GitHub runner itself makes an absolute `file=` relative; else the filename
 * when the paths are the project file's root; else the path as said (from the current directory).
 */
function repositoryPath(where: Where, d: Done): string | undefined {
  const { path, dest, listed } = d.entry;
  if (path === null || dest === undefined) return undefined;
  const { cwd, workspace, projectRoot } = where;
  if (workspace) {
    const abs = resolve(cwd, path);
    // Both as real paths (a workspace reached through a link), the file's own name kept (it may be a link).
    const rel = relative(realpathLoose(resolve(cwd, workspace)), join(realpathLoose(dirname(abs)), basename(abs)));
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  const filename = listed.translation.file;
  return (projectRoot && filename !== undefined ? filename : path).split(sep).join('/');
}

/**
 * One translation's outcome as the verdict takes it. `forReport`: a CI format will show it (its file
 * and its record); otherwise only what the verdict counts is kept.
 */
export function outcomeOf(where: Where, d: Done, item: Item, forReport: boolean): FileOutcome {
  const { listed } = d.entry;
  return {
    id: listed.target,
    group: [listed.project, ...listed.component].join('/'),
    path: d.entry.path,
    // Only a CI format names files (the path in the repository costs a real path of its directory).
    file: forReport ? repositoryPath(where, d) : undefined,
    status: d.status,
    reason: d.reason?.toString(),
    layoutChanged: d.entry.layoutChanged,
    exitCode: d.exitCode,
    item: forReport ? item : undefined,
  };
}

/**
 * The report for the CI formats, made when the work is done, from its outcomes alone: the work made
 * every request, so none comes after the report's first byte. `projectFile`: the project file
 * (.weblate) the default target was read from, which sits at the repository's root (pull's rule):
 * where a subject without a file points.
 */
export async function pullChecks(work: Promise<void>, verdict: () => Verdict, columns: Column[], projectFile: string | undefined): Promise<CheckReport> {
  await work;
  const near = projectFile === undefined ? undefined : basename(projectFile);
  const v = verdict();
  return {
    verdict: { ...v, subjects: v.subjects.map((s) => ({ ...s, near })) },
    table: { items: v.subjects.flatMap((s) => (s.item ? [s.item] : [])), columns },
  };
}
