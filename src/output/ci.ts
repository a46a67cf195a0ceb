// The reports for CI systems (-f github, junit, codequality, openmetrics), written from what a command
// checked or measured. Loaded by render.ts only for a run that asks for one of them.
import type { CiFormat } from '../spec/spec.js';
import type { ListResult, RecordResult } from './result.js';
import type { Msg } from '../core/text.js';
import type { Sink } from './sink.js';
import { writeCodeQuality } from './codequality.js';
import { writeGithub } from './github.js';
import { writeJunit } from './junit.js';
import { writeOpenMetrics } from './openmetrics.js';

/** What a report needs of the run: -f github appends to the file $GITHUB_STEP_SUMMARY names, and may warn. */
interface ReportOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  warn: (message: Msg) => void;
}

/**
 * A report for a CI system from what the command checked (or measured), made before rendering (only
 * the awaiting of work beside the data, pull's): writing it asks nothing. The formats a command writes
 * are checked before it runs (spec/option-values.ts checkFormat), so one without its report here is a bug.
 */
export async function writeReport(result: RecordResult | ListResult, format: CiFormat, out: Sink, o: ReportOptions): Promise<{ items: number }> {
  if (format === 'openmetrics') {
    if (!result.metrics) throw new Error('-f openmetrics: this result has no metrics');
    await writeOpenMetrics(out, result.metrics);
    return { items: result.metrics.length };
  }
  if (!result.checks) throw new Error(`-f ${format}: this result has no checks`);
  const report = await result.checks;
  if (format === 'github') await writeGithub(out, report, { env: o.env, cwd: o.cwd, warn: o.warn });
  else if (format === 'junit') await writeJunit(out, report);
  else await writeCodeQuality(out, report);
  return { items: report.verdict.subjects.length };
}
