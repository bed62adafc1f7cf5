import { randomBytes } from 'node:crypto';
import type { FreeCount, InstanceLimiter, RateLimitDecision } from './limiter.ts';

/** Options of a fixed-window limiter. */
export interface FixedWindowLimiterOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
  /** Most clients with an exact window of their own; the others are counted in the sketch. */
  maxClients: number;
  /** Counters per row of the sketch (a power of two); 2^22 by default, 16 MiB for four rows. */
  sketchWidth?: number;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Hash seeds; random per process by default, so nobody can aim collisions at another client. */
  seeds?: readonly [number, number];
}

interface Window {
  count: number;
  resetAt: number;
}

/** Consumed queue entries (see `#queueKeys`) past which the queue is compacted. */
const COMPACT_AFTER = 1024;

/** Rows of the sketch: a new client is refused only if all four of its counters are full. */
const SKETCH_DEPTH = 4;
/** Most exact windows the /64s of one IPv6 /48 may hold, and of one /56 (see `prefixesOf`). @internal */
export const IPV6_SHARE = { per48: 1024, per56: 64 } as const;

/** The /48 and /56 of a `rateLimitKey` IPv6 key (`2001:0db8:0000:0001::/64`), or none for other keys. */
function prefixesOf(key: string): [string, string] | undefined {
  return key.length === 24 && key.endsWith('::/64') ? [key.slice(0, 14), key.slice(0, 17)] : undefined;
}

/**
 * Rate limiter with constant cost per request and bounded memory. Each client has an exact fixed window in a Map kept
 * in expiry order (equal lengths), pruned from the front; at most `maxClients`, and one IPv6 /48 or /56 at most
 * `IPV6_SHARE` of them, so a sprayed prefix cannot fill the table. Clients finding no room go to a count-min sketch
 * with conservative update (Cormode and Muthukrishnan 2005), cleared each shared window; it never underestimates, so
 * `remaining` is never above the truth, and a flood costs a newcomer nothing (one overflow window would refuse all).
 */
export class FixedWindowLimiter implements InstanceLimiter {
  readonly limit: number;
  readonly #windowMs: number;
  readonly #maxClients: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();
  /**
   * Windows in creation (so expiry) order with their keys. A queue beside the Map: iterating a Map from the front
   * walks every hole left by deletions, which grows with the table. Stale entries are skipped; compacted when half consumed.
   */
  #queueKeys: string[] = [];
  #queueWindows: Window[] = [];
  #head = 0;
  readonly #prefixWindows = new Map<string, number>();
  readonly #width: number;
  readonly #seeds: readonly [number, number];
  /** Allocated on first use: a process that never sees a full table never pays for it. */
  #sketch: Uint8Array | Uint16Array | undefined;
  /** The shared window the sketch counts, by index since the clock's zero; -1 when empty. */
  #sketchEpoch = -1;
  readonly #slots = new Uint32Array(SKETCH_DEPTH);

  constructor(options: FixedWindowLimiterOptions) {
    this.limit = options.limit;
    this.#windowMs = options.windowSeconds * 1000;
    this.#maxClients = options.maxClients;
    this.#now = options.now ?? (() => performance.now());
    this.#width = options.sketchWidth ?? 2 ** 22;
    if (!Number.isInteger(Math.log2(this.#width))) throw new RangeError('sketchWidth must be a power of two');
    const random = randomBytes(8);
    this.#seeds = options.seeds ?? [random.readUInt32LE(0), random.readUInt32LE(4)];
  }

  /** Number of exact windows held in memory. */
  get size(): number {
    return this.#windows.size;
  }

  /** Counts one request for `key` and says whether it may proceed. */
  take(key: string): RateLimitDecision {
    const now = this.#now();
    this.#dropExpired(now, 4);
    const window = this.#windowFor(key, now);
    if (window === undefined) return this.#takeSketched(key, now);
    // Stop counting one past the limit: the answer no longer changes.
    if (window.count <= this.limit) window.count += 1;
    return this.#decide(window.count, window.resetAt, now);
  }

  /** Counts a request that costs no quota against `ceiling`, and reads this client's quota as it stands. */
  takeFree(key: string, ceiling: InstanceLimiter): FreeCount {
    return { ceiling: ceiling.take(key), quota: this.peek(key) };
  }

  /** Reports the client's state without counting a request (used for CORS preflights). */
  peek(key: string): RateLimitDecision {
    const now = this.#now();
    const window = this.#windows.get(key);
    if (window !== undefined && window.resetAt > now) return this.#decide(window.count, window.resetAt, now);
    const sketched = this.#estimate(key, now);
    return sketched === 0
      ? this.#decide(0, now + this.#windowMs, now)
      : this.#decide(sketched, this.#epochEnd(now), now);
  }

  /** The client's live window, a new one if there is room, or undefined: count it in the sketch. */
  #windowFor(key: string, now: number): Window | undefined {
    const existing = this.#windows.get(key);
    if (existing !== undefined && existing.resetAt > now) return existing;
    if (existing !== undefined) this.#delete(key);
    if (this.#windows.size >= this.#maxClients) this.#dropExpired(now, Number.POSITIVE_INFINITY);
    const prefixes = prefixesOf(key);
    if (this.#windows.size >= this.#maxClients || (prefixes !== undefined && !this.#hasShare(prefixes))) {
      return undefined;
    }
    // What the sketch counted this window comes along, so moving in never refills a quota.
    const fresh: Window = { count: this.#estimate(key, now), resetAt: now + this.#windowMs };
    // Re-inserting keeps the Map ordered by expiry (all windows have the same length).
    this.#windows.set(key, fresh);
    this.#queueKeys.push(key);
    this.#queueWindows.push(fresh);
    if (prefixes !== undefined) for (const prefix of prefixes) this.#adjustShare(prefix, 1);
    return fresh;
  }

  #hasShare([per48, per56]: [string, string]): boolean {
    return (
      (this.#prefixWindows.get(per48) ?? 0) < IPV6_SHARE.per48 &&
      (this.#prefixWindows.get(per56) ?? 0) < IPV6_SHARE.per56
    );
  }

  #adjustShare(prefix: string, by: number): void {
    const count = (this.#prefixWindows.get(prefix) ?? 0) + by;
    if (count === 0) this.#prefixWindows.delete(prefix);
    else this.#prefixWindows.set(prefix, count);
  }

  #delete(key: string): void {
    this.#windows.delete(key);
    const prefixes = prefixesOf(key);
    if (prefixes !== undefined) for (const prefix of prefixes) this.#adjustShare(prefix, -1);
  }

  #dropExpired(now: number, budget: number): void {
    let dropped = 0;
    const keys = this.#queueKeys;
    const windows = this.#queueWindows;
    while (this.#head < keys.length) {
      const key = keys[this.#head]!;
      const window = windows[this.#head]!;
      if (this.#windows.get(key) === window) {
        if (window.resetAt > now || dropped >= budget) break;
        this.#delete(key);
        dropped += 1;
      }
      this.#head += 1;
    }
    if (this.#head >= COMPACT_AFTER && this.#head * 2 >= keys.length) {
      this.#queueKeys = keys.slice(this.#head);
      this.#queueWindows = windows.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Counts `key` in the sketch: conservative update raises only the counters at the minimum. */
  #takeSketched(key: string, now: number): RateLimitDecision {
    const sketch = this.#sketchFor(now);
    const estimate = this.#locate(key, sketch);
    // Saturate one past the limit, like the exact windows: the answer no longer changes.
    const count = Math.min(estimate + 1, this.limit + 1);
    for (const slot of this.#slots) if (sketch[slot]! < count) sketch[slot] = count;
    return this.#decide(count, this.#epochEnd(now), now);
  }

  /** The sketch's count for `key` in the current shared window (0 when nothing was sketched). */
  #estimate(key: string, now: number): number {
    if (this.#sketch === undefined || this.#sketchEpoch !== Math.floor(now / this.#windowMs)) return 0;
    return this.#locate(key, this.#sketch);
  }

  /** The sketch for the window `now` falls in, cleared when a new one has begun. */
  #sketchFor(now: number): Uint8Array | Uint16Array {
    const epoch = Math.floor(now / this.#windowMs);
    this.#sketch ??=
      this.limit < 255 ? new Uint8Array(SKETCH_DEPTH * this.#width) : new Uint16Array(SKETCH_DEPTH * this.#width);
    if (epoch !== this.#sketchEpoch) {
      if (this.#sketchEpoch !== -1) this.#sketch.fill(0);
      this.#sketchEpoch = epoch;
    }
    return this.#sketch;
  }

  /** Fills `#slots` with the key's counter in each row and returns their minimum. */
  #locate(key: string, sketch: Uint8Array | Uint16Array): number {
    // Two seeded FNV-1a hashes; row i uses h1 + i·h2 (Kirsch and Mitzenmacher's double hashing).
    let h1 = this.#seeds[0] ^ 0x811c9dc5;
    let h2 = this.#seeds[1] ^ 0x01000193;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    h1 ^= h1 >>> 15;
    h2 = (h2 ^ (h2 >>> 13)) | 1;
    let min = Number.POSITIVE_INFINITY;
    for (let row = 0; row < SKETCH_DEPTH; row += 1) {
      const slot = row * this.#width + ((h1 + Math.imul(row, h2)) & (this.#width - 1));
      this.#slots[row] = slot;
      min = Math.min(min, sketch[slot]!);
    }
    return min;
  }

  #epochEnd(now: number): number {
    return (Math.floor(now / this.#windowMs) + 1) * this.#windowMs;
  }

  #decide(count: number, resetAt: number, now: number): RateLimitDecision {
    return {
      allowed: count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      // Clamped to the window: with fractional clocks, (now + windowMs) - now can exceed windowMs
      // by a rounding error, which ceil would turn into a 61-second reset of a 60-second window.
      resetSeconds: Math.min(this.#windowMs / 1000, Math.max(1, Math.ceil((resetAt - now) / 1000))),
    };
  }
}
