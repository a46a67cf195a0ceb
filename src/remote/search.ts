// The unit search of one run: a scope's strings counted or listed through /api/units/ (or a
// translation's own units list) in the form of the search this server takes. The exact form first
// (weblate/scope.ts: path:, check:=ID); a 400 to a query whose older form differs asks that once
// more in the older form, and every later search of the run uses it (said under --verbose). A
// query rejected in both forms is the user's or the server's to explain: its error stands. Units the
// older form finds outside the scope (component:= matches a slug or a name) are left out here, so
// a count is the scope's strings only, whatever the form.
import { HttpError } from '../api/errors.js';
import { pick, madeOnce, type Page } from '../core/page.js';
import { msg, ours } from '../core/text.js';
import { OLDER_FORM_SAID, formsDiffer, inScope, needsNarrowing, searchQuery, type Scope, type SearchForm } from '../weblate/scope.js';
import type { Reads } from './reads.js';
import type { Report } from '../io/report.js';

/** Where a search asks: a path (/api/units/, or a translation's units list) and the scope it keeps to (none: the path's own list). */
export interface SearchAt {
  path: string;
  scope?: Scope;
}

/** A search's own term, in the form asked (a check term differs by form). */
export type Term = string | ((form: SearchForm) => string) | undefined;

const termIn = (term: Term, form: SearchForm): string | undefined => (typeof term === 'function' ? term(form) : term);

export class UnitSearch {
  private form: SearchForm = 'exact';
  constructor(
    private readonly weblate: Reads,
    private readonly report: Report,
  ) {}

  /** The form this run's searches use now. */
  get currentForm(): SearchForm {
    return this.form;
  }

  /** The q of a search at `at` with `term`, in the form this run uses now. */
  query(at: SearchAt, term: Term): URLSearchParams {
    return searchQuery(at.scope, this.form, termIn(term, this.form));
  }

  /** How many strings of the scope match `term`: one page_size=1 count, or in the older form of a component, the list narrowed and counted. */
  count(at: SearchAt, term: Term, label = 'strings'): Promise<number> {
    return this.inForm(at, term, async (form) => {
      const query = searchQuery(at.scope, form, termIn(term, form));
      const { scope } = at;
      if (scope === undefined || !needsNarrowing(scope, form)) return this.weblate.countOf({ path: at.path, query, label });
      let n = 0;
      for await (const page of this.narrowed(this.weblate.pagesOf({ path: at.path, query, label, quiet: true }), scope)) n += page.size;
      return n;
    });
  }

  /** The strings of the scope matching `term`, page by page (narrowed to the scope in the older form). */
  async *pages(at: SearchAt, term: Term, ask: { label: string; pageSize?: number; limit?: number; quiet?: boolean }): AsyncGenerator<Page> {
    let yielded = false;
    let form = this.form;
    for (;;) {
      const query = searchQuery(at.scope, form, termIn(term, form));
      const pages = this.weblate.pagesOf({ ...ask, path: at.path, query });
      try {
        const { scope } = at;
        for await (const page of scope !== undefined && needsNarrowing(scope, form) ? this.narrowed(pages, scope) : pages) {
          yielded = true;
          yield page;
        }
        return;
      } catch (e) {
        if (yielded || !this.fallsBack(e, at, term, form)) throw e;
        form = this.form;
      }
    }
  }

  /** `ask` in this run's form; a 400 to the exact form asks once more in the older one. */
  private async inForm<T>(at: SearchAt, term: Term, ask: (form: SearchForm) => Promise<T>): Promise<T> {
    const form = this.form;
    try {
      return await ask(form);
    } catch (e) {
      if (!this.fallsBack(e, at, term, form)) throw e;
      return ask(this.form);
    }
  }

  /** Whether a failure of the exact form selects the older one (and, if so, selects it for the rest of the run). */
  private fallsBack(e: unknown, at: SearchAt, term: Term, form: SearchForm): boolean {
    if (!(e instanceof HttpError) || e.status !== 400 || form !== 'exact') return false;
    const differs = formsDiffer(at.scope) || termIn(term, 'exact') !== termIn(term, 'older');
    if (!differs) return false;
    if (this.form === 'exact') {
      this.form = 'older';
      this.report.note(msg`the server rejected the exact search terms (${e.serverMessage ?? 'HTTP 400'}): ${ours(OLDER_FORM_SAID)}`);
    }
    return true;
  }

  /** The units of each page inside the scope (a unit whose translation link cannot be read is kept out too). */
  private async *narrowed(pages: AsyncGenerator<Page>, scope: Scope): AsyncGenerator<Page> {
    for await (const page of pages) {
      const units = page.items();
      const inside = units.flatMap((u, i) => (inScope(u, scope) === true ? [i] : []));
      if (inside.length === units.length) yield madeOnce(page, units);
      else if (inside.length) yield pick(madeOnce(page, units), inside);
    }
  }
}
