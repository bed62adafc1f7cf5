import { readFileSync } from 'node:fs';
import { CATALOG_TEMPLATES, type CatalogTemplate } from '../../src/lib/schemas/catalog.ts';
import { bundledPanels } from '../../tests/helpers/catalog-fixture.ts';
import { startFakeUpstream } from '../../tests/helpers/fake-upstream.ts';
import { startVarnish, type RunningVarnish } from '../../tests/helpers/varnish.ts';
import { CATALOG_PATH } from './classes.ts';
import { cpuMs, stop } from './processes.ts';
import { startSite, type Site } from './site.ts';
import { captureResponse } from './capture.ts';
import { combine, type Combined } from './report.ts';
import { runWrk, type WrkRequest, type WrkResult } from './wrk.ts';

/** Interleaved rounds of the direct and the edge side (direct, edge, then edge, direct), the part's time split. */
const ROUNDS = 2;

/** The catalog mix a shared cache meets: the four templates, each in br, gzip and identity, in turn. */
export const EDGE_MIX: readonly WrkRequest[] = CATALOG_TEMPLATES.flatMap((template) =>
  [{ 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }, {}].map((coding): WrkRequest => ({
    method: 'GET',
    path: `${CATALOG_PATH}?template=${template}`,
    headers: { Accept: 'application/json', ...coding },
  })),
);

/**
 * TRUST_PROXY of the site in this part. wrk is one client on 127.0.0.1 that sends each request as another client
 * (X-Forwarded-For, scripts/bench/wrk-load.lua); Varnish appends the address it sees, so the site behind it gets
 * two entries and reads the second from the right, the one a real edge would have appended for a real client. A
 * direct request carries one entry, which the site reads as well. Both paths thus meet the same limiter, each
 * request from a client of its own; with TRUST_PROXY=1 every request the edge passed on would come from one
 * client, 127.0.0.1, and run into its 60 a minute.
 */
const TRUST_PROXY = '2';

/** The site's catalog freshness in the outage run: short, so that every copy is stale while the origin fails. */
export const OUTAGE_TTL_S = 2;

/** One measured side, direct or through the edge, over its rounds. */
export interface EdgeRun {
  label: string;
  /** wrk's figures over the rounds; `lost` counts answers other than 200, socket errors and timeouts. */
  load: Combined;
  /** Client requests the edge counted (MAIN.client_req: wrk's count plus the requests in flight at each end). */
  clientRequests: number;
  /** Of those, answered from the edge's store (MAIN.cache_hit), and passed on to the site (MAIN.backend_req). */
  hits: number;
  toSite: number;
  /**
   * Of the requests to the site, the background refreshes of a stale copy that a hit started (MAIN.s_bgfetch), and
   * those the site answered 304 (MAIN.fetch_304).
   */
  bgfetches: number;
  notModified: number;
  /** The site's CPU per client request, and the edge's (manager and cache process), in microseconds. */
  siteCpuUs: number;
  edgeCpuUs: number;
  /** Requests the site sent to the catalog origin during the run (outage run only). */
  toOrigin?: number;
}

/** What the part measured: the same site directly and through the edge, then another through an origin outage. */
export interface EdgeFigures {
  direct: EdgeRun;
  edge: EdgeRun;
  outage: EdgeRun;
  /** Bytes of each template's answer in br, gzip and identity, as EDGE_MIX asks. */
  sizes: { template: string; bytes: number[] }[];
}

/** CPU time of a process and its children (varnishd's manager and its cache process), from /proc. */
function treeCpuMs(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.reduce((sum, child) => {
    try {
      return sum + cpuMs(Number(child));
    } catch {
      return sum; // gone meanwhile (the VCL compiler)
    }
  }, cpuMs(pid));
}

/** One side's rounds as they accumulate. */
interface Tally {
  label: string;
  origin: string;
  /** Direct: the site's own count is wrk's, every request reaches it. */
  direct: boolean;
  runs: WrkResult[];
  clientRequests: number;
  hits: number;
  toSite: number;
  bgfetches: number;
  notModified: number;
  siteCpuMs: number;
  edgeCpuMs: number;
}

const tally = (label: string, origin: string, direct: boolean): Tally => ({
  label,
  origin,
  direct,
  runs: [],
  clientRequests: 0,
  hits: 0,
  toSite: 0,
  bgfetches: 0,
  notModified: 0,
  siteCpuMs: 0,
  edgeCpuMs: 0,
});

/** One wrk run of `seconds` for `side`, with the edge's counters and both processes' CPU read around it. */
async function round(side: Tally, site: Site, varnish: RunningVarnish, seconds: number): Promise<void> {
  const [before, siteCpu, edgeCpu] = [varnish.counters(), cpuMs(site.pid), treeCpuMs(varnish.pid)];
  const run = await runWrk(side.origin, EDGE_MIX, seconds);
  const after = varnish.counters();
  const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  side.siteCpuMs += cpuMs(site.pid) - siteCpu;
  side.edgeCpuMs += treeCpuMs(varnish.pid) - edgeCpu;
  side.runs.push(run);
  side.clientRequests += side.direct ? run.requests : delta('MAIN.client_req');
  side.hits += side.direct ? 0 : delta('MAIN.cache_hit');
  side.toSite += side.direct ? run.requests : delta('MAIN.backend_req');
  side.bgfetches += side.direct ? 0 : delta('MAIN.s_bgfetch');
  side.notModified += side.direct ? 0 : delta('MAIN.fetch_304');
}

const figures = (side: Tally): EdgeRun => {
  const perRequestUs = (ms: number) => Math.round((ms * 1000) / Math.max(1, side.clientRequests));
  return {
    label: side.label,
    load: combine(side.runs, 200, side.siteCpuMs),
    clientRequests: side.clientRequests,
    hits: side.hits,
    toSite: side.toSite,
    bgfetches: side.bgfetches,
    notModified: side.notModified,
    siteCpuUs: perRequestUs(side.siteCpuMs),
    edgeCpuUs: side.direct ? 0 : perRequestUs(side.edgeCpuMs),
  };
};

/** Bytes of each answer of EDGE_MIX, by template. */
async function sizesOf(origin: string): Promise<EdgeFigures['sizes']> {
  const bytes = await Promise.all(
    EDGE_MIX.map(async (entry, i) => {
      const captured = await captureResponse(origin, entry, `192.0.2.${100 + i}`);
      return Buffer.from(captured.body, 'base64').length;
    }),
  );
  return CATALOG_TEMPLATES.map((template, t) => ({ template, bytes: bytes.slice(t * 3, t * 3 + 3) }));
}

/** A site with the shipped Varnish in front; each stopped if the other fails to start. */
async function startSiteBehindEdge(env: Record<string, string>): Promise<[Site, RunningVarnish]> {
  const site = await startSite({ TRUST_PROXY, ...env });
  try {
    return [site, await startVarnish(Number(new URL(site.origin).port))];
  } catch (error) {
    await stop(site);
    throw error;
  }
}

/**
 * The catalog mix for `seconds` each: on one site (its defaults, the bundled origin) directly and through the shipped
 * Varnish (deploy/cdn/varnish.vcl) in ROUNDS interleaved rounds, after a warm-up of each that also fills the edge;
 * then on a site whose catalog origin (in this process, serving the bundled panels) answers 500 from the moment its
 * copies were stored, measured once they all went stale.
 */
export async function measureEdge(seconds: number, warmUpSeconds: number): Promise<EdgeFigures> {
  const [site, varnish] = await startSiteBehindEdge({});
  let sides: [Tally, Tally];
  let sizes: EdgeFigures['sizes'];
  try {
    sizes = await sizesOf(site.origin);
    sides = [tally('direct', site.origin, true), tally('through Varnish', varnish.url, false)];
    for (const side of sides) await runWrk(side.origin, EDGE_MIX, warmUpSeconds);
    const roundSeconds = Math.max(1, Math.round(seconds / ROUNDS));
    for (let n = 0; n < ROUNDS; n += 1) {
      for (const side of n % 2 === 0 ? sides : [...sides].reverse()) await round(side, site, varnish, roundSeconds);
    }
  } finally {
    await varnish.stop();
    await stop(site);
  }

  const panels = await bundledPanels('http://127.0.0.1');
  const upstream = await startFakeUpstream();
  upstream.catalog = (template) => panels[(template ?? CATALOG_TEMPLATES[0]) as CatalogTemplate];
  try {
    const [failing, failingEdge] = await startSiteBehindEdge({
      CATALOG_ORIGIN_URL: upstream.url,
      CATALOG_CACHE_TTL_S: String(OUTAGE_TTL_S),
    });
    try {
      await runWrk(failingEdge.url, EDGE_MIX, warmUpSeconds);
      upstream.mode = 'status-500';
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_TTL_S * 1000 + 500));
      const originBefore = upstream.hits;
      const outage = tally('origin down', failingEdge.url, false);
      await round(outage, failing, failingEdge, seconds);
      const [direct, edge] = sides.map(figures) as [EdgeRun, EdgeRun];
      return { direct, edge, outage: { ...figures(outage), toOrigin: upstream.hits - originBefore }, sizes };
    } finally {
      await failingEdge.stop();
      await stop(failing);
    }
  } finally {
    await upstream.close();
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(2)} %`;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The part's table: the answers' sizes, one row per side, the ratio of the edge's req/s to the direct ones. */
export function edgeLines({ direct, edge, outage, sizes }: EdgeFigures): string[] {
  const head = ['', 'req/s', 'p50', 'p99', 'not 200', 'edge hits', 'to site', 'site µs/req', 'edge µs/req'];
  const widths = [16, 8, 8, 8, 8, 10, 9, 12, 12];
  const row = (values: string[]) =>
    `  ${values.map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join(' ')}`;
  const line = (run: EdgeRun, isDirect: boolean) =>
    row([
      run.label,
      String(Math.round(run.load.rps)),
      `${run.load.p50.toFixed(2)} ms`,
      `${run.load.p99.toFixed(2)} ms`,
      String(run.load.lost),
      isDirect ? '-' : percent(run.hits, run.clientRequests),
      percent(run.toSite, run.clientRequests),
      String(run.siteCpuUs),
      isDirect ? '-' : String(run.edgeCpuUs),
    ]);
  return [
    ...sizes.map(({ template, bytes }) => `  ${template}: br, gzip, identity ${bytes.map(kB).join(', ')}`),
    row(head),
    line(direct, true),
    line(edge, false),
    line(outage, false),
    `  through Varnish / direct, req/s: ${(edge.load.rps / direct.load.rps).toFixed(2)}`,
    `  reached the site through Varnish: ${edge.toSite} of ${edge.clientRequests} requests; with the origin down ` +
      `${outage.toSite} of ${outage.clientRequests} (${outage.bgfetches} background refreshes of a stale copy, ` +
      `${outage.notModified} answered 304), which sent ${outage.toOrigin ?? 0} to the failing catalog origin`,
  ];
}
