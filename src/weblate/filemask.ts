// Where a component keeps its files in the repository, as Weblate itself decides it: a translation's
// file is one its `filemask` matches, and the component also writes its `template`, `intermediate`
// and `new_base` (Component.uses_changed_files, weblate/trans/models/component.py). The mask is
// Weblate's own glob (Component.filemask_re): `*` is any run of characters within one path segment
// (`([^/]*)`), and every other character stands for itself (`?` and `[` included).

type Obj = Record<string, unknown>;

/** A component's file fields as the server sent them; undefined where it sent none (or an empty one). */
export interface ComponentFiles {
  filemask?: string;
  template?: string;
  intermediate?: string;
  newBase?: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The file fields of a Component object (a project's list, a translation's nested `component`). */
export function componentFiles(component: Obj): ComponentFiles {
  return {
    filemask: text(component.filemask),
    template: text(component.template),
    intermediate: text(component.intermediate),
    newBase: text(component.new_base),
  };
}

/**
 * Whether `filemask` matches `name` as Weblate's filemask_re does; `*` never crosses a `/` (nor a `\`,
 * which wli reads as a separator too).
 */
export function filemaskMatches(filemask: string, name: string): boolean {
  const source = filemask
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('[^/\\\\]*');
  return new RegExp(`^${source}$`, 'su').test(name);
}

/** Whether `name` is a file of the component: one its filemask matches, or its template, intermediate or new_base. */
export function isComponentFile(files: ComponentFiles, name: string): boolean {
  if ([files.template, files.intermediate, files.newBase].includes(name)) return true;
  return files.filemask !== undefined && filemaskMatches(files.filemask, name);
}
