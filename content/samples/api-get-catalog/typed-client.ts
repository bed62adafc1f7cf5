import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.GET('/v1/biomarkers/public', {
  params: { query: { template: 'public-light-eu' } },
});
if (error !== undefined) throw new Error(`${error.status} ${error.code}`);
console.log(response.status, data.data.length, data.data[0]?.uuid);
