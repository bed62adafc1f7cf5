import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config/config.ts';
import { RedisWindowStore } from '../../src/lib/rate-limit/redis-window-store.ts';
import { SharedLimiter } from '../../src/lib/rate-limit/shared-limiter.ts';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { eventually } from '../helpers/eventually.ts';
import { startRedis, type RunningRedis } from '../helpers/redis-server.ts';
import { SLOW } from '../helpers/slow.ts';
import { createTestSite, type TestSite } from '../helpers/site.ts';

/** Bursts from new addresses, each as the review sent it: a few in `npm test`, more under TEST_SLOW=1. */
const RUNS = SLOW ? 10 : 3;
/** One quota, and the margin the suite allows a burst across instances over it. */
const BAR = CATALOG_POLICY.limit * 1.1;

let redis: RunningRedis;
let sites: TestSite[] = [];
const limiters: SharedLimiter[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // The deadlines a deployment gets by default, so the bar holds for what runs in production.
  const store = parseConfig({ RATE_LIMIT_STORE_URL: redis.url }).rateLimitStore!;
  const instance = () =>
    createTestSite({
      env: { TRUST_PROXY: '1' },
      shared: (local) => {
        const limiter = new SharedLimiter({
          local,
          windowSeconds: CATALOG_POLICY.windowSeconds,
          timeoutMs: store.timeoutMs,
          hardTimeoutMs: store.hardTimeoutMs,
          connect: (events) => new RedisWindowStore({ url: store.url }, events),
        });
        limiters.push(limiter);
        return limiter;
      },
    });
  sites = [await instance(), await instance()];
  await eventually(async () => limiters.every((limiter) => limiter.up));
});

afterAll(async () => {
  await redis?.stop();
});

/** `count` requests at once from `client`, alternating between the two instances: their statuses. */
async function burst(client: string, count: number, request: (i: number) => { url: string; method?: 'OPTIONS' }) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      sites[i % 2]!.request({
        ...request(i),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client, origin: 'https://app.example', 'access-control-request-method': 'GET' },
      }),
    ),
  );
  return answers.map((answer) => answer.statusCode);
}

const allowed = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

describe('two instances sharing one store under a burst from one client', () => {
  it(`allow about one quota to 200 requests at once, run after run (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const statuses = await burst(`198.51.100.${run + 1}`, 200, (i) => ({ url: `/robots.txt?${i}` }));
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      expect(allowed(statuses), `run ${run + 1}`).toBeGreaterThanOrEqual(CATALOG_POLICY.limit);
      expect(allowed(statuses), `run ${run + 1}`).toBeLessThanOrEqual(BAR);
    }
  });

  it('hold the ceiling of requests that cost no quota across both, not once per instance', async () => {
    const statuses = [];
    // 660 requests to the health check, 110 at a time: 600 allowed by the ceiling, whichever instance answers.
    for (let batch = 0; batch < 6; batch += 1) {
      statuses.push(...(await burst('203.0.113.44', 110, () => ({ url: '/healthz' }))));
    }
    expect(allowed(statuses)).toBeGreaterThanOrEqual(600);
    expect(allowed(statuses)).toBeLessThanOrEqual(606);
  });

  it("refuse a preflight on either instance once the client's quota is used up across both", async () => {
    const used = await burst('203.0.113.45', CATALOG_POLICY.limit + 1, (i) => ({ url: `/robots.txt?${i}` }));
    expect(used.filter((status) => status === 429)).toHaveLength(1);
    const preflights = await burst('203.0.113.45', 2, () => ({ url: '/robots.txt', method: 'OPTIONS' }));
    expect(preflights).toEqual([429, 429]);
  });
});
