// The shape of src/ that reviews kept finding broken: an import cycle, a module other than the I/O
// layer writing to a stream. Read from the source itself, so a new file cannot slip past.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROOT } from './support/run.js';
import { STATE_NAMES, type Format, type GlobalOptionValues, type Threshold, type When } from '../src/spec/spec.js';
import { COMMANDS, type OptionsOf } from '../src/spec/commands.js';
import { COMMAND_NAMES } from '../src/spec/names.js';
import { commandIndexDrift, commandIndexFiles } from '../scripts/command-index.js';
import type { GlobalFlags } from '../src/config/settings.js';

const SRC = join(ROOT, 'src');

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every module a file imports (static, type-only and dynamic), as source paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+'([^']+)'/g),
    ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specs.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'));
}

// The floors CONTRIBUTING.md's map names, top to bottom: `main.ts` → main, `cli/` → cli, and a part of a
// folder on a floor of its own: `spec/commands.ts` → spec/commands, `commands/*/spec.ts` → commands/*/spec.
function mapFloors(): string[] {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const block = /## The map[\s\S]*?```text\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^(\S+?)(?:\/|\.ts)\s/gm)].map((m) => m[1] ?? '');
}

/** A file of src/ as the map names it: relative, without .ts (main, spec/commands, commands/units/spec). */
const pathOf = (file: string) => relative(SRC, file).replace(/\.ts$/, '');
/** Whether a floor of the map holds this path: a folder, a file, or a pattern whose * is one folder's name. */
const holds = (floor: string, path: string) =>
  new RegExp(
    `^${floor
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}(?:/|$)`,
  ).test(path);

describe('CONTRIBUTING.md', () => {
  it('its map names every floor of src/ once, in the order the imports allow (see below)', () => {
    const floors = mapFloors();
    expect(floors.length).toBeGreaterThan(8);
    expect(new Set(floors).size).toBe(floors.length);
    const present = new Set(sourceFiles().map((f) => relative(SRC, f).split('/')[0]!.replace(/\.ts$/, '')));
    expect([...present].sort()).toEqual(floors.filter((f) => !f.includes('/')).sort());
    // A line for a part of a folder holds at least one file.
    const paths = sourceFiles().map(pathOf);
    for (const part of floors.filter((f) => f.includes('/')))
      expect(
        paths.some((p) => holds(part, p)),
        part,
      ).toBe(true);
  });

  it('says truly when main.ts calls process.exit', () => {
    const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const main = readFileSync(join(SRC, 'main.ts'), 'utf8');
    expect(/process\.exit\(/.test(main)).toBe(/calls\s+process\.exit only after Ctrl-C/.test(text));
    expect(text).not.toMatch(/never process\.exit/);
  });
});

describe('src/', () => {
  const files = sourceFiles();
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it('sets no V8 flag and forces no garbage collection (issue 17: bin/wli.cjs is the one place)', () => {
    for (const f of files) expect(readFileSync(f, 'utf8'), relative(ROOT, f)).not.toMatch(/setFlagsFromString|expose[-_]gc|\bgc\(\)|runInNewContext/);
  });

  it('every relative import names a file that exists', () => {
    for (const [file, deps] of graph) for (const d of deps) expect(files, `${relative(ROOT, file)} imports ${relative(ROOT, d)}`).toContain(d);
  });

  it('has no import cycle (type-only and dynamic imports included)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      path.push(f);
      for (const d of graph.get(f) ?? []) {
        if (state.get(d) === 'open') cycles.push([...path.slice(path.indexOf(d)), d].map((p) => relative(SRC, p)).join(' → '));
        else if (!state.has(d)) visit(d);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  // The floors of the house, top to bottom, as CONTRIBUTING.md's map draws them: its first column,
  // line by line. A folder imports only from folders below it, so a folder-level cycle (which the
  // file-level test cannot see) cannot form, and the map cannot drift from the imports.
  const FLOORS = mapFloors();
  // A file's floor is the most specific line that holds it: spec/commands.ts is not on spec/'s floor.
  const floorOf = (file: string) => {
    const path = pathOf(file);
    const lines = FLOORS.filter((f) => holds(f, path)).sort((a, b) => b.length - a.length);
    return lines[0] ?? path.split('/')[0]!;
  };

  it('every folder of src/ has a floor', () => {
    expect(
      files
        .filter((f) => !f.endsWith('.d.ts'))
        .map(floorOf)
        .filter((f) => !FLOORS.includes(f)),
    ).toEqual([]);
  });

  it('imports flow one way between folders: down the floors, never up or sideways into a cycle', () => {
    const upward: string[] = [];
    for (const [file, deps] of graph) {
      for (const d of deps) {
        const [from, to] = [floorOf(file), floorOf(d)];
        if (from !== to && FLOORS.indexOf(to) <= FLOORS.indexOf(from)) upward.push(`${relative(SRC, file)} (${from}) → ${relative(SRC, d)} (${to})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('only the I/O layer (src/io/) writes to stdout or stderr', () => {
    const offenders: string[] = [];
    for (const file of files) {
      if (file.startsWith(join(SRC, 'io') + '/')) continue;
      const text = readFileSync(file, 'utf8');
      for (const [i, line] of text.split('\n').entries()) {
        if (/\b(stdout|stderr)\s*\.\s*write\b|\bconsole\.(log|error|warn|info|debug)\b|process\.(stdout|stderr)\b(?!\.on\('error')/.test(line))
          offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      }
    }
    // main.ts and context.ts hand the process's streams to the I/O layer; nothing else names them.
    expect(offenders.filter((o) => !/^src\/(main|core\/context)\.ts:/.test(o) || /write|console/.test(o))).toEqual([]);
  });

  // Issue 47.2: a server's 400 is the user's to fix, said in one place (api/errors.ts refusedByServer)
  // with the command's words; a command that tested the status itself would say it its own way.
  it('no command checks for an HTTP 400 itself: it hands the error to refusedByServer', () => {
    const asks400 = /\bstatus\s*(?:===?|!==?)\s*400\b|\b400\s*(?:===?|!==?)\s*[\w.?]*status\b|\bcase\s+400\b/;
    const offenders = files
      .filter((f) => f.startsWith(join(SRC, 'commands') + '/'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (asks400.test(line) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  // A command is declared once, in spec.ts; src/cli/registry.ts loads src/commands/<name>/<name>.ts by name.
  it('every command of spec.ts has its src/commands/<name>/<name>.ts with run(), and no other file there has one', () => {
    const runs = files.filter(
      (f) => f.startsWith(join(SRC, 'commands') + '/') && /^export (async )?function run\b|^export const run\b/m.test(readFileSync(f, 'utf8')),
    );
    expect(runs.map((f) => relative(join(SRC, 'commands'), f)).sort()).toEqual(COMMANDS.map((c) => `${c.name}/${c.name}.ts`).sort());
  });

  it('commands and settings read their options as typed from their specs, without casts', () => {
    // Checked by tsc (npm run build type-checks the tests): a change to spec.ts changes these types.
    expectTypeOf<OptionsOf<'units'>['state']>().toEqualTypeOf<Array<(typeof STATE_NAMES)[number]> | undefined>();
    expectTypeOf<OptionsOf<'changes'>['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<OptionsOf<'changes'>['since']>().toEqualTypeOf<When | undefined>();
    expectTypeOf<OptionsOf<'changes'>['action']>().toEqualTypeOf<number[] | undefined>();
    expectTypeOf<OptionsOf<'stats'>['failUnder']>().toEqualTypeOf<Threshold[] | undefined>();
    expectTypeOf<OptionsOf<'stats'>['skipSource']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<OptionsOf<'stats'>['metric']>().toEqualTypeOf<'translated' | 'approved' | 'translated_words' | undefined>();
    // The global options too: declared `as const` in GLOBAL_OPTIONS, so settings read them typed.
    expectTypeOf<GlobalFlags>().toEqualTypeOf<GlobalOptionValues>();
    expectTypeOf<GlobalFlags['format']>().toEqualTypeOf<Format | undefined>();
    expectTypeOf<GlobalFlags['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<GlobalFlags['fields']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<GlobalFlags['token']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<GlobalFlags['pageSize']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<GlobalFlags['color']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<GlobalFlags['allowInsecureHttp']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<keyof GlobalFlags>().toEqualTypeOf<
      | 'config'
      | 'configSection'
      | 'url'
      | 'token'
      | 'format'
      | 'fields'
      | 'wrap'
      | 'sort'
      | 'headers'
      | 'jq'
      | 'timeout'
      | 'retries'
      | 'concurrency'
      | 'pageSize'
      | 'allowInsecureHttp'
      | 'color'
      | 'pager'
      | 'quiet'
      | 'verbose'
      | 'debug'
    >();
    const casts = files
      .filter((f) => f.startsWith(join(SRC, 'commands') + '/'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [`${relative(ROOT, f)}:${i + 1}`, line] as const),
      )
      .filter(([, line]) => /\bopts\.\w+\s+as\b|\bopts\s+as\b|as CommandInput\b/.test(line));
    expect(casts).toEqual([]);
  });
});

// Issue 46, "Done when": Weblate's knowledge in one place. No module outside src/weblate/ writes a
// Weblate search term, compares a unit's state with a number, or builds one of Weblate's file names:
// it asks src/weblate/ (scope.ts, checks.ts, units.ts, files.ts), where each rule cites Weblate's
// source. The specs (src/spec/spec.ts, each command's src/commands/<name>/spec.ts) are left out: their
// help notes and examples show the user Weblate's search language and names in words (the `--help`
// text), they build nothing wli sends.
describe("Weblate's knowledge stays in src/weblate/", () => {
  /** The code of a file: comments removed (a comment may name a term; only code can build one). */
  const codeOf = (file: string): string =>
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ''))
      .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const outside = sourceFiles().filter((f) => {
    const rel = relative(SRC, f);
    return !rel.startsWith('weblate/') && rel !== 'spec/spec.ts' && !/^commands\/[^/]+\/spec\.ts$/.test(rel);
  });
  const FIELDS =
    'state|check|dismissed_check|component|path|has|is|project|language|source|target|context|key|pending|label|note|location|priority|changed|changed_by|added|explanation|comment|suggestion|screenshot';
  const hits = (re: RegExp): string[] =>
    outside.flatMap((f) =>
      codeOf(f)
        .split('\n')
        .flatMap((line, i) => (re.test(line) ? [`${relative(SRC, f)}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('no search term (field:value, field:=value) in a string outside src/weblate/', () => {
    // Inside a string or template literal: a field name right after the quote or a space, then the operator and a value.
    const term = new RegExp(`['"\`(\\s](?:${FIELDS}):(?:=|<=?|>=?)?[\\w'"$.*-]`);
    expect(hits(term)).toEqual([]);
  });
  it('no unit state compared with a number outside src/weblate/', () => {
    expect(hits(/\bstate\b[^;\n]{0,24}(?:===|!==|>=|<=|[<>])\s*\d|\d\s*(?:===|!==|>=|<=|[<>])[^;\n]{0,24}\bstate\b/)).toEqual([]);
  });
  it("no Weblate file name built outside src/weblate/ (a zip's name, a zip: conversion, a slug path joined by '-')", () => {
    expect(hits(/\.zip\b|['"`]zip:|startsWith\(['"`]zip|join\(['"`]-['"`]\)|replace\(\/\\\/\/g,\s*['"`]-['"`]\)/)).toEqual([]);
  });
});

// CONTRIBUTING.md's recipe for a command: its folder (src/commands/<name>/ with <name>.ts and spec.ts),
// its name in the one list (src/spec/names.ts), `npm run docs`, tests. These hold that the recipe is all
// it takes: a command that needed another hand edit somewhere would fail one of them.
describe('adding a command (the recipe in CONTRIBUTING.md)', () => {
  const COMMANDS_DIR = join(SRC, 'commands');
  // Folders of src/commands/ that are no command: parts that more than one command uses. None today;
  // name one here (and in the map) before making it.
  const SHARED: string[] = [];

  it('every name of the list has its folder with <name>.ts and spec.ts, and every folder there is a command', () => {
    const entries = readdirSync(COMMANDS_DIR, { withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    expect(entries.map((e) => e.name).sort()).toEqual([...COMMAND_NAMES, ...SHARED].sort());
    for (const name of COMMAND_NAMES) {
      expect(existsSync(join(COMMANDS_DIR, name, `${name}.ts`)), `src/commands/${name}/${name}.ts`).toBe(true);
      expect(existsSync(join(COMMANDS_DIR, name, 'spec.ts')), `src/commands/${name}/spec.ts`).toBe(true);
    }
    // Each spec is the one of its folder's command, in the order of the list.
    expect(COMMANDS.map((c) => c.name)).toEqual([...COMMAND_NAMES]);
  });

  it("a command's spec is a leaf of its folder: it imports no module of src/commands/ (help and completion load no run)", () => {
    const specs = COMMAND_NAMES.map((name) => join(COMMANDS_DIR, name, 'spec.ts'));
    const reached = specs.flatMap((spec) =>
      importsOf(spec)
        .filter((d) => d.startsWith(COMMANDS_DIR + '/'))
        .map((d) => `${relative(SRC, spec)} → ${relative(SRC, d)}`),
    );
    expect(reached).toEqual([]);
  });

  it('needs no hand-kept list beside the names: only the files generated from the list import a command from outside its folder', async () => {
    expect(await commandIndexDrift(), 'run npm run docs').toEqual([]);
    const generated = (await commandIndexFiles()).map(([path]) => join(ROOT, path));
    const outside = sourceFiles()
      .filter((f) => !f.startsWith(COMMANDS_DIR + '/') && !generated.includes(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((d) => d.startsWith(COMMANDS_DIR + '/'))
          .map((d) => `${relative(SRC, f)} → ${relative(SRC, d)}`),
      );
    expect(outside).toEqual([]);
    // A new name is all the generated files need: they then load its folder's two files.
    const [declared, modules] = (await commandIndexFiles([...COMMAND_NAMES, 'new-thing'])).map(([, text]) => text);
    expect(declared).toContain("import { spec as newThing } from '../commands/new-thing/spec.js';");
    expect(modules).toContain("newThing: () => import('../commands/new-thing/new-thing.js'),");
  });

  it('CONTRIBUTING.md says the recipe', () => {
    const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const recipe = /\*\*A command\.\*\*([\s\S]*?)\n- \*\*/.exec(text)?.[1] ?? '';
    for (const step of ['src/commands/<name>/', '<name>.ts', 'spec.ts', 'COMMAND_NAMES', 'npm run docs', 'test']) expect(recipe, step).toContain(step);
  });
});
