# A form body: curl -d sends application/x-www-form-urlencoded.
curl -sS '{BASE_URL}/oauth/token' \
  -d grant_type=client_credentials \
  -d scope=catalog.read \
  -d client_id=my-app
