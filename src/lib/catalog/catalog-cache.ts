/** How a lookup was answered. */
type CacheState = 'fresh' | 'fetched' | 'revalidating' | 'stale';

/** A cached value and the monotonic time it was fetched at. */
export interface CacheLookup<T> {
  value: T;
  /**
   * `fresh`: within the TTL; `fetched`: just loaded; `revalidating`: past the TTL while a load runs; `stale`: standing
   * in for a failed or slow load.
   */
  state: CacheState;
  /** Milliseconds since the value was fetched. */
  ageMs: number;
  /**
   * Milliseconds for which `get` keeps answering this value without a new load: until the TTL ends, the pause after a
   * failed load ends, or a stale copy ages past `staleIfErrorMs`, whichever comes first. 0 when the next `get` may
   * load, or while a load runs (`loading`).
   */
  holdsForMs: number;
  /** Whether a load is running whose value replaces this one the moment it lands: `revalidating`, or a late load. */
  loading: boolean;
}

/** Options of a keyed refresh cache. */
export interface RefreshCacheOptions<K, T> {
  /** How long a value is served without asking upstream; 0 asks every time. */
  ttlMs: number;
  /** How long past the TTL the old value is served at once while one background load replaces it; needs `ttlMs` > 0. */
  staleWhileRevalidateMs?: number;
  /** How old a value may be and still stand in for a failed fetch; 0 never. */
  staleIfErrorMs: number;
  /**
   * How long a failure is remembered and answered from (stale value or the error) without asking again; 0 asks every
   * time.
   */
  retryAfterFailureMs?: number;
  /**
   * With a copy younger than `staleIfErrorMs` at hand, how long a caller waits for a load before the copy is served;
   * unset waits.
   */
  staleGraceMs?: number;
  /** Fetches a fresh value; rejects when upstream fails. */
  load: (key: K) => Promise<T>;
  /** Told about every failed load, including background ones no caller waits for. */
  onLoadError?: (key: K, error: unknown) => void;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Calls `fire` after `ms` (on the `now` clock); injectable for tests. */
  setTimer?: (fire: () => void, ms: number) => void;
}

/** The last failed load of a key, answered from until the retry pause ends. */
interface Failure {
  error: unknown;
  at: number;
}

/** The load running for a key, shared by every caller meanwhile. */
interface Flight<T> {
  result: Promise<CacheLookup<T>>;
  startedAt: number;
  settled: boolean;
  /** Settles when the load does or its grace ends, whichever is first; one timer per load. */
  grace?: Promise<void>;
}

interface Entry<T> {
  value: T;
  fetchedAt: number;
  /** Whether a load since this value was fetched has failed: past the TTL, stale-if-error then decides. */
  refreshFailed: boolean;
}

/**
 * A keyed cache in front of a slow, fallible loader, with RFC 5861 semantics on the server side: fresh for `ttlMs`,
 * stale-while-revalidate, one shared load per key, stale-if-error, a remembered failure for `retryAfterFailureMs`,
 * and no wait longer than `staleGraceMs` while a stale copy exists, so a hung upstream costs no latency.
 */
export class RefreshCache<K, T> {
  readonly #options: RefreshCacheOptions<K, T>;
  readonly #now: () => number;
  readonly #setTimer: (fire: () => void, ms: number) => void;
  readonly #revalidateMs: number;
  readonly #entries = new Map<K, Entry<T>>();
  readonly #inflight = new Map<K, Flight<T>>();
  readonly #failures = new Map<K, Failure>();

  constructor(options: RefreshCacheOptions<K, T>) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#setTimer = options.setTimer ?? ((fire, ms) => void setTimeout(fire, ms));
    // With TTL 0 the cache is off; serving old values in the background would turn it back on.
    this.#revalidateMs = options.ttlMs > 0 ? (options.staleWhileRevalidateMs ?? 0) : 0;
  }

  /** The value for `key` if it is fresh now, synchronously; undefined means "ask `get`". */
  peekFresh(key: K): CacheLookup<T> | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const age = this.#now() - entry.fetchedAt;
    return age < this.#options.ttlMs ? this.#freshLookup(entry, age) : undefined;
  }

  /** The value for `key`: cached while fresh, else loaded once for all waiting callers. */
  get(key: K): Promise<CacheLookup<T>> {
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry !== undefined) {
      const age = now - entry.fetchedAt;
      if (age < this.#options.ttlMs) return Promise.resolve(this.#freshLookup(entry, age));
      // RFC 5861 §3: past freshness, within the window, serve the old value and revalidate
      // behind it. Once a revalidation has failed, stale-if-error (§4) decides instead.
      if (age < this.#options.ttlMs + this.#revalidateMs && !entry.refreshFailed) {
        this.#loadOnce(key, now); // reported through onLoadError; nobody waits here
        return Promise.resolve({ value: entry.value, state: 'revalidating', ageMs: age, holdsForMs: 0, loading: true });
      }
    }
    const failure = this.#failures.get(key);
    if (
      failure !== undefined &&
      !this.#inflight.has(key) &&
      now - failure.at < (this.#options.retryAfterFailureMs ?? 0)
    ) {
      // A failing upstream is asked again only after a pause, not once per request: it
      // spares the upstream (and its rate limit) while it recovers, and bounds the log.
      return this.#afterFailure(entry, failure, now);
    }
    const flight = this.#loadOnce(key, now);
    const graceMs = this.#options.staleGraceMs;
    if (entry === undefined || graceMs === undefined || now - entry.fetchedAt >= this.#options.staleIfErrorMs) {
      return flight.result;
    }
    // A copy may stand in: the first callers race the load against the grace (one shared
    // timer); later ones find the grace over and get the copy at once, without a timer.
    const left = flight.startedAt + graceMs - now;
    if (left <= 0) return Promise.resolve(loadingLookup(entry, now));
    flight.grace ??= new Promise((resolve) => {
      this.#setTimer(resolve, left);
      flight.result.then(
        () => resolve(),
        () => resolve(),
      );
    });
    return flight.grace.then(() => this.#loadOrStale(flight, entry));
  }

  /** After the grace: the load's answer if it came, else the copy (unless it aged past stale-if-error meanwhile). */
  #loadOrStale(flight: Flight<T>, entry: Entry<T>): Promise<CacheLookup<T>> {
    if (flight.settled) return flight.result;
    const now = this.#now();
    return now - entry.fetchedAt < this.#options.staleIfErrorMs
      ? Promise.resolve(loadingLookup(entry, now))
      : flight.result;
  }

  /**
   * The answer while `failure` is remembered: a stale copy if allowed, held until the pause ends or the copy ages out,
   * else the error.
   */
  #afterFailure(entry: Entry<T> | undefined, failure: Failure, now: number): Promise<CacheLookup<T>> {
    if (entry === undefined || now - entry.fetchedAt >= this.#options.staleIfErrorMs) {
      return Promise.reject(failure.error);
    }
    const ageMs = now - entry.fetchedAt;
    const pauseLeftMs = failure.at + (this.#options.retryAfterFailureMs ?? 0) - now;
    const holdsForMs = Math.max(0, Math.min(pauseLeftMs, this.#options.staleIfErrorMs - ageMs));
    return Promise.resolve({ value: entry.value, state: 'stale', ageMs, holdsForMs, loading: false });
  }

  /** `entry`, fresh at `age`: held until its TTL ends. */
  #freshLookup(entry: Entry<T>, age: number): CacheLookup<T> {
    return { value: entry.value, state: 'fresh', ageMs: age, holdsForMs: this.#options.ttlMs - age, loading: false };
  }

  /** The load in flight for `key`, or a new one that every caller meanwhile shares. */
  #loadOnce(key: K, now: number): Flight<T> {
    const running = this.#inflight.get(key);
    if (running !== undefined) return running;
    const result = this.#load(key).finally(() => {
      flight.settled = true;
      this.#inflight.delete(key);
    });
    // Failures reach onLoadError; callers answered from a stale copy do not wait for this.
    result.catch(() => undefined);
    const flight: Flight<T> = { result, startedAt: now, settled: false };
    this.#inflight.set(key, flight);
    return flight;
  }

  async #load(key: K): Promise<CacheLookup<T>> {
    let value: T;
    try {
      value = await this.#options.load(key);
    } catch (error) {
      this.#options.onLoadError?.(key, error);
      const failure = { error, at: this.#now() };
      this.#failures.set(key, failure);
      const entry = this.#entries.get(key);
      if (entry !== undefined) entry.refreshFailed = true;
      return this.#afterFailure(entry, failure, failure.at);
    }
    this.#failures.delete(key);
    // Keep the value even with ttl 0: it may still stand in for a failure later.
    if (this.#options.ttlMs > 0 || this.#options.staleIfErrorMs > 0) {
      this.#entries.set(key, { value, fetchedAt: this.#now(), refreshFailed: false });
    }
    return { value, state: 'fetched', ageMs: 0, holdsForMs: this.#options.ttlMs, loading: false };
  }
}

/** `entry` standing in for a load that is taking too long, until that load lands. */
const loadingLookup = <T>(entry: Entry<T>, now: number): CacheLookup<T> => ({
  value: entry.value,
  state: 'stale',
  ageMs: now - entry.fetchedAt,
  holdsForMs: 0,
  loading: true,
});
