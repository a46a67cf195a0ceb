// A small subset of Weblate's search language for the units list `q` parameter:
//   state:translated  state:<translated  state:>=20  state:read-only
//   source:text  target:"two words"  context:key  key:key  note:text  location:text
//   has:comment  has:suggestion  has:check  has:dismissed-check
//   check:ID  dismissed_check:ID (a failing / dismissed quality check whose id CONTAINS the text,
//   case-insensitive: check:same also finds same-plurals; check:=ID the id itself, case-insensitive)
//   is:needs-editing|fuzzy (states 10, 11, 12)  is:translated (20 and above)  is:untranslated (below 20)
//   is:approved  is:read-only  is:pending  pending:true|false
//   bare words / "quoted phrases" (substring of source or target, case-insensitive)
//   AND, OR, NOT (case-insensitive), parentheses, implicit AND between terms.
// Scope terms (what /api/units/ needs; they work on the translation units list too):
//   project:demo        project slug, case-insensitive equality (project:=demo: case-sensitive)
//   language:cs         language code, case-insensitive equality (language:=cs: case-sensitive)
//   component:guide     component slug OR name contains the text, case-insensitive
//                       (component:=guide: slug OR name equals it, case-insensitive). The component's
//                       own slug only: a component in a category is NOT matched by its path
//                       ("docs/guide"); Weblate has no category: term.
//   path:demo/docs      limit to a project, project/-/language, category (nested categories included),
//                       category/-/language, component (full slug path) or translation (component/lang)
// Sources (current Weblate): weblate/utils/search.py UnitTermExpr — EXACT_FIELD_MAP maps
// "project" → translation__component__project__slug and "language" → translation__language__code
// (":" becomes iexact on these, ":=" exact); component_field(): ":=" → slug iexact | name iexact,
// otherwise slug icontains | name icontains; path_field(): parse_path() over Translation, Component,
// Project, ProjectLanguage, Category (all_component_ids: nested too), CategoryLanguage, Language;
// an unknown path matches nothing (Q(translation=None)). docs/user/search.rst: "component:TEXT
// Component slug or name case-insensitive search", "path:TEXT Path to the object to limit searching
// inside component, category, project, or translation". Older servers (4.14-5.x) had component →
// translation__component__slug (iexact) | name icontains and no path: lookup (options.pathSearch
// false: "Unsupported field: path", a 400). check_field()/dismissed_check_field(): Exists(Check
// name__icontains, or name__iexact for ":="; dismissed False/True); is_field(): "fuzzy" and
// "needs-editing" → state__in=FUZZY_STATES (10, 11, 12), "translated" → state__gte=20,
// "untranslated" → state__lt=20, "approved" 30, "read-only" 100, "pending".
import { STATE_NAMES } from './data.js';
import type { UnitModel } from './data.js';

export class QueryError extends Error {}

/** Where a unit lives, for the scope terms. */
export interface UnitScope {
  project: string;
  /** component slug (last path segment) */
  component: string;
  componentName: string;
  /** full component slug path inside the project, 'android' or 'docs/api/reference' */
  componentPath: string;
  /** slug paths of the categories the component is inside, outermost first: ['docs', 'docs/api'] */
  categories: readonly string[];
  language: string;
}

export type UnitPred = (u: UnitModel, s: UnitScope) => boolean;
type Pred = UnitPred;
interface Tok {
  kind: 'lp' | 'rp' | 'word';
  text: string;
  quoted: boolean;
}

function tokenize(q: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i] as string;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(') {
      toks.push({ kind: 'lp', text: c, quoted: false });
      i++;
    } else if (c === ')') {
      toks.push({ kind: 'rp', text: c, quoted: false });
      i++;
    } else {
      let text = '';
      let quoted = false;
      while (i < q.length && !/[\s()]/.test(q[i] as string)) {
        if (q[i] === '"') {
          const end = q.indexOf('"', i + 1);
          if (end < 0) throw new QueryError('Missing closing quote');
          text += q.slice(i, end + 1);
          quoted = true;
          i = end + 1;
        } else {
          text += q[i];
          i++;
        }
      }
      toks.push({ kind: 'word', text, quoted });
    }
  }
  return toks;
}

const unquote = (s: string): string => s.replace(/"/g, '');
const contains = (hay: readonly string[], needle: string): boolean => {
  const n = needle.toLowerCase();
  return hay.some((h) => h.toLowerCase().includes(n));
};

function stateTerm(value: string, dialect: SearchDialect): Pred {
  const m = /^(<=|>=|<|>|=)?(.*)$/s.exec(value) as RegExpExecArray;
  const op = m[1] ?? '=';
  const name = unquote(m[2] ?? '');
  let code: number;
  if (/^\d+$/.test(name)) code = Number(name);
  else if (Object.prototype.hasOwnProperty.call(STATE_NAMES, name) && (dialect.fuzzyStates || !REWRITING_NAMES.has(name))) code = STATE_NAMES[name] as number;
  else throw new QueryError(`Unsupported state: ${name}`);
  switch (op) {
    case '<':
      return (u) => u.state < code;
    case '<=':
      return (u) => u.state <= code;
    case '>':
      return (u) => u.state > code;
    case '>=':
      return (u) => u.state >= code;
    default:
      return (u) => u.state === code;
  }
}

/** path: value → predicate on the scope (the forms of Weblate's object URL paths, PathMixin.get_url_path) */
function pathTerm(value: string): Pred {
  const segs = value.split('/');
  const project = segs[0] ?? '';
  const rest = segs.slice(1);
  if (project === '' || rest.some((x) => x === '')) return () => false;
  const dash = rest.indexOf('-');
  if (dash >= 0) {
    // project/-/lang (ProjectLanguage) or project/<category path>/-/lang (CategoryLanguage)
    if (dash !== rest.length - 2) return () => false;
    const cat = rest.slice(0, dash).join('/');
    const code = rest[dash + 1] as string;
    return (_u, s) => s.project === project && s.language === code && (cat === '' || s.categories.includes(cat));
  }
  const joined = rest.join('/');
  const parent = rest.slice(0, -1).join('/');
  const last = rest[rest.length - 1];
  return (_u, s) => {
    if (s.project !== project) return false;
    if (rest.length === 0) return true; // project
    if (s.componentPath === joined) return true; // component
    if (s.categories.includes(joined)) return true; // category, nested ones included
    return s.componentPath === parent && s.language === last; // translation
  };
}

/** A unit's failing check ids: its own list, or `same` for a unit flagged failing without one. */
export const failingChecks = (u: UnitModel): readonly string[] => u.checks ?? (u.hasFailingCheck ? ['same'] : []);

function equalTerm(raw: string, get: (s: UnitScope) => string): Pred {
  if (raw.startsWith('=')) {
    const v = unquote(raw.slice(1));
    return (_u, s) => get(s) === v;
  }
  const v = unquote(raw).toLowerCase();
  return (_u, s) => get(s).toLowerCase() === v;
}

/** A check term: the unit's check ids containing the text (case-insensitive), or with ":=" equal to it. */
function checkName(raw: string, ids: (u: UnitModel) => readonly string[], dialect: SearchDialect): Pred {
  const exact = raw.startsWith('=') || !dialect.checkSubstring;
  const v = unquote(raw.startsWith('=') ? raw.slice(1) : raw).toLowerCase();
  return (u) => ids(u).some((id) => (exact ? id.toLowerCase() === v : id.toLowerCase().includes(v)));
}

/** The state names 5.15 added (weblate/utils/state.py STATE_NAMES). */
const REWRITING_NAMES = new Set(['needs-rewriting', 'needs-checking']);

function isTerm(value: string, dialect: SearchDialect): Pred {
  switch (value) {
    case 'fuzzy':
    case 'needs-editing':
      return dialect.fuzzyStates ? (u) => u.state >= 10 && u.state < 20 : (u) => u.state === 10;
    case 'translated':
      return (u) => u.state >= 20;
    case 'untranslated':
      return (u) => u.state < 20;
    case 'approved':
      return (u) => u.state === 30;
    case 'read-only':
    case 'readonly':
      return (u) => u.state === 100;
    case 'pending':
      return (u) => u.pending;
    default:
      throw new QueryError(`Unsupported is lookup: ${value}`);
  }
}

/** How a release's search differs from current Weblate's (2026.8). */
export interface SearchDialect {
  /** path: (Weblate 5.8 and newer); false: "Unsupported field: path". */
  path: boolean;
  /**
   * check: and dismissed_check: match the ids that contain the text (check_field, current Weblate);
   * false: the id itself, case-insensitive, as when check was in EXACT_FIELD_MAP (4.x, 5.x).
   */
  checkSubstring: boolean;
  /**
   * component:= is the slug OR the name iexact (component_field, 5.x and newer); true: the slug exact
   * OR the name icontains whatever the operator (4.x: EXACT_FIELD_MAP slug, field_extra name icontains).
   */
  componentNameContains: boolean;
  /**
   * States 11 (needs rewriting) and 12 (needs checking) exist (Weblate 5.15 and newer: weblate/utils/state.py
   * FUZZY_STATES, STATE_NAMES): is:needs-editing and is:fuzzy are 10, 11 and 12 (is_field, state__in=FUZZY_STATES).
   * false: an older server: is:needs-editing is state 10 (is_field Q(state=STATE_FUZZY)), state:needs-rewriting
   * and state:needs-checking are "Unsupported state" (convert_state: not in STATE_NAMES), and the fake holds
   * its strings of states 11 and 12 in 10 (index.ts withoutRewritingStates).
   */
  fuzzyStates: boolean;
}
export const CURRENT_SEARCH: SearchDialect = { path: true, checkSubstring: true, componentNameContains: false, fuzzyStates: true };

function term(tok: Tok, dialect: SearchDialect): Pred {
  const m = /^([a-z_]+):(.*)$/s.exec(tok.text);
  if (!m || tok.text.startsWith('"')) {
    const needle = unquote(tok.text);
    return (u) => contains(u.source, needle) || contains(u.target, needle);
  }
  const field = (m[1] as string).toLowerCase();
  const raw = m[2] as string;
  const value = unquote(raw);
  switch (field) {
    case 'state':
      return stateTerm(raw, dialect);
    case 'source':
      return (u) => contains(u.source, value);
    case 'target':
      return (u) => contains(u.target, value);
    case 'context':
    case 'key':
      return (u) => contains([u.context], value);
    case 'note':
      return (u) => contains([u.note], value);
    case 'location':
      return (u) => contains([u.location], value);
    case 'explanation':
      return (u) => contains([u.explanation], value);
    case 'project':
      return equalTerm(raw, (s) => s.project);
    case 'language':
      return equalTerm(raw, (s) => s.language);
    case 'component': {
      if (raw.startsWith('=') && dialect.componentNameContains) {
        const v = unquote(raw.slice(1)).toLowerCase();
        return (_u, s) => s.component === unquote(raw.slice(1)) || s.componentName.toLowerCase().includes(v);
      }
      if (raw.startsWith('=')) {
        const v = unquote(raw.slice(1)).toLowerCase();
        return (_u, s) => s.component.toLowerCase() === v || s.componentName.toLowerCase() === v;
      }
      const v = value.toLowerCase();
      return (_u, s) => s.component.toLowerCase().includes(v) || s.componentName.toLowerCase().includes(v);
    }
    case 'check':
      return checkName(raw, failingChecks, dialect);
    case 'dismissed_check':
      return checkName(raw, (u) => u.dismissedChecks ?? [], dialect);
    case 'is':
      return isTerm(value, dialect);
    case 'pending':
      if (value !== 'true' && value !== 'false') throw new QueryError(`Invalid boolean: ${value}`);
      return (u) => u.pending === (value === 'true');
    case 'path':
      if (!dialect.path) throw new QueryError('Unsupported field: path');
      return pathTerm(raw.startsWith('=') ? unquote(raw.slice(1)) : value);
    case 'has':
      switch (value) {
        case 'comment':
          return (u) => u.hasComment;
        case 'suggestion':
          return (u) => u.hasSuggestion;
        case 'screenshot':
          return (u) => u.hasScreenshot === true;
        case 'check':
        case 'failing-check':
          return (u) => failingChecks(u).length > 0;
        case 'dismissed-check':
          return (u) => (u.dismissedChecks ?? []).length > 0;
        case 'explanation':
          return (u) => u.explanation !== '';
        case 'note':
          return (u) => u.note !== '';
        case 'context':
          return (u) => u.context !== '';
        default:
          throw new QueryError(`Unsupported has lookup: ${value}`);
      }
    default:
      throw new QueryError(`Unsupported field: ${field}`);
  }
}

/** Compile a q string; throws QueryError (message without the "Could not parse query string: " prefix). */
export function compileUnitQuery(q: string, dialect: SearchDialect = CURRENT_SEARCH): UnitPred {
  const toks = tokenize(q);
  let pos = 0;
  const peek = (): Tok | undefined => toks[pos];
  const isKw = (t: Tok | undefined, kw: string): boolean => t !== undefined && t.kind === 'word' && !t.quoted && t.text.toUpperCase() === kw;

  const parseOr = (): Pred => {
    const parts = [parseAnd()];
    while (isKw(peek(), 'OR')) {
      pos++;
      parts.push(parseAnd());
    }
    return parts.length === 1 ? (parts[0] as Pred) : (u, sc) => parts.some((p) => p(u, sc));
  };
  const parseAnd = (): Pred => {
    const parts = [parseNot()];
    for (;;) {
      const t = peek();
      if (t === undefined || t.kind === 'rp' || isKw(t, 'OR')) break;
      if (isKw(t, 'AND')) pos++;
      parts.push(parseNot());
    }
    return parts.length === 1 ? (parts[0] as Pred) : (u, sc) => parts.every((p) => p(u, sc));
  };
  const parseNot = (): Pred => {
    if (isKw(peek(), 'NOT')) {
      pos++;
      const inner = parseNot();
      return (u, sc) => !inner(u, sc);
    }
    return parsePrimary();
  };
  const parsePrimary = (): Pred => {
    const t = peek();
    if (t === undefined) throw new QueryError('Unexpected end of query');
    if (t.kind === 'lp') {
      pos++;
      const inner = parseOr();
      if (peek()?.kind !== 'rp') throw new QueryError('Expected ")"');
      pos++;
      return inner;
    }
    if (t.kind === 'rp') throw new QueryError('Unexpected ")"');
    if (isKw(t, 'AND') || isKw(t, 'OR')) throw new QueryError(`Unexpected ${t.text}`);
    pos++;
    return term(t, dialect);
  };

  if (toks.length === 0) return () => true;
  const pred = parseOr();
  if (pos < toks.length) throw new QueryError(`Unexpected ${(toks[pos] as Tok).text}`);
  return pred;
}
