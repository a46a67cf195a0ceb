// Sample output in the hand-written docs comes from real runs: wli, in-process, against the sample
// server (the fake Weblate `npm run sample-server` starts). A block is marked in the Markdown source:
//
//   <!-- sample [LANG]
//   FILE: TEXT
//   $ wli ARGS
//   -->
//   ```LANG
//   (filled in)
//   ```
//   <!-- /sample -->
//
// Lines of the marker: `$ wli …` is a command (a trailing `> FILE` writes its stdout to FILE, `> /dev/null`
// drops it);
// `NAME: TEXT` writes the file NAME (a path inside the directory: `app/x.xml`, its directories made)
// before the commands run. The commands of one document share one directory, in document order. LANG `console` (the default) shows each command after `$ `, its stdout,
// its stderr and, when it is not 0, its exit code (`$ echo $?`); any other LANG shows only what the
// commands wrote to stdout. The server's random port reads as the sample server's usual one, and the
// clock is fixed, so a run is the same every time.
//
// `npm run docs` (scripts/generate-docs.ts) fills the blocks; test/docs.test.ts fails when a committed
// document differs from a fresh run.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_OPTIONS, startFakeWeblate } from './fake-weblate/index.js';
import { ROOT, wliIn } from './run.js';

/** The documents that may hold samples: README.md and docs/*.md (docs/commands.md is generated whole). */
export function sampleDocuments(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'commands.md')
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** How the samples show the sample server: the port `npm run sample-server` prints in README.md. */
export const SAMPLE_ORIGIN = 'http://127.0.0.1:40123';
/** The samples' "now" (after the sample data's last change, 2026-11-21), for `--since 7d` and the like. */
export const SAMPLE_NOW = Date.parse('2026-11-25T12:00:00Z');

const BLOCK = /(<!-- sample(?:[ \t]+([\w-]+))?[ \t]*\n([\s\S]*?)-->\n)([\s\S]*?)(<!-- \/sample -->)/g;

interface Sample {
  lang: string;
  files: Array<[name: string, text: string]>;
  commands: string[];
}

function readMarker(lang: string | undefined, body: string, where: string): Sample {
  const sample: Sample = { lang: lang ?? 'console', files: [], commands: [] };
  for (const line of body.split('\n').map((l) => l.trim())) {
    if (line === '') continue;
    if (line.startsWith('$ wli ')) sample.commands.push(line.slice(2));
    else if (/^[\w.-]+(\/[\w.-]+)*: /.test(line)) {
      const at = line.indexOf(': ');
      const name = line.slice(0, at);
      if (name.split('/').some((part) => part === '.' || part === '..'))
        throw new Error(`${where}: a sample writes only files of its own directory, not '${name}'`);
      sample.files.push([name, line.slice(at + 2)]);
    } else throw new Error(`${where}: a sample marker line is '$ wli …' or 'FILE: TEXT', not '${line}'`);
  }
  if (sample.commands.length === 0) throw new Error(`${where}: a sample without a '$ wli …' command`);
  return sample;
}

/** A command line as a shell splits it: words, 'single' and "double" quoted strings. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  return words;
}

/** The document with every sample block filled from a fresh run. */
export async function fillDocument(text: string, path: string, serverUrl: string): Promise<string> {
  const blocks = [...text.matchAll(BLOCK)];
  const opened = (text.match(/<!-- sample\b/g) ?? []).length;
  if (opened !== blocks.length) throw new Error(`${path}: ${opened} sample marker(s), ${blocks.length} closed by <!-- /sample -->`);
  if (blocks.length === 0) return text;
  const dir = mkdtempSync(join(tmpdir(), 'wli-doc-sample-'));
  const origin = new URL(serverUrl).origin;
  const shown = (s: string) => s.replaceAll(origin, SAMPLE_ORIGIN);
  try {
    let out = '';
    let last = 0;
    for (const m of blocks) {
      const [whole, marker = '', lang, body = '', , end = ''] = m;
      const line = text.slice(0, m.index).split('\n').length;
      const sample = readMarker(lang, body, `${path}:${line}`);
      for (const [name, content] of sample.files) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), content);
      }
      const lines: string[] = [];
      for (const command of sample.commands) {
        const words = shellWords(command);
        const redirect = words.length > 2 && words[words.length - 2] === '>' ? words.splice(-2)[1] : undefined;
        const r = await wliIn(words.slice(1), { env: { WLI_URL: serverUrl }, cwd: dir, ctx: { now: () => SAMPLE_NOW } });
        if (redirect !== undefined && redirect !== '/dev/null') {
          if (!/^[\w.-]+$/.test(redirect) || redirect.startsWith('.'))
            throw new Error(`${path}:${line}: a sample writes only files of its own directory, not '${redirect}'`);
          writeFileSync(join(dir, redirect), r.stdout);
        }
        if (sample.lang === 'console') {
          lines.push(`$ ${command}`);
          if (redirect === undefined) lines.push(...[r.stdout, r.stderr].filter((s) => s !== '').map((s) => shown(s).replace(/\n$/, '')));
          else if (r.stderr !== '') lines.push(shown(r.stderr).replace(/\n$/, ''));
          if (r.code !== 0) lines.push('$ echo $?', String(r.code));
        } else if (redirect === undefined && r.stdout !== '') lines.push(shown(r.stdout).replace(/\n$/, ''));
      }
      out += text.slice(last, m.index) + marker + ['```' + sample.lang, ...lines, '```', ''].join('\n') + end;
      last = m.index + whole.length;
    }
    return out + text.slice(last);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every document that holds samples, with its text as a fresh run fills it: [path, text]. */
export async function filledDocuments(): Promise<Array<[path: string, text: string]>> {
  const server = await startFakeWeblate(SAMPLE_OPTIONS);
  try {
    const out: Array<[string, string]> = [];
    for (const path of sampleDocuments()) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      out.push([path, await fillDocument(text, path, server.url)]);
    }
    return out;
  } finally {
    await server.close();
  }
}
