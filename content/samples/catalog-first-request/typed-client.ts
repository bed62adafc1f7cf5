// TypeScript with the typed client: `npm install openapi-fetch`, then generate the types from
// the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Node.js 22.18 or later runs this file as it is (it strips the types): `node catalog.ts`.
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
