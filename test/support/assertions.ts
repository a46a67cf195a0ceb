// Type assertions (`x as T`, `<T>x`) and non-null assertions (`x!`) in src/, counted per folder from
// the TypeScript syntax tree (comments and strings cannot fool it). `as const` is not counted: it
// asserts nothing, and @typescript-eslint/consistent-type-assertions allows it too.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Counts {
  casts: number;
  nonNull: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const isConstAssertion = (type: ts.TypeNode): boolean => ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** One file's counts. */
export function countIn(text: string, fileName = 'file.ts'): Counts {
  const counts: Counts = { casts: 0, nonNull: 0 };
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type)) counts.casts++;
    else if (ts.isNonNullExpression(node)) counts.nonNull++;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return counts;
}

/** Every folder of `src` (its files at the top are `.`) with its counts, folders in name order. */
export function countsBySrcFolder(src: string): Record<string, Counts> {
  const out: Record<string, Counts> = {};
  for (const file of sourceFiles(src)) {
    const parts = relative(src, file).split('/');
    const folder = parts.length > 1 ? parts[0]! : '.';
    const c = countIn(readFileSync(file, 'utf8'), file);
    const f = (out[folder] ??= { casts: 0, nonNull: 0 });
    f.casts += c.casts;
    f.nonNull += c.nonNull;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
