// `npm install openapi-fetch`, and the types from the service's OpenAPI document:
//   npx openapi-typescript {BASE_URL}/openapi.json -o catalog-api.d.ts
// Save it as token.mts (an ES module under any package.json); Node.js 22.18 or later
// runs it as it is: `node token.mts`.
import createClient from 'openapi-fetch';
import type { paths } from './catalog-api.d.ts';

const client = createClient<paths>({ baseUrl: '{BASE_URL}' });
const { data, error, response } = await client.POST('/oauth/token', {
  body: { grant_type: 'client_credentials', scope: 'catalog.read', client_id: 'my-app' },
  // Send the body as a form rather than JSON (the endpoint takes both).
  bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});
// An OAuth 2.0 error (`error`, `error_description`), or a Problem for a 405 or 429.
if (error !== undefined) throw new Error(`${response.status}: ${JSON.stringify(error)}`);
console.log(`${response.status} ${data.token_type}, expires in ${data.expires_in} s, scope ${data.scope}`);
