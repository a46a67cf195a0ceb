// -f codequality: GitLab's Code Quality report (artifacts:reports:codequality), a subset of the Code
// Climate issue format: a JSON array with one issue per failure of the verdict (a row below its
// threshold and dropped since the baseline is two issues); [] when nothing fails. GitLab shows the
// issues in the merge request and tells new ones from fixed ones by their fingerprint: made of the
// check and the subject's identity only, so a threshold that moves, a value that changes or another
// failure that clears never changes a remaining issue's.
import { sha256Hasher } from '../files/disk.js';
import type { CheckReport } from './result.js';
import type { Sink } from './sink.js';

/** Where an issue points when a check has no file of its own nor one near it: the project file's usual name. */
const NO_FILE = '.weblate';

/**
 * Stable across runs and unique in the report: the check and what it checked, never the numbers
 * (a row still below the threshold the next day is the same issue, not a fixed one and a new one).
 */
export function fingerprintOf(check: string, name: string): string {
  const hash = sha256Hasher();
  hash.update(Buffer.from(`wli\0${check}\0${name}`, 'utf8'));
  return hash.digest('hex');
}

export async function writeCodeQuality(out: Sink, report: CheckReport): Promise<void> {
  // Subjects are unique in the verdict (a target named twice is one), so are fingerprints.
  const issues = report.verdict.subjects.flatMap((s) =>
    s.failures.map((f) => ({
      description: f.message,
      check_name: `wli/${f.check}`,
      fingerprint: fingerprintOf(f.check, s.id),
      severity: f.severity ?? 'major',
      location: { path: s.file || s.near || NO_FILE, lines: { begin: 1 } },
    })),
  );
  // Exact JSON: JSON.stringify escapes every control character; its text is what the server sent.
  await out.write(issues.length ? `[\n${issues.map((i) => `  ${JSON.stringify(i)}`).join(',\n')}\n]\n` : '[]\n');
}
