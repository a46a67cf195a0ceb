// Resource renderers: field for field (same order) as Weblate 5.4.2's recorded responses.
import { BASE_US, CATEGORY_BY_ID, checksum, formatTimestamp, actionName, lang } from './data.js';
import type { CategoryDef, ChangeModel, ComponentDef, LanguageDef, ProjectDef, TranslationDef, UnitModel } from './data.js';
import { Raw, decimal1, quotePlus } from './json.js';
import type { Json, JsonObject } from './json.js';

export interface Ctx {
  origin: string;
  /** '/api/' */
  prefix: string;
  /** '/' (web root, prefix without 'api/') */
  webRoot: string;
  /** value of the `format` query parameter, carried into API addresses */
  fmt: string | null;
  old: boolean;
  /** Projects carry metrics_url (Weblate 2026.8, options.metricsUrl). */
  metricsUrl?: boolean;
  /** A component's file fields as fake.componentFiles() set them (hostile masks in tests), by 'p/c'. */
  componentFiles?: ReadonlyMap<string, Partial<Record<'filemask' | 'template' | 'intermediate' | 'new_base', string>>>;
}

export function api(ctx: Ctx, path: string): string {
  return ctx.origin + ctx.prefix + path + (ctx.fmt !== null ? `?format=${quotePlus(ctx.fmt)}` : '');
}
export function web(ctx: Ctx, path: string): string {
  return ctx.origin + ctx.webRoot + path;
}
const ts = (ctx: Ctx, us: number | null): string | null => (us === null ? null : formatTimestamp(us, !ctx.old));
const encPath = (componentPath: string): string => componentPath.replace(/\//g, '%2F');

// ---------------------------------------------------------------------------------------------
// statistics

export interface Agg {
  total: number;
  words: number;
  chars: number;
  translated: number;
  translatedWords: number;
  translatedChars: number;
  fuzzy: number;
  fuzzyWords: number;
  fuzzyChars: number;
  failing: number;
  failingWords: number;
  approved: number;
  approvedWords: number;
  approvedChars: number;
  readonly: number;
  readonlyWords: number;
  readonlyChars: number;
  suggestions: number;
  comments: number;
  lastChangeUs: number | null;
  lastAuthor: string | null;
  recentChanges: number;
}
export function emptyAgg(): Agg {
  return {
    total: 0,
    words: 0,
    chars: 0,
    translated: 0,
    translatedWords: 0,
    translatedChars: 0,
    fuzzy: 0,
    fuzzyWords: 0,
    fuzzyChars: 0,
    failing: 0,
    failingWords: 0,
    approved: 0,
    approvedWords: 0,
    approvedChars: 0,
    readonly: 0,
    readonlyWords: 0,
    readonlyChars: 0,
    suggestions: 0,
    comments: 0,
    lastChangeUs: null,
    lastAuthor: null,
    recentChanges: 0,
  };
}
export function addUnit(a: Agg, u: UnitModel): void {
  a.total++;
  a.words += u.numWords;
  a.chars += u.chars;
  if (u.state >= 20) {
    a.translated++;
    a.translatedWords += u.numWords;
    a.translatedChars += u.chars;
  } else if (u.state >= 10) {
    a.fuzzy++;
    a.fuzzyWords += u.numWords;
    a.fuzzyChars += u.chars;
  }
  if (u.state === 30) {
    a.approved++;
    a.approvedWords += u.numWords;
    a.approvedChars += u.chars;
  }
  if (u.state === 100) {
    a.readonly++;
    a.readonlyWords += u.numWords;
    a.readonlyChars += u.chars;
  }
  if (u.hasFailingCheck) {
    a.failing++;
    a.failingWords += u.numWords;
  }
  if (u.hasSuggestion) a.suggestions++;
  if (u.hasComment) a.comments++;
}
export function addChange(a: Agg, c: ChangeModel): void {
  if (a.lastChangeUs === null || c.timestampUs >= a.lastChangeUs) {
    a.lastChangeUs = c.timestampUs;
    a.lastAuthor = c.author === 'admin' ? 'Administrator' : null;
  }
  if (c.user !== null) a.recentChanges++;
}
export function mergeAgg(into: Agg, b: Agg): void {
  for (const k of Object.keys(b) as (keyof Agg)[]) {
    if (k === 'lastChangeUs' || k === 'lastAuthor') continue;
    into[k] += b[k];
  }
  if (b.lastChangeUs !== null && (into.lastChangeUs === null || b.lastChangeUs > into.lastChangeUs)) {
    into.lastChangeUs = b.lastChangeUs;
    into.lastAuthor = b.lastAuthor;
  }
}

/** Weblate's translation_percent: floored to one decimal, never 0.0/100.0 unless exact */
export function percent(part: number, total: number, zeroComplete = false): Raw {
  if (total === 0) return decimal1(zeroComplete ? 100 : 0);
  let p = Math.floor((1000 * part) / total) / 10;
  if (p === 0 && part !== 0) p = 0.1;
  if (p === 100 && part < total) p = 99.9;
  return decimal1(p);
}

export function renderStats(ctx: Ctx, a: Agg, tail: { code?: string; name: string; url: string; translate_url?: string }): JsonObject {
  return {
    total: a.total,
    total_words: a.words,
    total_chars: a.chars,
    last_change: ts(ctx, a.lastChangeUs),
    recent_changes: a.recentChanges,
    translated: a.translated,
    translated_words: a.translatedWords,
    translated_percent: percent(a.translated, a.total, true),
    translated_words_percent: percent(a.translatedWords, a.words, true),
    translated_chars: a.translatedChars,
    translated_chars_percent: percent(a.translatedChars, a.chars, true),
    fuzzy: a.fuzzy,
    fuzzy_percent: percent(a.fuzzy, a.total),
    fuzzy_words: a.fuzzyWords,
    fuzzy_words_percent: percent(a.fuzzyWords, a.words),
    fuzzy_chars: a.fuzzyChars,
    fuzzy_chars_percent: percent(a.fuzzyChars, a.chars),
    failing: a.failing,
    failing_percent: percent(a.failing, a.total),
    approved: a.approved,
    approved_percent: percent(a.approved, a.total),
    approved_words: a.approvedWords,
    approved_words_percent: percent(a.approvedWords, a.words),
    approved_chars: a.approvedChars,
    approved_chars_percent: percent(a.approvedChars, a.chars),
    readonly: a.readonly,
    readonly_percent: percent(a.readonly, a.total),
    readonly_words: a.readonlyWords,
    readonly_words_percent: percent(a.readonlyWords, a.words),
    readonly_chars: a.readonlyChars,
    readonly_chars_percent: percent(a.readonlyChars, a.chars),
    suggestions: a.suggestions,
    comments: a.comments,
    code: tail.code,
    name: tail.name,
    url: tail.url,
    translate_url: tail.translate_url,
  };
}

/**
 * One translation in the project metrics answer (Weblate 2026.8, /api/projects/<p>/metrics/): the
 * endpoint's 24 keys, in the order of Weblate's test_metrics tests; no fuzzy_percent, failing_percent,
 * readonly, last_change or code.
 */
export function renderMetricsStats(a: Agg, name: string): JsonObject {
  return {
    name,
    translated: a.translated,
    translated_words: a.translatedWords,
    translated_chars: a.translatedChars,
    total: a.total,
    total_words: a.words,
    total_chars: a.chars,
    fuzzy: a.fuzzy,
    fuzzy_words: a.fuzzyWords,
    fuzzy_chars: a.fuzzyChars,
    failing: a.failing,
    failing_words: a.failingWords,
    // The fake counts no failing characters elsewhere either (its statistics have no failing_chars).
    failing_chars: 0,
    approved: a.approved,
    approved_words: a.approvedWords,
    approved_chars: a.approvedChars,
    suggestions: a.suggestions,
    comments: a.comments,
    translated_percent: percent(a.translated, a.total, true),
    translated_words_percent: percent(a.translatedWords, a.words, true),
    translated_chars_percent: percent(a.translatedChars, a.chars, true),
    approved_percent: percent(a.approved, a.total),
    approved_words_percent: percent(a.approvedWords, a.words),
    approved_chars_percent: percent(a.approvedChars, a.chars),
  };
}

export function renderTranslationStats(ctx: Ctx, tr: TranslationDef, a: Agg): JsonObject {
  const l = lang(tr.lang);
  return renderStats(ctx, a, {
    code: l.code,
    name: l.name,
    url: web(ctx, `projects/${tr.project}/${tr.component}/${tr.lang}/`),
    translate_url: web(ctx, `translate/${tr.project}/${tr.component}/${tr.lang}/`),
  });
}

// ---------------------------------------------------------------------------------------------
// language, project, component

export function renderLanguage(ctx: Ctx, l: LanguageDef): JsonObject {
  if (ctx.old) {
    return {
      code: l.code,
      name: l.name,
      nplurals: l.plural.number,
      pluralequation: l.plural.formula,
      direction: l.direction,
      web_url: web(ctx, `languages/${l.code}/`),
      url: api(ctx, `languages/${l.code}/`),
    };
  }
  return {
    id: l.id,
    code: l.code,
    name: l.name,
    plural: { id: l.plural.id, source: l.plural.source, number: l.plural.number, formula: l.plural.formula, type: l.plural.type },
    aliases: l.aliases,
    direction: l.direction,
    population: l.population,
    web_url: web(ctx, `languages/${l.code}/`),
    url: api(ctx, `languages/${l.code}/`),
    statistics_url: api(ctx, `languages/${l.code}/statistics/`),
  };
}

export function renderProject(ctx: Ctx, p: ProjectDef): JsonObject {
  const a = (s: string): string => api(ctx, `projects/${p.slug}/${s}`);
  return {
    name: p.name,
    slug: p.slug,
    id: p.id,
    web: p.web,
    web_url: web(ctx, `projects/${p.slug}/`),
    url: a(''),
    components_list_url: a('components/'),
    repository_url: a('repository/'),
    statistics_url: a('statistics/'),
    metrics_url: ctx.metricsUrl ? a('metrics/') : undefined,
    categories_url: ctx.old ? undefined : a('categories/'),
    changes_list_url: a('changes/'),
    languages_url: a('languages/'),
    labels_url: ctx.old ? undefined : a('labels/'),
    translation_review: false,
    source_review: false,
    set_language_team: true,
    instructions: '',
    enable_hooks: true,
    language_aliases: '',
  };
}

const COMMIT_MESSAGE =
  'Translated using Weblate ({{ language_name }})\n\nCurrently translated at {{ stats.translated_percent }}% ({{ stats.translated }} of {{ stats.all }} strings)\n\nTranslation: {{ project_name }}/{{ component_name }}\nTranslate-URL: {{ url }}';
const ADD_MESSAGE = 'Added translation using Weblate ({{ language_name }})\n\n';
const DELETE_MESSAGE = 'Deleted translation using Weblate ({{ language_name }})\n\n';
const MERGE_MESSAGE = "Merge branch '{{ component_remote_branch }}' into Weblate.\n\n";
const ADDON_MESSAGE =
  'Update translation files\n\nUpdated by "{{ addon_name }}" hook in Weblate.\n\nTranslation: {{ project_name }}/{{ component_name }}\nTranslate-URL: {{ url }}';
const PULL_MESSAGE =
  'Translations update from {{ site_title }}\n\nTranslations update from [{{ site_title }}]({{ site_url }}) for [{{ project_name }}/{{ component_name }}]({{url}}).\n\n{% if component_linked_childs %}\nIt also includes following components:\n{% for linked in component_linked_childs %}\n* [{{ linked.project_name }}/{{ linked.name }}]({{ linked.url }})\n{% endfor %}\n{% endif %}\n\nCurrent translation status:\n\n![Weblate translation status]({{widget_url}})\n';

/**
 * Component, as ComponentSerializer sends it. `withProject: false` is the project's component list
 * (/api/projects/<p>/components/): ProjectViewSet.components serializes with remove_fields=("project",)
 * (weblate/api/views.py, 4.x to current), so those items have no `project`.
 */
export function renderComponent(ctx: Ctx, c: ComponentDef, p: ProjectDef, withProject = true): JsonObject {
  const base = `components/${c.project}/${encPath(c.path)}/`;
  const a = (s: string): string => api(ctx, base + s);
  const cat = c.category === null ? undefined : CATEGORY_BY_ID.get(c.category);
  return {
    name: c.name,
    slug: c.slug,
    id: c.id,
    source_language: renderLanguage(ctx, lang(c.sourceLanguage)),
    project: withProject ? renderProject(ctx, p) : undefined,
    vcs: c.vcs,
    repo: c.repo,
    git_export: web(ctx, `git/${c.project}/${c.path}/`),
    branch: c.branch,
    push_branch: c.pushBranch,
    filemask: c.filemask,
    screenshot_filemask: '',
    template: c.template,
    edit_template: c.editTemplate,
    intermediate: '',
    new_base: c.newBase,
    ...ctx.componentFiles?.get(`${c.project}/${c.path}`),
    file_format: c.fileFormat,
    license: c.license,
    license_url: c.licenseUrl,
    agreement: '',
    web_url: web(ctx, `projects/${c.project}/${c.path}/`),
    url: a(''),
    repository_url: a('repository/'),
    translations_url: a('translations/'),
    statistics_url: a('statistics/'),
    lock_url: a('lock/'),
    links_url: a('links/'),
    changes_list_url: a('changes/'),
    task_url: null,
    new_lang: c.newLang,
    language_code_style: c.languageCodeStyle ?? '',
    push: '',
    check_flags: c.checkFlags,
    priority: c.priority,
    enforced_checks: c.enforcedChecks,
    restricted: false,
    repoweb: '',
    report_source_bugs: '',
    merge_style: 'rebase',
    commit_message: COMMIT_MESSAGE,
    add_message: ADD_MESSAGE,
    delete_message: DELETE_MESSAGE,
    merge_message: MERGE_MESSAGE,
    addon_message: ADDON_MESSAGE,
    pull_message: PULL_MESSAGE,
    allow_translation_propagation: c.allowTranslationPropagation,
    manage_units: true,
    enable_suggestions: true,
    suggestion_voting: false,
    suggestion_autoaccept: 0,
    push_on_commit: true,
    commit_pending_age: 24,
    auto_lock_error: true,
    language_regex: '^[^.]+$',
    variant_regex: '',
    addons: c.addons.map((id) => api(ctx, `addons/${id}/`)),
    is_glossary: c.isGlossary,
    glossary_color: 'silver',
    category: ctx.old ? undefined : cat ? api(ctx, `categories/${cat.id}/`) : null,
    linked_component: ctx.old ? undefined : null,
  };
}

/**
 * Category (Weblate ≥ 5.0), CategorySerializer in weblate/api/serializers.py: fields id, name, slug,
 * project (URL of /api/projects/<slug>/), category (URL of the parent category or null), url,
 * statistics_url (added with /api/categories/<id>/statistics/ in 5.5, see Weblate's docs/changes.rst:
 * "Weblate 5.5 ... Added GET /api/categories/(int:id)/statistics/"; left out in old-shapes mode).
 */
export function renderCategory(ctx: Ctx, cat: CategoryDef): JsonObject {
  return {
    id: cat.id,
    name: cat.name,
    slug: cat.slug,
    project: api(ctx, `projects/${cat.project}/`),
    category: cat.category === null ? null : api(ctx, `categories/${cat.category}/`),
    url: api(ctx, `categories/${cat.id}/`),
    statistics_url: ctx.old ? undefined : api(ctx, `categories/${cat.id}/statistics/`),
  };
}

// ---------------------------------------------------------------------------------------------
// translation, unit, change

export function translationApiBase(tr: TranslationDef): string {
  return `translations/${tr.project}/${encPath(tr.component)}/${tr.lang}/`;
}

export function renderTranslation(ctx: Ctx, tr: TranslationDef, a: Agg, component: { c: ComponentDef; p: ProjectDef } | null): JsonObject {
  const base = translationApiBase(tr);
  const x = (s: string): string => api(ctx, base + s);
  const webPath = `${tr.project}/${tr.component}/${tr.lang}/`;
  return {
    language: renderLanguage(ctx, lang(tr.lang)),
    component: component ? renderComponent(ctx, component.c, component.p) : undefined,
    language_code: tr.fileCode ?? tr.lang,
    id: ctx.old ? undefined : tr.id,
    filename: tr.filename,
    revision: tr.revision,
    web_url: web(ctx, `projects/${webPath}`),
    share_url: web(ctx, `engage/${tr.project}/-/${tr.lang}/`),
    translate_url: web(ctx, `translate/${webPath}`),
    url: x(''),
    is_template: tr.isTemplate,
    is_source: ctx.old ? undefined : tr.isSource,
    total: a.total,
    total_words: a.words,
    translated: a.translated,
    translated_words: a.translatedWords,
    translated_percent: percent(a.translated, a.total, true),
    fuzzy: a.fuzzy,
    fuzzy_words: a.fuzzyWords,
    fuzzy_percent: percent(a.fuzzy, a.total),
    failing_checks: a.failing,
    failing_checks_words: a.failingWords,
    failing_checks_percent: percent(a.failing, a.total),
    have_suggestion: a.suggestions,
    have_comment: a.comments,
    // old servers: no zone; the de translation has a null last_change
    last_change: ctx.old && tr.lang === 'de' ? null : ts(ctx, a.lastChangeUs),
    last_author: a.lastAuthor,
    repository_url: x('repository/'),
    file_url: x('file/'),
    statistics_url: x('statistics/'),
    changes_list_url: x('changes/'),
    units_list_url: ctx.old ? undefined : x('units/'),
  };
}

const PLURAL_SEP = '\u001e\u001e';

export function renderUnit(ctx: Ctx, tr: TranslationDef, u: UnitModel): JsonObject {
  const webPath = `${tr.project}/${tr.component}/${tr.lang}/`;
  return {
    translation: api(ctx, translationApiBase(tr)),
    source: ctx.old ? u.source.join(PLURAL_SEP) : u.source,
    previous_source: u.previousSource,
    target: ctx.old ? u.target.join(PLURAL_SEP) : u.target,
    id_hash: u.idHash,
    content_hash: u.contentHash,
    location: u.location,
    context: u.context,
    note: u.note,
    flags: u.flags,
    labels: ctx.old ? undefined : ([] as Json[]),
    state: u.state,
    fuzzy: u.state >= 10 && u.state < 20,
    translated: u.state >= 20,
    approved: u.state === 30,
    position: u.position,
    has_suggestion: u.hasSuggestion,
    has_comment: u.hasComment,
    has_failing_check: u.hasFailingCheck,
    num_words: u.numWords,
    source_unit: api(ctx, `units/${u.sourceUnitId}/`),
    priority: u.priority,
    id: u.id,
    web_url: web(ctx, `translate/${webPath}?checksum=${checksum(u.idHash)}`),
    url: api(ctx, `units/${u.id}/`),
    explanation: u.explanation,
    extra_flags: u.extraFlags,
    pending: ctx.old ? undefined : u.pending,
    timestamp: ctx.old ? undefined : ts(ctx, u.timestampUs),
  };
}

export function renderChange(ctx: Ctx, tr: TranslationDef, c: ChangeModel): JsonObject {
  const person = (name: string | null): Json => (name === null ? null : ctx.old ? 1 : api(ctx, `users/${name}/`));
  return {
    unit: c.unitId === null ? null : api(ctx, `units/${c.unitId}/`),
    component: api(ctx, `components/${tr.project}/${encPath(tr.component)}/`),
    translation: api(ctx, translationApiBase(tr)),
    user: person(c.user),
    author: person(c.author),
    timestamp: ts(ctx, c.timestampUs),
    action: c.action,
    target: c.target,
    id: c.id,
    action_name: actionName(c.action),
    url: api(ctx, `changes/${c.id}/`),
  };
}

// ---------------------------------------------------------------------------------------------
// users

export interface UserDef {
  id: number;
  username: string;
  fullName: string;
}

/**
 * A user as Weblate's UserViewSet shows it (weblate/api/views.py, weblate/api/serializers.py): to a
 * caller without the user.edit permission (anonymous here) BasicUserSerializer's id, full_name and
 * username; to one with it (a token here, the sample's administrator) FullUserSerializer's fields as of
 * the 5.x documentation (the newer profile and date_expires left out).
 */
export function renderUser(ctx: Ctx, u: UserDef, full: boolean): JsonObject {
  if (!full) return { id: u.id, full_name: u.fullName, username: u.username };
  return {
    id: u.id,
    email: `${u.username}@example.com`,
    full_name: u.fullName,
    username: u.username,
    groups: [],
    notifications: api(ctx, `users/${u.username}/notifications/`),
    is_superuser: u.username === 'admin',
    is_active: true,
    is_bot: false,
    date_joined: formatTimestamp(BASE_US - 30 * 86_400_000_000 + u.id * 1_000_000),
    last_login: formatTimestamp(BASE_US - 3_600_000_000),
    url: api(ctx, `users/${u.username}/`),
    statistics_url: api(ctx, `users/${u.username}/statistics/`),
    contributions_url: api(ctx, `users/${u.username}/contributions/`),
  };
}

// ---------------------------------------------------------------------------------------------
// suggestions (Weblate 2026.8) and comments (5.15) of a unit

export interface SuggestionDef {
  id: number;
  unitId: number;
  target: string[];
  user: string;
  timestampUs: number;
  votes: number;
}
export interface CommentDef {
  id: number;
  unitId: number;
  comment: string;
  user: string;
  timestampUs: number;
}

/** A suggestion as SuggestionSerializer sends it: {id, unit, target[], user, timestamp, votes}. */
export function renderSuggestion(ctx: Ctx, s: SuggestionDef): JsonObject {
  return {
    id: s.id,
    unit: api(ctx, `units/${s.unitId}/`),
    target: s.target,
    user: api(ctx, `users/${s.user}/`),
    timestamp: ts(ctx, s.timestampUs),
    votes: s.votes,
    url: api(ctx, `suggestions/${s.id}/`),
  };
}

/** A comment as CommentSerializer sends it: {comment, timestamp, id, user}. */
export function renderComment(ctx: Ctx, c: CommentDef): JsonObject {
  return { comment: c.comment, timestamp: ts(ctx, c.timestampUs), id: c.id, user: api(ctx, `users/${c.user}/`) };
}
