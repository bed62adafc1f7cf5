// Node.js 18 or later (global fetch), as an ES module (top-level await): save as discover.mjs.
const response = await fetch('{BASE_URL}/.well-known/oauth-authorization-server');
const metadata = await response.json();
console.log(metadata.token_endpoint);
