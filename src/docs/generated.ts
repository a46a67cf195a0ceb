// Every generated documentation file and its text: completions/, man/wli.1 and docs/commands.md
// (written by `npm run docs`; tests fail when a committed one differs).
import { SHELLS } from '../spec/spec.js';
import { completionScript } from './completion.js';
import { manPage } from './manpage.js';
import { commandsMarkdown } from './markdown.js';

const COMPLETION_FILES = { bash: 'completions/wli.bash', zsh: 'completions/_wli', fish: 'completions/wli.fish' } as const;

/** Paths relative to the repository root, with their generated text. */
export function generatedFiles(): Array<[path: string, text: string]> {
  return [
    ...SHELLS.map((s): [string, string] => [COMPLETION_FILES[s], completionScript(s)]),
    ['man/wli.1', manPage()],
    ['docs/commands.md', commandsMarkdown()],
  ];
}
