// Shell completions: generated from src/spec/spec.ts, printed by `wli completion`, committed in completions/,
// and driven in the real shells (bash, zsh, fish) to check what they offer.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completionScript } from '../src/docs/completion.js';
import { generatedFiles } from '../src/docs/generated.js';
import { DATA_FORMATS, FORMATS, GLOBAL_OPTIONS, METRICS, SHELLS, STATE_NAMES } from '../src/spec/spec.js';
import { COMMANDS } from '../src/spec/commands.js';
import { DEAD_URL, ROOT, baseEnv, wli, wliIn, nodeTs, WLI_EXECUTABLE } from './support/run.js';
import { startFakeWeblate } from './support/fake-weblate/index.js';

const REGENERATE = 'run `npm run docs` and commit the result';
const FILE = { bash: join(ROOT, 'completions/wli.bash'), zsh: join(ROOT, 'completions/_wli'), fish: join(ROOT, 'completions/wli.fish') };
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
/** .ci/run installs the shells and sets this: there a missing shell fails instead of skipping. */
const REQUIRED = process.env.WLI_REQUIRE_SHELLS === '1';

describe('the shells the completion tests run', () => {
  // In CI every shell must be there; on a developer machine without one, its block below is skipped
  // (and says so), never passed by returning early.
  it.runIf(REQUIRED).each(['bash', 'zsh', 'fish'])('%s is installed (CI: skipped tests would prove nothing)', (shell) => {
    expect(has(shell), `${shell} is not installed; .ci/run installs bash, zsh and fish`).toBe(true);
  });
});
const COMMAND_NAMES = COMMANDS.map((c) => c.name);
/** What a command word is completed from: every command, and help. */
const OFFERED = [...COMMAND_NAMES, 'help'];
const GLOBAL_LONG = GLOBAL_OPTIONS.map((o) => /--[\w-]+/.exec(o.flags)![0]);

/** Extra environment for the shells (the server completion tests point them at a sample server). */
let shellEnv: Record<string, string> = {};

function run(cmd: string, args: string[]): string {
  // zsh runs its line editor only on a terminal that is not dumb.
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: baseEnv({ TERM: 'xterm', ...shellEnv }), cwd: ROOT, timeout: 20_000 });
  expect(r.stderr, `${cmd} stderr`).toBe('');
  expect(r.status, `${cmd} exit status`).toBe(0);
  return r.stdout;
}

/** What each shell offers at the end of each line, in one shell process per shell. */
type Complete = (lines: string[]) => string[][];

// bash: source the script, set COMP_* as readline would (it splits "=" into a word of its own),
// call the function `complete -p wli` names and print COMPREPLY.
const BASH = `
source "$1"; shift
fn=$(complete -p wli); fn=\${fn##*-F }; fn=\${fn%% *}
for line; do
  read -ra COMP_WORDS <<<"\${line//=/ = }"
  [[ $line == *[\\ =] ]] && COMP_WORDS+=('')
  COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=\${#line} COMPREPLY=()
  "$fn" wli "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
  echo "\${COMPREPLY[*]}"
done`;
const bashComplete: Complete = (lines) =>
  run('bash', ['--norc', '--noprofile', '-c', BASH, 'bash', FILE.bash, ...lines])
    .split('\n')
    .slice(0, lines.length)
    .map((l) => l.split(' ').filter(Boolean));

// fish: complete -C prints "candidate<TAB>description" lines.
const FISH = 'source $argv[1]; for line in $argv[2..-1]; complete -C $line; echo --end--; end';
const fishComplete: Complete = (lines) =>
  run('fish', ['--no-config', '-c', FISH, FILE.fish, ...lines])
    .split('--end--\n')
    .slice(0, lines.length)
    // fish repeats "--opt=" in front of each value completed after it.
    .map((block) =>
      block
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]!.replace(/^--[\w-]+=(?=.)/, '')),
    );

// zsh: an interactive zsh in a pseudo-terminal (zpty) loads _wli from $fpath via compinit, each line
// is typed with a TAB, and a compadd wrapper records the matches the completion system adds.
const ZSH_SETUP = `
PS1='' RPS1=''
unsetopt autolist beep
fpath=($WLI_FPATH $fpath)
autoload -U compinit && compinit -u -D
compadd() {
  # With -O, -A or -D compadd only filters for _arguments and _describe; real matches come without.
  if [[ " $* " == *' -'[OAD]' '* ]]; then builtin compadd "$@"; return; fi
  local -a hits
  builtin compadd -A hits "$@"
  (( $#hits )) && print -rl -- $hits >>$WLI_OUT
  builtin compadd "$@"
}
__wli_complete() { _main_complete; print -r -- --end-- >>$WLI_OUT }
zle -C wli-complete complete-word __wli_complete
bindkey -e
bindkey '^I' wli-complete
bindkey '^B' kill-whole-line
`;
// Each line is typed with TAB, then ^B clears it (^U would be the terminal's kill character while
// the shell still reads the setup). Output is drained so the terminal never blocks.
const ZSH_DRIVER = `
zmodload zsh/zpty zsh/zselect
export WLI_FPATH=$1 WLI_OUT=$2; shift 2
zpty z zsh -f -i
zpty -w z "source $WLI_FPATH/setup.zsh"
for line; do zpty -w -n z "$line"$'\\t\\C-b'; done
for i in {1..500}; do
  while zpty -r -t z junk; do :; done
  [[ -f $WLI_OUT && $(grep -c -- --end-- $WLI_OUT) -ge $# ]] && break
  zselect -t 2
done
zpty -d z
cat $WLI_OUT`;
const zshDir = mkdtempSync(join(tmpdir(), 'wli-zsh-'));
afterAll(() => rmSync(zshDir, { recursive: true, force: true }));
const zshComplete: Complete = (lines) => {
  writeFileSync(join(zshDir, '_wli'), readFileSync(FILE.zsh, 'utf8'));
  writeFileSync(join(zshDir, 'setup.zsh'), ZSH_SETUP);
  const out = join(zshDir, 'out');
  rmSync(out, { force: true });
  return run('zsh', ['-f', '-c', ZSH_DRIVER, 'zsh', zshDir, out, ...lines])
    .split('--end--\n')
    .slice(0, lines.length)
    .map((block) => block.split('\n').filter(Boolean));
};

describe('wli completion', () => {
  it.each(SHELLS)('%s prints the generated script', async (shell) => {
    const r = await wli(['completion', shell]);
    expect(r).toEqual({ code: 0, stdout: completionScript(shell), stderr: '' });
  });
  it('an unknown shell is a usage error naming the shells', async () => {
    const r = await wli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown shell 'tcsh'/);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
  });
  it('the command module loads the spec and the generator only', () => {
    const trace = join(tmpdir(), `wli-trace-${process.pid}-${Math.random()}`);
    const hook = new URL('./support/trace-imports.mjs', import.meta.url).href;
    const module = join(ROOT, 'src/commands/completion/completion.ts');
    const [importTs, loader] = nodeTs('');
    const r = spawnSync(process.execPath, [importTs!, loader!, '--import', hook, '--input-type=module', '-e', `await import(${JSON.stringify(module)})`], {
      env: { ...process.env, WLI_TRACE_FILE: trace },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const loaded = readFileSync(trace, 'utf8');
    rmSync(trace);
    expect(loaded).toContain('/src/docs/completion.ts');
    for (const heavy of ['/src/codec/json.ts', '/src/api/client.ts', '/src/output/']) {
      expect(loaded, heavy).not.toContain(heavy);
    }
  });
  it.each(generatedFiles().filter(([path]) => path.startsWith('completions/')))('%s is up to date', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8') === text, `${path} differs from the generator output: ${REGENERATE}`).toBe(true);
  });
});

// Lines as typed, and what every shell must offer at their end. `exact`: nothing else; `none`: nothing at all.
interface Case {
  line: string;
  exact?: readonly string[];
  includes?: readonly string[];
  excludes?: readonly string[];
}
const CASES: Case[] = [
  { line: 'wli un', exact: ['unit', 'units'] },
  { line: 'wli ', exact: OFFERED },
  // -f: the formats of the command typed (issue 30.6); before the command, every one.
  { line: 'wli units --format ', exact: DATA_FORMATS },
  { line: 'wli stats --format ', exact: FORMATS },
  { line: 'wli stats demo/android --fail-under 90 -f ', exact: FORMATS },
  { line: 'wli ls -f ', exact: DATA_FORMATS },
  { line: 'wli download demo/android/cs -f ', exact: [] },
  { line: 'wli -f j', exact: ['json', 'jsonl', 'junit'] },
  { line: 'wli --format=', exact: FORMATS },
  { line: 'wli stats --metric ', exact: METRICS },
  { line: 'wli units --state ', exact: STATE_NAMES },
  { line: 'wli completion ', exact: SHELLS },
  { line: 'wli --format json completion ', exact: SHELLS },
  { line: 'wli completion bash ', excludes: [...SHELLS, ...COMMAND_NAMES] },
  // wli help <command>
  { line: 'wli he', exact: ['help'] },
  { line: 'wli help st', exact: ['stats', 'status'] },
  { line: 'wli help ', exact: COMMAND_NAMES },
  // A flag's value is not the command.
  { line: 'wli --format json ', exact: OFFERED },
  { line: 'wli --fields units ', exact: OFFERED },
  { line: 'wli --config x.ini units --st', exact: ['--state'] },
  // Options: globals everywhere, a command's own only after it.
  { line: 'wli --', includes: [...GLOBAL_LONG, '--help', '--version'], excludes: ['--state', '--metric', '--limit'] },
  { line: 'wli --st', exact: [] },
  { line: 'wli units --', includes: [...GLOBAL_LONG, '--state', '--query', '--limit', '--help'], excludes: ['--metric', '--since', '--version'] },
  { line: 'wli stats demo/android --fail-under 90 --', includes: ['--metric', '--skip-source', '--project', '--format'], excludes: ['--state'] },
  { line: 'wli changes --si', exact: ['--since'] },
  // Values without choices offer nothing.
  { line: 'wli --url ', exact: [] },
  { line: 'wli --token ', exact: [] },
  { line: 'wli units -L ', exact: [] },
  { line: 'wli changes --user ', exact: [] },
  // After the target: no commands or values (zsh lists the options, as it does when no argument is left).
  { line: 'wli units demo/android/cs ', excludes: [...COMMAND_NAMES, ...STATE_NAMES, ...FORMATS] },
];

function check(name: string, complete: Complete, cases: Case[]) {
  const results = complete(cases.map((c) => c.line));
  for (const [i, c] of cases.entries()) {
    const got = results[i] ?? [];
    const what = `${name}: ${JSON.stringify(c.line)} offered ${JSON.stringify(got)}`;
    if (c.exact) expect([...got].sort(), what).toEqual([...c.exact].sort());
    for (const want of c.includes ?? []) expect(got, what).toContain(want);
    for (const not of c.excludes ?? []) expect(got, what).not.toContain(not);
  }
}

describe.skipIf(!has('bash'))('bash', () => {
  it('offers commands, options and values', () => check('bash', bashComplete, CASES));
  it('completes the item after the last comma of --state and files for --config', () => {
    const [states, files] = bashComplete(['wli units --state needs-editing,e', 'wli --config package.j']);
    expect(states).toEqual(['needs-editing,empty']);
    expect(files).toEqual(['package.json']);
  });
  it('completes file names after download -o and --output (issue 29.9)', () => {
    for (const got of bashComplete(['wli download demo/android/cs -o package.j', 'wli download --output package.j', 'wli download --output=package.j']))
      expect(got).toEqual(['package.json']);
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  it('offers commands, options and values', () => check('fish', fishComplete, CASES));
  it('completes the item after the last comma of --state and files for --config', () => {
    const [states, files, attached] = fishComplete(['wli units --state needs-editing,e', 'wli --config package.j', 'wli units --state=read-only,a']);
    expect(states).toEqual(['needs-editing,empty']);
    expect(files).toEqual(['package.json']);
    expect(attached).toEqual(['read-only,approved']);
  });
  it('completes file names after download -o and --output (issue 29.9)', () => {
    for (const got of fishComplete(['wli download demo/android/cs -o package.j', 'wli download --output package.j', 'wli download --output=package.j']))
      expect(got).toEqual(['package.json']);
  });
});

describe.skipIf(!has('zsh'))('zsh', () => {
  it('loads with compinit', () => {
    run('zsh', ['-f', '-c', `autoload -U compinit && compinit -u -D && source ${FILE.zsh} && (( $+_comps[wli] ))`]);
  });
  it('offers commands, options and values', () => check('zsh', zshComplete, CASES));
  it('completes the item after the last comma of --state and files for --config', () => {
    const [states, files] = zshComplete(['wli units --state needs-editing,e', `wli --config ${join(ROOT, 'package.j')}`]);
    expect(states).toEqual(['empty']);
    expect(files).toEqual(['package.json']);
  });
  it('completes file names after download -o and --output (issue 29.9)', () => {
    const at = join(ROOT, 'package.j');
    for (const got of zshComplete([`wli download demo/android/cs -o ${at}`, `wli download --output ${at}`, `wli download --output=${at}`]))
      expect(got).toEqual(['package.json']);
  });
});

// ---------------------------------------------------------------------------------------------
// Names from the server (issue 11): every shell asks `wli __complete` and offers what the server has.
// The shells run synchronously, so the sample server runs in a process of its own.

describe('completion from the server', () => {
  let server: ChildProcess;
  let url = '';
  const dir = mkdtempSync(join(tmpdir(), 'wli-complete-'));
  beforeAll(async () => {
    server = spawn(process.execPath, nodeTs(join(ROOT, 'test/support/fake-weblate/main.ts')), { stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve) => server.stdout!.setEncoding('utf8').once('data', (d: string) => resolve(d.trim())));
    mkdirSync(join(dir, 'bin'));
    symlinkSync(WLI_EXECUTABLE, join(dir, 'bin', 'wli'));
  });
  afterAll(() => {
    server.kill();
    shellEnv = {};
    rmSync(dir, { recursive: true, force: true });
  });
  const use = (env: Record<string, string>) => {
    shellEnv = { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, XDG_CACHE_HOME: join(dir, 'cache'), ...env };
  };

  const CASES: Case[] = [
    { line: 'wli units de', exact: ['demo/'] },
    { line: 'wli units demo/', includes: ['demo/android/', 'demo/glossary/', 'demo/docs/guide/', 'demo/docs/api/reference/'] },
    { line: 'wli units demo/docs/', exact: ['demo/docs/api/reference/', 'demo/docs/guide/'] },
    { line: 'wli changes demo/android/', includes: ['demo/android/cs', 'demo/android/de', 'demo/android/ja'] },
    { line: 'wli translation demo/docs/guide/c', exact: ['demo/docs/guide/cs'] },
    { line: 'wli ls demo/gl', exact: ['demo/glossary'] },
    { line: 'wli language c', exact: ['cs'] },
    { line: 'wli stats demo/android/cs c', includes: ['cs'] },
  ];
  // bash and fish show what was offered; zsh strips the common prefix it completes in place.
  const shells: Array<[string, Complete]> = [
    ['bash', (l) => bashComplete(l)],
    ['fish', (l) => fishComplete(l)],
    ['zsh', (l) => zshComplete(l)],
  ];
  for (const [shell, complete] of shells) {
    it.skipIf(!has(shell) && !REQUIRED)(`${shell} offers projects, components (with categories) and languages`, () => {
      use({ WLI_URL: url });
      check(shell, complete, CASES);
    });
  }

  it('prints nothing, and nothing on stderr, with no server configured or a server that is down', async () => {
    use({});
    expect(await wli(['__complete', 'units', 'de'], { env: shellEnv })).toEqual({ code: 0, stdout: '', stderr: '' });
    use({ WLI_URL: DEAD_URL });
    expect(await wli(['__complete', 'units', 'de'], { env: shellEnv })).toEqual({ code: 0, stdout: '', stderr: '' });
    use({ WLI_URL: `${url.replace(/api\/$/, '')}nowhere/` });
    expect(await wli(['__complete', 'units', 'de'], { env: shellEnv })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('caches each list: a second lookup asks the server nothing', async () => {
    const fake = await startFakeWeblate();
    try {
      use({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, 'cache-2') });
      const first = await wliIn(['__complete', 'units', 'demo/android/'], { env: shellEnv });
      expect(first.stdout).toContain('demo/android/cs\n');
      const asked = fake.requests.length;
      expect(asked).toBe(2); // the project's components, the component's translations
      const again = await wliIn(['__complete', 'units', 'demo/android/c'], { env: shellEnv });
      expect(again.stdout).toBe('demo/android/cs\n');
      expect(fake.requests.length).toBe(asked);
      // The cache holds names only: no token, no other field.
      const files = readdirSync(join(dir, 'cache-2', 'wli'));
      for (const f of files) {
        const { items } = JSON.parse(readFileSync(join(dir, 'cache-2', 'wli', f), 'utf8')) as { items: object[] };
        for (const item of items) expect(['code', 'slug', 'url']).toEqual(expect.arrayContaining(Object.keys(item)));
      }
    } finally {
      await fake.close();
    }
  });

  // Issue 45.4: keyed by whether there was a token, a second token read the first one's lists (what
  // another account may see), and a token's lists outlived a switch to another.
  it('caches per server and token: two tokens get two caches, and no file of the cache holds a token', async () => {
    const fake = await startFakeWeblate();
    const TOKENS = ['wlu_completion_first_0123456789abcdef', 'wlu_completion_second_0123456789abcdef'];
    const cache = join(dir, 'cache-tokens');
    try {
      const lookup = async (token: string) => {
        use({ WLI_URL: fake.url, WLI_TOKEN: token, XDG_CACHE_HOME: cache });
        const r = await wliIn(['__complete', 'units', 'demo/android/'], { env: shellEnv });
        expect(r.stdout).toContain('demo/android/cs\n');
      };
      await lookup(TOKENS[0]!);
      expect(fake.requests.map((r) => r.headers.authorization)).toEqual([`Token ${TOKENS[0]}`, `Token ${TOKENS[0]}`]);
      await lookup(TOKENS[1]!);
      expect(fake.requests.map((r) => r.headers.authorization).slice(2)).toEqual([`Token ${TOKENS[1]}`, `Token ${TOKENS[1]}`]);
      await lookup(TOKENS[0]!);
      await lookup(TOKENS[1]!);
      expect(fake.requests).toHaveLength(4);
      // Without a token, a cache of its own too.
      use({ WLI_URL: fake.url, XDG_CACHE_HOME: cache });
      await wliIn(['__complete', 'units', 'demo/android/'], { env: shellEnv });
      expect(fake.requests).toHaveLength(6);
      const files = readdirSync(join(cache, 'wli'));
      expect(files).toHaveLength(6);
      for (const f of files) {
        const text = readFileSync(join(cache, 'wli', f), 'utf8');
        for (const token of TOKENS) for (const piece of [token, token.slice(-16)]) expect(f + text).not.toContain(piece);
      }
    } finally {
      await fake.close();
    }
  });

  // A server that never answers: only completion's own deadline (about a second) can end the run,
  // so a completion that waited for the server fails on the test's timeout, not on a clock.
  it('a server that never answers does not hold the shell: completion gives up on its own, offering nothing', async () => {
    const fake = await startFakeWeblate();
    fake.fault(() => true, { kind: 'stall' }, Infinity);
    try {
      use({ WLI_URL: fake.url, XDG_CACHE_HOME: join(dir, 'cache-3') });
      const r = await wliIn(['__complete', 'units', 'de'], { env: shellEnv });
      expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    } finally {
      await fake.close();
    }
  });
});
