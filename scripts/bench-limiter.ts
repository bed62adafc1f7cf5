// `npm run bench:limiter`: 1,000,000 distinct client keys through the rate limiter, as a flood
// of spoofed or rotating addresses would send them. Prints time per request and memory, with the
// default cap (new clients share one overflow window at the cap) and with no effective cap.
import { FixedWindowLimiter } from '../src/lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY } from '../src/lib/rate-limit/headers.ts';
import { rateLimitKey } from '../src/lib/http/client-address.ts';

const KEYS = Number(process.env['LIMITER_KEYS'] ?? 1_000_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function run(label: string, maxClients: number): void {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const limiter = new FixedWindowLimiter({ ...CATALOG_POLICY, maxClients });
  let refused = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < KEYS; i += 1) {
    // Every request from a new address, half IPv4 and half IPv6 (each in its own /64).
    const address =
      i % 2 === 0
        ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
        : `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
    if (!limiter.take(rateLimitKey(address)).allowed) refused += 1;
  }
  const ns = Number(process.hrtime.bigint() - started);
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `${label.padEnd(34)} ${(ns / KEYS).toFixed(0).padStart(5)} ns/request  windows held: ${String(limiter.size).padStart(9)}  heap: +${mb(heapAfter - heapBefore).padStart(9)}  refused: ${refused}`,
  );
}

console.log(`${KEYS} requests, each from a new client address, within one 60 s window\n`);
run('default cap (100,000 clients)', 100_000);
run('no effective cap', Number.MAX_SAFE_INTEGER);
console.log('\nAt the cap, new clients share one overflow window of 60 requests: memory stays bounded and');
console.log('known clients keep their own windows; the flood itself is what gets refused.');
