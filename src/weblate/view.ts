// A typed view of one object a Weblate server sent: commands and gates read its getters, never the
// server's snake_case fields, and the output still renders the raw object (no field dropped, exact
// integers, unknown fields passed through). A view only reads: it copies nothing and changes nothing,
// so making one per row costs one small object.
import type { Item } from '../core/page.js';
import { numberOf } from '../core/values.js';
import { objectAt } from './objects.js';

export class View {
  /** The object as the server sent it: what the output renders. */
  readonly raw: Item;

  constructor(raw: Item) {
    this.raw = raw;
  }

  /** A field as it is: what a display getter returns, so that rendering does not change. */
  protected field(name: string): unknown {
    return this.raw[name];
  }

  /** A field as a string; undefined when it holds none (null, a number, absent). */
  protected string(name: string): string | undefined {
    const v = this.raw[name];
    return typeof v === 'string' ? v : undefined;
  }

  /** A field as a finite number (a number, an exact big number, numeric text: core/values numberOf); undefined otherwise. */
  protected number(name: string): number | undefined {
    const n = numberOf(this.raw[name]);
    return n !== undefined && Number.isFinite(n) ? n : undefined;
  }

  /** A field as a boolean; undefined when it holds none (older servers, null). */
  protected boolean(name: string): boolean | undefined {
    const v = this.raw[name];
    return typeof v === 'boolean' ? v : undefined;
  }

  /** The object a field holds (a translation's `language`); undefined when it holds none. */
  protected object(name: string): Item | undefined {
    return objectAt(this.raw, name);
  }
}
