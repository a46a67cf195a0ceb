// Where a component keeps its files in the repository, as Weblate itself names them (2026.8 snapshot
// and every version wli supports):
// - a translation's file is its component's `filemask` with the `*` replaced by the translation's
//   language code as its file names it (`language_code`: the component's language_code_style applied,
//   pt-rBR, b+sr+Latn): Format.get_language_filename, `mask.replace("*", code)`
//   (weblate/formats/base.py), which Component.get_new_language_filename uses for every file it adds;
//   and reading the repository, Component.get_lang_code (weblate/trans/models/component.py) takes the
//   code back out of a name its filemask_re matches, and Translation.check_sync stores it as the
//   translation's `language_code`;
// - the component's `template`, `intermediate` and `new_base` are the source translation's files
//   (Component.source_translation is made with filename=template; Component.create_translations reads
//   new_base as the source of a gettext component): no other language has them;
// - Weblate's own check of a filemask is only that it holds a `*` (validate_filemask,
//   weblate/trans/validators.py): a mask whose file name is a bare `*` (`*`, `locale/*`) names any file
//   of its folder, `gradlew` as well as `cs`. No format keeps its translations that way, so wli gives
//   such a mask no file at all.
//
// A language code is as Weblate writes one: ASCII letters and digits with `-`, `_` or `@` between them
// (LANGUAGE_CODE_RE, weblate/lang/models.py), and `+` for Android's resource qualifiers (b+sr+Latn:
// Format.get_language_android, weblate/formats/base.py), at most 50 characters (LANGUAGE_CODE_LENGTH,
// weblate/trans/defines.py; Translation.language_code, max_length=50). A code outside it is not one
// Weblate made: `..`, `x/y`, an empty one, or a name chosen to land on another file.
import { sourceLanguageCode } from './objects.js';

type Obj = Record<string, unknown>;

/** A component's file fields as the server sent them; undefined where it sent none (or an empty one). */
export interface ComponentFiles {
  filemask?: string;
  template?: string;
  intermediate?: string;
  newBase?: string;
  /** The component's source language (`source_language.code`): the one translation its template, intermediate and new_base are. */
  sourceLanguage?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The file fields of a Component object (a project's list, a translation's nested `component`). */
export function componentFiles(component: Obj): ComponentFiles {
  return {
    filemask: text(component.filemask),
    template: text(component.template),
    intermediate: text(component.intermediate),
    newBase: text(component.new_base),
    sourceLanguage: text(sourceLanguageCode(component)),
  };
}

const FILE_LANGUAGE_CODE = /^[A-Za-z0-9]+(?:[-_@+][A-Za-z0-9]+)*$/;

/** Whether `code` is a language code as Weblate writes one into a file name (see above). */
export function isFileLanguageCode(code: string): boolean {
  return code.length <= 50 && FILE_LANGUAGE_CODE.test(code);
}

/** Whether the mask's file name (its last part) is only stars: any file of its folder. */
export function isBareMask(filemask: string): boolean {
  return /^\*+$/.test(filemask.split(/[\\/]/).pop() ?? '');
}

/** The file Weblate names for a translation of `code`: the filemask, each `*` replaced (Python's str.replace). */
export function translationFilename(filemask: string, code: string): string {
  return filemask.split('*').join(code);
}

/** The source translation's own files, by the field that names each. */
const SOURCE_FILES = [
  ['template', 'template'],
  ['intermediate', 'intermediate'],
  ['new_base', 'newBase'],
] as const;

/** What a translation is, for the name it may have: its file's language code, and whether it is the component's source. */
export interface TranslationOf {
  code: string;
  source: boolean;
}

/** Why a name is not a translation's file under its component's layout. */
export type NotItsFile =
  /** The server sent no component, or one without a filemask. */
  | { why: 'no-mask' }
  /** The filemask's file name is a bare `*`. */
  | { why: 'bare' }
  /** The language code is not one Weblate writes. */
  | { why: 'code' }
  /** The name is the source translation's file (`field`: template, intermediate, new_base) and this is not the source. */
  | { why: 'source-file'; field: string }
  /** Any other name: `expected` is the one Weblate's rule gives. */
  | { why: 'name'; expected: string };

/**
 * Whether `name` is the file of this translation of the component (see above): undefined when it is,
 * else why not. A source translation may also be its template, intermediate or new_base.
 */
export function notItsFile(files: ComponentFiles, name: string, t: TranslationOf): NotItsFile | undefined {
  const sourceField = SOURCE_FILES.find(([, key]) => files[key] !== undefined && files[key] === name)?.[0];
  if (sourceField !== undefined) return t.source ? undefined : { why: 'source-file', field: sourceField };
  if (files.filemask === undefined) return { why: 'no-mask' };
  if (isBareMask(files.filemask)) return { why: 'bare' };
  if (!isFileLanguageCode(t.code)) return { why: 'code' };
  const expected = translationFilename(files.filemask, t.code);
  return name === expected ? undefined : { why: 'name', expected };
}
