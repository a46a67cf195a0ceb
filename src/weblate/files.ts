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
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to filename= */
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;]+)/.exec(header);
  return bare ? bare[1]!.trim() : undefined;
}

/** What a download names: a translation (its file, or a zip of its component), a component or a project (zips). */
export type Downloaded =
  | { kind: 'translation'; project: string; component: string[]; language: string }
  | { kind: 'component'; project: string; component: string[] }
  | { kind: 'project'; project: string };

const stemOf = (t: Downloaded): string =>
  (t.kind === 'translation' ? [t.project, ...t.component, t.language] : t.kind === 'component' ? [t.project, ...t.component] : [t.project]).join('-');

/**
 * The name Weblate gives what it sends, known before asking: `p.zip`, `p-c.zip`, and for a
 * translation `p-c-l.ext`, whose extension is the conversion's format; a file as stored keeps its
 * own, unknown here: then the stem (`p-c-l.`) the name starts with.
 */
export function predictedName(t: Downloaded, convert: string | undefined): { name: string } | { stem: string } {
  if (t.kind !== 'translation') return { name: `${stemOf(t)}.zip` };
  return convert === undefined ? { stem: `${stemOf(t)}.` } : { name: `${stemOf(t)}.${convert}` };
}

/**
 * The name a download gets when the server gives none usable and wli predicts none (a file as stored,
 * none of its stem here yet): the stem made safe, `.txt`, since its own extension is unknown.
 */
export function fallbackName(t: Downloaded): string {
  return `${stemOf(t).replace(/[^\w.-]/g, '_')}.${t.kind === 'translation' ? 'txt' : 'zip'}`;
}
