// Static dataset of the fake Weblate server (deterministic, no I/O).
// Big translation data (big/strings/*) is generated on demand from an index, see makeBig().

export interface PluralDef {
  id: number;
  source: number;
  number: number;
  formula: string;
  type: number;
}
export interface LanguageDef {
  id: number;
  code: string;
  name: string;
  plural: PluralDef;
  aliases: string[];
  direction: 'ltr' | 'rtl';
  population: number | bigint;
  /** Served only when the fake has the apps project (options.apps): languages no other test knows. */
  apps?: boolean;
  /** Served only in the world of Weblate's tests (options.world). */
  tests?: boolean;
}
export interface ProjectDef {
  id: number;
  slug: string;
  name: string;
  web: string;
  private: boolean;
  /** Served only with options.apps (the sample server's): server-wide lists of other tests stay as they were. */
  apps?: boolean;
  /** Served only with options.overlaps: components whose slugs and names contain each other's. */
  overlaps?: boolean;
}
export interface CategoryDef {
  id: number;
  project: string;
  slug: string;
  name: string;
  /** parent category id (nested categories), null at the project level */
  category: number | null;
  /** full slug path inside the project, 'docs' or 'docs/api' */
  path: string;
}
export interface ComponentDef {
  id: number;
  project: string;
  /** full slug path, 'android' or 'docs/guide' for a component in a category */
  path: string;
  slug: string;
  name: string;
  category: number | null;
  vcs: string;
  repo: string;
  branch: string;
  pushBranch: string;
  filemask: string;
  template: string;
  editTemplate: boolean;
  newBase: string;
  fileFormat: string;
  license: string;
  licenseUrl: string | null;
  newLang: string;
  checkFlags: string;
  priority: number;
  enforcedChecks: string[];
  addons: number[];
  isGlossary: boolean;
  allowTranslationPropagation: boolean;
  sourceLanguage: string;
  /** Weblate's language_code_style ('' = the file format's default). */
  languageCodeStyle?: string;
}
export interface UnitModel {
  id: number;
  position: number;
  source: string[];
  previousSource: string;
  target: string[];
  idHash: bigint;
  contentHash: bigint;
  location: string;
  context: string;
  note: string;
  flags: string;
  state: number;
  numWords: number;
  /** code points of all source forms */
  chars: number;
  sourceUnitId: number;
  priority: number;
  explanation: string;
  extraFlags: string;
  pending: boolean;
  hasSuggestion: boolean;
  hasComment: boolean;
  hasFailingCheck: boolean;
  /** The ids of its failing checks (check:ID); absent: one, `same`, when hasFailingCheck. */
  checks?: readonly string[];
  /** The ids of its dismissed checks (dismissed_check:ID): not failing, not has:check. */
  dismissedChecks?: readonly string[];
  /** Its source string is on a screenshot (has:screenshot). */
  hasScreenshot?: boolean;
  timestampUs: number;
}
export interface ChangeModel {
  id: number;
  unitId: number | null;
  action: number;
  target: string;
  /** username or null */
  user: string | null;
  author: string | null;
  timestampUs: number;
}
export interface TranslationDef {
  /** internal key: project/componentPath/lang, e.g. 'demo/docs/guide/cs' */
  key: string;
  /** key as used in API paths, e.g. 'demo/docs%2Fguide/cs' */
  apiKey: string;
  id: number;
  project: string;
  component: string;
  lang: string;
  filename: string;
  revision: string;
  isSource: boolean;
  isTemplate: boolean;
  /** 'static': units/changes below; 'big': generated (see makeBig) */
  kind: 'static' | 'big';
  units: UnitModel[];
  changes: ChangeModel[];
  /** The code its repository's files use (Translation.language_code: the component's language_code_style applied); the language's code when absent. */
  fileCode?: string;
}

// ---------------------------------------------------------------------------------------------
// helpers

const MASK64 = (1n << 64n) - 1n;
function fnv1a64(s: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(s, 'utf8')) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & MASK64;
  }
  return h;
}
export function mix64(x: bigint): bigint {
  let z = (x + 0x9e3779b97f4a7c15n) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}
/** deterministic signed 64-bit hash of a string */
export function hash64(s: string): bigint {
  return BigInt.asIntN(64, mix64(fnv1a64(s)));
}
/** Weblate's checksum in web_url: id_hash + 2^63 as 16 hex digits */
export function checksum(idHash: bigint): string {
  return BigInt.asUintN(64, idHash + (1n << 63n))
    .toString(16)
    .padStart(16, '0');
}
export function sha40(seed: string): string {
  return (
    BigInt.asUintN(64, hash64(seed + '#1'))
      .toString(16)
      .padStart(16, '0') +
    BigInt.asUintN(64, hash64(seed + '#2'))
      .toString(16)
      .padStart(16, '0') +
    BigInt.asUintN(64, hash64(seed + '#3'))
      .toString(16)
      .padStart(16, '0')
      .slice(0, 8)
  );
}
export function countWords(forms: readonly string[]): number {
  let n = 0;
  for (const f of forms) n += f.split(/\s+/).filter((w) => w !== '').length;
  return n;
}
export function countChars(forms: readonly string[]): number {
  let n = 0;
  for (const f of forms) n += [...f].length;
  return n;
}

/** 2026-11-21T13:00:00Z in microseconds */
export const BASE_US = Date.UTC(2026, 10, 21, 13, 0, 0) * 1000;
export function changeTimestampUs(id: number): number {
  return BASE_US + 60_000_000 + id * 1_234_567;
}
export function unitTimestampUs(id: number): number {
  return BASE_US + id * 12_345;
}
export function formatTimestamp(us: number, zone = true): string {
  const ms = Math.floor(us / 1000);
  const micro = us - ms * 1000;
  return new Date(ms).toISOString().slice(0, 23) + String(micro).padStart(3, '0') + (zone ? 'Z' : '');
}

export const STATE_NAMES: Readonly<Record<string, number>> = {
  empty: 0,
  'needs-editing': 10,
  'needs-rewriting': 11,
  'needs-checking': 12,
  translated: 20,
  approved: 30,
  'read-only': 100,
};

/**
 * Change action codes → English `action_name`, the full table of current Weblate:
 * weblate/trans/actions.py `ActionEvents` (IntegerChoices; the label is the last tuple item; newest
 * revision seen ends at 104 "Alert reopened"). Older revisions have the same codes and names, only fewer
 * of them: weblate/trans/models/change.py ACTION_CHOICES (up to 75), then actions.py with ACTION_*
 * member names (up to 77), then without the prefix (up to 88). Codes 10-12, 16 ("Used to be
 * ACTION_DUPLICATE_STRING"), 40 (ACTION_DUPLICATE_LANGUAGE) and 44 (ACTION_NEW_STRING) are not choices:
 * `?action=44` is a 400 like any other invalid choice. The serializer's `action_name` is
 * `get_action_display()`, translated to the request language (English here).
 */
export const ACTION_NAMES: Readonly<Record<number, string>> = {
  0: 'Resource updated',
  1: 'Translation completed',
  2: 'Translation changed',
  3: 'Comment added',
  4: 'Suggestion added',
  5: 'Translation added',
  6: 'Automatically translated',
  7: 'Suggestion accepted',
  8: 'Translation reverted',
  9: 'Translation uploaded',
  13: 'Source string added',
  14: 'Component locked',
  15: 'Component unlocked',
  17: 'Changes committed',
  18: 'Changes pushed',
  19: 'Repository reset',
  20: 'Repository merged',
  21: 'Repository rebased',
  22: 'Repository merge failed',
  23: 'Repository rebase failed',
  24: 'Parsing failed',
  25: 'Translation removed',
  26: 'Suggestion removed',
  27: 'Translation replaced',
  28: 'Repository push failed',
  29: 'Suggestion removed during cleanup',
  30: 'Source string changed',
  31: 'String added',
  32: 'Bulk status changed',
  33: 'Visibility changed',
  34: 'User added',
  35: 'User removed',
  36: 'Translation approved',
  37: 'Marked for edit',
  38: 'Component removed',
  39: 'Project removed',
  41: 'Project renamed',
  42: 'Component renamed',
  43: 'Moved component',
  45: 'Contributor joined',
  46: 'Announcement posted',
  47: 'Alert triggered',
  48: 'Language added',
  49: 'Language requested',
  50: 'Project created',
  51: 'Component created',
  52: 'User invited',
  53: 'Repository notification received',
  54: 'Translation replaced file by upload',
  55: 'License changed',
  56: 'Contributor license agreement changed',
  57: 'Screenshot added',
  58: 'Screenshot uploaded',
  59: 'String updated in the repository',
  60: 'Add-on installed',
  61: 'Add-on configuration changed',
  62: 'Add-on uninstalled',
  63: 'String removed',
  64: 'Comment removed',
  65: 'Comment resolved',
  66: 'Explanation updated',
  67: 'Category removed',
  68: 'Category renamed',
  69: 'Category moved',
  70: 'Saving string failed',
  71: 'String added in the repository',
  72: 'String updated in the upload',
  73: 'String added in the upload',
  74: 'Translation updated by source upload',
  75: 'Component translation completed',
  76: 'Applied enforced check',
  77: 'Propagated change',
  78: 'File uploaded',
  79: 'Extra flags updated',
  80: 'Font uploaded',
  81: 'Font changed',
  82: 'Font removed',
  83: 'Forced synchronization of translations',
  84: 'Forced rescan of translations',
  85: 'Screenshot removed',
  86: 'Label added',
  87: 'Label removed',
  88: 'Repository cleanup',
  89: 'Source string added in the upload',
  90: 'Source string added in the repository',
  91: 'Project backed up',
  92: 'Project restored',
  93: 'Component restored',
  94: 'User edit reverted',
  95: 'Project setting changed',
  96: 'Component setting changed',
  97: 'User access changed',
  98: 'Workspace created',
  99: 'Workspace setting changed',
  100: 'Project moved',
  101: 'Remote repository updated',
  102: 'Remote repository update failed',
  103: 'Alert dismissed',
  104: 'Alert reopened',
};
/** Django's get_FOO_display(): the label, or the value itself when it is not a choice. */
export function actionName(code: number): string {
  return ACTION_NAMES[code] ?? String(code);
}
/** Is `value` (a query parameter) one of the action choices? Django's ChoiceField.valid_value compares str(choice) == value. */
export function isActionChoice(value: string): boolean {
  return /^(0|[1-9]\d*)$/.test(value) && Object.prototype.hasOwnProperty.call(ACTION_NAMES, value);
}

// ---------------------------------------------------------------------------------------------
// catalog

export const LANGUAGES: readonly LanguageDef[] = [
  {
    id: 169,
    code: 'en',
    name: 'English',
    plural: { id: 169, source: 0, number: 2, formula: 'n != 1', type: 1 },
    aliases: ['en_en', 'base', 'source', 'enp', 'eng'],
    direction: 'ltr',
    population: 1636485517,
  },
  {
    id: 131,
    code: 'cs',
    name: 'Czech',
    plural: { id: 131, source: 0, number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', type: 22 },
    aliases: ['cs_cs', 'cz', 'csy', 'ces', 'cze'],
    direction: 'ltr',
    population: 13045532,
  },
  {
    id: 140,
    code: 'de',
    name: 'German',
    plural: { id: 140, source: 0, number: 2, formula: 'n != 1', type: 1 },
    aliases: ['deu_de', 'deu', 'ger'],
    direction: 'ltr',
    population: 136350226,
  },
  {
    id: 8,
    code: 'ar',
    name: 'Arabic',
    plural: {
      id: 8,
      source: 0,
      number: 6,
      formula: '(n==0) ? 0 : ((n==1) ? 1 : ((n==2) ? 2 : ((n%100>=3 && n%100<=10) ? 3 : ((n%100>=11 && n%100<=99) ? 4 : 5))))',
      type: 3,
    },
    aliases: ['ar_ar', 'ara', 'arb'],
    direction: 'rtl',
    population: 372183426,
  },
  {
    id: 204,
    code: 'ja',
    name: 'Japanese',
    plural: { id: 204, source: 0, number: 1, formula: '0', type: 0 },
    aliases: ['ja_ja', 'jpn', 'jp'],
    direction: 'ltr',
    population: 124534000,
  },
  {
    id: 9001,
    code: 'xx',
    name: 'Test Language (xx)',
    plural: { id: 9001, source: 0, number: 2, formula: 'n != 1', type: 1 },
    aliases: ['xx_xx', 'xxx'],
    direction: 'ltr',
    // beyond 2^53: float64 would read 9007199254740992
    population: 9007199254740993n,
  },
  // The apps project's languages (options.apps): a region, a script and a script with a legacy name.
  {
    id: 43,
    code: 'fr',
    name: 'French',
    plural: { id: 43, source: 0, number: 2, formula: 'n > 1', type: 1 },
    aliases: ['fr_fr', 'fra', 'fre'],
    direction: 'ltr',
    population: 321000000,
    apps: true,
  },
  {
    id: 337,
    code: 'pt_BR',
    name: 'Portuguese (Brazil)',
    plural: { id: 337, source: 0, number: 2, formula: 'n > 1', type: 1 },
    aliases: ['pt_br', 'pt-br', 'pt-rbr'],
    direction: 'ltr',
    population: 214000000,
    apps: true,
  },
  {
    id: 381,
    code: 'sr_Latn',
    name: 'Serbian (latin)',
    plural: { id: 381, source: 0, number: 3, formula: '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)', type: 22 },
    aliases: ['sr_latin', 'sr@latin', 'sr-latn'],
    direction: 'ltr',
    population: 6000000,
    apps: true,
  },
  {
    id: 469,
    code: 'zh_Hant',
    name: 'Chinese (Traditional Han script)',
    plural: { id: 469, source: 0, number: 1, formula: '0', type: 0 },
    aliases: ['zh_tw', 'zh-tw', 'zh_hant'],
    direction: 'ltr',
    population: 31000000,
    apps: true,
  },
  // Weblate's own tests' Italian (options.world 'weblate-tests').
  {
    id: 196,
    code: 'it',
    name: 'Italian',
    plural: { id: 196, source: 0, number: 2, formula: 'n != 1', type: 1 },
    aliases: ['it_it', 'ita'],
    direction: 'ltr',
    population: 67000000,
    tests: true,
  },
];
export const LANGUAGE_BY_CODE: ReadonlyMap<string, LanguageDef> = new Map(LANGUAGES.map((l) => [l.code, l]));
export function lang(code: string): LanguageDef {
  const l = LANGUAGE_BY_CODE.get(code);
  if (!l) throw new Error(`unknown language ${code}`);
  return l;
}

export const PROJECTS: readonly ProjectDef[] = [
  { id: 1, slug: 'demo', name: 'Demo', web: 'https://example.com/', private: false },
  { id: 2, slug: 'big', name: 'Big', web: 'https://example.com/big/', private: false },
  { id: 3, slug: 'secret', name: 'Secret', web: 'https://secret.example.com/', private: true },
  { id: 4, slug: 'apps', name: 'Apps', web: 'https://example.com/apps/', private: false, apps: true },
  { id: 5, slug: 'devices', name: 'Devices', web: 'https://example.com/devices/', private: false, overlaps: true },
];
export const CATEGORIES: readonly CategoryDef[] = [
  { id: 1, project: 'demo', slug: 'docs', name: 'Docs', category: null, path: 'docs' },
  { id: 2, project: 'demo', slug: 'api', name: 'API', category: 1, path: 'docs/api' },
];
export const CATEGORY_BY_ID: ReadonlyMap<number, CategoryDef> = new Map(CATEGORIES.map((c) => [c.id, c]));

const ANDROID_BASE = {
  vcs: 'git',
  branch: 'main',
  pushBranch: '',
  editTemplate: true,
  newBase: '',
  fileFormat: 'aresource',
  license: '',
  licenseUrl: null,
  newLang: 'add',
  checkFlags: '',
  priority: 100,
  enforcedChecks: [] as string[],
  isGlossary: false,
  allowTranslationPropagation: true,
  sourceLanguage: 'en',
  category: null,
  filemask: 'app/src/main/res/values-*/strings.xml',
  template: 'app/src/main/res/values/strings.xml',
};

/** The devices project's components (options.overlaps): [id, slug, name]. */
const DEVICES_COMPONENTS: ReadonlyArray<readonly [number, string, string]> = [
  [9, 'android', 'Android'],
  [10, 'android-tv', 'Android TV'],
  [11, 'wear', 'Android Wear'],
];

export const COMPONENTS: readonly ComponentDef[] = [
  {
    ...ANDROID_BASE,
    id: 1,
    project: 'demo',
    path: 'android',
    slug: 'android',
    name: 'Android',
    repo: 'file:///tmp/wl/src-repo/demo-android',
    addons: [1],
  },
  {
    id: 2,
    project: 'demo',
    path: 'glossary',
    slug: 'glossary',
    name: 'Glossary',
    category: null,
    vcs: 'local',
    repo: 'local:',
    branch: 'main',
    pushBranch: '',
    filemask: '*.tbx',
    template: '',
    editTemplate: false,
    newBase: '',
    fileFormat: 'tbx',
    license: '',
    licenseUrl: null,
    newLang: 'none',
    checkFlags: '',
    priority: 100,
    enforcedChecks: [],
    addons: [],
    isGlossary: true,
    allowTranslationPropagation: false,
    sourceLanguage: 'en',
  },
  {
    id: 3,
    project: 'demo',
    path: 'docs/guide',
    slug: 'guide',
    name: 'Guide',
    category: 1,
    vcs: 'git',
    repo: 'https://example.com/git/demo-docs.git',
    branch: 'main',
    pushBranch: '',
    filemask: 'docs/*/guide.md',
    template: 'docs/en/guide.md',
    editTemplate: true,
    newBase: '',
    fileFormat: 'markdown',
    license: 'CC-BY-SA-4.0',
    licenseUrl: 'https://spdx.org/licenses/CC-BY-SA-4.0.html',
    newLang: 'add',
    checkFlags: '',
    priority: 140,
    enforcedChecks: ['end_ellipsis'],
    addons: [],
    isGlossary: false,
    allowTranslationPropagation: true,
    sourceLanguage: 'en',
  },
  {
    id: 4,
    project: 'big',
    path: 'strings',
    slug: 'strings',
    name: 'Strings',
    category: null,
    vcs: 'git',
    repo: 'https://example.com/git/big.git',
    branch: 'main',
    pushBranch: '',
    filemask: 'po/*.po',
    template: '',
    editTemplate: false,
    newBase: 'po/strings.pot',
    fileFormat: 'po',
    license: 'MIT',
    licenseUrl: 'https://spdx.org/licenses/MIT.html',
    newLang: 'add',
    checkFlags: 'java-format',
    priority: 100,
    enforcedChecks: ['java_format'],
    addons: [],
    isGlossary: false,
    allowTranslationPropagation: true,
    sourceLanguage: 'en',
  },
  {
    ...ANDROID_BASE,
    id: 5,
    project: 'secret',
    path: 'android',
    slug: 'android',
    name: 'Android',
    repo: 'file:///tmp/wl/src-repo/secret-android',
    addons: [],
  },
  {
    id: 6,
    project: 'demo',
    path: 'docs/api/reference',
    slug: 'reference',
    name: 'Reference',
    category: 2,
    vcs: 'git',
    repo: 'https://example.com/git/demo-docs.git',
    branch: 'main',
    pushBranch: '',
    filemask: 'docs/*/api/reference.md',
    template: 'docs/en/api/reference.md',
    editTemplate: true,
    newBase: '',
    fileFormat: 'markdown',
    license: 'CC-BY-SA-4.0',
    licenseUrl: 'https://spdx.org/licenses/CC-BY-SA-4.0.html',
    newLang: 'add',
    checkFlags: '',
    priority: 100,
    enforcedChecks: [],
    addons: [],
    isGlossary: false,
    allowTranslationPropagation: true,
    sourceLanguage: 'en',
  },
  // The apps project (options.apps): an Android component whose files use Android's codes
  // (language_code_style android: values-b+sr+Latn), and a gettext one with the po default (posix).
  {
    ...ANDROID_BASE,
    id: 7,
    project: 'apps',
    path: 'mobile',
    slug: 'mobile',
    name: 'Mobile',
    repo: 'https://example.com/git/apps.git',
    addons: [],
    languageCodeStyle: 'android',
  },
  {
    id: 8,
    project: 'apps',
    path: 'desktop',
    slug: 'desktop',
    name: 'Desktop',
    category: null,
    vcs: 'git',
    repo: 'https://example.com/git/apps.git',
    branch: 'main',
    pushBranch: '',
    filemask: 'po/*.po',
    template: '',
    editTemplate: false,
    newBase: 'po/desktop.pot',
    fileFormat: 'po',
    license: 'MIT',
    licenseUrl: 'https://spdx.org/licenses/MIT.html',
    newLang: 'add',
    checkFlags: '',
    priority: 100,
    enforcedChecks: [],
    addons: [],
    isGlossary: false,
    allowTranslationPropagation: true,
    sourceLanguage: 'en',
  },
  // The devices project (options.overlaps): android, android-tv and a component named "Android Wear",
  // so that Weblate's component:android (slug or name icontains) finds all three.
  ...DEVICES_COMPONENTS.map(([id, slug, name]) => ({
    ...ANDROID_BASE,
    id,
    project: 'devices',
    path: slug,
    slug,
    name,
    repo: 'https://example.com/git/devices.git',
    addons: [],
  })),
];

// ---------------------------------------------------------------------------------------------
// hostile texts (exported so tests can compare)

export const HOSTILE = {
  comma: 'Network error, please try again.',
  quotes: 'Do you really want to delete "%1$s"?',
  crlf: 'Line one\r\nLine two',
  lfTab: 'First line\nSecond line\tafter tab',
  emojiZwj: 'Party 🎉 with 👩‍💻 and 👨‍👩‍👧',
  formulaEq: '=SUM(A1:A2)',
  formulaPlus: '+49 30 1234567',
  formulaMinus: '-5 °C outside',
  formulaAt: '@channel please review',
  ansiSgr: 'Status: \u001b[31mred\u001b[0m',
  ansiOsc8: 'Docs: \u001b]8;;http://x\u0007link\u001b]8;;\u0007',
  c1Csi: 'C1 \u009b31m CSI',
  bidi: 'Filename: \u202egnp.exe and \u2066isolated\u2069 text',
  nulDel: 'NUL\u0000 and DEL\u007f',
  /** a context (key) with comma, quotes and a tab */
  weirdContext: 'ctx,"quoted"\ttab',
  /** a note with Hebrew, quotes, comma and CRLF */
  hebrewNote: 'Hebrew reviewer: הערה חשובה, "quoted"\r\nsecond line',
  /** a note with an ANSI escape and NUL */
  ansiNote: 'Contains \u001b[1mANSI\u001b[0m escapes, do not remove\u0000',
  emojiNote: 'Keep the emoji 🎉 and the ZWJ sequence 👩‍💻 intact.',
  /** cs target of the ANSI unit (also a change target) */
  csAnsiTarget: 'Stav: \u001b[31mčervená\u001b[0m',
  csFormulaTarget: '=SUMA(A1:A2)',
  csBidiTarget: 'Soubor: \u202egnp.exe a \u2066izolovaný\u2069 text',
  deHebrewTarget: 'Hebräisch: שלום עולם, "Welt"',
  arabicTarget: 'خطأ في الشبكة، يرجى المحاولة مرة أخرى.',
} as const;

export const HASHES = {
  max: 9223372036854775807n,
  min: -9223372036854775808n,
  /** 2^53 + 1 */
  twoPow53Plus1: 9007199254740993n,
  negTwoPow53Plus1: -9007199254740993n,
} as const;

type T = readonly [state: number, target: string | readonly string[]];
interface BaseString {
  ctx: string;
  src: string | readonly string[];
  note?: string;
  flags?: string;
  explanation?: string;
  cs: T;
  de: T;
  ar: T;
}

const E: T = [0, ''];
const ANDROID: readonly BaseString[] = [
  {
    ctx: 'app_name',
    src: 'Demo App',
    note: 'Application name shown in the launcher.',
    flags: 'max-length:30',
    cs: [20, 'Demo aplikace'],
    de: [20, 'Demo-App'],
    ar: [20, 'تطبيق تجريبي'],
  },
  { ctx: 'action_settings', src: 'Settings', cs: [20, 'Nastavení'], de: [20, 'Einstellungen'], ar: [20, 'الإعدادات'] },
  { ctx: 'action_about', src: 'About', cs: [30, 'O aplikaci'], de: [20, 'Über'], ar: [20, 'حول'] },
  { ctx: 'action_share', src: 'Share', cs: [20, 'Sdílet'], de: [20, 'Teilen'], ar: [20, 'مشاركة'] },
  { ctx: 'action_delete', src: 'Delete', cs: [20, 'Smazat'], de: [20, 'Löschen'], ar: [20, 'حذف'] },
  { ctx: 'action_cancel', src: 'Cancel', cs: [30, 'Zrušit'], de: [20, 'Abbrechen'], ar: [20, 'إلغاء'] },
  { ctx: 'action_save', src: 'Save', cs: [20, 'Uložit'], de: [20, 'Speichern'], ar: [20, 'حفظ'] },
  { ctx: 'action_open', src: 'Open', cs: [20, 'Otevřít'], de: [20, 'Öffnen'], ar: [20, 'فتح'] },
  { ctx: 'action_close', src: 'Close', cs: [20, 'Zavřít'], de: [20, 'Schließen'], ar: [20, 'إغلاق'] },
  { ctx: 'action_search', src: 'Search', cs: [20, 'Hledat'], de: [20, 'Suchen'], ar: [20, 'بحث'] },
  {
    ctx: 'error_network',
    src: HOSTILE.comma,
    cs: [20, 'Chyba sítě, zkuste to prosím znovu.'],
    de: [20, 'Netzwerkfehler, bitte erneut versuchen.'],
    ar: [20, HOSTILE.arabicTarget],
  },
  { ctx: 'confirm_delete', src: HOSTILE.quotes, cs: E, de: [20, 'Möchten Sie "%1$s" wirklich löschen?'], ar: [20, 'هل تريد حقًا حذف "%1$s"؟'] },
  {
    ctx: 'error_not_found',
    src: 'The requested item was not found.',
    explanation: 'Shown on the error page.',
    cs: [10, 'Požadovaná položka nebyla nalezena.'],
    de: E,
    ar: E,
  },
  { ctx: 'label_email', src: 'E-mail address', cs: E, de: [20, 'E-Mail-Adresse'], ar: [20, 'عنوان البريد الإلكتروني'] },
  { ctx: 'multiline_crlf', src: HOSTILE.crlf, note: HOSTILE.hebrewNote, cs: [20, 'Řádek jedna\r\nŘádek dva'], de: E, ar: [20, 'السطر الأول\r\nالسطر الثاني'] },
  { ctx: 'multiline_lf', src: HOSTILE.lfTab, cs: [20, 'První řádek\nDruhý řádek\tpo tabulátoru'], de: E, ar: E },
  { ctx: 'button_register', src: 'Create account', cs: E, de: [20, 'Konto erstellen'], ar: [20, 'إنشاء حساب'] },
  { ctx: 'status_offline', src: 'Offline', cs: E, de: [20, 'Offline'], ar: [20, 'غير متصل'] },
  {
    ctx: 'emoji_party',
    src: HOSTILE.emojiZwj,
    note: HOSTILE.emojiNote,
    cs: [20, 'Večírek 🎉 s 👩‍💻 a 👨‍👩‍👧'],
    de: [10, 'Party 🎉 mit 👩‍💻'],
    ar: [20, 'حفلة 🎉 مع 👩‍💻'],
  },
  { ctx: 'csv_formula_eq', src: HOSTILE.formulaEq, cs: [20, HOSTILE.csFormulaTarget], de: [20, '=SUMME(A1:A2)'], ar: E },
  { ctx: 'csv_formula_plus', src: HOSTILE.formulaPlus, cs: [20, '+420 123 456 789'], de: E, ar: E },
  { ctx: 'csv_formula_minus', src: HOSTILE.formulaMinus, cs: [20, '-5 °C venku'], de: E, ar: E },
  { ctx: 'csv_formula_at', src: HOSTILE.formulaAt, cs: [10, '@kanál prosím zkontrolujte'], de: E, ar: [10, '@القناة يرجى المراجعة'] },
  { ctx: 'ansi_sgr', src: HOSTILE.ansiSgr, note: HOSTILE.ansiNote, cs: [20, HOSTILE.csAnsiTarget], de: E, ar: E },
  { ctx: 'ansi_osc8', src: HOSTILE.ansiOsc8, cs: [20, 'Dokumentace: \u001b]8;;http://x\u0007odkaz\u001b]8;;\u0007'], de: E, ar: E },
  { ctx: 'c1_csi', src: HOSTILE.c1Csi, cs: [20, 'C1 \u009b31m CSI'], de: E, ar: E },
  { ctx: 'bidi_override', src: HOSTILE.bidi, cs: [20, HOSTILE.csBidiTarget], de: [20, HOSTILE.deHebrewTarget], ar: [20, 'الملف: \u202egnp.exe'] },
  { ctx: 'control_chars', src: HOSTILE.nulDel, cs: [20, 'NUL\u0000 a DEL\u007f'], de: E, ar: E },
  {
    ctx: 'html_terms',
    src: 'By continuing you agree to the <b>terms</b>.',
    cs: E,
    de: [20, 'Wenn Sie fortfahren, stimmen Sie den <b>Bedingungen</b> zu.'],
    ar: E,
  },
  { ctx: HOSTILE.weirdContext, src: 'Weird context', cs: [20, 'Divný kontext, "uvozovky"'], de: E, ar: E },
  {
    ctx: 'files_count',
    src: ['%d file', '%d files'],
    cs: [30, ['%d soubor', '%d soubory', '%d souborů']],
    de: [20, ['%d Datei', '%d Dateien']],
    ar: [20, ['لا ملفات', 'ملف واحد', 'ملفان', '%d ملفات', '%d ملفًا', '%d ملف']],
  },
  {
    ctx: 'minutes_ago',
    src: ['%d minute ago', '%d minutes ago'],
    cs: [20, ['před %d minutou', 'před %d minutami', 'před %d minutami']],
    de: [30, ['vor %d Minute', 'vor %d Minuten']],
    ar: E,
  },
];

/**
 * Screenshots of demo/android (Weblate 4.0: /api/components/<p>/<c>/screenshots/, /api/screenshots/<id>/
 * and its file/): each shows some of the source strings, by context; its image is a small PNG of
 * its own (fakeScreenshotPng).
 */
export const SCREENSHOTS: readonly {
  id: number;
  project: string;
  component: string;
  name: string;
  file: string;
  contexts: readonly string[];
  /**
   * A localized screenshot (options.localizedScreenshots): it belongs to this language's translation and
   * shows that translation's units (weblate/screenshots/models.py Screenshot.translation; its `units`
   * are units of that translation), not the source strings.
   */
  language?: string;
}[] = [
  {
    id: 1,
    project: 'demo',
    component: 'android',
    name: 'Main menu',
    file: 'screenshots/main-menu.png',
    contexts: ['action_settings', 'action_about', 'action_share'],
  },
  {
    id: 2,
    project: 'demo',
    component: 'android',
    name: 'Delete dialog',
    file: 'screenshots/delete-dialog.png',
    contexts: ['confirm_delete', 'action_delete', 'action_cancel'],
  },
  { id: 3, project: 'demo', component: 'android', name: 'Hlavní nabídka', file: 'screenshots/cs/main-menu.png', contexts: ['action_settings'], language: 'cs' },
];
const ON_SCREENSHOT = new Set(SCREENSHOTS.flatMap((x) => x.contexts.map((c) => `${x.project}/${x.component}/${c}`)));

/** non-contiguous positions for the 32 android strings */
function androidPosition(i: number): number {
  return i + 1 + (i >= 10 ? 1 : 0) + (i >= 20 ? 3 : 0) + (i >= 30 ? 5 : 0);
}

const ANDROID_OVERRIDES: Record<string, { idHash?: bigint; contentHash?: Record<string, bigint> }> = {
  app_name: { idHash: HASHES.max, contentHash: { cs: HASHES.min } },
  action_settings: { idHash: HASHES.twoPow53Plus1, contentHash: { cs: HASHES.negTwoPow53Plus1 } },
};
/**
 * What the cs units flagged has_suggestion / has_comment hold (the suggestions and comments the fake
 * serves, by unit context); the comment carries an escape sequence, as server text may.
 */
export const CS_SUGGESTIONS: Record<string, readonly (readonly string[])[]> = {
  confirm_delete: [['Opravdu chcete smazat „%1$s“?'], ['Chcete opravdu smazat "%1$s"?']],
};
export const CS_COMMENTS: Record<string, readonly string[]> = {
  emoji_party: ['Does every launcher draw the \u001b[1m👩‍💻\u001b[0m sequence? Check Android 7.'],
};
const CS_FLAGS: Record<string, { suggestion?: boolean; comment?: boolean; failing?: boolean; previous?: string }> = {
  confirm_delete: { suggestion: true },
  error_not_found: { previous: 'The requested item could not be found.' },
  emoji_party: { comment: true },
  c1_csi: { failing: true },
};

function forms(x: string | readonly string[]): string[] {
  return typeof x === 'string' ? [x] : [...x];
}

interface UnitInput {
  id: number;
  position: number;
  source: string[];
  target: string[];
  state: number;
  context: string;
  note?: string;
  flags?: string;
  explanation?: string;
  extraFlags?: string;
  pending?: boolean;
  idHash: bigint;
  contentHash: bigint;
  sourceUnitId: number;
  previousSource?: string;
  hasSuggestion?: boolean;
  hasComment?: boolean;
  hasFailingCheck?: boolean;
  checks?: readonly string[];
  dismissedChecks?: readonly string[];
  hasScreenshot?: boolean;
  location?: string;
}
function unit(u: UnitInput): UnitModel {
  return {
    id: u.id,
    position: u.position,
    source: u.source,
    previousSource: u.previousSource ?? '',
    target: u.target,
    idHash: u.idHash,
    contentHash: u.contentHash,
    location: u.location ?? '',
    context: u.context,
    note: u.note ?? '',
    flags: u.flags ?? '',
    state: u.state,
    numWords: countWords(u.source),
    chars: countChars(u.source),
    sourceUnitId: u.sourceUnitId,
    priority: 100,
    explanation: u.explanation ?? '',
    extraFlags: u.extraFlags ?? '',
    pending: u.pending ?? false,
    hasSuggestion: u.hasSuggestion ?? false,
    hasComment: u.hasComment ?? false,
    hasFailingCheck: u.hasFailingCheck ?? (u.checks?.length ?? 0) > 0,
    checks: u.checks,
    dismissedChecks: u.dismissedChecks,
    hasScreenshot: u.hasScreenshot ?? false,
    timestampUs: unitTimestampUs(u.id),
  };
}

function targetForms(t: T, source: string[], nplurals: number): string[] {
  if (t[1] === '' && source.length > 1) return Array.from({ length: nplurals }, () => '');
  return forms(t[1]);
}

function androidUnits(project: string, code: 'en' | 'cs' | 'de' | 'ar', firstId: number, sourceFirstId: number): UnitModel[] {
  const nplurals = lang(code).plural.number;
  return ANDROID.map((b, i) => {
    const source = forms(b.src);
    const ov = ANDROID_OVERRIDES[b.ctx];
    const [state, target] = code === 'en' ? [100, source] : [b[code][0], targetForms(b[code], source, nplurals)];
    const cs = code === 'cs' ? CS_FLAGS[b.ctx] : undefined;
    return unit({
      id: firstId + i,
      position: androidPosition(i),
      source,
      target: [...target],
      state,
      context: b.ctx,
      note: b.note,
      flags: b.flags,
      explanation: b.explanation,
      idHash: ov?.idHash ?? hash64(`${project}:android:${b.ctx}`),
      contentHash: ov?.contentHash?.[code] ?? hash64(`${project}:android:${code}:${b.ctx}:${target.join('\u001e')}`),
      sourceUnitId: sourceFirstId + i,
      previousSource: cs?.previous,
      hasSuggestion: cs?.suggestion,
      hasComment: cs?.comment,
      hasFailingCheck: cs?.failing,
      hasScreenshot: ON_SCREENSHOT.has(`${project}/android/${b.ctx}`),
    });
  });
}

const GLOSSARY: readonly { src: string; cs: string }[] = [
  { src: 'Settings', cs: 'Nastavení' },
  { src: 'Log in', cs: 'Přihlásit se' },
  { src: 'Weblate', cs: 'Weblate' },
];
function glossaryUnits(code: 'en' | 'cs', firstId: number, sourceFirstId: number): UnitModel[] {
  return GLOSSARY.map((g, i) => {
    const h = hash64(`glossary:${g.src}`);
    return unit({
      id: firstId + i,
      position: i + 1,
      source: [g.src],
      target: [code === 'en' ? g.src : g.cs],
      state: code === 'en' ? 100 : 20,
      context: '',
      extraFlags: 'terminology',
      pending: true,
      idHash: h,
      contentHash: h,
      sourceUnitId: sourceFirstId + i,
    });
  });
}

const GUIDE: readonly { src: string; line: number; cs: T }[] = [
  { src: 'Getting started', line: 1, cs: [20, 'Začínáme'] },
  { src: 'Install the app, then open **Settings**.', line: 3, cs: [20, 'Nainstalujte aplikaci a otevřete **Nastavení**.'] },
  { src: 'Use `wli stats` to see progress, per language.', line: 5, cs: E },
  { src: 'Tips & tricks', line: 8, cs: [30, 'Tipy a triky'] },
  { src: 'Press <kbd>Ctrl</kbd>+<kbd>K</kbd> to search…', line: 13, cs: [10, 'Stiskněte <kbd>Ctrl</kbd>+<kbd>K</kbd> pro hledání…'] },
  { src: "That's all, folks!", line: 21, cs: E },
];
function guideUnits(code: 'en' | 'cs', firstId: number, sourceFirstId: number): UnitModel[] {
  return GUIDE.map((g, i) =>
    unit({
      id: firstId + i,
      position: g.line,
      source: [g.src],
      target: [code === 'en' ? g.src : (g.cs[1] as string)],
      state: code === 'en' ? 100 : g.cs[0],
      context: '',
      location: `docs/en/guide.md:${g.line}`,
      idHash: hash64(`guide:${g.src}`),
      contentHash: hash64(`guide:${code}:${g.src}`),
      sourceUnitId: sourceFirstId + i,
    }),
  );
}

// demo/docs/api/reference: a component two categories deep. 2 strings; cs 1 translated + 1 empty,
// chosen so the demo project's totals keep their percentages (tests pin 76.0 % translated).
const REFERENCE: readonly { src: string; line: number; cs: T }[] = [
  { src: 'API reference', line: 1, cs: [20, 'Reference API'] },
  { src: 'Every endpoint answers JSON.', line: 3, cs: E },
];
function referenceUnits(code: 'en' | 'cs', firstId: number, sourceFirstId: number): UnitModel[] {
  return REFERENCE.map((g, i) =>
    unit({
      id: firstId + i,
      position: g.line,
      source: [g.src],
      target: [code === 'en' ? g.src : (g.cs[1] as string)],
      state: code === 'en' ? 100 : g.cs[0],
      context: '',
      location: `docs/en/api/reference.md:${g.line}`,
      idHash: hash64(`reference:${g.src}`),
      contentHash: hash64(`reference:${code}:${g.src}`),
      sourceUnitId: sourceFirstId + i,
    }),
  );
}

const SECRET: readonly { ctx: string; src: string; cs: T }[] = [
  { ctx: 'launch_date', src: 'Secret launch date', cs: [20, 'Tajné datum spuštění'] },
  { ctx: 'codename', src: 'Internal codename', cs: [20, 'Interní krycí jméno'] },
  { ctx: 'do_not_leak', src: 'Do not leak', cs: E },
];
function secretUnits(code: 'en' | 'cs', firstId: number, sourceFirstId: number): UnitModel[] {
  return SECRET.map((s, i) =>
    unit({
      id: firstId + i,
      position: (i + 1) * 2,
      source: [s.src],
      target: [code === 'en' ? s.src : (s.cs[1] as string)],
      state: code === 'en' ? 100 : s.cs[0],
      context: s.ctx,
      idHash: hash64(`secret:${s.ctx}`),
      contentHash: hash64(`secret:${code}:${s.ctx}`),
      sourceUnitId: sourceFirstId + i,
    }),
  );
}

// apps/mobile and apps/desktop (options.apps): four strings; fr has all four, sr_Latn three, pt_BR two,
// zh_Hant one, so a --min-percent of 25, 50, 75 or 100 each keeps one language fewer.
const APPS: readonly { ctx: string; src: string; fr: string; pt_BR: string; sr_Latn: string; zh_Hant: string }[] = [
  { ctx: 'open', src: 'Open', fr: 'Ouvrir', pt_BR: 'Abrir', sr_Latn: 'Otvori', zh_Hant: '開啟' },
  { ctx: 'save', src: 'Save', fr: 'Enregistrer', pt_BR: 'Salvar', sr_Latn: 'Sačuvaj', zh_Hant: '' },
  { ctx: 'quit', src: 'Quit', fr: 'Quitter', pt_BR: '', sr_Latn: 'Izađi', zh_Hant: '' },
  { ctx: 'help', src: 'Help', fr: 'Aide', pt_BR: '', sr_Latn: '', zh_Hant: '' },
];
export const APPS_LANGUAGES = ['fr', 'pt_BR', 'sr_Latn', 'zh_Hant'] as const;
/**
 * The quality checks of apps' strings (wli checks): `component/language/context` → failing and
 * dismissed check ids (Weblate's: weblate/checks). end_stop fails 3 times, same twice, max-length once.
 */
export const APPS_CHECKS: Record<string, { failing?: readonly string[]; dismissed?: readonly string[] }> = {
  'mobile/fr/save': { failing: ['end_stop', 'max-length'] },
  'mobile/fr/help': { failing: ['same'], dismissed: ['end_stop'] },
  'mobile/sr_Latn/open': { failing: ['end_stop'] },
  'desktop/fr/open': { failing: ['end_stop', 'same'] },
  'desktop/pt_BR/open': { dismissed: ['same'] },
};
function appsUnits(component: string, code: 'en' | (typeof APPS_LANGUAGES)[number], firstId: number, sourceFirstId: number): UnitModel[] {
  return APPS.map((a, i) => {
    const target = code === 'en' ? a.src : a[code];
    return unit({
      id: firstId + i,
      position: i + 1,
      source: [a.src],
      target: [target],
      state: code === 'en' ? 100 : target === '' ? 0 : 20,
      context: component === 'mobile' ? a.ctx : '',
      checks: APPS_CHECKS[`${component}/${code}/${a.ctx}`]?.failing,
      dismissedChecks: APPS_CHECKS[`${component}/${code}/${a.ctx}`]?.dismissed,
      idHash: hash64(`apps:${component}:${a.ctx}`),
      contentHash: hash64(`apps:${component}:${code}:${a.ctx}`),
      sourceUnitId: sourceFirstId + i,
    });
  });
}

/**
 * The devices project's Czech strings (options.overlaps), per component: their states (11 and 12 too,
 * which Weblate's statistics count as fuzzy), the checks they fail or have dismissed (ids that are
 * part of other ids: same and same-plurals, c_format and objc_format) and which are pending.
 */
export const DEVICES_STRINGS: Readonly<
  Record<string, ReadonlyArray<{ ctx: string; state: number; failing?: readonly string[]; dismissed?: readonly string[]; pending?: boolean }>>
> = {
  android: [
    { ctx: 'title', state: 20, failing: ['same'] },
    { ctx: 'format', state: 20, failing: ['objc_format'] },
    { ctx: 'rewrite', state: 11 },
    { ctx: 'recheck', state: 12 },
    { ctx: 'edit', state: 10 },
    { ctx: 'approved', state: 30 },
    { ctx: 'empty', state: 0 },
    { ctx: 'dismissed', state: 20, dismissed: ['same-plurals'] },
  ],
  'android-tv': [
    { ctx: 'title', state: 20, failing: ['same-plurals'], pending: true },
    { ctx: 'format', state: 20, failing: ['c_format'], dismissed: ['same'] },
    { ctx: 'edit', state: 11 },
  ],
  wear: [
    { ctx: 'title', state: 20, failing: ['same'], pending: true },
    { ctx: 'edit', state: 12 },
  ],
};
function devicesUnits(component: string, code: 'en' | 'cs', firstId: number, sourceFirstId: number): UnitModel[] {
  return (DEVICES_STRINGS[component] ?? []).map((d, i) => {
    const source = `${component} ${d.ctx}`;
    const target = code === 'en' ? source : d.state === 0 ? '' : `${source} (cs)`;
    return unit({
      id: firstId + i,
      position: i + 1,
      source: [source],
      target: [target],
      state: code === 'en' ? 100 : d.state,
      context: d.ctx,
      checks: code === 'cs' ? d.failing : undefined,
      dismissedChecks: code === 'cs' ? d.dismissed : undefined,
      pending: code === 'cs' ? d.pending : undefined,
      idHash: hash64(`devices:${component}:${d.ctx}`),
      contentHash: hash64(`devices:${component}:${code}:${d.ctx}`),
      sourceUnitId: sourceFirstId + i,
    });
  });
}

/** The devices project's translations (en, the source, and cs per component), ids from 26, unit ids from 1001. */
function devicesTranslations(): TrInput[] {
  const out: TrInput[] = [];
  let id = 26;
  let unitId = 1001;
  for (const [, component] of DEVICES_COMPONENTS) {
    const sourceFirst = unitId;
    for (const code of ['en', 'cs'] as const) {
      out.push({
        id: id++,
        project: 'devices',
        component,
        lang: code,
        filename: code === 'en' ? 'app/src/main/res/values/strings.xml' : 'app/src/main/res/values-cs/strings.xml',
        isSource: code === 'en',
        isTemplate: code === 'en',
        units: devicesUnits(component, code, unitId, sourceFirst),
        noChanges: true,
      });
      unitId += (DEVICES_STRINGS[component] ?? []).length;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// changes

interface ScriptStep {
  /** unit context (android), source (glossary/guide), or null for a translation-level change */
  unit: string | null;
  action: number;
  user: boolean;
  /** default: the unit's current target joined with \u001e\u001e, '' for unit-less changes */
  target?: string;
}

const SCRIPTS: Record<string, ScriptStep[]> = {
  'demo/android/cs': [
    { unit: 'action_search', action: 45, user: true, target: '' },
    { unit: 'action_search', action: 5, user: true },
    { unit: 'error_not_found', action: 37, user: true },
    { unit: 'minutes_ago', action: 5, user: true },
    { unit: 'ansi_sgr', action: 2, user: true },
    { unit: 'csv_formula_eq', action: 2, user: true },
    { unit: 'bidi_override', action: 2, user: true },
    { unit: 'multiline_lf', action: 59, user: false },
    { unit: 'files_count', action: 5, user: true },
    { unit: null, action: 17, user: false },
  ],
  'demo/android/de': [
    { unit: 'app_name', action: 45, user: true, target: '' },
    { unit: 'app_name', action: 5, user: true },
    { unit: 'csv_formula_eq', action: 2, user: true },
    { unit: null, action: 17, user: false },
  ],
  'demo/android/ar': [
    { unit: 'error_network', action: 5, user: true },
    { unit: null, action: 17, user: false },
  ],
  'demo/glossary/cs': [{ unit: 'Settings', action: 5, user: true }],
  'demo/docs/guide/cs': [{ unit: 'Tips & tricks', action: 2, user: true }],
  'secret/android/cs': [{ unit: 'codename', action: 5, user: true }],
  'demo/docs/api/reference/cs': [{ unit: 'API reference', action: 5, user: true }],
};

const PLURAL_SEP = '\u001e\u001e';

function buildChanges(key: string, units: UnitModel[], nextId: () => number): ChangeModel[] {
  const out: ChangeModel[] = [];
  const push = (unitId: number | null, action: number, target: string, user: string | null): void => {
    const id = nextId();
    out.push({ id, unitId, action, target, user, author: user, timestampUs: changeTimestampUs(id) });
  };
  for (const u of units) push(u.id, 71, u.target.join(PLURAL_SEP), null);
  if (units.length === 0) return out;
  push(null, 0, '', null);
  for (const step of SCRIPTS[key] ?? []) {
    if (step.unit === null) {
      push(null, step.action, step.target ?? '', step.user ? 'admin' : null);
      continue;
    }
    const u = units.find((x) => x.context === step.unit || (x.context === '' && x.source[0] === step.unit));
    if (!u) throw new Error(`script unit ${step.unit} not in ${key}`);
    push(u.id, step.action, step.target ?? u.target.join(PLURAL_SEP), step.user ? 'admin' : null);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// translations

/** Android's codes for the apps languages, as Weblate's android style makes them (weblate/formats/base.py). */
const ANDROID_FILE_CODES: Record<string, string> = { fr: 'fr', pt_BR: 'pt-rBR', sr_Latn: 'b+sr+Latn', zh_Hant: 'zh-rTW' };

/** apps/mobile and apps/desktop, ids 16 to 25, unit ids from 157 (after every other static unit). */
function appsTranslations(): TrInput[] {
  const out: TrInput[] = [];
  let id = 16;
  let unitId = 157;
  for (const component of ['mobile', 'desktop'] as const) {
    const sourceFirst = unitId;
    for (const code of ['en', ...APPS_LANGUAGES] as const) {
      const android = component === 'mobile';
      const fileCode = android ? (code === 'en' ? undefined : ANDROID_FILE_CODES[code]) : undefined;
      const filename = android
        ? code === 'en'
          ? 'app/src/main/res/values/strings.xml'
          : `app/src/main/res/values-${fileCode}/strings.xml`
        : code === 'en'
          ? ''
          : `po/${code}.po`;
      out.push({
        id: id++,
        project: 'apps',
        component,
        lang: code,
        filename,
        isSource: code === 'en',
        isTemplate: code === 'en' && android,
        units: appsUnits(component, code, unitId, sourceFirst),
        fileCode,
        noChanges: true,
      });
      unitId += APPS.length;
    }
  }
  return out;
}

interface TrInput {
  id: number;
  project: string;
  component: string;
  lang: string;
  filename: string;
  revision?: string;
  isSource?: boolean;
  isTemplate?: boolean;
  kind?: 'static' | 'big';
  units?: UnitModel[];
  fileCode?: string;
  /** No history (the apps project: the server's newest change, which tests date from, stays). */
  noChanges?: boolean;
}

const ANDROID_SRC_REV = 'b2e91f560e541bab3ad535761517f808656b1b41';

function buildTranslations(): TranslationDef[] {
  const inputs: TrInput[] = [
    {
      id: 1,
      project: 'demo',
      component: 'android',
      lang: 'en',
      filename: 'app/src/main/res/values/strings.xml',
      revision: `${ANDROID_SRC_REV},${ANDROID_SRC_REV}`,
      isSource: true,
      isTemplate: true,
      units: androidUnits('demo', 'en', 1, 1),
    },
    {
      id: 2,
      project: 'demo',
      component: 'android',
      lang: 'cs',
      filename: 'app/src/main/res/values-cs/strings.xml',
      revision: `42d717566c8f99f2b8f1965dfc7b2a2fdc498b78,${ANDROID_SRC_REV}`,
      units: androidUnits('demo', 'cs', 33, 1),
    },
    {
      id: 3,
      project: 'demo',
      component: 'android',
      lang: 'de',
      filename: 'app/src/main/res/values-de/strings.xml',
      revision: `cbf719cefa03e2eada9f273706f9cdbf33731d17,${ANDROID_SRC_REV}`,
      units: androidUnits('demo', 'de', 65, 1),
    },
    { id: 4, project: 'demo', component: 'android', lang: 'ar', filename: 'app/src/main/res/values-ar/strings.xml', units: androidUnits('demo', 'ar', 97, 1) },
    { id: 5, project: 'demo', component: 'android', lang: 'ja', filename: 'app/src/main/res/values-ja/strings.xml', units: [] },
    { id: 6, project: 'demo', component: 'glossary', lang: 'en', filename: '', revision: '', isSource: true, units: glossaryUnits('en', 129, 129) },
    { id: 7, project: 'demo', component: 'glossary', lang: 'cs', filename: '', revision: '', units: glossaryUnits('cs', 132, 129) },
    {
      id: 8,
      project: 'demo',
      component: 'docs/guide',
      lang: 'en',
      filename: 'docs/en/guide.md',
      isSource: true,
      isTemplate: true,
      units: guideUnits('en', 135, 135),
    },
    { id: 9, project: 'demo', component: 'docs/guide', lang: 'cs', filename: 'docs/cs/guide.md', units: guideUnits('cs', 141, 135) },
    { id: 10, project: 'big', component: 'strings', lang: 'en', filename: '', isSource: true, kind: 'big' },
    { id: 11, project: 'big', component: 'strings', lang: 'xx', filename: 'po/xx.po', kind: 'big' },
    {
      id: 12,
      project: 'secret',
      component: 'android',
      lang: 'en',
      filename: 'app/src/main/res/values/strings.xml',
      isSource: true,
      isTemplate: true,
      units: secretUnits('en', 147, 147),
    },
    { id: 13, project: 'secret', component: 'android', lang: 'cs', filename: 'app/src/main/res/values-cs/strings.xml', units: secretUnits('cs', 150, 147) },
    // appended last: earlier translations keep their unit and change ids
    {
      id: 14,
      project: 'demo',
      component: 'docs/api/reference',
      lang: 'en',
      filename: 'docs/en/api/reference.md',
      isSource: true,
      isTemplate: true,
      units: referenceUnits('en', 153, 153),
    },
    { id: 15, project: 'demo', component: 'docs/api/reference', lang: 'cs', filename: 'docs/cs/api/reference.md', units: referenceUnits('cs', 155, 153) },
    ...appsTranslations(),
    ...devicesTranslations(),
  ];
  let changeId = 0;
  const nextId = (): number => ++changeId;
  return inputs.map((t) => {
    const key = `${t.project}/${t.component}/${t.lang}`;
    const units = t.units ?? [];
    const kind = t.kind ?? 'static';
    const srcRev = sha40(`${t.project}/${t.component}`);
    return {
      key,
      apiKey: `${t.project}/${t.component.replace(/\//g, '%2F')}/${t.lang}`,
      id: t.id,
      project: t.project,
      component: t.component,
      lang: t.lang,
      filename: t.filename,
      revision: t.revision ?? `${t.isSource ? srcRev : sha40(key)},${srcRev}`,
      isSource: t.isSource ?? false,
      isTemplate: t.isTemplate ?? false,
      kind,
      units,
      changes: kind === 'static' && !t.noChanges ? buildChanges(key, units, nextId) : [],
      fileCode: t.fileCode,
    };
  });
}

export const TRANSLATIONS: readonly TranslationDef[] = buildTranslations();
export const TRANSLATION_BY_KEY: ReadonlyMap<string, TranslationDef> = new Map(TRANSLATIONS.map((t) => [t.key, t]));
export const STATIC_UNIT_BY_ID: ReadonlyMap<number, [TranslationDef, UnitModel]> = new Map(
  TRANSLATIONS.flatMap((t) => t.units.map((u) => [u.id, [t, u]] as [number, [TranslationDef, UnitModel]])),
);
export const STATIC_CHANGE_BY_ID: ReadonlyMap<number, [TranslationDef, ChangeModel]> = new Map(
  TRANSLATIONS.flatMap((t) => t.changes.map((c) => [c.id, [t, c]] as [number, [TranslationDef, ChangeModel]])),
);
/** first id of generated data (big units and changes, inserted items) */
export const GENERATED_ID_BASE = 10001;

// ---------------------------------------------------------------------------------------------
// big/strings: generated on demand

const BIG_CHANGE_ACTIONS = [71, 2, 5, 59, 37, 45, 0, 17] as const;

export interface BigData {
  units: number;
  changes: number;
  unitId(role: 'source' | 'target', k: number): number;
  unit(role: 'source' | 'target', k: number): UnitModel;
  change(j: number): ChangeModel;
  /** id of the first generated id after big data (for inserted items) */
  nextFreeUnitId: number;
  nextFreeChangeId: number;
}

export function makeBig(nUnits: number, nChanges: number): BigData {
  const enBase = GENERATED_ID_BASE;
  const xxBase = GENERATED_ID_BASE + nUnits;
  const unitId = (role: 'source' | 'target', k: number): number => (role === 'source' ? enBase : xxBase) + k;
  const bigUnit = (role: 'source' | 'target', k: number): UnitModel => {
    const n = k + 1;
    const plural = k % 50 === 7;
    const source = plural ? [`${n} item`, `${n} items`] : [`Big string ${n}` + (k % 97 === 5 ? ', with "quotes"' : '')];
    const r = k % 10;
    const state = role === 'source' ? 100 : r === 0 ? 0 : r === 1 ? 10 : r === 2 ? 30 : 20;
    const target =
      role === 'source'
        ? source
        : state === 0
          ? source.map(() => '')
          : plural
            ? [`${n} xx-item`, `${n} xx-items`]
            : [`XX string ${n}` + (k % 97 === 5 ? ', s "uvozovkami"' : '')];
    const id = unitId(role, k);
    const idHash = BigInt.asIntN(64, mix64(BigInt(k) * 0x10001n + 7n));
    return {
      id,
      position: k * 2 + 1,
      source,
      previousSource: '',
      target,
      idHash,
      contentHash: role === 'source' ? idHash : BigInt.asIntN(64, mix64(BigInt(k) * 0x10001n + 11n)),
      location: `src/big.c:${k * 2 + 1}`,
      context: '',
      note: '',
      flags: plural ? 'c-format' : '',
      state,
      numWords: countWords(source),
      chars: countChars(source),
      sourceUnitId: enBase + k,
      priority: 100,
      explanation: '',
      extraFlags: '',
      pending: false,
      hasSuggestion: false,
      hasComment: false,
      hasFailingCheck: false,
      timestampUs: unitTimestampUs(id),
    };
  };
  const change = (j: number): ChangeModel => {
    const id = GENERATED_ID_BASE + j;
    const action = BIG_CHANGE_ACTIONS[j % BIG_CHANGE_ACTIONS.length] as number;
    const unitLess = action === 0 || action === 17 || nUnits === 0;
    const k = nUnits === 0 ? 0 : j % nUnits;
    const user = action === 2 || action === 5 || action === 37 || action === 45 ? 'admin' : null;
    const target = unitLess || action === 45 ? '' : bigUnit('target', k).target.join(PLURAL_SEP);
    return { id, unitId: unitLess ? null : unitId('target', k), action, target, user, author: user, timestampUs: changeTimestampUs(id) };
  };
  return {
    units: nUnits,
    changes: nChanges,
    unitId,
    unit: bigUnit,
    change,
    nextFreeUnitId: GENERATED_ID_BASE + 2 * nUnits + 1000,
    nextFreeChangeId: GENERATED_ID_BASE + nChanges + 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// screenshot images

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A screenshot's image: a valid PNG, 8×6 pixels of a grey of its own (stored, not compressed: no zlib needed to read it). */
export function fakeScreenshotPng(id: number): Buffer {
  const width = 8;
  const height = 6;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height, (id * 40) % 256);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter: none
  // A zlib stream of one stored block: header, BFINAL|BTYPE=00, LEN, NLEN, data, Adler-32.
  const len = Buffer.alloc(4);
  len.writeUInt16LE(raw.length, 0);
  len.writeUInt16LE(~raw.length & 0xffff, 2);
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  const idat = Buffer.concat([Buffer.from([0x78, 0x01, 0x01]), len, raw, adler]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
