// Node.js 18 or later (global fetch), as an ES module (top-level await): save as token.mjs.
const response = await fetch('{BASE_URL}/oauth/token', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ grant_type: 'client_credentials' }),
});
const token = await response.json();
if (!response.ok) throw new Error(`${response.status} ${token.error}: ${token.error_description}`);
console.log(`${response.status} ${token.token_type}, expires in ${token.expires_in} s, scope ${token.scope}`);
