// A Screenshot as the server sends it.
import type { Item } from '../../core/page.js';
import { View } from '../view.js';

/**
 * A Screenshot (/api/screenshots/…/): Weblate's source weblate/api/serializers.py ScreenshotSerializer,
 * 2026.8 snapshot (`translation` is its translation's API URL, `units` the URLs of its strings); a
 * field an older server does not send reads undefined.
 */
export class ScreenshotView extends View {
  get id(): unknown {
    return this.field('id');
  }
  get url(): unknown {
    return this.field('url');
  }
  get name(): unknown {
    return this.field('name');
  }
  get repositoryFilename(): unknown {
    return this.field('repository_filename');
  }
  get translation(): unknown {
    return this.field('translation');
  }
  get units(): unknown {
    return this.field('units');
  }
}

export const screenshotView = (raw: Item): ScreenshotView => new ScreenshotView(raw);
