// pull --check for the CI formats (output/checks.ts): each file checked is a check, named by its
// translation's wli_target and pointing at the file in the repository; a file that differs from the
// server's or is missing fails, and so does a file that could not be checked (its reason). Skipped
// translations are no check (they have no file to compare), but rows of the summary's table.
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Item } from '../../core/page.js';
import { realpathLoose } from '../../files/placement.js';
import type { Check, CheckFailure, ChecksOf, Column } from '../../output/result.js';
import type { Session } from '../../session/session.js';
import type { Done } from './fetch.js';

export const SUITE = 'wli pull --check';

/** One translation's outcome and its record (what -f json shows of it). */
export interface Reported {
  done: Done;
  item: Item;
}

export interface CheckOptions {
  columns: Column[];
  /** The paths are the project file's root (no targets, no --dir): a filename is the file's path in the repository. */
  projectRoot: boolean;
}

/** Why a translation fails the check, or undefined when its file is the server's. */
function failureOf(d: Done): CheckFailure | undefined {
  const { target } = d.entry.listed;
  const path = d.entry.path ?? target;
  switch (d.status) {
    case 'differs':
      return {
        check: 'differs',
        title: `${target} differs from the server`,
        message: `${path} is not the server's file of ${target}: wli pull brings it to the server's bytes`,
      };
    case 'missing':
      return {
        check: 'missing',
        title: `${target} missing`,
        message: `${path}, the server's file of ${target}, is not here: wli pull fetches it`,
      };
    case 'failed':
      return { check: 'not-checked', title: `${target} not checked`, message: `${path}: ${d.reason?.toString() ?? 'not checked'}` };
    default:
      return undefined;
  }
}

/**
 * Where a file is in the repository, as CI systems name files (relative to the checkout's root, `/`
 * between names): relative to the workspace the runner names (GITHUB_WORKSPACE, GitLab's
 * CI_PROJECT_DIR), as the GitHub runner itself makes an absolute `file=` relative; else the filename
 * when the paths are the project file's root; else the path as said (from the current directory).
 */
function repositoryPath(session: Session, d: Done, projectRoot: boolean): string | undefined {
  const { path, dest, listed } = d.entry;
  if (path === null || dest === undefined) return undefined;
  const { env, cwd } = session.ctx;
  const workspace = env.GITHUB_WORKSPACE || env.CI_PROJECT_DIR;
  if (workspace) {
    const abs = resolve(cwd, path);
    // Both as real paths (a workspace reached through a link), the file's own name kept (it may be a link).
    const rel = relative(realpathLoose(resolve(cwd, workspace)), join(realpathLoose(dirname(abs)), basename(abs)));
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  const filename = listed.item.filename;
  return (projectRoot && typeof filename === 'string' ? filename : path).split(sep).join('/');
}

/** The files checked as checks, once the work is done (the checks are asked for when the format is written). */
export function pullChecks(session: Session, work: Promise<void>, reported: readonly Reported[], o: CheckOptions): ChecksOf {
  return async () => {
    await work;
    // The project file (.weblate) sits at the repository's root (pull's rule): where a check without a file points.
    const target = session.settings.defaultTarget;
    const near = target?.project ? basename(target.source) : undefined;
    const checks = reported
      .filter((r) => r.done.status !== 'skipped')
      .map(({ done: d }): Check => {
        const { listed } = d.entry;
        return {
          name: listed.target,
          group: [listed.project, ...listed.component].join('/'),
          file: repositoryPath(session, d, o.projectRoot),
          near,
          failure: failureOf(d),
        };
      });
    return { suite: SUITE, noun: 'file', checks, table: { items: reported.map((r) => r.item), columns: o.columns } };
  };
}
