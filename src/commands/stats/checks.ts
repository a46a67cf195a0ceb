// stats for the CI formats: each row as a check (output/checks.ts), failing as the gate judges it
// (gate.ts), named by its wli_target and pointing at the translation's file in the repository.
//
// Statistics rows do not carry the translation's `filename`: it comes from the component's
// translations list (/components/<p>/<c>/translations/), asked only for a format that names files
// (github, codequality), only when a translation row fails, once per component of such rows.
import { basename } from 'node:path';
import { allInOrder } from '../../core/pool.js';
import type { Item } from '../../core/page.js';
import { plainText } from '../../core/values.js';
import type { Check, CheckFailure, ChecksOf } from '../../output/result.js';
import type { Session } from '../../session/session.js';
import { allItems } from '../../session/reads.js';
import { languageCode } from '../../weblate/objects.js';
import { translationsOf } from '../../weblate/paths.js';
import { listColumns } from './columns.js';
import { METRIC_FIELD, change, changeText, passes, rowLabel, thresholdFor, type Gate, type Row } from './gate.js';

export const SUITE = 'wli stats';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A row of one translation (a component's row, or a translation target): it has a file. */
const componentOf = (item: Item): { project: string; component: string } | undefined => {
  const project = text(item.wli_project);
  const component = text(item.wli_component);
  return project !== undefined && component !== undefined && text(item.wli_language) !== undefined ? { project, component } : undefined;
};
const componentKey = (c: { project: string; component: string }) => `${c.project}/${c.component}`;

/** Why a row fails the gate, or undefined when it passes (or is not gated). */
export function failureOf(gate: Gate, item: Item): CheckFailure | undefined {
  const label = rowLabel(item);
  const field = METRIC_FIELD[gate.metric];
  const metric = gate.metric.replace('_', ' ');
  const value = item[field] === undefined || item[field] === null ? undefined : `${plainText(item[field])}%`;
  const failures: CheckFailure[] = [];
  if (passes(gate, item) === false) {
    const threshold = thresholdFor(gate, item);
    failures.push({
      check: 'fail-under',
      title: `${label} below ${threshold}%`,
      message: value === undefined ? `${label}: no ${field}, so not at ${threshold}% ${metric}` : `${label}: ${value} ${metric}, below ${threshold}%`,
    });
  }
  if (gate.failOnDrop && (change(gate, item) ?? 0) < 0) {
    const before = gate.baseline!.get(item.wli_target as string)!;
    failures.push({
      check: 'fail-on-drop',
      title: `${label} dropped ${changeText(gate, item)}`,
      message: `${label}: ${metric} dropped from ${before.toFixed(1)}% to ${value ?? '?'} (${changeText(gate, item)} points) since the baseline`,
    });
  }
  const [first] = failures;
  return first && { ...first, message: failures.map((f) => f.message).join('; ') };
}

interface ComponentFiles {
  byLanguage: Map<string, string>;
  /** The first translation that has a file: where a row without one points (Code Quality). */
  first?: string;
}

/** Each component's translations list, once per component, --concurrency at a time. */
async function filesOf(session: Session, components: Array<{ project: string; component: string }>): Promise<Map<string, ComponentFiles>> {
  const unique = [...new Map(components.map((c) => [componentKey(c), c])).values()];
  const lists = await allInOrder(
    unique.map((c) => () => allItems(session, { path: translationsOf({ project: c.project, component: c.component.split('/') }), label: componentKey(c) })),
    session.settings.concurrency,
  );
  return new Map(
    unique.map((c, i) => {
      const byLanguage = new Map<string, string>();
      for (const t of lists[i]!) {
        const code = languageCode(t);
        const filename = text(t.filename);
        if (code !== undefined && filename) byLanguage.set(code, filename);
      }
      return [componentKey(c), { byLanguage, first: byLanguage.values().next().value }];
    }),
  );
}

/** Where a group of rows belongs in a JUnit report: the component, the project, or the server's languages. */
function groupOf(item: Item): string {
  const c = componentOf(item);
  if (c) return componentKey(c);
  return text(item.wli_project) ?? 'languages';
}

/** The rows as checks, for -f github, junit and codequality. */
export function statsChecks(session: Session, rows: readonly Row[], gate: Gate): ChecksOf {
  return async ({ files }) => {
    const failures = rows.map((r) => failureOf(gate, r.item));
    const failingComponents = rows.flatMap((r, i) => (failures[i] ? [componentOf(r.item)].filter((c) => c !== undefined) : []));
    const known = files && failingComponents.length ? await filesOf(session, failingComponents) : new Map<string, ComponentFiles>();
    // The project file (.weblate) sits at the repository's root (pull's rule), so its name is its path there.
    const target = session.settings.defaultTarget;
    const projectFile = target?.project ? basename(target.source) : undefined;
    const checks = rows.map((r, i): Check => {
      const c = componentOf(r.item);
      const files = c ? known.get(componentKey(c)) : undefined;
      const file = files?.byLanguage.get(text(r.item.wli_language)!);
      return { name: plainText(r.item.wli_target), group: groupOf(r.item), file, near: projectFile ?? files?.first, failure: failures[i] };
    });
    const gated = gate.fallback !== undefined || gate.byLanguage.size > 0 || gate.failOnDrop;
    const n = rows.length;
    return {
      suite: SUITE,
      noun: 'row',
      checks,
      table: { items: rows.map((r) => r.item), columns: listColumns(gate) },
      verdict: gated ? undefined : `${n} row${n === 1 ? '' : 's'}, no gate (--fail-under or --fail-on-drop gates them)`,
    };
  };
}
