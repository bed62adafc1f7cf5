// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as discover.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node discover.mts`.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error } = await client.GET('/.well-known/oauth-authorization-server');
if (error !== undefined) throw new Error(`${error.status} ${error.code}`);
console.log(data.token_endpoint);
