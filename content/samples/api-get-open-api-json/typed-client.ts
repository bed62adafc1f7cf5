import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.GET('/openapi.json');
if (error !== undefined) throw new Error(`${error.status} ${error.code}`);
console.log(response.status, data.openapi, data.info.version);
