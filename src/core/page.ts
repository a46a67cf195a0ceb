// What lists are made of, as every floor above sees them: the objects a server sent, a page at a time.

/** One object of a list, as the server sent it (unknown fields included). */
export type Item = Record<string, unknown>;

/** A page of a list as the output layer receives it. */
export interface Page {
  items: Item[];
  /** The server's own compact text of each item, when it sent it so (see parseJsonDocument). */
  raw?: string[];
}
