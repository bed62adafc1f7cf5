/** A produced value and the version of the data it was produced from. */
interface Entry<T> {
  version: string;
  value: Promise<T>;
}

/**
 * A map from key to a value produced once per version: concurrent first requests share
 * one producer call, and a failed call is forgotten so the next request tries again.
 * Each key holds only its latest version: asking with another version (a page built from
 * a catalog that changed) produces anew and drops the old value. Keys are a fixed set
 * (the registered pages and site documents), never request input, so memory is bounded.
 */
export class SingleFlightCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  /** The value for `key` at `version`, produced by `produce` on first use of that version. */
  get(key: string, produce: () => Promise<T>, version = ''): Promise<T> {
    const existing = this.#entries.get(key);
    if (existing !== undefined && existing.version === version) return existing.value;
    const entry: Entry<T> = { version, value: produce() };
    this.#entries.set(key, entry);
    entry.value.catch(() => {
      // Only forget this attempt: a newer version may have replaced it meanwhile.
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }

  /** How many values are held or being produced. */
  get size(): number {
    return this.#entries.size;
  }
}
