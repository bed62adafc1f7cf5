/** A produced value and the version of the data it was produced from. */
interface Entry<T> {
  version: string;
  value: Promise<T>;
}

/**
 * One value per key and version: concurrent requests share one producer call, a failure is forgotten, a new version
 * replaces the old. Keys from request input need a `capacity`: past it, the least recently used goes first.
 */
export class SingleFlightCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #capacity: number;

  constructor(capacity = Number.POSITIVE_INFINITY) {
    if (!(capacity >= 1)) throw new RangeError(`capacity must be at least 1`);
    this.#capacity = capacity;
  }

  /** The value for `key` at `version`, produced by `produce` on first use of that version (or after it was dropped). */
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
      // Only forget this attempt: a newer version may have replaced it meanwhile.
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
