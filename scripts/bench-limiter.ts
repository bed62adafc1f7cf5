// `npm run bench:limiter`: a flood of LIMITER_KEYS (default 10,000,000) distinct client keys
// through the rate limiter within one window, as rotating or spoofed addresses would send them,
// half IPv4 and half IPv6 /64s (these from 128 /48s, as a sprayer would), one in a thousand of
// them sending past the limit. Prints the time per request in slices of the flood (it must stay
// flat), the heap the limiter holds, and how many of 100,000 fresh clients were refused their
// first request after the flood. With LIMITER_STORE=1, the same flood against the shared store instead
// (scripts/bench-limiter-store.ts, which exits when done).
if (process.env['LIMITER_STORE'] === '1') await import('./bench-limiter-store.ts');
import { FixedWindowLimiter } from '../src/lib/rate-limit/fixed-window-limiter.ts';
import { CATALOG_POLICY } from '../src/lib/rate-limit/headers.ts';
import { rateLimitKey } from '../src/lib/http/client-address.ts';

const KEYS = Number(process.env['LIMITER_KEYS'] ?? 10_000_000);
/** The budget the limiter's memory must stay within (docs: README, "Rate limits"). */
const BUDGET_MB = 64;
const SLICES = 5;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The n-th flood address: IPv4 for even n, else one of the 65,536 /64s of one of 128 /48s. */
const floodAddress = (n: number): string =>
  n % 2 === 0
    ? `${10 + ((n >> 25) & 63)}.${(n >> 17) & 255}.${(n >> 9) & 255}.${(n >> 1) & 255}`
    : `2001:db8:${((n >> 1) & 127).toString(16)}:${((n >> 8) & 0xffff).toString(16)}::1`;

globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const limiter = new FixedWindowLimiter({ ...CATALOG_POLICY, maxClients: 100_000 });
const slice = Math.ceil(KEYS / SLICES);
const perSlice: string[] = [];
for (let start = 0; start < KEYS; start += slice) {
  const keys = Array.from({ length: Math.min(slice, KEYS - start) }, (_, i) => rateLimitKey(floodAddress(start + i)));
  const began = process.hrtime.bigint();
  let requests = 0;
  for (let i = 0; i < keys.length; i += 1) {
    for (let n = (start + i) % 1_000 === 0 ? 70 : 1; n > 0; n -= 1) limiter.take(keys[i]!);
    requests += (start + i) % 1_000 === 0 ? 70 : 1;
  }
  perSlice.push(`${(Number(process.hrtime.bigint() - began) / requests).toFixed(0)} ns`);
}
globalThis.gc?.();
const heapMb = Number(mb(process.memoryUsage().heapUsed - heapBefore));
const sketchMb = Number(mb(4 * 2 ** 22)); // typed-array memory, outside the JS heap
let refused = 0;
for (let i = 0; i < 100_000; i += 1) {
  const fresh =
    i % 2 === 0 ? `198.18.${(i >> 8) & 255}.${i & 255}` : `2a00:${(i >> 4).toString(16)}::${i.toString(16)}`;
  if (!limiter.take(rateLimitKey(fresh)).allowed) refused += 1;
}

console.log(`${KEYS.toLocaleString('en')} distinct keys in one 60 s window (1 in 1,000 sending 70 requests)\n`);
console.log(`time per request, by fifth of the flood: ${perSlice.join(', ')}`);
console.log(`exact windows held: ${limiter.size.toLocaleString('en')} (cap 100,000)`);
console.log(
  `memory: heap +${heapMb} MB, sketch ${sketchMb} MB, total ${(heapMb + sketchMb).toFixed(1)} MB (budget ${BUDGET_MB} MB)`,
);
console.log(`fresh clients refused on their first request after the flood: ${refused} of 100,000`);
if (heapMb + sketchMb > BUDGET_MB || refused >= 100) {
  console.log('FAILED: over the memory budget, or more than 1 in 1,000 fresh clients refused');
  process.exitCode = 1;
}
