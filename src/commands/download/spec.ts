// `wli download` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (download.ts, beside this file) receives typed. A leaf: it imports no run module.
import { PROJECT_DOWNLOAD_SINCE } from '../../weblate/versions.js';
import { EXPORTER_LIST } from '../../weblate/files.js';
import { EXIT } from '../../core/errors.js';
import type { CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'download',
  summary: "a translation's file, or a zip of a component's or project's translations",
  description: [
    `Downloads what Weblate serves as the file of a translation (project/component/language: the file in its own format), a component (project/component: a zip of every translation) or a project (a zip; Weblate ${PROJECT_DOWNLOAD_SINCE} or newer).`,
    `Weblate's API serves no zip of a category: project/category is a usage error pointing to pull, which writes every file of its components.`,
    `The bytes are exactly the server's.`,
    `With -o FILE the file is written to a temporary file beside it and renamed into place, so a failure (a cut connection, a timeout, Ctrl-C) leaves the previous file as it was, and a file whose bytes are already the server's is left untouched ('unchanged': same inode, same time).`,
    `A request is conditional (If-Modified-Since, 'unchanged' on 304) only when the file there is proven, by the digest recorded when wli saved it ($XDG_CACHE_HOME/wli/saved), to be exactly what it saved from that same address (a --convert or -q file never proves another), and the translation's revision (read first: one small request) is the one recorded with it; Weblate's Last-Modified is the translation's last change, not its file's, so an upstream commit or a template update is caught by the revision.`,
    `An edited file, a fresh checkout or another branch's file is always brought to the server's bytes; a zip (a component, a project) has no revision and is always asked for whole.`,
    `A file replaced keeps its permissions and gets the time of now, never the server's Last-Modified (so make sees it new); -o LINK writes the file the link names and keeps the link, as curl -o does.`,
    `A file is retried whole on a timeout, a reset, 429 or 5xx, also after its first byte; to stdout only until its first byte, and a failure after it says that stdout holds an incomplete file and how many bytes were written (exit ${EXIT.server}). -o DIR/ saves under the server's file name, reduced to a safe base name (no folders, not hidden): a new file, or one it replaces only when it is the name wli predicts for the target (Weblate's names: a file as stored project-component-language.ext with the component's own slug, no category; a conversion project-category-component-language and the exporter's extension; a zip project-category-component.zip or project.zip) or a file the record of saved files proves wli saved there; any other file of that name is left as it was, exit ${EXIT.local} ("NAME exists and is not this translation's file": -o NAME replaces it, as a name you chose).`,
    `Without -o the bytes go to stdout when it is not a terminal; on a terminal they are saved in the current directory under the server's name, never shown.`,
  ].join(' '),
  args: [
    {
      name: 'target',
      description: 'project/component/language, project/component or project',
      required: false,
      targets: ['project', 'component', 'translation'],
    },
  ],
  options: [
    {
      flags: '-o, --output <path>',
      description: "write this file, or into this directory (ending in / or existing) under the server's name; - for stdout",
      note: [
        `Missing directories are made, as by \`mkdir -p\`, and removed again when the file is not written.`,
        `The destination is made ready before anything is asked of the server, so one that cannot be written (permission denied, a read-only file system, a directory that takes no files) fails at once, exit ${EXIT.local}, naming the path as given; so does a write that fails later (a full disk), the previous file left as it was. \`-o -\` writes to stdout, as in curl and wget (refused on a terminal, exit ${EXIT.usage}: pipe or redirect it); into a standard output on /dev/null (or closed at start, \`>&-\`, which Node reopens on /dev/null) the bytes are discarded, exit ${EXIT.ok}.`,
        `An existing device or named pipe (\`/dev/null\`) is written into as it is.`,
      ].join(' '),
      // A path: the shells complete file names after -o.
      value: { type: 'file' },
    },
    {
      flags: '--convert <format>',
      description: 'ask the server to convert: po, xliff, csv, json, mo … (for a component or project: each file in the zip)',
      note: [
        `Weblate's exporters: ${EXPORTER_LIST}; any other is refused before a request (exit ${EXIT.usage}).`,
        `For a component or a project Weblate sends a zip: \`--convert po\` asks for a zip of PO files (Weblate spells it \`zip:po\`, also accepted).`,
        `A converted file is named as Weblate names it, project-category-component-language and the exporter's extension (xliff and xliff11 .xlf, aresource .xml, json-nested .json, csv-multi .csv).`,
      ].join(' '),
      value: { type: 'conversion' },
    },
    { flags: '-q, --query <search>', description: 'only the units this Weblate search matches (needs --convert)', value: { type: 'text' }, complete: 'none' },
    { flags: '--force', description: 'ask unconditionally, even for a file the record proves unchanged' },
    {
      flags: '--screenshot <id>',
      description: "a screenshot's image instead (its id, as wli screenshots lists it): no target",
      note: [
        `The image Weblate keeps (…/screenshots/ID/file/), byte for byte, by the same rules as a translation's file: -o FILE or -o DIR/ (the server's file name, made safe), written whole or not at all, unchanged bytes left untouched; to standard output only when it is not a terminal (an image is never written onto one).`,
        `Not with a target, --convert or -q (exit ${EXIT.usage}).`,
      ].join(' '),
      value: { type: 'integer', min: 1 },
      complete: 'none',
    },
  ],
  examples: [
    ['wli download demo/android/cs -o locale/cs.xml', 'fetch one translation in its own format (Android XML); next time only if the server has other bytes'],
    ['wli download demo/android/cs --convert po -o locale/cs.po', 'the same translation converted to PO by the server'],
    ['wli download demo/android -o locale/', 'a zip of every language of the component'],
    ['wli download demo/android --convert po -o locale/', 'the same zip, every file converted to PO'],
    ['wli download demo/android/cs --convert po -q state:translated > cs.po', 'converted and filtered, to stdout'],
    ['wli download --screenshot 1 -o shots/', "a screenshot's image, under the name Weblate gives it"],
  ],
  // The server's file as it is: download says itself why -f does not apply (--convert).
  formats: [],
} as const satisfies CommandSpec;
