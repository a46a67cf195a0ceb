// The lock state of a project or component (…/lock/) as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A lock state (…/components/…/lock/, …/projects/…/lock/): Weblate's source weblate/api/serializers.py
 * LockSerializer and ProjectLockSerializer (one field, `locked`), 2026.8 snapshot.
 */
export class LockView extends View {
  /** `locked`; undefined when the server sent no boolean. */
  get locked(): boolean | undefined {
    return this.boolean('locked');
  }
}

export const lockView = (raw: Item): LockView => new LockView(raw);
