import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TEMPLATES, type CatalogTemplate } from '../../src/lib/schemas/catalog.ts';
import { bundledPanels } from '../helpers/catalog-fixture.ts';
import { edgeMix, edgeRequest, expectedRepresentation, type EdgeReply, type EdgeRequest } from '../helpers/edge-mix.ts';
import { eventually, sleep } from '../helpers/eventually.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { freePort, startServer, type RunningServer } from '../helpers/start-server.ts';
import { startNginxCache } from '../helpers/nginx.ts';
import { startVarnish } from '../helpers/varnish.ts';
import { startAll } from '../helpers/processes.ts';

// The shipped edge configurations, each with the real cache in front of the built site, run as docs/deployment.md
// says (TRUST_PROXY=1), the cache's clients each on a loopback address of its own: deploy/cdn/varnish.vcl in Debian's
// varnishd, and the documented `proxy_cache` block in Debian's nginx.

/** A cache in front of the site, and how its answers say where they came from. */
interface Edge {
  name: string;
  url: string;
  /** Served from the store without asking the site (a hit, or a stale copy). */
  hit(reply: EdgeReply): boolean;
  /** Served from the store, asked or not (a copy the site confirmed with a 304 included). */
  stored(reply: EdgeReply): boolean;
  stop(): Promise<void>;
}

/** The catalog's freshness in the site, short so that copies go stale within the test. */
const TTL_S = 2;
const MARKER = 'haemoglobin';
let upstream: FakeUpstream;
let site: RunningServer;
const edges: Edge[] = [];
let siteEnv: Record<string, string>;

const client = (n: number) => `127.0.81.${(n % 200) + 1}`;
const cacheStatus = (reply: EdgeReply) => String(reply.headers['x-cache']);

beforeAll(async () => {
  const panels = await bundledPanels('http://127.0.0.1');
  upstream = await startFakeUpstream();
  upstream.catalog = (template) => panels[(template ?? 'public-complete-eu') as CatalogTemplate];
  siteEnv = {
    PORT: String(await freePort()),
    CATALOG_ORIGIN_URL: upstream.url,
    CATALOG_CACHE_TTL_S: String(TTL_S),
    TRUST_PROXY: '1',
  };
  const port = Number(siteEnv['PORT']);
  const [started, varnish, nginx] = await startAll(startServer(siteEnv), startVarnish(port), startNginxCache(port));
  site = started;
  edges.push(
    {
      name: 'Varnish',
      ...varnish,
      hit: (reply) => cacheStatus(reply) === 'HIT',
      stored: (reply) => cacheStatus(reply) === 'HIT',
    },
    {
      name: 'nginx',
      ...nginx,
      hit: (reply) => ['HIT', 'STALE', 'UPDATING'].includes(cacheStatus(reply)),
      stored: (reply) => ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'].includes(cacheStatus(reply)),
    },
  );
}, 60_000);
afterAll(async () => {
  for (const edge of edges) await edge.stop();
  await site?.stop();
  await upstream?.close();
});

describe.each(['Varnish', 'nginx'])('the shipped %s configuration in front of the site', (name) => {
  const edge = { url: '', hit: (_: EdgeReply) => false, stored: (_: EdgeReply) => false };
  beforeAll(
    () =>
      void Object.assign(
        edge,
        edges.find((started) => started.name === name),
      ),
  );
  const hit = (reply: EdgeReply) => edge.hit(reply);

  it('serves a repeated mix from its store, each client the representation it asked for and its own fields', async () => {
    let mix = edgeMix(MARKER);
    const ids = new Set<string>();
    const tags = new Map<string, Set<string>>();
    const tokens = new Set<string>();
    let shared = 0;
    let sharedHits = 0;
    let n = 0;
    const check = (spec: EdgeRequest, reply: EdgeReply, round: number) => {
      const where = `${spec.name} (round ${round})`;
      const id = String(reply.headers['x-request-id']);
      expect(ids.has(id), `${where}: request id ${id} seen before`).toBe(false);
      ids.add(id);
      if (edge.stored(reply)) {
        // A stored answer cost this client nothing; the quota it shows would be another client's.
        expect(reply.headers['ratelimit'], where).toBeUndefined();
        expect(reply.headers['ratelimit-remaining'], where).toBeUndefined();
        expect(reply.headers['ratelimit-policy'], where).toBeDefined();
      } else {
        expect(reply.headers['ratelimit'], where).toMatch(/^"catalog";r=\d+;t=\d+$/);
      }
      if (spec.kind === 'token') {
        expect(hit(reply), where).toBe(false);
        expect(reply.status, where).toBe(200);
        expect(reply.headers['cache-control'], where).toBe('no-store');
        const token = (JSON.parse(reply.body.toString()) as { access_token: string }).access_token;
        expect(tokens.has(token), `${where}: a token served twice`).toBe(false);
        tokens.add(token);
        return;
      }
      expect(reply.status, where).toBe(200);
      if (spec.kind === 'private') expect(hit(reply), `${where}: a filtered view is one client's`).toBe(false);
      const expected = expectedRepresentation(spec);
      expect(reply.headers['content-type'], where).toContain(expected.type);
      expect(reply.headers['content-encoding'], where).toBe(expected.coding);
      const key = `${spec.path} ${expected.type} ${expected.coding ?? 'identity'}`;
      const seen = tags.get(key) ?? new Set<string>();
      seen.add(String(reply.headers['etag']));
      tags.set(key, seen);
      if (spec.kind === 'shared' && round > 0) {
        shared += 1;
        if (hit(reply)) sharedHits += 1;
      }
    };
    // Every client also tries to choose the id the site logs.
    const chosenId = (spec: EdgeRequest) => ({
      ...spec,
      headers: { ...spec.headers, 'X-Request-Id': 'chosen-by-client' },
    });
    const ROUNDS = 8;
    for (let round = 0; round < ROUNDS; round += 1) {
      mix = edgeMix(MARKER, round);
      // A round's requests from a dozen clients at once, as a cache sees them.
      await Promise.all(
        mix.map(async (spec, i) => check(spec, await edgeRequest(edge.url, chosenId(spec), client(n + i)), round)),
      );
      n += mix.length;
      // Revalidations: the cache answers 304 to a client holding its copy.
      for (const spec of [mix[0]!, mix.find(({ name }) => name === 'guide html')!]) {
        const etag = [...tags.get(`${spec.path} ${expectedRepresentation(spec).type} br`)!][0]!;
        const reply = await edgeRequest(
          edge.url,
          { ...spec, headers: { ...spec.headers, 'If-None-Match': etag } },
          client(n++),
        );
        expect(reply.status, `${spec.name}: revalidation`).toBe(304);
        expect(edge.stored(reply), `${spec.name}: revalidation`).toBe(true);
      }
    }
    // The preconditions a cache does not evaluate reach the site: a stored copy never answers a false If-Match.
    const catalog = mix[0]!;
    const current = [...tags.get(`${catalog.path} application/json br`)!][0]!;
    for (const [ifMatch, status] of [
      ['"not-the-tag"', 412],
      [current, 200],
    ] as const) {
      const reply = await edgeRequest(
        edge.url,
        { ...catalog, headers: { ...catalog.headers, 'If-Match': ifMatch } },
        client(n++),
      );
      expect(reply.status, `If-Match: ${ifMatch}`).toBe(status);
    }
    // One representation per URL, type and coding: never another's bytes under its key.
    for (const [key, seen] of tags) expect([...seen], key).toHaveLength(1);
    expect(sharedHits / shared).toBeGreaterThanOrEqual(0.95);
    expect(tokens.size).toBe(ROUNDS);
    expect(ids.has('chosen-by-client')).toBe(false);
    expect(site.output.join('')).not.toContain('chosen-by-client');
  });

  it('chooses the representation the site chooses for each Accept header, sharing one copy per answer', async () => {
    // Each header, the answer the site's own negotiation gives, and whether the edge stores it under the shared class
    // (false: under its raw value, for a header outside what the VCL's reading models exactly).
    // Each header, and whether Varnish and nginx store its answer under the shared class (false: under its raw value,
    // for a header outside what the configuration reads exactly).
    const table: Array<[string | undefined, { Varnish: boolean; nginx: boolean }]> = [
      [undefined, { Varnish: true, nginx: true }],
      ['*/*', { Varnish: true, nginx: true }],
      ['text/html', { Varnish: true, nginx: true }],
      ['text/markdown', { Varnish: true, nginx: true }],
      ['TEXT/MARKDOWN', { Varnish: true, nginx: true }],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', { Varnish: true, nginx: true }],
      ['text/markdown, text/html;q=0.9, */*;q=0.1', { Varnish: true, nginx: false }],
      ['text/markdown;q=0.9, text/html', { Varnish: true, nginx: false }],
      ['text/html;q=0.9, text/markdown', { Varnish: true, nginx: false }],
      ['text/html, text/markdown', { Varnish: true, nginx: false }],
      ['text/markdown, text/html', { Varnish: true, nginx: false }],
      ['text/html;q=0.5, text/markdown;q=0.5', { Varnish: true, nginx: false }],
      ['text/html;q=0, */*', { Varnish: true, nginx: false }],
      ['text/html;q=0, text/markdown;q=0.1', { Varnish: true, nginx: false }],
      ['text/markdown;q=0', { Varnish: true, nginx: false }],
      ['text/markdown;q=0, */*', { Varnish: true, nginx: false }],
      ['text/*', { Varnish: true, nginx: true }],
      ['text/*;q=0.5, text/markdown;q=0.6', { Varnish: true, nginx: false }],
      ['text/*;q=0.7, text/markdown;q=0.6', { Varnish: true, nginx: false }],
      ['*/*;q=0.1, text/markdown;q=0.05', { Varnish: true, nginx: false }],
      ['application/json', { Varnish: true, nginx: true }],
      ['application/xhtml+xml, text/markdown;q=0.5', { Varnish: true, nginx: false }],
      ['text/markdown; charset=utf-8', { Varnish: true, nginx: false }],
      ['text/markdown; q=0.8; charset=utf-8, text/html; q=0.5', { Varnish: true, nginx: false }],
      ['text/markdown;q="0.8", text/html;q=0.5', { Varnish: true, nginx: false }],
      ['text/plain, text/markdown;q=0.2', { Varnish: true, nginx: false }],
      ['text/markdown;q=1.5, text/html;q=0.5', { Varnish: false, nginx: false }],
      ['text/markdown, text/markdown;q=0', { Varnish: false, nginx: false }],
    ];
    for (const [i, [accept, shares]] of table.entries()) {
      const sharedClass = shares[name as Edge['name'] as 'Varnish' | 'nginx'];
      const spec = { path: '/developers', headers: accept === undefined ? {} : { Accept: accept } };
      const [direct, viaEdge] = [
        await edgeRequest(site.url, spec, `127.0.82.${i + 1}`),
        await edgeRequest(edge.url, spec, client(i)),
      ];
      const type = (reply: EdgeReply) => String(reply.headers['content-type']).split(';')[0];
      expect(type(viaEdge), `Accept: ${accept}`).toBe(type(direct));
      expect(type(direct), `Accept: ${accept}`).toBe(
        expectedRepresentation({ name: '', kind: 'shared', ...spec }).type,
      );
      // Without Accept-Encoding, the first HTML and the first Markdown answer (rows 0 and 3) are fetched; every later
      // header of the shared class is answered from one of those two copies.
      if (sharedClass && i > 3) expect(hit(viaEdge), `Accept: ${accept} shares a stored copy`).toBe(true);
    }
  });

  it('chooses the coding the site chooses for each Accept-Encoding header', async () => {
    const table = [
      '',
      'gzip',
      'br',
      'BR',
      'gzip, br',
      'br;q=0, gzip',
      'gzip;q=1, br;q=0.5',
      'br;q=0.5, gzip;q=0.5',
      '*',
      '*;q=0.5, gzip',
      'identity',
      'gzip;q=0',
      'deflate',
      'x-gzip, deflate',
      'br;q=0.001',
      'gzip; q=0.4, br; q=0.3',
      'gzip;q=0.8, gzip;q=0.1, br;q=0.5',
    ];
    const path = `/v1/biomarkers/public?template=${CATALOG_TEMPLATES[0]}`;
    for (const [i, value] of table.entries()) {
      const spec = { path, headers: value === '' ? {} : { 'Accept-Encoding': value } };
      const direct = await edgeRequest(site.url, spec, `127.0.83.${i + 1}`);
      const viaEdge = await edgeRequest(edge.url, spec, client(i + 40));
      expect(viaEdge.headers['content-encoding'], `Accept-Encoding: ${value}`).toBe(direct.headers['content-encoding']);
      expect(viaEdge.headers['etag'], `Accept-Encoding: ${value}`).toBe(direct.headers['etag']);
    }
  });

  it('keeps a stored copy when the client whose request refreshes it has spent its quota', async () => {
    const spent = name === 'Varnish' ? '127.0.84.1' : '127.0.84.2';
    const spec = {
      path: `/v1/biomarkers/public?template=${CATALOG_TEMPLATES[1]}`,
      headers: { 'Accept-Encoding': 'br' },
    };
    expect((await edgeRequest(edge.url, spec, client(300))).status).toBe(200);
    // The client spends its quota on the site, then finds the copy stale: the refresh made with its address is a 429.
    let status = 0;
    for (let i = 0; i < 80 && status !== 429; i += 1)
      status = (await edgeRequest(site.url, { path: '/openapi.json' }, spent)).status;
    expect(status).toBe(429);
    await sleep(TTL_S * 1000 + 200);
    const own = await edgeRequest(edge.url, spec, spent);
    expect(own.status, 'its request is answered from the copy').toBe(200);
    await sleep(300);
    for (let i = 0; i < 10; i += 1) {
      const reply = await edgeRequest(edge.url, spec, client(310 + i));
      expect(reply.status, `another client, request ${i}`).toBe(200);
      expect(hit(reply), `another client, request ${i}: ${cacheStatus(reply)}`).toBe(true);
    }
  });

  it('keeps answering the catalog from its copies while the catalog origin fails and the site restarts', async () => {
    const specs = CATALOG_TEMPLATES.flatMap((template) =>
      ['br', 'gzip', undefined].map((coding) => ({
        path: `/v1/biomarkers/public?template=${template}`,
        headers: coding === undefined ? {} : { 'Accept-Encoding': coding },
      })),
    );
    let n = 0;
    const drive = async (requests: number, hits = 0.95) => {
      const replies: EdgeReply[] = [];
      for (let i = 0; i < requests; i += 1) {
        replies.push(await edgeRequest(edge.url, specs[i % specs.length]!, client(n++)));
        await sleep(10);
      }
      const answered = replies.filter((reply) => reply.status === 200);
      expect(
        answered.map((reply) => reply.status),
        'every request answered',
      ).toHaveLength(requests);
      expect(replies.filter(hit).length / requests).toBeGreaterThanOrEqual(hits);
      return replies;
    };
    await drive(specs.length, 0); // every copy stored
    upstream.mode = 'status-500';
    try {
      // Past the site's freshness: the site answers from its own stale copy, and the edge keeps storing those.
      await sleep(TTL_S * 1000 + 500);
      const during = await drive(80);
      expect(during.some((reply) => /stale-if-error=\d+/.test(String(reply.headers['cache-control'])))).toBe(true);
      // The site stops: the edge's copies stand in for it.
      await site.stop();
      await drive(40);
      // It comes back while the origin still fails (502 for a catalog it has not got): the copies still stand in.
      site = await startServer(siteEnv);
      await drive(40);
    } finally {
      upstream.mode = 'ok';
      // The restarted site remembers the origin's last failure for its retry pause: wait it out for the next test.
      await eventually(
        async () =>
          (await Promise.all(specs.map(async (spec) => (await edgeRequest(site.url, spec, client(n++))).status))).every(
            (status) => status === 200,
          ),
        TTL_S * 1000 + 5_000,
      );
    }
  }, 60_000);
});
