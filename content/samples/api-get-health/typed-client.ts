import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.GET('/healthz');
if (error !== undefined) throw new Error(`${response.status} ${JSON.stringify(error)}`);
console.log(response.status, data.status);
