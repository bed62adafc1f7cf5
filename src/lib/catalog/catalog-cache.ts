/** How a lookup was answered. */
export type CacheState = 'fresh' | 'fetched' | 'revalidating' | 'stale';

/** A cached value and the monotonic time it was fetched at. */
export interface CacheLookup<T> {
  value: T;
  /**
   * `fresh`: within the TTL; `fetched`: just loaded; `revalidating`: past the TTL, served
   * while a background load runs; `stale`: standing in for a failed load.
   */
  state: CacheState;
  /** Milliseconds since the value was fetched. */
  ageMs: number;
}

/** Options of a keyed refresh cache. */
export interface RefreshCacheOptions<K, T> {
  /** How long a value is served without asking upstream; 0 asks every time. */
  ttlMs: number;
  /**
   * How long past the TTL a value is still served at once while one background load
   * replaces it; 0 makes callers past the TTL wait for the load. Needs `ttlMs` > 0.
   */
  staleWhileRevalidateMs?: number;
  /** How old a value may be and still stand in for a failed fetch; 0 never. */
  staleIfErrorMs: number;
  /** Fetches a fresh value; rejects when upstream fails. */
  load: (key: K) => Promise<T>;
  /** Told about every failed load, including background ones no caller waits for. */
  onLoadError?: (key: K, error: unknown) => void;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
  /** The last load after this value failed: callers past the TTL wait for the next one. */
  refreshFailed: boolean;
}

/**
 * A small keyed cache in front of a slow, fallible loader (the semantics of RFC 5861, on
 * the server side): fresh values are served for `ttlMs`; for `staleWhileRevalidateMs` after
 * that the old value is still served at once while one background load replaces it;
 * concurrent misses of one key share a single load (single flight); when a load fails, a
 * value younger than `staleIfErrorMs` is served instead of the error.
 */
export class RefreshCache<K, T> {
  readonly #options: RefreshCacheOptions<K, T>;
  readonly #now: () => number;
  readonly #revalidateMs: number;
  readonly #entries = new Map<K, Entry<T>>();
  readonly #inflight = new Map<K, Promise<CacheLookup<T>>>();

  constructor(options: RefreshCacheOptions<K, T>) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    // With TTL 0 the cache is off; serving old values in the background would turn it back on.
    this.#revalidateMs = options.ttlMs > 0 ? (options.staleWhileRevalidateMs ?? 0) : 0;
  }

  /** The value for `key`: cached while fresh, else loaded once for all waiting callers. */
  get(key: K): Promise<CacheLookup<T>> {
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry !== undefined) {
      const age = now - entry.fetchedAt;
      if (age < this.#options.ttlMs) return Promise.resolve({ value: entry.value, state: 'fresh', ageMs: age });
      // RFC 5861 §3: past freshness, within the window, serve the old value and revalidate
      // behind it. Once a revalidation has failed, stale-if-error (§4) decides instead.
      if (age < this.#options.ttlMs + this.#revalidateMs && !entry.refreshFailed) {
        this.#loadOnce(key).catch(() => {}); // reported through onLoadError; nobody waits here
        return Promise.resolve({ value: entry.value, state: 'revalidating', ageMs: age });
      }
    }
    return this.#loadOnce(key);
  }

  /** The load in flight for `key`, or a new one that every caller meanwhile shares. */
  #loadOnce(key: K): Promise<CacheLookup<T>> {
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
        this.#entries.set(key, { value, fetchedAt: this.#now(), refreshFailed: false });
      }
      return { value, state: 'fetched', ageMs: 0 };
    } catch (error) {
      this.#options.onLoadError?.(key, error);
      const entry = this.#entries.get(key);
      if (entry === undefined) throw error;
      entry.refreshFailed = true;
      const age = this.#now() - entry.fetchedAt;
      if (age < this.#options.staleIfErrorMs) return { value: entry.value, state: 'stale', ageMs: age };
      throw error;
    }
  }
}
