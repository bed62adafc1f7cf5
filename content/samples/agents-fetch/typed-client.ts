// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as agent.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node agent.mts`. The pages are not API operations, so plain fetch
// reads them; the typed client calls the catalog.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const firstLine = (text: string) => text.split('\n', 1)[0];

const index = await fetch('{BASE_URL}/llms.txt');
console.log(firstLine(await index.text()));

const page = await fetch('{BASE_URL}/developers', { headers: { Accept: 'text/markdown' } });
console.log(firstLine(await page.text()));

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error } = await client.GET('/v1/biomarkers/public', {
  params: { query: { template: 'public-light-eu' } },
});
if (error !== undefined) throw new Error(error.detail);
console.log(`${data.data.length} markers`);
