import { createClient } from '@redis/client';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startRedis, type RunningRedis } from '../helpers/redis-server.ts';
import { SLOW } from '../helpers/slow.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { startAll } from '../helpers/processes.ts';

/** A small document that costs quota. */
const PATH = '/.well-known/oauth-authorization-server';
/** Clients flooding at once, each sending more than its quota: a few in `npm test`, fifty under TEST_SLOW=1. */
const CLIENTS = SLOW ? 50 : 3;
const REQUESTS_EACH = CATALOG_POLICY.limit + (SLOW ? 15 : 1);

let redis: RunningRedis;
let instances: RunningServer[] = [];
let nginx: RunningNginx;

beforeAll(async () => {
  redis = await startRedis();
  // The exact count is what is tested: a deadline no busy test machine misses. The default (5 ms) trades a late
  // answer for the instance's own count instead (tests/integration/rate-limit-store-faults.test.ts).
  const env = { TRUST_PROXY: '2', RATE_LIMIT_STORE_URL: redis.url, RATE_LIMIT_STORE_TIMEOUT_MS: '500' };
  instances = await startAll(startServer(env), startServer(env), startServer(env));
  nginx = await startNginx(instances.map((instance) => new URL(instance.url).host));
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await redis?.stop();
});

/** One request through nginx as `client` (nginx appends the address it saw: TRUST_PROXY=2 takes the client's). */
async function ask(client: string) {
  const res = await fetch(`${nginx.url}${PATH}`, { headers: { 'X-Forwarded-For': client } });
  await res.arrayBuffer();
  return {
    status: res.status,
    remaining: Number(res.headers.get('ratelimit-remaining')),
    reset: Number(res.headers.get('ratelimit-reset')),
    retryAfter: res.headers.get('retry-after'),
  };
}

/** Request lines an instance wrote. */
const requestsOf = (server: RunningServer) => server.output.join('').split('"event":"request"').length - 1;

describe('three instances sharing one store behind a round-robin nginx', () => {
  it('answers one client exactly its quota, then 429, whichever instance answers, from one expiring key', async () => {
    const before = instances.map(requestsOf);
    const answers = [];
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) answers.push(await ask('203.0.113.7'));
    expect(answers.slice(0, CATALOG_POLICY.limit).map((answer) => answer.status)).toEqual(
      Array(CATALOG_POLICY.limit).fill(200),
    );
    expect(answers.map((answer) => answer.remaining)).toEqual([
      ...Array.from({ length: CATALOG_POLICY.limit }, (_, i) => CATALOG_POLICY.limit - 1 - i),
      0,
    ]);
    const refused = answers[CATALOG_POLICY.limit]!;
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe(String(refused.reset));
    expect(refused.reset).toBeLessThanOrEqual(answers[0]!.reset);
    // Round robin: each instance answered its third.
    instances.forEach((instance, i) => expect(requestsOf(instance) - before[i]!).toBeGreaterThanOrEqual(15));
    // One key for the client, expiring with its window: a flood of addresses leaves nothing behind.
    const store = createClient({ url: redis.url });
    await store.connect();
    try {
      const ttl = Number(await store.sendCommand(['PTTL', 'catalog-rate-limit:203.0.113.7']));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(CATALOG_POLICY.windowSeconds * 1000);
      expect(await store.sendCommand(['GET', 'catalog-rate-limit:203.0.113.7'])).toBe(String(CATALOG_POLICY.limit + 1));
    } finally {
      store.destroy();
    }
  });

  it(`holds every client of a flood at exactly its quota of ${CATALOG_POLICY.limit} (${CLIENTS} clients, ${REQUESTS_EACH} requests each, at once)`, async () => {
    const client = async (n: number) => {
      const statuses = [];
      for (let i = 0; i < REQUESTS_EACH; i += 1) statuses.push((await ask(`198.51.100.${n + 1}`)).status);
      return statuses;
    };
    const all = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    for (const statuses of all) {
      expect(statuses.filter((status) => status === 200)).toHaveLength(CATALOG_POLICY.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(REQUESTS_EACH - CATALOG_POLICY.limit);
    }
  });
});
