/** A produced value and the version of the data it was produced from. */
interface Entry<T> {
  version: string;
  value: Promise<T>;
}

/**
 * One value per key and version: concurrent requests share one producer call, a failure is forgotten, a new version
 * replaces the old. Keys are a fixed set, never request input.
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

/** `SingleFlightCache` for keys from request input: at most `capacity` entries, least recently used out first. */
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
