# The authorization server metadata (RFC 8414); jq picks the member you need next.
curl -sS '{BASE_URL}/.well-known/oauth-authorization-server' | jq -r '.token_endpoint'
