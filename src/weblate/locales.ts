// A Weblate language code (cs, pt_BR, sr_Latn, sr@latin, zh_Hant) in the forms build configurations
// take. The rules are Weblate's own (weblate/formats/base.py, get_language_*): so what wli prints is
// what Weblate would name a file in that style. No I/O.

/** The forms `wli locales --as` prints. */
export const LOCALE_FORMS = ['bcp47', 'posix', 'android', 'apple', 'linguas', 'json'] as const;
type LocaleForm = (typeof LOCALE_FORMS)[number];

/** What a code may hold to be printed into a build file: anything else is no language code (and could be an escape). */
const CODE = /^[A-Za-z0-9][A-Za-z0-9_@.+-]{0,63}$/;
export const isPrintableCode = (code: string): boolean => CODE.test(code);

/** Scripts Weblate's codes spell as a glibc modifier (sr@latin): their ISO 15924 subtags. */
const MODIFIER_SCRIPTS: Record<string, string> = { latin: 'Latn', cyrillic: 'Cyrl', arabic: 'Arab', devanagari: 'Deva' };

/** Codes Android kept from before ISO 639 changed them (Weblate's ANDROID_CODES). */
const ANDROID_CODES: Record<string, string> = { he: 'iw', id: 'in', yi: 'ji' };
/** Hans/Hant as the region codes Linux and Android use (Weblate's LEGACY_CODES). */
const LEGACY_CODES: Record<string, string> = { zh_Hans: 'zh_CN', zh_Hant: 'zh_TW', zh_Hans_SG: 'zh_SG', zh_Hant_HK: 'zh_HK' };

/** Weblate's posix form: underscores (pt_BR, sr_Latn); a modifier (sr@latin) as it is. */
export function posixCode(code: string): string {
  return code.replace(/-/g, '_');
}

/** The code's parts, a glibc modifier of a script read as that script (sr@latin → sr, Latn). */
function parts(code: string): string[] {
  const [base = code, modifier] = posixCode(code).split('@', 2);
  const p = base.split('_').filter((s) => s !== '');
  if (modifier !== undefined) p.splice(1, 0, MODIFIER_SCRIPTS[modifier.toLowerCase()] ?? modifier);
  return p;
}

/** A BCP 47 tag: hyphens, a script in title case, a region in upper case (sr_Latn → sr-Latn, pt_br → pt-BR). */
export function bcp47Code(code: string): string {
  return parts(code)
    .map((p, i) => {
      if (i === 0) return p.toLowerCase();
      if (/^[A-Za-z]{4}$/.test(p)) return p.charAt(0).toUpperCase() + p.slice(1).toLowerCase();
      if (/^([A-Za-z]{2}|\d{3})$/.test(p)) return p.toUpperCase();
      return p;
    })
    .join('-');
}

/**
 * An Android resource directory (values-cs, values-pt-rBR, values-b+sr+Latn), by Weblate's android
 * style: its legacy codes (he → iw, zh_Hant → zh-rTW), a region as -rXX, anything longer (a script) as
 * the BCP 47 form b+sr+Latn.
 */
export function androidCode(code: string): string {
  const posix = posixCode(code);
  if (ANDROID_CODES[posix]) return ANDROID_CODES[posix];
  const p = parts(LEGACY_CODES[posix] ?? posix);
  const second = p[1];
  if (second !== undefined && second.length > 2) return `b+${p.join('+')}`;
  return p.join('-r');
}

/** An Apple localisation folder (cs.lproj, pt-BR.lproj, zh-Hant.lproj): its BCP 47 tag. */
export function appleCode(code: string): string {
  return `${bcp47Code(code)}.lproj`;
}

/** One language as every form shows it; `fileCode` is how its component's files name it (language_code). */
export interface LocaleRow {
  code: string;
  fileCode: string;
}

/** One line of a list in `form` (every form but json, which is the list as one JSON array). */
function localeLine(row: LocaleRow, form: Exclude<LocaleForm, 'json'>): string {
  switch (form) {
    case 'bcp47':
      return bcp47Code(row.code);
    case 'posix':
      return posixCode(row.code);
    case 'android':
      return `values-${androidCode(row.code)}`;
    case 'apple':
      return appleCode(row.code);
    case 'linguas':
      // A LINGUAS file names the catalogues (po/<code>.po): the code the component's files use, which
      // is its language_code_style applied (Translation.language_code).
      return row.fileCode;
  }
}

/** The whole list in `form`: one code a line, or (json) one JSON array of BCP 47 tags. */
export function localeList(rows: readonly LocaleRow[], form: LocaleForm): string {
  if (form === 'json')
    return `${JSON.stringify(
      rows.map((r) => bcp47Code(r.code)),
      null,
      2,
    )}\n`;
  return rows.map((r) => `${localeLine(r, form)}\n`).join('');
}
