// Node.js 18 or later (global fetch), as an ES module (top-level await): save as token.mjs.
// A URLSearchParams body is sent as application/x-www-form-urlencoded.
const response = await fetch('{BASE_URL}/oauth/token', {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'catalog.read', client_id: 'my-app' }),
});
const token = await response.json();
if (!response.ok) throw new Error(`${response.status} ${token.error}: ${token.error_description}`);
console.log(`${response.status} ${token.token_type}, expires in ${token.expires_in} s, scope ${token.scope}`);
