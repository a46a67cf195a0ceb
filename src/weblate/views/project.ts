// A Project as the server sends it.
import type { Item } from '../../core/page.js';
import { NamedView } from './named.js';

/**
 * A Project (/api/projects/…/): Weblate's source weblate/api/serializers.py ProjectSerializer, 2026.8
 * snapshot; a field an older server does not send reads undefined.
 */
export class ProjectView extends NamedView {
  get webUrl(): unknown {
    return this.field('web_url');
  }
}

export const projectView = (raw: Item): ProjectView => new ProjectView(raw);
