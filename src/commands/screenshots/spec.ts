// `wli screenshots` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (screenshots.ts, beside this file) receives typed. A leaf: it imports no run module.
import { SCREENSHOTS_SINCE } from '../../weblate/versions.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'screenshots',
  summary: "a component's screenshots and the strings each shows",
  description: [
    `Lists the screenshots of a component, or of every component inside a category (project/category) (Weblate ${SCREENSHOTS_SINCE} or newer), each as the server sent it (id, name, repository_filename, translation, file_url, units, url) with the strings it shows after its fields as wli_strings (each string's id, context and source).`,
    `Two lists, whatever the number of screenshots: the component's screenshots, and the strings on any of them (its source translation's units searched with has:screenshot).`,
    `The image itself: wli download --screenshot ID.`,
    `A string's screenshots: wli units … --with screenshots.`,
  ].join(' '),
  args: [
    {
      name: 'component',
      description: 'project/component (or project/category/component), or project/category',
      required: false,
      targets: ['component', 'category'],
    },
  ],
  options: [],
  examples: [
    ['wli screenshots demo/android', 'every screenshot of a component and the strings on it'],
    ['wli screenshots demo/android -f jsonl --fields id,name,wli_strings', 'for a script: which strings each shows'],
    ['wli download --screenshot 1 -o shots/', 'one image, saved under the name Weblate gives it'],
  ],
} as const satisfies CommandSpec;
