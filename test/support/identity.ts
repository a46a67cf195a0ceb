// Stats rows carry their identity first (wli_target, wli_project, wli_component, wli_language), then
// the server's fields exactly as sent. Tests that compare with the server's bodies look at the rest.
type Item = Record<string, unknown>;

const IDENTITY = ['wli_target', 'wli_project', 'wli_component', 'wli_language'];

/** The server's part of a row (or of every row of a list); fails if the identity is not there, first. */
export function serverPart<T>(value: T): T {
  if (Array.isArray(value)) return (value as unknown[]).map((v) => serverPart(v)) as T;
  const row = value as Item;
  const keys = Object.keys(row);
  if (keys.slice(0, 4).join() !== IDENTITY.join()) throw new Error(`not a stats row with identity first: ${keys.slice(0, 5).join()}`);
  const out: Item = {};
  for (const k of keys.slice(4)) Object.defineProperty(out, k, { value: row[k], enumerable: true, writable: true, configurable: true });
  return out as T;
}
