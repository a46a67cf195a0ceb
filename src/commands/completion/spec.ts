// `wli completion` as the user meets it: what --help, the man page, docs/commands.md and the completions
// say, and the options its run (completion.ts, beside this file) receives typed. A leaf: it imports no run module.
import { SHELLS, type CommandSpec } from '../../spec/spec.js';

export const spec = {
  name: 'completion',
  summary: 'print a shell completion script',
  description: 'Prints the completion script for bash, zsh or fish. Completes commands, options and option values (formats, states, metrics).',
  args: [{ name: 'shell', description: SHELLS.join(', '), required: true, choices: SHELLS }],
  options: [],
  examples: [
    ['wli completion bash > ~/.local/share/bash-completion/completions/wli', 'install for bash'],
    ['wli completion zsh > "${fpath[1]}/_wli"', 'install for zsh'],
    ['wli completion fish > ~/.config/fish/completions/wli.fish', 'install for fish'],
  ],
  formats: [],
} as const satisfies CommandSpec;
