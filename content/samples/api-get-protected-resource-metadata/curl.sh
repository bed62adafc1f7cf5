curl -sS -i '{BASE_URL}/.well-known/oauth-protected-resource'
