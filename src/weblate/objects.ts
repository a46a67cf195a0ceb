// Reading Weblate's objects: the few facts wli needs from a translation, statistics row, component or
// language, whichever shape the server's version sent.
import { isItem } from '../core/page.js';
import { plainText } from '../core/values.js';

type Obj = Record<string, unknown>;

/** The object a field holds (a Translation's `language`, a Unit's `component`); undefined when it holds none. */
export const objectAt = (o: Obj, key: string): Obj | undefined => {
  const v = o[key];
  return isItem(v) ? v : undefined;
};

const nested = (o: Obj, key: string, field: string): unknown => objectAt(o, key)?.[field];

/**
 * The language code of a Translation (`language.code`, else `language_code`), a Statistics row or a
 * Language (`code`). One rule for every caller: the nested language's code first (it is what the
 * translation's URL and target use), a translation's `language_code` next (the code its file name
 * uses, the component's language_code_style applied: b+sr+Latn for sr_Latn, which no URL takes), a
 * bare `code` last.
 */
export function languageCode(o: Obj): string | undefined {
  for (const v of [nested(o, 'language', 'code'), o.language_code, o.code]) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

/** The code a Translation's file name uses (`language_code`: the component's language_code_style applied), else its language's. */
export function fileLanguageCode(o: Obj): string | undefined {
  const v = o.language_code;
  return typeof v === 'string' && v !== '' ? v : languageCode(o);
}

/** The other codes a Language is known by (`aliases`, lower case: cz for cs); none on servers that send none. */
export function languageAliases(l: Obj): string[] {
  return Array.isArray(l.aliases) ? l.aliases.filter((a): a is string => typeof a === 'string') : [];
}

/** The source language code of a Component (`source_language.code`). */
export function sourceLanguageCode(component: Obj): string | undefined {
  const code = nested(component, 'source_language', 'code');
  return typeof code === 'string' ? code : undefined;
}

/** The source language every component shares; undefined when they differ, one names none, or there are none. */
export function commonSourceLanguage(components: readonly Obj[]): string | undefined {
  const sources = components.map(sourceLanguageCode);
  return sources.length > 0 && sources.every((c) => c !== undefined && c === sources[0]) ? sources[0] : undefined;
}

/**
 * A Translation's `revision`: the commit of its file in Weblate's repository ("<file's>,<template's>"),
 * which changes whenever the file does (an upstream commit, msgmerge, a template update), unlike the
 * Last-Modified of its …/file/ (the last change made in Weblate). Undefined when empty or not sent.
 * Weblate's source: weblate/trans/models/translation.py Translation.revision.
 */
export function translationRevision(translation: Obj): string | undefined {
  const v = translation.revision;
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A Language's plural forms: current servers nest plural{number, formula}; old ones send nplurals/pluralequation. */
export function pluralOf(l: Obj): { number: unknown; formula: unknown } | undefined {
  const inner = objectAt(l, 'plural');
  const number = inner ? inner.number : l.nplurals;
  const formula = inner ? inner.formula : l.pluralequation;
  return number === undefined && formula === undefined ? undefined : { number, formula };
}

/** "2 forms: n != 1"; '' when the server sent no plural rule. */
export function pluralText(l: Obj): string {
  const p = pluralOf(l);
  return p ? `${plainText(p.number ?? '?')} forms: ${plainText(p.formula ?? '')}` : '';
}

/** The id at the end of an API URL ("…/api/units/123/" → "123"); other text as it is. */
export function idFromUrl(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : plainText(value);
  const m = /\/(\d+)\/?(?:\?.*)?$/.exec(value);
  return m?.[1] ?? value;
}

/**
 * Ids in order, exact whatever their size: ids that are whole numbers (numbers, exact numbers beyond
 * 2^53, digits) by value, compared as digits (a double would make 2^53 + 1 equal 2^53), before any
 * other, which go by their text.
 */
export function compareIds(a: unknown, b: unknown): number {
  const [x, y] = [plainText(a), plainText(b)];
  const [dx, dy] = [/^\d+$/.test(x), /^\d+$/.test(y)];
  if (dx !== dy) return dx ? -1 : 1;
  const [tx, ty] = dx ? [x.replace(/^0+(?=\d)/, ''), y.replace(/^0+(?=\d)/, '')] : [x, y];
  return (dx ? tx.length - ty.length : 0) || (tx < ty ? -1 : tx > ty ? 1 : 0);
}

/** Fields of Weblate's objects that hold a file path or mask (a component's, a translation's `filename`). */
const PATH_FIELDS = new Set(['filename', 'filemask', 'template', 'new_base', 'intermediate', 'screenshot_filemask']);

/** Whether an object's field holds a URL or a file path: a value people copy whole. */
export function isUrlOrPath(field: string, value: unknown): boolean {
  return typeof value === 'string' && (PATH_FIELDS.has(field) || /^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(value));
}
