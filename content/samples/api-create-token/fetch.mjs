const response = await fetch('{BASE_URL}/oauth/token', {
  method: 'POST',
  body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'catalog.read', client_id: 'my-app' }),
});
const token = await response.json();
console.log(response.status, token.token_type, token.expires_in, token.scope);
