import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter, OVERFLOW_KEY } from '../../src/lib/rate-limit/fixed-window-limiter.ts';
import { rateLimitHeaders, RATE_LIMIT_POLICY } from '../../src/lib/rate-limit/headers.ts';

function limiterAt(start = 0, maxClients = 1000) {
  const clock = { now: start };
  const limiter = new FixedWindowLimiter({ limit: 60, windowSeconds: 60, maxClients, now: () => clock.now });
  return { clock, limiter };
}

describe('FixedWindowLimiter', () => {
  it('allows 60 requests in a window and refuses the 61st', () => {
    const { limiter } = limiterAt();
    const decisions = Array.from({ length: 61 }, () => limiter.take('a'));
    expect(decisions.slice(0, 60).every((d) => d.allowed)).toBe(true);
    expect(decisions[0]).toMatchObject({ remaining: 59, resetSeconds: 60 });
    expect(decisions[59]).toMatchObject({ allowed: true, remaining: 0 });
    expect(decisions[60]).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('counts down the reset in whole seconds, never below 1', () => {
    const { clock, limiter } = limiterAt();
    limiter.take('a');
    clock.now = 30_500;
    expect(limiter.take('a').resetSeconds).toBe(30);
    clock.now = 59_999;
    expect(limiter.take('a').resetSeconds).toBe(1);
  });

  it('never reports a reset longer than the window, whatever rounding the clock brings', () => {
    // (t + 60000) - t is 60000.000000000007 for this t: ceil would make it 61 s.
    const { limiter } = limiterAt(99604.46653487165);
    expect(limiter.take('a').resetSeconds).toBe(60);
  });

  it('starts a fresh window when the old one has expired', () => {
    const { clock, limiter } = limiterAt();
    for (let i = 0; i < 61; i += 1) limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    clock.now = 60_000;
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 59, resetSeconds: 60 });
  });

  it('keeps clients apart', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 61; i += 1) limiter.take('a');
    expect(limiter.take('b')).toMatchObject({ allowed: true, remaining: 59 });
  });

  it('peek reports without counting', () => {
    const { limiter } = limiterAt();
    limiter.take('a');
    expect(limiter.peek('a').remaining).toBe(59);
    expect(limiter.peek('a').remaining).toBe(59);
    expect(limiter.peek('new')).toMatchObject({ allowed: true, remaining: 60, resetSeconds: 60 });
    expect(limiter.size).toBe(1);
  });

  it('drops expired windows as time passes, so memory follows live clients only', () => {
    const { clock, limiter } = limiterAt(0, 1_000_000);
    for (let i = 0; i < 10_000; i += 1) limiter.take(`c${i}`);
    expect(limiter.size).toBe(10_000);
    clock.now = 61_000;
    // Each request sweeps a few expired windows from the front of the table.
    for (let i = 0; i < 3_000; i += 1) limiter.take(`late${i}`);
    expect(limiter.size).toBeLessThan(10_000);
  });

  it('at the client cap, new clients share one overflow window and known clients keep theirs', () => {
    const { limiter } = limiterAt(0, 100);
    for (let i = 0; i < 100; i += 1) limiter.take(`c${i}`);
    expect(limiter.size).toBe(100);
    for (let i = 0; i < 60; i += 1) expect(limiter.take(`flood${i}`).allowed).toBe(true);
    expect(limiter.take('flood-next').allowed).toBe(false);
    expect(limiter.size).toBe(101); // the table plus the overflow window, no more
    expect(limiter.peek(OVERFLOW_KEY).remaining).toBe(0);
    expect(limiter.take('c1')).toMatchObject({ allowed: true, remaining: 58 });
  });

  it('frees capacity when windows expire at the cap', () => {
    const { clock, limiter } = limiterAt(0, 10);
    for (let i = 0; i < 10; i += 1) limiter.take(`c${i}`);
    clock.now = 60_001;
    expect(limiter.take('newcomer')).toMatchObject({ allowed: true, remaining: 59 });
    expect(limiter.size).toBeLessThanOrEqual(10);
    // The newcomer got a window of its own, not the shared overflow one.
    expect(limiter.peek(OVERFLOW_KEY).remaining).toBe(60);
  });
});

describe('rateLimitHeaders', () => {
  it('describes the same numbers in every field', () => {
    const headers = new Map(rateLimitHeaders({ allowed: true, limit: 60, remaining: 12, resetSeconds: 7 }));
    expect(headers.get('RateLimit-Policy')).toBe('"catalog";q=60;w=60');
    expect(headers.get('RateLimit')).toBe('"catalog";r=12;t=7');
    expect(headers.get('RateLimit-Limit')).toBe('60');
    expect(headers.get('RateLimit-Remaining')).toBe('12');
    expect(headers.get('RateLimit-Reset')).toBe('7');
    expect(headers.has('Retry-After')).toBe(false);
    expect(RATE_LIMIT_POLICY).toBe('"catalog";q=60;w=60');
  });

  it('adds Retry-After only to a refusal', () => {
    const headers = new Map(rateLimitHeaders({ allowed: false, limit: 60, remaining: 0, resetSeconds: 42 }));
    expect(headers.get('Retry-After')).toBe('42');
  });
});
