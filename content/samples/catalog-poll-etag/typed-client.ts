// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as poll.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node poll.mts`. In an app, ask again once an hour.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const query = { template: 'public-light-eu' } as const;

const first = await client.GET('/v1/biomarkers/public', { params: { query } });
if (first.error !== undefined) throw new Error(first.error.detail);
const etag = first.response.headers.get('ETag') ?? '';
console.log(`first: ${first.response.status}, ETag ${etag}, ${first.data.data.length} markers`);

const again = await client.GET('/v1/biomarkers/public', {
  params: { query, header: { 'If-None-Match': etag } },
});
// 304 Not Modified: no body, the copy you have is current. A 200 brings the new catalog.
console.log(`again: ${again.response.status}`);
