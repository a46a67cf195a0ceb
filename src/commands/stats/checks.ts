// stats for the CI formats: the run's verdict (src/gate/stats.ts), each subject pointing at its
// translation's file in the repository. Nothing is judged here: files are only looked up.
//
// Statistics rows do not carry the translation's `filename`: it comes from the component's
// translations list (/components/<p>/<c>/translations/), asked only for a format that names files
// (github, codequality), only when a translation row fails, once per component of such rows, and
// before anything is written.
import { basename } from 'node:path';
import { allInOrder } from '../../core/pool.js';
import type { Item } from '../../core/page.js';
import type { CheckReport } from '../../output/result.js';
import type { Weblate } from '../../remote/weblate.js';
import { translationView } from '../../weblate/views/translation.js';
import { translationsOf } from '../../weblate/paths.js';
import { byId, type Subject, type Verdict } from '../../gate/verdict.js';
import { NO_IDENTITY, identityOfRow, type Identity } from '../../weblate/identity.js';
import { judgedBy, listColumns } from './columns.js';
import type { Gate } from '../../gate/stats.js';

/** The identity wli gave a subject's row (never the server's fields of it). */
const idOf = (item: Item): Identity => identityOfRow(item) ?? NO_IDENTITY;

/** A row of one translation (a component's row, or a translation target): it has a file. */
const componentOf = (item: Item): { project: string; component: string } | undefined => {
  const { project, component, language } = idOf(item);
  return project !== null && component !== null && language !== null ? { project, component } : undefined;
};
const componentKey = (c: { project: string; component: string }) => `${c.project}/${c.component}`;

export interface ComponentFiles {
  byLanguage: Map<string, string>;
  /** The first translation that has a file: where a row without one points (Code Quality). */
  first?: string;
}

/** Each component's translations list, once per component, --concurrency at a time (wli checks names files by it too). */
export async function filesOf(weblate: Weblate, components: Array<{ project: string; component: string }>): Promise<Map<string, ComponentFiles>> {
  const unique = [...new Map(components.map((c) => [componentKey(c), c])).values()];
  const lists = await allInOrder(
    unique.map((c) => () => weblate.allItems({ path: translationsOf({ project: c.project, component: c.component.split('/') }), label: componentKey(c) })),
    weblate.concurrency,
  );
  return new Map(
    unique.map((c, i) => {
      const byLanguage = new Map<string, string>();
      for (const t of lists[i] ?? []) {
        const { langCode: code, file: filename } = translationView(t);
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
  return idOf(item).project ?? 'languages';
}

/**
 * The verdict with each subject's file, for -f github, junit and codequality: made before anything is
 * written, the filenames asked only when the format names files (`files`).
 */
export async function statsChecks(weblate: Weblate, verdict: Verdict, gate: Gate, files: boolean): Promise<CheckReport> {
  const failingComponents = verdict.subjects.flatMap((s) => (s.judgement === 'fail' && s.item ? [componentOf(s.item)].filter((c) => c !== undefined) : []));
  const known = files && failingComponents.length ? await filesOf(weblate, failingComponents) : new Map<string, ComponentFiles>();
  // The project file (.weblate) sits at the repository's root (pull's rule), so its name is its path there.
  const target = weblate.defaultTarget;
  const projectFile = target?.project ? basename(target.source) : undefined;
  const subjects = verdict.subjects.map((s): Subject => {
    if (!s.item) return { ...s, near: projectFile };
    const c = componentOf(s.item);
    const filesOfComponent = c ? known.get(componentKey(c)) : undefined;
    const { language } = idOf(s.item);
    const file = language === null ? undefined : filesOfComponent?.byLanguage.get(language);
    return { ...s, group: groupOf(s.item), file, near: projectFile ?? filesOfComponent?.first };
  });
  const judged = byId(verdict);
  return {
    verdict: { ...verdict, subjects },
    table: { items: subjects.flatMap((s) => (s.item ? [s.item] : [])), columns: listColumns(gate, judgedBy(judged)) },
  };
}
