curl -sS -i '{BASE_URL}/openapi.json'
