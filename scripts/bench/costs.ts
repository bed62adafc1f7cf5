import { cpuMs } from './processes.ts';
import type { Site } from './site.ts';

/** One kind of request: how to send the i-th, and how many to send so the CPU ticks (10 ms) resolve its cost. */
interface Kind {
  name: string;
  count: number;
  request: (i: number) => { path: string; init?: RequestInit };
}

/** Requests in flight at once: a few clients, as a page view brings. */
const CONCURRENCY = 4;

let client = 0;
/** A client address of its own per request, so no kind meets the rate limit (the site runs with TRUST_PROXY=1). */
const nextClient = (): string => {
  client += 1;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

/** Sends `count` requests of a kind, `CONCURRENCY` at a time; resolves with the statuses that were not 200. */
async function drive(site: Site, kind: Kind): Promise<number[]> {
  const odd: number[] = [];
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < kind.count) {
      const { path, init = {} } = kind.request(next++);
      const headers = { 'accept-encoding': 'br', 'x-forwarded-for': nextClient(), ...init.headers };
      const response = await fetch(`${site.origin}${path}`, { ...init, headers });
      await response.arrayBuffer();
      if (response.status !== 200) odd.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, one));
  return odd;
}

/** The site's CPU per request of `kind`, in microseconds, after one warm-up request. */
async function measure(site: Site, kind: Kind): Promise<{ name: string; cpuUs: number; odd: number[] }> {
  await drive(site, { ...kind, count: 1 });
  const before = cpuMs(site.pid);
  const odd = await drive(site, kind);
  return { name: kind.name, cpuUs: Math.round(((cpuMs(site.pid) - before) * 1000) / kind.count), odd };
}

/** The marker pages of the English list, from the sitemap: each renders once per catalog version. */
async function markerPaths(site: Site): Promise<string[]> {
  const sitemap = await (
    await fetch(`${site.origin}/sitemap.xml`, { headers: { 'x-forwarded-for': nextClient() } })
  ).text();
  return [...sitemap.matchAll(/<loc>[^<]*?(\/biomarkers\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
}

/**
 * What each kind of request costs the site in CPU, measured from /proc in one run: a cached page, filtered views of
 * `/biomarkers` (each query new), a catalog hit, a token, a marker page once rendered, and a render on demand.
 */
export async function measureCosts(site: Site): Promise<string[]> {
  const markers = await markerPaths(site);
  const results = [];
  for (const kind of kinds(markers[0]!)) results.push(await measure(site, kind));
  // Each marker's page once: the first request for it at this catalog version renders it.
  const rest = markers.slice(2);
  results.push(
    await measure(site, {
      name: 'render on demand (a marker page)',
      count: rest.length,
      request: (i) => ({ path: rest[i]! }),
    }),
  );
  const cached = results[0]!.cpuUs;
  return results.map(
    ({ name, cpuUs, odd }) =>
      `${name.padEnd(40)} ${String(cpuUs).padStart(7)} µs  ${(cpuUs / cached).toFixed(1).padStart(6)} × cached` +
      (odd.length > 0 ? `  (${odd.length} not 200: ${[...new Set(odd)].join(', ')})` : ''),
  );
}

/** The kinds measured against the first, a cached page; `marker` is a marker page's path. */
function kinds(marker: string): Kind[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  return [
    { name: 'cached page (/developers)', count: 3000, request: () => ({ path: '/developers' }) },
    { name: 'filtered view, HTML (new q each)', count: 500, request: (i) => ({ path: `/biomarkers?q=glu${i}` }) },
    {
      name: 'filtered view, Markdown (new q each)',
      count: 300,
      request: (i) => ({ path: `/de/biomarkers.md?q=b${i}&region=eu` }),
    },
    {
      name: 'filtered view, Markdown (region only)',
      count: 200,
      request: (i) => ({ path: `/biomarkers.md?region=${i % 2 ? 'eu' : 'uk'}` }),
    },
    {
      name: 'catalog GET, cache hit',
      count: 3000,
      request: () => ({ path: '/v1/biomarkers/public?template=public-light-eu' }),
    },
    {
      name: 'token POST',
      count: 2000,
      request: () => ({
        path: '/oauth/token',
        init: { method: 'POST', headers: form, body: 'grant_type=client_credentials' },
      }),
    },
    { name: 'marker page, rendered before', count: 2000, request: () => ({ path: marker }) },
  ];
}
