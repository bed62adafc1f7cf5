import { describe, expect, it } from 'vitest';
import { SharedLimiter, type WindowCount, type WindowStore } from '../../src/lib/rate-limit/shared-limiter.ts';
import { createTestSite } from '../helpers/site.ts';

const PATH = '/.well-known/oauth-authorization-server';

/** A connected store answering `answer` to every count (never, when it returns undefined). */
const storeAnswering = (answer: () => WindowCount | undefined): WindowStore => ({
  ready: true,
  increment: () => {
    const count = answer();
    return count === undefined ? new Promise(() => undefined) : Promise.resolve(count);
  },
  describe: String,
});

/** The site server of `npm start` built in this process, its quota shared through `store`. */
const siteWith = (store: WindowStore) =>
  createTestSite({
    shared: (local) =>
      new SharedLimiter({
        local,
        windowSeconds: 60,
        timeoutMs: 5,
        connect: (events) => {
          events.onReady();
          return store;
        },
      }),
  });

describe('the site server with a shared rate-limit store', () => {
  it("answers with the store's count, so every instance reports the same quota", async () => {
    let count = 58;
    const site = await siteWith(storeAnswering(() => ({ count: (count += 1), resetMs: 29_500 })));
    const allowed = await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers).toMatchObject({ 'ratelimit-remaining': '1', 'ratelimit-reset': '30' });
    await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    const refused = await site.request({ url: PATH, remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({ 'ratelimit-remaining': '0', 'retry-after': '30' });
  });

  it("decides with the instance's own count when the store misses its deadline, and never asks it for free requests", async () => {
    let asked = 0;
    const site = await siteWith(storeAnswering(() => void (asked += 1)));
    const started = performance.now();
    const answer = await site.request({ url: PATH, remoteAddress: '203.0.113.10' });
    expect(performance.now() - started).toBeLessThan(500);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['ratelimit-remaining']).toBe('59');
    expect((await site.request({ url: '/healthz', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
    expect(asked).toBe(1);
  });
});
