// Generated from src/spec/names.ts by `npm run docs`; do not edit (test/structure.test.ts fails when it drifts).
// Each command's spec, from its folder (src/commands/<name>/spec.ts), in the order of the list.
import { spec as translation } from '../commands/translation/spec.js';
import { spec as units } from '../commands/units/spec.js';
import { spec as unit } from '../commands/unit/spec.js';
import { spec as changes } from '../commands/changes/spec.js';
import { spec as stats } from '../commands/stats/spec.js';
import { spec as language } from '../commands/language/spec.js';
import { spec as locales } from '../commands/locales/spec.js';
import { spec as memory } from '../commands/memory/spec.js';
import { spec as screenshots } from '../commands/screenshots/spec.js';
import { spec as checks } from '../commands/checks/spec.js';
import { spec as status } from '../commands/status/spec.js';
import { spec as ls } from '../commands/ls/spec.js';
import { spec as show } from '../commands/show/spec.js';
import { spec as download } from '../commands/download/spec.js';
import { spec as pull } from '../commands/pull/spec.js';
import { spec as api } from '../commands/api/spec.js';
import { spec as config } from '../commands/config/spec.js';
import { spec as completion } from '../commands/completion/spec.js';

export const DECLARED = [
  translation,
  units,
  unit,
  changes,
  stats,
  language,
  locales,
  memory,
  screenshots,
  checks,
  status,
  ls,
  show,
  download,
  pull,
  api,
  config,
  completion,
] as const;
