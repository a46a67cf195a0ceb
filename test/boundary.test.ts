// Issue 47 items 1 and 2, held by the code's own types: commands and gates read Weblate's objects through
// the typed views of src/weblate/ (never a raw field of an Item), and nothing below the run's construction
// takes a session: a command gets the Weblate object, the Report and plain values. Read with the
// TypeScript compiler (the type of each expression), so a new file or a renamed variable cannot slip past.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/run.js';

const SRC = join(ROOT, 'src');
let program: ts.Program;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json cannot be read');
  program = ts.createProgram(
    config.fileNames.filter((f) => f.startsWith(SRC)),
    config.options,
  );
}, 120_000);

/** Each node of the files under these folders of src/ that `pick` names, as "file:line: text". */
function sites(folders: string[], pick: (node: ts.Node, checker: ts.TypeChecker) => boolean): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const sf of program.getSourceFiles()) {
    const rel = relative(SRC, sf.fileName);
    if (!folders.some((f) => rel.startsWith(`${f}/`))) continue;
    const visit = (node: ts.Node): void => {
      if (pick(node, checker)) found.push(`src/${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/** Whether a type is core/page.ts's Item (a server object, or any Record<string, unknown>). */
function isItem(type: ts.Type, checker: ts.TypeChecker): boolean {
  return type.aliasSymbol?.name === 'Item' || checker.typeToString(type) === 'Record<string, unknown>';
}

/** A field being written (an object wli builds for the output), not read. */
const isWritten = (node: ts.Node): boolean =>
  ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;

describe('the Weblate boundary (issue 47.1)', () => {
  it('commands and gates read no field of a raw server object (an Item): they read views of src/weblate/', () => {
    const raw = sites(
      ['commands', 'gate'],
      (node, checker) =>
        (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) &&
        !isWritten(node) &&
        isItem(checker.getTypeAtLocation(node.expression), checker),
    );
    expect(raw).toEqual([]);
  });

  it('nor read a field by its name through a path helper', () => {
    const helpers = new Set(['getPath', 'objectAt']);
    const named = sites(['commands', 'gate'], (node) => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && helpers.has(node.expression.text));
    expect(named).toEqual([]);
  });
});

describe('one Weblate object per run (issue 47.2)', () => {
  it('no function of src/ takes a session: commands get the Weblate object, the Report and plain values', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : []));
    const taking = sites(folders, (node) => ts.isParameter(node) && /session/i.test(node.name.getText()));
    expect(taking).toEqual([]);
    const bundles = sites(['commands', 'gate'], (node) => ts.isTypeReferenceNode(node) && node.typeName.getText() === 'RunParts');
    expect(bundles).toEqual([]);
  });

  it('the resolved settings reach only wli config, which shows them', () => {
    const readers = sites(['commands'], (node, checker) => {
      if (!ts.isIdentifier(node) || node.text !== 'settings') return false;
      const type = checker.typeToString(checker.getTypeAtLocation(node));
      return /Readonly<Settings>|^Settings$/.test(type);
    });
    expect(readers.filter((s) => !s.startsWith('src/commands/config/'))).toEqual([]);
  });
});
