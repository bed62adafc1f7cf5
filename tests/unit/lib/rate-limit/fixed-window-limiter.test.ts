import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FixedWindowLimiter, IPV6_SHARE } from '../../../../src/lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY, rateLimitHeaders, RATE_LIMIT_POLICY } from '../../../../src/lib/rate-limit/headers.ts';

/** The service's quota; the window is this file's own, 60 s, which the clock values below are set in. */
const LIMIT = CATALOG_POLICY.limit;

function limiterAt(start = 0, maxClients = 1000) {
  const clock = { now: start };
  const limiter = new FixedWindowLimiter({ limit: LIMIT, windowSeconds: 60, maxClients, now: () => clock.now });
  return { clock, limiter };
}

describe('FixedWindowLimiter', () => {
  it('allows its limit of requests in a window and refuses the next', () => {
    const { limiter } = limiterAt();
    const decisions = Array.from({ length: LIMIT + 1 }, () => limiter.take('a'));
    expect(decisions.slice(0, LIMIT).every((d) => d.allowed)).toBe(true);
    expect(decisions[0]).toMatchObject({ remaining: LIMIT - 1, resetSeconds: 60 });
    expect(decisions[LIMIT - 1]).toMatchObject({ allowed: true, remaining: 0 });
    expect(decisions[LIMIT]).toMatchObject({ allowed: false, remaining: 0 });
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
    for (let i = 0; i <= LIMIT; i += 1) limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    clock.now = 60_000;
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: LIMIT - 1, resetSeconds: 60 });
  });

  it('keeps clients apart', () => {
    const { limiter } = limiterAt();
    for (let i = 0; i <= LIMIT; i += 1) limiter.take('a');
    expect(limiter.take('b')).toMatchObject({ allowed: true, remaining: LIMIT - 1 });
  });

  it('peek reports without counting', () => {
    const { limiter } = limiterAt();
    limiter.take('a');
    expect(limiter.peek('a').remaining).toBe(LIMIT - 1);
    expect(limiter.peek('a').remaining).toBe(LIMIT - 1);
    expect(limiter.peek('new')).toMatchObject({ allowed: true, remaining: LIMIT, resetSeconds: 60 });
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

  it('at the client cap, counts newcomers in the sketch: each gets its own quota, known clients keep their windows', () => {
    const { limiter } = limiterAt(0, 100);
    for (let i = 0; i < 100; i += 1) limiter.take(`c${i}`);
    for (let i = 0; i < 1_000; i += 1) expect(limiter.take(`flood${i}`).allowed).toBe(true);
    expect(limiter.size).toBe(100);
    const newcomer = Array.from({ length: LIMIT + 1 }, () => limiter.take('newcomer'));
    expect(newcomer[0]).toMatchObject({ allowed: true, remaining: LIMIT - 1, resetSeconds: 60 });
    expect(newcomer.slice(0, LIMIT).every((d) => d.allowed)).toBe(true);
    expect(newcomer[LIMIT]).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.take('c1')).toMatchObject({ allowed: true, remaining: 58 });
  });

  it('frees capacity when windows expire at the cap: a newcomer then gets a window of its own', () => {
    const { clock, limiter } = limiterAt(0, 10);
    for (let i = 0; i < 10; i += 1) limiter.take(`c${i}`);
    clock.now = 60_001;
    expect(limiter.take('newcomer')).toMatchObject({ allowed: true, remaining: LIMIT - 1, resetSeconds: 60 });
    expect(limiter.size).toBeLessThanOrEqual(10);
  });

  it('gives a sketched client a window that ends with the shared one', () => {
    const { clock, limiter } = limiterAt(0, 1);
    limiter.take('known');
    clock.now = 45_000;
    expect(limiter.take('sketched')).toMatchObject({ remaining: LIMIT - 1, resetSeconds: 15 });
    expect(limiter.peek('sketched')).toMatchObject({ remaining: LIMIT - 1, resetSeconds: 15 });
    clock.now = 60_000;
    expect(limiter.peek('sketched')).toMatchObject({ remaining: LIMIT });
  });

  it('carries a sketched count into a window of its own, so moving in never refills a quota', () => {
    const { clock, limiter } = limiterAt(0, 1);
    limiter.take('known');
    for (let i = 0; i < 30; i += 1) limiter.take('moving');
    clock.now = 59_000;
    limiter.take('other'); // the known window has not expired yet: still sketched
    clock.now = 59_500;
    // The known window still holds the only slot; at 60 s both it and the sketch's window end.
    expect(limiter.take('moving')).toMatchObject({ allowed: true, remaining: 29 });
  });

  it('holds at most the cap of exact windows and a fixed sketch, whatever arrives', () => {
    const { limiter } = limiterAt(0, 1_000);
    for (let i = 0; i < 200_000; i += 1) limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(limiter.size).toBe(1_000);
  });

  it('lets fresh clients in during a flood of 1,000,000 new addresses (fewer than 1 in 1,000 refused)', () => {
    const { clock, limiter } = limiterAt(0, 100_000);
    // The flood: a million distinct addresses in one window, a few with many requests.
    for (let i = 0; i < 1_000_000; i += 1) {
      const address = `${1 + (i >> 24)}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      for (let n = i % 1_000 === 0 ? LIMIT + 1 : 1; n > 0; n -= 1) limiter.take(address);
    }
    clock.now = 30_000;
    let refused = 0;
    for (let i = 0; i < 10_000; i += 1) if (!limiter.take(`203.0.${i >> 8}.${i & 255}x`).allowed) refused += 1;
    expect(refused).toBeLessThan(10);
  });
});

describe('IPv6 prefixes', () => {
  const slash64 = (block48: string, n: number) => `${block48}:${n.toString(16).padStart(4, '0')}::/64`;

  it('keeps one /48 to its share of exact windows however many /64s it sprays, and still limits each', () => {
    const { limiter } = limiterAt(0, 100_000);
    for (let n = 0; n < 5_000; n += 1) expect(limiter.take(slash64('2001:0db8:0001', n)).allowed).toBe(true);
    expect(limiter.size).toBe(IPV6_SHARE.per48);
    // A /64 beyond the share is counted in the sketch: its own quota, then 429.
    const sprayed = slash64('2001:0db8:0001', 4_999);
    for (let i = 1; i < LIMIT; i += 1) expect(limiter.take(sprayed).allowed).toBe(true);
    expect(limiter.take(sprayed).allowed).toBe(false);
    // Another network still gets exact windows.
    expect(limiter.take(slash64('2001:0db8:0002', 1))).toMatchObject({ remaining: LIMIT - 1 });
    expect(limiter.size).toBe(IPV6_SHARE.per48 + 1);
  });

  it('keeps one /56 to a smaller share, and frees the share when windows expire', () => {
    const { clock, limiter } = limiterAt(0, 100_000);
    // 2001:db8:1:ab00::/56 holds the /64s 2001:db8:1:ab00 to 2001:db8:1:abff.
    for (let n = 0; n < 256; n += 1) limiter.take(`2001:0db8:0001:ab${n.toString(16).padStart(2, '0')}::/64`);
    expect(limiter.size).toBe(IPV6_SHARE.per56);
    clock.now = 60_000;
    limiter.take('2001:0db8:0001:ab01::/64');
    for (let n = 0; n < 256; n += 1) limiter.take(`2001:0db8:0001:ab${n.toString(16).padStart(2, '0')}::/64`);
    expect(limiter.size).toBeLessThanOrEqual(IPV6_SHARE.per56 + 64);
  });
});

describe('reported quota', () => {
  // A tiny table and a tiny sketch force sketching and collisions; all requests fall in one
  // window, so a client's true count is every request it has made.
  const key = fc.oneof(
    fc.integer({ min: 0, max: 40 }).map((n) => `10.0.0.${n}`),
    fc.integer({ min: 0, max: 40 }).map((n) => `2001:0db8:000${n % 3}:00${(n * 7).toString(16).padStart(2, '0')}::/64`),
  );

  it('is never above the truth, and no client is ever allowed more than the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.integer({ min: 0, max: 500 })), { maxLength: 600 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 4 }),
        (requests, maxClients, widthLog) => {
          const clock = { now: 0 };
          const limiter = new FixedWindowLimiter({
            limit: 5,
            windowSeconds: 60,
            maxClients,
            sketchWidth: 2 ** widthLog,
            now: () => clock.now,
          });
          const sent = new Map<string, number>();
          const allowed = new Map<string, number>();
          for (const [client, advance] of requests) {
            clock.now = Math.min(59_999, clock.now + advance);
            const count = (sent.get(client) ?? 0) + 1;
            sent.set(client, count);
            const decision = limiter.take(client);
            if (decision.allowed) allowed.set(client, (allowed.get(client) ?? 0) + 1);
            expect(decision.remaining).toBeLessThanOrEqual(Math.max(0, 5 - count));
            expect(allowed.get(client) ?? 0).toBeLessThanOrEqual(5);
            expect(limiter.peek(client).remaining).toBeLessThanOrEqual(Math.max(0, 5 - count));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rateLimitHeaders', () => {
  it('describes the same numbers in every field', () => {
    const headers = new Map(rateLimitHeaders({ allowed: true, limit: LIMIT, remaining: 12, resetSeconds: 7 }));
    expect(headers.get('RateLimit-Policy')).toBe(RATE_LIMIT_POLICY);
    expect(headers.get('RateLimit')).toBe('"catalog";r=12;t=7');
    expect(headers.get('RateLimit-Limit')).toBe(String(LIMIT));
    expect(headers.get('RateLimit-Remaining')).toBe('12');
    expect(headers.get('RateLimit-Reset')).toBe('7');
    expect(headers.has('Retry-After')).toBe(false);
    expect(RATE_LIMIT_POLICY).toBe(`"catalog";q=${CATALOG_POLICY.limit};w=${CATALOG_POLICY.windowSeconds}`);
  });

  it('adds Retry-After only to a refusal', () => {
    const headers = new Map(rateLimitHeaders({ allowed: false, limit: LIMIT, remaining: 0, resetSeconds: 42 }));
    expect(headers.get('Retry-After')).toBe('42');
  });
});
