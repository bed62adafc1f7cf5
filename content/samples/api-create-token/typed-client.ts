import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.POST('/oauth/token', {
  body: { grant_type: 'client_credentials', scope: 'catalog.read', client_id: 'my-app' },
});
if (error !== undefined) throw new Error(`${response.status} ${JSON.stringify(error)}`);
console.log(response.status, data.token_type, data.expires_in, data.scope);
