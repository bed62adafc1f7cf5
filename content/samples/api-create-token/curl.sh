curl -sS -i '{BASE_URL}/oauth/token' -d grant_type=client_credentials -d scope=catalog.read -d client_id=my-app
