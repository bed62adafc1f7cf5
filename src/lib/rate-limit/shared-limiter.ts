import type { FreeCount, InstanceLimiter, Limiter, RateLimitDecision } from './limiter.ts';
import type { WindowCount, WindowStore, WindowStoreEvents } from './window-store.ts';

/** Why a request was decided by the instance's own limiter: store not in use, too slow, or an error answer. */
export type FallbackReason = 'unavailable' | 'timeout' | 'error';

/** Options of the shared limiter. */
export interface SharedLimiterOptions {
  /** The instance's own limiter: counts every request, and decides whenever the store fails. */
  local: InstanceLimiter;
  windowSeconds: number;
  /** An answer later than this is late (RATE_LIMIT_STORE_TIMEOUT_MS): still the answer, but counted (`onLate`). */
  timeoutMs: number;
  /**
   * Longest a request waits for the store (RATE_LIMIT_STORE_HARD_TIMEOUT_MS; at least `timeoutMs`, 100 by default).
   * A request still unanswered then is decided by the instance alone, and the store counts as failing.
   */
  hardTimeoutMs?: number;
  /** Opens the store, which reports its connection through `events`. */
  connect: (events: WindowStoreEvents) => WindowStore;
  /** Told once per change: the store in use again, or not any more, and why. */
  onTransition?: (up: boolean, reason: string) => void;
  /** Told of every request the instance decided alone. */
  onFallback?: (reason: FallbackReason) => void;
  /** Told of every request the store answered after `timeoutMs` (and so decided, late). */
  onLate?: () => void;
  /** Failed round trips in a row after which the store is left alone for `cooldownMs`. */
  failuresToTrip?: number;
  cooldownMs?: number;
  /** Monotonic clock in milliseconds; injectable for tests. */
  now?: () => number;
}

/** Where the free requests of a client are counted in the store, apart from its quota. */
const FREE_NAMESPACE = 'free:';

/** A request waiting for its key's count. */
interface Waiter {
  /** When it began waiting (`now`). */
  readonly since: number;
  /** Its decision from the store's count once its own request is `own` of the window. */
  readonly answer: (count: WindowCount, own: number) => void;
  /** Its decision by the instance alone. */
  readonly fallback: () => void;
}

/** One key's requests: those counted by the round trip under way, and those that arrived since (the next one). */
interface KeyRequests {
  sent: Waiter[] | undefined;
  waiting: Waiter[];
  /** The key read alongside (the quota of a free request). */
  readonly read: string | undefined;
}

/**
 * One quota across instances. Each request is counted in the shared store, and in the instance's own limiter too, so
 * that when the store fails (unreachable, an error answer, or no answer within `hardTimeoutMs`) the instance decides
 * alone at once (as it does without a store) instead of refusing or waiting. The requests of one key wait on one
 * round trip at a time: those that arrive meanwhile are counted together by the next (INCRBY of their number), so a
 * burst costs the store two round trips, not one per request, and each request is decided by its own place in the
 * count. A late answer (past `timeoutMs`) is still the answer: a burst that keeps the process busy must not turn into
 * a fresh local quota on every instance. After `failuresToTrip` failed round trips in a row (timeouts within one hard
 * deadline of each other count as one) the store is skipped for `cooldownMs` (no request waits meanwhile), then tried
 * again.
 */
export class SharedLimiter implements Limiter {
  readonly #local: InstanceLimiter;
  readonly #store: WindowStore;
  readonly #windowMs: number;
  readonly #timeoutMs: number;
  readonly #hardTimeoutMs: number;
  readonly #failuresToTrip: number;
  readonly #cooldownMs: number;
  readonly #now: () => number;
  readonly #options: SharedLimiterOptions;
  readonly #keys = new Map<string, KeyRequests>();
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
    this.#hardTimeoutMs = Math.max(options.timeoutMs, options.hardTimeoutMs ?? 100);
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

  /** The quota of the instance's own limiter, the same policy. */
  get limit(): number {
    return this.#local.limit;
  }

  /** The client's state as this instance counted it, without counting a request. */
  peek(key: string): RateLimitDecision {
    return this.#local.peek(key);
  }

  /** Counts one request for `key`: at once when the store is out of use, else once the store answers or fails. */
  take(key: string): RateLimitDecision | Promise<RateLimitDecision> {
    const local = this.#local.take(key);
    if (!this.#storeInUse()) {
      this.#options.onFallback?.('unavailable');
      return local;
    }
    return this.#count(key, undefined, local, (count, own) => this.#decide(own, count.resetMs, this.#local.limit));
  }

  /**
   * Counts one request that costs no quota against `ceiling`, in the store under a namespace of its own, and reads
   * the client's quota in the same round trip; at once with the instance's own counts when the store is out of use.
   */
  takeFree(key: string, ceiling: InstanceLimiter): FreeCount | Promise<FreeCount> {
    const alone = this.#local.takeFree(key, ceiling);
    if (!this.#storeInUse()) {
      this.#options.onFallback?.('unavailable');
      return alone;
    }
    return this.#count(FREE_NAMESPACE + key, key, alone, ({ resetMs, read }, own) => ({
      ceiling: this.#decide(own, resetMs, ceiling.limit),
      quota: read === undefined ? alone.quota : this.#decide(read.count, read.resetMs, this.#local.limit),
    }));
  }

  #storeInUse(): boolean {
    if (!this.#store.ready) {
      if (this.#up === true) this.#transition(false, 'connection lost');
      return false;
    }
    // Connected, but left alone after failures: tried again once the pause is over.
    return this.#up === true || this.#now() >= this.#retryAt;
  }

  /** Waits for `key`'s count in the store: by the round trip that starts now, or the next one if one is under way. */
  #count<T>(key: string, read: string | undefined, alone: T, decide: (count: WindowCount, own: number) => T) {
    return new Promise<T>((resolve) => {
      const waiter: Waiter = {
        since: this.#now(),
        answer: (count, own) => resolve(decide(count, own)),
        fallback: () => resolve(alone),
      };
      let requests = this.#keys.get(key);
      if (requests === undefined) this.#keys.set(key, (requests = { sent: undefined, waiting: [], read }));
      requests.waiting.push(waiter);
      if (requests.sent === undefined) this.#send(key, requests);
    });
  }

  /** Sends one round trip counting every request of `key` waiting, or forgets the key when none is. */
  #send(key: string, requests: KeyRequests): void {
    const sent = requests.waiting;
    requests.waiting = [];
    requests.sent = sent.length === 0 ? undefined : sent;
    if (sent.length === 0) {
      this.#keys.delete(key);
      return;
    }
    if (!this.#storeInUse()) {
      // Left alone since these requests began waiting (the round trip before theirs failed).
      this.#keys.delete(key);
      for (const waiter of sent) this.#fallBack(waiter, 'unavailable');
      return;
    }
    let done = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      done = true;
      clearTimeout(deadline);
      requests.sent = undefined;
      this.#send(key, requests);
    };
    this.#store.increment(key, this.#windowMs, sent.length, requests.read).then(
      (count) => {
        if (done) return; // given up on at the deadline: counted in the store all the same
        this.#answered(sent, count);
        next();
      },
      (error: unknown) => {
        if (done) return;
        this.#erred(sent, error);
        next();
      },
    );
    // Armed once the command is written (the client writes a turn's commands from setImmediate), so the deadline is
    // the store's, not the time this process was busy with a burst before writing. Timers run before the loop reads
    // sockets: the deadline's own setImmediate runs after the reads, so only an answer still missing then is late.
    setImmediate(() => {
      if (done) return;
      deadline = setTimeout(() => {
        setImmediate(() => {
          if (done) return;
          this.#expired(sent);
          next();
        });
      }, this.#hardTimeoutMs);
    });
  }

  /** Decides each request of the round trip by its own place in the count: the last of `sent` is `count.count`. */
  #answered(sent: Waiter[], count: WindowCount): void {
    this.#succeeded();
    const now = this.#now();
    const first = count.count - sent.length;
    for (let i = 0; i < sent.length; i += 1) {
      const waiter = sent[i]!;
      if (now - waiter.since > this.#timeoutMs) this.#options.onLate?.();
      waiter.answer(count, first + i + 1);
    }
  }

  #erred(sent: Waiter[], error: unknown): void {
    for (const waiter of sent) this.#fallBack(waiter, 'error');
    this.#failed('error', this.#store.describe(error));
  }

  #expired(sent: Waiter[]): void {
    for (const waiter of sent) this.#fallBack(waiter, 'timeout');
    this.#failed('timeout', `no answer within ${this.#hardTimeoutMs} ms`);
  }

  #fallBack(waiter: Waiter, reason: FallbackReason): void {
    this.#options.onFallback?.(reason);
    waiter.fallback();
  }

  #succeeded(): void {
    this.#failures = 0;
    if (this.#up !== true) this.#transition(true, 'answering again');
  }

  #failed(reason: FallbackReason, detail: string): void {
    if (reason === 'timeout') {
      // A stall of the process or the store times out every request in flight at once: one failure, not one each, or
      // a single pause would leave the store alone while a flood is what it is there for.
      const now = this.#now();
      if (now - this.#stallSince < this.#hardTimeoutMs) return;
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

  #decide(count: number, resetMs: number, limit: number): RateLimitDecision {
    return {
      allowed: count <= limit,
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.min(this.#windowMs / 1000, Math.max(1, Math.ceil(resetMs / 1000))),
    };
  }
}
