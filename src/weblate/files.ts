// Weblate's file downloads (weblate/trans/views/files.py, zip_download): every file it sends names
// itself, `Content-Disposition: attachment; filename=p-c-l.ext` (or p-c.zip, p.zip).

type Headers = Record<string, string | string[] | undefined>;

/** The answer names a file to save, as every Weblate download does. */
export function isFileAnswer(headers: Headers): boolean {
  const v = headers['content-disposition'];
  const text = Array.isArray(v) ? v[0] : v;
  return text !== undefined && /^\s*attachment\b/i.test(text);
}

/** The file name of a Content-Disposition header, undecoded parts left as they are. */
export function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (star !== undefined) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* fall through to filename= */
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;]+)/.exec(header)?.[1]?.trim();
}

/** What a download names: a translation (its file, or a zip of its component), a component or a project (zips). */
export type Downloaded =
  | { kind: 'translation'; project: string; component: string[]; language: string }
  | { kind: 'component'; project: string; component: string[] }
  | { kind: 'project'; project: string };

/**
 * Weblate's exporters, the conversions a download may ask for (`?format=NAME`, a zip's `zip:NAME`),
 * each with the extension its file gets: the default WEBLATE_EXPORTERS (weblate/formats/models.py
 * FormatsConf; each class's `name` and `extension` in weblate/formats/exporters.py). The first eleven
 * are in every release wli reads (the list of 2020, Weblate 4.x); `since`: the release that added one
 * (docs/changes/v5.rst: "Added nested JSON exporter" 5.3, "Added multivalue CSV" 5.14), still there at
 * 2026.8. A server may configure others (WEBLATE_EXPORTERS); wli asks only for these.
 */
export const EXPORTERS: ReadonlyArray<{ name: string; extension: string; since?: string }> = [
  { name: 'po', extension: 'po' },
  { name: 'xliff', extension: 'xlf' },
  { name: 'xliff11', extension: 'xlf' },
  { name: 'tbx', extension: 'tbx' },
  { name: 'tmx', extension: 'tmx' },
  { name: 'mo', extension: 'mo' },
  { name: 'csv', extension: 'csv' },
  { name: 'xlsx', extension: 'xlsx' },
  { name: 'json', extension: 'json' },
  { name: 'aresource', extension: 'xml' },
  { name: 'strings', extension: 'strings' },
  { name: 'json-nested', extension: 'json', since: '5.3' },
  { name: 'csv-multi', extension: 'csv', since: '5.14' },
];

const exporterOf = (name: string) => EXPORTERS.find((e) => e.name === name);

/** The exporters as a user reads them in a refusal: `po, xliff, …, json-nested (5.3+), csv-multi (5.14+)`. */
export const EXPORTER_LIST = EXPORTERS.map((e) => (e.since ? `${e.name} (${e.since}+)` : e.name)).join(', ');

/**
 * A --convert value as wli asks it: an exporter's name, `zip` (a zip of the files as stored) or
 * `zip:NAME` (a zip of converted files, download_multi in weblate/trans/views/files.py); undefined for
 * a conversion Weblate has no exporter for. Weblate answers one only after it committed the pending
 * changes of a zip (download_multi commits first) and then as a bare 404 "Not found." on 5.10 and
 * later: so it is refused before any request.
 */
export function conversionOf(text: string): string | undefined {
  const name = text.startsWith('zip:') ? text.slice(4) : text;
  if (text === 'zip') return text;
  return exporterOf(name) ? text : undefined;
}

/** Whether a conversion asks for a zip (`zip`, `zip:NAME`: download_multi in weblate/trans/views/files.py, every release wli reads). */
export const isZipConversion = (convert: string): boolean => convert === 'zip' || convert.startsWith('zip:');

/** The exporter a conversion asks for (`po` of `zip:po`), or undefined for none (`zip`). */
export const exporterName = (convert: string): string | undefined => (convert === 'zip' ? undefined : convert.replace(/^zip:/, ''));

/** The release of Weblate that added an exporter, when it is newer than what wli reads anyway. */
export const exporterSince = (name: string): string | undefined => exporterOf(name)?.since;

/**
 * The name Weblate gives what it sends, known before asking (weblate/formats/base.py BaseExporter
 * get_filename, weblate/utils/views.py download_translation_file and zip_download; 2026.8, and the
 * same back to 4.x):
 * - a zip of a component or project: its full slug with '/' as '-' (`demo-docs-guide.zip`, `demo.zip`);
 * - a translation converted: `"-".join(translation.get_url_path())` (project, every category, the
 *   component, the language) and the exporter's extension (`demo-docs-guide-cs.xlf` for xliff);
 * - a translation's file as stored: project, the component's own slug (no category) and the language
 *   (`demo-guide-cs`), then the repository file's own extension, unknown here: the stem `demo-guide-cs.`.
 */
export function predictedName(t: Downloaded, convert: string | undefined): { name: string } | { stem: string } {
  if (t.kind === 'project') return { name: `${t.project}.zip` };
  if (t.kind === 'component') return { name: `${[t.project, ...t.component].join('-')}.zip` };
  const exporter = convert === undefined ? undefined : exporterOf(exporterName(convert) ?? '');
  if (exporter) return { name: `${[t.project, ...t.component, t.language].join('-')}.${exporter.extension}` };
  return { stem: `${[t.project, t.component.at(-1), t.language].join('-')}.` };
}

/**
 * The name a download gets when the server gives none usable and wli predicts none (a file as stored,
 * none of its stem here yet): the stem made safe, `.txt`, since its own extension is unknown.
 */
export function fallbackName(t: Downloaded): string {
  const predicted = predictedName(t, undefined);
  const stem = 'stem' in predicted ? predicted.stem.slice(0, -1) : predicted.name.replace(/\.zip$/, '');
  return `${stem.replace(/[^\w.-]/g, '_')}.${t.kind === 'translation' ? 'txt' : 'zip'}`;
}
