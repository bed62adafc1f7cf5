// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as with-token.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node with-token.mts`.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });

const token = await client.POST('/oauth/token', {
  body: { grant_type: 'client_credentials', scope: 'catalog.read' },
});
if (token.error !== undefined) throw new Error(`${token.response.status}: ${JSON.stringify(token.error)}`);
console.log(`token: ${token.data.token_type}, expires in ${token.data.expires_in} s`);

const catalog = await client.GET('/v1/biomarkers/public', {
  params: { query: { template: 'public-complete-eu' } },
  headers: { Authorization: `Bearer ${token.data.access_token}` },
});
if (catalog.error !== undefined) throw new Error(catalog.error.detail);
console.log(`catalog: ${catalog.data.data.length} markers`);
