curl -sS -i '{BASE_URL}/.well-known/oauth-authorization-server'
