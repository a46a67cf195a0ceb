// `wli locales` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (locales.ts, beside this file) receives typed. A leaf: it imports no run module.
import { LOCALE_FORMS } from '../../weblate/locales.js';
import { EXIT } from '../../core/errors.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'locales',
  summary: 'the languages of a component or project for a build configuration: --min-percent, --as android|apple|linguas…',
  description: [
    "Lists the languages of a component (its translations), a category (those of the components inside it, each once, their counts summed) or a project (its languages), at or above --min-percent translated, sorted by code, in the form a build configuration takes: --as bcp47 (sr-Latn, pt-BR), posix (sr_Latn, pt_BR), android (a resource directory by Weblate's android style: values-b+sr+Latn, values-pt-rBR, values-zh-rTW), apple (sr-Latn.lproj), linguas (a gettext LINGUAS file: the code each translation's file uses, Weblate's language_code, so the component's language_code_style is honoured) or json (one JSON array of BCP 47 tags), one code a line.",
    'The source language is left out unless --source.',
    'Without --as, one row per language with every form side by side (code, name, translated_percent, is_source, file_code, bcp47, posix, android, apple), in any data format.',
    'A code that is not one (control characters, spaces) is skipped with a warning, never written into a build file.',
  ].join(' '),
  args: [
    {
      name: 'target',
      description: 'project/component (or project/category/component), project/category, or project',
      required: false,
      targets: ['component', 'category', 'project'],
    },
  ],
  options: [
    {
      flags: '--min-percent <n>',
      description: 'only languages at least n % translated (translated_percent): 80 or 80%',
      value: { type: 'percent' },
      hint: 'expected a percentage from 0 to 100, e.g. --min-percent 80 or --min-percent 80%',
      complete: 'none',
    },
    {
      flags: '--empty-incomplete',
      description: 'with --min-percent: a language with no strings is below it, not complete',
      note: [
        'Weblate says a translation with nothing to translate is 100 % translated (weblate/utils/stats.py), so by default --min-percent keeps it (an empty language in the build); stderr then says so in a note naming it.',
        'With --empty-incomplete it is left out as below --min-percent; without --min-percent it would change nothing, so that is a usage error (exit 2).',
      ].join(' '),
    },
    {
      flags: '--as <form>',
      description: 'print the codes alone, one a line, in this form (json: one array)',
      note: [
        `\`bcp47\`, \`posix\` and \`apple\` follow the language code; \`android\` is Weblate's android style (legacy codes \`iw\`, \`in\`, \`ji\`; \`zh_Hant\` → \`values-zh-rTW\`; a script → \`values-b+sr+Latn\`); \`linguas\` is the code the translation's file uses (Weblate's \`language_code\`: the component's \`language_code_style\` applied; a project's language code).`,
        `Not with \`-f\` or \`--fields\` (exit ${EXIT.usage}): without \`--as\` the rows carry every form.`,
        `An empty list prints nothing (json: \`[]\`) and says why on stderr, exit ${EXIT.ok}.`,
      ].join(' '),
      value: { type: 'choice', choices: LOCALE_FORMS },
    },
    { flags: '--source', description: 'also the source language (left out by default)' },
  ],
  examples: [
    ['wli locales demo/android --min-percent 80', 'the languages a release ships, every form side by side'],
    ['wli locales apps/desktop --min-percent 50 --as linguas > po/LINGUAS', 'a LINGUAS file of the catalogues at least half translated'],
    ['wli locales apps/mobile --as android', 'the Android resource directories (values-b+sr+Latn)'],
    ['wli locales apps/mobile --as bcp47 --source', 'BCP 47 tags for locales_config.xml, the source language too'],
    ['wli locales apps --as json', "a project's languages as one JSON array"],
  ],
} as const satisfies CommandSpec;
