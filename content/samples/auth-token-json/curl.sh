# A JSON body: an object whose values are strings.
curl -sS '{BASE_URL}/oauth/token' \
  -H 'Content-Type: application/json' \
  -d '{"grant_type": "client_credentials"}'
