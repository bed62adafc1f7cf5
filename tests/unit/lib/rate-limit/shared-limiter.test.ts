import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from '../../../../src/lib/rate-limit/fixed-window-limiter.ts';
import {
  SharedLimiter,
  type FallbackReason,
  type WindowCount,
  type WindowStore,
  type WindowStoreEvents,
} from '../../../../src/lib/rate-limit/shared-limiter.ts';

/** A store in memory whose answers the test steers: counted, an error, or never. */
class FakeStore implements WindowStore {
  ready = false;
  mode: 'answer' | 'error' | 'silent' = 'answer';
  readonly counts = new Map<string, number>();
  readonly events: WindowStoreEvents;
  constructor(events: WindowStoreEvents) {
    this.events = events;
  }
  increment(key: string): Promise<WindowCount> {
    if (this.mode === 'error') return Promise.reject(new Error('OOM command not allowed'));
    if (this.mode === 'silent') return new Promise(() => undefined);
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return Promise.resolve({ count, resetMs: 42_500 });
  }
  describe(error: unknown): string {
    return String(error);
  }
}

function sharedLimiter() {
  const clock = { now: 0 };
  const transitions: string[] = [];
  const fallbacks: FallbackReason[] = [];
  let store: FakeStore | undefined;
  const limiter = new SharedLimiter({
    local: new FixedWindowLimiter({ limit: 60, windowSeconds: 60, maxClients: 100, now: () => clock.now }),
    windowSeconds: 60,
    timeoutMs: 5,
    connect: (events) => (store = new FakeStore(events)),
    onTransition: (up, reason) => transitions.push(`${up ? 'up' : 'down'}: ${reason}`),
    onFallback: (reason) => fallbacks.push(reason),
    now: () => clock.now,
  });
  const connect = () => {
    store!.ready = true;
    store!.events.onReady();
  };
  return { limiter, store: store!, clock, transitions, fallbacks, connect };
}

describe('SharedLimiter', () => {
  it('decides at once with the instance limiter until the store is connected', () => {
    const { limiter, fallbacks } = sharedLimiter();
    const decision = limiter.take('a');
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ allowed: true, remaining: 59 });
    expect(fallbacks).toEqual(['unavailable']);
    expect(limiter.up).toBe(false);
  });

  it("answers with the store's count and window once connected, so every instance reports the same", async () => {
    const { limiter, store, connect, transitions } = sharedLimiter();
    connect();
    store.counts.set('a', 59);
    expect(await limiter.take('a')).toEqual({ allowed: true, limit: 60, remaining: 0, resetSeconds: 43 });
    expect(await limiter.take('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect(transitions).toEqual(['up: connected']);
  });

  it('falls back for a request the store does not answer within the deadline', async () => {
    const { limiter, store, connect, fallbacks } = sharedLimiter();
    connect();
    store.mode = 'silent';
    const started = performance.now();
    expect(await limiter.take('a')).toMatchObject({ allowed: true, remaining: 59 });
    expect(performance.now() - started).toBeLessThan(200);
    expect(fallbacks).toEqual(['timeout']);
    expect(limiter.up).toBe(true);
  });

  it('counts requests that time out together in one stall as one failure, and a slow store over three deadlines as three', async () => {
    const { limiter, store, connect, clock, fallbacks } = sharedLimiter();
    connect();
    store.mode = 'silent';
    await Promise.all(Array.from({ length: 10 }, (_, i) => limiter.take(`c${i}`)));
    expect(fallbacks).toHaveLength(10);
    expect(limiter.up).toBe(true); // one stall, however many requests it held
    for (let stall = 0; stall < 2; stall += 1) {
      clock.now += 5;
      await Promise.all(Array.from({ length: 10 }, (_, i) => limiter.take(`d${stall}-${i}`)));
    }
    expect(limiter.up).toBe(false); // still slow a deadline later, twice: left alone
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
    expect(await limiter.take('a')).toMatchObject({ remaining: 59 });
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
    for (let i = 0; i < 60; i += 1) await limiter.take('a');
    store.mode = 'error';
    expect(await limiter.take('a')).toMatchObject({ allowed: false });
  });
});
