// wli stats: statistics rows for translations and languages, in argument order, and the
// --fail-under gate that CI uses.
import { ServerError, UsageError } from '../api/errors.js';
import { numberValue } from '../api/json.js';
import type { Item } from '../output/fields.js';
import type { Column, ListResult, RecordResult, Style } from '../output/result.js';
import type { Session } from '../session.js';
import { METRICS } from '../spec.js';
import { languagePath, parseStatsTarget, translationPath, type Target } from '../target.js';
import type { CommandInput } from './common.js';

type Metric = (typeof METRICS)[number];
const METRIC_FIELD: Record<Metric, string> = {
  translated: 'translated_percent',
  approved: 'approved_percent',
  translated_words: 'translated_words_percent',
};

export interface Row {
  item: Item;
  /** How stderr names the row when a gate fails: the target as written, or a language code. */
  label: string;
}

const pct = (v: unknown) => (v === undefined || v === null ? '' : `${String(v)}%`);
const pctStyle = (v: unknown): Style | undefined => {
  const n = numberValue(v);
  return n === undefined ? undefined : n >= 100 ? 'green' : n >= 80 ? 'yellow' : 'red';
};

function columns(labels: WeakMap<Item, string>): Column[] {
  return [
    { header: 'target', value: (s) => labels.get(s) ?? s.code ?? s.name },
    { header: 'translated', value: (s) => s.translated_percent, text: pct, align: 'right', style: (s) => pctStyle(s.translated_percent) },
    { header: 'strings', value: (s) => `${String(s.translated ?? '')}/${String(s.total ?? '')}`, align: 'right' },
    { header: 'fuzzy', value: (s) => s.fuzzy, align: 'right' },
    { header: 'failing', value: (s) => s.failing ?? s.failing_checks, align: 'right' },
    { header: 'approved', value: (s) => s.approved, align: 'right' },
    { header: 'last change', value: (s) => s.last_change },
  ];
}

const ofTotal = (n: string, total: string, p: string) => (s: Item) =>
  s[n] === undefined ? '' : `${String(s[n])}/${String(s[total] ?? '')}${s[p] !== undefined ? ` (${String(s[p])}%)` : ''}`;

const RECORD_ROWS: Column[] = [
  { header: 'Name', value: (s) => (s.code !== undefined ? `${String(s.name ?? '')} (${String(s.code)})` : s.name) },
  { header: 'Translated', value: (s) => s, text: (_v, s) => ofTotal('translated', 'total', 'translated_percent')(s), style: (s) => pctStyle(s.translated_percent) },
  { header: 'Words', value: (s) => s, text: (_v, s) => ofTotal('translated_words', 'total_words', 'translated_words_percent')(s) },
  { header: 'Characters', value: (s) => s, text: (_v, s) => ofTotal('translated_chars', 'total_chars', 'translated_chars_percent')(s) },
  { header: 'Needs editing', value: (s) => s, text: (_v, s) => ofTotal('fuzzy', 'total', 'fuzzy_percent')(s) },
  { header: 'Failing checks', value: (s) => s, text: (_v, s) => ofTotal('failing', 'total', 'failing_percent')(s) },
  { header: 'Approved', value: (s) => s, text: (_v, s) => ofTotal('approved', 'total', 'approved_percent')(s) },
  { header: 'Read-only', value: (s) => s, text: (_v, s) => ofTotal('readonly', 'total', 'readonly_percent')(s) },
  { header: 'Suggestions', value: (s) => s.suggestions },
  { header: 'Comments', value: (s) => s.comments },
  { header: 'Last change', value: (s) => s.last_change },
  { header: 'Recent changes', value: (s) => s.recent_changes },
  { header: 'URL', value: (s) => s.url },
];

function parseGate(opts: Record<string, unknown>): { threshold?: number; metric: Metric } {
  const metric = (opts.metric ?? 'translated') as Metric;
  if (!METRICS.includes(metric)) throw new UsageError(`invalid --metric '${String(opts.metric)}'`, `expected one of ${METRICS.join(', ')}`);
  if (opts.failUnder === undefined) return { metric };
  const text = String(opts.failUnder).trim();
  const threshold = Number(text);
  if (text === '' || !/^\d+(\.\d+)?$/.test(text) || threshold > 100) {
    throw new UsageError(`invalid --fail-under '${String(opts.failUnder)}'`, 'expected a percentage from 0 to 100, e.g. --fail-under 90');
  }
  return { threshold, metric };
}

/** Checks every row; names the failing ones on stderr. A row without the metric fails closed. */
export function gate(session: Session, rows: Row[], threshold: number | undefined, metric: Metric): number {
  if (threshold === undefined) return 0;
  const field = METRIC_FIELD[metric];
  const failing = rows.filter((r) => {
    const v = numberValue(r.item[field]);
    return v === undefined || v < threshold;
  });
  if (failing.length === 0) return 0;
  const names = failing.map((r) => `${r.label} (${r.item[field] === undefined ? `no ${field}` : `${String(r.item[field])}%`})`);
  session.ctx.stderr.write(`wli: ${failing.length} of ${rows.length} row(s) below ${threshold}% ${metric.replace('_', ' ')}: ${names.join(', ')}\n`);
  return 3;
}

async function fetchRow(session: Session, target: Target): Promise<Row[]> {
  const client = await session.client();
  const path = target.kind === 'language' ? languagePath(target) : target.kind === 'translation' ? translationPath(target) : undefined;
  if (!path) throw new UsageError(`unsupported stats target '${target.text}'`);
  const { body } = await client.getJson(path + 'statistics/');
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ServerError(`GET ${client.resolve(path).href}statistics/: expected a JSON object`);
  return [{ item: body as Item, label: target.text }];
}

/** Runs fn over inputs at most `limit` at a time; results keep input order. */
export async function inOrder<T, R>(inputs: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      results[i] = await fn(inputs[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

export async function run({ args, opts, session }: CommandInput): Promise<RecordResult | ListResult> {
  const { threshold, metric } = parseGate(opts);
  const texts = args.length ? args : session.settings.defaultTarget ? [session.settings.defaultTarget.value] : [];
  if (texts.length === 0) throw new UsageError('missing target', 'expected one or more of: project/component/language, a language code');
  const targets = texts.map(parseStatsTarget);
  const rows = (await inOrder(targets, session.settings.concurrency, (t) => fetchRow(session, t))).flat();
  const labels = new WeakMap(rows.map((r) => [r.item, r.label]));
  const cols = columns(labels);
  const finish = () => gate(session, rows, threshold, metric);
  if (targets.length === 1 && targets[0]!.kind !== 'component') {
    return { kind: 'record', record: rows[0]!.item, rows: RECORD_ROWS, finish };
  }
  return {
    kind: 'list',
    pages: (async function* () {
      yield rows.map((r) => r.item);
    })(),
    columns: cols,
    finish,
  };
}
