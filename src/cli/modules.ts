// Generated from src/spec/names.ts by `npm run docs`; do not edit (test/structure.test.ts fails when it drifts).
// Each command's run module (src/commands/<name>/<name>.ts) behind a literal import(): the literal path
// is what makes the module a lazy chunk of the bundle. src/cli/registry.ts gives them their types.
export const MODULES = {
  translation: () => import('../commands/translation/translation.js'),
  units: () => import('../commands/units/units.js'),
  unit: () => import('../commands/unit/unit.js'),
  changes: () => import('../commands/changes/changes.js'),
  stats: () => import('../commands/stats/stats.js'),
  language: () => import('../commands/language/language.js'),
  locales: () => import('../commands/locales/locales.js'),
  memory: () => import('../commands/memory/memory.js'),
  screenshots: () => import('../commands/screenshots/screenshots.js'),
  checks: () => import('../commands/checks/checks.js'),
  status: () => import('../commands/status/status.js'),
  ls: () => import('../commands/ls/ls.js'),
  show: () => import('../commands/show/show.js'),
  download: () => import('../commands/download/download.js'),
  pull: () => import('../commands/pull/pull.js'),
  api: () => import('../commands/api/api.js'),
  config: () => import('../commands/config/config.js'),
  completion: () => import('../commands/completion/completion.js'),
};
