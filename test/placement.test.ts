// Issue 34: the one placement rule (src/files/placement.ts) on plain values, no server: where a path a
// server chose may be written. The end-to-end cases (pull and download against a hostile fake) are in
// test/hostile.test.ts and test/fault-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isHidden, isLayoutRecord, isVcsFolder, judgeName, place, safeBaseName, type PlacementRule, type Refusal } from '../src/files/placement.js';
import { isBareMask, isFileLanguageCode, notItsFile, translationFilename, type ComponentFiles, type TranslationOf } from '../src/weblate/filemask.js';
import { isLanguageCode, isSlug, isSlugPath } from '../src/weblate/names.js';

const ANDROID: ComponentFiles = { filemask: 'app/src/main/res/values-*/strings.xml', template: 'app/src/main/res/values/strings.xml' };
const PO: ComponentFiles = { filemask: 'po/*.po', newBase: 'po/messages.pot', intermediate: 'po/en.intermediate.po' };
const ANY: ComponentFiles = { filemask: '*/*/*' };

/** A translation of cs, not the source, unless a row says otherwise. */
const CS: TranslationOf = { code: 'cs', source: false };
const SOURCE: TranslationOf = { code: 'en', source: true };
const rule = (component: ComponentFiles | undefined, allowHidden = false, translation = CS): PlacementRule => ({ component, allowHidden, translation });
const why = (name: string, r: PlacementRule): Refusal['why'] | 'written' => {
  const judged = judgeName(name, r);
  return 'refused' in judged ? judged.refused.why : 'written';
};

describe('judgeName: the rule on plain values', () => {
  // [filename, component, allowHidden, verdict, the translation (cs, not the source, when none)]
  const TABLE: Array<[string, ComponentFiles | undefined, boolean, Refusal['why'] | 'written', TranslationOf?]> = [
    // inside DIR
    ['app/src/main/res/values-cs/strings.xml', ANDROID, false, 'written'],
    ['/etc/passwd', ANDROID, false, 'absolute'],
    ['\\\\server\\share\\x', ANDROID, false, 'absolute'],
    ['C:\\Windows\\x', ANDROID, false, 'absolute'],
    ['po/\0.po', PO, false, 'unshown'],
    ['../po/cs.po', PO, false, 'parent'],
    ['po/../../cs.po', PO, false, 'parent'],
    ['po\\..\\..\\cs.po', PO, false, 'parent'],
    ['', PO, false, 'empty'],
    ['./', PO, false, 'empty'],
    ['po/.../cs.po', ANY, true, 'dots'],
    // version-control folders, in every spelling, with or without --allow-hidden
    ['.git/config', ANY, false, 'vcs'],
    ['.git/config', { filemask: '.git/*' }, true, 'vcs'],
    ['.GIT/hooks/pre-commit', ANY, true, 'vcs'],
    ['.Git/hooks/post-checkout', ANY, true, 'vcs'],
    ['.git./x', ANY, true, 'vcs'],
    ['.git. . ./x', ANY, true, 'vcs'],
    ['.git /x', ANY, true, 'vcs'],
    ['.git::$INDEX_ALLOCATION/config', ANY, true, 'vcs'],
    ['GIT~1/config', ANY, true, 'vcs'],
    ['git~1/config', ANY, true, 'vcs'],
    ['a/GIT~2/config', ANY, true, 'vcs'],
    ['.\u200cgit/config', ANY, true, 'vcs'],
    ['.g\u200di\ufefft/config', ANY, true, 'vcs'],
    ['\u206a.git/config', ANY, true, 'vcs'],
    ['.git\\config', ANY, true, 'vcs'],
    ['sub/.git/config', ANY, true, 'vcs'],
    ['.hg/hgrc', ANY, true, 'vcs'],
    ['.HG/hgrc', ANY, true, 'vcs'],
    ['HG~1/hgrc', ANY, true, 'vcs'],
    ['.svn/entries', ANY, true, 'vcs'],
    ['SVN~1/entries', ANY, true, 'vcs'],
    ['.bzr/branch', ANY, true, 'vcs'],
    ['CVS/Root', ANY, true, 'vcs'],
    ['cvs/Root', ANY, true, 'vcs'],
    ['_darcs/prefs', ANY, true, 'vcs'],
    ['_DARCS/prefs', ANY, true, 'vcs'],
    // a filemask that itself points into a version-control folder does not make it one of the component's
    ['.git/cs/config', { filemask: '.git/*/config' }, true, 'vcs'],
    // names that only look alike are files like any other
    ['po/.gitignore.cs.po', { filemask: 'po/.gitignore.*.po' }, true, 'written'],
    ['gitx/cs/b', { filemask: 'gitx/*/b' }, false, 'written'],
    ['.gitx/cs/b', { filemask: '.gitx/*/b' }, true, 'written'],
    ['git/cs/b', { filemask: 'git/*/b' }, false, 'written'],
    ['cvsroot/cs/b', { filemask: 'cvsroot/*/b' }, false, 'written'],
    // hidden segments: refused unless allowed
    ['.github/workflows/cs.yml', { filemask: '.github/workflows/*.yml' }, false, 'hidden'],
    ['.github/workflows/cs.yml', { filemask: '.github/workflows/*.yml' }, true, 'written'],
    ['.envrc/a/b', ANY, false, 'hidden'],
    ['\u200c.vscode/tasks.json', { filemask: '*/tasks.json' }, false, 'hidden'],
    ['po/.cs.po', { filemask: 'po/.*.po' }, false, 'hidden'],
    ['po/.cs.po', { filemask: 'po/.*.po' }, true, 'written'],
    // characters not shown as themselves: controls, bidirectional and invisible formatting (the filemask's star matches them)
    ['app/src/main/res/values-cs\u001b]0;x\u0007/strings.xml', ANDROID, false, 'unshown'],
    ['app/src/main/res/values-cs\n/strings.xml', ANDROID, false, 'unshown'],
    ['app/src/main/res/values-cs\u007f/strings.xml', ANDROID, false, 'unshown'],
    ['app/src/main/res/values-cs\u009b/strings.xml', ANDROID, false, 'unshown'],
    ['po/cs\u202egnp.po', PO, false, 'unshown'],
    ['po/c\u2066s.po', PO, false, 'unshown'],
    ['po/c\u200bs.po', PO, false, 'unshown'],
    ['po/cs\u2028.po', PO, false, 'unshown'],
    ['po/cs\ufeff.po', PO, false, 'unshown'],
    ['po/\u0000.po', PO, true, 'unshown'],
    // drawn as nothing (found by hand: written, and ls showed values-cs)
    ...['\u00ad', '\u034f', '\ufff9', '\u180e', '\u3164', '\u115f', '\u2800', '\u2060', '\u{e0041}', '\u{e007f}'].map(
      (c): [string, ComponentFiles, boolean, 'unshown'] => [`app/src/main/res/values-cs${c}/strings.xml`, ANDROID, false, 'unshown'],
    ),
    // … but letters of any script are names like any other
    ['po/zh_Hant.po', PO, false, 'written', { code: 'zh_Hant', source: false }],
    ['é/cs.po', { filemask: 'é/*.po' }, false, 'written'],
    ['ქართ/cs.po', { filemask: 'ქართ/*.po' }, false, 'written'],
    // the translation's own file by Weblate's rule: its filemask with the * as its language code
    ['package.json', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs/strings.xml.bak', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs/x/strings.xml', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs\\x\\strings.xml', ANDROID, false, 'mask'],
    ['po/cs.po', PO, false, 'written'],
    ['po/de.po', PO, false, 'mask'],
    ['po/sub/cs.po', PO, false, 'mask'],
    ['./po/cs.po', PO, false, 'mask'],
    ['po/cs.po', undefined, false, 'mask'],
    ['po/cs.po', {}, false, 'mask'],
    ['app/src/main/res/values-pt-rBR/strings.xml', ANDROID, false, 'written', { code: 'pt-rBR', source: false }],
    ['app/src/main/res/values-b+sr+Latn/strings.xml', ANDROID, false, 'written', { code: 'b+sr+Latn', source: false }],
    ['po/sr@latin.po', PO, false, 'written', { code: 'sr@latin', source: false }],
    // … the template, intermediate and new_base only for the source translation (issue 45: package.json written as Android XML)
    ['app/src/main/res/values/strings.xml', ANDROID, false, 'written', SOURCE],
    ['app/src/main/res/values/strings.xml', ANDROID, false, 'mask'],
    ['package.json', { filemask: 'values-*/strings.xml', template: 'package.json' }, false, 'mask'],
    ['po/messages.pot', PO, false, 'written', SOURCE],
    ['po/messages.pot', PO, false, 'mask'],
    ['po/en.intermediate.po', PO, false, 'written', SOURCE],
    ['po/en.intermediate.po', PO, false, 'mask'],
    // … never a mask whose file name is a bare * (issue 45: gradlew replaced, its executable bit kept)
    ['gradlew', { filemask: '*' }, false, 'mask', { code: 'gradlew', source: false }],
    ['scripts/cs', { filemask: 'scripts/*' }, false, 'mask'],
    ['scripts/cs', { filemask: 'scripts/**' }, false, 'mask'],
    // … and a language code Weblate writes (letters and digits, - _ @ + between them, at most 50)
    ['po/c.s.po', PO, false, 'mask', { code: 'c.s', source: false }],
    ['po/-cs.po', PO, false, 'mask', { code: '-cs', source: false }],
    ['app/src/main/res/values-/strings.xml', ANDROID, false, 'mask', { code: '', source: false }],
    [`po/${'a'.repeat(51)}.po`, PO, false, 'mask', { code: 'a'.repeat(51), source: false }],
    // the record of the layout in DIR, whatever the mask, in any spelling a file system reads as it
    ['wli-layout.json', { filemask: '*.json' }, false, 'record', { code: 'wli-layout', source: false }],
    ['./WLI-Layout.JSON', { filemask: '*.JSON' }, false, 'record', { code: 'WLI-Layout', source: false }],
    ['wli-layout.json. ', { filemask: '*.json. ' }, false, 'record', { code: 'wli-layout', source: false }],
    ['sub/wli-layout.json', { filemask: 'sub/*.json' }, false, 'written', { code: 'wli-layout', source: false }],
  ];
  it.each(TABLE)('%j (%j, allow hidden: %s): %s (%j)', (name, component, allowHidden, verdict, translation) => {
    expect(why(name, rule(component, allowHidden, translation))).toBe(verdict);
  });

  it('a refusal names the segment it broke, and a filemask refusal the component’s files', () => {
    expect(judgeName('a/.GIT./hooks/x', rule(ANY, true))).toEqual({ refused: { why: 'vcs', segment: '.GIT.' } });
    expect(judgeName('.github/workflows/x.yml', rule(ANY))).toEqual({ refused: { why: 'hidden', segment: '.github' } });
    expect(judgeName('package.json', rule(ANDROID))).toEqual({
      refused: { why: 'mask', files: ANDROID, not: { why: 'name', expected: 'app/src/main/res/values-cs/strings.xml' } },
    });
    expect(judgeName(ANDROID.template!, rule(ANDROID))).toEqual({ refused: { why: 'mask', files: ANDROID, not: { why: 'source-file', field: 'template' } } });
    expect(judgeName('po/cs.po', rule(undefined))).toEqual({ refused: { why: 'mask', files: undefined, not: { why: 'no-mask' } } });
    expect(judgeName('po//./cs.po', rule({ filemask: 'po//./*.po' }))).toEqual({ segments: ['po', 'cs.po'] });
  });
});

describe('the parts of the rule', () => {
  it.each([
    ['.git', true],
    ['.GiT', true],
    ['.git.', true],
    ['.git ', true],
    ['.git:stream', true],
    ['GIT~1', true],
    ['Git~12', true],
    ['.\u200egit\u202e', true],
    ['.hg', true],
    ['.svn', true],
    ['.bzr', true],
    ['CVS', true],
    ['_darcs', true],
    ['.gitignore', false],
    ['.github', false],
    ['git', false],
    ['GIT~', false],
    ['GITX~1', false],
    ['\u0130git', false],
  ])('isVcsFolder(%j): %s', (segment, verdict) => expect(isVcsFolder(segment)).toBe(verdict));

  it.each([
    ['.github', true],
    ['\ufeff.envrc', true],
    ['a.b', false],
    ['…', false],
  ])('isHidden(%j): %s', (segment, verdict) => expect(isHidden(segment)).toBe(verdict));

  it.each([
    ['po/*.po', 'cs', 'po/cs.po'],
    ['app/src/main/res/values-*/strings.xml', 'b+sr+Latn', 'app/src/main/res/values-b+sr+Latn/strings.xml'],
    ['*/LC_MESSAGES/app.po', 'sr@latin', 'sr@latin/LC_MESSAGES/app.po'],
    ['lang/?/[ab].*.json', 'cs', 'lang/?/[ab].cs.json'],
    ['*/*.po', 'cs', 'cs/cs.po'],
  ])('translationFilename(%j, %j): %j (Weblate’s get_language_filename: mask.replace("*", code))', (mask, code, name) =>
    expect(translationFilename(mask, code)).toBe(name),
  );

  it.each([
    ['cs', true],
    ['pt_BR', true],
    ['pt-rBR', true],
    ['zh_Hant', true],
    ['sr@latin', true],
    ['b+sr+Latn', true],
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['', false],
    ['-cs', false],
    ['cs_', false],
    ['c..s', false],
    ['cs.po', false],
    ['..', false],
    ['x/y', false],
    ['é', false],
    ['c s', false],
  ])('isFileLanguageCode(%j): %s (LANGUAGE_CODE_RE and Android’s +, at most 50)', (code, verdict) => expect(isFileLanguageCode(code)).toBe(verdict));

  it.each([
    ['*', true],
    ['locale/*', true],
    ['locale\\**', true],
    ['*.po', false],
    ['*/strings.xml', false],
    ['values-*', false],
  ])('isBareMask(%j): %s', (mask, verdict) => expect(isBareMask(mask)).toBe(verdict));

  it('notItsFile: the mask with the code; the source’s files only for the source; an empty field names nothing', () => {
    expect(notItsFile(PO, 'po/cs.po', CS)).toBeUndefined();
    expect(notItsFile(PO, 'po/messages.pot', SOURCE)).toBeUndefined();
    expect(notItsFile(PO, 'po/messages.pot', CS)).toEqual({ why: 'source-file', field: 'new_base' });
    expect(notItsFile(PO, 'po/en.po', SOURCE)).toBeUndefined();
    expect(notItsFile({ filemask: 'po/*.po' }, '', CS)).toEqual({ why: 'name', expected: 'po/cs.po' });
    expect(notItsFile({}, 'po/cs.po', CS)).toEqual({ why: 'no-mask' });
    expect(notItsFile({ filemask: '*' }, 'cs', CS)).toEqual({ why: 'bare' });
  });

  it.each([
    ['wli-layout.json', true],
    ['WLI-LAYOUT.JSON', true],
    ['wli-layout.json.', true],
    ['wli-layout.json::$DATA', true],
    ['wli-\u200clayout.json', true],
    ['wli-layout.json.bak', false],
    ['layout.json', false],
  ])('isLayoutRecord(%j): %s', (segment, verdict) => expect(isLayoutRecord(segment)).toBe(verdict));

  it.each([
    ['demo-android-cs.xml', 'demo-android-cs.xml'],
    ['../../package.json', 'package.json'],
    ['dir\\name.po', 'name.po'],
    ['.bashrc', undefined],
    ['\u200b.bashrc', undefined],
    ['GIT~1', undefined],
    ['CVS', undefined],
    ['...', undefined],
    [' ', undefined],
    ['a\u001b[2Jb.po', 'a[2Jb.po'],
    ['cs\u202egnp.po', 'csgnp.po'],
    ['cs\u2028.po', 'cs.po'],
    ['x'.repeat(201), undefined],
    [undefined, undefined],
  ])('safeBaseName(%j): %j', (name, safe) => expect(safeBaseName(name)).toBe(safe));
});

describe('place: what only the disk can tell (links in DIR, the checkout’s own)', () => {
  it('a link that stays inside is followed; one out of DIR, or into a version-control folder of DIR, is refused', () => {
    const root = mkdtempSync(join(tmpdir(), 'wli-place-'));
    try {
      mkdirSync(join(root, '.git', 'hooks'), { recursive: true });
      mkdirSync(join(root, 'real'));
      symlinkSync(join(root, 'real'), join(root, 'po'));
      symlinkSync(join(root, '.git', 'hooks'), join(root, 'hooks'));
      symlinkSync(tmpdir(), join(root, 'out'));
      expect(place(root, 'po/cs.po', rule(PO))).toEqual({ path: join(root, 'real', 'cs.po') });
      expect(place(root, 'hooks/cs.po', rule({ filemask: 'hooks/*.po' }))).toEqual({ refused: { why: 'vcs', segment: '.git', link: 'hooks' } });
      expect(place(root, 'out/cs.po', rule({ filemask: 'out/*.po' }))).toMatchObject({ refused: { why: 'link', link: 'out' } });
      expect(place(root, '.git/hooks/cs.po', rule(ANY, true))).toEqual({ refused: { why: 'vcs', segment: '.git' } });
      // The record of the layout, reached through a link of DIR: a folder link to DIR itself, a file link to it.
      writeFileSync(join(root, 'wli-layout.json'), '{}');
      symlinkSync('.', join(root, 'here'));
      mkdirSync(join(root, 'values-fr'));
      symlinkSync(join('..', 'wli-layout.json'), join(root, 'values-fr', 'strings.xml'));
      const FR = { code: 'fr', source: false };
      expect(place(root, 'here/wli-layout.json', rule({ filemask: 'here/*.json' }, false, { code: 'wli-layout', source: false }))).toEqual({
        refused: { why: 'record', link: 'here' },
      });
      expect(place(root, 'values-fr/strings.xml', rule({ filemask: 'values-*/strings.xml' }, false, FR))).toEqual({
        refused: { why: 'record', link: join('values-fr', 'strings.xml') },
      });
      // Into a hidden folder of DIR, or a file link to a hidden file: refused as the name would be,
      // unless hidden paths were allowed (pull --allow-hidden).
      mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
      writeFileSync(join(root, '.envrc'), 'kept');
      symlinkSync(join(root, '.github', 'workflows'), join(root, 'values-cs'));
      mkdirSync(join(root, 'values-de'));
      symlinkSync(join(root, '.envrc'), join(root, 'values-de', 'strings.xml'));
      const res = { filemask: 'values-*/strings.xml' };
      const DE = { code: 'de', source: false };
      expect(place(root, 'values-cs/strings.xml', rule(res))).toEqual({ refused: { why: 'hidden', segment: '.github', link: 'values-cs' } });
      expect(place(root, 'values-de/strings.xml', rule(res, false, DE))).toEqual({
        refused: { why: 'hidden', segment: '.envrc', link: join('values-de', 'strings.xml') },
      });
      expect(place(root, 'values-cs/strings.xml', rule(res, true))).toEqual({ path: join(root, '.github', 'workflows', 'strings.xml') });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('weblate/names.ts: what completion may offer a shell', () => {
  it.each([
    ['demo', true],
    ['my_project-2', true],
    ['a\nb', false],
    ['\u001b[2J', false],
    ['ünï', false],
    ['', false],
    ['a b', false],
  ])('isSlug(%j): %s', (text, verdict) => expect(isSlug(text)).toBe(verdict));

  it.each([
    ['cs', true],
    ['pt_BR', true],
    ['zh_Hant', true],
    ['sr@latin', true],
    ['en-GB', true],
    ['cs\u0007', false],
    ['-cs', false],
    ['c s', false],
  ])('isLanguageCode(%j): %s', (text, verdict) => expect(isLanguageCode(text)).toBe(verdict));

  it('isSlugPath: slugs joined by /, then a language code when asked for', () => {
    expect(isSlugPath('demo/docs/guide')).toBe(true);
    expect(isSlugPath('demo/android/pt_BR', true)).toBe(true);
    expect(isSlugPath('demo/and\u001broid')).toBe(false);
    expect(isSlugPath('demo//x')).toBe(false);
    expect(isSlugPath('demo/android/c\ns', true)).toBe(false);
    expect(isSlugPath(42)).toBe(false);
  });
});
