/** How a lookup was answered. */
export type CacheState = 'fresh' | 'fetched' | 'stale';

/** A cached value and the monotonic time it was fetched at. */
export interface CacheLookup<T> {
  value: T;
  state: CacheState;
  /** Milliseconds since the value was fetched. */
  ageMs: number;
}

/** Options of a keyed refresh cache. */
export interface RefreshCacheOptions<K, T> {
  /** How long a value is served without asking upstream; 0 asks every time. */
  ttlMs: number;
  /** How old a value may be and still stand in for a failed fetch; 0 never. */
  staleIfErrorMs: number;
  /** Fetches a fresh value; rejects when upstream fails. */
  load: (key: K) => Promise<T>;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
}

/**
 * A small keyed cache in front of a slow, fallible loader: fresh values are served for
 * `ttlMs`; concurrent misses of one key share a single load (single flight); when a load
 * fails, a value younger than `staleIfErrorMs` is served instead of the error.
 */
export class RefreshCache<K, T> {
  readonly #options: RefreshCacheOptions<K, T>;
  readonly #now: () => number;
  readonly #entries = new Map<K, Entry<T>>();
  readonly #inflight = new Map<K, Promise<CacheLookup<T>>>();

  constructor(options: RefreshCacheOptions<K, T>) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** The value for `key`: cached while fresh, else loaded once for all waiting callers. */
  get(key: K): Promise<CacheLookup<T>> {
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry !== undefined && now - entry.fetchedAt < this.#options.ttlMs) {
      return Promise.resolve({ value: entry.value, state: 'fresh', ageMs: now - entry.fetchedAt });
    }
    const pending = this.#inflight.get(key);
    if (pending !== undefined) return pending;
    const load = this.#load(key).finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, load);
    return load;
  }

  async #load(key: K): Promise<CacheLookup<T>> {
    try {
      const value = await this.#options.load(key);
      // Keep the value even with ttl 0: it may still stand in for a failure later.
      if (this.#options.ttlMs > 0 || this.#options.staleIfErrorMs > 0) {
        this.#entries.set(key, { value, fetchedAt: this.#now() });
      }
      return { value, state: 'fetched', ageMs: 0 };
    } catch (error) {
      const entry = this.#entries.get(key);
      const age = entry === undefined ? Number.POSITIVE_INFINITY : this.#now() - entry.fetchedAt;
      if (entry !== undefined && age < this.#options.staleIfErrorMs) {
        return { value: entry.value, state: 'stale', ageMs: age };
      }
      throw error;
    }
  }
}
