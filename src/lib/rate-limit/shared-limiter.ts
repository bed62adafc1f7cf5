import type { FixedWindowLimiter, RateLimitDecision } from './fixed-window-limiter.ts';

/** A client's count in the current shared window and the milliseconds until it ends. */
export interface WindowCount {
  count: number;
  resetMs: number;
}

/** Where every instance counts its clients: one fixed window per key, kept by the store. */
export interface WindowStore {
  /** Whether commands can be sent now; false while (re)connecting, so a request never waits for a connection. */
  readonly ready: boolean;
  /** Adds one to `key`'s window, opened with a `windowMs` expiry on its first request, and returns the count. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** An error's message for a log line, without credentials. */
  describe(error: unknown): string;
}

/** What the store tells its owner: it became usable, or stopped being so (why, without credentials). */
export interface WindowStoreEvents {
  onReady: () => void;
  onError: (message: string) => void;
}

/** Why a request was decided by the instance's own limiter: store not in use, too slow, or an error answer. */
export type FallbackReason = 'unavailable' | 'timeout' | 'error';

/** Options of the shared limiter. */
export interface SharedLimiterOptions {
  /** The instance's own limiter: counts every request, and decides whenever the store cannot in time. */
  local: FixedWindowLimiter;
  windowSeconds: number;
  /** Longest a request waits for the store (RATE_LIMIT_STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Opens the store, which reports its connection through `events`. */
  connect: (events: WindowStoreEvents) => WindowStore;
  /** Told once per change: the store in use again, or not any more, and why. */
  onTransition?: (up: boolean, reason: string) => void;
  /** Told of every request the instance decided alone. */
  onFallback?: (reason: FallbackReason) => void;
  /** Failed requests in a row after which the store is left alone for `cooldownMs`. */
  failuresToTrip?: number;
  cooldownMs?: number;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

/**
 * One quota across instances: each request is counted in the shared store, and in the instance's own limiter too, so
 * that whenever the store is unreachable, slow or failing, the instance decides alone at once (as it does without a
 * store) instead of refusing or waiting. Requests wait for the store at most `timeoutMs`; after `failuresToTrip`
 * failures in a row (timeouts within one deadline of each other count as one) it is skipped for `cooldownMs` (no
 * request waits meanwhile), then tried again.
 */
export class SharedLimiter {
  readonly #local: FixedWindowLimiter;
  readonly #store: WindowStore;
  readonly #windowMs: number;
  readonly #timeoutMs: number;
  readonly #failuresToTrip: number;
  readonly #cooldownMs: number;
  readonly #now: () => number;
  readonly #options: SharedLimiterOptions;
  #up: boolean | undefined;
  #failures = 0;
  #retryAt = 0;
  /** When the timeouts counted as the latest failure began: requests that stalled together count once. */
  #stallSince = Number.NEGATIVE_INFINITY;

  constructor(options: SharedLimiterOptions) {
    this.#options = options;
    this.#local = options.local;
    this.#windowMs = options.windowSeconds * 1000;
    this.#timeoutMs = options.timeoutMs;
    this.#failuresToTrip = options.failuresToTrip ?? 3;
    this.#cooldownMs = options.cooldownMs ?? 1000;
    this.#now = options.now ?? (() => performance.now());
    this.#store = options.connect({
      onReady: () => {
        this.#failures = 0;
        this.#retryAt = 0;
        this.#transition(true, 'connected');
      },
      onError: (message) => this.#transition(false, message),
    });
  }

  /** Whether requests are counted in the store now (the `rate_limit_store_up` gauge). */
  get up(): boolean {
    return this.#up === true;
  }

  /** Counts one request for `key`: at once when the store is out of use, else once the store answers or the deadline passes. */
  take(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const local = this.#local.take(key);
    if (!this.#storeInUse()) {
      this.#options.onFallback?.('unavailable');
      return local;
    }
    return this.#ask(key, local);
  }

  #storeInUse(): boolean {
    if (!this.#store.ready) {
      if (this.#up === true) this.#transition(false, 'connection lost');
      return false;
    }
    // Connected, but left alone after failures: tried again once the pause is over.
    return this.#up === true || this.#now() >= this.#retryAt;
  }

  #ask(key: string, local: RateLimitDecision): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      let settled = false;
      // Timers run before the loop reads sockets: after a busy spell the deadline would beat an answer already
      // received. setImmediate runs after the reads, so only an answer still missing then counts as late.
      const timer = setTimeout(() => {
        setImmediate(() => {
          if (settled) return;
          settled = true;
          this.#failed('timeout', `no answer within ${this.#timeoutMs} ms`);
          resolve(local);
        });
      }, this.#timeoutMs);
      this.#store.increment(key, this.#windowMs).then(
        (count) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.#succeeded();
          resolve(this.#decide(count));
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          this.#failed('error', this.#store.describe(error));
          resolve(local);
        },
      );
    });
  }

  #succeeded(): void {
    this.#failures = 0;
    if (this.#up !== true) this.#transition(true, 'answering again');
  }

  #failed(reason: FallbackReason, detail: string): void {
    this.#options.onFallback?.(reason);
    if (reason === 'timeout') {
      // A stall of the process or the store times out every request in flight at once: one failure, not one each, or
      // a single pause would leave the store alone while a flood is what it is there for.
      const now = this.#now();
      if (now - this.#stallSince < this.#timeoutMs) return;
      this.#stallSince = now;
    }
    this.#failures += 1;
    if (this.#up === true && this.#failures < this.#failuresToTrip) return;
    this.#retryAt = this.#now() + this.#cooldownMs;
    this.#transition(false, `${reason}: ${detail}`);
  }

  #transition(up: boolean, reason: string): void {
    if (this.#up === up) return;
    this.#up = up;
    this.#options.onTransition?.(up, reason);
  }

  #decide({ count, resetMs }: WindowCount): RateLimitDecision {
    const limit = this.#local.limit;
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.min(this.#windowMs / 1000, Math.max(1, Math.ceil(resetMs / 1000))),
    };
  }
}
