// TypeScript with the typed client: `npm install openapi-fetch`, then generate the types from
// the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as catalog.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node catalog.mts`.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });

const { data, error, response } = await client.GET('/v1/biomarkers/public', {
  params: { query: { template: 'public-light-eu' } },
});
if (error !== undefined) throw new Error(`${error.status} ${error.code}: ${error.detail}`);

console.log(`${response.status} ${data.data.length} markers`);
for (const marker of data.data) {
  const name = marker.translations.find((t) => t.locale === 'en')?.name;
  console.log(marker.uuid, name, marker.unit ?? '');
}
