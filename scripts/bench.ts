// `npm run bench`: what each response costs. Every response class against a plain node:http
// server writing the same status, headers and bytes, in the same run, and against the floor
// server (the same write behind the per-request steps the site must keep); then start-up time,
// memory at idle and after a mixed load, the catalog with a 128 MB heap, and the catalog directly
// and through the shipped Varnish, also while its origin fails. Load comes from Debian's wrk (one
// thread, 32 connections). Loopback only, bounded in time; prints "NOT met" where a target is
// missed and still exits 0: only a failed run exits 1.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureResponse, headerOf, type CapturedResponse } from './bench/capture.ts';
import { CATALOG, responseClasses, TARGETS, type ResponseClass } from './bench/classes.ts';
import { freePort } from '../tests/helpers/start-server.ts';
import { cpuMs, memoryMb, spawnNode, stop, waitFor200, type BenchProcess } from './bench/processes.ts';
import { combine, median, misses, tableHead, tableRows, verdict, type Combined } from './bench/report.ts';
import { measureCosts } from './bench/costs.ts';
import { edgeLines, measureEdge, OUTAGE_TTL_S } from './bench/edge.ts';
import { libraryLines, measureLibraries } from './bench/libraries.ts';
import { measureMemory } from './bench/memory.ts';
import { measureStartUps, startSite, type Site, type StartUps } from './bench/site.ts';
import { requireWrk, runWrk, CONNECTIONS, type WrkResult } from './bench/wrk.ts';
import { startRedis } from '../tests/helpers/redis-server.ts';

/** Measured seconds per class and side, in ROUNDS interleaved rounds of whole seconds (wrk's -d). */
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const ROUNDS = 3;
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const WARM_UP_SECONDS = 1;
const MIXED_SECONDS = Number(process.env['BENCH_MIXED_SECONDS'] ?? 60);
const STARTS = 5;

/** The parts of the bench to run (`BENCH_PARTS`, comma-separated; all by default), in this order. */
const PARTS = ['startup', 'classes', 'small-heap', 'memory', 'costs', 'store', 'edge', 'libraries'] as const;
type Part = (typeof PARTS)[number];

/** The parts `BENCH_PARTS` names; an unknown name fails the run rather than measuring nothing. */
function selectedParts(value = process.env['BENCH_PARTS'] ?? ''): Set<Part> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_PARTS: unknown part ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  return new Set(names.length === 0 ? PARTS : (names as Part[]));
}

/**
 * Another build's project root (`BENCH_BASELINE`, e.g. a copy of the previous `dist/` beside a
 * `node_modules`): every part measures it too, in the same run (the classes in the same rounds),
 * so a change is compared with what it replaces under the same machine load.
 */
const BASELINE = process.env['BENCH_BASELINE'] || undefined;

/** A server wrk drives, with what its rounds measured. */
interface Side {
  origin: string;
  /** What this side is asked: a class, with the side's own validator where the class is a 304. */
  entry: ResponseClass;
  pid: number;
  runs: WrkResult[];
  cpuMs: number;
}

const side = (server: { pid: number; origin: string }, entry: ResponseClass): Side => ({
  origin: server.origin,
  entry,
  pid: server.pid,
  runs: [],
  cpuMs: 0,
});

/**
 * Drives every side with the same requests: a warm-up each, then ROUNDS rounds, each in
 * the order of the one before reversed (A B C, C B A, A B C), so a slow spell of the shared
 * machine falls on all of them.
 */
async function interleave(sides: readonly Side[]): Promise<Combined[]> {
  for (const s of sides) await runWrk(s.origin, [s.entry.request], WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const s of round % 2 === 0 ? sides : [...sides].reverse()) {
      const before = cpuMs(s.pid);
      s.runs.push(await runWrk(s.origin, [s.entry.request], ROUND_SECONDS));
      s.cpuMs += cpuMs(s.pid) - before;
    }
  }
  return sides.map((s) => combine(s.runs, s.entry.expected, s.cpuMs));
}

/** A server of scripts/bench/ replaying one captured response. */
type Replay = BenchProcess & { origin: string };

/** Starts `script` (plain-server.ts or floor-server.ts) writing what the site answered, as `captured`. */
async function startReplay(script: string, captured: CapturedResponse, index: number): Promise<Replay> {
  const fixture = join(tmpdir(), `bench-response-${process.pid}-${index}.json`);
  writeFileSync(fixture, JSON.stringify(captured));
  const port = await freePort();
  const server = spawnNode([script, fixture, String(port)], {});
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(server, origin, {}, (status) => status !== 0);
  } finally {
    rmSync(fixture, { force: true }); // read at start-up
  }
  return { ...server, origin };
}

/**
 * The site's answer to `entry`, replayed by a plain server (no logic at all) and by the floor
 * server (the plain server plus the per-request steps the site must keep: limiter, request log,
 * metrics).
 */
async function startReplays(site: Site, entry: ResponseClass, index: number): Promise<[Replay, Replay]> {
  const captured = await captureResponse(site.origin, entry.request, `192.0.2.${10 + index}`);
  if (captured.status !== entry.expected) {
    throw new Error(`${entry.name}: the site answered ${captured.status}, not ${entry.expected}`);
  }
  const plain = await startReplay('scripts/bench/plain-server.ts', captured, index);
  const floor = await startReplay('scripts/bench/floor-server.ts', captured, index).catch(async (error: unknown) => {
    await stop(plain);
    throw error;
  });
  const length = Buffer.from(captured.body, 'base64').length;
  const coding = headerOf(captured.headers, 'content-encoding') ?? 'identity';
  console.log(`${entry.name}: ${captured.status}, ${length} bytes ${coding}${captured.chunked ? ', chunked' : ''}`);
  return [plain, floor];
}

const verdicts: string[] = [];
const check = (label: string, reasons: string[]) => {
  verdicts.push(`${label}: ${verdict(reasons)}`);
  return verdict(reasons);
};
/** A check of an upper bound, such as a start-up time or a memory size. */
const atMost = (label: string, value: number, max: number, unit: string) =>
  check(label, value > max ? [`${value} ${unit} > ${max} ${unit}`] : []);

/** The ETag of the catalog's gzip representation, for its 304s. */
async function catalogEtagOf(site: Site): Promise<string> {
  const etag = headerOf((await captureResponse(site.origin, CATALOG.request, '192.0.2.2')).headers, 'etag');
  if (etag === undefined) throw new Error(`${CATALOG.name} carries no ETag`);
  return etag;
}

/**
 * How long a fresh site is left alone before its class is measured: the background preparation
 * (`prepareInBackground` in src/server/store/prepared.ts) compresses every prepared body at Brotli's best quality in its
 * first seconds, which a measurement must not share the cores with.
 */
const SETTLE_MS = 3000;

/**
 * Each class on a fresh site, so every class meets the same state: a limiter that has seen
 * only the class's own rotating addresses (one site for all classes had counted some 500,000
 * by the last ones, its table full and churning), a heap without the earlier classes' garbage.
 */
async function benchClasses(): Promise<void> {
  console.log(
    `\nResponse classes, each on a fresh site left ${SETTLE_MS / 1000} s to settle: wrk -t1 -c${CONNECTIONS}, ` +
      `${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per side after a ` +
      `${WARM_UP_SECONDS} s warm-up; p50 and p99 are the rounds' medians; lost = other status than expected, ` +
      `socket errors, timeouts. Target: ratio >= ${TARGETS.ratio}, p99 <= ${TARGETS.p99Ms} ms, nothing lost. ` +
      `floor = the plain server plus the rate limiter, request log and metrics every response keeps ` +
      `(scripts/bench/floor-server.ts): the most the site can reach with them.\n`,
  );
  const rssMb: number[] = [];
  const againstBaseline: string[] = [];
  const count = responseClasses('""').length;
  for (let index = 0; index < count; index += 1) {
    const site = await startSite();
    const baseline = BASELINE === undefined ? undefined : await startSite({}, BASELINE).catch(stopFirst(site));
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const entry = responseClasses(await catalogEtagOf(site))[index]!;
      const [plain, floor] = await startReplays(site, entry, index);
      try {
        const sides = [site, floor, plain].map((server) => side(server, entry));
        if (baseline !== undefined) {
          sides.push(side(baseline, responseClasses(await catalogEtagOf(baseline))[index]!));
        }
        const [ours, floors, theirs, before] = await interleave(sides);
        console.log([tableHead(), ...tableRows(ours!, theirs!, floors!)].join('\n'));
        console.log(`  site / floor ${(ours!.rps / floors!.rps).toFixed(2)}`);
        if (before !== undefined) {
          const line = `${entry.name}: site / baseline ${(ours!.rps / before.rps).toFixed(2)} req/s, CPU per request ${ours!.cpuUs} / ${before.cpuUs} µs`;
          console.log(`  ${line}`);
          againstBaseline.push(line);
        }
        console.log(`  ${check(entry.name, misses(ours!, theirs!))}\n`);
      } finally {
        await stop(plain);
        await stop(floor);
      }
      rssMb.push(memoryMb(site.pid, 'VmRSS'));
    } finally {
      await stop(site);
      if (baseline !== undefined) await stop(baseline);
    }
  }
  console.log(`site memory after its class run: ${rssMb.join(', ')} MB RSS; most ${Math.max(...rssMb)} MB`);
  if (againstBaseline.length > 0) {
    console.log(
      `\nAgainst the baseline build in ${BASELINE}, driven in the same rounds:\n  ${againstBaseline.join('\n  ')}`,
    );
  }
}

/** Stops `server` when what was started after it failed, and passes the error on. */
const stopFirst =
  (server: BenchProcess) =>
  async (error: unknown): Promise<never> => {
    await stop(server);
    throw error;
  };

/**
 * The catalog class on a site with a 128 MB old space against one with the default heap,
 * both fresh, so neither carries the other runs' garbage.
 */
async function benchSmallHeap(): Promise<void> {
  const small = await startSite({ NODE_OPTIONS: '--max-old-space-size=128' });
  const usual = await startSite().catch(async (error: unknown) => {
    await stop(small);
    throw error;
  });
  try {
    const [ours, theirs] = await interleave([side(small, CATALOG), side(usual, CATALOG)]);
    console.log(`\n${CATALOG.name} with NODE_OPTIONS=--max-old-space-size=128 against the default heap:`);
    console.log([tableHead(), ...tableRows(ours!, theirs!, undefined, ['128 MB', 'dflt'])].join('\n'));
    const ratio = ours!.rps / theirs!.rps;
    const reasons = ratio < TARGETS.smallHeapRatio ? [`ratio ${ratio.toFixed(2)} < ${TARGETS.smallHeapRatio}`] : [];
    console.log(`  ${check('same throughput with a 128 MB heap', reasons)}`);
  } finally {
    await stop(small);
    await stop(usual);
  }
}

/** Seconds of each response class in the memory part (on one site, before its mixed load). */
const MEMORY_CLASS_SECONDS = Number(process.env['BENCH_MEMORY_CLASS_SECONDS'] ?? 3);

/**
 * Memory under load, the site with the defaults and with the image's settings side by side
 * (memory.ts: its heap limit, glibc's arenas alone and both): RSS idle, after the classes, after MIXED_SECONDS of mixed load, and the peak; then
 * the baseline build's, when given.
 */
async function benchMemory(): Promise<void> {
  console.log(
    `\nMemory under load: fresh sites side by side, each through every class (${MEMORY_CLASS_SECONDS} s each), ` +
      `then ${MIXED_SECONDS} s of mixed load (catalog, 304s, pages as HTML and Markdown in both locales, tokens, 404s) ` +
      `in alternating rounds; a new client address per request, so the limiter's table fills.`,
  );
  const runs = await measureMemory(MEMORY_CLASS_SECONDS, MIXED_SECONDS);
  if (BASELINE !== undefined) {
    runs.push(
      ...(await measureMemory(
        MEMORY_CLASS_SECONDS,
        MIXED_SECONDS,
        [{ label: `baseline ${BASELINE}`, env: {} }],
        BASELINE,
      )),
    );
  }
  for (const run of runs) {
    console.log(
      `  ${run.label}: mixed ${Math.round(run.mixedRps)} req/s, ${run.cpuUsPerRequest.toFixed(0)} µs of CPU per request, p99 ${run.p99} ms, ${run.lost} lost; ` +
        `RSS idle ${run.idleMb} MB, after the classes ${run.afterClassesMb} MB, after the mixed load ${run.afterMixedMb} MB, peak ${run.peakMb} MB`,
    );
  }
  // The default first, the image's settings last (memoryVariants); the baseline's after them.
  const usual = runs[0]!;
  const image = runs.findLast((run) => run.label.startsWith("the image's"))!;
  console.log(`  ${atMost('RSS after the mixed load (default)', usual.afterMixedMb, TARGETS.loadedRssMb, 'MB')}`);
  console.log(`  ${atMost("peak RSS with the image's settings", image.peakMb, TARGETS.heapLimitedRssMb, 'MB')}`);
  const ratio = image.mixedRps / usual.mixedRps;
  console.log(`  image's settings / default, mixed req/s: ${ratio.toFixed(3)}`);
  const lost = image.lost + usual.lost;
  const reasons = [
    ...(ratio < TARGETS.heapLimitedRatio ? [`ratio ${ratio.toFixed(3)} < ${TARGETS.heapLimitedRatio}`] : []),
    ...(lost > 0 ? [`${lost} lost`] : []),
  ];
  console.log(`  ${check("same throughput with the image's settings", reasons)}`);
}

/** Start-up time and idle RSS of STARTS spawns (and of the baseline's, alternating). */
async function benchStartUp(): Promise<void> {
  console.log(
    `Start-up: ${STARTS} spawns of node dist/node/main.mjs (the compiled server npm start runs) to the first catalog 200 (bundled origin)` +
      (BASELINE === undefined ? '' : `, alternating with the baseline build in ${BASELINE}`),
  );
  const [ours, baseline] = await measureStartUps(STARTS, BASELINE);
  const report = (label: string, starts: StartUps) => {
    console.log(`${label}${starts.startUpMs.join(', ')} ms; median ${median(starts.startUpMs)} ms`);
    console.log(
      `  CPU used by then (steadier on a shared machine): ${starts.startUpCpuMs.join(', ')} ms; median ${median(starts.startUpCpuMs)} ms`,
    );
    console.log(
      `  RSS at idle, 1 s after the first catalog 200: ${starts.idleRssMb.join(', ')} MB; median ${median(starts.idleRssMb)} MB`,
    );
  };
  report('  ', ours);
  if (BASELINE !== undefined) report('  baseline: ', baseline);
  console.log(`  ${atMost('start-up', median(ours.startUpMs), TARGETS.startUpMs, 'ms')}`);
  console.log(`  ${atMost('RSS at idle', median(ours.idleRssMb), TARGETS.idleRssMb, 'MB')}`);
}

/** What each kind of request costs the site in CPU, against a cached page in the same run (docs/performance.md). */
async function benchCosts(): Promise<void> {
  const site = await startSite({ LOG_LEVEL: 'error' });
  try {
    console.log('\nCPU per request by kind, one site, 4 requests in flight, each from a client of its own:');
    for (const line of await measureCosts(site)) console.log(`  ${line}`);
  } finally {
    await stop(site);
  }
}

/**
 * The catalog class with the shared rate-limit store (a redis-server on loopback, without persistence) against the
 * per-instance limiter, both fresh and driven in the same rounds; the store's own CPU per request beside them.
 */
async function benchStore(): Promise<void> {
  const redis = await startRedis();
  const sites: Site[] = [];
  try {
    sites.push(await startSite({ RATE_LIMIT_STORE_URL: redis.url }), await startSite());
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const [stored, alone] = sites.map((site) => side(site, CATALOG)) as [Side, Side];
    const storeCpuBefore = cpuMs(redis.pid);
    const [ours, theirs] = await interleave([stored, alone]);
    const storeCpuUs = Math.round(((cpuMs(redis.pid) - storeCpuBefore) * 1000) / Math.max(1, ours!.requests));
    console.log(
      `\n${CATALOG.name} with RATE_LIMIT_STORE_URL (redis-server on loopback) against the per-instance limiter:`,
    );
    console.log([tableHead(), ...tableRows(ours!, theirs!, undefined, ['store', 'alone'])].join('\n'));
    console.log(`  the store's own CPU per request: ${storeCpuUs} µs`);
    const ratio = ours!.rps / theirs!.rps;
    const reasons = [
      ...(ratio < TARGETS.storeRatio ? [`ratio ${ratio.toFixed(2)} < ${TARGETS.storeRatio}`] : []),
      ...(ours!.lost > 0 ? [`${ours!.lost} lost`] : []),
    ];
    console.log(`  ${check('throughput with the shared store', reasons)}`);
  } finally {
    for (const site of sites) await stop(site);
    await redis.stop();
  }
}

/** Seconds of each side of the edge part (direct, through Varnish, through Varnish while the catalog origin fails). */
const EDGE_SECONDS = Number(process.env['BENCH_EDGE_SECONDS'] ?? 10);
/** The least share of hits at the edge while the catalog origin fails, as tests/integration/edge-cache.test.ts holds it. */
const EDGE_OUTAGE_HIT_SHARE = 0.95;

/**
 * The catalog mix (four templates, br, gzip and identity) directly and through the shipped Varnish, on one site in
 * the same run; then through Varnish while the site's catalog origin fails. Every answer must be a 200.
 */
async function benchEdge(): Promise<void> {
  console.log(
    `\nThe catalog behind the shipped Varnish (deploy/cdn/varnish.vcl): the four templates in br, gzip and identity, ` +
      `wrk -t1 -c${CONNECTIONS} for ${EDGE_SECONDS} s per side (2 interleaved rounds) after a ${WARM_UP_SECONDS} s warm-up, a client of its own ` +
      `per request on both paths (TRUST_PROXY=2: the edge's hop and the client's). One site directly and through the ` +
      `edge; then another whose catalog origin answers 500, measured once its ${OUTAGE_TTL_S} s ` +
      `(CATALOG_CACHE_TTL_S) copies are stale. to site = MAIN.backend_req / MAIN.client_req.`,
  );
  const figures = await measureEdge(EDGE_SECONDS, WARM_UP_SECONDS);
  for (const line of edgeLines(figures)) console.log(line);
  const lost = [figures.direct, figures.edge, figures.outage].map((run) => run.load.lost);
  const reasons = lost.some((count) => count > 0) ? [`${lost.join(' / ')} not answered 200`] : [];
  console.log(
    `  ${check('every catalog request answered 200, directly, through the edge and in the outage', reasons)}`,
  );
  const { hits, clientRequests } = figures.outage;
  const share = hits / Math.max(1, clientRequests);
  const misses =
    share < EDGE_OUTAGE_HIT_SHARE ? [`${(100 * share).toFixed(2)} % < ${100 * EDGE_OUTAGE_HIT_SHARE} %`] : [];
  console.log(`  ${check('the edge answers the catalog from its copies while the origin fails', misses)}`);
}

/** Each hand-written piece on a request's path beside the library that would replace it, in this process. */
async function benchLibraries(): Promise<void> {
  console.log('\nHand-written pieces against libraries, CPU per call (median of 3 interleaved rounds):');
  for (const line of libraryLines(await measureLibraries())) console.log(`  ${line}`);
}

async function main(): Promise<void> {
  const parts = selectedParts();
  requireWrk();
  if (parts.has('startup')) await benchStartUp();
  if (parts.has('classes')) await benchClasses();
  if (parts.has('small-heap')) await benchSmallHeap();
  if (parts.has('memory')) await benchMemory();
  if (parts.has('costs')) await benchCosts();
  if (parts.has('store')) await benchStore();
  if (parts.has('edge')) await benchEdge();
  if (parts.has('libraries')) await benchLibraries();
  const met = verdicts.filter((line) => line.endsWith(': met')).length;
  console.log(`\nSummary: ${met} of ${verdicts.length} targets met\n${verdicts.map((line) => `  ${line}`).join('\n')}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
