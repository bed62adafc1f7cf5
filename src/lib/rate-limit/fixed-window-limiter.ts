/** Outcome of one request against the limiter, ready to become headers (spec section 8). */
export interface RateLimitDecision {
  /** False once the client has used its quota for this window. */
  allowed: boolean;
  /** The policy's quota (`q`), constant per limiter. */
  limit: number;
  /** Requests left in the current window (`r`), never negative. */
  remaining: number;
  /** Whole seconds until the window resets (`t`), at least 1. */
  resetSeconds: number;
}

/** Options of a fixed-window limiter. */
export interface FixedWindowLimiterOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
  /** Most clients tracked at once; see `take` for what happens beyond it. */
  maxClients: number;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Key of the shared window used by new clients while the table is full. */
export const OVERFLOW_KEY = '\u0000overflow';

/**
 * In-memory fixed-window rate limiter with constant cost per request and bounded memory.
 *
 * Windows live in a Map in insertion order. A client's window is (re)inserted when it
 * starts, and every window has the same length, so the Map is always sorted by expiry:
 * expired windows are dropped from the front, a few per call, never by a full scan.
 * When `maxClients` live windows exist, a new client is counted against one shared
 * overflow window instead of getting its own: memory stays bounded, a flood of new
 * addresses cannot reset anybody's window, and known clients are unaffected.
 */
export class FixedWindowLimiter {
  readonly limit: number;
  readonly #windowMs: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();

  constructor(options: FixedWindowLimiterOptions) {
    this.limit = options.limit;
    this.#windowMs = options.windowSeconds * 1000;
    this.#maxClients = options.maxClients;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Number of windows held in memory, the overflow window included. */
  get size(): number {
    return this.#windows.size;
  }

  /** Counts one request for `key` and says whether it may proceed. */
  take(key: string): RateLimitDecision {
    const now = this.#now();
    this.#dropExpired(now, 4);
    const window = this.#windowFor(key, now);
    // Stop counting one past the limit: the answer no longer changes.
    if (window.count <= this.limit) window.count += 1;
    return this.#decide(window, now);
  }

  /** Reports the client's state without counting a request (used for CORS preflights). */
  peek(key: string): RateLimitDecision {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      return { allowed: true, limit: this.limit, remaining: this.limit, resetSeconds: this.#windowMs / 1000 };
    }
    return this.#decide(window, now);
  }

  #windowFor(key: string, now: number): Window {
    const existing = this.#windows.get(key);
    if (existing !== undefined && existing.resetAt > now) return existing;
    if (existing !== undefined) this.#windows.delete(key);
    else if (this.#windows.size >= this.#maxClients) {
      this.#dropExpired(now, Number.POSITIVE_INFINITY);
      if (this.#windows.size >= this.#maxClients && key !== OVERFLOW_KEY) {
        return this.#windowFor(OVERFLOW_KEY, now);
      }
    }
    // Re-inserting keeps the Map ordered by expiry (all windows have the same length).
    const fresh: Window = { count: 0, resetAt: now + this.#windowMs };
    this.#windows.set(key, fresh);
    return fresh;
  }

  #dropExpired(now: number, budget: number): void {
    let dropped = 0;
    for (const [key, window] of this.#windows) {
      if (window.resetAt > now || dropped >= budget) return;
      this.#windows.delete(key);
      dropped += 1;
    }
  }

  #decide(window: Window, now: number): RateLimitDecision {
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      // Clamped to the window: with fractional clocks, (now + windowMs) - now can exceed windowMs
      // by a rounding error, which ceil would turn into a 61-second reset of a 60-second window.
      resetSeconds: Math.min(this.#windowMs / 1000, Math.max(1, Math.ceil((window.resetAt - now) / 1000))),
    };
  }
}
