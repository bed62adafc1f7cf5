/** Outcome of one request against a limiter, ready to become the rate-limit headers every response carries. */
export interface RateLimitDecision {
  /** False once the client has used its quota for this window. */
  allowed: boolean;
  /** The policy's quota (`q`), constant per limiter. */
  limit: number;
  /** Requests left in the current window (`r`), never negative and never above the truth. */
  remaining: number;
  /** Whole seconds until the window resets (`t`), at least 1. */
  resetSeconds: number;
}

/** A request that costs no quota: the ceiling of such requests it counted against, and the quota as it stands. */
export interface FreeCount {
  ceiling: RateLimitDecision;
  quota: RateLimitDecision;
}

/**
 * One policy's quota per client key, counted in fixed windows: what the request steps, the transport refusals and the
 * bundled origin depend on. `FixedWindowLimiter` counts in this process (`InstanceLimiter`); `SharedLimiter` counts in
 * a store shared by every instance and may answer once the store has.
 */
export interface Limiter {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Counts one request for `key` and says whether it may proceed. */
  take(key: string): RateLimitDecision | Promise<RateLimitDecision>;
  /** Reports the client's state without counting a request (a CORS preflight); always at once. */
  peek(key: string): RateLimitDecision;
  /** Counts one request that costs no quota against `ceiling`, and reads the client's quota as it stands. */
  takeFree(key: string, ceiling: InstanceLimiter): FreeCount | Promise<FreeCount>;
}

/** A limiter that decides within the call, from this process's memory (the per-instance limiter). */
export interface InstanceLimiter extends Limiter {
  take(key: string): RateLimitDecision;
  takeFree(key: string, ceiling: InstanceLimiter): FreeCount;
  /** Number of client windows held in memory (the `rate_limiter_clients` gauge). */
  readonly size: number;
}
