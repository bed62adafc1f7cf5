// Node.js 18 or later (global fetch), as an ES module (top-level await): save as with-token.mjs.
const tokenResponse = await fetch('{BASE_URL}/oauth/token', {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'catalog.read' }),
});
const token = await tokenResponse.json();
if (!tokenResponse.ok) throw new Error(`${token.error}: ${token.error_description}`);
console.log(`token: ${token.token_type}, expires in ${token.expires_in} s`);

const response = await fetch('{BASE_URL}/v1/biomarkers/public?template=public-complete-eu', {
  headers: { Authorization: `Bearer ${token.access_token}` },
});
const { data } = await response.json();
console.log(`catalog: ${data.length} markers`);
