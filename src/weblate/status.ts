// What Weblate says of a target's readiness for a release: its lock (…/lock/: `locked`, anyone may
// read it), its pending strings (units searched with `pending:true`: changed in Weblate, not yet
// committed to the repository) and its repository (…/repository/: needs_commit, needs_merge,
// needs_push, merge_failure, outgoing_commits, missing_commits, remote_commit, weblate_commit, status,
// pending_units; only for a token with the VCS permission, 403 otherwise). A component's and a
// translation's carry them all (a translation its component's), a project's not (PER_COMPONENT). No I/O.
import { isItem } from '../core/page.js';

/** The units search of the strings Weblate has not committed yet. (Weblate's source: weblate/api/views.py WeblateViewSet.lock and .repository; weblate/utils/search.py UnitTermExpr pending) */
export const PENDING_QUERY = 'pending:true';

/** The permission …/repository/ needs, as a user asks an admin for it. */
export const REPOSITORY_PERMISSION = 'the VCS permission ("vcs.status": the project\'s Administration or VCS role)';

/** --fail-if conditions, and whether each needs the repository (the VCS permission). */
export const STATUS_CONDITIONS = ['locked', 'pending', 'needs-commit', 'needs-merge', 'needs-push', 'merge-failure'] as const;
export type StatusCondition = (typeof STATUS_CONDITIONS)[number];
export const NEEDS_REPOSITORY: ReadonlySet<StatusCondition> = new Set(['needs-commit', 'needs-merge', 'needs-push', 'merge-failure']);

/**
 * What a project's answers do not say of its components, so wli judges it of each component: a
 * project's repository/ computes only needs_commit, needs_merge and needs_push (any component's:
 * Project.on_repo_components) and leaves merge_failure, outgoing_commits, missing_commits,
 * remote_commit, weblate_commit and status null (weblate/api/views.py WeblateViewSet.repository; Weblate's
 * own ProjectAPITest.test_repo_status), and its lock/ is true only when every component is locked
 * (weblate/trans/models/project.py Project.locked). needs-merge and needs-push are read per component
 * too, to name the components. As of 2026.8, and the same in every release wli reads.
 */
export const PER_COMPONENT: ReadonlySet<StatusCondition> = new Set(['locked', 'needs-merge', 'needs-push', 'merge-failure']);

/** The fields a project's repository/ leaves null by design (PER_COMPONENT). */
export const PROJECT_UNSUMMED: ReadonlySet<string> = new Set([
  'merge_failure',
  'outgoing_commits',
  'missing_commits',
  'remote_commit',
  'weblate_commit',
  'status',
]);

/** The repository fields wli shows, in order. */
export const REPOSITORY_FIELDS = ['needs_commit', 'needs_merge', 'needs_push', 'merge_failure', 'outgoing_commits', 'missing_commits'] as const;

/** What one target's status is, as read: every field null where it could not be seen. */
export interface StatusState {
  locked: boolean | null;
  pending: number;
  /** The repository answer as sent; null when the token may not see it. */
  repository: Record<string, unknown> | null;
}

const truthy = (v: unknown): boolean => v === true || (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && v > 0);

/** Whether a condition holds, or undefined when the token cannot see what it needs (or the server does not say). */
export function conditionHolds(c: StatusCondition, s: StatusState): boolean | undefined {
  const r = s.repository;
  switch (c) {
    case 'locked':
      return s.locked ?? undefined;
    case 'pending':
      return s.pending > 0;
    case 'needs-commit':
      return r ? truthy(r.needs_commit) : undefined;
    case 'needs-merge':
      return r && 'needs_merge' in r ? truthy(r.needs_merge) : undefined;
    case 'needs-push':
      return r && 'needs_push' in r ? truthy(r.needs_push) : undefined;
    case 'merge-failure':
      return r && 'merge_failure' in r ? truthy(r.merge_failure) : undefined;
  }
}

/**
 * The upstream branch's head (remote_commit: weblate/api/views.py `repository`, the component's
 * get_last_remote_commit), its short revision and message: not Weblate's own last commit (weblate_commit).
 */
export function lastCommit(r: Record<string, unknown> | null): string | undefined {
  const o = r?.remote_commit;
  if (!isItem(o)) return undefined;
  const rev = typeof o.shortrevision === 'string' ? o.shortrevision : typeof o.revision === 'string' ? o.revision.slice(0, 7) : undefined;
  const message = typeof o.message === 'string' ? o.message.split('\n')[0] : undefined;
  return [rev, message].filter((x) => x !== undefined).join(' ') || undefined;
}
