import { readRuntimeStage } from '../../tests/helpers/dockerfile.ts';
import { mixedLoad, responseClasses } from './classes.ts';
import { captureResponse, headerOf } from './capture.ts';
import { cpuMs, memoryMb, stop } from './processes.ts';
import { startSite, type Site } from './site.ts';
import { runWrk, type WrkResult } from './wrk.ts';

/** A site measured under the memory part's load, and what its memory did. */
export interface MemoryRun {
  label: string;
  idleMb: number;
  afterClassesMb: number;
  afterMixedMb: number;
  peakMb: number;
  /** The mixed load's rounds, combined. */
  mixedRps: number;
  /** CPU time per request of the mixed load, in µs: steadier than req/s on a shared machine. */
  cpuUsPerRequest: number;
  p99: number;
  lost: number;
}

/** A memory configuration to measure: the default, or what the image sets. */
interface Variant {
  label: string;
  env: Record<string, string>;
}

/** What the Dockerfile's runtime stage (and the Kubernetes manifest) sets that shapes memory: V8's heap, glibc's arenas. */
export function imageMemoryEnv(): Record<string, string> {
  const { env } = readRuntimeStage();
  return Object.fromEntries(
    ['NODE_OPTIONS', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'].flatMap((name) =>
      name in env ? [[name, env[name]!]] : [],
    ),
  );
}

const envLabel = (env: Record<string, string>): string =>
  Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');

/** The default, glibc's arenas as the image sets them, and the image's whole memory settings. */
export function memoryVariants(): Variant[] {
  const image = imageMemoryEnv();
  const arenas = image['MALLOC_ARENA_MAX'] === undefined ? [] : [{ MALLOC_ARENA_MAX: image['MALLOC_ARENA_MAX'] }];
  return [
    { label: 'default', env: {} },
    ...arenas.map((env) => ({ label: `${envLabel(env)} alone`, env })),
    { label: `the image's ${envLabel(image)}`, env: image },
  ];
}

/** Seconds of each mixed-load round; the sites take turns, each round in the reverse order of the one before. */
const ROUND_SECONDS = 5;

/** Runs `load` on every site in turn, `rounds` times, reversing the order each round, so a slow spell falls on all. */
async function inTurns(sites: readonly Site[], rounds: number, load: (site: Site) => Promise<void>): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (const site of round % 2 === 0 ? sites : [...sites].reverse()) await load(site);
  }
}

const answered = (run: WrkResult) =>
  ['200', '304', '404'].reduce((sum, status) => sum + (run.statuses[status] ?? 0), 0);

/**
 * Fresh sites, one per variant, side by side: idle RSS, then every response class for
 * `classSeconds` each (the classes' load, on one site: some 100,000s of client addresses,
 * the limiter's table full), then `mixedSeconds` of the mixed load in rounds, each site
 * taking turns. RSS after each stage and the peak (VmHWM).
 */
export async function measureMemory(
  classSeconds: number,
  mixedSeconds: number,
  variants: readonly Variant[] = memoryVariants(),
  root?: string,
): Promise<MemoryRun[]> {
  const sites: Site[] = [];
  try {
    for (const variant of variants) sites.push(await startSite(variant.env, root));
    // Start-up's background compression settles before anything is read.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = sites.map((site) => memoryMb(site.pid, 'VmRSS'));
    const etag = headerOf(
      (await captureResponse(sites[0]!.origin, responseClasses('""')[0]!.request, '192.0.2.3')).headers,
      'etag',
    );
    for (const entry of responseClasses(etag ?? '""')) {
      await inTurns(sites, 1, async (site) => void (await runWrk(site.origin, [entry.request], classSeconds)));
    }
    const afterClasses = sites.map((site) => memoryMb(site.pid, 'VmRSS'));
    const mixed = new Map<Site, WrkResult[]>(sites.map((site) => [site, []]));
    const cpuBefore = sites.map((site) => cpuMs(site.pid));
    const rounds = Math.max(1, Math.round(mixedSeconds / ROUND_SECONDS));
    await inTurns(sites, rounds, async (site) => {
      mixed.get(site)!.push(await runWrk(site.origin, mixedLoad(etag ?? '""'), Math.min(ROUND_SECONDS, mixedSeconds)));
    });
    return sites.map((site, index) => {
      const runs = mixed.get(site)!;
      const requests = runs.reduce((sum, run) => sum + run.requests, 0);
      const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
      const lost = runs.reduce((sum, run) => sum + run.requests - answered(run) + run.socketErrors + run.timeouts, 0);
      return {
        label: variants[index]!.label,
        idleMb: idle[index]!,
        afterClassesMb: afterClasses[index]!,
        afterMixedMb: memoryMb(site.pid, 'VmRSS'),
        peakMb: memoryMb(site.pid, 'VmHWM'),
        mixedRps: requests / seconds,
        cpuUsPerRequest: ((cpuMs(site.pid) - cpuBefore[index]!) * 1000) / requests,
        p99: Math.max(...runs.map((run) => run.p99)),
        lost,
      };
    });
  } finally {
    for (const site of sites) await stop(site);
  }
}
