// -f openmetrics: the OpenMetrics text format (application/openmetrics-text 1.0.0), which Prometheus'
// node_exporter textfile collector and GitLab's metrics reports read. A command hands metric families;
// each is written whole (# TYPE, # UNIT, # HELP, then its samples together), and # EOF ends the text.
// Only gauges without timestamps: the same text is valid Prometheus text format 0.0.4 too.
import type { Sink } from './sink.js';

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  /** `wli_translated_ratio`: [a-zA-Z_:][a-zA-Z0-9_:]*, ending in `_<unit>` when it has a unit. */
  name: string;
  type: 'gauge';
  /** An OpenMetrics unit (`ratio`), said in # UNIT; the name ends with it. */
  unit?: string;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value or help text: backslash, double quote and line feed escaped, as the format requires. */
function metricText(text: string): string {
  return text.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** A number as OpenMetrics writes it: integers without a point, NaN and infinities by name. */
function numberText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : '-Inf';
  return String(n);
}

function familyText(f: MetricFamily): string {
  // Our own names: a wrong one is a bug here, never a text a scraper should half-read.
  if (!NAME.test(f.name) || (f.unit !== undefined && !f.name.endsWith(`_${f.unit}`))) throw new Error(`openmetrics: bad metric name ${f.name}`);
  let text = `# TYPE ${f.name} ${f.type}\n`;
  if (f.unit !== undefined) text += `# UNIT ${f.name} ${f.unit}\n`;
  text += `# HELP ${f.name} ${metricText(f.help)}\n`;
  for (const s of f.samples) {
    const labels = Object.entries(s.labels).map(([k, v]) => {
      if (!LABEL.test(k)) throw new Error(`openmetrics: bad label name ${k}`);
      return `${k}="${metricText(v)}"`;
    });
    text += `${f.name}${labels.length ? `{${labels.join(',')}}` : ''} ${numberText(s.value)}\n`;
  }
  return text;
}

export async function writeOpenMetrics(out: Sink, families: readonly MetricFamily[]): Promise<void> {
  await out.write(families.map(familyText).join('') + '# EOF\n');
}
