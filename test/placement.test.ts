// Issue 34: the one placement rule (src/files/placement.ts) on plain values, no server: where a path a
// server chose may be written. The end-to-end cases (pull and download against a hostile fake) are in
// test/hostile.test.ts and test/fault-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isHidden, isVcsFolder, judgeName, place, safeBaseName, type PlacementRule, type Refusal } from '../src/files/placement.js';
import { filemaskMatches, isComponentFile, type ComponentFiles } from '../src/weblate/filemask.js';
import { isLanguageCode, isSlug, isSlugPath } from '../src/weblate/names.js';

const ANDROID: ComponentFiles = { filemask: 'app/src/main/res/values-*/strings.xml', template: 'app/src/main/res/values/strings.xml' };
const PO: ComponentFiles = { filemask: 'po/*.po', newBase: 'po/messages.pot', intermediate: 'po/en.intermediate.po' };
const ANY: ComponentFiles = { filemask: '*/*/*' };

const rule = (component: ComponentFiles | undefined, allowHidden = false): PlacementRule => ({ component, allowHidden });
const why = (name: string, r: PlacementRule): Refusal['why'] | 'written' => {
  const judged = judgeName(name, r);
  return 'refused' in judged ? judged.refused.why : 'written';
};

describe('judgeName: the rule on plain values', () => {
  // [filename, component, allowHidden, verdict]
  const TABLE: Array<[string, ComponentFiles | undefined, boolean, Refusal['why'] | 'written']> = [
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
    ['po/.gitignore.po', PO, true, 'written'],
    ['gitx/a/b', ANY, false, 'written'],
    ['.gitx/a/b', ANY, true, 'written'],
    ['git/a/b', ANY, false, 'written'],
    ['cvsroot/a/b', ANY, false, 'written'],
    // hidden segments: refused unless allowed
    ['.github/workflows/x.yml', { filemask: '.github/workflows/*.yml' }, false, 'hidden'],
    ['.github/workflows/x.yml', { filemask: '.github/workflows/*.yml' }, true, 'written'],
    ['.envrc/a/b', ANY, false, 'hidden'],
    ['\u200c.vscode/tasks.json', { filemask: '*/tasks.json' }, false, 'hidden'],
    ['po/.cs.po', PO, false, 'hidden'],
    ['po/.cs.po', PO, true, 'written'],
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
    ['po/zh_Hant.po', PO, false, 'written'],
    ['po/é.po', PO, false, 'written'],
    ['po/ქართ.po', PO, false, 'written'],
    // the component's files: its filemask (one segment a star), template, intermediate, new_base
    ['package.json', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs/strings.xml.bak', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs/x/strings.xml', ANDROID, false, 'mask'],
    ['app/src/main/res/values-cs\\x\\strings.xml', ANDROID, false, 'mask'],
    ['app/src/main/res/values/strings.xml', ANDROID, false, 'written'],
    ['po/messages.pot', PO, false, 'written'],
    ['po/en.intermediate.po', PO, false, 'written'],
    ['po/cs.po', PO, false, 'written'],
    ['po/sub/cs.po', PO, false, 'mask'],
    ['./po/cs.po', PO, false, 'mask'],
    ['po/cs.po', undefined, false, 'mask'],
    ['po/cs.po', {}, false, 'mask'],
  ];
  it.each(TABLE)('%j (%j, allow hidden: %s): %s', (name, component, allowHidden, verdict) => {
    expect(why(name, rule(component, allowHidden))).toBe(verdict);
  });

  it('a refusal names the segment it broke, and a filemask refusal the component’s files', () => {
    expect(judgeName('a/.GIT./hooks/x', rule(ANY, true))).toEqual({ refused: { why: 'vcs', segment: '.GIT.' } });
    expect(judgeName('.github/workflows/x.yml', rule(ANY))).toEqual({ refused: { why: 'hidden', segment: '.github' } });
    expect(judgeName('package.json', rule(ANDROID))).toEqual({ refused: { why: 'mask', files: ANDROID } });
    expect(judgeName('po/cs.po', rule(undefined))).toEqual({ refused: { why: 'mask', files: undefined } });
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
    ['po/*.po', 'po/cs.po', true],
    ['po/*.po', 'po/.po', true],
    ['po/*.po', 'po/a/b.po', false],
    ['po/*.po', 'po/a\\b.po', false],
    ['po/*.po', 'po/cs.pot', false],
    ['po/*.po', 'xpo/cs.po', false],
    ['*/LC_MESSAGES/app.po', 'cs/LC_MESSAGES/app.po', true],
    ['docs/*/api/reference.md', 'docs/cs/api/reference.md', true],
    ['lang/?/[ab].json', 'lang/?/[ab].json', true],
    ['lang/?/[ab].json', 'lang/x/a.json', false],
    ['po/(*).po', 'po/(cs).po', true],
    ['strings-*.xml', 'strings-cs.xml', true],
  ])('filemaskMatches(%j, %j): %s (Weblate’s filemask_re: * within one segment, everything else literal)', (mask, name, verdict) =>
    expect(filemaskMatches(mask, name)).toBe(verdict),
  );

  it('isComponentFile: the filemask, or the template, intermediate or new_base; an empty field names nothing', () => {
    expect(isComponentFile(PO, 'po/messages.pot')).toBe(true);
    expect(isComponentFile({ filemask: 'po/*.po' }, '')).toBe(false);
    expect(isComponentFile({}, 'po/cs.po')).toBe(false);
  });

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
      // Into a hidden folder of DIR, or a file link to a hidden file: refused as the name would be,
      // unless hidden paths were allowed (pull --allow-hidden).
      mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
      writeFileSync(join(root, '.envrc'), 'kept');
      symlinkSync(join(root, '.github', 'workflows'), join(root, 'values-cs'));
      mkdirSync(join(root, 'values-de'));
      symlinkSync(join(root, '.envrc'), join(root, 'values-de', 'strings.xml'));
      const res = { filemask: 'values-*/*' };
      expect(place(root, 'values-cs/evil.yml', rule(res))).toEqual({ refused: { why: 'hidden', segment: '.github', link: 'values-cs' } });
      expect(place(root, 'values-de/strings.xml', rule(res))).toEqual({
        refused: { why: 'hidden', segment: '.envrc', link: join('values-de', 'strings.xml') },
      });
      expect(place(root, 'values-cs/evil.yml', rule(res, true))).toEqual({ path: join(root, '.github', 'workflows', 'evil.yml') });
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
