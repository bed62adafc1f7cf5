// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as marker.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node marker.mts`.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error } = await client.GET('/v1/biomarkers/public', {
  params: { query: { template: '{TEMPLATE}' } },
});
if (error !== undefined) throw new Error(error.detail);
const marker = data.data.find((item) => item.uuid === '{MARKER_UUID}');
if (marker === undefined) throw new Error('not in this panel');
const name = marker.translations.find((t) => t.locale === '{LOCALE}')?.name;
// A ratio or an index has no unit: then the line ends with the name.
console.log([marker.uuid, name, marker.unit].filter(Boolean).join(' '));
