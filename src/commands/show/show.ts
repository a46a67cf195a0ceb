// wli show <target>: the project, category, component or translation object exactly as the server
// sent it (table and Markdown: one line per top-level field, a nested object or list summarised by the
// output layer; -f json has it whole). A category's is the one its project's category list sends (the
// same serializer as /api/categories/<id>/: no request more). Every field, known or not, so the object
// is read through the generic RecordView (its fields in server order), not a kind's getters.
import type { Column } from '../../output/result.js';
import { columnsOver } from '../../output/view-columns.js';
import type { CommandInput } from '../../remote/run.js';
import { isUrlOrPath } from '../../weblate/objects.js';
import { recordView, type RecordView } from '../../weblate/views/record.js';

const TIME_FIELD = /(^|_)(timestamp|last_change|created|updated|date)$/;

/** Every top-level field in server order; times short, URLs and paths whole, everything else by the cell rule. */
const rowsOf = (record: RecordView): Column[] =>
  columnsOver(
    recordView,
    record.fields().map(([k, v]): Column<RecordView> => ({
      header: k,
      field: k,
      value: (r) => r.value(k),
      kind: TIME_FIELD.test(k) ? 'time' : isUrlOrPath(k, v) ? 'url' : 'text',
    })),
  );

export async function run({ args, weblate }: CommandInput<'show'>) {
  const { record } = await weblate.getTargetObject(weblate.targetReadings(args[0], ['project', 'component', 'category', 'translation']));
  return { kind: 'record' as const, record, rows: rowsOf(recordView(record)) };
}
