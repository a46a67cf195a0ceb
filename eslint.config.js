// ESLint, run by `npm run lint`. TypeScript files get typescript-eslint's type-checked recommended
// rules. Their types come from tsconfig.json through the project service, so the linter sees the
// same program tsc checks. The few JavaScript files get ESLint's recommended rules and Node's
// globals. Prettier owns formatting (.prettierrc). None of these presets has formatting rules, so
// the two tools never disagree.
// Each rule turned off or tuned below comes with the reason. Anything else that fires is a finding.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Built output and the recorded server answers (data, not code).
  globalIgnores(['dist/', 'test/fixtures/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,js,mjs,cjs}'],
    extends: [js.configs.recommended],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // tsc checks this already (noUnusedLocals, noUnusedParameters in tsconfig.json, and so in
      // npm run build). A second report of the same finding, with its own exceptions, adds nothing.
      '@typescript-eslint/no-unused-vars': 'off',
      // Event listener types take `(...args: any[]) => void`, as Node's own typings do. With
      // `unknown[]`, a listener such as `(err: Error) => void` could not be passed.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      // `async` on purpose without `await`: a command's run() and the test fakes have a
      // Promise-returning signature, so a throw becomes a rejection, and `async function*` is how a
      // value becomes a one-page AsyncGenerator. Removing `async` would change behaviour.
      '@typescript-eslint/require-await': 'off',
      // A `.catch` that passes on what it caught (`unknown`) after mapping the errors it knows. This
      // matches only-throw-error, which allows rethrowing.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Issue 23: small functions with one job each. A longer one says why above it (a disable comment
    // with its reason): the JSON scanner's hot loop is one such.
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Issue 47: a type assertion (`as`; `as const` asserts nothing and stays allowed) or a non-null
    // assertion (`!`) tells the compiler instead of showing it. Forbidden outright in the folders of
    // src/ that have none; elsewhere test/assertions.test.ts holds each folder's count to the record
    // in test/assertion-counts.json, which may only fall. When a folder reaches 0, add it here.
    files: [
      'src/main.ts',
      'src/cli/**/*.ts',
      'src/commands/**/*.ts',
      'src/config/**/*.ts',
      'src/docs/**/*.ts',
      'src/gate/**/*.ts',
      'src/output/**/*.ts',
      'src/session/**/*.ts',
      'src/weblate/**/*.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
  {
    files: [
      'src/main.ts',
      'src/cli/**/*.ts',
      'src/commands/**/*.ts',
      'src/config/**/*.ts',
      'src/core/**/*.ts',
      'src/docs/**/*.ts',
      'src/files/**/*.ts',
      'src/gate/**/*.ts',
      'src/io/**/*.ts',
      'src/session/**/*.ts',
      'src/spec/**/*.ts',
      'src/weblate/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // Tests parse the CLI's JSON output untyped and check each value with expect(), which is the
    // check. Typing every JSON.parse would add casts that assert nothing. test/support/ (the fake
    // server, the pty driver) is code that other code relies on, so it keeps these rules.
    files: ['test/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests look for escapes and controls in what wli writes, so their regexes match control
    // characters on purpose. In src/ the rule stays on: stripping controls is escapeControl's job,
    // and any other such regex there carries a disable comment that says why.
    files: ['test/**/*.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // The fake server answers an error by throwing its HttpError reply up to the router, which sends
    // it. That is control flow, not a failure, so the reply needs no stack.
    files: ['test/support/fake-weblate/**/*.ts'],
    rules: {
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'file', name: 'HttpError', path: 'test/support/fake-weblate/index.ts' }] }],
    },
  },
  {
    // bin/wli.cjs (CommonJS, as ESLint assumes for .cjs), scripts/*.mjs and test/support/*.mjs (the
    // TypeScript loader and the import tracer), and this file: plain Node JavaScript outside
    // tsconfig.json, so there is no type information.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
