import { describe, expect, it, vi } from 'vitest';
import { FixedWindowLimiter } from '../../../../src/lib/rate-limit/fixed-window-limiter.ts';
import type { RateLimitDecision } from '../../../../src/lib/rate-limit/limiter.ts';
import { SharedLimiter, type FallbackReason } from '../../../../src/lib/rate-limit/shared-limiter.ts';
import type { WindowCount, WindowStore, WindowStoreEvents } from '../../../../src/lib/rate-limit/window-store.ts';
import { CATALOG_POLICY, FREE_CEILING } from '../../../../src/lib/rate-limit/headers.ts';

/** The service's quota; the window is this file's own, 60 s, which the clock values below are set in. */
const LIMIT = CATALOG_POLICY.limit;

/** A store in memory whose answers the test steers: counted (after `delayMs`), an error, or never. */
class FakeStore implements WindowStore {
  ready = false;
  mode: 'answer' | 'error' | 'silent' = 'answer';
  /** How long an answer takes, as a slow store's (or a busy process's) would. */
  delayMs = 0;
  readonly counts: Map<string, number>;
  /** Every round trip: its key, how many requests it counted, and the key it read. */
  readonly calls: Array<{ key: string; by: number; read?: string | undefined }> = [];
  readonly events: WindowStoreEvents;
  constructor(events: WindowStoreEvents, counts: Map<string, number>) {
    this.events = events;
    this.counts = counts;
  }
  increment(key: string, _windowMs: number, by: number, read?: string): Promise<WindowCount> {
    this.calls.push({ key, by, read });
    if (this.mode === 'error') return Promise.reject(new Error('OOM command not allowed'));
    if (this.mode === 'silent') return new Promise(() => undefined);
    const count = (this.counts.get(key) ?? 0) + by;
    this.counts.set(key, count);
    const answer: WindowCount = { count, resetMs: 42_500 };
    if (read !== undefined) answer.read = { count: this.counts.get(read) ?? 0, resetMs: 12_500 };
    if (this.delayMs === 0) return Promise.resolve(answer);
    return new Promise((resolve) => setTimeout(() => resolve(answer), this.delayMs));
  }
  describe(error: unknown): string {
    return String(error);
  }
}

/** The hard deadline of these tests: short, so a silent store costs little time. */
const HARD_MS = 50;

/** A shared limiter on a fake store; instances given one `counts` share one store. */
function sharedLimiter(counts = new Map<string, number>()) {
  const clock = { now: 0 };
  const transitions: string[] = [];
  const fallbacks: FallbackReason[] = [];
  const late = { count: 0 };
  let store: FakeStore | undefined;
  const limiter = new SharedLimiter({
    local: new FixedWindowLimiter({ limit: LIMIT, windowSeconds: 60, maxClients: 100, now: () => clock.now }),
    windowSeconds: 60,
    timeoutMs: 5,
    hardTimeoutMs: HARD_MS,
    connect: (events) => (store = new FakeStore(events, counts)),
    onTransition: (up, reason) => transitions.push(`${up ? 'up' : 'down'}: ${reason}`),
    onFallback: (reason) => fallbacks.push(reason),
    onLate: () => (late.count += 1),
    now: () => clock.now,
  });
  const connect = () => {
    store!.ready = true;
    store!.events.onReady();
  };
  return { limiter, store: store!, clock, transitions, fallbacks, late, connect };
}

describe('SharedLimiter', () => {
  it('decides at once with the instance limiter until the store is connected', () => {
    const { limiter, fallbacks } = sharedLimiter();
    const decision = limiter.take('a');
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ allowed: true, remaining: LIMIT - 1 });
    expect(fallbacks).toEqual(['unavailable']);
    expect(limiter.up).toBe(false);
  });

  it("answers with the store's count and window once connected, so every instance reports the same", async () => {
    const { limiter, store, connect, transitions } = sharedLimiter();
    connect();
    store.counts.set('a', LIMIT - 1);
    expect(await limiter.take('a')).toEqual({ allowed: true, limit: LIMIT, remaining: 0, resetSeconds: 43 });
    expect(await limiter.take('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect(transitions).toEqual(['up: connected']);
  });

  it('falls back for a request the store does not answer, at the hard deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { limiter, store, connect, fallbacks } = sharedLimiter();
      connect();
      store.mode = 'silent';
      let decided: RateLimitDecision | undefined;
      void Promise.resolve(limiter.take('a')).then((decision) => (decided = decision));
      await vi.advanceTimersByTimeAsync(HARD_MS - 1);
      expect(decided).toBeUndefined();
      expect(fallbacks).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(decided).toMatchObject({ allowed: true, remaining: LIMIT - 1 });
      expect(fallbacks).toEqual(['timeout']);
      expect(limiter.up).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts requests that time out together in one stall as one failure, and a silent store over three hard deadlines as three', async () => {
    const { limiter, store, connect, clock, fallbacks } = sharedLimiter();
    connect();
    store.mode = 'silent';
    await Promise.all(Array.from({ length: 10 }, (_, i) => limiter.take(`c${i}`)));
    expect(fallbacks).toHaveLength(10);
    expect(limiter.up).toBe(true); // one stall, however many requests it held
    for (let stall = 0; stall < 2; stall += 1) {
      clock.now += HARD_MS;
      await Promise.all(Array.from({ length: 10 }, (_, i) => limiter.take(`d${stall}-${i}`)));
    }
    expect(limiter.up).toBe(false); // still silent a hard deadline later, twice: left alone
  });

  it('leaves a failing store alone after three failures in a row, logging once, then tries it again', async () => {
    const { limiter, store, connect, clock, transitions, fallbacks } = sharedLimiter();
    connect();
    store.mode = 'error';
    for (let i = 0; i < 3; i += 1) await limiter.take('a');
    expect(limiter.up).toBe(false);
    expect(limiter.take('a')).not.toBeInstanceOf(Promise);
    expect(fallbacks).toEqual(['error', 'error', 'error', 'unavailable']);
    store.mode = 'answer';
    clock.now += 1000;
    expect(await limiter.take('a')).toMatchObject({ remaining: LIMIT - 1 });
    expect(limiter.up).toBe(true);
    expect(transitions).toEqual([
      'up: connected',
      'down: error: Error: OOM command not allowed',
      'up: answering again',
    ]);
  });

  it('stops asking at once when the connection drops, and logs the loss once', () => {
    const { limiter, store, connect, transitions } = sharedLimiter();
    connect();
    store.ready = false;
    store.events.onError('Socket closed unexpectedly');
    store.events.onError('connect ECONNREFUSED');
    expect(limiter.take('a')).not.toBeInstanceOf(Promise);
    expect(transitions).toEqual(['up: connected', 'down: Socket closed unexpectedly']);
  });

  it('keeps counting in the instance limiter, so a fallback is no fresh quota', async () => {
    const { limiter, store, connect } = sharedLimiter();
    connect();
    for (let i = 0; i < LIMIT; i += 1) await limiter.take('a');
    store.mode = 'error';
    expect(await limiter.take('a')).toMatchObject({ allowed: false });
  });
});

describe('SharedLimiter under a burst', () => {
  /** Requests of one burst: well past the quota. */
  const BURST = LIMIT + 40;
  const burst = (limiter: SharedLimiter, n: number) => Promise.all(Array.from({ length: n }, () => limiter.take('a')));

  it('counts a burst on one key in two round trips and allows exactly the quota, each request by its own place', async () => {
    const { limiter, store, connect, fallbacks } = sharedLimiter();
    connect();
    store.delayMs = 1;
    const decisions = await burst(limiter, BURST);
    expect(store.calls.map((call) => call.by)).toEqual([1, BURST - 1]);
    expect(decisions.slice(0, LIMIT).map((decision) => decision.remaining)).toEqual(
      Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(LIMIT);
    expect(fallbacks).toEqual([]);
  });

  it('gives two instances one quota when a burst makes every answer late', async () => {
    const counts = new Map<string, number>();
    const instances = [sharedLimiter(counts), sharedLimiter(counts)];
    for (const { connect, store } of instances) {
      connect();
      store.delayMs = 10; // past the 5 ms after which an answer is late, within the hard deadline
    }
    const pending = instances.map(({ limiter }) => burst(limiter, BURST));
    for (const { clock } of instances) clock.now += 10;
    const allowed = (await Promise.all(pending)).flat().filter((decision) => decision.allowed);
    expect(allowed).toHaveLength(LIMIT);
    for (const { fallbacks, late } of instances) {
      expect(fallbacks).toEqual([]);
      expect(late.count).toBe(BURST);
    }
  });

  it("decides by a late answer rather than the instance's own fresh count", async () => {
    const { limiter, store, connect, clock, late, fallbacks } = sharedLimiter();
    connect();
    store.counts.set('a', LIMIT); // the other instances used the quota
    store.delayMs = 10;
    const pending = limiter.take('a');
    clock.now += 10;
    expect(await pending).toMatchObject({ allowed: false, remaining: 0 });
    expect([late.count, fallbacks.length, limiter.up]).toEqual([1, 0, true]);
  });

  it('gives up on an answer at the hard deadline, asks again for the next request, and ignores the stale answer', async () => {
    const { limiter, store, connect, transitions, fallbacks } = sharedLimiter();
    connect();
    store.delayMs = 3 * HARD_MS;
    expect(await limiter.take('a')).toMatchObject({ allowed: true, remaining: LIMIT - 1 });
    expect(fallbacks).toEqual(['timeout']);
    store.delayMs = 0;
    // The first round trip is still under way: the key is not held by it, and the store counted both.
    expect(await limiter.take('a')).toMatchObject({ remaining: LIMIT - 2 });
    await new Promise((resolve) => setTimeout(resolve, 3 * HARD_MS));
    expect(transitions).toEqual(['up: connected']);
  });

  it('falls back for each request of a burst the store answers with an error, counting one failure', async () => {
    const { limiter, store, connect, fallbacks } = sharedLimiter();
    connect();
    store.mode = 'error';
    const decisions = await burst(limiter, LIMIT + 10);
    expect(store.calls).toHaveLength(2);
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(LIMIT);
    expect(fallbacks).toEqual(Array(LIMIT + 10).fill('error'));
    expect(limiter.up).toBe(true);
  });
});

describe('SharedLimiter for requests that cost no quota', () => {
  const ceiling = () => new FixedWindowLimiter({ ...FREE_CEILING, maxClients: 100 });

  it('counts them in the store apart from the quota, and reports the shared quota with them', async () => {
    const { limiter, store, connect } = sharedLimiter();
    connect();
    store.counts.set('a', LIMIT + 1);
    store.counts.set('free:a', FREE_CEILING.limit - 1);
    const free = ceiling();
    const last = await limiter.takeFree('a', free);
    expect(last.ceiling).toMatchObject({ allowed: true, remaining: 0 });
    expect(last.quota).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 13 });
    expect((await limiter.takeFree('a', free)).ceiling).toMatchObject({ allowed: false, resetSeconds: 43 });
    expect(store.calls).toEqual([
      { key: 'free:a', by: 1, read: 'a' },
      { key: 'free:a', by: 1, read: 'a' },
    ]);
    expect(store.counts.get('a')).toBe(LIMIT + 1);
  });

  it('reports a client the store has not seen with a whole quota, and counts alone while the store is out of use', async () => {
    const { limiter, connect } = sharedLimiter();
    const free = ceiling();
    const alone = limiter.takeFree('b', free);
    expect(alone).not.toBeInstanceOf(Promise);
    expect(free.peek('b').remaining).toBe(FREE_CEILING.limit - 1);
    connect();
    expect((await limiter.takeFree('b', free)).quota).toMatchObject({ allowed: true, remaining: LIMIT });
  });
});
