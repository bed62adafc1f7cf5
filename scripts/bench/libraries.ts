// `BENCH_PARTS=libraries npm run bench`: each hand-written piece on a request's path beside the
// library that would replace it, in this process: CPU per call (user + system of every thread,
// so the log's thread-pool writes count), the two sides interleaved in rounds. A cached request
// costs the site about 50 µs of CPU (the classes part); 5 % of that, 2.5 µs, is what a piece must
// save to stay hand-written for speed (docs/performance.md).
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { Counter, Histogram, Registry } from 'prom-client';
import SonicBoom from 'sonic-boom';
import { RefreshCache } from '../../src/lib/catalog/catalog-cache.ts';
import { negotiate } from '../../src/lib/http/accept.ts';
import { chooseEncoding } from '../../src/lib/http/conditional.ts';
import { createBoundedSink } from '../../src/lib/log/bounded-log-sink.ts';
import { createLogger } from '../../src/lib/log/logger.ts';
import { ServiceMetrics } from '../../src/lib/metrics/service-metrics.ts';
import { parseTokenBody } from '../../src/lib/oauth/token-request.ts';
import { SingleFlightCache } from '../../src/server/store/single-flight-cache.ts';
import { median } from './report.ts';

const ROUNDS = 3;
/** Calls per side and round (`BENCH_LIBRARY_CALLS`). */
const CALLS = Number(process.env['BENCH_LIBRARY_CALLS'] ?? 100_000);

/** One side of a comparison: a call, synchronous or not. */
type Call = (i: number) => unknown;

/** What one pair measured: µs of CPU per call, the median of the rounds, each side. */
export interface LibraryFigure {
  item: string;
  handWritten: string;
  library: string;
  handWrittenUs: number;
  libraryUs: number;
}

/** µs of CPU per call of `call`, the event loop turned every `perTurn` calls (a loaded server reads several requests a turn). */
async function cpuPerCall(call: Call, perTurn: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < CALLS; i += 1) {
    const result = call(i);
    if (result instanceof Promise) await result;
    // A turn of the event loop, as a server takes between reads, so a destination can write.
    if (i % perTurn === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / CALLS;
}

/** Warms both sides up, then runs them in ROUNDS interleaved rounds (A B, B A, A B). */
async function pair(
  item: string,
  handWritten: [string, Call],
  library: [string, Call],
  perTurn = 1024,
): Promise<LibraryFigure> {
  const sides = [handWritten, library];
  for (const [, call] of sides) await cpuPerCall(call, perTurn);
  const figures: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) figures[index as 0 | 1].push(await cpuPerCall(sides[index]![1], perTurn));
  }
  return {
    item,
    handWritten: handWritten[0],
    library: library[0],
    handWrittenUs: median(figures[0]),
    libraryUs: median(figures[1]),
  };
}

const PANEL = { data: Array.from({ length: 50 }, (_, i) => ({ key: `marker-${i}` })) };
const TEMPLATES = ['public-light-eu', 'public-light-uk', 'public-complete-eu', 'public-complete-uk'];
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';
const PAGE_OFFERS = ['text/html', 'text/markdown'];
const TOKEN_BODY = new TextEncoder().encode(
  '{"grant_type":"client_credentials","client_id":"catalog-reader","scope":"catalog:read"}',
);
const LINE_FIELDS = {
  service: 'site',
  method: 'GET',
  path: '/v1/biomarkers/public',
  template: 'public-light-eu',
  status: 200,
  bytes: 5123,
  durationMs: 1.25,
  requestId: '0b3f6c2e-4a8d-4c1b-9e2f-6d7a8b9c0d1e',
  client: '203.0.113.0',
};
const devNull = () => new SonicBoom({ dest: '/dev/null', sync: false, maxLength: 4 * 1024 * 1024 });

/** Every pair, in the order docs/performance.md lists them. */
export async function measureLibraries(): Promise<LibraryFigure[]> {
  const refresh = new RefreshCache<string, typeof PANEL>({
    ttlMs: 300_000,
    staleWhileRevalidateMs: 60_000,
    staleIfErrorMs: 3_600_000,
    load: async () => PANEL,
  });
  const lru = new LRUCache<string, typeof PANEL>({
    max: 16,
    ttl: 300_000,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async () => PANEL,
  });
  const single = new SingleFlightCache<typeof PANEL>();
  const versioned = new LRUCache<string, { version: string; value: Promise<typeof PANEL> }>({ max: 64 });
  const versionedGet = (key: string, version: string) => {
    const held = versioned.get(key);
    if (held !== undefined && held.version === version) return held.value;
    const value = Promise.resolve(PANEL);
    versioned.set(key, { version, value });
    return value;
  };
  for (const template of TEMPLATES) {
    await refresh.get(template);
    await lru.fetch(template);
  }
  const batched = createLogger('info', createBoundedSink(devNull(), devNull()));
  const direct = devNull();
  const unbatched = createLogger('info', { info: (line) => void direct.write(line), error: () => undefined });
  const plain = new ServiceMetrics();
  const registry = new Registry();
  const counter = new Counter({
    name: 'http_requests_total',
    help: 'requests',
    labelNames: ['service', 'route', 'status'],
    registers: [registry],
  });
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'latency',
    labelNames: ['service', 'route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  return [
    await pair(
      'catalog cache, a fresh hit',
      ['RefreshCache.get', (i) => refresh.get(TEMPLATES[i & 3]!)],
      ['LRUCache.fetch', (i) => lru.fetch(TEMPLATES[i & 3]!)],
    ),
    await pair(
      'render cache, a hit at the current version',
      ['SingleFlightCache.get', (i) => single.get(TEMPLATES[i & 3]!, async () => PANEL, 'v1')],
      ['LRUCache.get + version', (i) => versionedGet(TEMPLATES[i & 3]!, 'v1')],
    ),
    await pair(
      'HTML or Markdown from a browser Accept',
      ['negotiate', () => negotiate(BROWSER_ACCEPT, PAGE_OFFERS)],
      ['Negotiator.mediaType', () => new Negotiator({ headers: { accept: BROWSER_ACCEPT } }).mediaType(PAGE_OFFERS)],
    ),
    await pair(
      'content coding from Accept-Encoding',
      ['chooseEncoding', () => chooseEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])],
      [
        'Negotiator.encoding',
        () => new Negotiator({ headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }).encoding(['br', 'gzip']),
      ],
    ),
    await pair(
      'JSON token body',
      ['parseTokenBody (duplicates read with jsonc-parser)', () => parseTokenBody(TOKEN_BODY, 'json')],
      ['JSON.parse alone, no duplicate check', () => JSON.parse(new TextDecoder().decode(TOKEN_BODY)) as unknown],
    ),
    // The log line at two loads: 32 requests read each turn (every connection of the classes part busy) and one.
    await pair(
      'request log line, 32 a turn',
      ['batched sink over sonic-boom', () => batched.info('request', { ...LINE_FIELDS })],
      ["sonic-boom's own buffering", () => unbatched.info('request', { ...LINE_FIELDS })],
      32,
    ),
    await pair(
      'request log line, 1 a turn',
      ['batched sink over sonic-boom', () => batched.info('request', { ...LINE_FIELDS })],
      ["sonic-boom's own buffering", () => unbatched.info('request', { ...LINE_FIELDS })],
      1,
    ),
    await pair(
      'request metrics',
      [
        'plain numbers (RequestSeries)',
        () => plain.observeRequest('site', { route: 'catalog', status: 200, durationS: 0.001 }),
      ],
      [
        'prom-client Counter + Histogram',
        () => {
          counter.inc({ service: 'site', route: 'catalog', status: '200' });
          histogram.observe({ service: 'site', route: 'catalog' }, 0.001);
        },
      ],
    ),
  ];
}

/** The figures as lines for the report. */
export const libraryLines = (figures: readonly LibraryFigure[]): string[] =>
  figures.map(
    (f) =>
      `${f.item}: ${f.handWritten} ${f.handWrittenUs.toFixed(2)} µs, ${f.library} ${f.libraryUs.toFixed(2)} µs per call ` +
      `(difference ${(f.libraryUs - f.handWrittenUs).toFixed(2)} µs, ${(((f.libraryUs - f.handWrittenUs) / 50) * 100).toFixed(1)} % of a 50 µs request)`,
  );
