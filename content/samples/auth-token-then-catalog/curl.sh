# Get a token, then call the catalog with it as a bearer token. jq reads the JSON answers.
answer=$(curl -sS '{BASE_URL}/oauth/token' -d grant_type=client_credentials -d scope=catalog.read)
token=$(jq -r '.access_token' <<<"$answer")
jq -r '"token: \(.token_type), expires in \(.expires_in) s"' <<<"$answer"

curl -sS '{BASE_URL}/v1/biomarkers/public?template=public-complete-eu' \
  -H "Authorization: Bearer $token" \
  | jq -r '"catalog: \(.data | length) markers"'
