import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiTypes, TYPES_BASE_URL, TYPES_FILE } from '../../scripts/api-types/api-types.ts';
import type { paths } from '../../src/generated/openapi.d.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

let server: InProcessServer;
let n = 0;
/** A typed client of the service, as its own rate-limit client. */
const typedClient = () =>
  createClient<paths>({ baseUrl: server.url, headers: { 'X-Forwarded-For': `192.0.2.${100 + ++n}` } });

beforeAll(async () => {
  // The BASE_URL the committed types were generated for; the server still listens on 127.0.0.1.
  server = await startInProcess({ TRUST_PROXY: '1', BASE_URL: TYPES_BASE_URL });
});
afterAll(async () => {
  await server.stop();
});

describe('types generated from the served document', () => {
  it('are the committed src/generated/openapi.d.ts (run `npm run generate:types` when this fails)', async () => {
    const served = await (await fetch(`${server.url}/openapi.json`)).text();
    expect(await generateApiTypes(served)).toBe(readFileSync(TYPES_FILE, 'utf8'));
  });
});

describe('a typed client (openapi-fetch)', () => {
  it('reads a panel of the catalog as a typed BiomarkerCatalog', async () => {
    const { data, error, response } = await typedClient().GET('/v1/biomarkers/public', {
      params: { query: { template: 'public-light-eu' } },
    });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data?.success).toBe(true);
    const first = data?.data[0];
    expect(first?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.translations.map((translation) => translation.locale)).toContain('de');
    expect(first?.category?.imageUrl).toMatch(/^http:\/\/localhost:4321\/images\/categories\//);
  });

  it('gets a typed Problem for a template the types do not allow', async () => {
    const { data, error, response } = await typedClient().GET('/v1/biomarkers/public', {
      // @ts-expect-error -- not one of the four templates: the generated enum refuses it
      params: { query: { template: 'public-complete-us' } },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    expect(error?.code).toBe('bad_request');
    expect(error?.detail).toContain('public-v2-light-uk');
  });

  it('gets a token with a typed request body, and calls the catalog with it', async () => {
    const client = typedClient();
    const token = await client.POST('/oauth/token', { body: { grant_type: 'client_credentials' } });
    expect(token.response.status).toBe(200);
    expect(token.data?.token_type).toBe('Bearer');
    const { response } = await client.GET('/v1/biomarkers/public', {
      headers: { Authorization: `Bearer ${token.data?.access_token}` },
    });
    expect(response.status).toBe(200);
  });
});
