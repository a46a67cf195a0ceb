// What a Weblate server tells about itself, and where (wli config --check).
//
// - Its version only in the authenticated GET /api/metrics/ (weblate/api/views.py Metrics:
//   permission_classes IsAuthenticated; weblate/api/serializers.py MetricsSerializer.to_representation
//   sets `version` to GIT_VERSION, e.g. "weblate-2026.9.1-81-g5f28605969", and drops it when
//   VERSION_DISPLAY hides the version). Not in /api/ nor in any header.
// - A wrong token is 401 on every endpoint (DRF's TokenAuthentication, before any permission), so
//   the metrics answer also says whether the token is accepted; anonymously the endpoint is 401 too,
//   which is why a run without a token asks the API root instead.
import { isItem } from '../core/page.js';

/** The version the metrics answer states; undefined when the server hides it (or is not Weblate). */
export function metricsVersion(body: unknown): string | undefined {
  if (!isItem(body)) return undefined;
  const v = body.version;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}
