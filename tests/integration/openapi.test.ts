import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../src/lib/rate-limit/headers.ts';
import { parse } from 'yaml';
import { parseConfig } from '../../src/lib/config/config.ts';
import { API_ROUTE_OPERATIONS } from '../../src/server/routes.ts';
import { buildOpenApiDocument } from '../../src/lib/openapi/build-openapi-document.ts';
import { contractFor } from '../helpers/contract/servers-under-test.ts';
import { fetchAs, freePort } from '../helpers/start-server.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let n = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`198.51.100.${++n}`);

beforeAll(async () => {
  // The catalog origin published at its listen address, so the contract covers it too.
  const originPort = String(await freePort());
  server = await startInProcess(
    {
      TRUST_PROXY: '1',
      CATALOG_ORIGIN_PORT: originPort,
      CATALOG_ORIGIN_PUBLIC_URL: `http://127.0.0.1:${originPort}`,
    },
    { originListens: true },
  );
});
afterAll(async () => {
  await server.stop();
});

describe('GET /openapi.json and /api/openapi.yaml', () => {
  it('serve the document built in-process for this configuration, as JSON and as YAML', async () => {
    const expected = buildOpenApiDocument(parseConfig(server.env), API_ROUTE_OPERATIONS);
    const get = client();
    const json = await get(`${server.url}/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.json()).toEqual(expected);
    const yaml = await get(`${server.url}/api/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toBe('application/yaml');
    expect(parse(await yaml.text())).toEqual(expected);
    expect(yaml.headers.get('etag')).not.toBe(json.headers.get('etag'));
    expect(expected.servers).toEqual([expect.objectContaining({ url: server.url })]);
    const catalogServers = expected.paths['/v1/biomarkers/public']?.servers?.map(({ url }) => url);
    expect(catalogServers).toEqual([server.url, server.originUrl]);
  });

  it.each(['/openapi.json', '/api/openapi.yaml'])(
    'answers %s with an ETag, five minutes of freshness and the same bytes again, never with an Age',
    async (path) => {
      const get = client();
      const first = await get(server.url + path);
      expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      const replayed = await get(server.url + path);
      expect(replayed.headers.get('age')).toBeNull();
      expect(await replayed.text()).toBe(await first.text());
    },
  );
});

describe('the contract check of every response', () => {
  it('is installed: fetch is wrapped by the integration setup file', () => {
    expect(globalThis.fetch.name).toBe('contractCheckedFetch');
  });

  it('covers /healthz, GET and HEAD', async () => {
    const get = client();
    const health = await get(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect((await get(`${server.url}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('covers the catalog origin where CATALOG_ORIGIN_PUBLIC_URL documents it as a second server', async () => {
    const origin = `${server.originUrl}/v1/biomarkers/public`;
    expect(contractFor(origin)?.path).toBe('/v1/biomarkers/public');
    const preflight = await fetch(origin, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect((await fetch(origin, { method: 'HEAD' })).status).toBe(200);
  });

  it('covers 429 on a documented path, for every method including a preflight', async () => {
    const get = client();
    let last: Response | undefined;
    for (let i = 0; i <= CATALOG_POLICY.limit; i += 1) last = await get(`${server.url}/openapi.json`);
    expect(last?.status).toBe(429);
    expect((await get(`${server.url}/v1/biomarkers/public`, { method: 'OPTIONS' })).status).toBe(429);
    expect((await get(`${server.url}/oauth/token`, { method: 'PUT' })).status).toBe(429);
  });
});
