import { CATALOG_PATH } from './classes.ts';
import { freePort } from '../../tests/helpers/start-server.ts';
import { cpuMs, memoryMb, spawnNode, stop, waitFor200, type BenchProcess } from './processes.ts';

/** A running site under measurement. */
export interface Site extends BenchProcess {
  origin: string;
  /** From spawn to the first catalog 200, in milliseconds. */
  startUpMs: number;
  /**
   * CPU time (user + system, 10 ms ticks) the process had used by then: steadier than the wall
   * clock on a machine others load, where waiting for a core inflates the latter.
   */
  startUpCpuMs: number;
}

/**
 * Starts `node dist/node/main.mjs` (what `npm start` runs) with its defaults (request log on, bundled catalog origin)
 * and returns once the catalog answers 200. Only what a benchmark must change differs:
 * loopback ports, TRUST_PROXY=1 so wrk's X-Forwarded-For addresses count as clients, no
 * metrics port (runs side by side must not compete for it), no shutdown delay (it only
 * matters to a load balancer) and no background preparation of pages.
 */
export async function startSite(extraEnv: Record<string, string> = {}, root?: string): Promise<Site> {
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    CATALOG_ORIGIN_PORT: String(await freePort()),
    TRUST_PROXY: '1',
    METRICS_PORT: 'off',
    SHUTDOWN_DELAY_S: '0',
    // Steady states are compared: the background pass over the data's pages after a start (tens of seconds of one
    // core, docs/performance.md "Memory") would load the first rounds of one side only.
    PREPARE_PAGES: 'on-demand',
    ...extraEnv,
  };
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const site = spawnNode(['dist/node/main.mjs'], env, root);
  try {
    await waitFor200(site, `${origin}${CATALOG_PATH}`, { 'X-Forwarded-For': '192.0.2.1' });
  } catch (error) {
    await stop(site);
    throw error;
  }
  const startUpMs = performance.now() - started;
  return { ...site, origin, startUpMs, startUpCpuMs: cpuMs(site.pid) };
}

/** Start-up times and the memory each process holds 1 s later, idle. */
export interface StartUps {
  startUpMs: number[];
  startUpCpuMs: number[];
  idleRssMb: number[];
}

const noStartUps = (): StartUps => ({ startUpMs: [], startUpCpuMs: [], idleRssMb: [] });

/**
 * Starts the site `count` times, one after another; with `baselineRoot` (another build's
 * project root), that build too, alternating start by start, so a slow spell of the shared
 * machine falls on both.
 */
export async function measureStartUps(count: number, baselineRoot?: string): Promise<[StartUps, StartUps]> {
  const [ours, baseline] = [noStartUps(), noStartUps()];
  for (let i = 0; i < count; i += 1) {
    const order: [StartUps, string | undefined][] = [[ours, undefined]];
    if (baselineRoot !== undefined) order[i % 2 === 0 ? 'push' : 'unshift']([baseline, baselineRoot]);
    for (const [result, root] of order) {
      const site = await startSite({}, root);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      result.startUpMs.push(Math.round(site.startUpMs));
      result.startUpCpuMs.push(site.startUpCpuMs);
      result.idleRssMb.push(memoryMb(site.pid, 'VmRSS'));
      await stop(site);
    }
  }
  return [ours, baseline];
}
