// `LIMITER_STORE=1 npm run bench:limiter`: the address-rotation flood of the per-instance bench pointed at the
// shared store, through the service's own SharedLimiter and RedisWindowStore, against a redis-server it starts on
// 127.0.0.1 (tests/helpers/redis-server.ts: a config in a temp dir, stopped by pid) with the settings
// docs/deployment.md recommends (`maxmemory-policy volatile-ttl`, no persistence).
// Two runs: LIMITER_STORE_KEYS (default 1,200,000) keys with the documented 192 MB, then as many into 8 MB, which the
// flood fills. Each prints the flood's rate, the store's `used_memory` and keys afterwards (every key with an
// expiry), evictions, the requests decided by the instance alone, and, for fresh clients asking during and after
// the flood, their decision latency (p99 against the store deadline) and how many were refused their first request.
// A third, small flood with a 1 s window shows the keys leave with their window.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { FixedWindowLimiter } from '../src/lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY } from '../src/lib/rate-limit/headers.ts';
import { RedisWindowStore } from '../src/lib/rate-limit/redis-window-store.ts';
import { SharedLimiter, type FallbackReason } from '../src/lib/rate-limit/shared-limiter.ts';
import { rateLimitKey } from '../src/lib/http/client-address.ts';
import { startRedis } from '../tests/helpers/redis-server.ts';

const KEYS = Number(process.env['LIMITER_STORE_KEYS'] ?? 1_200_000);
/** Requests of the flood in flight at once from this one instance. */
const CONCURRENCY = Number(process.env['LIMITER_STORE_CONCURRENCY'] ?? 20);
/** After this an answer is late, RATE_LIMIT_STORE_TIMEOUT_MS's default (the hard deadline keeps its default). */
const TIMEOUT_MS = 5;
const FRESH_AFTER = 10_000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const floodAddress = (n: number): string =>
  n % 2 === 0
    ? `${10 + ((n >> 25) & 63)}.${(n >> 17) & 255}.${(n >> 9) & 255}.${(n >> 1) & 255}`
    : `2001:db8:${((n >> 1) & 127).toString(16)}:${((n >> 8) & 0xffff).toString(16)}::1`;
const freshAddress = (i: number): string =>
  i % 2 === 0 ? `198.18.${(i >> 8) & 255}.${i & 255}` : `2a00:${(i >> 4).toString(16)}::${i.toString(16)}`;

const p99 = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

const info = (text: string, field: string): number => Number(new RegExp(`^${field}:(\\d+)`, 'm').exec(text)?.[1] ?? 0);

async function openLimiter(url: string, windowSeconds: number, fallbacks: Map<FallbackReason, number>) {
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => (ready = resolve));
  const limiter = new SharedLimiter({
    local: new FixedWindowLimiter({ ...CATALOG_POLICY, windowSeconds, maxClients: 100_000 }),
    windowSeconds,
    timeoutMs: TIMEOUT_MS,
    connect: (events) =>
      new RedisWindowStore(
        { url },
        {
          onReady: () => {
            events.onReady();
            ready();
          },
          onError: events.onError,
        },
      ),
    onTransition: (up, reason) => {
      if (process.env['LIMITER_STORE_VERBOSE'] === '1') console.log(`  store ${up ? 'up' : 'down'}: ${reason}`);
    },
    onFallback: (reason) => fallbacks.set(reason, (fallbacks.get(reason) ?? 0) + 1),
  });
  await connected;
  // Warm-up, as a running instance is: the code compiled, the store's script cached. Then past any pause it caused.
  for (let i = 0; i < 5_000; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => limiter.take(`warm-up-${i + j}`)));
  }
  await sleep(1_100);
  return limiter;
}

/** One fresh client's first request: its latency in milliseconds and whether it was refused. */
async function fresh(limiter: SharedLimiter, i: number): Promise<[number, boolean]> {
  const began = performance.now();
  const decision = await limiter.take(rateLimitKey(freshAddress(i)));
  return [performance.now() - began, !decision.allowed];
}

async function flood(label: string, maxmemory: string): Promise<boolean> {
  const server = await startRedis({ maxmemory, policy: 'volatile-ttl' });
  const admin = createClient({ url: server.url });
  admin.on('error', () => {});
  await admin.connect();
  const fallbacks = new Map<FallbackReason, number>();
  const limiter = await openLimiter(server.url, CATALOG_POLICY.windowSeconds, fallbacks);
  fallbacks.clear();
  fallbacks.clear();
  const baseline = info(await admin.info('memory'), 'used_memory');
  const during: number[] = [];
  let refusedDuring = 0;
  let freshIndex = 0;
  let requests = 0;
  const began = performance.now();
  for (let start = 0; start < KEYS; start += CONCURRENCY) {
    const batch: Promise<unknown>[] = [];
    for (let n = start; n < Math.min(KEYS, start + CONCURRENCY); n += 1) {
      const key = rateLimitKey(floodAddress(n));
      for (let r = n % 1_000 === 0 ? 70 : 1; r > 0; r -= 1) {
        batch.push(Promise.resolve(limiter.take(key)));
        requests += 1;
      }
    }
    // A fresh client asks in the middle of every batch, behind the flood's requests.
    batch.push(
      fresh(limiter, 1_000_000 + freshIndex++).then(([ms, refused]) => {
        during.push(ms);
        if (refused) refusedDuring += 1;
      }),
    );
    await Promise.all(batch);
  }
  const seconds = (performance.now() - began) / 1000;
  const floodFallbacks = new Map(fallbacks);
  // Past any pause of the store the flood caused, so that the fresh clients after it are counted in the store.
  await sleep(1_100);
  fallbacks.clear();
  const after: number[] = [];
  // How long the process's own loop was held up meanwhile (collection, the machine): waits beyond the deadline.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let refusedAfter = 0;
  for (let i = 0; i < FRESH_AFTER; i += CONCURRENCY) {
    const results = await Promise.all(Array.from({ length: CONCURRENCY }, (_, j) => fresh(limiter, i + j)));
    for (const [ms, refused] of results) {
      after.push(ms);
      if (refused) refusedAfter += 1;
    }
  }
  loop.disable();
  const memory = await admin.info('memory');
  const stats = await admin.info('stats');
  const keyspace = await admin.info('keyspace');
  const keys = Number(/keys=(\d+)/.exec(keyspace)?.[1] ?? 0);
  const expires = Number(/expires=(\d+)/.exec(keyspace)?.[1] ?? 0);
  const used = info(memory, 'used_memory');
  const limit = info(memory, 'maxmemory');
  const evicted = info(stats, 'evicted_keys');
  const fmt = (m: Map<FallbackReason, number>) =>
    [...m].map(([reason, count]) => `${reason} ${count.toLocaleString('en')}`).join(', ') || 'none';
  console.log(`\n${label}: maxmemory ${maxmemory}, volatile-ttl, deadline ${TIMEOUT_MS} ms`);
  console.log(
    `  flood: ${KEYS.toLocaleString('en')} keys, ${requests.toLocaleString('en')} requests in ${seconds.toFixed(1)} s ` +
      `(${Math.round(requests / seconds).toLocaleString('en')} req/s, ${CONCURRENCY} in flight)`,
  );
  console.log(
    `  store: used_memory ${mb(used)} MB of ${mb(limit)} MB, ${keys.toLocaleString('en')} keys, ` +
      `${expires.toLocaleString('en')} with an expiry, ${evicted.toLocaleString('en')} evicted, ` +
      `${keys > 0 ? Math.round((used - baseline) / keys) : 0} B per key above the empty store's ${mb(baseline)} MB`,
  );
  const alone = [...floodFallbacks.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `  counted in the store: ${(requests + during.length - alone).toLocaleString('en')} requests; decided by the instance alone ` +
      `(store paused after missed deadlines): ${fmt(floodFallbacks)}`,
  );
  console.log(
    `  fresh clients during the flood: p99 ${p99(during).toFixed(2)} ms, refused ${refusedDuring} of ${during.length}`,
  );
  console.log(
    `  fresh clients after the flood: p99 ${p99(after).toFixed(2)} ms, refused ${refusedAfter} of ${after.length}, ` +
      `decided alone ${fmt(fallbacks)}; event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
  await admin.close();
  await server.stop();
  // The deadline plus a turn of the loop: a client waits no longer than the store may take.
  const ok =
    refusedDuring === 0 &&
    refusedAfter === 0 &&
    expires === keys &&
    used <= limit &&
    Math.max(p99(during), p99(after)) <= TIMEOUT_MS + 1;
  if (!ok) console.log(`  FAILED: a fresh client refused or kept waiting, a key without expiry, or over maxmemory`);
  return ok;
}

/** 20,000 keys with a 1 s window (those the store counted): all gone from it two seconds later. */
async function expiry(): Promise<boolean> {
  const server = await startRedis({ maxmemory: '192mb', policy: 'volatile-ttl' });
  const admin = createClient({ url: server.url });
  admin.on('error', () => {});
  await admin.connect();
  const limiter = await openLimiter(server.url, 1, new Map());
  for (let start = 0; start < 20_000; start += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => limiter.take(rateLimitKey(floodAddress(start + i)))),
    );
  }
  const before = await admin.dbSize();
  await sleep(2_000);
  const left = await admin.dbSize();
  console.log(`\nexpiry: ${before.toLocaleString('en')} keys of a 1 s window, ${left} left 2 s later`);
  await admin.close();
  await server.stop();
  return left === 0;
}

const results = [
  await flood('documented size', process.env['LIMITER_STORE_MAXMEMORY'] ?? '192mb'),
  await flood('small store', '8mb'),
  await expiry(),
];
if (results.includes(false)) process.exitCode = 1;
// The limiters' store clients stay connected to servers now stopped: leave without waiting for their reconnects.
process.exit();
