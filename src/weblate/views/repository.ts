// The repository status of a project, component or translation as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/** The fields of a repository status (RepositorySerializer), for a field named at run time. */
export type RepositoryField =
  | 'needs_commit'
  | 'needs_merge'
  | 'needs_push'
  | 'url'
  | 'remote_commit'
  | 'weblate_commit'
  | 'status'
  | 'merge_failure'
  | 'pending_units'
  | 'outgoing_commits'
  | 'missing_commits';

/**
 * A repository status (…/repository/): Weblate's source weblate/api/serializers.py RepositorySerializer,
 * its data made by weblate/api/views.py WeblateViewSet.repository, 2026.8 snapshot: `remote_commit`,
 * `weblate_commit`, `status`, `merge_failure` and the commit counts are filled for a component or
 * translation only (a project's leaves them out); a field an older server does not send reads undefined.
 */
export class RepositoryView extends View {
  /** A field named at run time, as sent. */
  repositoryField(name: RepositoryField): unknown {
    return this.field(name);
  }
  /** Whether the server sent this field at all (a project's status sends fewer). */
  sent(name: RepositoryField): boolean {
    return name in this.raw;
  }
}

export const repositoryView = (raw: Item): RepositoryView => new RepositoryView(raw);
