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

/**
 * Like `SingleFlightCache` (one producer call per key and data version, failures
 * forgotten), but for keys that come from request input: it holds at most `capacity`
 * entries and drops the least recently used one to take a new key, so no sequence of
 * requests can make it grow without bound. Entries of an older data version are replaced
 * when next asked for, or age out.
 */
export class BoundedSingleFlightCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer`);
    this.#capacity = capacity;
  }

  /** The value for `key` at `version`, produced by `produce` on first use (or after it was dropped). */
  get(key: string, produce: () => Promise<T>, version = ''): Promise<T> {
    const existing = this.#entries.get(key);
    // A Map iterates in insertion order: re-inserting marks the key as the most recently used.
    this.#entries.delete(key);
    if (existing !== undefined && existing.version === version) {
      this.#entries.set(key, existing);
      return existing.value;
    }
    const entry: Entry<T> = { version, value: produce() };
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }

  /** How many values are held or being produced. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether `key` is held (at any version); does not count as a use. */
  has(key: string): boolean {
    return this.#entries.has(key);
  }
}
