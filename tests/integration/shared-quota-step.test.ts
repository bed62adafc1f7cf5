import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { SharedLimiter, type FallbackReason } from '../../src/lib/rate-limit/shared-limiter.ts';
import type { WindowCount, WindowStore } from '../../src/lib/rate-limit/window-store.ts';
import { createTestSite } from '../helpers/site.ts';

const PATH = '/.well-known/oauth-authorization-server';

/** A connected store answering `answer` to every count (never, when it returns undefined), told each key counted. */
const storeAnswering = (answer: (key: string) => WindowCount | undefined): WindowStore => ({
  ready: true,
  increment: (key) => {
    const count = answer(key);
    return count === undefined ? new Promise(() => undefined) : Promise.resolve(count);
  },
  describe: String,
});

/**
 * The site server of `npm start` built in this process, its quota shared through `store`; `fallbacks` is told why of
 * each request the instance decided alone.
 */
const siteWith = (store: WindowStore, fallbacks: FallbackReason[] = []) =>
  createTestSite({
    shared: (local) =>
      new SharedLimiter({
        local,
        windowSeconds: CATALOG_POLICY.windowSeconds,
        timeoutMs: 5,
        connect: (events) => {
          events.onReady();
          return store;
        },
        onFallback: (reason) => fallbacks.push(reason),
      }),
  });

describe('the site server with a shared rate-limit store', () => {
  it("answers with the store's count, so every instance reports the same quota", async () => {
    // Two requests short of the quota, as the other instances left it.
    let count = CATALOG_POLICY.limit - 2;
    const site = await siteWith(storeAnswering(() => ({ count: (count += 1), resetMs: 29_500 })));
    const allowed = await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers).toMatchObject({ 'ratelimit-remaining': '1', 'ratelimit-reset': '30' });
    await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    const refused = await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'ratelimit-remaining': '0', 'retry-after': '30' });
  });

  it("decides with the instance's own count when the store does not answer by its hard deadline, free requests too", async () => {
    const asked: string[] = [];
    const fallbacks: FallbackReason[] = [];
    const site = await siteWith(
      storeAnswering((key) => void asked.push(key)),
      fallbacks,
    );
    // The store never answers: only the hard deadline lets these requests be answered at all.
    const answer = await site.request({ url: PATH, remoteAddress: '203.0.113.10' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
    const health = await site.request({ url: '/healthz', remoteAddress: '203.0.113.10' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['ratelimit-remaining']).toBe(String(CATALOG_POLICY.limit - 1));
    // The free request is counted apart, against its own ceiling: the quota's key is not counted again.
    expect(asked).toEqual(['203.0.113.10', 'free:203.0.113.10']);
    expect(fallbacks).toEqual(['timeout', 'timeout']);
  });
});
