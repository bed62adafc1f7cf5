const response = await fetch('{BASE_URL}/.well-known/oauth-protected-resource');
const metadata = await response.json();
console.log(response.status, metadata.resource, metadata.authorization_servers);
