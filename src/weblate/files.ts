// Weblate's file downloads (weblate/trans/views/files.py, zip_download): every file it sends names
// itself, `Content-Disposition: attachment; filename=p-c-l.ext` (or p-c.zip, p.zip).

type Headers = Record<string, string | string[] | undefined>;

/** The answer names a file to save, as every Weblate download does. */
export function isFileAnswer(headers: Headers): boolean {
  const v = headers['content-disposition'];
  const text = Array.isArray(v) ? v[0] : v;
  return text !== undefined && /^\s*attachment\b/i.test(text);
}
