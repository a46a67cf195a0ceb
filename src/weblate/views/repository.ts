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
  get url(): unknown {
    return this.field('url');
  }
  get needsCommit(): unknown {
    return this.field('needs_commit');
  }
  get needsMerge(): unknown {
    return this.field('needs_merge');
  }
  get needsPush(): unknown {
    return this.field('needs_push');
  }
  get mergeFailure(): unknown {
    return this.field('merge_failure');
  }
  get outgoingCommits(): unknown {
    return this.field('outgoing_commits');
  }
  get missingCommits(): unknown {
    return this.field('missing_commits');
  }
  get remoteCommit(): unknown {
    return this.field('remote_commit');
  }
  get weblateCommit(): unknown {
    return this.field('weblate_commit');
  }
  get status(): unknown {
    return this.field('status');
  }
  get pendingUnits(): unknown {
    return this.field('pending_units');
  }
}

export const repositoryView = (raw: Item): RepositoryView => new RepositoryView(raw);
