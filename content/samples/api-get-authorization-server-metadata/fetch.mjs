const response = await fetch('{BASE_URL}/.well-known/oauth-authorization-server');
const metadata = await response.json();
console.log(response.status, metadata.token_endpoint);
