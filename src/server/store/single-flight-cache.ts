/** A produced value and the version of the data it was produced from. */
interface Entry<T> {
  version: string;
  value: Promise<T>;
}

/**
 * One value per key and version: concurrent requests share one producer call, a failure is forgotten, a new version
 * replaces the old. Keys are the site's own (pages, locales), never request input, so nothing is evicted. lru-cache's
 * `fetch()` would hand a caller asking for a new version the load still running for the old one, and does not forget
 * a failure of a superseded version apart from the newer one (docs/performance.md).
 */
export class SingleFlightCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  /** The value for `key` at `version`, produced by `produce` on first use of that version (or after it failed). */
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
