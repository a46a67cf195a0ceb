// A translation memory lookup's answer for one string as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * One result of a memory lookup (POST …/memory/lookup/): Weblate's source weblate/api/serializers.py
 * MemoryLookupResultSerializer, its `match` a MemoryLookupMatchSerializer or null, 2026.8 snapshot
 * (the lookup's versions: weblate/versions.ts MEMORY_LOOKUP_SINCE).
 */
export class MemoryResultView extends View {
  get query(): unknown {
    return this.field('query');
  }
  /** Its best match, when there is one. */
  get match(): Item | undefined {
    return this.object('match');
  }
  /** The match's `quality`, as sent; undefined without a match. */
  get matchQuality(): unknown {
    return this.match?.quality;
  }
  get matchSource(): unknown {
    return this.match?.source;
  }
  get matchTarget(): unknown {
    return this.match?.target;
  }
  get matchOrigin(): unknown {
    return this.match?.origin;
  }
}

export const memoryResultView = (raw: Item): MemoryResultView => new MemoryResultView(raw);
