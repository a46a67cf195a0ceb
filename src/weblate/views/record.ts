// Any object the server sent, read as it came: field by field, in the server's order. For what
// shows an object whole (wli show: a project, category, component or translation; wli api: an answer
// from any address), where every field counts, those wli knows nothing of too, so no kind's own
// getters would do.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * An object of any kind (a project, a category, a component, a translation: Weblate's source
 * weblate/api/serializers.py ProjectSerializer, CategorySerializer, ComponentSerializer,
 * TranslationSerializer, 2026.8 snapshot), read without knowing which: its fields in the order sent.
 */
export class RecordView extends View {
  /** Every top-level field and its value, in the order the server sent them. */
  fields(): [string, unknown][] {
    return Object.entries(this.raw);
  }
  /** One top-level field named at run time (one of fields()), as sent. */
  value(name: string): unknown {
    return this.field(name);
  }
}

export const recordView = (raw: Item): RecordView => new RecordView(raw);
