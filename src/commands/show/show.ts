// wli show <target>: the project, category, component or translation object exactly as the server
// sent it (table and Markdown: one line per top-level field, a nested object or list summarised by the
// output layer; -f json has it whole). A category's is the one its project's category list sends (the
// same serializer as /api/categories/<id>/: no request more).
import type { Column } from '../../output/result.js';
import type { CommandInput } from '../../session/session.js';
import { isUrlOrPath } from '../../weblate/objects.js';

const TIME_FIELD = /(^|_)(timestamp|last_change|created|updated|date)$/;

/** Every top-level field in server order; times short, URLs and paths whole, everything else by the cell rule. */
const rowsOf = (record: Record<string, unknown>): Column[] =>
  Object.keys(record).map((k) => ({
    header: k,
    field: k,
    value: (r) => r[k],
    kind: TIME_FIELD.test(k) ? 'time' : isUrlOrPath(k, record[k]) ? 'url' : 'text',
  }));

export async function run({ args, weblate }: CommandInput<'show'>) {
  const { record } = await weblate.getTargetObject(weblate.targetReadings(args[0], ['project', 'component', 'category', 'translation']));
  return { kind: 'record' as const, record, rows: rowsOf(record) };
}
