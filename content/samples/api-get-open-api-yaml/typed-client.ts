import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.GET('/api/openapi.yaml', { parseAs: 'text' });
if (error !== undefined) throw new Error(`${error.status} ${error.code}`);
console.log(response.status, response.headers.get('content-type'));
console.log(data.split('\n')[0]);
